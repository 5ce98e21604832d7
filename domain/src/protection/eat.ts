/**
 * Calendar periods of the player protections in East Africa Time (EAT = UTC+3, no daylight saving;
 * docs/responsible-gambling.md "Periods"). A **day** runs from 00:00 EAT to the next 00:00 EAT (21:00 UTC
 * the evening before); a **week** from Monday 00:00 EAT to the next Monday 00:00 EAT; a **month** from the
 * 1st 00:00 EAT to the 1st of the next month 00:00 EAT. Instants are ISO-8601 text with a zone or epoch
 * milliseconds; period keys are EAT calendar dates (`2026-01-10`), the Monday of a week (`2026-01-05`)
 * and the month (`2026-01`).
 */

import { addDays, addMonths, format, startOfDay, startOfMonth, startOfWeek } from 'date-fns';
import { eatClockOf } from '../time/eat.ts';

/** One hour and one day in milliseconds. */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** A calendar period of a limit. */
export type ProtectionPeriod = 'day' | 'week' | 'month';
export const PROTECTION_PERIODS: readonly ProtectionPeriod[] = ['day', 'week', 'month'];

/** Epoch milliseconds of an instant given as ISO-8601 text (with a zone) or milliseconds; NaN when unreadable. */
export const toEpochMs = (at: string | number): number => (typeof at === 'number' ? at : Date.parse(at));

/** The instant as ISO-8601 UTC text (`2026-01-10T06:00:00.000Z`). */
export const isoOf = (ms: number): string => new Date(ms).toISOString();

/** True when `at` is a readable instant. */
export const isInstant = (at: unknown): at is string =>
  typeof at === 'string' && /(?:Z|[+-]\d\d:?\d\d)$/.test(at) && Number.isFinite(Date.parse(at));

/** Start (inclusive) and end (exclusive) of the period containing `at`, as epoch milliseconds (calendar arithmetic on the EAT clock, domain time module). */
export const periodBounds = (
  period: ProtectionPeriod,
  at: string | number,
): { start: number; end: number } => {
  const clock = eatClockOf(toEpochMs(at));
  if (period === 'day') {
    const start = startOfDay(clock);
    return { start: start.getTime(), end: addDays(start, 1).getTime() };
  }
  if (period === 'month') {
    const start = startOfMonth(clock);
    return { start: start.getTime(), end: addMonths(start, 1).getTime() };
  }
  const start = startOfWeek(clock, { weekStartsOn: 1 });
  return { start: start.getTime(), end: addDays(start, 7).getTime() };
};

/**
 * The key of the period containing `at`: the EAT date of the day (`2026-01-10`), of the week's Monday
 * (`2026-01-05`), or the month (`2026-01`). Keys of one period kind sort in time order as text.
 */
export const periodKey = (period: ProtectionPeriod, at: string | number): string =>
  format(eatClockOf(periodBounds(period, at).start), period === 'month' ? 'yyyy-MM' : 'yyyy-MM-dd');

/**
 * `at` plus `months` calendar months on the EAT wall clock, same time of day; when the target month is
 * shorter, the last day of that month (31 Aug + 6 months = 28 or 29 Feb). Used for self-exclusion periods.
 */
export const addEatMonths = (at: string | number, months: number): number =>
  addMonths(eatClockOf(toEpochMs(at)), months).getTime();
