/**
 * Cash-out (early settlement) of a bet: the bet seen by the quote, the quote of a bet's state, the
 * derived order status 6, and the decision on `CashOutBet` (spec §3 "early-settlement odds", §4 order
 * status 6, §7 `order_list/early_settlement_preparation`, `early_settlements`; betting-rules §3;
 * docs/cash-out.md; decision 0019).
 */
import { cashOutConfigErrors } from '../cashout/config.ts';
import {
  cashOutPart,
  cashOutPartError,
  decideAcceptance,
  NO_OFFER,
  quoteCashOut,
  type CashOutBetInput,
  type CashOutContext,
  type CashOutQuote,
} from '../cashout/quote.ts';
import { accept, refuse, type Decision } from '../decider.ts';
import { domainError } from '../errors.ts';
import { dec, floorToInteger } from '../money/decimal.ts';
import type { PricingTerms } from '../pricing/returns.ts';
import type * as C from './commands.ts';
import {
  ORDER_STATUS_CODE,
  type BetEvent,
  type BetState,
  type OpenBet,
  type OrderStatusCode,
} from './events.ts';

type D = Decision<BetEvent>;

const scaledCap = (cap: number | null, running: number, stake: number): number | null =>
  cap === null ? null : floorToInteger(dec(cap).times(running).div(stake));

/**
 * The terms the running stake settles with: the placement terms until a first cash-out; after one, no
 * acca bonus (string reward, forfeited) and the profit caps scaled to the running share of the stake
 * (rounded down), so cash-outs plus the settlement of the rest never pay more than the bet could
 * (decision 0019).
 */
export const runningTerms = (s: OpenBet): PricingTerms => {
  const terms = s.placed.terms;
  if (s.cashOuts.length === 0) return terms;
  const { stake } = s.placed;
  return {
    ...terms,
    stringRewards: [],
    singleGameHighestProfit: scaledCap(terms.singleGameHighestProfit, s.remainingStake, stake),
    multipleGameHighestProfit: scaledCap(terms.multipleGameHighestProfit, s.remainingStake, stake),
  };
};

/** The running part of a bet as the cash-out quote sees it: running stake, pay type, terms, legs with results. */
export const cashOutView = (s: OpenBet): CashOutBetInput => ({
  stake: s.remainingStake,
  payType: s.placed.payType,
  terms: runningTerms(s),
  legs: s.placed.legs.map((l, i) => ({ leg: l.leg, result: s.legs[i]?.result ?? null })),
});

const RUNNING = new Set(['awaiting', 'delayed']);

/**
 * The cash-out quote of a bet in `state` (whole running stake): `BET_NOT_OPEN` unless the bet awaits
 * results (status 2 or 5), `BET_SETTLED` once settled; otherwise `quoteCashOut` on {@link cashOutView}.
 * An abnormal bet (3) gets `LEG_ABNORMAL`.
 */
export const quoteBet = (state: BetState, context: CashOutContext): CashOutQuote => {
  if (state.status === 'none') return { offer: false, reason: NO_OFFER.BET_NOT_OPEN };
  if (state.status === 'settled') return { offer: false, reason: NO_OFFER.BET_SETTLED };
  if (state.status === 'abnormal') return { offer: false, reason: NO_OFFER.LEG_ABNORMAL };
  if (!RUNNING.has(state.status)) return { offer: false, reason: NO_OFFER.BET_NOT_OPEN };
  return quoteCashOut(cashOutView(state), context);
};

/**
 * The spec §4 order status code of a bet, with status 6 derived, never stored: 6 while the bet runs
 * (2 or 5) and `offerLive` (the server's current quote is an offer), and 6 once cashed out in full;
 * otherwise the stored status's code (`ORDER_STATUS_CODE`).
 */
export const orderStatusCode = (state: BetState, offerLive: boolean): OrderStatusCode => {
  if (state.status === 'none') return 1;
  if (offerLive && RUNNING.has(state.status)) return 6;
  return ORDER_STATUS_CODE[state.status];
};

const legacyCashOut = (c: C.CashOutAtAmount): D => {
  if (!Number.isSafeInteger(c.amount) || c.amount <= 0) {
    return refuse(
      domainError('INVALID_AMOUNT', 'amount: a positive whole number of TZS', { field: 'amount' }),
    );
  }
  return accept({
    type: 'BetCashedOut',
    data: { betId: c.betId, at: c.at, amount: c.amount, offerId: c.offerId, actor: c.actor },
  });
};

