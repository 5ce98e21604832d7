/**
 * The bettor population model (docs/simulations.md "Bettors"; issue 17 item 3). Pure: a bettor's
 * choices on a matchday depend only on the offers, the bettor and a seeded {@link Rng}.
 *
 * - `favourite`: backs the shortest-priced 1X2 outcome: a single, or a double on the two shortest.
 * - `longshot_acca`: an accumulator of 5–15 legs (uniform), each an outcome priced 2.20–8.00 on a
 *   different match; needs at least 5 matches on the matchday.
 * - `value`: singles where our offered odds beat the bookmakers' closing price after its margin is
 *   removed (odds × fair closing probability > 1 + {@link VALUE_EDGE}); at most 3 a matchday, best first.
 * - `casual`: 1–3 legs on random open outcomes of 1X2, double chance, both teams to score, over/under
 *   2.5 and correct score, priced at most {@link CASUAL_MAX_ODDS}.
 * - `pool_player`: no football bets; jackpot and Lucky Six tickets each week (pool.ts).
 * - `racing_player`: no football bets; virtual racing orders in racing coin on each matchday (racing.ts).
 *
 * Stakes are log-normal (median and σ per behaviour, {@link DEFAULT_STAKES}), rounded to 100 TZS and
 * kept within the configuration's stake limits (spec §5, `stakeLimits`).
 */
import { BET_AMOUNT_STEP, type Market, type Period, type StakeLimits } from '@bashiri/domain';
import { shuffled, weightedPick, type Rng } from './rand.ts';
import type { Behaviour } from './scenario.ts';

/** One bettable outcome of a match on the matchday. */
export interface Offer {
  readonly matchId: string;
  readonly league: string;
  readonly home: string;
  readonly away: string;
  readonly kickoff: number;
  readonly market: Market;
  readonly period: Period;
  readonly line?: string;
  readonly pick: string;
  /** Offered decimal odds as text (2 dp). */
  readonly odds: string;
  /** The same as a number, for choosing only (never for money). */
  readonly price: number;
  /** Fair probability from the bookmakers' closing prices (1X2 and over/under 2.5 only), when known. */
  readonly closingFair?: number;
}

/** A bet a bettor wants to place: its legs (one per match) and stake (TZS). */
export interface BetIntent {
  readonly legs: readonly Offer[];
  readonly stake: number;
}

/** A simulated bettor. */
export interface Bettor {
  readonly userId: string;
  readonly behaviour: Behaviour;
  /** First deposit, TZS. */
  readonly firstDeposit: number;
}

/** Stake distributions per behaviour: log-normal median (TZS) and σ of the log. */
export const DEFAULT_STAKES: Readonly<Record<Behaviour, { medianTzs: number; sigma: number }>> = {
  favourite: { medianTzs: 5_000, sigma: 0.9 },
  longshot_acca: { medianTzs: 1_000, sigma: 0.7 },
  value: { medianTzs: 10_000, sigma: 0.8 },
  casual: { medianTzs: 2_000, sigma: 0.9 },
  /** Not used: a pool ticket costs lines × the type's bet amount (pool.ts). */
  pool_player: { medianTzs: 1_000, sigma: 0 },
  /** The single amount of a racing order (a Luck Racing ticket has the fixed `luckRacingStake`). */
  racing_player: { medianTzs: 500, sigma: 0.8 },
};
/** How much more or less often than `activity` each behaviour bets on a matchday. */
export const ACTIVITY_FACTOR: Readonly<Record<Behaviour, number>> = {
  favourite: 1,
  longshot_acca: 1,
  value: 1,
  casual: 0.8,
  pool_player: 1,
  racing_player: 1,
};
/** Least edge over the closing line that the value bettor takes. */
export const VALUE_EDGE = 0.02;
/** Odds range of a longshot accumulator's legs. */
export const LONGSHOT_ODDS = { min: 2.2, max: 8 } as const;
export const ACCA_LEGS = { min: 5, max: 15 } as const;

/** A stake: log-normal, rounded to the 100 TZS step, within `limits` (whole TZS). */
export const drawStake = (rng: Rng, median: number, sigma: number, limits: StakeLimits): number => {
  const raw = Math.round(rng.logNormal(median, sigma) / BET_AMOUNT_STEP) * BET_AMOUNT_STEP;
  const min = Math.ceil(Math.max(limits.minimum, BET_AMOUNT_STEP) / BET_AMOUNT_STEP) * BET_AMOUNT_STEP;
  const max = Math.floor(limits.maximum / BET_AMOUNT_STEP) * BET_AMOUNT_STEP;
  return Math.min(Math.max(raw, min), max);
};

