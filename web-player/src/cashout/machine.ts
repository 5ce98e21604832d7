/**
 * The cash-out flow of one running bet (issue 20 item 3; spec §7 `order_list/early_settlement_preparation`
 * and `early_settlements`, §9 early-settlement delay; docs/cash-out.md), headless:
 *
 * idle → quoting → offered (with a countdown) → confirming → held (the server holds the acceptance for
 * the delay and re-prices) → accepted | refused (price changed, unavailable, any code) | expired; no
 * offer → unavailable (with the reason). Live changes (`REFRESH`) re-quote an offer not being confirmed.
 *
 * The IO actors `quote` and `accept` are declared by name and swapped with `cashOutMachine.provide`
 * (the defaults fail; the app provides GraphQL ones). The request id of an acceptance is kept while
 * the same offer is retried after a network failure, so the server pays it once.
 */
import type { Tzs } from '@bashiri/domain';
import { assign, fromPromise, setup } from 'xstate';

/** The offer as the server gives it (GraphQL `EarlySettlementOffer`); money in whole TZS. */
export interface CashOutOfferView {
  readonly available: boolean;
  /** No-offer code (MARKET_SUSPENDED, LEG_LOST, CREDIT_BET, …) when not available. */
  readonly reason: string | null;
  readonly runningStake: Tzs;
  /** Gross value of the whole running stake now. */
  readonly fullValue: Tzs | null;
  /** Tax rate of the bet, percent. */
  readonly taxRate: number | null;
  readonly minimumPart: Tzs;
  readonly delaySeconds: number;
  readonly autoTarget: Tzs | null;
  /** The bet's automatic cash-out has paid (its rule fired): the panel says so. */
  readonly autoFired: boolean;
  readonly potentialPayout: Tzs | null;
}

/** What an acceptance sends (GraphQL `EarlySettlementInput`). */
export interface AcceptRequest {
  readonly requestId: string;
  readonly betId: string;
  /** null = the whole running stake. */
  readonly part: Tzs | null;
  /** Gross value of the part the player accepts. */
  readonly offered: Tzs;
}

/** The server's answer (GraphQL `EarlySettlementResult`). */
export interface AcceptAnswerView {
  readonly status: 'PAID' | 'REFUSED';
  readonly code: string | null;
  readonly reason: string | null;
  readonly gross: Tzs | null;
  readonly tax: Tzs | null;
  readonly net: Tzs | null;
  readonly remainingStake: Tzs | null;
  /** After a refusal: the offer now. */
  readonly offer: CashOutOfferView | null;
}

/** What the machine starts with. */
export interface CashOutInput {
  readonly betId: string;
  /** How long an offer may be accepted before it must be re-quoted, ms (default 10,000). */
  readonly offerTtlMs?: number;
  /** A fresh id per acceptance. Default `crypto.randomUUID`. */
  readonly newRequestId?: () => string;
}

export interface CashOutContext {
  readonly betId: string;
  readonly offerTtlMs: number;
  readonly newRequestId: () => string;
  readonly offer: CashOutOfferView | null;
  /** Stake part chosen, TZS; null = everything running. */
  readonly part: Tzs | null;
  /** The acceptance being sent (kept for a retry of the same offer). */
  readonly request: AcceptRequest | null;
  readonly answer: AcceptAnswerView | null;
  /** Code of the last refusal or failure (translated by the page), or the no-offer reason. */
  readonly code: string | null;
}

export type CashOutEvent =
  | { readonly type: 'QUOTE' }
  | { readonly type: 'REFRESH' }
  /** An offer the server pushed (subscription `cashOutOffer`): taken while no acceptance is under way. */
  | { readonly type: 'OFFER'; readonly offer: CashOutOfferView }
  | { readonly type: 'SET_PART'; readonly part: Tzs | null }
  | { readonly type: 'CASH_OUT' }
  | { readonly type: 'CONFIRM' }
  | { readonly type: 'CANCEL' };

/** The part chosen and its money now: value, tax, net (TZS), or null without an offer or a valid part. */
export interface PartPreview {
  readonly part: Tzs;
  readonly value: Tzs;
  readonly tax: Tzs;
  readonly net: Tzs;
}

/**
 * Why `part` cannot be cashed out of the offer (the server's codes, checked first here so the button
 * stays off): `CASH_OUT_PART_ABOVE_STAKE`, `CASH_OUT_PART_BELOW_MINIMUM`,
 * `CASH_OUT_REMAINDER_BELOW_MINIMUM`, `INVALID_AMOUNT`; null when fine.
 */
