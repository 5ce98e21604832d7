/**
 * The terms of a pool game (spec §3 "Jackpot bet type", "Jackpot info"; spec §9 jackpot constants): the
 * two games of the engine, their prize tiers and the type fields an issue copies when it is created, so
 * that later edits of the type never change an issue already sold. Amounts are integer TZS; shares of
 * money are decimal text (big.js), never floats.
 */
import type { DomainError } from '../errors.ts';
import { dec } from '../money/decimal.ts';
import {
  JACKPOT_BET_AMOUNT,
  JACKPOT_GUESS_NUMBER,
  JACKPOT_INCREMENT,
  JACKPOT_INIT_JACKPOT,
  JACKPOT_MAX_ADD_BALANCE,
  JACKPOT_MAX_CHOOSE,
  JACKPOT_MAX_RANGE_ODDS,
  JACKPOT_MAX_VOID,
  JACKPOT_MIN_PRIZE_HITS,
  LUCKY_SIX_GUESS_NUMBER,
  LUCKY_SIX_MAX_VOID,
  LUCKY_SIX_MIN_PRIZE_HITS,
  poolError,
} from './constants.ts';

/** The two games of the engine: the 13-match 1X2 jackpot (string_ball) and Lucky Six (guess score). */
export type PoolGame = 'jackpot' | 'luckysix';

/** spec §3 "reward type": a fixed amount per winning line, or a percentage of the pool. */
export type RewardType = 'fixed' | 'poolPercent';

/** One prize tier: lines with exactly `hits` correct (a void match counts correct). */
export interface PrizeTier {
  readonly hits: number;
  readonly rewardType: RewardType;
  /**
   * spec §3 "proportion": for `fixed`, TZS per winning line (whole number, as text);
   * for `poolPercent`, the percent of the pool the tier's lines share (0–100, decimal text).
   */
  readonly proportion: string;
}

/**
 * What an issue copies from its type (spec §3 "Jackpot info": `guess_number`, `max_choose`,
 * `bet_amount`, `max_range_odds`, `max_add_balance`, `identifier_prefix`, `increment`, `init_jackpot`).
 */
export interface PoolTerms {
  readonly game: PoolGame;
  /** spec `guess_number`: matches per issue. */
  readonly guessNumber: number;
  /** spec `max_choose`: most doubles on one ticket (0 = none). */
  readonly maxChoose: number;
  /** spec `bet_amount`: stake of one line, TZS. */
  readonly betAmount: number;
  /** spec `increment`: share of the stakes added to the pool, decimal text in [0, 1]. */
  readonly increment: string;
  /** spec `init_jackpot`: the seed the operator adds to the top tier when it is won, TZS. */
  readonly initJackpot: number;
  /** spec `max_add_balance`: a ticket prize above this (TZS) waits for staff approval. */
  readonly maxAddBalance: number;
  /** spec `max_range_odds`: stored and shown (docs/decisions/0015-pool-game-type-fields.md). */
  readonly maxRangeOdds: string;
  /** spec `identifier_prefix`: prefix of the issue identifiers, e.g. `JP`. */
  readonly identifierPrefix: string;
  /** Ours: more void matches than this cancel the issue and refund every stake. */
  readonly maxVoid: number;
  /** Ours ("credit money only where the type allows it"): may a ticket be paid with credit money. */
  readonly creditAllowed: boolean;
  /** The prize table, highest `hits` first; the first tier is the top tier (the jackpot). */
  readonly tiers: readonly PrizeTier[];
}

/**
 * Our default jackpot (spec §9 numbers; the tier table is ours: the spec gives none): 13 matches, 1,000
 * TZS a line, 15% of stakes to the pool, tiers 13/12/11/10 sharing 40/25/20/15% of the pool.
 */
export const DEFAULT_JACKPOT_TERMS: PoolTerms = {
  game: 'jackpot',
  guessNumber: JACKPOT_GUESS_NUMBER,
  maxChoose: JACKPOT_MAX_CHOOSE,
  betAmount: JACKPOT_BET_AMOUNT,
  increment: JACKPOT_INCREMENT,
  initJackpot: JACKPOT_INIT_JACKPOT,
  maxAddBalance: JACKPOT_MAX_ADD_BALANCE,
  maxRangeOdds: JACKPOT_MAX_RANGE_ODDS,
  identifierPrefix: 'JP',
  maxVoid: JACKPOT_MAX_VOID,
  creditAllowed: false,
  tiers: [
    { hits: 13, rewardType: 'poolPercent', proportion: '40' },
    { hits: 12, rewardType: 'poolPercent', proportion: '25' },
    { hits: 11, rewardType: 'poolPercent', proportion: '20' },
    { hits: JACKPOT_MIN_PRIZE_HITS, rewardType: 'poolPercent', proportion: '15' },
  ],
};

