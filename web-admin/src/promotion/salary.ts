/** Agent-salary helpers of the back office (decision 0065). */

const EAT_MS = 3 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

/**
 * The Monday (yyyy-MM-dd, East Africa Time) of the last salary week closed at `now` (epoch ms): weeks
 * run Monday 00:00 EAT to the next Monday 00:00 EAT (EAT = UTC+3, no daylight saving).
 */
export const lastClosedWeek = (now: number): string => {
  const eat = new Date(now + EAT_MS);
  const sinceMonday = (eat.getUTCDay() + 6) % 7;
  return new Date(eat.getTime() - (sinceMonday + 7) * DAY_MS).toISOString().slice(0, 10);
};
