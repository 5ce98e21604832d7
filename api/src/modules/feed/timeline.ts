/**
 * A replayed match's goals and its clock (docs/demo-feed.md "Match clock"). Pure: no IO, no real time.
 * Clock minutes run from kick-off through the first half (45 + stoppage), a 15-minute break and the
 * second half (45 + stoppage); a standard match (2 + 3 minutes of stoppage) lasts 110 clock minutes.
 */
import type { MatchClock, Score } from '@bashiri/domain';
import { goalMinuteText, statisticsAt } from '../catalogue/index.ts';
import type { GoalView, MatchStatistics } from '../catalogue/index.ts';

/** One goal: the side it counts for, its half, its minute (1–45 or 46–90) and stoppage offset (45+2 → 45, 2). */
export interface TimelineGoal {
  readonly side: 'home' | 'away';
  readonly half: 1 | 2;
  readonly minute: number;
  readonly stoppage: number;
}

/** Goals in time order and the stoppage played in each half (whole minutes). */
export interface Timeline {
  readonly goals: readonly TimelineGoal[];
  readonly firstStoppage: number;
  readonly secondStoppage: number;
  /** Full-time statistics of the replayed fixture when its source has them (football-data). */
  readonly statistics?: MatchStatistics | null;
}

/** Half-time break in clock minutes. */
export const BREAK_MINUTES = 15;
/** Clock minutes of a match with 2 and 3 minutes of stoppage: what FEED_MATCH_MINUTES real minutes cover. */
export const STANDARD_CLOCK_MINUTES = 45 + 2 + BREAK_MINUTES + 45 + 3;

const secondHalfStart = (t: Timeline) => 45 + t.firstStoppage + BREAK_MINUTES;

/** Clock minutes from kick-off to the final whistle. */
export const clockLength = (t: Timeline): number => secondHalfStart(t) + 45 + t.secondStoppage;

/** When a goal is scored, in clock minutes (the middle of its minute, so the display shows that minute). */
export const goalClock = (goal: TimelineGoal, t: Timeline): number =>
  goal.half === 1
    ? goal.minute - 0.5 + goal.stoppage
    : secondHalfStart(t) + goal.minute - 45.5 + goal.stoppage;

/** Score after the goals `filter` keeps. */
const scoreOf = (goals: readonly TimelineGoal[]): Score => ({
  home: goals.filter((g) => g.side === 'home').length,
  away: goals.filter((g) => g.side === 'away').length,
});

/** Half-time and full-time scores of a timeline. */
export const resultOf = (t: Timeline): { halfTime: Score; fullTime: Score } => ({
  halfTime: scoreOf(t.goals.filter((g) => g.half === 1)),
  fullTime: scoreOf(t.goals),
});

/** What the match looks like at a clock minute: the model's clock plus the display minute (spec §4). */
export interface ClockState {
  /** For the pricing model (domain `MatchClock`). */
  readonly clock: MatchClock;
  /** Spec §4 match status: 1 not started, 2 in progress, 3 ended. */
  readonly status: 1 | 2 | 3;
  /** `matches.match_minute`: null before kick-off, '23', '45+1', 'HT', '90+2', 'FT'. */
  readonly display: string | null;
  readonly goalsIn: number;
}

