/**
 * East Africa Time buckets (UTC+3 all year, no daylight saving; spec §9 "clock zone East Africa").
 * Statistics are grouped by the EAT date and hour of each event's own instant.
 */

/** EAT is UTC+3 all year. */
export const EAT_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An EAT hour bucket: `day` 'yyyy-MM-dd' and `hour` 0–23. */
export interface EatBucket {
  readonly day: string;
  readonly hour: number;
}

/** The EAT date and hour of an instant (epoch ms or ISO-8601 text). */
export const eatBucket = (instant: number | string): EatBucket => {
  const ms = typeof instant === 'number' ? instant : Date.parse(instant);
  const shifted = new Date(ms + EAT_OFFSET_MS);
  return { day: shifted.toISOString().slice(0, 10), hour: shifted.getUTCHours() };
};

/** The EAT date 'yyyy-MM-dd' of an instant (epoch ms). */
export const eatDate = (instant: number): string => eatBucket(instant).day;

/** True when `text` is a real calendar date 'yyyy-MM-dd'. */
export const isDate = (text: string): boolean => {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
};

/** The instant (epoch ms) an EAT date starts: 00:00 EAT = 21:00 UTC the day before. */
export const eatDayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`) - EAT_OFFSET_MS;

/** The EAT date `n` days after `day` (n may be negative). */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export const daysBetween = (from: string, to: string): number =>
  Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1);
