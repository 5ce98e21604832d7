/**
 * The cash-out quote (early settlement; spec §3 "Order … early-settlement odds", §4 order status 6;
 * betting-rules §3; issue 20; rules and worked example: docs/cash-out.md; readings: decision 0019).
 *
 * Pure: the bet, the live state of its open legs (`live.ts`, computed once per match) and the cash-out
 * configuration in; an offer or a coded reason for none out. Money is whole TZS rounded down;
 * probabilities are floats (statistics) and become exact decimals only where they meet money.
 */
import { PAY_TYPE_CREDIT, type PayType } from '../config/bet-config.ts';
import { dec, floorToInteger } from '../money/decimal.ts';
import type { OddsText } from '../money/odds.ts';
import { mulRatio, ratio, ratioText, RATIO_ONE, type Ratio } from '../money/ratio.ts';
import type { Percent, Tzs } from '../money/tzs.ts';
import { computeReturns, type PricingTerms } from '../pricing/returns.ts';
import type { Leg } from '../settlement/markets.ts';
import { isSettled, legFactor, OUTCOME, type LegResult, type OutcomeCode } from '../settlement/outcome.ts';
import type { CashOutConfig, CashOutTolerance } from './config.ts';
import type { LegLive } from './live.ts';

/** Why a bet has no cash-out offer now (stable codes, translated by the clients). */
export const NO_OFFER = {
  /** Cash-out is switched off in the configuration. */
  CASH_OUT_DISABLED: 'CASH_OUT_DISABLED',
  /** The bet is not running: unpaid, rejected, cancelled or cashed out. */
  BET_NOT_OPEN: 'BET_NOT_OPEN',
  /** Every leg has its result: the settlement pays. */
  BET_SETTLED: 'BET_SETTLED',
  /** A leg has lost: the bet cannot win. */
  LEG_LOST: 'LEG_LOST',
  /** A leg is abnormal (staff look at it). */
  LEG_ABNORMAL: 'LEG_ABNORMAL',
  /** An open leg's market is suspended (or settled without the leg's result yet). */
  MARKET_SUSPENDED: 'MARKET_SUSPENDED',
  /** An open leg's match is inside a goal delay (spec §9). */
  GOAL_DELAY: 'GOAL_DELAY',
  /** An open leg's match is inside a danger-ball delay (spec §9). */
  DANGER_DELAY: 'DANGER_DELAY',
  /** Betting is paused site-wide (spec §4 `no_bet`). */
  BETTING_PAUSED: 'BETTING_PAUSED',
  /** A credit-money bet (pay type 2) while the configuration does not allow them. */
  CREDIT_BET: 'CREDIT_BET',
  /** An open leg's market kind is not enabled for cash-out. */
  MARKET_TYPE_DISABLED: 'MARKET_TYPE_DISABLED',
  /** No live state (or not finite shares) was given for an open leg. */
  LEG_NOT_PRICED: 'LEG_NOT_PRICED',
  /** The offer is below the configured floor. */
  BELOW_FLOOR: 'BELOW_FLOOR',
} as const;
/** One of the {@link NO_OFFER} codes. */
export type NoOfferReason = (typeof NO_OFFER)[keyof typeof NO_OFFER];

/** One leg of the bet as the quote needs it: what was bet (with its odds) and its result, if any. */
export interface CashOutLegInput {
  readonly leg: Leg;
  /** null (or pending) while the leg has no result. */
  readonly result: LegResult | null;
}

/**
 * A running bet as the quote needs it. `stake` is the stake still running (the original stake less the
 * parts cashed out), and `terms` the bet's recorded tax rate and profit caps (scaled to the running
 * stake after a partial cash-out: see the bet module's `cashOutView`).
 */
export interface CashOutBetInput {
  readonly stake: Tzs;
  readonly payType: PayType;
  readonly terms: Pick<
    PricingTerms,
    'taxRatePercent' | 'singleGameHighestProfit' | 'multipleGameHighestProfit'
  >;
  readonly legs: readonly CashOutLegInput[];
  /**
   * Optional cache of {@link cashOutPotential} of this bet (it changes only when the bet or a leg's
   * result does, never with live prices): a server re-quoting many bets passes it to skip the exact
   * ratio arithmetic. Must equal `cashOutPotential(bet)`; the bet decider never passes it.
   */
  readonly potentialPayout?: Tzs;
}

