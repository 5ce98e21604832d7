/**
 * The racing round schedule as a pure function of time (issue 19 "Rounds follow each other on a schedule
 * (default: a round every 3 minutes, betting closes 20 s before the draw); the schedule survives restarts
 * with no round skipped or run twice"). Each East Africa Time day (UTC+3) is cut into slots of
 * `periodSeconds`; slot k's round id is `<yyyymmdd>-<k+1, 3 digits>` (EAT date), its betting opens at the
 * slot's start and its draw is at the slot's end. Ids and times depend only on the instant, so a
 * restarted scheduler recomputes the same rounds, and `ScheduleRound` on an existing id changes nothing.
 */
import { domainError, DomainFailure } from '../errors.ts';

/** How rounds follow each other. */
export interface RacingSchedule {
  /** Seconds from one draw to the next; must divide 24 h. Default 180. */
  readonly periodSeconds: number;
  /** Betting closes this many seconds before the draw. Default 20. */
  readonly closeBeforeDrawSeconds: number;
}

/** Issue 19 defaults: a round every 3 minutes, betting closing 20 s before the draw. */
export const DEFAULT_RACING_SCHEDULE: RacingSchedule = { periodSeconds: 180, closeBeforeDrawSeconds: 20 };

/** One scheduled round: its id and its three instants (ISO-8601, UTC). */
export interface ScheduledSlot {
  readonly roundId: string;
  readonly startingBetTime: string;
  readonly endBetTime: string;
  readonly drawTime: string;
}

const DAY_MS = 86_400_000;
const EAT_MS = 3 * 3_600_000;

const check = (schedule: RacingSchedule): void => {
  const { periodSeconds: p, closeBeforeDrawSeconds: c } = schedule;
  if (!Number.isInteger(p) || p <= 0 || DAY_MS % (p * 1000) !== 0 || !Number.isInteger(c) || c < 0 || c >= p)
    throw new DomainFailure(
      domainError('RACING_INVALID_SCHEDULE', 'the period must divide a day and exceed the closing lead', {
        details: { ...schedule },
      }),
    );
};

const slotAt = (index: number, schedule: RacingSchedule): ScheduledSlot => {
  const periodMs = schedule.periodSeconds * 1000;
  const startMs = index * periodMs - EAT_MS;
  const eatDay = new Date(startMs + EAT_MS).toISOString().slice(0, 10).replaceAll('-', '');
  const perDay = DAY_MS / periodMs;
  const number = (((index % perDay) + perDay) % perDay) + 1;
  const drawMs = startMs + periodMs;
  return {
    roundId: `${eatDay}-${String(number).padStart(3, '0')}`,
    startingBetTime: new Date(startMs).toISOString(),
    endBetTime: new Date(drawMs - schedule.closeBeforeDrawSeconds * 1000).toISOString(),
    drawTime: new Date(drawMs).toISOString(),
  };
};

/** Index of the slot holding `instantMs` (epoch ms), counted from 1970-01-01 00:00 EAT. */
const indexAt = (instantMs: number, schedule: RacingSchedule): number =>
  Math.floor((instantMs + EAT_MS) / (schedule.periodSeconds * 1000));

/**
 * The round whose slot holds `instantMs` (its betting opened at or before it, its draw is after it).
 * Throws `RACING_INVALID_SCHEDULE` (DomainFailure) on a period that does not divide a day.
 */
export const roundAt = (
  instantMs: number,
  schedule: RacingSchedule = DEFAULT_RACING_SCHEDULE,
): ScheduledSlot => {
  check(schedule);
  return slotAt(indexAt(instantMs, schedule), schedule);
};

/**
 * Every round whose slot starts in `[fromMs, toMs)` plus the one holding `fromMs`, oldest first: what a
 * scheduler (re)starting at `fromMs` must make sure exists up to `toMs`. An empty span (`toMs <= fromMs`)
 * lists nothing, not even the slot holding `fromMs` when that slot starts at or after `toMs`: the
 * scheduler continues from its last planned draw, which may already lie beyond `toMs`, and must then plan
 * nothing. Throws like {@link roundAt}.
 */
export const roundsBetween = (
  fromMs: number,
  toMs: number,
  schedule: RacingSchedule = DEFAULT_RACING_SCHEDULE,
): ScheduledSlot[] => {
  check(schedule);
  const slots: ScheduledSlot[] = [];
  for (let i = indexAt(fromMs, schedule); i * schedule.periodSeconds * 1000 - EAT_MS < toMs; i += 1)
    slots.push(slotAt(i, schedule));
  return slots;
};
