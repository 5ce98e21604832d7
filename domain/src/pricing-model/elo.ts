/**
 * Team strength for matches without bookmaker prices (issue 16 point 6; docs/pricing-model.md §6): an
 * Elo rating of national teams computed from past results only, turned into goal rates that the rest
 * of the pricing model (score matrix, markets, margin) prices as it prices fitted rates.
 *
 * The rating follows the World Football Elo method (eloratings.net): a weight K by tournament, a
 * goal-difference multiplier, a home advantage of 100 points unless the venue is neutral. Ratings are
 * statistics, binary floating point, never money.
 */
import { scoreMatrix, headlineProbabilities, DEFAULT_RHO, type GoalRates } from './score-matrix.ts';

/** One played international match (`international/results.csv` row). Dates are `YYYY-MM-DD`. */
export interface PlayedMatch {
  readonly date: string;
  readonly home: string;
  readonly away: string;
  /** Full-time goals (ordinary and extra time, as the file gives them). */
  readonly homeGoals: number;
  readonly awayGoals: number;
  /** Tournament name, e.g. 'Friendly', 'FIFA World Cup qualification'. */
  readonly tournament: string;
  /** True when neither side played at home. */
  readonly neutral: boolean;
}

/** Settings of the rating; every field has the World Football Elo default. */
export interface EloOptions {
  /** Rating of a team before its first match (default 1500). */
  readonly initial?: number;
  /** Points added to the home side's rating when the venue is not neutral (default 100). */
  readonly homeAdvantage?: number;
}

/** Defaults of {@link EloOptions}. */
export const DEFAULT_ELO = { initial: 1500, homeAdvantage: 100 } as const;

/**
 * The weight K of a match by its tournament (World Football Elo): 60 World Cup finals, 50 continental
 * finals and major intercontinental tournaments, 40 World Cup and continental qualifiers and the
 * Nations Leagues, 20 friendlies, 30 any other tournament.
 */
export const eloWeight = (tournament: string): number => {
  const t = tournament.toLowerCase();
  if (t === 'friendly') return 20;
  if (t.includes('qualification') || t.includes('nations league')) return 40;
  if (t === 'fifa world cup') return 60;
  if (
    t === 'uefa euro' ||
    t === 'copa américa' ||
    t === 'african cup of nations' ||
    t === 'afc asian cup' ||
    t === 'gold cup' ||
    t === 'confederations cup' ||
    t === 'oceania nations cup'
  )
    return 50;
  return 30;
};

/** Goal-difference multiplier: 1 for a draw or one goal, 1.5 for two, (11 + n) / 8 for n ≥ 3. */
export const goalDifferenceMultiplier = (difference: number): number => {
  const n = Math.abs(difference);
  if (n <= 1) return 1;
  if (n === 2) return 1.5;
  return (11 + n) / 8;
};

/** Expected result (win 1, draw ½) of a side rated `difference` points above its opponent. */
export const expectedResult = (difference: number): number => 1 / (1 + 10 ** (-difference / 400));

/**
 * Ratings of every team over time, queried for a date: `ratingBefore(team, date)` uses only matches
 * played strictly before `date` (no lookahead: a match's own result never prices it).
 */
export interface EloHistory {
  /** Rating from matches before `date` (`YYYY-MM-DD`); the initial rating for an unknown team. */
  ratingBefore(team: string, date: string): number;
  /** True when the team played at least one match before `date`. */
  knows(team: string, date: string): boolean;
}

/**
 * Runs the Elo update over `matches` in date order (the order of the input within a date) and keeps
 * each team's rating after each match. Matches with a non-integer or negative score are skipped.
 * Pure; O(n log n) to build, O(log n) per query.
 */
