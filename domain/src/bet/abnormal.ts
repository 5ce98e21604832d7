/**
 * Abnormal-bet levels (spec §4 "Abnormal bet info"): a bet whose match has no result this long after
 * match time is flagged '120m', then '150m', '5h' and '24h'. Used by the betting module's flagging
 * worker and by the back office's match list.
 */
import type { AbnormalInfo } from './events.ts';

const MINUTE_MS = 60_000;

/** The levels of spec §4, lowest first, with how long after match time (ms) each applies. */
export const ABNORMAL_LEVELS: readonly { readonly info: AbnormalInfo; readonly afterMs: number }[] = [
  { info: '120m', afterMs: 120 * MINUTE_MS },
  { info: '150m', afterMs: 150 * MINUTE_MS },
  { info: '5h', afterMs: 5 * 60 * MINUTE_MS },
  { info: '24h', afterMs: 24 * 60 * MINUTE_MS },
];

/** The highest level reached `now` (epoch ms) by a match that started at `startTime` (epoch ms), or null. */
export const abnormalLevelAt = (startTime: number, now: number): AbnormalInfo | null =>
  ABNORMAL_LEVELS.findLast((level) => now - startTime >= level.afterMs)?.info ?? null;