const pricedCashOut = (c: C.CashOutAtQuote, s: OpenBet): D => {
  const [badConfig] = cashOutConfigErrors(c.config);
  if (badConfig) return refuse(badConfig);
  if (!Number.isSafeInteger(c.offered) || c.offered <= 0)
    return refuse(
      domainError('INVALID_AMOUNT', 'offered: a positive whole number of TZS', { field: 'offered' }),
    );
  const running = s.remainingStake;
  const part = c.part ?? running;
  const partProblem = cashOutPartError(running, part, c.config);
  if (partProblem) return refuse(partProblem);
  const quote = quoteCashOut(cashOutView(s), {
    live: c.live,
    config: c.config,
    bettingPaused: c.bettingPaused ?? false,
  });
  if (!quote.offer) {
    return refuse(
      domainError('CASH_OUT_UNAVAILABLE', `no cash-out offer: ${quote.reason}`, {
        details: { ...quote },
      }),
    );
  }
  const money = cashOutPart(quote, part);
  const tolerance = c.tolerance ?? c.config.defaultTolerance;
  const acceptance =
    money.value > 0
      ? decideAcceptance(c.offered, { offer: true, value: money.value }, tolerance)
      : decideAcceptance(c.offered, { offer: false, reason: NO_OFFER.BELOW_FLOOR, value: 0 }, tolerance);
  if (!acceptance.accepted) {
    const code = acceptance.reason === 'PRICE_CHANGED' ? 'CASH_OUT_PRICE_CHANGED' : 'CASH_OUT_UNAVAILABLE';
    return refuse(
      domainError(code, `offer ${c.offered} not paid: ${acceptance.reason}`, {
        details: {
          reason: acceptance.reason,
          offered: c.offered,
          tolerance,
          value: money.value,
          tax: money.tax,
          net: money.net,
        },
      }),
    );
  }
  const common = {
    betId: c.betId,
    at: c.at,
    offerId: c.offerId,
    actor: c.actor,
    amount: money.net,
    part,
    gross: money.value,
    tax: money.tax,
    earlySettlementOdds: money.earlySettlementOdds,
    cashOutNo: s.cashOuts.length + 1,
    rewardForfeited: true as const,
    pricing: {
      configVersion: c.configVersion,
      runningStake: running,
      potentialPayout: quote.potentialPayout,
      probability: quote.probability,
      fairValue: quote.fairValue,
      marginPercent: quote.marginPercent,
      offerValue: quote.value,
      offered: c.offered,
      tolerance,
      legs: quote.legs,
    },
  };
  return part === running
    ? accept({ type: 'BetCashedOut', data: common })
    : accept({ type: 'BetPartCashedOut', data: { ...common, remainingStake: running - part } });
};

/**
 * Early settlement at an accepted offer (betting-rules §3; decision 0019), full or partial:
 * - the same `offerId` again (any earlier cash-out of this bet) changes nothing: it pays once;
 * - refused `BET_NOT_FOUND`; `FORBIDDEN` for another player's bet; `BET_CASHED_OUT` once cashed out
 *   in full; `BET_NOT_OPEN` unless the bet awaits results (2 or 5, never abnormal or settled);
 * - priced form: `BAD_CASH_OUT_CONFIG` (a configuration staff could not save), `INVALID_AMOUNT` (offered
 *   not a positive whole number), the part's checks (`INVALID_AMOUNT`, `CASH_OUT_PART_ABOVE_STAKE`,
 *   `CASH_OUT_PART_BELOW_MINIMUM`, `CASH_OUT_REMAINDER_BELOW_MINIMUM`), `CASH_OUT_UNAVAILABLE` (details:
 *   the no-offer reason), `CASH_OUT_PRICE_CHANGED` (details: the new value, tax, net) when the re-priced
 *   value is outside the tolerance; else `BetCashedOut` (the whole running stake) or `BetPartCashedOut`.
 * - unpriced form (`amount`): `INVALID_AMOUNT` unless a positive whole number; `BetCashedOut`.
 */
export const cashOutBet = (c: C.CashOutBet, s: BetState): D => {
  if (s.status === 'none') return refuse(domainError('BET_NOT_FOUND', 'no such bet', { field: 'betId' }));
  if (c.actor.kind === 'player' && c.actor.id !== s.placed.userId)
    return refuse(domainError('FORBIDDEN', 'not your bet', { field: 'betId' }));
  if (s.cashOuts.some((x) => x.offerId === c.offerId)) return accept();
  if (s.status === 'cashedOut') return refuse(domainError('BET_CASHED_OUT', 'already cashed out'));
  if (s.status !== 'awaiting' && s.status !== 'delayed') {
    return refuse(
      domainError('BET_NOT_OPEN', `a ${s.status} bet cannot be cashed out`, {
        details: { status: s.status },
      }),
    );
  }
  return 'amount' in c ? legacyCashOut(c) : pricedCashOut(c, s);
};
