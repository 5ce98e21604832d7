/**
 * Picks of a ticket (spec §5 "Jackpot": a result per match, at most 2 per match, no triples, not above
 * max choose; betting-rules §5 "Lines = 2^(doubles); stake = lines × bet amount"; §7 Lucky Six exact
 * scores). A jackpot pick names 1X2 outcomes; a Lucky Six pick names scores `0-0` … `5-5` or `other`.
 */
import type { DomainError } from '../errors.ts';
import type { Score } from '../settlement/facts.ts';
import { LUCKY_SIX_MAX_GOALS, LUCKY_SIX_OTHER, MAX_PICKS_PER_MATCH, poolError } from './constants.ts';
import type { PoolGame, PoolTerms } from './terms.ts';

/** A 1X2 outcome of a match's 90 minutes (home win, draw, away win). */
export type JackpotOutcome = '1' | 'X' | '2';
/** The 1X2 outcomes in display order. */
export const JACKPOT_OUTCOMES: readonly JackpotOutcome[] = ['1', 'X', '2'];

/** Every Lucky Six outcome: `0-0` … `5-5` (home-away) and `other`. */
export const LUCKY_SIX_OUTCOMES: readonly string[] = [
  ...Array.from({ length: (LUCKY_SIX_MAX_GOALS + 1) ** 2 }, (_, i) => {
    const home = Math.floor(i / (LUCKY_SIX_MAX_GOALS + 1));
    return `${home}-${i % (LUCKY_SIX_MAX_GOALS + 1)}`;
  }),
  LUCKY_SIX_OTHER,
];

/** The outcomes a pick of `game` may name. */
export const outcomesOf = (game: PoolGame): readonly string[] =>
  game === 'jackpot' ? JACKPOT_OUTCOMES : LUCKY_SIX_OUTCOMES;

/** The outcome of a played match's 90-minute `score` in `game`: `1`/`X`/`2`, or the Lucky Six score (`other` above 5). */
export const outcomeOfScore = (game: PoolGame, score: Score): string => {
  if (game === 'jackpot') return score.home > score.away ? '1' : score.home < score.away ? '2' : 'X';
  return score.home <= LUCKY_SIX_MAX_GOALS && score.away <= LUCKY_SIX_MAX_GOALS
    ? `${score.home}-${score.away}`
    : LUCKY_SIX_OTHER;
};

/** The outcomes chosen on one match: one (a single) or two (a double). */
export interface Pick {
  readonly matchId: string;
  readonly outcomes: readonly string[];
}

/** A ticket's shape: doubles, lines (2^doubles) and stake (lines × `bet_amount`, TZS). */
export interface TicketShape {
  readonly doubles: number;
  readonly lines: number;
  readonly stake: number;
}

/** Doubles, lines and stake of `picks` (no validation). */
export const ticketShape = (picks: readonly Pick[], betAmount: number): TicketShape => {
  const doubles = picks.filter((p) => p.outcomes.length === 2).length;
  const lines = 2 ** doubles;
  return { doubles, lines, stake: lines * betAmount };
};

/**
 * Why `picks` are not a ticket for the issue whose matches are `matchIds` (in issue order) under
 * `terms`, or `undefined`. Picks come back in issue order on success via {@link orderPicks}. Codes:
 * `JACKPOT_UNKNOWN_MATCH` (a match not in the issue, or picked twice), `JACKPOT_PICK_REQUIRED` (a match
 * without a pick, or an empty pick), `JACKPOT_INVALID_PICK` (an outcome the game does not have, or the
 * same outcome twice), `JACKPOT_TRIPLE_NOT_ALLOWED` (three or more on a jackpot match),
 * `JACKPOT_TOO_MANY_CHOICES` (two on a match when the type allows no doubles),
 * `JACKPOT_TOO_MANY_DOUBLES` (more doubles than `max_choose`).
 */
export const picksError = (
  picks: readonly Pick[],
  matchIds: readonly string[],
  terms: PoolTerms,
): DomainError | undefined => {
  const known = new Set(matchIds);
  const seen = new Set<string>();
  const outcomes = new Set(outcomesOf(terms.game));
  for (const [i, pick] of picks.entries()) {
    const field = `picks[${i}]`;
    if (!known.has(pick.matchId) || seen.has(pick.matchId))
      return poolError('JACKPOT_UNKNOWN_MATCH', { field, details: { matchId: pick.matchId } });
    seen.add(pick.matchId);
    if (pick.outcomes.length === 0) return poolError('JACKPOT_PICK_REQUIRED', { field });
    if (pick.outcomes.some((o) => !outcomes.has(o)) || new Set(pick.outcomes).size !== pick.outcomes.length)
      return poolError('JACKPOT_INVALID_PICK', { field, details: { outcomes: pick.outcomes } });
    if (pick.outcomes.length > MAX_PICKS_PER_MATCH)
      return terms.game === 'jackpot'
        ? poolError('JACKPOT_TRIPLE_NOT_ALLOWED', { field })
        : poolError('JACKPOT_TOO_MANY_CHOICES', { field });
    if (pick.outcomes.length === 2 && terms.maxChoose === 0)
      return poolError('JACKPOT_TOO_MANY_CHOICES', { field });
  }
  const missing = matchIds.findIndex((id) => !seen.has(id));
  if (missing >= 0)
    return poolError('JACKPOT_PICK_REQUIRED', { field: 'picks', details: { matchId: matchIds[missing] } });
  const { doubles } = ticketShape(picks, terms.betAmount);
  if (doubles > terms.maxChoose)
    return poolError('JACKPOT_TOO_MANY_DOUBLES', {
      field: 'picks',
      details: { doubles, maxChoose: terms.maxChoose },
    });
  return undefined;
};

/** `picks` in the order of `matchIds`, outcomes sorted in the game's display order (a canonical ticket). */
export const orderPicks = (picks: readonly Pick[], matchIds: readonly string[], game: PoolGame): Pick[] => {
  const order = outcomesOf(game);
  const byMatch = new Map(picks.map((p) => [p.matchId, p]));
  return matchIds.flatMap((matchId) => {
    const pick = byMatch.get(matchId);
    return pick
      ? [{ matchId, outcomes: [...pick.outcomes].sort((a, b) => order.indexOf(a) - order.indexOf(b)) }]
      : [];
  });
};

/**
 * Every line of a ticket: one outcome per match, 2^doubles lines, in a fixed order (the first outcome of
 * each double before the second, earlier matches varying slowest). For display and tests: settlement
 * counts lines without listing them ({@link import('./hits.ts').lineHitCounts}).
 */
export const expandLines = (picks: readonly Pick[]): string[][] =>
  picks.reduce<string[][]>(
    (lines, pick) => lines.flatMap((line) => pick.outcomes.map((o) => [...line, o])),
    [[]],
  );
