/**
 * Appending to several streams in ONE statement that is all or nothing by itself, so it needs no
 * transaction around it (bet placement: the bet's new stream and the player's wallet). One round trip
 * instead of three (BEGIN, the append, COMMIT), which under load is most of what a request costs.
 */
import { randomUUID } from 'node:crypto';
import { EventStoreError } from '../errors.ts';
import type { EventMetadata } from '../types.ts';
import type { SqlExecutor } from './client.ts';
import { APPEND_MANY_CTE, type StreamAppend } from './store.ts';

/**
 * Like `appendManyWith`, plus a guard: when any stream's version moved (or a new stream exists
 * already), the statement's last step divides by zero, which aborts the whole statement — the version
 * bumps and inserts of the other streams with it — so nothing is written. A repeated event id aborts it
 * the same way (unique violation). Planned at every execution, never prepared, like APPEND_MANY_SQL
 * (store.ts): a generic plan made while `es_streams` was small would keep scanning it as it grows
 * (plans.int.test.ts shows a Seq Scan with the prepared statement).
 */
const ATOMIC_SQL = `${APPEND_MANY_CTE}
  SELECT 1 / ((SELECT count(*) FROM accepted) = $2::int)::int AS ok, (SELECT count(*)::int FROM inserted) AS inserted`;

/** SQLSTATE of the guard: division by zero. */
const MOVED_ON = '22012';

/**
 * Appends `appends` (each at its exact expected version; 0 = a new stream) in one statement, outside
 * any transaction or inside the caller's. Throws `WRONG_EXPECTED_VERSION` when a stream moved on
 * (nothing written), and the unique violation (23505) when an event id is stored already.
 */
export const appendStreamsAtomically = async (
  executor: SqlExecutor,
  appends: readonly StreamAppend[],
): Promise<void> => {
  const work = appends.filter((a) => a.events.length > 0);
  if (work.length === 0) return;
  const input = work.map((a) => ({
    stream: a.streamName,
    expected: a.expectedVersion,
    count: a.events.length,
    events: a.events.map((event) => ({
      id: event.eventId ?? randomUUID(),
      type: event.type,
      data: event.data,
      metadata: {
        correlationId: randomUUID(),
        causationId: null,
        actor: 'system',
        ...event.metadata,
      } satisfies EventMetadata,
    })),
  }));
  try {
    await executor.query(ATOMIC_SQL, [JSON.stringify(input), work.length]);
  } catch (error) {
    if ((error as { code?: string }).code !== MOVED_ON) throw error;
    throw new EventStoreError(
      'WRONG_EXPECTED_VERSION',
      `append to ${work.length} streams: one of them moved on; nothing written`,
      { streams: work.map((a) => a.streamName) },
    );
  }
};
