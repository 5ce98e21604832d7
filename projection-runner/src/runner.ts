/**
 * The projection runner (architecture.md §3 "Projections", event-store.md "Exactly-once into read
 * models"): each batch is one PostgreSQL transaction that locks the projection's checkpoint row
 * (`FOR UPDATE SKIP LOCKED`: no row means another runner holds it), reads the events after the
 * checkpoint, applies the read-model writes, advances the checkpoint and commits. A crash or error
 * rolls everything back, so the batch is applied again from scratch and never twice.
 */
import { filterTakes, migrate, wakeConcerns } from '@bashiri/eventstore';
import type {
  EventStore,
  LogFilter,
  LogPosition,
  ReadAllOptions,
  ReadAllResult,
  RecordedEvent,
  SqlClient,
  SqlExecutor,
} from '@bashiri/eventstore';
import type { Projection } from './projection.ts';
import { createSharedLog, unionFilter } from './shared-read.ts';
import type { SharedLog } from './shared-read.ts';
import { createTurns } from './turns.ts';

const CHECKPOINT_MIGRATIONS = {
  folder: new URL('../migrations/', import.meta.url),
  table: 'projections_schema_version',
};

/** Creates the checkpoint table if missing. */
export const migrateProjections = (sql: SqlClient): Promise<number[]> => migrate(sql, CHECKPOINT_MIGRATIONS);

/** A store whose log can be read inside the runner's own transaction (the SQL stores). */
interface ReadsWithin {
  readonly sql: SqlClient;
  readAllWithin(executor: SqlExecutor, options: ReadAllOptions): Promise<ReadAllResult>;
}
const readsWithin = (store: EventStore): store is EventStore & ReadsWithin =>
  'readAllWithin' in store && 'sql' in store;

export interface ProjectionRunnerOptions {
  /** The read-model database (also holds the checkpoints). */
  readonly sql: SqlClient;
  readonly store: EventStore;
  readonly projections: readonly Projection[];
  /** Events per transaction (default 1,000: projections with `applyBatch` write a batch in a few statements). */
  readonly batchSize?: number;
  /** Polling fallback between wake-ups, ms (default 1,000). */
  readonly pollIntervalMs?: number;
  /**
   * Least time between the starts of two background catch-ups of one projection, ms (default 50). Under
   * a steady stream of appends every wake-up would otherwise run a batch of a few events, each paying
   * a transaction, a lock, a read and a checkpoint write; waiting a little lets a batch gather what
   * arrived meanwhile (a few dozen ms more lag, far fewer statements). A projection's own
   * `minIntervalMs` takes precedence, and with it a wake-up of its idle loop within the interval waits
   * out the rest of it too. `settle`/`catchUp` never wait.
   */
  readonly minIntervalMs?: number;
  /**
   * Groups of projections (by name) that share their reads of the log (decision 0200): each group reads
   * the union of its members' filters once per span, and each member keeps the events of its own filter.
   * Worth it for projections that read the same busy streams at about the same pace (the wallet's
   * read models, statistics and promotion triggers all read every wallet movement). A projection may be
   * in one group; names of projections the runner does not run are ignored. Default: none.
   */
  readonly sharedReads?: readonly (readonly string[])[];
  /**
   * Background batches that may run at once across the runner (decision 0211; default
   * {@link DEFAULT_BACKGROUND_BATCHES}): the loops take turns, first come first served, so that the
   * projections' batch transactions, all woken by the same appends, follow one another instead of
   * bunching and taking PostgreSQL's CPU from the requests together. `Infinity`: no turns (each loop runs
   * its batch when it likes, as before). `runBatch`, `catchUp`, `settle` and `rebuild` never take turns.
   */
  readonly backgroundBatches?: number;
  /**
   * The longest a background batch keeps its turn, ms (default {@link DEFAULT_BATCH_TURN_MS}): a longer
   * batch (a large catch-up, a lock wait) lets the next start beside it, so none holds the others back.
   */
  readonly batchTurnMs?: number;
  /** Called when a batch fails (it will be retried); defaults to nothing. */
  readonly onError?: (projection: string, error: unknown) => void;
}

export interface BatchResult {
  /** False when another runner holds the projection. */
  readonly leased: boolean;
  readonly applied: number;
  readonly position: LogPosition | null;
  /**
   * True when the batch's read was cut at the batch size, so more events may follow at once (a shared
   * read may be full while few of its events were the projection's own).
   */
  readonly more: boolean;
}

/** `wait`: when another runner holds the projection, wait for its batch instead of skipping (read your writes). */
export interface LeaseOptions {
  readonly wait?: boolean;
}

export interface ProjectionRunner {
  /** Applies one batch of `projection` in one transaction. */
  runBatch(projection: Projection, options?: LeaseOptions): Promise<BatchResult>;
  /**
   * Runs batches until the projection has applied everything visible. Without `wait` it stops at once
   * when another runner holds the projection; with `wait` it queues behind that runner, so a caller that
   * just appended events sees them in the read model afterwards.
   */
  catchUp(projection: Projection, options?: LeaseOptions): Promise<number>;
  /** Empties the read model, resets the checkpoint, and catches up from the start of the log. */
  rebuild(projection: Projection): Promise<number>;
  /** Keeps every projection caught up in the background until {@link stop}. */
  start(): void;
  stop(): Promise<void>;
  /** Resolves once every projection has applied every event visible now (tests, startup). */
  settle(): Promise<void>;
}

