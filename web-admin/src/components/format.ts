/**
 * Display formats of the back office: money in whole TZS with thousands separators (spec §9, the domain's
 * `formatTzs`), instants in East Africa Time (spec: every time is shown in EAT, UTC+3), EAT dates.
 */
import { addDays, eatDate as eatDateOf, eatDayStart, eatText } from '@bashiri/domain';
import { formatTzs } from '../shared.ts';

export { formatMoney, formatTzs } from '../shared.ts';

/** `yyyy-MM-dd HH:mm:ss` in EAT, or `—` for none. */
export const formatEat = (iso: string | null | undefined): string =>
  iso ? eatText(iso, 'yyyy-MM-dd HH:mm:ss') : '—';

/** Today's EAT date `yyyy-MM-dd` (or the EAT date of `at`). */
export const eatDate = (at: Date = new Date()): string => eatDateOf(at);

/** The EAT date `days` days before `date` (`yyyy-MM-dd`). */
export const eatDaysBefore = (date: string, days: number): string => addDays(date, -days);

/** The instant of EAT midnight starting `date` (`yyyy-MM-dd`), ISO 8601. */
export const eatMidnight = (date: string): string => new Date(eatDayStart(date)).toISOString();

/** A signed amount with its sign, e.g. `+10,000`. */
export const formatSigned = (amount: number): string =>
  amount > 0 ? `+${formatTzs(amount)}` : formatTzs(amount);
