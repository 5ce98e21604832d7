/**
 * Team ratings fitted with NO lookahead (issue 17 item 2; docs/simulations.md "Pricing"): before each
 * matchday, attack and defence strengths of every team of a league are fitted only on matches that
 * kicked off before the matchday starts. Each past match contributes its goals blended with the goal
 * rates the domain's pricing model (`fitGoalRates`, betting-rules §4) fits to its closing prices — a
 * far less noisy signal than goals alone, and known at that match's kick-off. Recent matches weigh more
 * (half-life {@link HALF_LIFE_DAYS} days). The rates of a match to price are then
 * home = μ_home × attack(home) × defence(away), away = μ_away × attack(away) × defence(home).
 */
import { fitGoalRates, type GoalRates } from '@bashiri/domain';
import type { SeasonMatch } from './data.ts';

/** A match's weight halves every this many days before the matchday. */
export const HALF_LIFE_DAYS = 60;
/** Share of the market-fitted goal rates in a past match's observation (the rest is the goals scored): 1 = market only, when it has prices. */
export const MARKET_WEIGHT = 1;
/** Pseudo-matches at strength 1 that shrink a team with little history towards the league average. */
export const SHRINK_MATCHES = 0.5;
/** Strengths of a team absent from the history while others are present (promoted): weaker attack and defence. */
export const NEWCOMER = { attack: 0.85, defence: 1.15 } as const;
/** League means used when there is no history at all. */
export const DEFAULT_MEANS = { home: 1.5, away: 1.2 } as const;

const DAY_MS = 86_400_000;

/** A fitted rating table of one league at one instant. */
export interface TeamRatings {
  readonly league: string;
  /** Only matches that kicked off strictly before this instant (UTC epoch ms) were used. */
  readonly asOf: number;
  readonly matchesUsed: number;
  /** Weighted mean goals of home and away sides. */
  readonly means: { readonly home: number; readonly away: number };
  readonly attack: ReadonlyMap<string, number>;
  readonly defence: ReadonlyMap<string, number>;
}

/** A history that contains a match at or after the instant being priced (a bug: lookahead). */
export class LookaheadError extends Error {
  override readonly name = 'LookaheadError';
}

const marketRates = new WeakMap<SeasonMatch['closing'], GoalRates | null>();

/** Goal rates fitted to a match's closing prices (cached per prices object), or null without 1X2 prices. */
export const closingRates = (m: SeasonMatch): GoalRates | null => {
  const cached = marketRates.get(m.closing);
  if (cached !== undefined) return cached;
  const p = m.closing.oneXTwo;
  const ou = m.closing.overUnder25;
  const rates = p
    ? fitGoalRates({ ...p, ...(ou ? { over25: ou.over, under25: ou.under } : {}) }).rates
    : null;
  marketRates.set(m.closing, rates);
  return rates;
};

/**
 * Fits attack/defence strengths of `league` on `history` (matches of that league before `asOf`).
 * Throws {@link LookaheadError} when any match in `history` kicked off at or after `asOf`.
 */
export const fitTeamRatings = (
  league: string,
  history: readonly SeasonMatch[],
  asOf: number,
): TeamRatings => {
  const used = history.filter((m) => m.league === league);
  const leak = used.find((m) => m.kickoff >= asOf);
  if (leak)
    throw new LookaheadError(`match ${leak.id} (${leak.home}–${leak.away}) is not before the matchday`);
  const obs = used.map((m) => {
    const market = closingRates(m);
    const blend = (goals: number, rate: number | undefined) =>
      rate === undefined ? goals : MARKET_WEIGHT * rate + (1 - MARKET_WEIGHT) * goals;
    return {
      home: m.home,
      away: m.away,
      w: 0.5 ** ((asOf - m.kickoff) / DAY_MS / HALF_LIFE_DAYS),
      h: blend(m.fullTime.home, market?.home),
      a: blend(m.fullTime.away, market?.away),
    };
  });
  const totalW = obs.reduce((s, o) => s + o.w, 0);
  const means =
    totalW > 0
      ? {
          home: obs.reduce((s, o) => s + o.w * o.h, 0) / totalW,
          away: obs.reduce((s, o) => s + o.w * o.a, 0) / totalW,
        }
      : { ...DEFAULT_MEANS };
  const teams = [...new Set(obs.flatMap((o) => [o.home, o.away]))].sort();
  const index = new Map(teams.map((t, i) => [t, i]));
  // The observations as typed arrays (the fit's inner loops run 25 times over every past match): the
  // same products in the same order as (w × mean) × strength, so the result is bit for bit the same.
  const m = obs.length;
  const hi = new Int32Array(m);
  const ai = new Int32Array(m);
  const wh = new Float64Array(m);
  const wa = new Float64Array(m);
  const wMeanHome = new Float64Array(m);
  const wMeanAway = new Float64Array(m);
  for (let r = 0; r < m; r++) {
    const o = obs[r]!;
    hi[r] = index.get(o.home)!;
    ai[r] = index.get(o.away)!;
    wh[r] = o.w * o.h;
    wa[r] = o.w * o.a;
    wMeanHome[r] = o.w * means.home;
    wMeanAway[r] = o.w * means.away;
  }
  const n = teams.length;
  const att = new Float64Array(n).fill(1);
  const def = new Float64Array(n).fill(1);
  const k = SHRINK_MATCHES;
  const num = new Float64Array(n);
  const den = new Float64Array(n);
  for (let iter = 0; iter < 25; iter++) {
    num.fill(k);
    den.fill(k);
    for (let r = 0; r < m; r++) {
      const h = hi[r]!;
      const a = ai[r]!;
      num[h] = num[h]! + wh[r]!;
      den[h] = den[h]! + wMeanHome[r]! * def[a]!;
      num[a] = num[a]! + wa[r]!;
      den[a] = den[a]! + wMeanAway[r]! * def[h]!;
    }
    for (let t = 0; t < n; t++) att[t] = num[t]! / den[t]!;
    num.fill(k);
    den.fill(k);
    for (let r = 0; r < m; r++) {
      const h = hi[r]!;
      const a = ai[r]!;
      num[h] = num[h]! + wa[r]!;
      den[h] = den[h]! + wMeanAway[r]! * att[a]!;
      num[a] = num[a]! + wh[r]!;
      den[a] = den[a]! + wMeanHome[r]! * att[h]!;
    }
    for (let t = 0; t < n; t++) def[t] = num[t]! / den[t]!;
  }
  const attack = new Map(teams.map((t, i) => [t, att[i]!]));
  const defence = new Map(teams.map((t, i) => [t, def[i]!]));
  return { league, asOf, matchesUsed: used.length, means, attack, defence };
};

/** Expected full-time goals of `home` v `away` under `ratings` (newcomers: {@link NEWCOMER}). */
export const predictRates = (ratings: TeamRatings, home: string, away: string): GoalRates => {
  const known = ratings.attack.size > 0;
  const att = (t: string) => ratings.attack.get(t) ?? (known ? NEWCOMER.attack : 1);
  const def = (t: string) => ratings.defence.get(t) ?? (known ? NEWCOMER.defence : 1);
  const clamp = (x: number) => Math.min(Math.max(x, 0.1), 6);
  return {
    home: clamp(ratings.means.home * att(home) * def(away)),
    away: clamp(ratings.means.away * att(away) * def(home)),
  };
};