export const partError = (offer: CashOutOfferView, part: Tzs | null): string | null => {
  if (part === null) return null;
  if (!Number.isSafeInteger(part) || part <= 0) return 'INVALID_AMOUNT';
  if (part > offer.runningStake) return 'CASH_OUT_PART_ABOVE_STAKE';
  if (part === offer.runningStake) return null;
  if (part < offer.minimumPart) return 'CASH_OUT_PART_BELOW_MINIMUM';
  if (offer.runningStake - part < offer.minimumPart) return 'CASH_OUT_REMAINDER_BELOW_MINIMUM';
  return null;
};

/**
 * The part to keep when `next` replaces `previous`: `part` while the running stake is unchanged and the
 * part is still valid for `next`, else null (everything). Exported for the tests.
 */
export const keptPart = (
  previous: CashOutOfferView | null,
  next: CashOutOfferView,
  part: Tzs | null,
): Tzs | null =>
  part !== null &&
  previous !== null &&
  next.available &&
  previous.runningStake === next.runningStake &&
  partError(next, part) === null
    ? part
    : null;

/**
 * The money of cashing out `part` of the offer, as the server computes it (docs/cash-out.md §3):
 * value = ⌊full value × part ÷ running stake⌋, tax on the value above the part, net = value − tax.
 */
export const previewPart = (offer: CashOutOfferView | null, part: Tzs | null): PartPreview | null => {
  if (!offer?.available || offer.fullValue === null || partError(offer, part) !== null) return null;
  const p = part ?? offer.runningStake;
  const value = Number((BigInt(offer.fullValue) * BigInt(p)) / BigInt(offer.runningStake));
  const tax = taxOf(value, p, offer.taxRate ?? 0);
  return { part: p, value, tax, net: value - tax };
};

/**
 * Withholding tax on a cash-out of `value` returning `stake` (the domain's `cashOutTax`: the rate, at
 * most 2 decimals, of the part above the stake, rounded down), in integers: the domain module is not
 * pulled into the site's first load for it (decision 0041). Property-tested against the domain.
 */
export const taxOf = (value: Tzs, stake: Tzs, ratePercent: number): Tzs => {
  const base = value - stake;
  if (base <= 0) return 0;
  return Number((BigInt(base) * BigInt(Math.round(ratePercent * 100))) / 10_000n);
};

const notProvided = (name: string) =>
  fromPromise<never, unknown>(() => Promise.reject(new Error(`cash-out actor ${name} not provided`)));

/** Stable codes the page translates besides the server's. */
export const NETWORK = 'NETWORK';

/**
 * A pushed offer: shown like a quote's answer (the countdown starts again), or the reason there is none.
 * Taken in offered, accepted, expired and unavailable; ignored while quoting, confirming, held (the
 * acceptance runs on the offer the player saw), refused and failed.
 */
const PUSHED_OFFER = [
  {
    guard: ({ event }: { event: CashOutEvent }) => event.type === 'OFFER' && event.offer.available,
    target: 'offered',
    reenter: true,
    actions: {
      type: 'keepOffer',
      params: ({ event }: { event: CashOutEvent }) => (event as { offer: CashOutOfferView }).offer,
    },
  },
  {
    target: 'unavailable',
    reenter: true,
    actions: {
      type: 'keepOffer',
      params: ({ event }: { event: CashOutEvent }) => (event as { offer: CashOutOfferView }).offer,
    },
  },
] as const;

