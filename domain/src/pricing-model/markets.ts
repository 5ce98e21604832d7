/**
 * Every market we offer, derived from one score matrix so that markets stay coherent (betting-rules §4).
 * Picks and lines use the settlement module's `Leg` conventions (settlement/markets.ts), so a priced
 * outcome can be placed and settled as it is: over/under `line` is the goal line; Asian handicap `line`
 * is the picked side's own handicap; correct score picks are "home-away".
 */
import type { Market, Period } from '../settlement/markets.ts';
import { forEachScore, type ScoreMatrix } from './score-matrix.ts';

/** Share of the stake that wins and share refunded on one final score: 0, ½ or 1 each (quarter lines split). */
export type Payoff = readonly [win: number, push: number];

/** One selection of a market: its `Leg` pick and line, and how it pays on a final score of its period. */
export interface OutcomeDef {
  readonly pick: string;
  /** Decimal text, multiple of 0.25 (over/under and Asian handicap only). */
  readonly line?: string;
  /** False for the correct-score "other" bucket: priced for coherence, not offered (docs/pricing-model.md §3). */
  readonly offered: boolean;
  payoff(home: number, away: number): Payoff;
}

/** One market: kind, period and (over/under: goal line; Asian handicap: home handicap) line. */
export interface MarketDef {
  readonly market: Market;
  readonly period: Period;
  readonly line?: string;
  readonly outcomes: readonly OutcomeDef[];
}

/** Highest goals per side listed in the correct-score market (0-0 … 5-5; the rest is "other"). */
export const CORRECT_SCORE_MAX = 5;

/** Text of a line held in quarters: 10 → "2.5", -3 → "-0.75", 0 → "0". */
export const quarterText = (quarters: number): string => String(quarters / 4 + 0);

/** The payoff of a selection that wins the whole stake. */
export const PAYOFF_WIN: Payoff = [1, 0];
/** The payoff of a selection that loses. */
export const PAYOFF_LOSE: Payoff = [0, 0];
/** The payoff of a selection whose stake is refunded (a push). */
export const PAYOFF_PUSH: Payoff = [0, 1];
const WIN = PAYOFF_WIN;
const LOSE = PAYOFF_LOSE;
const PUSH = PAYOFF_PUSH;
const wins = (won: boolean): Payoff => (won ? WIN : LOSE);

/**
 * Payoff of a line bet where `edge4` is 4 × (margin for the pick) and `line4` 4 × the line: quarter
 * lines split into two half-stakes (betting-rules §4). Shared with the cash-out quote (domain/src/cashout).
 */
export const linePayoff = (edge4: number, line4: number): Payoff => {
  const halves = line4 % 2 === 0 ? [line4, line4] : [line4 - 1, line4 + 1];
  let win = 0;
  let push = 0;
  for (const h of halves) {
    if (edge4 + h > 0) win += 0.5;
    else if (edge4 + h === 0) push += 0.5;
  }
  return [win, push];
};

const simple = (pick: string, won: (h: number, a: number) => boolean): OutcomeDef => ({
  pick,
  offered: true,
  payoff: (h, a) => wins(won(h, a)),
});

const threeWay = (period: Period): MarketDef => ({
  market: '1x2',
  period,
  outcomes: [
    simple('home', (h, a) => h > a),
    simple('draw', (h, a) => h === a),
    simple('away', (h, a) => h < a),
  ],
});

const overUnder = (line4: number): MarketDef => ({
  market: 'over_under',
  period: 'full_time',
  line: quarterText(line4),
  outcomes: [
    {
      pick: 'over',
      line: quarterText(line4),
      offered: true,
      payoff: (h, a) => linePayoff(4 * (h + a), -line4),
    },
    {
      pick: 'under',
      line: quarterText(line4),
      offered: true,
      payoff: (h, a) => linePayoff(-4 * (h + a), line4),
    },
  ],
});

const asianHandicap = (home4: number): MarketDef => ({
  market: 'asian_handicap',
  period: 'full_time',
  line: quarterText(home4),
  outcomes: [
    {
      pick: 'home',
      line: quarterText(home4),
      offered: true,
      payoff: (h, a) => linePayoff(4 * (h - a), home4),
    },
    {
      pick: 'away',
      line: quarterText(-home4),
      offered: true,
      payoff: (h, a) => linePayoff(4 * (a - h), -home4),
    },
  ],
});