/**
 * Our default Lucky Six (the spec gives no numbers): 6 exact scores, 1,000 TZS a ticket (no doubles), 50%
 * of stakes to the pool, tiers 6/5/4 sharing 50/30/20% of it; no seed.
 */
export const DEFAULT_LUCKY_SIX_TERMS: PoolTerms = {
  game: 'luckysix',
  guessNumber: LUCKY_SIX_GUESS_NUMBER,
  maxChoose: 0,
  betAmount: JACKPOT_BET_AMOUNT,
  increment: '0.5',
  initJackpot: 0,
  maxAddBalance: JACKPOT_MAX_ADD_BALANCE,
  maxRangeOdds: JACKPOT_MAX_RANGE_ODDS,
  identifierPrefix: 'L6',
  maxVoid: LUCKY_SIX_MAX_VOID,
  creditAllowed: false,
  tiers: [
    { hits: 6, rewardType: 'poolPercent', proportion: '50' },
    { hits: 5, rewardType: 'poolPercent', proportion: '30' },
    { hits: LUCKY_SIX_MIN_PRIZE_HITS, rewardType: 'poolPercent', proportion: '20' },
  ],
};

const isWholeAtLeast = (n: number, min: number) => Number.isSafeInteger(n) && n >= min;
const isDecimalIn = (text: string, min: number, max: number) =>
  /^\d+(\.\d+)?$/.test(text) && dec(text).gte(min) && dec(text).lte(max);

/**
 * Why `terms` cannot run an issue, or `undefined`: `JACKPOT_INVALID_TERMS` with the field at fault.
 * Rules: whole positive `guessNumber`, `betAmount`; `maxChoose` 0..guessNumber; `increment` in [0, 1];
 * tiers with distinct `hits` from `guessNumber` down, each in 1..guessNumber, fixed amounts whole TZS,
 * percentages summing to at most 100.
 */
export const termsError = (terms: PoolTerms): DomainError | undefined => {
  const bad = (field: string, details: Record<string, unknown> = {}) =>
    poolError('JACKPOT_INVALID_TERMS', { field, details });
  if (!isWholeAtLeast(terms.guessNumber, 1)) return bad('guessNumber');
  if (!isWholeAtLeast(terms.maxChoose, 0) || terms.maxChoose > terms.guessNumber) return bad('maxChoose');
  if (!isWholeAtLeast(terms.betAmount, 1)) return bad('betAmount');
  if (!isWholeAtLeast(terms.initJackpot, 0)) return bad('initJackpot');
  if (!isWholeAtLeast(terms.maxAddBalance, 0)) return bad('maxAddBalance');
  if (!isWholeAtLeast(terms.maxVoid, 0)) return bad('maxVoid');
  if (!isDecimalIn(terms.increment, 0, 1)) return bad('increment');
  if (terms.tiers.length === 0 || terms.tiers[0]?.hits !== terms.guessNumber) return bad('tiers');
  let percent = dec(0);
  for (const [i, tier] of terms.tiers.entries()) {
    const field = `tiers[${i}]`;
    if (!isWholeAtLeast(tier.hits, 1) || tier.hits > terms.guessNumber) return bad(`${field}.hits`);
    if (i > 0 && tier.hits >= (terms.tiers[i - 1]?.hits ?? 0)) return bad(`${field}.hits`);
    if (tier.rewardType === 'fixed' && !/^\d+$/.test(tier.proportion)) return bad(`${field}.proportion`);
    if (tier.rewardType === 'poolPercent') {
      if (!isDecimalIn(tier.proportion, 0, 100)) return bad(`${field}.proportion`);
      percent = percent.plus(tier.proportion);
    }
  }
  return percent.gt(100) ? bad('tiers', { percentTotal: percent.toFixed() }) : undefined;
};

/** Lowest `hits` that wins a prize under `terms` (the last tier). */
export const minPrizeHits = (terms: PoolTerms): number => terms.tiers[terms.tiers.length - 1]?.hits ?? 0;
