/**
 * Group commit (decision 0007): concurrent requests that each need one statement are sent to the
 * database as ONE statement for the whole group. Every statement costs the database a round trip,
 * a snapshot and (for writes) a commit with its WAL flush whatever its size, and the server one
 * `writev` system call; under load that per-statement cost, not the SQL, is most of a request.
 *
 * How the groups form: a request arriving while fewer than `maxInFlight` groups are at the database
 * starts a group that is sent at the end of the current turn of the event loop (`setImmediate`), so
 * everything that arrived in the same turn joins it. When `maxInFlight` groups are out, new requests
 * wait together and go as the next group as soon as one comes back: the busier the database, the
 * bigger the groups. A lone request waits for nothing but the end of its turn.
 *
 * Batching and scheduling are DataLoader's (graphql/dataloader, without its cache); this module adds
 * the in-flight limit and the grouped atomic append with its per-request fallback.
 */
import DataLoader from 'dataloader';
import { appendStreamsAtomically } from './atomic.ts';
import type { SqlExecutor } from './client.ts';
import type { StreamAppend } from './store.ts';

/** How groups are formed. */
export interface GroupOptions {
  /** Most requests in one group (default 64). */
  readonly maxBatch?: number;
  /** Most groups at the database at once (default 4); more requests wait and form the next group. */
  readonly maxInFlight?: number;
}

/**
 * Runs a group: one answer per item, in the items' order; an `Error` in place of an answer rejects
 * that item's promise only. A throw rejects every item of the group.
 */
export type GroupRunner<I, O> = (items: readonly I[]) => Promise<ReadonlyArray<O | Error>>;

/**
 * A function that sends `item` to `run` together with the items of concurrent calls (see the module
 * comment) and resolves with its own answer.
 */
export const createGrouper = <I, O>(
  run: GroupRunner<I, O>,
  { maxBatch = 64, maxInFlight = 4 }: GroupOptions = {},
): ((item: I) => Promise<O>) => {
  if (!(maxBatch >= 1) || !(maxInFlight >= 1))
    throw new RangeError('maxBatch and maxInFlight must be at least 1');
  /** Groups sent or about to be sent. */
  let active = 0;
  /** Groups formed while `maxInFlight` were out, in the order they formed. */
  const waiting: (() => void)[] = [];
  const finished = (): void => {
    const next = waiting.shift();
    if (next) setImmediate(next);
    else active--;
  };
  const loader = new DataLoader<I, O, I>(
    async (items) => {
      try {
        return await run(items);
      } finally {
        finished();
      }
    },
    {
      cache: false,
      maxBatchSize: maxBatch,
      batchScheduleFn: (dispatch) => {
        if (active < maxInFlight) {
          active++;
          setImmediate(dispatch);
        } else waiting.push(dispatch);
      },
    },
  );
  return (item) => loader.load(item);
};

/**
 * A grouped call per SQL client: `run(executor, items)` runs a group of the items sent through the same
 * `executor` (a pool, never a transaction: the members of a group are different requests). Answers
 * `(executor, item) => answer`; each executor gets its own grouper on first use.
 */
export const groupedPerExecutor = <I, O>(
  run: (executor: SqlExecutor, items: readonly I[]) => Promise<ReadonlyArray<O | Error>>,
  options?: GroupOptions,
): ((executor: SqlExecutor, item: I) => Promise<O>) => {
  const groupers = new WeakMap<SqlExecutor, (item: I) => Promise<O>>();
  return (executor, item) => {
    let call = groupers.get(executor);
    if (!call) {
      call = createGrouper<I, O>((items) => run(executor, items), options);
      groupers.set(executor, call);
    }
    return call(item);
  };
};

/** One group of {@link groupedAtomicAppend}: one statement, or each call alone when that fails. */
const appendGroup = async (
  executor: SqlExecutor,
  calls: readonly (readonly StreamAppend[])[],
): Promise<(undefined | Error)[]> => {
  const one = (appends: readonly StreamAppend[]): Promise<undefined | Error> =>
    appendStreamsAtomically(executor, appends).then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
  if (calls.length === 1) return [await one(calls[0]!)];
  const streams = calls.flatMap((appends) =>
    appends.filter((a) => a.events.length > 0).map((a) => a.streamName),
  );
  if (new Set(streams).size === streams.length) {
    try {
      await appendStreamsAtomically(executor, calls.flat());
      return calls.map(() => undefined);
    } catch {
      // Some member could not be written: fall through, and let each call find out which.
    }
  }
  return Promise.all(calls.map(one));
};

/**
 * {@link appendStreamsAtomically} with group commit: the appends of concurrent calls on the same
 * `executor` (a pool, never a transaction) go to the database as one all-or-nothing statement. The
 * contract is the one of a lone call — each call's streams are written all together at their exact
 * versions, or not at all with `WRONG_EXPECTED_VERSION` (or the unique violation 23505 for an event
 * id stored already) — because a group that fails as a whole (one member's stream moved on, two
 * members touch the same stream, a deadlock with another writer) is sent again one call at a time,
 * and each call gets its own outcome.
 */
export const groupedAtomicAppend: (executor: SqlExecutor, appends: readonly StreamAppend[]) => Promise<void> =
  groupedPerExecutor<readonly StreamAppend[], undefined>((executor, calls) => appendGroup(executor, calls));
