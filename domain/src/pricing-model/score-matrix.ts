/**
 * Score distributions for the pricing model (betting-rules §4): independent Poisson goals for each side
 * with the Dixon-Coles low-score correction. Probabilities are binary floating point on purpose: they
 * are statistics, not money; odds become exact decimal text only at the boundary (`price.ts`).
 */

/** Goals of each side. Non-negative integers (the settlement module's `Score`). */
export interface Goals {
  readonly home: number;
  readonly away: number;
}

/** Expected goals of each side over some stretch of play (goals per match or per remaining time). */
export interface GoalRates {
  readonly home: number;
  readonly away: number;
}

/**
 * A probability distribution over final scores `base + (i, j)` for `0 ≤ i, j < size`: `cells[i * size + j]`
 * is P(final = (base.home + i, base.away + j)). The cells sum to 1. `base` is the score already on the
 * board (0-0 before kick-off).
 */
export interface ScoreMatrix {
  readonly base: Goals;
  readonly size: number;
  readonly cells: Float64Array;
}

/** Dixon-Coles ρ used when none is given: see docs/pricing-model.md §2 (published fits −0.03 … −0.13). */
export const DEFAULT_RHO = -0.1;

const TAIL = 1e-10;
const MAX_SIZE = 25;

/** Poisson probabilities P(k) for k = 0 … until the tail is below 1e-10 (at most 25 terms). */
export const poissonTerms = (rate: number): number[] => {
  const terms = [Math.exp(-rate)];
  let total = terms[0]!;
  while (1 - total > TAIL && terms.length < MAX_SIZE) {
    const k = terms.length;
    const next = (terms[k - 1]! * rate) / k;
    terms.push(next);
    total += next;
  }
  return terms;
};

/**
 * The Dixon-Coles (1997) factor τ for the scores 0-0, 1-0, 0-1 and 1-1 (1 elsewhere), clamped at 0 so a
 * large |ρ| with large rates never yields negative mass. ρ < 0 moves mass onto 0-0 and 1-1.
 */
export const dixonColesTau = (i: number, j: number, rates: GoalRates, rho: number): number => {
  let tau = 1;
  if (i === 0 && j === 0) tau = 1 - rates.home * rates.away * rho;
  else if (i === 0 && j === 1) tau = 1 + rates.home * rho;
  else if (i === 1 && j === 0) tau = 1 + rates.away * rho;
  else if (i === 1 && j === 1) tau = 1 - rho;
  return Math.max(tau, 0);
};

/**
 * The distribution of `base` plus goals still to come at `rates`, Dixon-Coles corrected with `rho`
 * (default {@link DEFAULT_RHO}) and normalised to sum to 1. Rates of 0 give certainty of `base`.
 * Throws `RangeError` on negative or non-finite rates.
 */
export const scoreMatrix = (
  rates: GoalRates,
  rho: number = DEFAULT_RHO,
  base: Goals = { home: 0, away: 0 },
): ScoreMatrix => {
  if (!(rates.home >= 0 && rates.away >= 0 && Number.isFinite(rates.home + rates.away)))
    throw new RangeError(`goal rates must be finite and >= 0, got ${rates.home}, ${rates.away}`);
  const home = poissonTerms(rates.home);
  const away = poissonTerms(rates.away);
  const size = Math.max(home.length, away.length);
  const cells = new Float64Array(size * size);
  let total = 0;
  for (let i = 0; i < home.length; i++) {
    for (let j = 0; j < away.length; j++) {
      const p = home[i]! * away[j]! * dixonColesTau(i, j, rates, rho);
      cells[i * size + j] = p;
      total += p;
    }
  }
  for (let k = 0; k < cells.length; k++) cells[k]! /= total;
  return { base, size, cells };
};

/** Calls `visit(home, away, probability)` for every final score with a probability above 0. */
export const forEachScore = (
  matrix: ScoreMatrix,
  visit: (home: number, away: number, probability: number) => void,
): void => {
  const { base, size, cells } = matrix;
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      const p = cells[i * size + j]!;
      if (p > 0) visit(base.home + i, base.away + j, p);
    }
  }
};

/** P(event) for a predicate on the final score. */
export const probabilityOf = (
  matrix: ScoreMatrix,
  event: (home: number, away: number) => boolean,
): number => {
  let total = 0;
  forEachScore(matrix, (h, a, p) => {
    if (event(h, a)) total += p;
  });
  return total;
};

/** Fair 1X2 and over/under 2.5 probabilities of a matrix: what {@link fitGoalRates} matches. */
export const headlineProbabilities = (
  matrix: ScoreMatrix,
): { home: number; draw: number; away: number; over25: number } => {
  let home = 0;
  let draw = 0;
  let over25 = 0;
  forEachScore(matrix, (h, a, p) => {
    if (h > a) home += p;
    else if (h === a) draw += p;
    if (h + a > 2.5) over25 += p;
  });
  return { home, draw, away: Math.max(0, 1 - home - draw), over25 };
};
