/**
 * Goal rates from market prices (betting-rules §4): de-margin the 1X2 and over/under 2.5 prices, then
 * find the home and away goal rates whose Dixon-Coles score matrix reproduces those fair probabilities
 * (least squares, Nelder–Mead in log-rates: deterministic, no derivatives, robust to flat regions).
 */
import { DEFAULT_DEMARGIN, removeMargin, type DemarginMethod } from './demargin.ts';
import { DEFAULT_RHO, headlineProbabilities, scoreMatrix, type GoalRates } from './score-matrix.ts';

/** Decimal odds (plain numbers) of 1X2 and, when known, over/under 2.5 goals. */
export interface HeadlinePrices {
  readonly home: number;
  readonly draw: number;
  readonly away: number;
  readonly over25?: number;
  readonly under25?: number;
}

/** Fitting options: Dixon-Coles ρ (default −0.10) and the de-margin method (default power). */
export interface FitOptions {
  readonly rho?: number;
  readonly demargin?: DemarginMethod;
}

/** What {@link fitGoalRates} found: the rates, the fair targets, what the model gives, the misfit. */
export interface FittedRates {
  /** Expected full-time goals of each side. */
  readonly rates: GoalRates;
  readonly rho: number;
  /** De-margined probabilities the fit aimed at (`over25` absent when no over/under prices were given). */
  readonly target: { home: number; draw: number; away: number; over25?: number };
  /** The same probabilities from the fitted matrix. */
  readonly model: { home: number; draw: number; away: number; over25: number };
  /** Root-mean-square difference between target and model probabilities. */
  readonly rmse: number;
  readonly iterations: number;
}

/** Total goals giving P(total > 2.5) = `pOver` under Poisson (the starting point of the search). */
const totalFromOver = (pOver: number): number => {
  let lo = 0.2;
  let hi = 8;
  for (let i = 0; i < 60; i++) {
    const t = (lo + hi) / 2;
    const under = Math.exp(-t) * (1 + t + (t * t) / 2);
    if (1 - under < pOver) lo = t;
    else hi = t;
  }
  return (lo + hi) / 2;
};

type Point = [number, number];

/** Minimises `f` over the plane from `start` with the standard Nelder–Mead coefficients (1, 2, ½, ½). */
export const nelderMead = (
  f: (x: Point) => number,
  start: Point,
  step = 0.25,
  maxIterations = 400,
): { x: Point; value: number; iterations: number } => {
  let simplex: { x: Point; v: number }[] = [
    start,
    [start[0] + step, start[1]],
    [start[0], start[1] + step],
  ].map((x) => ({ x: x as Point, v: f(x as Point) }));
  const along = (a: Point, b: Point, t: number): Point => [
    a[0] + t * (b[0] - a[0]),
    a[1] + t * (b[1] - a[1]),
  ];
  let iterations = 0;
  for (; iterations < maxIterations; iterations++) {
    simplex.sort((a, b) => a.v - b.v);
    const [best, mid, worst] = simplex as [(typeof simplex)[0], (typeof simplex)[0], (typeof simplex)[0]];
    const size = Math.max(Math.abs(worst.x[0] - best.x[0]), Math.abs(worst.x[1] - best.x[1]));
    if (worst.v - best.v < 1e-16 && size < 1e-9) break;
    const centre: Point = [(best.x[0] + mid.x[0]) / 2, (best.x[1] + mid.x[1]) / 2];
    const reflected = along(centre, worst.x, -1);
    const rv = f(reflected);
    if (rv < best.v) {
      const expanded = along(centre, worst.x, -2);
      const ev = f(expanded);
      simplex[2] = ev < rv ? { x: expanded, v: ev } : { x: reflected, v: rv };
    } else if (rv < mid.v) {
      simplex[2] = { x: reflected, v: rv };
    } else {
      const contracted = along(centre, rv < worst.v ? reflected : worst.x, 0.5);
      const cv = f(contracted);
      if (cv < Math.min(rv, worst.v)) simplex[2] = { x: contracted, v: cv };
      else
        simplex = simplex.map((p, k) =>
          k === 0 ? p : { x: along(best.x, p.x, 0.5), v: f(along(best.x, p.x, 0.5)) },
        );
    }
  }
  simplex.sort((a, b) => a.v - b.v);
  return { x: simplex[0]!.x, value: simplex[0]!.v, iterations };
};

/**
 * Fits home and away goal rates (expected full-time goals) to 1X2 and optional over/under 2.5 odds.
 * Least squares over the fair probabilities of home, draw, away and over 2.5 (each weight 1). Rates are
 * kept in 0.05 … 8 goals. Throws `RangeError` on odds that are not numbers > 1 (see `removeMargin`).
 */
export const fitGoalRates = (prices: HeadlinePrices, options: FitOptions = {}): FittedRates => {
  const rho = options.rho ?? DEFAULT_RHO;
  const method = options.demargin ?? DEFAULT_DEMARGIN;
  const [home, draw, away] = removeMargin([prices.home, prices.draw, prices.away], method) as [
    number,
    number,
    number,
  ];
  const over25 =
    prices.over25 !== undefined && prices.under25 !== undefined
      ? removeMargin([prices.over25, prices.under25], method)[0]
      : undefined;
  const target = over25 === undefined ? { home, draw, away } : { home, draw, away, over25 };
  const clamp = (x: number) => Math.min(Math.max(Math.exp(x), 0.05), 8);
  const objective = ([lh, la]: Point): number => {
    const m = headlineProbabilities(scoreMatrix({ home: clamp(lh), away: clamp(la) }, rho));
    const e = (m.home - home) ** 2 + (m.draw - draw) ** 2 + (m.away - away) ** 2;
    return over25 === undefined ? e : e + (m.over25 - over25) ** 2;
  };
  const total = over25 === undefined ? 2.6 : totalFromOver(over25);
  const lead = (home - away) * total * 0.6;
  const start: Point = [Math.log(Math.max(total / 2 + lead, 0.1)), Math.log(Math.max(total / 2 - lead, 0.1))];
  const found = nelderMead(objective, start);
  const rates = { home: clamp(found.x[0]), away: clamp(found.x[1]) };
  const model = headlineProbabilities(scoreMatrix(rates, rho));
  const terms = over25 === undefined ? 3 : 4;
  return { rates, rho, target, model, rmse: Math.sqrt(found.value / terms), iterations: found.iterations };
};