/** How each leg entered the quote (recorded on the cash-out). */
export interface LegPricing {
  readonly legIndex: number;
  readonly odds: OddsText;
  /** Settled legs: the spec §4 outcome code and the exact factor text ("1.95", "2.95/2", "1"). */
  readonly outcome: OutcomeCode | null;
  readonly factor: string | null;
  /**
   * Open legs: the expected share of the leg's potential return it keeps, win + push / odds (balance
   * bets), or its expected win share (credit bets); settled legs: 1 (their factor is in the potential).
   */
  readonly share: number;
  /** Open legs: the live state used (shares, market status, delay, odds state). */
  readonly live?: LegLive;
}

/** An offer: the value of cashing out the whole running stake now. All amounts whole TZS. */
export interface CashOutOffer {
  readonly offer: true;
  readonly stake: Tzs;
  readonly payType: PayType;
  /**
   * What the running stake returns, before tax and without the forfeited acca bonus, if every open leg
   * wins (settled legs at their factor), capped like the settlement; for a credit bet the winnings only.
   */
  readonly potentialPayout: Tzs;
  /** The expected share of `potentialPayout` (the product of the open legs' shares): P(the bet wins). */
  readonly probability: number;
  /** floor(potentialPayout × probability): the fair value before the margin. */
  readonly fairValue: Tzs;
  readonly marginPercent: Percent;
  /** The offer: floor(potentialPayout × probability × (1 − margin)), never above `potentialPayout`. */
  readonly value: Tzs;
  readonly taxRatePercent: Percent;
  /** Withholding tax on the part of `value` above the stake returned (all of it for a credit bet). */
  readonly tax: Tzs;
  /** value − tax: what the wallet credits. */
  readonly net: Tzs;
  /** spec §3 "early-settlement odds": value ÷ stake, truncated to 2 decimals. */
  readonly earlySettlementOdds: OddsText;
  readonly legs: readonly LegPricing[];
}

/** No offer now, and why; `legIndex` names the leg at fault; `value` is the offer below the floor. */
export interface CashOutNoOffer {
  readonly offer: false;
  readonly reason: NoOfferReason;
  readonly legIndex?: number;
  readonly value?: Tzs;
}

export type CashOutQuote = CashOutOffer | CashOutNoOffer;

/** What the quote needs besides the bet: the live legs (index-aligned; null for legs with a result) and the settings. */
export interface CashOutContext {
  /** One entry per leg of the bet, in order; the entry of a leg with a result is ignored. */
  readonly live: readonly (LegLive | null | undefined)[];
  readonly config: CashOutConfig;
  /** spec §4 betting pause (`no_bet`): no offers while paused. */
  readonly bettingPaused?: boolean;
}

const noOffer = (reason: NoOfferReason, extra: { legIndex?: number; value?: Tzs } = {}): CashOutNoOffer => ({
  offer: false,
  reason,
  ...extra,
});

const isOpen = (result: LegResult | null): boolean => result === null || !isSettled(result);

/** Exact decimal of a float probability in [0, 1] (15 significant digits; monotone). */
const probabilityDecimal = (p: number) => dec(Math.min(Math.max(p, 0), 1).toPrecision(15));

/** The running stake's potential return and its exact factor (settled legs at their factor, open legs at their odds). */
const potentialOf = (bet: CashOutBetInput): { potential: Tzs; factor: Ratio } => {
  let factor = RATIO_ONE;
  const counted: OddsText[] = [];
  for (const { leg, result } of bet.legs) {
    const f = result && isSettled(result) ? legFactor(leg.odds, result) : ratio(leg.odds);
    factor = mulRatio(factor, f ?? RATIO_ONE);
    if (!(result?.outcome === OUTCOME.REFUNDED && result.voidFactor === 1)) counted.push(leg.odds);
  }
  const returns = computeReturns(bet.stake, 1, factor, counted, {
    ...bet.terms,
    minStringRewardOdds: '1',
    stringRewards: [],
  });
  return { potential: bet.payType === PAY_TYPE_CREDIT ? returns.profit : returns.payout, factor };
};

