/**
 * Test builders for the pool-game deciders (not exported from the domain's index): a jackpot of 13
 * matches kicking off from 2026-06-06 15:00 EAT, and a Lucky Six round of 6.
 */
import type { CandidateMatch, CreateIssue } from './issue-commands.ts';
import type { IssueView, PoolActor } from './issue-events.ts';
import type { Pick } from './picks.ts';
import { DEFAULT_JACKPOT_TERMS, DEFAULT_LUCKY_SIX_TERMS, type PoolTerms } from './terms.ts';

export const STAFF: PoolActor = { kind: 'staff', id: 'admin-1' };
export const SYSTEM: PoolActor = { kind: 'system', id: 'pool-clock' };
/** Before every kick-off. */
export const BEFORE = '2026-06-05T12:00:00+03:00';
/** After the first kick-off. */
export const AFTER = '2026-06-06T15:00:00+03:00';
export const LATER = '2026-06-07T23:00:00+03:00';

/** `n` (at most 15) visible matches `m1`…`mn`, one kick-off every 4 minutes from 2026-06-06 15:00 EAT. */
export const candidates = (n: number): CandidateMatch[] =>
  Array.from({ length: n }, (_, i) => ({
    matchId: `m${i + 1}`,
    home: `Home ${i + 1}`,
    away: `Away ${i + 1}`,
    kickOff: `2026-06-06T15:${String(i * 4).padStart(2, '0')}:00+03:00`,
    visible: true,
  }));

export const createIssue = (
  terms: PoolTerms = DEFAULT_JACKPOT_TERMS,
  over: Partial<CreateIssue> = {},
): CreateIssue => ({
  type: 'CreateIssue',
  issueId: 'i1',
  at: BEFORE,
  actor: STAFF,
  sequence: 42,
  terms,
  matches: candidates(terms.guessNumber),
  carriedOver: 0,
  ...over,
});

export const createLuckySix = (over: Partial<CreateIssue> = {}): CreateIssue =>
  createIssue(DEFAULT_LUCKY_SIX_TERMS, over);

/** An open issue as a ticket purchase sees it. */
export const openView = (terms: PoolTerms = DEFAULT_JACKPOT_TERMS): IssueView => ({
  issueId: 'i1',
  status: 'open',
  closesAt: '2026-06-06T15:00:00+03:00',
  matchIds: Array.from({ length: terms.guessNumber }, (_, i) => `m${i + 1}`),
  terms,
});

/** Picks `1` on every match of `n`, with doubles `1`+`X` on the matches listed in `doubles` (1-based). */
export const jackpotPicks = (n = 13, doubles: readonly number[] = []): Pick[] =>
  Array.from({ length: n }, (_, i) => ({
    matchId: `m${i + 1}`,
    outcomes: doubles.includes(i + 1) ? ['1', 'X'] : ['1'],
  }));