const correctScore = (): MarketDef => {
  const outcomes: OutcomeDef[] = [];
  for (let i = 0; i <= CORRECT_SCORE_MAX; i++)
    for (let j = 0; j <= CORRECT_SCORE_MAX; j++)
      outcomes.push(simple(`${i}-${j}`, (h, a) => h === i && a === j));
  outcomes.push({
    pick: 'other',
    offered: false,
    payoff: (h, a) => wins(h > CORRECT_SCORE_MAX || a > CORRECT_SCORE_MAX),
  });
  return { market: 'correct_score', period: 'full_time', outcomes };
};

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, k) => from + k);

/**
 * The standard football menu (docs/pricing-model.md §3): 1X2, double chance, both teams to score,
 * over/under 0.5 … 4.5 in steps of 0.25, correct score 0-0 … 5-5 (+ unlisted "other"), Asian handicap
 * −2.5 … +2.5 (home line) in steps of 0.25, draw no bet, and first-half 1X2. Always in this order.
 */
export const STANDARD_MARKETS: readonly MarketDef[] = [
  threeWay('full_time'),
  {
    market: 'double_chance',
    period: 'full_time',
    outcomes: [
      simple('1X', (h, a) => h >= a),
      simple('X2', (h, a) => h <= a),
      simple('12', (h, a) => h !== a),
    ],
  },
  {
    market: 'both_teams_to_score',
    period: 'full_time',
    outcomes: [simple('yes', (h, a) => h > 0 && a > 0), simple('no', (h, a) => h === 0 || a === 0)],
  },
  ...range(2, 18).map(overUnder),
  correctScore(),
  ...range(-10, 10).map(asianHandicap),
  {
    market: 'draw_no_bet',
    period: 'full_time',
    outcomes: [
      { pick: 'home', offered: true, payoff: (h, a) => (h === a ? PUSH : wins(h > a)) },
      { pick: 'away', offered: true, payoff: (h, a) => (h === a ? PUSH : wins(h < a)) },
    ],
  },
  threeWay('first_half'),
];

/** What one outcome is worth on a score distribution; `decided` when every possible score pays the same. */
export interface FairOutcome {
  readonly pick: string;
  readonly line?: string;
  readonly offered: boolean;
  /** Expected share of the stake that wins (Σ p × win share). */
  readonly win: number;
  /** Expected share of the stake refunded (Σ p × push share). */
  readonly push: number;
  /**
   * Effective probability win / (1 − push): the fair odds are its inverse, because then stake × odds ×
   * win + stake × push = stake. Outcomes of one market sum to 1 even with pushes and split lines.
   */
  readonly probability: number;
  /** The settled result when no remaining score can change it. */
  readonly decided?: 'won' | 'lost' | 'void' | 'half_won' | 'half_lost';
}

/** A market's outcomes valued on a matrix. */
export interface FairMarket {
  readonly market: Market;
  readonly period: Period;
  readonly line?: string;
  readonly outcomes: readonly FairOutcome[];
}

const decidedAs = ([win, push]: Payoff): FairOutcome['decided'] =>
  win === 1 ? 'won' : push === 1 ? 'void' : win === 0.5 ? 'half_won' : push === 0.5 ? 'half_lost' : 'lost';

/** Values `def` on `matrix` (the full-time or the first-half matrix, as `def.period` says). */
export const evaluateMarket = (def: MarketDef, matrix: ScoreMatrix): FairMarket => {
  const n = def.outcomes.length;
  const win = new Float64Array(n);
  const push = new Float64Array(n);
  const first: (Payoff | undefined)[] = new Array(n);
  const constant = new Array<boolean>(n).fill(true);
  forEachScore(matrix, (h, a, p) => {
    for (let k = 0; k < n; k++) {
      const pay = def.outcomes[k]!.payoff(h, a);
      win[k]! += p * pay[0];
      push[k]! += p * pay[1];
      const seen = first[k];
      if (!seen) first[k] = pay;
      else if (seen[0] !== pay[0] || seen[1] !== pay[1]) constant[k] = false;
    }
  });
  const outcomes = def.outcomes.map((o, k): FairOutcome => {
    const stake = 1 - push[k]!;
    const base = {
      pick: o.pick,
      ...(o.line === undefined ? {} : { line: o.line }),
      offered: o.offered,
      win: win[k]!,
      push: push[k]!,
      probability: stake > 1e-12 ? Math.min(win[k]! / stake, 1) : 0,
    };
    return constant[k] && first[k] ? { ...base, decided: decidedAs(first[k]) } : base;
  });
  return {
    market: def.market,
    period: def.period,
    ...(def.line === undefined ? {} : { line: def.line }),
    outcomes,
  };
};
