/**
 * The live state of a bet's legs, from the same Dixon-Coles / in-play model that prices the markets
 * (betting-rules §3, §4; docs/pricing-model.md §4): for every open leg, the expected share of its stake
 * that wins and the share refunded on the rest of the match, given the score, the minute and the red
 * cards. Never derived from our own margined price (that overpays, betting-rules §3).
 *
 * Cheap on purpose (issue 20 "Speed"): {@link liveMatchPricer} builds one match's score matrices once
 * and values each distinct selection once; the quote of every bet on the match then reuses them.
 * Probabilities are binary floating point (statistics, not money), as in the pricing model.
 */
import type { OddsText } from '../money/odds.ts';
import {
  DEFAULT_TIME_PROFILE,
  matchMatrices,
  type MatchClock,
  type MatchMatrices,
  type TimeProfile,
} from '../pricing-model/in-play.ts';
import { linePayoff, PAYOFF_LOSE, type Payoff, PAYOFF_PUSH, PAYOFF_WIN } from '../pricing-model/markets.ts';
import { DEFAULT_RHO, forEachScore, type Goals, type GoalRates } from '../pricing-model/score-matrix.ts';
import type { Leg } from '../settlement/markets.ts';

/** A market's state in the catalogue now (the feed's 1 open, 2 suspended, 3 settled). */
export type MarketState = 'open' | 'suspended' | 'settled';

/** spec §9 "goal and corner danger-ball delays": the match is inside one. */
export type LiveDelay = 'goal' | 'danger';

/**
 * The odds state a quote used, recorded on the cash-out so it can be explained and replayed: the match,
 * the feed's version of it, the clock, the model's full-match goal rates and the red cards.
 */
export interface LiveOddsState {
  readonly matchId: string;
  /** The feed's version or sequence of the match state, when it has one. */
  readonly version?: string;
  readonly clock: MatchClock;
  /** Full-match goal rates given to the model (before the red-card adjustment). */
  readonly rates: GoalRates;
  /** Red cards shown so far, per side (0-0 when the feed has none). */
  readonly redCards: Goals;
  /** Dixon-Coles ρ used. */
  readonly rho: number;
}

/**
 * One open leg, live. `win` and `push` are expected shares of the leg's stake (each 0–1, sum ≤ 1) over
 * the final scores still possible: a leg at odds o then returns, on average, o × win + push per unit
 * staked. For a plain win/lose selection `win` is its probability of winning and `push` 0; quarter
 * lines and draw no bet have pushes and halves.
 */
export interface LegLive {
  readonly win: number;
  readonly push: number;
  /** The selection's market now: only `open` gets an offer. */
  readonly marketStatus: MarketState;
  /** A goal or danger-ball delay on the match: no offer meanwhile. */
  readonly delay: LiveDelay | null;
  /** Our offered odds of the selection now, for the record only (never used to price). */
  readonly liveOdds?: OddsText | null;
  readonly state: LiveOddsState;
}

/**
 * Effect of one red card on the full-match goal rates (applied to the goals still to come):
 * the penalised side's rate × `own`, the other side's × `opponent`, once per card.
 */
export interface RedCardEffect {
  readonly own: number;
  readonly opponent: number;
}

/**
 * ASSUMPTION (decision 0019): a side down to ten scores about 30% less and concedes about 20% more.
 * The direction is well established; the figures are a round first guess to calibrate on our data.
 */
export const DEFAULT_RED_CARD_EFFECT: RedCardEffect = { own: 0.7, opponent: 1.2 };

/** One match as the live model needs it (the demo feed or a real feed's match state). */
export interface LiveMatch {
  readonly matchId: string;
  readonly version?: string;
  /** Full-match goal rates (e.g. `fitGoalRates` on the pre-match prices). */
  readonly rates: GoalRates;
  readonly clock: MatchClock;
  readonly redCards?: Goals;
  readonly delay?: LiveDelay | null;
  readonly rho?: number;
  readonly profile?: TimeProfile;
  readonly redCardEffect?: RedCardEffect;
}

/** Full-match rates after `redCards` (see {@link RedCardEffect}). */
export const ratesAfterRedCards = (
  rates: GoalRates,
  redCards: Goals,
  effect: RedCardEffect = DEFAULT_RED_CARD_EFFECT,
): GoalRates => ({
  home: rates.home * effect.own ** redCards.home * effect.opponent ** redCards.away,
  away: rates.away * effect.own ** redCards.away * effect.opponent ** redCards.home,
});

/** Share of the stake that wins and share refunded on one final score of the leg's period. */
export type LegPayoff = Payoff;