/**
 * The most a running bet can still return (see {@link CashOutOffer.potentialPayout}), whether or not
 * it has an offer: the ceiling of an offer and of an auto cash-out target.
 */
export const cashOutPotential = (bet: CashOutBetInput): Tzs => potentialOf(bet).potential;

/**
 * Withholding tax on a cash-out of `value` that returns `stakeReturned` (betting-rules §8; spec §5
 * "Tax"): `taxRatePercent` of the part above the stake, rounded down; a credit bet returns no stake.
 */
export const cashOutTax = (value: Tzs, stakeReturned: Tzs, taxRatePercent: Percent): Tzs => {
  const base = value - stakeReturned;
  // percentOf's rule (rounded down), by multiplication: a cheap exact product instead of a division.
  return base > 0 ? floorToInteger(dec(base).times(taxRatePercent).times(HUNDREDTH)) : 0;
};

const HUNDREDTH = dec('0.01');

/** value ÷ stake truncated to 2 dp, as text: integer arithmetic (a quotient of safe integers floors exactly). */
const oddsOf = (value: Tzs, stake: Tzs): OddsText => {
  if (stake <= 0) return '0.00';
  const hundredths = Math.floor((value * 100) / stake);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
};

/**
 * The cash-out offer for the whole running stake of `bet` (betting-rules §3; docs/cash-out.md §1):
 *
 * - no offer (with the reason code) when cash-out is disabled, betting is paused, the bet is a credit
 *   bet the configuration does not allow, a leg has lost, every leg has a result, a leg is abnormal, or
 *   an open leg's market kind is disabled, has no live state, is in a goal or danger-ball delay, or is
 *   not open — checked in that order;
 * - otherwise value = floor(potential × P × (1 − margin/100)), P = Π over open legs of
 *   (win + push / odds) — the leg's expected return per unit of its odds, i.e. its de-margined
 *   probability of winning for a win/lose selection — or, for a credit bet, Π win (a lower bound of
 *   its expected winnings, exact for win/lose legs); never above the potential;
 * - below `config.minimumOffer`: no offer, `BELOW_FLOOR`, with the value.
 */
