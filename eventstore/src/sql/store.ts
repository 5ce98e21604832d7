/**
 * The SQL event store: one implementation for PostgreSQL and PGlite (architecture.md §3, event-store.md
 * "The technique we use"). Global-log readers only see rows older than every running transaction and
 * order and checkpoint by `(tx_id, global_position)`.
 */
import { randomUUID } from 'node:crypto';
import { EventStoreError, wrongExpectedVersion } from '../errors.ts';
import { subscribeByPolling } from '../subscribe.ts';
import type {
  AppendOptions,
  AppendResult,
  EventData,
  EventMetadata,
  EventStore,
  ExpectedVersion,
  LogFilter,
  LogPosition,
  ReadAllOptions,
  ReadAllResult,
  ReadStreamOptions,
  ReadStreamResult,
  RecordedEvent,
} from '../types.ts';
import type { SqlClient, SqlExecutor } from './client.ts';
import { migrate } from './migrate.ts';

const EVENT_STORE_MIGRATIONS = {
  folder: new URL('../../migrations/', import.meta.url),
  table: 'eventstore_schema_version',
};

/** Creates the event-store tables and functions if they are missing. */
export const migrateEventStore = (sql: SqlClient): Promise<number[]> => migrate(sql, EVENT_STORE_MIGRATIONS);

interface EventRow {
  global_position: string;
  tx_id: string;
  stream_name: string;
  stream_position: string;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date | string;
}

const COLUMNS =
  'global_position::text, tx_id::text, stream_name, stream_position::text, event_id::text, event_type, data, metadata, recorded_at';

/** `<tx_id>:<global_position>`: the pair, never the position alone (event-store.md). */
export const encodeSqlPosition = (txId: string, globalPosition: string): LogPosition =>
  `${txId}:${globalPosition}`;

export const decodeSqlPosition = (
  position: LogPosition | null | undefined,
): [txId: string, globalPosition: string] => {
  if (!position) return ['0', '0'];
  const match = /^(\d+):(\d+)$/.exec(position);
  if (!match) throw new EventStoreError('INVALID_APPEND', `not a SQL log position: ${position}`);
  return [match[1]!, match[2]!];
};

const toRecorded = (row: EventRow): RecordedEvent => ({
  eventId: row.event_id,
  type: row.event_type,
  data: row.data,
  metadata: row.metadata,
  streamName: row.stream_name,
  streamPosition: Number(row.stream_position),
  logPosition: encodeSqlPosition(row.tx_id, row.global_position),
  recordedAt:
    row.recorded_at instanceof Date ? row.recorded_at.toISOString() : new Date(row.recorded_at).toISOString(),
});

const expectedKind = (expected: ExpectedVersion): [kind: string, version: number] => {
  if (typeof expected === 'number') {
    if (!Number.isSafeInteger(expected) || expected < 0)
      throw new EventStoreError(
        'INVALID_APPEND',
        `expected version must be a whole number >= 0, got ${expected}`,
      );
    return ['exact', expected];
  }
  return [expected, 0];
};

const fullMetadata = (event: EventData, shared: Partial<EventMetadata> | undefined): EventMetadata => ({
  correlationId: randomUUID(),
  causationId: null,
  actor: 'system',
  ...shared,
  ...event.metadata,
});

/**
 * Appends through `executor` (a pool, or a transaction the caller holds open). Exported for process
 * managers that append in their own transaction, and for the concurrency tests.
 */
export const appendWith = async (
  executor: SqlExecutor,
  streamName: string,
  events: readonly EventData[],
  options: AppendOptions = {},
): Promise<AppendResult> => {
  if (events.length === 0) throw new EventStoreError('INVALID_APPEND', `append to ${streamName}: no events`);
  const expected = options.expectedVersion ?? 'any';
  const [kind, version] = expectedKind(expected);
  const payload = events.map((event) => ({
    id: event.eventId ?? randomUUID(),
    type: event.type,
    data: event.data,
    metadata: fullMetadata(event, options.metadata),
  }));
  let row: {
    ok: boolean;
    duplicate: boolean;
    version: string;
    last_tx_id: string | null;
    last_position: string | null;
  };
  try {
    const result = await executor.query<typeof row>(
      'SELECT ok, duplicate, version::text, last_tx_id::text, last_position::text FROM es_append($1, $2, $3, $4::jsonb)',
      [streamName, kind, version, JSON.stringify(payload)],
    );
    row = result.rows[0]!;
  } catch (error) {
    // A concurrent append of the same event ids committed first: answer as the retry it is.
    if ((error as { code?: string }).code === '23505')
      return appendedBefore(executor, streamName, payload, error);
    throw error;
  }
  if (!row.ok) throw wrongExpectedVersion(streamName, expected, Number(row.version));
  return {
    nextExpectedVersion: Number(row.version),
    lastLogPosition: encodeSqlPosition(row.last_tx_id!, row.last_position!),
    alreadyStored: row.duplicate,
  };
};

