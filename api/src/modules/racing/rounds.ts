/**
 * The round scheduler, a process manager (issue 19 "the round scheduler as a process manager"; decision
 * 0009; docs/racing.md "Schedule"). Each tick:
 *
 * 1. **Plans** the slots of the schedule (`roundsBetween`: ids and times are a function of time) from
 *    the last planned slot (or now) up to the round holding now + one period, each once:
 *    `racing_slots` is never emptied, so a restarted scheduler continues where it stopped and plans
 *    the rounds it missed while down (at most {@link CATCH_UP_MS} back), none twice.
 * 2. **Queues the steps that are due** (open at the slot's start less {@link OPEN_LEAD_MS}, close at
 *    `end_bet_time`, draw and settle at `draw_time`) into `racing_round_jobs`, in one statement that
 *    also advances the slot's `queued_steps`: a step is queued once.
 * 3. **Drains** the jobs with `drainQueue` (leases; several processes may run ticks): each step is a
 *    command on the round's stream (`racing-<roundId>`) with a deterministic event id, so a step run
 *    twice (a crash after the append, before the delete) writes nothing the second time.
 *
 * Opening a round draws a server seed from `crypto.randomBytes` (stored in `racing_seeds` before its
 * SHA-256 is published in `RoundScheduled`; the same seed is used if the step runs again). The draw
 * reveals it. Racing's `no_bet` = 1 refuses the open step (`RACING_PAUSED`): the slot is recorded as
 * paused and its later steps do nothing. Settling a round settles its orders through the money path
 * (settlement.ts) and records the totals (`RoundSettled`) once no order of the round is pending.
 */
import { randomBytes } from 'node:crypto';
import {
  roundDecider,
  roundsBetween,
  serverSeedFromBytes,
  seedHash,
  RacingOrderStatus,
  SEED_BYTES,
} from '@bashiri/domain';
import type { RoundCommand } from '@bashiri/domain';
import { handleCommand } from '@bashiri/eventstore';
import { drainQueue } from '../../process-manager.ts';
import type { WorkQueue } from '../../process-manager.ts';
import type { AppServices } from '../../services.ts';
import { racingSettings } from './config.ts';
import { racingProjection, racingRoundStream } from './projection.ts';
import { drainRacingSettlement } from './settlement.ts';

/** A round is opened (its seed hash published) this long before its betting opens. */
export const OPEN_LEAD_MS = 5_000;
/** A restarted scheduler plans the rounds it missed at most this far back (one day). */
export const CATCH_UP_MS = 86_400_000;

/** The steps of a round, in order (also `racing_slots.queued_steps`: how many are queued). */
export const RoundStep = { Open: 1, Close: 2, Draw: 3, Settle: 4 } as const;
type RoundStep = (typeof RoundStep)[keyof typeof RoundStep];
const STEP_NAMES: Record<RoundStep, string> = { 1: 'open', 2: 'close', 3: 'draw', 4: 'settle' };

interface JobItem {
  readonly job_id: string;
  readonly round_id: string;
  readonly step: number;
}

const ROUND_JOBS: WorkQueue = {
  table: 'racing_round_jobs',
  columns: ['job_id', 'round_id', 'step'],
  tiebreak: 'job_id',
};

const iso = (ms: number) => new Date(ms).toISOString();

/** Plans the slots up to the round after the one holding `nowMs` (see the module comment, step 1). */
const plan = async (services: AppServices, nowMs: number): Promise<number> => {
  const { schedule } = await racingSettings(services.sql);
  const last = await services.sql.query<{ draw_time: Date | string }>(
    'SELECT draw_time FROM racing_slots ORDER BY draw_time DESC LIMIT 1',
  );
  const lastDraw = last.rows[0] ? new Date(last.rows[0].draw_time).getTime() : null;
  // Continue after the last planned slot (its draw is the next one's start); never further back than a day.
  const from = Math.max(lastDraw ?? nowMs, nowMs - CATCH_UP_MS);
  const slots = roundsBetween(from, nowMs + schedule.periodSeconds * 1000, schedule).filter(
    (slot) => lastDraw === null || Date.parse(slot.startingBetTime) >= lastDraw,
  );
  if (slots.length === 0) return 0;
  const { rows } = await services.sql.query<{ round_id: string }>(
    `INSERT INTO racing_slots (round_id, starting_bet_time, end_bet_time, draw_time)
     SELECT * FROM jsonb_to_recordset($1::jsonb)
       AS x(round_id text, starting_bet_time timestamptz, end_bet_time timestamptz, draw_time timestamptz)
     ON CONFLICT (round_id) DO NOTHING RETURNING round_id`,
    [
      JSON.stringify(
        slots.map((s) => ({
          round_id: s.roundId,
          starting_bet_time: s.startingBetTime,
          end_bet_time: s.endBetTime,
          draw_time: s.drawTime,
        })),
      ),
    ],
  );
  return rows.length;
};

