/**
 * Match facts that football settlement rests on (betting-rules §2; spec §4 "Match status").
 */

/** Goals of each side. Non-negative integers. */
export interface Score {
  readonly home: number;
  readonly away: number;
}

/**
 * What happened to the match (the `fixture-<matchId>` stream's facts):
 * - `not_started`: no result yet → legs stay pending (outcome 0);
 * - `played`: completed; half-time and full-time (90 minutes + stoppage, "Ordinary Time") scores;
 * - `abandoned`: stopped at `minute` with `score`; `halfTime` present when the first half was completed;
 * - `postponed` / `cancelled`: not completed within the operator's window → void (unless decided).
 */
export type MatchFacts =
  | { readonly status: 'not_started' }
  | { readonly status: 'played'; readonly halfTime: Score; readonly fullTime: Score }
  | {
      readonly status: 'abandoned';
      readonly minute: number;
      readonly score: Score;
      readonly halfTime?: Score;
    }
  | { readonly status: 'postponed' }
  | { readonly status: 'cancelled' };

const isGoals = (n: unknown): boolean => Number.isSafeInteger(n) && (n as number) >= 0;
const isScore = (s: Score | undefined): boolean => s !== undefined && isGoals(s.home) && isGoals(s.away);
const notBelow = (later: Score, earlier: Score): boolean =>
  later.home >= earlier.home && later.away >= earlier.away;

/**
 * Why the facts cannot be right, or `undefined`: scores must be non-negative integers and goals cannot
 * disappear (full time, or the abandonment score, is not below half time). Legs on such facts are abnormal.
 */
export const factsProblem = (facts: MatchFacts): string | undefined => {
  switch (facts.status) {
    case 'played':
      if (!isScore(facts.halfTime) || !isScore(facts.fullTime)) return 'scores must be whole numbers >= 0';
      return notBelow(facts.fullTime, facts.halfTime) ? undefined : 'full-time score below half-time score';
    case 'abandoned':
      if (!isScore(facts.score) || (facts.halfTime !== undefined && !isScore(facts.halfTime)))
        return 'scores must be whole numbers >= 0';
      if (!Number.isFinite(facts.minute) || facts.minute < 0) return 'minute must be >= 0';
      return facts.halfTime === undefined || notBelow(facts.score, facts.halfTime)
        ? undefined
        : 'abandonment score below half-time score';
    default:
      return undefined;
  }
};

/** Score text "2-1". */
export const scoreText = (score: Score): string => `${score.home}-${score.away}`;