export const eloHistory = (matches: readonly PlayedMatch[], options: EloOptions = {}): EloHistory => {
  const initial = options.initial ?? DEFAULT_ELO.initial;
  const homeAdvantage = options.homeAdvantage ?? DEFAULT_ELO.homeAdvantage;
  const sorted = matches
    .map((m, i) => ({ m, i }))
    .sort((a, b) => (a.m.date < b.m.date ? -1 : a.m.date > b.m.date ? 1 : a.i - b.i))
    .map(({ m }) => m);
  const current = new Map<string, number>();
  /** Per team: dates (ascending) and the rating after the match on that date. */
  const timeline = new Map<string, { dates: string[]; ratings: number[] }>();
  const record = (team: string, date: string, rating: number) => {
    current.set(team, rating);
    const t = timeline.get(team) ?? { dates: [], ratings: [] };
    timeline.set(team, t);
    t.dates.push(date);
    t.ratings.push(rating);
  };
  for (const m of sorted) {
    const { homeGoals: hg, awayGoals: ag } = m;
    if (!Number.isInteger(hg) || !Number.isInteger(ag) || hg < 0 || ag < 0) continue;
    const rh = current.get(m.home) ?? initial;
    const ra = current.get(m.away) ?? initial;
    const expected = expectedResult(rh - ra + (m.neutral ? 0 : homeAdvantage));
    const actual = hg > ag ? 1 : hg === ag ? 0.5 : 0;
    const change = eloWeight(m.tournament) * goalDifferenceMultiplier(hg - ag) * (actual - expected);
    record(m.home, m.date, rh + change);
    record(m.away, m.date, ra - change);
  }
  /** Index of the last entry dated before `date`, or −1. */
  const lastBefore = (dates: readonly string[], date: string): number => {
    let [lo, hi] = [0, dates.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (dates[mid]! < date) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  };
  return {
    ratingBefore(team, date) {
      const t = timeline.get(team);
      if (!t) return initial;
      const k = lastBefore(t.dates, date);
      return k < 0 ? initial : t.ratings[k]!;
    },
    knows(team, date) {
      const t = timeline.get(team);
      return t !== undefined && lastBefore(t.dates, date) >= 0;
    },
  };
};

/** Settings of {@link eloGoalRates}. */
export interface EloRatesOptions {
  /** Points added to the home side unless `neutral` (default 100, as the rating). */
  readonly homeAdvantage?: number;
  /** Total expected goals of two equal sides (default 2.6, about the international average). */
  readonly evenTotal?: number;
  /** Dixon-Coles ρ of the matrix (default {@link DEFAULT_RHO}). */
  readonly rho?: number;
  /**
   * Factor on the rating difference before it becomes an expected result (default
   * {@link ELO_DIFFERENCE_SCALE}).
   */
  readonly differenceScale?: number;
}

/**
 * 0.85: the factor on the rating difference with the lowest Brier score of the expected result over the
 * 15,506 internationals of 2010–2025 in `results.csv`, each rated from earlier matches only (0.1312
 * against 0.1322 unscaled; 0.8 and 0.9 within 0.0002). Measured once, docs/pricing-model.md §6.
 */
export const ELO_DIFFERENCE_SCALE = 0.85;

const MIN_RATE = 0.05;
const MAX_RATE = 8;

/**
 * Goal rates for a match between sides rated `home` and `away` (Elo points): the rates whose Dixon-Coles
 * matrix gives the home side the Elo expected result, P(home win) + ½ P(draw) = 1 / (1 + 10^(−s·d/400))
 * with d = home − away (+ home advantage unless `neutral`) and s = `differenceScale`. The rates are λ = (T/2)·eˣ and μ = (T/2)·e⁻ˣ
 * with T = `evenTotal`: equal sides expect T goals, and a mismatch expects more (λ·μ stays (T/2)²), as
 * lopsided internationals do. x is found by bisection (the expected result rises with x); rates are
 * kept in 0.05 … 8 like {@link fitGoalRates}.
 */
export const eloGoalRates = (
  home: number,
  away: number,
  neutral: boolean,
  options: EloRatesOptions = {},
): GoalRates => {
  const homeAdvantage = options.homeAdvantage ?? DEFAULT_ELO.homeAdvantage;
  const half = (options.evenTotal ?? 2.6) / 2;
  const rho = options.rho ?? DEFAULT_RHO;
  const scale = options.differenceScale ?? ELO_DIFFERENCE_SCALE;
  const target = expectedResult(scale * (home - away + (neutral ? 0 : homeAdvantage)));
  const clamp = (r: number) => Math.min(MAX_RATE, Math.max(MIN_RATE, r));
  const ratesAt = (x: number): GoalRates => ({
    home: clamp(half * Math.exp(x)),
    away: clamp(half * Math.exp(-x)),
  });
  const resultAt = (x: number) => {
    const p = headlineProbabilities(scoreMatrix(ratesAt(x), rho));
    return p.home + p.draw / 2;
  };
  const limit = Math.log(MAX_RATE / half);
  let [lo, hi] = [-limit, limit];
  for (let k = 0; k < 60 && hi - lo > 1e-9; k++) {
    const mid = (lo + hi) / 2;
    if (resultAt(mid) < target) lo = mid;
    else hi = mid;
  }
  return ratesAt((lo + hi) / 2);
};