/**
 * Queues every step that is due at `nowMs` and not queued yet, advancing `queued_steps` in the same
 * statement (see the module comment, step 2).
 */
const queueDue = async (services: AppServices, nowMs: number): Promise<void> => {
  await services.sql.query(
    `WITH due AS (
       SELECT round_id, queued_steps AS done,
              CASE WHEN draw_time <= $1 THEN 4
                   WHEN end_bet_time <= $1 THEN 2
                   WHEN starting_bet_time - make_interval(secs => $2) <= $1 THEN 1
                   ELSE 0 END AS upto
       FROM racing_slots WHERE queued_steps < 4 AND starting_bet_time - make_interval(secs => $2) <= $1
     ), moved AS (
       UPDATE racing_slots s SET queued_steps = due.upto FROM due
       WHERE s.round_id = due.round_id AND due.upto > due.done
       RETURNING s.round_id, due.done, due.upto
     )
     INSERT INTO racing_round_jobs (job_id, round_id, step)
     SELECT moved.round_id || ':' || k, moved.round_id, k
     FROM moved, generate_series(moved.done + 1, moved.upto) AS k
     ON CONFLICT (job_id) DO NOTHING`,
    [iso(nowMs), OPEN_LEAD_MS / 1000],
  );
};

/** Runs one command on a round's stream; ids derive from (round, step), so a repeat writes nothing. */
const roundCommand = (services: AppServices, roundId: string, step: RoundStep, command: RoundCommand) =>
  handleCommand(services.store, racingRoundStream(roundId), roundDecider, command, {
    idempotencyKey: STEP_NAMES[step],
    metadata: { actor: 'system:racing-scheduler' },
  });

/** The round's seed: drawn once from `crypto.randomBytes`, stored before its hash is published. */
const seedOf = async (services: AppServices, roundId: string, create: boolean): Promise<string | null> => {
  if (create)
    await services.sql.query(
      'INSERT INTO racing_seeds (round_id, seed) VALUES ($1, $2) ON CONFLICT (round_id) DO NOTHING',
      [roundId, serverSeedFromBytes(randomBytes(SEED_BYTES))],
    );
  const { rows } = await services.sql.query<{ seed: string }>(
    'SELECT seed FROM racing_seeds WHERE round_id = $1',
    [roundId],
  );
  return rows[0]?.seed ?? null;
};

/**
 * Catches up racing's read model and settle queue (`racingProjection`) and nothing else, waiting for
 * another runner's batch so the caller reads its own writes (decision 0136).
 */
export const catchUpRacing = (services: AppServices): Promise<number> =>
  services.projections.catchUp(racingProjection, { wait: true });

/** What a round step did, for logs and the round clock subscription. */
export interface RoundStepDone {
  readonly roundId: string;
  readonly step: string;
  readonly outcome: 'done' | 'paused' | 'skipped' | 'waiting';
}

/** Settles the round's orders and records its totals; 'waiting' while an order is still pending. */
const settleRound = async (services: AppServices, roundId: string, at: string): Promise<RoundStepDone> => {
  // Only racing's own projection: it queues the drawn round's orders and shows them settled. The
  // other read models (wallets, statistics, promotions) follow in the background runner; catching up
  // all of them here put a round's 50,000 wallet credits through every projection inside the step
  // (decision 0136).
  await catchUpRacing(services);
  await drainRacingSettlement(services);
  await catchUpRacing(services);
  const { rows } = await services.sql.query<{
    pending: number;
    orders: number;
    staked: string;
    paid: string;
  }>(
    `SELECT count(*) FILTER (WHERE status = $2)::int AS pending, count(*)::int AS orders,
            coalesce(sum(amount), 0)::text AS staked, coalesce(sum(gross), 0)::text AS paid
     FROM racing_orders WHERE round_id = $1`,
    [roundId, RacingOrderStatus.PendingSettlement],
  );
  const totals = rows[0]!;
  if (totals.pending > 0) return { roundId, step: 'settle', outcome: 'waiting' };
  const outcome = await roundCommand(services, roundId, RoundStep.Settle, {
    type: 'SettleRound',
    roundId,
    at,
    orders: totals.orders,
    staked: Number(totals.staked),
    paid: Number(totals.paid),
  });
  if (!outcome.ok && outcome.error.code === 'RACING_ROUND_VOID')
    return { roundId, step: 'settle', outcome: 'skipped' };
  if (!outcome.ok) throw new Error(`settling round ${roundId}: ${outcome.error.code}`);
  return { roundId, step: 'settle', outcome: 'done' };
};