export const cashOutMachine = setup({
  types: {
    context: {} as CashOutContext,
    events: {} as CashOutEvent,
    input: {} as CashOutInput,
  },
  actors: {
    /** GraphQL `earlySettlementPreparation(betId)`: rejects on a network failure. */
    quote: notProvided('quote') as unknown as ReturnType<
      typeof fromPromise<CashOutOfferView, { betId: string }>
    >,
    /** GraphQL `earlySettlements(input)`: resolves with the answer after the server's hold. */
    accept: notProvided('accept') as unknown as ReturnType<
      typeof fromPromise<AcceptAnswerView, AcceptRequest>
    >,
  },
  delays: {
    OFFER_TTL: ({ context }) => context.offerTtlMs,
  },
  guards: {
    isAvailable: (_, offer: CashOutOfferView) => offer.available,
    partOk: ({ context }) => previewPart(context.offer, context.part) !== null,
    hasNewOffer: ({ context }) => context.answer?.offer?.available === true,
  },
  actions: {
    keepOffer: assign(({ context }, offer: CashOutOfferView) => ({
      offer,
      code: offer.available ? null : offer.reason,
      // The part the player chose stays through re-quotes of the same running stake (an offer refreshed
      // while they decide); after a partial cash-out (the stake ran down) or when it is no longer
      // valid: back to everything.
      part: keptPart(context.offer, offer, context.part),
      // A new offer is a new acceptance: an unanswered request is not re-sent after it.
      request: null as AcceptRequest | null,
    })),
    makeRequest: assign(({ context }) => {
      const preview = previewPart(context.offer, context.part)!;
      return {
        request: {
          requestId: context.newRequestId(),
          betId: context.betId,
          part: context.part,
          offered: preview.value,
        },
        answer: null,
      };
    }),
  },
}).createMachine({
  id: 'cashOut',
  context: ({ input }) => ({
    betId: input.betId,
    offerTtlMs: input.offerTtlMs ?? 10_000,
    newRequestId: input.newRequestId ?? (() => crypto.randomUUID()),
    offer: null,
    part: null,
    request: null,
    answer: null,
    code: null,
  }),
  initial: 'idle',
  states: {
    idle: { on: { QUOTE: 'quoting', REFRESH: 'quoting' } },
    quoting: {
      invoke: {
        src: 'quote',
        input: ({ context }) => ({ betId: context.betId }),
        onDone: [
          {
            guard: { type: 'isAvailable', params: ({ event }) => event.output },
            target: 'offered',
            actions: { type: 'keepOffer', params: ({ event }) => event.output },
          },
          { target: 'unavailable', actions: { type: 'keepOffer', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: assign({ code: NETWORK }) },
      },
    },
    /** An offer the player may take until the countdown ends. */
    offered: {
      after: { OFFER_TTL: 'expired' },
      on: {
        REFRESH: 'quoting',
        QUOTE: 'quoting',
        OFFER: PUSHED_OFFER,
        SET_PART: { actions: assign({ part: ({ event }) => event.part }) },
        CASH_OUT: { guard: 'partOk', target: 'confirming' },
      },
    },
    /** The player reviews value, tax and net before confirming. */
    confirming: {
      after: { OFFER_TTL: 'expired' },
      on: {
        CONFIRM: { target: 'held', actions: 'makeRequest' },
        CANCEL: 'offered',
      },
    },
    /** Sent: the server holds it for the early-settlement delay, re-prices and pays or refuses. */
    held: {
      invoke: {
        src: 'accept',
        input: ({ context }) => context.request!,
        onDone: [
          {
            guard: ({ event }) => event.output.status === 'PAID',
            target: 'accepted',
            actions: assign({ answer: ({ event }) => event.output, code: null }),
          },
          {
            target: 'refused',
            actions: assign({
              answer: ({ event }) => event.output,
              code: ({ event }) => event.output.code ?? 'CASH_OUT_UNAVAILABLE',
            }),
          },
        ],
        onError: { target: 'failed', actions: assign({ code: NETWORK }) },
      },
    },
    /** Paid. The rest of a partial cash-out keeps running: a refresh quotes it. */
    accepted: { on: { REFRESH: 'quoting', QUOTE: 'quoting', OFFER: PUSHED_OFFER } },
    /** Refused with a code; after a price change the new offer can be confirmed at once. */
    refused: {
      on: {
        QUOTE: 'quoting',
        REFRESH: 'quoting',
        CASH_OUT: {
          guard: 'hasNewOffer',
          target: 'confirming',
          actions: assign(({ context }) => ({ offer: context.answer!.offer, part: null })),
        },
      },
    },
    /** The countdown ended: quote again before accepting. */
    expired: { on: { QUOTE: 'quoting', REFRESH: 'quoting', OFFER: PUSHED_OFFER } },
    unavailable: { on: { QUOTE: 'quoting', REFRESH: 'quoting', OFFER: PUSHED_OFFER } },
    /** A network failure. A retry of an acceptance re-sends the same request id (paid once). */
    failed: {
      on: {
        QUOTE: 'quoting',
        REFRESH: 'quoting',
        CONFIRM: {
          guard: ({ context }) => context.request !== null && context.answer === null,
          target: 'held',
        },
      },
    },
  },
});

/** The state names, for the page and the tests. */
export type CashOutStateName =
  | 'idle'
  | 'quoting'
  | 'offered'
  | 'confirming'
  | 'held'
  | 'accepted'
  | 'refused'
  | 'expired'
  | 'unavailable'
  | 'failed';
