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
import { appendStreamsAtomically } from './atomic.ts';
import type { SqlExecutor } from './client.ts';
import { groupedPerExecutor } from './group.ts';
import type { StreamAppend } from './store.ts';

export { createGrouper, groupedPerExecutor } from './group.ts';
export type { GroupOptions, GroupRunner } from './group.ts';

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