/** Chooses the behaviour of bettor number `index` from the normalised `mix` (deterministic in `rng`). */
export const drawBehaviour = (rng: Rng, mix: Partial<Record<Behaviour, number>>): Behaviour =>
  weightedPick(
    rng,
    (Object.entries(mix) as [Behaviour, number | undefined][])
      .map(([b, w]) => [b, w ?? 0] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/** The casual bettor leaves out outcomes priced above this (a 9-2 correct score, say). */
export const CASUAL_MAX_ODDS = 15;
const CASUAL_MARKETS: ReadonlySet<Market> = new Set([
  '1x2',
  'double_chance',
  'both_teams_to_score',
  'correct_score',
]);

/** A matchday's offers arranged once for every bettor's choice (built by {@link buildMenu}). */
export interface Menu {
  /** Per match (in the offers' order): the candidates of each behaviour. */
  readonly matches: readonly {
    readonly matchId: string;
    readonly longshots: readonly Offer[];
    readonly casual: readonly Offer[];
  }[];
  /** The shortest full-time 1X2 outcome of each match, shortest first. */
  readonly favourites: readonly Offer[];
  /** Offers beating the closing line by more than {@link VALUE_EDGE}, best first, one per match. */
  readonly value: readonly Offer[];
}

/** Arranges a matchday's offers for {@link chooseLegs}. */
export const buildMenu = (offers: readonly Offer[]): Menu => {
  const byMatch = new Map<string, Offer[]>();
  for (const o of offers) {
    const list = byMatch.get(o.matchId);
    if (list) list.push(o);
    else byMatch.set(o.matchId, [o]);
  }
  const matches = [...byMatch.entries()].map(([matchId, list]) => ({
    matchId,
    longshots: list.filter(
      (o) =>
        (o.market === '1x2' || o.market === 'both_teams_to_score' || o.market === 'over_under') &&
        o.period === 'full_time' &&
        o.price >= LONGSHOT_ODDS.min &&
        o.price <= LONGSHOT_ODDS.max,
    ),
    casual: list.filter(
      (o) =>
        o.price <= CASUAL_MAX_ODDS &&
        (CASUAL_MARKETS.has(o.market) || (o.market === 'over_under' && o.line === '2.5')),
    ),
  }));
  const favourites = [...byMatch.values()]
    .map(
      (list) =>
        list
          .filter((o) => o.market === '1x2' && o.period === 'full_time')
          .sort((a, b) => a.price - b.price)[0],
    )
    .filter((o): o is Offer => o !== undefined)
    .sort((a, b) => a.price - b.price || a.matchId.localeCompare(b.matchId));
  const seen = new Set<string>();
  const value = offers
    .filter((o) => o.closingFair !== undefined && o.price * o.closingFair - 1 > VALUE_EDGE)
    .map((o) => ({ o, edge: o.price * o.closingFair! - 1 }))
    .sort((a, b) => b.edge - a.edge || a.o.matchId.localeCompare(b.o.matchId))
    .map(({ o }) => o)
    .filter((o) => !seen.has(o.matchId) && seen.add(o.matchId) !== undefined);
  return { matches, favourites, value };
};

/** The slips (legs, one per match) a bettor of `behaviour` picks from the matchday's `menu`, before the stake. */
export const chooseLegs = (behaviour: Behaviour, menu: Menu, rng: Rng): Offer[][] => {
  switch (behaviour) {
    case 'favourite': {
      if (menu.favourites.length === 0) return [];
      const pool = menu.favourites.slice(0, 4);
      const first = pool[rng.int(pool.length)]!;
      if (pool.length >= 2 && rng.chance(0.3)) {
        const second = pool.filter((o) => o !== first)[rng.int(pool.length - 1)]!;
        return [[first, second]];
      }
      return [[first]];
    }
    case 'longshot_acca': {
      if (menu.matches.length < ACCA_LEGS.min) return [];
      const want = Math.min(ACCA_LEGS.min + rng.int(ACCA_LEGS.max - ACCA_LEGS.min + 1), menu.matches.length);
      const legs: Offer[] = [];
      for (const m of shuffled(rng, menu.matches)) {
        if (m.longshots.length > 0) legs.push(m.longshots[rng.int(m.longshots.length)]!);
        if (legs.length === want) break;
      }
      return legs.length >= ACCA_LEGS.min ? [legs] : [];
    }
    case 'value':
      return menu.value.slice(0, 3).map((o) => [o]);
    case 'pool_player':
    case 'racing_player':
      // Pool players buy jackpot and Lucky Six tickets (pool.ts), racing players racing orders
      // (racing.ts): no football bets.
      return [];
    case 'casual': {
      const n = Math.min(1 + rng.int(3), menu.matches.length);
      const legs: Offer[] = [];
      for (const m of shuffled(rng, menu.matches).slice(0, n)) {
        if (m.casual.length > 0) legs.push(m.casual[rng.int(m.casual.length)]!);
      }
      return legs.length > 0 ? [legs] : [];
    }
  }
};
