/**
 * Cash-out in the season replay (issue 17 items 1, 3, 4; docs/simulations.md "Cash-out"; the product:
 * docs/cash-out.md). A share of single bets (`bettors.cashOutShare`) on a full-time market cash out at
 * half-time when their selection is winning on the half-time score: the offer is the domain's quote
 * (`quoteCashOut`, through the bet decider's `CashOutBet`) on the in-play state at half-time — the
 * file's half-time score, the goal rates of our model for the match (the same team ratings as its
 * pre-match prices), the default time profile — with the scenario's cash-out margin
 * (`cashOutMarginPercent`). The bet is then settled early (`BetCashedOut`), its net credited through
 * the wallet decider, and it is not settled on the full-time result.
 */
import {
  cashOutView,
  DEFAULT_CASH_OUT_CONFIG,
  legPayoff,
  liveMatchPricer,
  quoteCashOut,
  type BetState,
  type CashOutAtQuote,
  type CashOutConfig,
  type GoalRates,
  type Leg,
} from '@bashiri/domain';
import type { SeasonMatch } from './data.ts';
import { fitTeamRatings, predictRates } from './ratings.ts';

/** A cashed-out bet as the report needs it (amounts TZS from the `BetCashedOut` event). */
export interface CashOutRecord {
  readonly betId: string;
  readonly userId: string;
  readonly behaviour: string;
  readonly stake: number;
  /** The offer paid, before tax. */
  readonly value: number;
  readonly tax: number;
  /** value − tax: what the wallet credited. */
  readonly net: number;
  /** ⌊potential × probability⌋: the value before the margin. */
  readonly fairValue: number;
  /** What the bet would have paid (gross, before tax) had it run to full time. */
  readonly wouldHavePaid: number;
}

/** The cash-out configuration of a run: the product's defaults with the scenario's margin. */
export const cashOutConfigOf = (marginPercent: number): CashOutConfig => ({
  ...DEFAULT_CASH_OUT_CONFIG,
  marginPercent,
});

/** Whether a single `leg` on `match` is winning at half-time (a full win on the half-time score). */
export const winningAtHalfTime = (leg: Leg, match: SeasonMatch): boolean =>
  leg.period !== 'first_half' &&
  match.halfTime !== null &&
  legPayoff(leg)(match.halfTime.home, match.halfTime.away)[0] === 1;

/**
 * The `CashOutBet` of a running single bet at half-time of `match` (goal rates `rates` for the whole
 * match), accepting the quote's value; `null` when the quote makes no offer (e.g. below the floor).
 * `at` is the half-time instant (ISO-8601).
 */
export const halfTimeCashOut = (
  state: BetState,
  match: SeasonMatch,
  rates: GoalRates,
  config: CashOutConfig,
  at: string,
): CashOutAtQuote | null => {
  if (state.status !== 'awaiting' || match.halfTime === null) return null;
  const pricer = liveMatchPricer({
    matchId: match.id,
    rates,
    clock: { phase: 'half_time', minute: 45, score: match.halfTime, halfTimeScore: match.halfTime },
  });
  const live = state.placed.legs.map((l) => pricer.legLive(l.leg, { status: 'open' }));
  const quote = quoteCashOut(cashOutView(state), { live, config });
  if (!quote.offer) return null;
  return {
    type: 'CashOutBet',
    betId: state.placed.betId,
    at,
    offerId: `${state.placed.betId}:ht`,
    actor: { kind: 'player', id: state.placed.userId },
    offered: quote.value,
    tolerance: 'ACCEPT_ANY',
    live,
    config,
    configVersion: `scenario-margin:${config.marginPercent}`,
  };
};

/**
 * What a single `leg` for `stake` would have paid (gross, TZS, before caps and tax) at full time of
 * `match`: ⌊stake × (win × odds + push)⌋, odds in whole hundredths (integer arithmetic).
 */
export const fullTimePayout = (leg: Leg, stake: number, match: SeasonMatch): number => {
  const [win, push] = legPayoff(leg)(match.fullTime.home, match.fullTime.away);
  const hundredths = Math.round(Number(leg.odds) * 100);
  return Math.floor((stake * hundredths * win * 2 + stake * push * 200) / 200);
};

/**
 * Our goal rates of each match of a matchday starting at `first` (epoch ms): team ratings fitted per
 * league on `known` matches before `first` only (as the matchday's prices), computed on first use.
 */
export const matchdayRates = (
  known: readonly SeasonMatch[],
  first: number,
): ((match: SeasonMatch) => GoalRates) => {
  const ratings = new Map<string, ReturnType<typeof fitTeamRatings>>();
  let earlier: SeasonMatch[] | null = null;
  return (match) => {
    let r = ratings.get(match.league);
    if (!r) {
      earlier ??= known.filter((m) => m.kickoff < first);
      r = fitTeamRatings(match.league, earlier, first);
      ratings.set(match.league, r);
    }
    return predictRates(r, match.home, match.away);
  };
};
