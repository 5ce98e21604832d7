/**
 * Hits of a ticket (issue 18 rules): per match, and per line, without listing the 2^doubles lines. A
 * void match counts correct for every line. Per match the lines multiply as a polynomial in "one more
 * hit": a single that hit → x; a single that missed → 1; a double holding the result → 1 + x; a double
 * without it → 2; void → n·x (n outcomes picked); pending → n (no hit yet). The coefficients of the
 * product are the number of lines with each count of hits.
 */
import type { Pick } from './picks.ts';
import type { PoolMatchResult } from './results.ts';

/** State of one pick against its match: `hit` (the result is among the outcomes), `miss`, `void`, `pending`. */
export type MatchHit = 'hit' | 'miss' | 'void' | 'pending';

/** The state of `pick` given its match's result (`undefined` = not decided yet). */
export const matchHit = (pick: Pick, result: PoolMatchResult | undefined): MatchHit => {
  if (result === undefined) return 'pending';
  if (result.kind === 'void') return 'void';
  return pick.outcomes.includes(result.outcome) ? 'hit' : 'miss';
};

/** Lines of a ticket by hits so far: `lines[k]` lines have exactly k hits; `pending` matches still open. */
export interface LineHitCounts {
  readonly lines: readonly number[];
  readonly pending: number;
}

/**
 * Lines by number of hits for `picks` against `results` (by match id). `lines` has `picks.length + 1`
 * entries and sums to 2^doubles. Pending matches add no hit (see {@link LineHitCounts.pending}).
 */
export const lineHitCounts = (
  picks: readonly Pick[],
  results: Readonly<Record<string, PoolMatchResult>>,
): LineHitCounts => {
  let poly: number[] = [1];
  let pending = 0;
  for (const pick of picks) {
    const n = pick.outcomes.length;
    const state = matchHit(pick, results[pick.matchId]);
    const stay = state === 'pending' ? n : state === 'miss' ? n : state === 'hit' ? n - 1 : 0;
    const up = state === 'void' ? n : state === 'hit' ? 1 : 0;
    if (state === 'pending') pending += 1;
    const next = new Array<number>(poly.length + 1).fill(0);
    for (const [k, c] of poly.entries()) {
      next[k] = (next[k] ?? 0) + c * stay;
      next[k + 1] = (next[k + 1] ?? 0) + c * up;
    }
    poly = next;
  }
  const lines = Array.from({ length: picks.length + 1 }, (_, k) => poly[k] ?? 0);
  return { lines, pending };
};

/** One row of a ticket's per-match view: the pick, the match's result so far, and whether it hit. */
export interface MatchHitRow {
  readonly matchId: string;
  readonly outcomes: readonly string[];
  readonly result: PoolMatchResult | null;
  readonly hit: MatchHit;
}

/** The per-match hits of a ticket (spec §2 "/string_ball/results", "my bets"), in pick order. */
export const ticketMatchHits = (
  picks: readonly Pick[],
  results: Readonly<Record<string, PoolMatchResult>>,
): MatchHitRow[] =>
  picks.map((pick) => {
    const result = results[pick.matchId];
    return {
      matchId: pick.matchId,
      outcomes: pick.outcomes,
      result: result ?? null,
      hit: matchHit(pick, result),
    };
  });
