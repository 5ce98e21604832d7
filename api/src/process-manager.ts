/**
 * The one process-manager helper (issue 14 item 4; architecture.md §3 "Process managers"; decision
 * 0009): a queue of work items that a projection fills from events (at least once: its inserts commit
 * with its checkpoint), and workers that lease items with `FOR UPDATE SKIP LOCKED`, carry out their
 * effects through the event-store port with deterministic event ids (so a replay writes nothing: exactly
 * once), and then delete them.
 *
 * The queue is a table of the product's own (its module's migrations; never an `es_*` table) with at
 * least these columns, and an index on `(queued_at, <tiebreak>)`:
 *
 * ```sql
 * queued_at timestamptz NOT NULL DEFAULT now(),
 * leased_until timestamptz,   -- NULL or past: free
 * lease_id uuid               -- the lease that holds the row
 * ```
 *
 * A lease is taken in one short statement (no transaction is held while the effects run, so it works on
 * PGlite's single connection too) and lasts `leaseSeconds`: a worker that dies leaves its items to be
 * leased again when the lease ends, and their effects replay into no-ops. Effects that fail release
 * the lease at once; the items are tried again on the next drain.
 */
import { randomUUID } from 'node:crypto';
import { evolveFixture, initialFixtureState } from '@bashiri/domain';
import type { FixtureEvent } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';

/** A queue table as {@link drainQueue} reads it. */
export interface WorkQueue {
  /** The table (a safe identifier). */
  readonly table: string;
  /** The columns of an item handed to the effects. */
  readonly columns: readonly string[];
  /** The column after `queued_at` that orders items queued at the same instant (unique with it). */
  readonly tiebreak: string;
  /**
   * A text column whose equal values must never be in two batches at once within one drain (the player
   * whose wallet the effects move, decision 0168): with `lanes` > 1, items are dealt to lanes by a hash
   * of it, so concurrent batches of one drain touch disjoint wallets. A NULL goes to the lane of ''.
   */
  readonly partitionBy?: string;
}

/** Options of {@link drainQueue}. */
export interface DrainOptions {
  /** Items per lease (default 250). */
  readonly batchSize?: number;
  /** How long a lease holds its items, seconds (default 60). */
  readonly leaseSeconds?: number;
  /**
   * Batches in flight at once (default 1; decision 0168): the queue is split by a hash of
   * `queue.partitionBy` into this many lanes, each drained batch after batch, all at the same time — so
   * one lane's effects are decided in Node while another's are written by the database. Needs
   * `queue.partitionBy` when above 1.
   */
  readonly lanes?: number;
}

