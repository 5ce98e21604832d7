/**
 * Accepting a cash-out offer (spec §7 `order_list/early_settlements`, §9 "early-settlement delay";
 * issue 20 "Acceptance"; docs/cash-out.md §4; decision 0019): the request is checked, held for the
 * configured delay, the live state read again, and `CashOutBet` sent on the bet stream through the money
 * path (`moveMoney`): the bet decider prices the cash-out itself and pays within the player's
 * tolerance, the wallet credits the net amount as winnings (bill type 1), both appended together. The
 * request id is the offer id: the same request again pays once.
 *
 * Round trips of an acceptance with no delay (decisions 0115, 0145): the bet stream (the store's grouped
 * `readStreams`); the settings' freshness stamps (the settings are cached behind them) beside the live
 * state of its legs, both in one group with the concurrent acceptances (the match's model comes from
 * the shared pricer cache); the money path's one read of the wallet, the protections and the bet's
 * events since; and ONE grouped multi-stream append of the bet's `CashedOut` with the wallet's credit
 * (`appendToStreams`, group commit). With a delay, the bet's later events, the stamps and the live
 * state are read again after the hold.
 */
import { betDecider, betStream, cashOutPartError, walletCommandsFor } from '@bashiri/domain';
import { aggregateStreams } from '@bashiri/eventstore';
import type {
  BetActor,
  BetCommand,
  BetEvent,
  BetState,
  CashOutRecord,
  CashOutTolerance,
  DomainError,
} from '@bashiri/domain';
import type { AppServices } from '../../services.ts';
import { moveMoney } from '../wallet/index.ts';
import { contextAndLive, quoteWith } from './quotes.ts';
import type { QuoteContext } from './quotes.ts';

/** What the player (or the auto cash-out) accepts. Money in whole TZS. */
export interface AcceptInput {
  /** The client's id of this acceptance: the offer id the bet records, so a repeat pays once. */
  readonly requestId: string;
  readonly betId: string;
  /** Stake to cash out; absent = the whole running stake. */
  readonly part?: number | null;
  /** The gross value of the part the player saw and accepted. */
  readonly offered: number;
  /** Absent = the configuration's default tolerance. */
  readonly tolerance?: CashOutTolerance | null;
}

/** A cash-out paid: the part, gross value, tax, net amount credited, early-settlement odds (TZS, decimal odds). */
export interface CashOutPaid {
  readonly betId: string;
  readonly offerId: string;
  readonly part: number;
  readonly gross: number;
  readonly tax: number;
  readonly net: number;
  readonly earlySettlementOdds: string;
  readonly remainingStake: number;
  readonly at: string;
}

/**
 * The answer: `PAID` (`repeated` when this request had paid before), or `REFUSED` with a stable code
 * and, for `CASH_OUT_PRICE_CHANGED`, the new value, tax and net of the part (the new offer).
 */
export type AcceptAnswer =
  | { readonly status: 'PAID'; readonly paid: CashOutPaid; readonly repeated: boolean }
  | {
      readonly status: 'REFUSED';
      readonly code: string;
      readonly message: string;
      readonly field?: string;
      readonly details?: Record<string, unknown>;
    };

const refused = (error: Pick<DomainError, 'code' | 'message' | 'field' | 'details'>): AcceptAnswer => ({
  status: 'REFUSED',
  code: error.code,
  message: error.message,
  ...(error.field ? { field: error.field } : {}),
  ...(error.details ? { details: error.details as Record<string, unknown> } : {}),
});

const paidOf = (betId: string, record: CashOutRecord, state: BetState): CashOutPaid => ({
  betId,
  offerId: record.offerId,
  part: record.part,
  gross: record.gross,
  tax: record.tax,
  net: record.amount,
  earlySettlementOdds: oddsText(record.gross, record.part),
  remainingStake: state.status === 'none' ? 0 : state.remainingStake,
  at: record.at,
});

const oddsText = (value: number, stake: number): string => {
  if (stake <= 0) return '0.00';
  const hundredths = Math.floor((value * 100) / stake);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
};

/** Options of {@link acceptCashOut}. */
export interface AcceptOptions {
  /** Who accepts: the player, or `system:auto-cashout` for an automatic cash-out. */
  readonly actor: BetActor;
  /** The player the bet must belong to (the caller's id); null: any (the auto cash-out checks its rule). */
  readonly userId: string | null;
  /** Hold for the configured early-settlement delay before re-pricing (false for the auto cash-out). */
  readonly hold: boolean;
  /** Settings already read this round (the auto cash-out), else read now. */
  readonly context?: QuoteContext;
}

