/**
 * In-play conditioning (betting-rules §4 "In play"): the goals still to come are Poisson at the full
 * match rates times the share of goals that the time left usually holds (45% of goals in the first half,
 * 55% in the second, each spread evenly over its 45 minutes), added to the score on the board.
 */
import type { Goals, GoalRates, ScoreMatrix } from './score-matrix.ts';
import { DEFAULT_RHO, scoreMatrix } from './score-matrix.ts';

/** Where the match is (spec §4 status 1 = not_started, 2 = the halves and half_time, 3 = finished). */
export type MatchPhase = 'not_started' | 'first_half' | 'half_time' | 'second_half' | 'finished';

/**
 * The match as the pricing model needs it. `minute` is minutes played (0 … 90, more in stoppage time);
 * `halfTimeScore` is required once the first half is over (second_half, finished).
 */
export interface MatchClock {
  readonly phase: MatchPhase;
  readonly minute: number;
  readonly score: Goals;
  readonly halfTimeScore?: Goals;
}

/** Shape of goal times: share of goals in the first half (default 0.45) and minutes of stoppage assumed once the clock passes 45 or 90 (default 1). */
export interface TimeProfile {
  readonly firstHalfShare: number;
  readonly stoppageMinutes: number;
}

/** The betting-rules §4 profile: 45% / 55%, one minute of stoppage still to play. */
export const DEFAULT_TIME_PROFILE: TimeProfile = { firstHalfShare: 0.45, stoppageMinutes: 1 };

/** Kick-off: no minutes played, 0-0. */
export const PRE_MATCH: MatchClock = { phase: 'not_started', minute: 0, score: { home: 0, away: 0 } };

/**
 * Shares of the full-match goal rates still to come: `fullTime` over the rest of the match, `firstHalf`
 * over the rest of the first half. 1 and `firstHalfShare` before kick-off; 0 and 0 at the final whistle.
 */
export const remainingShares = (
  clock: MatchClock,
  profile: TimeProfile = DEFAULT_TIME_PROFILE,
): { fullTime: number; firstHalf: number } => {
  const first = profile.firstHalfShare;
  const second = 1 - first;
  const left = (end: number) => Math.min(Math.max(end - clock.minute, profile.stoppageMinutes), 45) / 45;
  switch (clock.phase) {
    case 'not_started':
      return { fullTime: 1, firstHalf: first };
    case 'first_half': {
      const firstHalf = first * left(45);
      return { fullTime: firstHalf + second, firstHalf };
    }
    case 'half_time':
      return { fullTime: second, firstHalf: 0 };
    case 'second_half':
      return { fullTime: second * left(90), firstHalf: 0 };
    case 'finished':
      return { fullTime: 0, firstHalf: 0 };
  }
};

/** Score distributions of the full match and of the first half, given the clock. */
export interface MatchMatrices {
  readonly fullTime: ScoreMatrix;
  readonly firstHalf: ScoreMatrix;
}

const scaled = (rates: GoalRates, share: number): GoalRates => ({
  home: rates.home * share,
  away: rates.away * share,
});

/**
 * The full-time and first-half matrices for full-match goal `rates` at `clock`. Throws `RangeError` when
 * the clock is past half time without a `halfTimeScore`, or that score is above the current one.
 */
export const matchMatrices = (
  rates: GoalRates,
  clock: MatchClock = PRE_MATCH,
  rho: number = DEFAULT_RHO,
  profile: TimeProfile = DEFAULT_TIME_PROFILE,
): MatchMatrices => {
  const shares = remainingShares(clock, profile);
  const beforeBreak =
    clock.phase === 'not_started' || clock.phase === 'first_half' || clock.phase === 'half_time';
  const halfTime = beforeBreak ? clock.score : clock.halfTimeScore;
  if (!halfTime) throw new RangeError(`a ${clock.phase} clock needs the half-time score`);
  if (halfTime.home > clock.score.home || halfTime.away > clock.score.away)
    throw new RangeError('the half-time score cannot be above the current score');
  return {
    fullTime: scoreMatrix(scaled(rates, shares.fullTime), rho, clock.score),
    firstHalf: scoreMatrix(scaled(rates, shares.firstHalf), rho, halfTime),
  };
};