export const quoteCashOut = (bet: CashOutBetInput, context: CashOutContext): CashOutQuote => {
  const { config } = context;
  if (!config.enabled) return noOffer(NO_OFFER.CASH_OUT_DISABLED);
  if (context.bettingPaused) return noOffer(NO_OFFER.BETTING_PAUSED);
  if (bet.payType === PAY_TYPE_CREDIT && !config.creditBets) return noOffer(NO_OFFER.CREDIT_BET);
  const lost = bet.legs.findIndex(({ result }) => result?.outcome === OUTCOME.LOST);
  if (lost >= 0) return noOffer(NO_OFFER.LEG_LOST, { legIndex: lost });
  if (bet.legs.every(({ result }) => !isOpen(result))) return noOffer(NO_OFFER.BET_SETTLED);
  const abnormal = bet.legs.findIndex(({ result }) => result?.outcome === OUTCOME.ABNORMAL);
  if (abnormal >= 0) return noOffer(NO_OFFER.LEG_ABNORMAL, { legIndex: abnormal });

  const credit = bet.payType === PAY_TYPE_CREDIT;
  const legs: LegPricing[] = [];
  let probability = 1;
  let settledFactorBelowOne = false;
  for (const [legIndex, { leg, result }] of bet.legs.entries()) {
    if (!isOpen(result) && result) {
      const factor = legFactor(leg.odds, result);
      if (factor && factor.num.lt(factor.den)) settledFactorBelowOne = true;
      legs.push({
        legIndex,
        odds: leg.odds,
        outcome: result.outcome,
        factor: factor ? ratioText(factor) : null,
        share: 1,
      });
      continue;
    }
    const live = context.live[legIndex];
    if (!config.enabledMarkets.includes(leg.market))
      return noOffer(NO_OFFER.MARKET_TYPE_DISABLED, { legIndex });
    if (!live || !Number.isFinite(live.win) || !Number.isFinite(live.push))
      return noOffer(NO_OFFER.LEG_NOT_PRICED, { legIndex });
    if (live.delay === 'goal') return noOffer(NO_OFFER.GOAL_DELAY, { legIndex });
    if (live.delay === 'danger') return noOffer(NO_OFFER.DANGER_DELAY, { legIndex });
    if (live.marketStatus !== 'open') return noOffer(NO_OFFER.MARKET_SUSPENDED, { legIndex });
    const win = Math.min(Math.max(live.win, 0), 1);
    const push = Math.min(Math.max(live.push, 0), 1 - win);
    const share = credit ? win : Math.min(win + push / Number(leg.odds), 1);
    probability *= share;
    legs.push({ legIndex, odds: leg.odds, outcome: null, factor: null, share, live });
  }
  // A credit bet's lower bound holds only while the settled legs' factor is at least 1 (decision 0019).
  if (credit && settledFactorBelowOne) probability = 0;

  const potential = bet.potentialPayout ?? potentialOf(bet).potential;
  const fair = dec(potential).times(probabilityDecimal(probability));
  const fairValue = floorToInteger(fair);
  const keep = dec(100).minus(dec(config.marginPercent)).times(HUNDREDTH);
  const value = Math.min(potential, floorToInteger(fair.times(keep)));
  if (value < config.minimumOffer) return noOffer(NO_OFFER.BELOW_FLOOR, { value });
  const tax = cashOutTax(value, credit ? 0 : bet.stake, bet.terms.taxRatePercent);
  return {
    offer: true,
    stake: bet.stake,
    payType: bet.payType,
    potentialPayout: potential,
    probability,
    fairValue,
    marginPercent: config.marginPercent,
    value,
    taxRatePercent: bet.terms.taxRatePercent,
    tax,
    net: value - tax,
    earlySettlementOdds: oddsOf(value, bet.stake),
    legs,
  };
};

/** A part of an offer: cashing out `part` TZS of the running stake. */
export interface CashOutPart {
  readonly part: Tzs;
  /** floor(offer value × part ÷ running stake). */
  readonly value: Tzs;
  readonly tax: Tzs;
  readonly net: Tzs;
  /** Running stake left after this part. */
  readonly remainingStake: Tzs;
  /** value ÷ part, truncated to 2 decimals (spec §3 "early-settlement odds"). */
  readonly earlySettlementOdds: OddsText;
}

/**
 * The value of cashing out `part` of the running stake (betting-rules §3 "pro rata"): floor(value ×
 * part ÷ stake), taxed on the part above `part` (credit bets: all of it). `part` = the whole stake gives
 * the offer itself. Parts that add up to the stake add up to the offer less at most (number of parts − 1)
 * TZS (each part rounds down by less than 1). Assumes a valid part ({@link cashOutPartError}).
 */
export const cashOutPart = (offer: CashOutOffer, part: Tzs): CashOutPart => {
  const value = floorToInteger(dec(offer.value).times(part).div(offer.stake));
  const tax = cashOutTax(value, offer.payType === PAY_TYPE_CREDIT ? 0 : part, offer.taxRatePercent);
  return {
    part,
    value,
    tax,
    net: value - tax,
    remainingStake: offer.stake - part,
    earlySettlementOdds: oddsOf(value, part),
  };
};

/**
 * Why `part` cannot be cashed out of a running stake of `stake` TZS, or undefined. Codes:
 * `INVALID_AMOUNT` (not a positive whole number), `CASH_OUT_PART_ABOVE_STAKE`,
 * `CASH_OUT_PART_BELOW_MINIMUM` (below `config.minimumPart`), `CASH_OUT_REMAINDER_BELOW_MINIMUM` (a
 * partial that would leave a running stake below `config.minimumPart`). Field `part`.
 */