const WIN = PAYOFF_WIN;
const LOSE = PAYOFF_LOSE;
const PUSH = PAYOFF_PUSH;
const wins = (won: boolean): LegPayoff => (won ? WIN : LOSE);

const quarters = (line: string): number => Math.round(Number(line) * 4);

/**
 * How `leg` pays on a final score (home, away) of its period, with the settlement engine's conventions
 * (settlement/markets.ts: over/under goal line, the picked side's Asian handicap, quarter lines split,
 * draw no bet refunds a draw). Property-tested against `settleOnScore`.
 */
export const legPayoff = (leg: Leg): ((home: number, away: number) => LegPayoff) => {
  switch (leg.market) {
    case '1x2':
      return leg.pick === 'home'
        ? (h, a) => wins(h > a)
        : leg.pick === 'away'
          ? (h, a) => wins(h < a)
          : (h, a) => wins(h === a);
    case 'double_chance':
      return leg.pick === '1X'
        ? (h, a) => wins(h >= a)
        : leg.pick === 'X2'
          ? (h, a) => wins(h <= a)
          : (h, a) => wins(h !== a);
    case 'both_teams_to_score':
      return leg.pick === 'yes' ? (h, a) => wins(h > 0 && a > 0) : (h, a) => wins(h === 0 || a === 0);
    case 'correct_score': {
      const [ph, pa] = leg.pick.split('-').map(Number);
      return (h, a) => wins(h === ph && a === pa);
    }
    case 'draw_no_bet':
      return leg.pick === 'home'
        ? (h, a) => (h === a ? PUSH : wins(h > a))
        : (h, a) => (h === a ? PUSH : wins(h < a));
    case 'over_under': {
      const line4 = quarters(leg.line);
      return leg.pick === 'over'
        ? (h, a) => linePayoff(4 * (h + a), -line4)
        : (h, a) => linePayoff(-4 * (h + a), line4);
    }
    case 'asian_handicap': {
      const line4 = quarters(leg.line);
      return leg.pick === 'home'
        ? (h, a) => linePayoff(4 * (h - a), line4)
        : (h, a) => linePayoff(4 * (a - h), line4);
    }
  }
};

/** Expected win and push shares of `leg` on the matrices of its match. */
export const legShares = (leg: Leg, matrices: MatchMatrices): { win: number; push: number } => {
  const payoff = legPayoff(leg);
  let win = 0;
  let push = 0;
  forEachScore(leg.period === 'first_half' ? matrices.firstHalf : matrices.fullTime, (h, a, p) => {
    const [w, u] = payoff(h, a);
    win += p * w;
    push += p * u;
  });
  return { win: Math.min(win, 1), push: Math.min(push, 1 - Math.min(win, 1)) };
};

const legKey = (leg: Leg): string =>
  `${leg.market}|${leg.period ?? 'full_time'}|${leg.pick}|${'line' in leg ? leg.line : ''}`;

/** One match's live model, computed once and shared by every bet on the match. */
export interface LiveMatchPricer {
  readonly state: LiveOddsState;
  /**
   * The live state of a leg on this match: its shares (each distinct selection valued once, then
   * cached), with the market's status and our live odds as the catalogue has them now.
   */
  legLive(leg: Leg, market: { readonly status: MarketState; readonly liveOdds?: OddsText | null }): LegLive;
}

/**
 * Builds the score matrices of `match` once (red cards applied to the rates, then the in-play clock:
 * docs/pricing-model.md §4). Throws `RangeError` on an inconsistent clock or negative rates, as
 * `matchMatrices` does.
 */
export const liveMatchPricer = (match: LiveMatch): LiveMatchPricer => {
  const redCards = match.redCards ?? { home: 0, away: 0 };
  const rho = match.rho ?? DEFAULT_RHO;
  const matrices = matchMatrices(
    ratesAfterRedCards(match.rates, redCards, match.redCardEffect),
    match.clock,
    rho,
    match.profile ?? DEFAULT_TIME_PROFILE,
  );
  const state: LiveOddsState = {
    matchId: match.matchId,
    ...(match.version === undefined ? {} : { version: match.version }),
    clock: match.clock,
    rates: match.rates,
    redCards,
    rho,
  };
  const delay = match.delay ?? null;
  const cache = new Map<string, { win: number; push: number }>();
  return {
    state,
    legLive: (leg, market) => {
      const key = legKey(leg);
      let shares = cache.get(key);
      if (!shares) {
        shares = legShares(leg, matrices);
        cache.set(key, shares);
      }
      return {
        win: shares.win,
        push: shares.push,
        marketStatus: market.status,
        delay,
        ...(market.liveOdds === undefined ? {} : { liveOdds: market.liveOdds }),
        state,
      };
    },
  };
};
