/**
 * Hot and cold statistics of the racing screens (spec §9 "Hot and cold statistics cover the last 100
 * games"; issue 19 "each car's wins, odd/even and big/small runs"). Pure: takes the finishing orders of
 * recent rounds, newest first.
 */
import { CAR_COUNT, SMALL_MAX_CAR } from './rules.ts';

/** Rounds the statistics cover (spec §9). */
export const HOT_COLD_ROUNDS = 100;

/** How many cars are named hot and cold. */
export const HOT_COLD_CARS = 3;

/** A run of the same outcome ending with the newest round. */
export interface Run<Option extends string> {
  readonly option: Option;
  readonly length: number;
}

export interface CarStats {
  readonly car: number;
  /** Wins (champion) in the covered rounds. */
  readonly wins: number;
  /** Rounds since this car last won (0 = it won the newest); `null` = no win in the covered rounds. */
  readonly roundsSinceWin: number | null;
}

export interface HotColdStats {
  /** Rounds covered (at most {@link HOT_COLD_ROUNDS}). */
  readonly rounds: number;
  readonly cars: readonly CarStats[];
  /** The cars with most wins, most first (ties: the more recent winner first, then the lower number). */
  readonly hot: readonly number[];
  /** The cars with fewest wins, fewest first (ties: the longer drought first, then the lower number). */
  readonly cold: readonly number[];
  readonly odd: number;
  readonly even: number;
  readonly big: number;
  readonly small: number;
  /** The current odd/even and big/small runs; `null` with no rounds. */
  readonly oddEvenRun: Run<'odd' | 'even'> | null;
  readonly bigSmallRun: Run<'big' | 'small'> | null;
}

const runOf = <O extends string>(outcomes: readonly O[]): Run<O> | null => {
  const first = outcomes[0];
  if (first === undefined) return null;
  let length = 1;
  while (outcomes[length] === first) length += 1;
  return { option: first, length };
};

/** Statistics of the newest {@link HOT_COLD_ROUNDS} of `orders` (finishing orders, newest first). */
export const hotColdStats = (orders: readonly (readonly number[])[]): HotColdStats => {
  const champions = orders.slice(0, HOT_COLD_ROUNDS).map((order) => order[0] as number);
  const cars = Array.from({ length: CAR_COUNT }, (_, i): CarStats => {
    const car = i + 1;
    const last = champions.indexOf(car);
    return { car, wins: champions.filter((c) => c === car).length, roundsSinceWin: last < 0 ? null : last };
  });
  const drought = (s: CarStats) => s.roundsSinceWin ?? Infinity;
  const hot = [...cars]
    .sort((a, b) => b.wins - a.wins || drought(a) - drought(b) || a.car - b.car)
    .slice(0, HOT_COLD_CARS)
    .map((s) => s.car);
  const cold = [...cars]
    .sort((a, b) => a.wins - b.wins || drought(b) - drought(a) || a.car - b.car)
    .slice(0, HOT_COLD_CARS)
    .map((s) => s.car);
  const oddEven = champions.map((c) => (c % 2 === 1 ? ('odd' as const) : ('even' as const)));
  const bigSmall = champions.map((c) => (c <= SMALL_MAX_CAR ? ('small' as const) : ('big' as const)));
  return {
    rounds: champions.length,
    cars,
    hot,
    cold,
    odd: oddEven.filter((o) => o === 'odd').length,
    even: oddEven.filter((o) => o === 'even').length,
    big: bigSmall.filter((o) => o === 'big').length,
    small: bigSmall.filter((o) => o === 'small').length,
    oddEvenRun: runOf(oddEven),
    bigSmallRun: runOf(bigSmall),
  };
};