/** Background batches at once across a runner, by default (decision 0211): one at a time. */
export const DEFAULT_BACKGROUND_BATCHES = 1;
/**
 * The longest a background batch keeps its turn by default, ms (decision 0211): a read-model batch of a
 * few hundred events takes 5–100 ms under load; one past this lets the next start beside it.
 */
export const DEFAULT_BATCH_TURN_MS = 250;

/** The planner's cost of a random page read inside a projection batch: read models are cached (SSD value). */
export const PROJECTION_RANDOM_PAGE_COST = 1.1;

export const createProjectionRunner = (options: ProjectionRunnerOptions): ProjectionRunner => {
  const { sql, store, projections } = options;
  const batchSize = options.batchSize ?? 1_000;
  const sameDatabase = readsWithin(store) && store.sql === sql;

  // The shared reads (decision 0200): each grouped projection's name to its group's log.
  const sharedBy = new Map<string, SharedLog>();
  for (const names of options.sharedReads ?? []) {
    const members = projections.filter((p) => names.includes(p.name) && !sharedBy.has(p.name));
    if (members.length < 2) continue;
    const shared = createSharedLog(
      members.map((p) => p.name),
      unionFilter(members.map((p) => p.filter)),
    );
    for (const p of members) sharedBy.set(p.name, shared);
  }

  // The checkpoint row is created once per projection and runner (rebuilds keep the row).
  const ensured = new Set<string>();
  const ensureRow = async (name: string) => {
    if (ensured.has(name)) return;
    await sql.query('INSERT INTO projection_checkpoints (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [
      name,
    ]);
    ensured.add(name);
  };

  const runBatch = async (projection: Projection, options: LeaseOptions = {}): Promise<BatchResult> => {
    await ensureRow(projection.name);
    const shared = sharedBy.get(projection.name);
    const since = shared?.mark() ?? 0;
    return sql.transaction(async (tx) => {
      // The batch's commit need not wait for its WAL flush (synchronous_commit off for this transaction
      // only): a read model and its checkpoint commit together, so a crash can only lose both, and the
      // next batch applies those events again. Events themselves are always committed durably.
      // A batch's statements are planned for read models held in memory (random_page_cost as for cached
      // data, PROJECTION_RANDOM_PAGE_COST): with the server's default (4, a spinning disk) the planner
      // hashed a whole read-model table rather than look up a batch's few hundred keys by its index, a
      // cost that grew with the table (issue 21 "Speed", docs/benchmarks.md).
      const lease = await tx.query<{ position: string | null }>(
        `SELECT position, set_config('synchronous_commit', 'off', true),
                set_config('random_page_cost', '${PROJECTION_RANDOM_PAGE_COST}', true) FROM projection_checkpoints
         WHERE name = $1 FOR UPDATE${options.wait ? '' : ' SKIP LOCKED'}`,
        [projection.name],
      );
      const row = lease.rows[0];
      if (!row) return { leased: false, applied: 0, position: null, more: false };
      const readPage = (after: LogPosition | null, maxCount: number, filter: LogFilter | undefined) => {
        const read = { after, maxCount, ...(filter ? { filter } : {}) };
        return sameDatabase ? (store as unknown as ReadsWithin).readAllWithin(tx, read) : store.readAll(read);
      };
      let events: readonly RecordedEvent[];
      let position: LogPosition | null;
      let more: boolean;
      if (shared) {
        // The group's span from this checkpoint (read once for the group, decision 0200); the lease
        // taken above still makes this batch the only one of this projection, and its events and its
        // checkpoint commit together below, as for a read of its own.
        const span = await shared.read(row.position, batchSize, since, (after, maxCount) =>
          readPage(after, maxCount, shared.filter),
        );
        events = span.events.filter((e) => filterTakes(projection.filter, e.streamName));
        position = span.position;
        more = span.full;
      } else {
        const page = await readPage(row.position, batchSize, projection.filter);
        events = page.events;
        position = page.position;
        more = page.events.length >= batchSize;
      }
      if (projection.applyBatch) {
        if (events.length > 0) await projection.applyBatch(events, tx);
      } else for (const event of events) await projection.apply(event, tx);
      if (position !== row.position) {
        await tx.query(
          `UPDATE projection_checkpoints SET position = $2, events_applied = events_applied + $3, updated_at = now()
           WHERE name = $1`,
          [projection.name, position, events.length],
        );
      }
      return { leased: true, applied: events.length, position, more };
    });
  };

  const catchUp = async (projection: Projection, options: LeaseOptions = {}): Promise<number> => {
    let total = 0;
    for (;;) {
      const batch = await runBatch(projection, options);
      total += batch.applied;
      if (!batch.leased || !batch.more) return total;
    }
  };

  const rebuild = async (projection: Projection): Promise<number> => {
    await ensureRow(projection.name);
    await sql.transaction(async (tx) => {
      // Waits (no SKIP LOCKED) for a running batch to finish, then holds every runner off until reset.
      await tx.query('SELECT 1 FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [projection.name]);
      await projection.reset(tx);
      await tx.query(
        `UPDATE projection_checkpoints SET position = NULL, events_applied = 0, rebuilt_at = now(), updated_at = now()
         WHERE name = $1`,
        [projection.name],
      );
    });
    return catchUp(projection);
  };

  // One loop per projection: a projection that lags under load must never starve the others.
  // Their batches take turns (decision 0211), each turn held at most `batchTurnMs`.
  const turns = createTurns(
    options.backgroundBatches ?? DEFAULT_BACKGROUND_BATCHES,
    options.batchTurnMs ?? DEFAULT_BATCH_TURN_MS,
  );
  let running = false;
  let loops: Promise<void>[] = [];
  const wakers = new Set<(streams?: readonly string[]) => void>();
  let unsubscribe: (() => void) | null = null;
  // Waits of the loops between batches; `stop` ends them at once.
  const pauses = new Set<() => void>();
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        pauses.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      pauses.add(done);
    });

  // Whether the log holds an event for `projection` after `known` (one read, no transaction, no lock).
  const hasNewEvents = async (projection: Projection, known: LogPosition | null): Promise<boolean> => {
    const page = await store.readAll({
      after: known,
      maxCount: 1,
      ...(projection.filter ? { filter: projection.filter } : {}),
    });
    return page.events.length > 0;
  };

  const loopFor = async (projection: Projection) => {
    let pending: boolean;
    let wake: (() => void) | null = null;
    // Before a batch the loop asks the log whether anything follows the checkpoint it last saw (one
    // statement, no transaction) and runs the batch only then (issue 20 speed, decision 0176): under a
    // steady stream of appends most wake-ups found nothing yet visible (an event stays hidden until
    // every older transaction has ended, and each batch's own lease takes a transaction id), and each
    // such empty batch cost BEGIN, the lease, the log read and COMMIT; so did every poll of an idle
    // projection. A stale position costs nothing but a batch: behind (another runner advanced the
    // checkpoint), the batch reads nothing and the loop learns the new one; ahead (a rebuild elsewhere
    // reset it, and that rebuild catches up itself), the next event after it runs the batch from the
    // checkpoint. Until its first batch the loop has no position and runs the batch directly.
    let known: LogPosition | null | undefined;
    // Whether the last batch applied events: the log is flowing, so the next batch is run without the
    // check (decision 0201: under a steady stream of appends the check found something nearly every
    // time, one statement per batch for nothing); after a batch that applied none, the check again.
    let flowing = false;
    // An append only to streams outside the projection's filter does not wake it (issue 14 speed: a
    // dozen projections each running a batch of nothing after every bet cost more statements than the
    // bets); its poll still runs every `pollIntervalMs`.
    const waker = (streams?: readonly string[]) => {
      if (!wakeConcerns(projection.filter, streams)) return;
      pending = true;
      wake?.();
    };
    wakers.add(waker);
    try {
      while (running) {
        pending = false;
        const started = Date.now();
        try {
          if (known === undefined || flowing || (await hasNewEvents(projection, known)))
            for (;;) {
              // A batch that would run another at once queues again behind the others (fair turns).
              const batch = await turns.take(() => runBatch(projection));
              if (batch.leased) known = batch.position;
              flowing = batch.leased && batch.applied > 0;
              if (!batch.leased || !batch.more) break;
            }
        } catch (error) {
          options.onError?.(projection.name, error);
        }
        if (!running) continue;
        const interval = projection.minIntervalMs ?? options.minIntervalMs ?? 50;
        if (pending) {
          const rest = started + interval - Date.now();
          if (rest > 0) await pause(rest);
          continue;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.pollIntervalMs ?? 1_000);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
        // A projection with its own interval (decision 0176: statistics, cash-out records, triggers its
        // worker catches up itself) waits out the rest of it after a wake-up too: what arrives meanwhile
        // joins the same batch. The others run at once: under a steady stream of appends, waiting after
        // every wake-up let a fast read model fall behind while a slow one held its transaction open
        // (runner.int.test.ts "does not starve the others", fifth session).
        const rest = started + interval - Date.now();
        if (running && projection.minIntervalMs !== undefined && rest > 0) await pause(rest);
      }
    } finally {
      wakers.delete(waker);
    }
  };

  const start = () => {
    if (running) return;
    running = true;
    unsubscribe = store.onAppended((streams) => wakers.forEach((waker) => waker(streams)));
    loops = projections.map(loopFor);
  };

  const stop = async () => {
    running = false;
    unsubscribe?.();
    wakers.forEach((waker) => waker());
    pauses.forEach((done) => done());
    await Promise.all(loops);
    loops = [];
  };

  const settle = async () => {
    for (const projection of projections) await catchUp(projection);
  };

  return { runBatch, catchUp, rebuild, start, stop, settle };
};
