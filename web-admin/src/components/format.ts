/**
 * Display formats of the back office: money in whole TZS with thousands separators (spec §9, the domain's
 * `formatTzs`), instants in East Africa Time (spec: every time is shown in EAT, UTC+3), EAT dates.
 */
import { formatTzs } from '../shared.ts';

export { formatMoney, formatTzs } from '../shared.ts';

const EAT = 'Africa/Dar_es_Salaam';
const timeFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: EAT,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});
const dayFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: EAT,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `yyyy-MM-dd HH:mm:ss` in EAT, or `—` for none. */
export const formatEat = (iso: string | null | undefined): string =>
  iso ? timeFormat.format(new Date(iso)) : '—';

/** Today's EAT date `yyyy-MM-dd` (or the EAT date of `at`). */
export const eatDate = (at: Date = new Date()): string => dayFormat.format(at);

/** The EAT date `days` days before `date` (`yyyy-MM-dd`). */
export const eatDaysBefore = (date: string, days: number): string => {
  const at = new Date(`${date}T12:00:00+03:00`);
  at.setUTCDate(at.getUTCDate() - days);
  return eatDate(at);
};

/** The instant of EAT midnight starting `date` (`yyyy-MM-dd`), ISO 8601. */
export const eatMidnight = (date: string): string => new Date(`${date}T00:00:00+03:00`).toISOString();

/** A signed amount with its sign, e.g. `+10,000`. */
export const formatSigned = (amount: number): string =>
  amount > 0 ? `+${formatTzs(amount)}` : formatTzs(amount);