const appendedBefore = async (
  executor: SqlExecutor,
  streamName: string,
  payload: readonly { id: string }[],
  cause: unknown,
): Promise<AppendResult> => {
  const { rows } = await executor.query<{
    stream_name: string;
    stream_position: string;
    tx_id: string;
    global_position: string;
  }>(
    `SELECT stream_name, stream_position::text, tx_id::text, global_position::text FROM es_events
     WHERE event_id = ANY ($1::uuid[]) ORDER BY es_events.stream_position DESC`,
    [payload.map((e) => e.id)],
  );
  const last = rows[0];
  if (!last || rows.length !== payload.length || rows.some((r) => r.stream_name !== streamName)) {
    throw new EventStoreError(
      'EVENT_ID_CONFLICT',
      `append to ${streamName}: event ids already used elsewhere`,
      {
        cause: String(cause),
      },
    );
  }
  return {
    nextExpectedVersion: Number(last.stream_position),
    lastLogPosition: encodeSqlPosition(last.tx_id, last.global_position),
    alreadyStored: true,
  };
};

const prefixPatterns = (filter: LogFilter | undefined): string[] | null =>
  filter?.streamPrefixes?.length
    ? filter.streamPrefixes.map((p) => `${p.replace(/[\\%_]/g, '\\$&')}%`)
    : null;

/** Reads the global log through `executor` (the projection runner passes its own transaction). */
export const readAllWith = async (executor: SqlExecutor, options: ReadAllOptions): Promise<ReadAllResult> => {
  const [txId, position] = decodeSqlPosition(options.after);
  const patterns = prefixPatterns(options.filter);
  const { rows } = await executor.query<EventRow>(
    `SELECT ${COLUMNS} FROM es_events
     WHERE (tx_id, global_position) > ($1::xid8, $2::bigint)
       AND tx_id < pg_snapshot_xmin(pg_current_snapshot())
       ${patterns ? 'AND stream_name LIKE ANY ($4::text[])' : ''}
     ORDER BY es_events.tx_id, es_events.global_position
     LIMIT $3`,
    patterns ? [txId, position, options.maxCount, patterns] : [txId, position, options.maxCount],
  );
  const events = rows.map(toRecorded);
  return { events, position: events.at(-1)?.logPosition ?? options.after ?? null };
};

export const readStreamWith = async <Type extends string, Data>(
  executor: SqlExecutor,
  streamName: string,
  options: ReadStreamOptions = {},
): Promise<ReadStreamResult<Type, Data>> => {
  const backwards = options.direction === 'backwards';
  const from = options.from ?? (backwards ? Number.MAX_SAFE_INTEGER : 1);
  const limit = options.maxCount ?? null;
  const [versionResult, eventsResult] = await Promise.all([
    executor.query<{ version: string }>('SELECT version::text FROM es_streams WHERE stream_name = $1', [
      streamName,
    ]),
    executor.query<EventRow>(
      `SELECT ${COLUMNS} FROM es_events WHERE stream_name = $1 AND stream_position ${backwards ? '<=' : '>='} $2
       ORDER BY es_events.stream_position ${backwards ? 'DESC' : 'ASC'} LIMIT $3`,
      [streamName, from, limit],
    ),
  ]);
  const version = versionResult.rows[0]?.version;
  return {
    events: eventsResult.rows.map(toRecorded) as RecordedEvent<Type, Data>[],
    currentVersion: version === undefined ? 0 : Number(version),
    streamExists: version !== undefined,
  };
};

export interface SqlEventStore extends EventStore {
  readonly sql: SqlClient;
  /** Reads the global log inside an open transaction (the projection runner's). */
  readAllWithin(executor: SqlExecutor, options: ReadAllOptions): Promise<ReadAllResult>;
}

export interface SqlEventStoreOptions {
  /** Close the SQL client with the store (default true). */
  readonly ownsClient?: boolean;
}

/**
 * An event store on `sql` (PostgreSQL or PGlite). Run {@link migrateEventStore} first (the adapter
 * factories in `postgres.ts` and `pglite.ts` do).
 */
export const createSqlEventStore = async (
  sql: SqlClient,
  options: SqlEventStoreOptions = {},
): Promise<SqlEventStore> => {
  const listeners = new Set<() => void>();
  let unlisten: (() => Promise<void>) | null = null;
  const wake = () => listeners.forEach((listener) => listener());
  unlisten = await sql.listen(`es_${sql.schema}`, wake);

  const store: SqlEventStore = {
    kind: sql.kind,
    sql,
    appendToStream: async (streamName, events, appendOptions) => {
      const result = await appendWith(sql, streamName, events, appendOptions);
      // In-process wake-up: PGlite's and pg's notifications arrive too, this is just sooner.
      if (!result.alreadyStored) queueMicrotask(wake);
      return result;
    },
    readStream: (streamName, readOptions) => readStreamWith(sql, streamName, readOptions),
    readAll: (readOptions) => readAllWith(sql, readOptions),
    readAllWithin: readAllWith,
    subscribeToAll: (subscribeOptions = {}) => subscribeByPolling(store, subscribeOptions),
    onAppended: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close: async () => {
      listeners.clear();
      await unlisten?.();
      unlisten = null;
      if (options.ownsClient ?? true) await sql.close();
    },
  };
  return store;
};
