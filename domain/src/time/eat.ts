/**
 * East Africa Time, the one clock zone of the product (spec §9 "clock zone East Africa"): every day
 * boundary, date filter, statistics bucket and displayed time is in EAT, UTC+3 all year (no daylight
 * saving). The only module that computes it, on `@date-fns/tz` (docs/decisions/0012-one-of-each.md).
 *
 * Dates are 'yyyy-MM-dd' text; instants are epoch milliseconds (or ISO-8601 text / Date where noted).
 */
import { TZDate, tzOffset } from '@date-fns/tz';
import type { Instant } from '../config/versions.ts';

/** The IANA zone of East Africa Time. */
export const EAT_ZONE = 'Africa/Dar_es_Salaam';

/** EAT's offset from UTC in ms (UTC+3 all year). For arithmetic on whole days only. */
export const EAT_OFFSET_MS = 3 * 3_600_000;

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An instant given as epoch ms, ISO-8601 text with a zone, or a Date. */
export type EatInstant = Instant | Date;

const ms = (instant: EatInstant): number =>
  typeof instant === 'number'
    ? instant
    : typeof instant === 'string'
      ? Date.parse(instant)
      : instant.getTime();

/** `instant` as an EAT wall clock. */
export const eatClockOf = (instant: EatInstant): TZDate => new TZDate(ms(instant), EAT_ZONE);

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * `instant` formatted in EAT with a `pattern` of date-fns tokens: `yyyy` `MM` `dd` `HH` `mm` `ss`, `xxx`
 * (the offset, `+03:00`) and `'quoted'` literals (default 'yyyy-MM-dd HH:mm'). A small formatter of our
 * own so that the browser bundles only `TZDate`, not date-fns' locale-aware `format`.
 */
export const eatText = (instant: EatInstant, pattern = 'yyyy-MM-dd HH:mm'): string => {
  // The EAT wall clock read through UTC getters: the zone's offset comes from `tzOffset` (Intl), so the
  // player's first load carries that small function and not the whole `TZDate` class (bench:web).
  const at = ms(instant);
  const c = new Date(at + tzOffset(EAT_ZONE, new Date(at)) * 60_000);
  const parts: Record<string, string> = {
    yyyy: pad(c.getUTCFullYear(), 4),
    MM: pad(c.getUTCMonth() + 1),
    dd: pad(c.getUTCDate()),
    HH: pad(c.getUTCHours()),
    mm: pad(c.getUTCMinutes()),
    ss: pad(c.getUTCSeconds()),
    xxx: '+03:00',
  };
  return pattern.replace(/yyyy|MM|dd|HH|mm|ss|xxx|'([^']*)'/g, (token, literal?: string) =>
    literal !== undefined ? literal : (parts[token] ?? token),
  );
};

/** The EAT date 'yyyy-MM-dd' of `instant` (default now). */
export const eatDate = (instant: EatInstant = Date.now()): string => eatText(instant, 'yyyy-MM-dd');

/** The EAT wall-clock time 'HH:mm:ss' of `instant` (the header clock, spec §2, §9). */
export const eatTime = (instant: EatInstant): string => eatText(instant, 'HH:mm:ss');

/** `instant` as ISO-8601 EAT with an explicit offset, e.g. `2026-11-21T18:30:00+03:00`. */
export const eatTimestamp = (instant: EatInstant): string => eatText(instant, "yyyy-MM-dd'T'HH:mm:ssxxx");

/** An EAT hour bucket: `day` 'yyyy-MM-dd' and `hour` 0–23. */
export interface EatBucket {
  readonly day: string;
  readonly hour: number;
}

const HOUR_MS = 3_600_000;
/** The last bucket computed, by its UTC hour: EAT's offset is whole hours, so one UTC hour is one bucket. */
let lastBucket: { readonly utcHour: number; readonly bucket: EatBucket } | null = null;

/**
 * The EAT date and hour of `instant` (statistics buckets). The zone's offset is looked up once per UTC
 * hour: a projection applying a settled round's thousands of events at one instant asks the same hour
 * again and again (bench:racing, decision 0184), and the lookup (Intl) cost more than the apply.
 */
export const eatBucket = (instant: EatInstant): EatBucket => {
  const at = ms(instant);
  const utcHour = Math.floor(at / HOUR_MS);
  if (lastBucket?.utcHour === utcHour) return lastBucket.bucket;
  const bucket = { day: eatDate(at), hour: eatClockOf(at).getHours() };
  lastBucket = { utcHour, bucket };
  return bucket;
};

/** True when `text` is a real calendar date 'yyyy-MM-dd'. */
export const isDate = (text: string): boolean => {
  if (!DATE.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
};

/** The instant (epoch ms) a wall-clock EAT time 'yyyy-MM-ddTHH:mm[:ss]' (or a bare date) stands for. */
export const eatWallClock = (text: string): number => {
  const [date = '', time = '00:00:00'] = text.split(/[T ]/);
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h = 0, mi = 0, s = 0] = time.split(':').map(Number);
  return new TZDate(y, mo - 1, d, h, mi, s, EAT_ZONE).getTime();
};

/** The instant (epoch ms) an EAT date starts: 00:00 EAT = 21:00 UTC the day before. */
export const eatDayStart = (day: string): number => eatWallClock(day);

/** The instant (epoch ms) of EAT midnight starting the day that contains `instant`. */
export const eatDayStartOf = (instant: EatInstant): number => eatDayStart(eatDate(instant));

/** The date `n` days after `day` (n may be negative), 'yyyy-MM-dd' (calendar arithmetic, zone-free). */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export const daysBetween = (from: string, to: string): number =>
  Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1);

/** One EAT day in ms (EAT has no daylight saving, so every day is this long). */
export const EAT_DAY_MS = DAY_MS;
