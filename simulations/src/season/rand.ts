/**
 * Seeded randomness of the simulator (never `Math.random`): pure-rand's xoroshiro128+ with helpers for
 * the distributions the bettor model uses. One generator per purpose (population, each matchday) derived
 * from the scenario seed, so that the same scenario and seed give the same run number for number.
 */
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/** A stream of uniform numbers in [0, 1) with distribution helpers. Mutable (it advances). */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** Standard normal (Box–Muller). */
  normal(): number;
  /** Log-normal with median `median` and σ `sigma` of the log. */
  logNormal(median: number, sigma: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
}

/** 32-bit FNV-1a hash of a text: mixes a label into a seed. */
const fnv1a = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

/** A generator for `seed` and a purpose label (e.g. `matchday:E0:2023-08-11`). */
export const rngFor = (seed: number, label: string): Rng => {
  const g = xoroshiro128plus((seed ^ fnv1a(label)) | 0);
  const next = () => uniformFloat64(g);
  return {
    next,
    int: (n) => Math.floor(next() * n),
    normal: () => {
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    logNormal(median, sigma) {
      return median * Math.exp(sigma * this.normal());
    },
    chance: (p) => next() < p,
  };
};

/** `items` in a random order (Fisher–Yates driven by `rng`; `items` is left as it is). */
export const shuffled = <T>(rng: Rng, items: readonly T[]): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

/**
 * One of `entries`' values drawn with their weights, in the order given (entries of weight 0 or less
 * are never drawn; at least one must be positive). One `rng.next()` per draw.
 */
export const weightedPick = <T>(rng: Rng, entries: readonly (readonly [T, number])[]): T => {
  const positive = entries.filter(([, w]) => w > 0);
  const total = positive.reduce((s, [, w]) => s + w, 0);
  let x = rng.next() * total;
  for (const [value, w] of positive) if ((x -= w) < 0) return value;
  return positive[positive.length - 1]![0];
};
