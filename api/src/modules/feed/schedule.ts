/**
 * Kick-off shifting (docs/demo-feed.md "Kick-offs"): real fixtures are replayed at made-up kick-off
 * times so that at any moment some matches are upcoming (today plus 6 days in East Africa Time, spec §9),
 * some in play and some finished. Pure: instants are epoch ms; East Africa Time is UTC+3 all year.
 */

import { EAT_DAY_MS as DAY_MS, eatDayStartOf } from '@bashiri/domain';

/** Local kick-off times of the daily lane, in East Africa Time ('HH:MM'). */
export const DAILY_KICKOFFS_EAT = ['13:00', '15:00', '16:30', '18:00', '19:30', '21:00', '22:45'] as const;

/** How the schedule is shaped; all durations in ms. */
export interface ScheduleOptions {
  /** Real duration of a standard match, kick-off to final whistle. */
  readonly matchMs: number;
  /** Gap between kick-offs in the rolling lane (default matchMs / 3, so about three matches are live). */
  readonly cadenceMs?: number;
  /** How far ahead the rolling lane is filled (default 3 × matchMs). */
  readonly horizonMs?: number;
  /** How far back the rolling lane is filled on an empty schedule (default matchMs + 2 × cadence). */
  readonly backfillMs?: number;
  /** Days of the daily lane counting today (default 7: spec §9 today + 6 days). */
  readonly days?: number;
  readonly dailyKickoffs?: readonly string[];
}

/** The rolling lane's cadence for `options`. */
export const cadenceOf = (options: ScheduleOptions): number =>
  Math.max(1, Math.round(options.cadenceMs ?? options.matchMs / 3));

/**
 * Kick-offs to add at `now` given those already scheduled (`existing`, epoch ms): the rolling lane's
 * grid points (multiples of the cadence) from `now − backfill` to `now + horizon`, and the daily lane's
 * future times today and the next days, minus any already taken. Sorted, no duplicates.
 */
export const plannedKickoffs = (
  now: number,
  existing: Iterable<number>,
  options: ScheduleOptions,
): number[] => {
  const taken = new Set(existing);
  const cadence = cadenceOf(options);
  const horizon = options.horizonMs ?? 3 * options.matchMs;
  const backfill = options.backfillMs ?? options.matchMs + 2 * cadence;
  const wanted = new Set<number>();
  for (let t = Math.ceil((now - backfill) / cadence) * cadence; t <= now + horizon; t += cadence)
    wanted.add(t);
  const today = eatDayStartOf(now);
  for (let d = 0; d < (options.days ?? 7); d++) {
    for (const hhmm of options.dailyKickoffs ?? DAILY_KICKOFFS_EAT) {
      const [h, m] = hhmm.split(':').map(Number) as [number, number];
      const t = today + d * DAY_MS + (h * 60 + m) * 60_000;
      if (t > now) wanted.add(t);
    }
  }
  return [...wanted].filter((t) => !taken.has(t)).sort((a, b) => a - b);
};