interface LeasedRow {
  readonly row_ref: string;
  readonly queued_text: string;
  /** The tiebreak column under its own name: the queue's `columns` need not include it. */
  readonly queue_tiebreak: unknown;
  readonly [column: string]: unknown;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Works through `queue` until no free item is left: leases a batch, runs `effects(items)` (which must
 * be idempotent: deterministic event ids through the port), deletes the batch. Returns the number of
 * items done. Safe in several processes at once. With `lanes` > 1, that many batches are in flight at
 * once, dealt by a hash of `queue.partitionBy`; when effects fail in one lane, the other lanes still
 * run to their end and the first failure is thrown.
 *
 * Each batch starts after the last item of the one before (keyset order `(queued_at, tiebreak)`):
 * deleted rows stay in the index until vacuum, and scanning past them from the start every time makes a
 * long queue quadratic. Items queued later sort after; items leased elsewhere are left to their holder.
 */
export const drainQueue = async <Item>(
  sql: SqlExecutor,
  queue: WorkQueue,
  effects: (items: readonly Item[]) => Promise<void>,
  { batchSize = 250, leaseSeconds = 60, lanes = 1 }: DrainOptions = {},
): Promise<number> => {
  for (const name of [
    queue.table,
    queue.tiebreak,
    ...queue.columns,
    ...(queue.partitionBy ? [queue.partitionBy] : []),
  ])
    if (!IDENTIFIER.test(name)) throw new Error(`unsafe queue identifier: ${name}`);
  if (!Number.isInteger(lanes) || lanes < 1)
    throw new Error(`drainQueue: lanes must be a positive integer, got ${lanes}`);
  if (lanes > 1 && !queue.partitionBy)
    throw new Error(`drainQueue: ${queue.table} has no partitionBy for ${lanes} lanes`);
  if (lanes === 1) return drainLane(sql, queue, effects, batchSize, leaseSeconds, null);
  // Every lane runs to its end before a failure is thrown: no lane is left working unobserved.
  const lanesDone = await Promise.allSettled(
    Array.from({ length: lanes }, (_, lane) =>
      drainLane(sql, queue, effects, batchSize, leaseSeconds, { lane, lanes }),
    ),
  );
  const failed = lanesDone.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return lanesDone.reduce((sum, r) => sum + (r.status === 'fulfilled' ? r.value : 0), 0);
};

/**
 * One lane of {@link drainQueue}: the items whose `partitionBy` hashes to `lane` of `lanes` (every
 * item when `part` is null), batch after batch until none is free.
 */
const drainLane = async <Item>(
  sql: SqlExecutor,
  queue: WorkQueue,
  effects: (items: readonly Item[]) => Promise<void>,
  batchSize: number,
  leaseSeconds: number,
  part: { readonly lane: number; readonly lanes: number } | null,
): Promise<number> => {
  const first = leaseStatement(queue, false, part);
  const next = leaseStatement(queue, true, part);
  let done = 0;
  let after: { queuedAt: string; tiebreak: unknown } | null = null;
  for (;;) {
    const lease = randomUUID();
    const { rows }: { rows: LeasedRow[] } = await sql.query<LeasedRow>(
      after ? next : first,
      after
        ? [batchSize, leaseSeconds, lease, after.queuedAt, after.tiebreak]
        : [batchSize, leaseSeconds, lease],
    );
    if (rows.length === 0) return done;
    const refs = rows.map((r) => r.row_ref);
    try {
      await effects(rows as unknown as Item[]);
    } catch (error) {
      await sql
        .query(
          `UPDATE ${queue.table} SET leased_until = NULL, lease_id = NULL
           WHERE ctid = ANY ($1::tid[]) AND lease_id = $2::uuid`,
          [refs, lease],
        )
        .catch(() => undefined);
      throw error;
    }
    // By ctid: the leased rows have not moved since the lease's update returned them (a later lease
    // would change lease_id, so another holder's rows are never deleted).
    await sql.query(`DELETE FROM ${queue.table} WHERE ctid = ANY ($1::tid[]) AND lease_id = $2::uuid`, [
      refs,
      lease,
    ]);
    done += rows.length;
    if (rows.length < batchSize) return done;
    const last: LeasedRow = rows.reduce((a: LeasedRow, b: LeasedRow) =>
      a.queued_text > b.queued_text ||
      (a.queued_text === b.queued_text && String(a.queue_tiebreak) > String(b.queue_tiebreak))
        ? a
        : b,
    );
    after = { queuedAt: last.queued_text, tiebreak: last.queue_tiebreak };
  }
};

/**
 * The statement that leases a batch of `queue` (parameters: batch size, lease seconds, lease id, and
 * with `keyset` the `queued_at` text and tiebreak to start after), for the lane `part` (null: the whole
 * queue). Exported for the plan test.
 */
export const leaseStatement = (
  queue: WorkQueue,
  keyset: boolean,
  part: { readonly lane: number; readonly lanes: number } | null,
): string => {
  const columns = queue.columns.map((c) => `q.${c}`).join(', ');
  const free = '(leased_until IS NULL OR leased_until < now())';
  // hashtext is PostgreSQL's (and PGlite's) stable text hash; the mask keeps it non-negative. The lane
  // is written "not any other lane": the planner, with no statistics on the expression, takes `= k` to
  // keep 0.5 % of the rows and then sorted the whole queue on every lease (a sequential scan and a sort
  // of 100,000 rows per batch in bench:feed), while `<> ALL (others)` it takes to keep ~99 % and walks
  // the (queued_at, tiebreak) index to the first `batchSize` of the lane, as without lanes.
  const others = part ? Array.from({ length: part.lanes }, (_, k) => k).filter((k) => k !== part.lane) : [];
  const lane = part
    ? `AND (hashtext(coalesce(${queue.partitionBy}, '')) & 2147483647) % ${part.lanes} <> ALL ('{${others.join(',')}}'::int[])`
    : '';
  return `UPDATE ${queue.table} q
    SET leased_until = now() + make_interval(secs => $2), lease_id = $3::uuid
    FROM (SELECT ctid FROM ${queue.table}
          WHERE ${free} ${lane} ${keyset ? `AND (queued_at, ${queue.tiebreak}) > ($4::timestamptz, $5)` : ''}
          ORDER BY queued_at, ${queue.tiebreak} LIMIT $1 FOR UPDATE SKIP LOCKED) AS c
    WHERE q.ctid = c.ctid
    RETURNING q.ctid::text AS row_ref, q.queued_at::text AS queued_text, q.${queue.tiebreak} AS queue_tiebreak, ${columns}`;
};

/** The fixture events that carry a match's result facts: what result-driven process managers react to. */
export const FIXTURE_RESULT_EVENTS: ReadonlySet<string> = new Set([
  'ResultRecorded',
  'ResultCorrected',
  'MatchAbandoned',
  'MatchPostponed',
  'MatchCancelled',
]);

/**
 * The trigger step every result-driven process manager shares (bet settlement, pool games): for a
 * fixture result event ({@link FIXTURE_RESULT_EVENTS}), stores the match's latest facts in `table`
 * (columns `match_id`, `revision`, `facts` jsonb; primary key `match_id`) — a later revision replaces an
 * earlier one, never the reverse, so a replay changes nothing — and returns the match and revision for
 * the caller to queue its work. Null for any other event.
 */
export const recordFixtureFacts = async (
  tx: SqlExecutor,
  table: string,
  event: { readonly type: string; readonly data: unknown },
): Promise<{ matchId: string; revision: number } | null> => {
  if (!FIXTURE_RESULT_EVENTS.has(event.type)) return null;
  if (!IDENTIFIER.test(table)) throw new Error(`unsafe facts table: ${table}`);
  const fixture = { type: event.type, data: event.data } as FixtureEvent;
  const { matchId, revision } = fixture.data;
  const { facts } = evolveFixture(initialFixtureState(), fixture);
  await tx.query(
    `INSERT INTO ${table} (match_id, revision, facts) VALUES ($1, $2, $3::jsonb)
     ON CONFLICT (match_id) DO UPDATE SET revision = $2, facts = $3::jsonb WHERE ${table}.revision < $2`,
    [matchId, revision, JSON.stringify(facts)],
  );
  return { matchId, revision };
};
