/**
 * The result of one pool-game match (issue 18 rules; betting-rules §2 "Abandoned or postponed matches";
 * spec §4 "Match status"): its 90-minute outcome, or void. A void match counts correct for every line.
 */
import type { MatchFacts } from '../settlement/facts.ts';
import { VOID_AFTER_MS } from './constants.ts';
import { outcomeOfScore } from './picks.ts';
import type { PoolGame } from './terms.ts';

/** Why a match is void: cancelled, abandoned, or not played within 24 hours of its kick-off. */
export type VoidReason = 'cancelled' | 'abandoned' | 'not_played_in_time';

/** A decided match: its outcome (`1`/`X`/`2`, or a Lucky Six score / `other`), or void. */
export type PoolMatchResult =
  | { readonly kind: 'outcome'; readonly outcome: string }
  | { readonly kind: 'void'; readonly reason: VoidReason };

/** Equality of two results (a correction changes one). */
export const sameResult = (a: PoolMatchResult | undefined, b: PoolMatchResult | undefined): boolean =>
  a === undefined || b === undefined
    ? a === b
    : a.kind === 'outcome'
      ? b.kind === 'outcome' && a.outcome === b.outcome
      : b.kind === 'void' && a.reason === b.reason;

/**
 * The pool result of a match from its fixture facts (`fixture-<matchId>`), or `undefined` while it is
 * still undecided. `kickOff` and `now` are epoch ms (the caller has the clock). Played → the 90-minute
 * outcome; cancelled or abandoned → void (an abandoned match completed later is reported `played` by
 * the fixture stream); not started or postponed → void once 24 hours have passed since kick-off.
 */
export const poolResultOf = (
  game: PoolGame,
  facts: MatchFacts,
  kickOff: number,
  now: number,
): PoolMatchResult | undefined => {
  switch (facts.status) {
    case 'played':
      return { kind: 'outcome', outcome: outcomeOfScore(game, facts.fullTime) };
    case 'cancelled':
      return { kind: 'void', reason: 'cancelled' };
    case 'abandoned':
      return { kind: 'void', reason: 'abandoned' };
    case 'not_started':
    case 'postponed':
      return now >= kickOff + VOID_AFTER_MS ? { kind: 'void', reason: 'not_played_in_time' } : undefined;
  }
};

/** Number of void results among `results`. */
export const voidCount = (results: Iterable<PoolMatchResult>): number => {
  let n = 0;
  for (const r of results) if (r.kind === 'void') n += 1;
  return n;
};

/** The void rule: more than `maxVoid` void matches cancel the issue and refund every stake. */
export const tooManyVoid = (results: Iterable<PoolMatchResult>, maxVoid: number): boolean =>
  voidCount(results) > maxVoid;