/**
 * Accepts an offer (see the module comment). Refusals (stable codes): `BAD_REQUEST_ID`,
 * `INVALID_AMOUNT` (offered), `BET_NOT_FOUND`, `FORBIDDEN` (someone else's bet), `BET_CASHED_OUT`,
 * `BET_NOT_OPEN`, the part's `CASH_OUT_PART_ABOVE_STAKE` / `CASH_OUT_PART_BELOW_MINIMUM` /
 * `CASH_OUT_REMAINDER_BELOW_MINIMUM`, `CASH_OUT_UNAVAILABLE` (details.reason: the no-offer code),
 * `CASH_OUT_PRICE_CHANGED` (details: value, tax, net now), or a wallet refusal. Nothing is paid on a
 * refusal. Throws what the store throws.
 */
export const acceptCashOut = async (
  services: AppServices,
  input: AcceptInput,
  options: AcceptOptions,
): Promise<AcceptAnswer> => {
  if (!/^[A-Za-z0-9:_-]{8,100}$/.test(input.requestId))
    return refused({
      code: 'BAD_REQUEST_ID',
      message: 'requestId: 8 to 100 letters, digits, - _ :',
      field: 'requestId',
    });
  if (!Number.isSafeInteger(input.offered) || input.offered <= 0)
    return refused({
      code: 'INVALID_AMOUNT',
      message: 'offered: a positive whole number of TZS',
      field: 'offered',
    });
  // One read of the bet stream (grouped with concurrent reads by the store); then, grouped with the
  // concurrent acceptances, the settings' stamps beside the live state of its legs (decision 0145).
  const stream = betStream(input.betId);
  const loaded = await aggregateStreams<BetState, BetEvent>(services.store, [stream], betDecider);
  let bet = loaded.get(stream)!;
  const state = bet.state;
  if (state.status === 'none')
    return refused({ code: 'BET_NOT_FOUND', message: 'no such bet', field: 'betId' });
  if (options.userId !== null && state.placed.userId !== options.userId)
    return refused({ code: 'FORBIDDEN', message: 'not your bet', field: 'betId' });
  const earlier = state.cashOuts.find((c) => c.offerId === input.requestId);
  if (earlier) return { status: 'PAID', paid: paidOf(input.betId, earlier, state), repeated: true };
  let reads = await contextAndLive(services, services.now(), [state]);
  let context = options.context ?? reads.context;
  const part = input.part ?? state.remainingStake;
  if (state.status === 'awaiting' || state.status === 'delayed') {
    const bad = cashOutPartError(state.remainingStake, part, context.config);
    if (bad) return refused(bad);
  }
  // spec §9 early-settlement delay: hold, then price again on what the bet, the settings and the match
  // are now (only the bet's events since the first read are read again).
  if (options.hold && context.config.delaySeconds > 0) {
    await services.sleep(context.config.delaySeconds * 1000);
    const known = bet;
    const again = await aggregateStreams<BetState, BetEvent>(
      services.store,
      [stream],
      betDecider,
      () => known,
    );
    bet = again.get(stream)!;
    reads = await contextAndLive(services, services.now(), [bet.state]);
    context = reads.context;
  }
  const now = quoteWith(services, [{ id: input.betId, bet }], context, reads.states).get(input.betId)!;
  const userId = state.placed.userId;
  const at = new Date(services.now()).toISOString();
  const command: BetCommand = {
    type: 'CashOutBet',
    betId: input.betId,
    at,
    offerId: input.requestId,
    actor: options.actor,
    ...(input.part === undefined || input.part === null ? {} : { part: input.part }),
    offered: input.offered,
    ...(input.tolerance ? { tolerance: input.tolerance } : {}),
    live: now.live,
    config: context.config,
    configVersion: context.configVersion,
    bettingPaused: context.bettingPaused,
  };
  const { answer } = await moveMoney<BetState, BetEvent, undefined, AcceptAnswer>(services, {
    userId,
    product: { streamName: betStream(input.betId), evolver: betDecider, from: now.bet },
    idempotencyKey: `cashout:${input.requestId}`,
    metadata: {
      actor: `${options.actor.kind}:${options.actor.id}`,
      correlationId: input.requestId,
      causationId: `early_settlements:${input.betId}`,
    },
    decide: ({ product, wallet }) => {
      const decision = betDecider.decide(command, product.state);
      if (!decision.ok) return { answer: refused(decision.error) };
      const after = decision.events.reduce(betDecider.evolve, product.state);
      if (after.status === 'none')
        return { answer: refused({ code: 'BET_NOT_FOUND', message: 'no such bet' }) };
      const record = after.cashOuts.find((c) => c.offerId === input.requestId);
      if (!record)
        return { answer: refused({ code: 'CASH_OUT_UNAVAILABLE', message: 'no cash-out recorded' }) };
      for (const event of decision.events)
        for (const payment of walletCommandsFor(after.placed, event)) {
          const paid = wallet.pay(payment);
          if (!paid.ok) return { answer: refused(paid.error) };
        }
      const repeated = decision.events.length === 0;
      return {
        answer: { status: 'PAID', paid: paidOf(input.betId, record, after), repeated },
        productEvents: decision.events,
      };
    },
  });
  return answer;
};