/** Carries out one due step of a round (idempotent). */
const runStep = async (services: AppServices, job: JobItem): Promise<RoundStepDone> => {
  const { round_id: roundId } = job;
  const step = job.step as RoundStep;
  const at = iso(services.now());
  const name = STEP_NAMES[step];
  const slot = await services.sql.query<{
    starting_bet_time: Date;
    end_bet_time: Date;
    draw_time: Date;
    outcome: string | null;
  }>('SELECT starting_bet_time, end_bet_time, draw_time, outcome FROM racing_slots WHERE round_id = $1', [
    roundId,
  ]);
  const s = slot.rows[0];
  // A paused slot never opened; a voided round (void.ts) neither draws nor settles.
  if (!s || s.outcome === 'paused' || s.outcome === 'voided')
    return { roundId, step: name, outcome: 'skipped' };
  if (step === RoundStep.Open) {
    const { config } = await racingSettings(services.sql);
    const seed = (await seedOf(services, roundId, true))!;
    const outcome = await roundCommand(services, roundId, step, {
      type: 'ScheduleRound',
      roundId,
      at,
      seedHash: seedHash(seed),
      startingBetTime: new Date(s.starting_bet_time).toISOString(),
      endBetTime: new Date(s.end_bet_time).toISOString(),
      drawTime: new Date(s.draw_time).toISOString(),
      noBet: config.noBet,
    });
    if (!outcome.ok && outcome.error.code === 'RACING_PAUSED') {
      await services.sql.query(`UPDATE racing_slots SET outcome = 'paused' WHERE round_id = $1`, [roundId]);
      return { roundId, step: name, outcome: 'paused' };
    }
    if (!outcome.ok) throw new Error(`opening round ${roundId}: ${outcome.error.code}`);
    return { roundId, step: name, outcome: 'done' };
  }
  if (step === RoundStep.Close) {
    const outcome = await roundCommand(services, roundId, step, { type: 'CloseRoundBetting', roundId, at });
    if (!outcome.ok) throw new Error(`closing round ${roundId}: ${outcome.error.code}`);
    return { roundId, step: name, outcome: 'done' };
  }
  if (step === RoundStep.Draw) {
    const seed = await seedOf(services, roundId, false);
    if (!seed) throw new Error(`round ${roundId} has no stored seed`);
    const outcome = await roundCommand(services, roundId, step, { type: 'DrawRound', roundId, at, seed });
    if (!outcome.ok && outcome.error.code === 'RACING_ROUND_VOID')
      return { roundId, step: name, outcome: 'skipped' };
    if (!outcome.ok) throw new Error(`drawing round ${roundId}: ${outcome.error.code}`);
    return { roundId, step: name, outcome: 'done' };
  }
  return settleRound(services, roundId, at);
};

/**
 * One tick of the scheduler at `services.now()`: plan, queue what is due, run it. Returns the steps
 * carried out (oldest round first). Safe to run in several processes at once and again after a crash.
 * A settle step whose round still has pending orders is handed back to the queue (its lease cleared, so
 * the drain does not delete it) and tried on the next tick.
 */
export const runRacingScheduler = async (services: AppServices): Promise<RoundStepDone[]> => {
  const nowMs = services.now();
  await plan(services, nowMs);
  await queueDue(services, nowMs);
  const done: RoundStepDone[] = [];
  await drainQueue<JobItem>(
    services.sql,
    ROUND_JOBS,
    async (items) => {
      const ordered = [...items].sort((a, b) =>
        a.round_id === b.round_id ? a.step - b.step : a.round_id < b.round_id ? -1 : 1,
      );
      for (const item of ordered) {
        const result = await runStep(services, item);
        if (result.outcome === 'waiting') {
          await services.sql.query(
            'UPDATE racing_round_jobs SET leased_until = NULL, lease_id = NULL WHERE job_id = $1',
            [item.job_id],
          );
          services.logger.debug({ roundId: item.round_id }, 'racing round waits for its orders to settle');
          continue;
        }
        done.push(result);
        services.publish('RACING_ROUND', { roundId: result.roundId, step: result.step });
      }
    },
    { batchSize: 50, leaseSeconds: 30 },
  );
  return done;
};
