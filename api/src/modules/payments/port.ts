/**
 * The payment-provider port (issue 6; mobile-money.md §0, §9; spec §3 "Mobile-money providers"). One
 * adapter per network implements it (api/src/modules/payments/providers/); the payments module only
 * talks to this interface. Amounts are integer TZS; phones are `+255` and 9 digits; instants ISO-8601.
 *
 * Error semantics (read before implementing an adapter):
 * - Methods return an {@link Outcome}; they only THROW for transport trouble (timeout, connection
 *   refused, 5xx with no readable body). The caller maps a throw as follows:
 *   - `requestDeposit` throws → ambiguous (the push may have reached the phone; we enquire later).
 *   - `sendPayout` throws → ambiguous, NEVER re-sent (not under the same id, never under a new id);
 *     resolved only by `enquire`, then by staff review (mobile-money.md §0.2, §9.2, §9.5).
 *   - `enquire` throws → nothing is learnt; the follow-up worker asks again later with back-off.
 *   - {@link ProviderUnavailable} (thrown before anything was sent, e.g. a token could not be obtained)
 *     means "definitely not sent": a deposit fails with PROVIDER_UNAVAILABLE; a payout may be enquired.
 * - Errors that arrive as HTTP 200 (Airtel `status.code:"400"`) must be read from the body and mapped to
 *   `failed` (definite) or `ambiguous` by the adapter, never to `pending` or `succeeded` (§0.3).
 * - A duplicate id (Airtel DP00900001011/017, M-Pesa INS-10) is NOT a failure: answer `ambiguous` with
 *   code `DUPLICATE_ID` so the caller enquires (§9.6).
 * - An expired or refused access token is the adapter's business: refresh once and retry the call; if it
 *   still fails before sending, throw {@link ProviderUnavailable}.
 */

/** Provider ids of spec §3 "Mobile-money providers": 3 Tigo (Mixx by Yas), 4 Airtel, 6 Vodacom (M-Pesa), 7 Halotel. */
export type ProviderId = 3 | 4 | 6 | 7;
export const PROVIDER_IDS: readonly ProviderId[] = [3, 4, 6, 7];
export const PROVIDER_NAMES: Readonly<Record<ProviderId, 'tigo' | 'airtel' | 'vodacom' | 'halotel'>> = {
  3: 'tigo',
  4: 'airtel',
  6: 'vodacom',
  7: 'halotel',
};

export type PaymentDirection = 'deposit' | 'payout';

/**
 * What the provider says about one payment.
 * - `pending`: accepted / in progress / waiting for the customer's PIN.
 * - `succeeded`: money moved; `providerRef` is the carrier's order number, `amount` what actually moved.
 * - `failed`: definitely did not move (wrong PIN, insufficient funds, expired prompt, float exhausted,
 *   limit exceeded, unknown id on enquiry after the provider's own window …). `code` is the provider's
 *   code, `reason` short English text.
 * - `ambiguous`: unknown (Airtel TA / DP…000, Selcom 999 / INPROGRESS, duplicate id): enquire later.
 */
export type Outcome =
  | { readonly status: 'pending'; readonly code?: string }
  | { readonly status: 'succeeded'; readonly providerRef: string; readonly amount: number }
  | { readonly status: 'failed'; readonly code: string; readonly reason: string; readonly definite: true }
  | { readonly status: 'ambiguous'; readonly code: string };

/** A deposit (USSD push / C2B collection) request. `paymentId` is our idempotency key, kept for life. */
export interface DepositRequest {
  readonly paymentId: string;
  /** `+255XXXXXXXXX`; the adapter converts to its own format (mobile-money.md §1). */
  readonly phone: string;
  /** Whole TZS, > 0. */
  readonly amount: number;
}

/** A payout (B2C / disbursement) request; sent once under `paymentId`, never re-sent. */
export type PayoutRequest = DepositRequest;

/** An HTTP request as received by our callback route (`POST /payments/callback/:provider`). */
export interface CallbackRequest {
  /** Lower-case header names. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Parsed JSON (or form) body. */
  readonly body: unknown;
  /** The exact bytes received, for signature checks. */
  readonly rawBody: string;
}

/**
 * A callback, parsed. `verified` is true only when the adapter checked a signature or secret; the
 * payments module never credits on a callback alone: it always confirms with `enquire` (§0.5).
 * `paymentId` is `null` when the body names none we can read (the callback is then logged and dropped).
 */
export interface ParsedCallback {
  readonly verified: boolean;
  readonly paymentId: string | null;
  readonly outcome: Outcome;
  readonly amount?: number;
  readonly providerRef?: string;
  /** What our callback route answers to the provider (some expect a specific JSON acknowledgement). */
  readonly reply?: { readonly status: number; readonly body: unknown };
}

/** One line of a provider statement (reconciliation, mobile-money.md §9.10). */
export interface StatementLine {
  readonly paymentId: string;
  readonly direction: PaymentDirection;
  readonly amount: number;
  readonly status: 'succeeded' | 'failed' | 'pending';
  readonly providerRef?: string;
  /** ISO-8601 instant at the provider. */
  readonly at: string;
}

/** A mobile-money provider (one network). Implementations must be safe to call concurrently. */
export interface PaymentProvider {
  readonly id: ProviderId;
  /** Sends a USSD push asking the customer to pay `amount` TZS. Usually answers `pending`. */
  requestDeposit(request: DepositRequest): Promise<Outcome>;
  /** Status of a payment we sent under `paymentId` (the authoritative answer). */
  /** `context.amount`: the whole TZS we requested, for providers whose enquiry does not say it. */
  enquire(
    paymentId: string,
    kind: PaymentDirection,
    context?: { readonly amount?: number },
  ): Promise<Outcome>;
  /** Sends money to the customer's wallet. Throwing (timeout) = ambiguous; never re-sent. */
  sendPayout(request: PayoutRequest): Promise<Outcome>;
  /** Parses and (where the provider signs) verifies a callback. Never throws on bad input: `verified:false`. */
  parseCallback(request: CallbackRequest): ParsedCallback;
  /** Every payment the provider saw between two instants (ISO-8601, `from` inclusive, `to` exclusive). */
  statement(from: string, to: string): Promise<readonly StatementLine[]>;
}

/** Thrown by an adapter when nothing was sent (no token, channel closed, circuit open). */
export class ProviderUnavailable extends Error {
  constructor(
    readonly providerId: ProviderId,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderUnavailable';
  }
}

/** The providers the payments module uses, by id; a missing id means the network has no adapter. */
export type ProviderRegistry = Readonly<Partial<Record<ProviderId, PaymentProvider>>>;
