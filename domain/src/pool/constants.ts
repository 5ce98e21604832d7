/**
 * Pool-game constants (spec §9 "Jackpot"; spec §5 "Jackpot" rules; spec §8 jackpot messages) and the
 * stable error codes of the jackpot and Lucky Six. Lucky Six has no messages of its own in the spec: it
 * shares the jackpot's codes and texts (docs/pool-games.md).
 */
import { domainError, type DomainError } from '../errors.ts';

/** spec §9: a jackpot asks 13 matches (`guess_number` 13; 20 also appears: a type may set it). */
export const JACKPOT_GUESS_NUMBER = 13;
/** spec §1, §9: jackpot prizes start from 10 correct. */
export const JACKPOT_MIN_PRIZE_HITS = 10;
/** spec §9 `init_jackpot`: the initial (seed) jackpot, TZS. */
export const JACKPOT_INIT_JACKPOT = 200_000_000;
/** spec §9 `bet_amount`: stake of one line, TZS. */
export const JACKPOT_BET_AMOUNT = 1_000;
/** spec §9 `max_range_odds` (decimal text; our reading in docs/decisions/0015-pool-game-type-fields.md). */
export const JACKPOT_MAX_RANGE_ODDS = '0.5';
/** spec §9 `max_add_balance`: a ticket prize above this (TZS) waits for staff approval. */
export const JACKPOT_MAX_ADD_BALANCE = 5_000_000;
/** spec §9 `increment`: share of this stakes added to the pool (decimal text). */
export const JACKPOT_INCREMENT = '0.15';
/** Our default `max_choose` (spec §3 field, number not given): at most 5 doubles, 32 lines. */
export const JACKPOT_MAX_CHOOSE = 5;
/** spec §5: at most 2 results per match (a double); 3 is a triple. */
export const MAX_PICKS_PER_MATCH = 2;
/** Ours (issue 18): more than 3 void matches cancel a jackpot issue and refund every stake. */
export const JACKPOT_MAX_VOID = 3;

/** Lucky Six (spec §1 "guess score"): 6 matches, exact scores. */
export const LUCKY_SIX_GUESS_NUMBER = 6;
/** Ours: Lucky Six prizes start from 4 correct (tiers 6, 5, 4). */
export const LUCKY_SIX_MIN_PRIZE_HITS = 4;
/** Ours: more than 1 void match cancels a Lucky Six round. */
export const LUCKY_SIX_MAX_VOID = 1;
/** Ours: highest goals per side a Lucky Six pick names; any higher score is "other". */
export const LUCKY_SIX_MAX_GOALS = 5;
/** The Lucky Six pick for any score beyond 5-5's grid. */
export const LUCKY_SIX_OTHER = 'other';

/** Ours (betting-rules §2 "Abandoned or postponed matches"): a match not played within 24 h of kick-off is void. */
export const VOID_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Stable codes (errors.ts) with the spec §8 texts where the spec gives one ("Jackpot: limit of doubles
 * reached; select a result; triples not allowed; too many choices"), ours otherwise.
 */
export const POOL_ERRORS = {
  /** spec §8 "limit of doubles reached" (§5 "not above max choose"). */
  JACKPOT_TOO_MANY_DOUBLES: 'Limit of doubles reached',
  /** spec §8 "select a result" (§5 "a result must be chosen per match"). */
  JACKPOT_PICK_REQUIRED: 'Select a result',
  /** spec §8 "triples not allowed" (§5). */
  JACKPOT_TRIPLE_NOT_ALLOWED: 'Triples not allowed',
  /** spec §8 "too many choices" (§5 "at most 2 results per match"; on Lucky Six without doubles, a second score). */
  JACKPOT_TOO_MANY_CHOICES: 'Too many choices',
  /** Ours: entries close at the first kick-off, or the issue is not open. */
  JACKPOT_CLOSED: 'Entries for this jackpot are closed',
  /** Ours: a pick names a result that does not exist (not 1, X, 2; not a Lucky Six score). */
  JACKPOT_INVALID_PICK: 'This result cannot be chosen',
  /** Ours: a pick on a match that is not in the issue, or two picks on one match. */
  JACKPOT_UNKNOWN_MATCH: 'This match is not in the jackpot',
  /** Ours: the stake sent is not lines × bet amount. */
  JACKPOT_STAKE_MISMATCH: 'The stake does not match the number of lines',
  /** Ours: credit money offered where the type does not allow it. */
  JACKPOT_CREDIT_NOT_ALLOWED: 'This jackpot can only be paid from the balance',
  JACKPOT_NOT_FOUND: 'No such jackpot',
  JACKPOT_ALREADY_EXISTS: 'This jackpot already exists',
  JACKPOT_INVALID_MATCHES: 'The matches of this jackpot are not valid',
  JACKPOT_INVALID_TERMS: 'The prize table of this jackpot is not valid',
  JACKPOT_RESULTS_PENDING: 'Not every match has a result',
  JACKPOT_CANCELLED: 'This jackpot was cancelled',
  JACKPOT_INVALID_SALES: 'The sales figures do not add up',
  TICKET_NOT_FOUND: 'No such ticket',
  TICKET_EXISTS: 'A different ticket already has this id',
  TICKET_NOT_SETTLED: 'The ticket has no prize waiting for approval',
  STAFF_ONLY: 'Only staff may do this',
  REASON_REQUIRED: 'A reason is required',
} as const;

/** A pool-game error code. */
export type PoolErrorCode = keyof typeof POOL_ERRORS;

/** The {@link DomainError} of `code` with its text (spec §8 where given). */
export const poolError = (
  code: PoolErrorCode,
  extra: { field?: string; details?: Record<string, unknown> } = {},
): DomainError => domainError(code, POOL_ERRORS[code], extra);
