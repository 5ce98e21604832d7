/**
 * What a sandbox customer (and the sandbox network itself) does with one request: the failure switches
 * of mobile-money.md §11 "Common chaos controls" and §9. Chosen per phone number or per amount through
 * the control API (control.ts), else by the built-in test phones, else the defaults.
 */

/** Sandbox networks, named as the port names them (port.ts `PROVIDER_NAMES`). */
export type SandboxNetwork = 'airtel' | 'vodacom' | 'tigo' | 'halotel';
export const SANDBOX_NETWORKS: readonly SandboxNetwork[] = ['airtel', 'vodacom', 'tigo', 'halotel'];

/**
 * How the sandbox delivers the callback of a final state (§9.3, §9.4, §11):
 * - `normal`: once, after `delayMs`;
 * - `missing`: never;
 * - `duplicate`: twice at once;
 * - `replay_after_final`: once, then the same body again after `3 × delayMs`;
 * - `out_of_order`: the true one, then a contradicting final (TF after TS, …) after `2 × delayMs`;
 * - `forged`: one claiming success with a bad signature / hash, then the true one;
 * - `different_amount`: the true one with the amount raised by 1,000 TZS (Tigo `Amount`, Selcom `amount`).
 */
export type CallbackMode =
  'normal' | 'missing' | 'duplicate' | 'replay_after_final' | 'out_of_order' | 'forged' | 'different_amount';

export interface Scenario {
  /**
   * The customer at the PIN prompt (collections): `pay`; `ignore` (PIN never entered → expiry);
   * `wrong_pin`; `insufficient_funds`; `limit` (wallet / value limit). For payouts only `limit` applies.
   */
  readonly customer?: 'pay' | 'ignore' | 'wrong_pin' | 'insufficient_funds' | 'limit';
  /** Milliseconds the customer takes at the prompt (default {@link SandboxDefaults.pinDelayMs}). */
  readonly pinDelayMs?: number;
  /**
   * The network reports an ambiguous state (Airtel TA / DP…000, Selcom INPROGRESS, M-Pesa INS-9) and
   * resolves it `afterMs` later, or never.
   */
  readonly ambiguous?: { readonly resolvesTo: 'succeeded' | 'failed' | 'never'; readonly afterMs?: number };
  /** Answer the initiating call this many ms late, AFTER the money moved (our client times out, §9.2). */
  readonly slowAnswerMs?: number;
  /** Destroy the connection instead of answering, after the money moved. */
  readonly dropConnection?: boolean;
  /** Refuse with a validation error in an HTTP-200 body (§0.3). */
  readonly errorAs200?: boolean;
  readonly callback?: { readonly mode: CallbackMode; readonly delayMs?: number };
}

/** Sandbox-wide timings (ms unless said). Tests use tens of ms. */
export interface SandboxDefaults {
  /** Customer's time at the PIN prompt. */
  pinDelayMs: number;
  /** How long a PIN prompt stays open before it expires (M-Pesa ≈ 66 s in reality, §3 "Timing"). */
  promptTimeoutMs: number;
  /** Callback delay after the final state. */
  callbackDelayMs: number;
  /** Default resolution delay of an ambiguous state. */
  ambiguousResolveMs: number;
  /** Token / session lifetimes in seconds (Airtel 180 s, §2). */
  airtelTokenTtlS: number;
  mpesaSessionTtlS: number;
  tigoTokenTtlS: number;
}

export const DEFAULTS: SandboxDefaults = {
  pinDelayMs: 2_000,
  promptTimeoutMs: 66_000,
  callbackDelayMs: 500,
  ambiguousResolveMs: 30_000,
  airtelTokenTtlS: 180,
  mpesaSessionTtlS: 3_600,
  tigoTokenTtlS: 3_600,
};

/** The last 9 digits of any `+255…`, `255…`, `0…` or 9-digit form (mobile-money.md §1). */
export const national9 = (msisdn: string): string => msisdn.replace(/\D/g, '').slice(-9);

/**
 * Built-in test phones: national numbers `PP00000NN` (any network prefix PP) pick scenario NN, so a
 * person can try every outcome by hand (docs/mobile-money-sandboxes.md "Test phones").
 */
export const TEST_PHONES: Readonly<Record<string, Scenario>> = {
  '01': { customer: 'pay' },
  '02': { customer: 'ignore' },
  '03': { customer: 'wrong_pin' },
  '04': { customer: 'insufficient_funds' },
  '05': { ambiguous: { resolvesTo: 'succeeded' } },
  '06': { ambiguous: { resolvesTo: 'never' } },
  '07': { slowAnswerMs: 120_000 },
  '08': { dropConnection: true },
  '09': { errorAs200: true },
  '10': { callback: { mode: 'missing' } },
  '11': { callback: { mode: 'duplicate' } },
  '12': { callback: { mode: 'replay_after_final' } },
  '13': { callback: { mode: 'out_of_order' } },
  '14': { callback: { mode: 'forged' } },
  '15': { callback: { mode: 'different_amount' } },
  '16': { customer: 'limit' },
};

/** The built-in scenario of a test phone, if it is one. */
export const testPhoneScenario = (msisdn: string): Scenario | undefined => {
  const m = /^\d{2}00000(\d{2})$/.exec(national9(msisdn));
  return m ? TEST_PHONES[m[1] as string] : undefined;
};