export const cashOutPartError = (
  stake: Tzs,
  part: Tzs,
  config: Pick<CashOutConfig, 'minimumPart'>,
): { code: string; message: string; field: 'part'; details: Record<string, unknown> } | undefined => {
  const error = (code: string, message: string) => ({
    code,
    message: `part: ${message}`,
    field: 'part' as const,
    details: { part, stake, minimumPart: config.minimumPart },
  });
  if (!Number.isSafeInteger(part) || part <= 0)
    return error('INVALID_AMOUNT', 'a positive whole number of TZS');
  if (part > stake) return error('CASH_OUT_PART_ABOVE_STAKE', `at most the running stake ${stake}`);
  if (part < config.minimumPart && part !== stake)
    return error('CASH_OUT_PART_BELOW_MINIMUM', `at least ${config.minimumPart}`);
  if (part < stake && stake - part < config.minimumPart)
    return error('CASH_OUT_REMAINDER_BELOW_MINIMUM', `must leave at least ${config.minimumPart} running`);
  return undefined;
};

/**
 * Auto cash-out (issue 20): true the first time an offer reaches the player's `target` (TZS, gross
 * value of the whole running stake). No offer never reaches it.
 */
export const reachesTarget = (quote: CashOutQuote, target: Tzs): boolean =>
  quote.offer && quote.value >= target;

/**
 * Why `target` cannot be an auto cash-out target for a bet that can still return `potential` TZS, or
 * undefined: `INVALID_AMOUNT` (not a positive whole number), `CASH_OUT_TARGET_ABOVE_POTENTIAL`.
 */
export const autoCashOutTargetError = (
  target: Tzs,
  potential: Tzs,
): { code: string; message: string; field: 'target'; details: Record<string, unknown> } | undefined => {
  if (!Number.isSafeInteger(target) || target <= 0)
    return {
      code: 'INVALID_AMOUNT',
      message: 'target: a positive whole number of TZS',
      field: 'target',
      details: { target },
    };
  if (target > potential)
    return {
      code: 'CASH_OUT_TARGET_ABOVE_POTENTIAL',
      message: `target: at most the potential payout ${potential}`,
      field: 'target',
      details: { target, potential },
    };
  return undefined;
};

/** The answer to an accepted offer after the early-settlement delay and re-pricing. */
export type CashOutAcceptance =
  | { readonly accepted: true; readonly value: Tzs }
  | { readonly accepted: false; readonly reason: 'PRICE_CHANGED'; readonly value: Tzs }
  | { readonly accepted: false; readonly reason: NoOfferReason; readonly value?: Tzs };

/**
 * Decides an accepted offer of `offered` TZS against the value `now` after the delay (issue 20
 * "Acceptance"): no offer now → refused with its reason; `ACCEPT_ANY` → pays the new value;
 * `ACCEPT_HIGHER` → pays the new value if at least `offered`; `NONE` → pays only an unchanged value.
 * Otherwise `PRICE_CHANGED` with the new value (the new offer).
 */
export const decideAcceptance = (
  offered: Tzs,
  now: { readonly offer: true; readonly value: Tzs } | CashOutNoOffer,
  tolerance: CashOutTolerance,
): CashOutAcceptance => {
  if (!now.offer)
    return { accepted: false, reason: now.reason, ...(now.value === undefined ? {} : { value: now.value }) };
  const ok =
    tolerance === 'ACCEPT_ANY' ||
    (tolerance === 'ACCEPT_HIGHER' && now.value >= offered) ||
    (tolerance === 'NONE' && now.value === offered);
  return ok
    ? { accepted: true, value: now.value }
    : { accepted: false, reason: 'PRICE_CHANGED', value: now.value };
};

/**
 * Re-quotes many bets on shared live states (issue 20 "Speed"): `liveOf(leg index, bet)` looks up the
 * precomputed {@link LegLive} of each open leg (one `liveMatchPricer` per match), so a price change on
 * one match costs one model computation plus a cheap quote per bet.
 */
export const quoteMany = <B extends CashOutBetInput>(
  bets: readonly B[],
  liveOf: (bet: B, legIndex: number) => LegLive | null | undefined,
  context: Omit<CashOutContext, 'live'>,
): CashOutQuote[] =>
  bets.map((bet) => quoteCashOut(bet, { ...context, live: bet.legs.map((_, i) => liveOf(bet, i)) }));
