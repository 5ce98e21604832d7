/**
 * Removing the bookmaker's margin from a set of decimal odds (betting-rules §4 first step). Three
 * methods, compared in docs/pricing-model.md §1:
 * - `proportional`: p_i = (1/o_i) / Σ(1/o_j) (the overround taken evenly in proportion);
 * - `power`: p_i = (1/o_i)^k with k such that Σ p_i = 1 (more margin taken from long shots, which
 *   matches the favourite-longshot bias; our default);
 * - `shin`: Shin (1993) insider-trading model, solved for z by bisection.
 */

/** How {@link removeMargin} spreads the overround. */
export type DemarginMethod = 'proportional' | 'power' | 'shin';

/** Default method: see docs/pricing-model.md §1. */
export const DEFAULT_DEMARGIN: DemarginMethod = 'power';

const bisect = (f: (x: number) => number, lo: number, hi: number): number => {
  // f is monotone on [lo, hi] with a sign change; 100 halvings reach double precision.
  let a = lo;
  let b = hi;
  const fa = f(a);
  for (let i = 0; i < 100; i++) {
    const mid = (a + b) / 2;
    if (Math.sign(f(mid)) === Math.sign(fa)) a = mid;
    else b = mid;
  }
  return (a + b) / 2;
};

/**
 * Fair probabilities (summing to 1, same order) from the decimal odds of one market's complete set of
 * outcomes, e.g. `[2.10, 3.40, 3.60]`. Odds are plain numbers here (statistics, not money). Throws
 * `RangeError` when fewer than two odds are given or any is not a number > 1. A book below 100%
 * (arbitrage) is scaled up proportionally whatever the method.
 */
export const removeMargin = (
  odds: readonly number[],
  method: DemarginMethod = DEFAULT_DEMARGIN,
): number[] => {
  if (odds.length < 2 || odds.some((o) => !(o > 1) || !Number.isFinite(o)))
    throw new RangeError(`need two or more decimal odds > 1, got ${odds.join(', ')}`);
  const implied = odds.map((o) => 1 / o);
  const book = implied.reduce((s, p) => s + p, 0);
  if (method === 'proportional' || book <= 1) return implied.map((p) => p / book);
  if (method === 'power') {
    const k = bisect((x) => implied.reduce((s, p) => s + p ** x, 0) - 1, 1, 10);
    return normalise(implied.map((p) => p ** k));
  }
  const shin = (z: number) =>
    implied.map((p) => (Math.sqrt(z * z + (4 * (1 - z) * p * p) / book) - z) / (2 * (1 - z)));
  const z = bisect((x) => shin(x).reduce((s, p) => s + p, 0) - 1, 0, 0.5);
  return normalise(shin(z));
};

const normalise = (ps: number[]): number[] => {
  const total = ps.reduce((s, p) => s + p, 0);
  return ps.map((p) => p / total);
};

/** The overround of a book: Σ 1/o − 1, e.g. 0.048 for 2.10 / 3.40 / 3.60. */
export const overround = (odds: readonly number[]): number => odds.reduce((s, o) => s + 1 / o, 0) - 1;