/** The state at `clockMinutes` since kick-off (negative: not started). */
export const stateAt = (t: Timeline, clockMinutes: number): ClockState => {
  const scored = t.goals.filter((g) => goalClock(g, t) <= clockMinutes);
  const score = scoreOf(scored);
  const halfTimeScore = scoreOf(t.goals.filter((g) => g.half === 1));
  const second = secondHalfStart(t);
  if (clockMinutes < 0)
    return {
      clock: { phase: 'not_started', minute: 0, score },
      status: 1,
      display: null,
      goalsIn: 0,
    };
  if (clockMinutes < 45 + t.firstStoppage) {
    const shown = Math.floor(clockMinutes) + 1;
    return {
      clock: { phase: 'first_half', minute: clockMinutes, score },
      status: 2,
      display: shown <= 45 ? String(shown) : `45+${shown - 45}`,
      goalsIn: scored.length,
    };
  }
  if (clockMinutes < second)
    return {
      clock: { phase: 'half_time', minute: 45, score },
      status: 2,
      display: 'HT',
      goalsIn: scored.length,
    };
  if (clockMinutes < clockLength(t)) {
    const played = 45 + clockMinutes - second;
    const shown = Math.floor(played) + 1;
    return {
      clock: { phase: 'second_half', minute: played, score, halfTimeScore },
      status: 2,
      display: shown <= 90 ? String(shown) : `90+${shown - 90}`,
      goalsIn: scored.length,
    };
  }
  return {
    clock: { phase: 'finished', minute: 90 + t.secondStoppage, score, halfTimeScore },
    status: 3,
    display: 'FT',
    goalsIn: scored.length,
  };
};

/** A seeded pseudo-random generator (mulberry32) returning numbers in [0, 1). */
export const seededRandom = (seed: number): (() => number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
};

/** A 32-bit seed from text (FNV-1a), so the same source always replays the same way. */
export const seedOf = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
};

/**
 * Goal minutes for a known half-time and full-time score (football-data has no minutes): each half's
 * goals at uniform random minutes of that half, one in eight in its stoppage time, seeded by `seed`.
 * The timeline's {@link resultOf} equals the given scores. Throws `RangeError` when half time is above
 * full time.
 */
export const assignGoalMinutes = (halfTime: Score, fullTime: Score, seed: number): Timeline => {
  if (
    halfTime.home > fullTime.home ||
    halfTime.away > fullTime.away ||
    halfTime.home < 0 ||
    halfTime.away < 0
  )
    throw new RangeError('half-time score must be between 0-0 and the full-time score');
  const random = seededRandom(seed);
  const goals: TimelineGoal[] = [];
  const place = (side: 'home' | 'away', half: 1 | 2, count: number) => {
    for (let k = 0; k < count; k++) {
      const stoppage = random() < 1 / 8 ? 1 + Math.floor(random() * 2) : 0;
      const minute = stoppage > 0 ? half * 45 : (half - 1) * 45 + 1 + Math.floor(random() * 45);
      goals.push({ side, half, minute, stoppage });
    }
  };
  place('home', 1, halfTime.home);
  place('away', 1, halfTime.away);
  place('home', 2, fullTime.home - halfTime.home);
  place('away', 2, fullTime.away - halfTime.away);
  return timelineOf(goals);
};

/** Sorts goals by time and sets each half's stoppage to cover its latest goal (at least 2 and 3 minutes). */
export const timelineOf = (goals: readonly TimelineGoal[]): Timeline => {
  const most = (half: 1 | 2) => Math.max(0, ...goals.filter((g) => g.half === half).map((g) => g.stoppage));
  const draft = { goals, firstStoppage: Math.max(2, most(1)), secondStoppage: Math.max(3, most(2)) };
  return { ...draft, goals: [...goals].sort((a, b) => goalClock(a, draft) - goalClock(b, draft)) };
};

/**
 * What the match page shows at `clockMinutes` (issue 16 items 1, 2): the goals scored so far with their
 * minute text, and the source's statistics spread over the minutes played (null without statistics).
 */
export const shownAt = (
  t: Timeline,
  clockMinutes: number,
): { goals: GoalView[]; statistics: MatchStatistics | null } => {
  const state = stateAt(t, clockMinutes);
  return {
    goals: t.goals
      .filter((g) => goalClock(g, t) <= clockMinutes)
      .map((g) => ({ side: g.side, minute: goalMinuteText(g.half, g.minute, g.stoppage) })),
    statistics: t.statistics ? statisticsAt(t.statistics, state.status === 1 ? 0 : state.clock.minute) : null,
  };
};
