/**
 * The SQL event store: one implementation for PostgreSQL and PGlite (architecture.md §3, event-store.md
 * "The technique we use"). Global-log readers only see rows older than every running transaction and
 * order and checkpoint by `(tx_id, global_position)`.
 */
import { randomUUID } from 'node:crypto';
import { EventStoreError, wrongExpectedVersion } from '../errors.ts';
import { subscribeByPolling } from '../subscribe.ts';
import type {
  AppendedListener,
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
import { groupedAppendToStreams, groupedReadStreams } from './streams.ts';

/** The event store's migrations: folder and version table. */
export const EVENT_STORE_MIGRATIONS = {
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
 * The version check of each expected-version case, as the `stream` step of the append statement.
 * It runs only when none of the event ids is stored (`fresh`). Under READ COMMITTED a concurrent
 * writer of the same stream makes the UPDATE wait and then re-check the version, so exactly one wins.
 */
const STREAM_STEP: Record<string, string> = {
  any: `INSERT INTO es_streams AS t (stream_name, version) SELECT $1, $3 FROM fresh WHERE fresh.ok
        ON CONFLICT (stream_name) DO UPDATE SET version = t.version + $3 RETURNING t.version`,
  no_stream: `INSERT INTO es_streams (stream_name, version) SELECT $1, $3 FROM fresh WHERE fresh.ok
        ON CONFLICT (stream_name) DO NOTHING RETURNING es_streams.version`,
  stream_exists: `UPDATE es_streams t SET version = t.version + $3 FROM fresh
        WHERE fresh.ok AND t.stream_name = $1 RETURNING t.version`,
  exact: `UPDATE es_streams t SET version = t.version + $3 FROM fresh
        WHERE fresh.ok AND t.stream_name = $1 AND t.version = $4::bigint RETURNING t.version`,
};

/**
 * One statement, one round trip: check the ids are new, check and bump the stream's version, insert
 * the events. No rows back means a conflict or an idempotent retry, told apart afterwards.
 * (docs/decisions/0001-event-store-append.md: why a statement and not a function, and why the
 * wake-up is not sent inside the writing transaction.)
 */
const appendStatement = (kind: string): string => `
  WITH input AS (
    SELECT (e.value->>'id')::uuid AS event_id, e.value->>'type' AS event_type, e.value->'data' AS data,
           e.value->'metadata' AS metadata, e.ord
    FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(value, ord)
  ),
  fresh AS (
    -- One index probe per id: planned so even on a never-analysed table (PGlite has no autovacuum)
    -- and kept by the prepared statement's generic plan as the table grows.
    SELECT NOT EXISTS (
      SELECT 1 FROM unnest($5::uuid[]) AS u(id)
      CROSS JOIN LATERAL (SELECT 1 FROM es_events s WHERE s.event_id = u.id LIMIT 1) AS stored
    ) AND $4::bigint >= 0 AS ok
  ),
  stream AS (${STREAM_STEP[kind]}),
  inserted AS (
    INSERT INTO es_events (stream_name, stream_position, event_id, event_type, data, metadata)
    SELECT $1, stream.version - $3 + input.ord, input.event_id, input.event_type, input.data, input.metadata
    FROM stream, input ORDER BY input.ord
    RETURNING tx_id, global_position
  )
  SELECT (SELECT version FROM stream)::text AS version, inserted.tx_id::text AS last_tx_id,
         inserted.global_position::text AS last_position
  FROM inserted ORDER BY inserted.global_position DESC LIMIT 1`;

const APPEND_SQL = Object.fromEntries(Object.keys(STREAM_STEP).map((kind) => [kind, appendStatement(kind)]));

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
  const statementKind = kind === 'exact' && version === 0 ? 'no_stream' : kind;
  // $4 is the exact expected version (ignored by the other cases); $5 the ids, for an index lookup.
  const params = [streamName, JSON.stringify(payload), payload.length, version, payload.map((e) => e.id)];
  let rows: { version: string; last_tx_id: string; last_position: string }[];
  try {
    ({ rows } = await executor.query<(typeof rows)[number]>(
      APPEND_SQL[statementKind]!,
      params,
      `es_append_${statementKind}`,
    ));
  } catch (error) {
    // A concurrent append of the same event ids committed first: answer as the retry it is.
    if ((error as { code?: string }).code === '23505')
      return appendedBefore(executor, streamName, payload, error);
    throw error;
  }
  const row = rows[0];
  if (row) {
    return {
      nextExpectedVersion: Number(row.version),
      lastLogPosition: encodeSqlPosition(row.last_tx_id, row.last_position),
      alreadyStored: false,
    };
  }
  const stored = await storedResult(executor, streamName, payload);
  if (stored) return stored;
  const current = await executor.query<{ version: string }>(
    'SELECT version::text FROM es_streams WHERE stream_name = $1',
    [streamName],
  );
  throw wrongExpectedVersion(streamName, expected, Number(current.rows[0]?.version ?? 0));
};

/** The original result when every id is stored in this stream; null when none is; throws when some are. */
const storedResult = async (
  executor: SqlExecutor,
  streamName: string,
  payload: readonly { id: string }[],
): Promise<AppendResult | null> => {
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
  if (rows.length === 0) return null;
  const last = rows[0]!;
  if (rows.length !== payload.length || rows.some((r) => r.stream_name !== streamName)) {
    throw new EventStoreError(
      'EVENT_ID_CONFLICT',
      `append to ${streamName}: some event ids are already stored elsewhere`,
      {
        stream: streamName,
      },
    );
  }
  return {
    nextExpectedVersion: Number(last.stream_position),
    lastLogPosition: encodeSqlPosition(last.tx_id, last.global_position),
    alreadyStored: true,
  };
};

const appendedBefore = async (
  executor: SqlExecutor,
  streamName: string,
  payload: readonly { id: string }[],
  cause: unknown,
): Promise<AppendResult> => {
  const stored = await storedResult(executor, streamName, payload);
  if (!stored) throw cause;
  return stored;
};

/**
 * A filter whose every prefix is a whole category (`wallet-`) reads each category through its own
 * index range; any other prefix falls back to a LIKE scan in log order.
 */
const categoriesOf = (filter: LogFilter | undefined): string[] | null => {
  const prefixes = filter?.streamPrefixes;
  if (!prefixes?.length) return null;
  const categories = prefixes.map((p) => (/^[^-]+-$/.test(p) ? p.slice(0, -1) : null));
  return categories.every((c) => c !== null) ? (categories as string[]) : null;
};

/**
 * A filter whose prefixes all name a category and go further (`casino-round-`: category `casino`):
 * each prefix reads its category's index range, keeping the streams it names, so a projection whose
 * streams are rare does not scan the whole log after its checkpoint on every poll. A prefix that
 * another prefix of the filter already covers is left out (the ranges never overlap). Null when some
 * prefix has no category (no `-` after its first character).
 */
const categoryPrefixesOf = (
  filter: LogFilter | undefined,
): { categories: string[]; patterns: string[] } | null => {
  const prefixes = [...new Set(filter?.streamPrefixes ?? [])];
  if (prefixes.length === 0 || prefixes.some((p) => p.indexOf('-') <= 0)) return null;
  const kept = prefixes.filter((p) => !prefixes.some((q) => q !== p && p.startsWith(q)));
  return {
    categories: kept.map((p) => p.slice(0, p.indexOf('-'))),
    patterns: likePatterns(kept),
  };
};

const likePatterns = (prefixes: readonly string[]): string[] =>
  prefixes.map((p) => `${p.replace(/[\\%_]/g, '\\$&')}%`);

const VISIBLE = 'tx_id < pg_snapshot_xmin(pg_current_snapshot())';
const AFTER = '(tx_id, global_position) > ($1::xid8, $2::bigint)';

const READ_ALL_SQL = `SELECT ${COLUMNS} FROM es_events WHERE ${AFTER} AND ${VISIBLE}
  ORDER BY es_events.tx_id, es_events.global_position LIMIT $3`;

/**
 * One category's events after the position ($1, $2) and visible (see {@link VISIBLE}), written as a
 * range of `es_events_category_order (category, tx_id, global_position)` bounded by two row comparisons
 * on its leading columns — the same rows as `category = c AND (tx_id, global_position) > ($1, $2) AND
 * tx_id < xmin`, but with no condition the log-order index `(tx_id, global_position)` can use. Written
 * the plain way, once `es_events` had statistics (autovacuum's ANALYZE) the planner took the log-order
 * index for a frequent category and filtered the category, and a poll of a projection whose categories
 * had nothing new read every other category's events since its checkpoint (50,000 rows filtered, 0.1–0.2
 * s a poll; `plans.int.test.ts`, docs/benchmarks.md "seventh session").
 */
const CATEGORY_RANGE = `(es_events.category, es_events.tx_id, es_events.global_position) > (c.category, $1::xid8, $2::bigint)
    AND (es_events.category, es_events.tx_id) < (c.category, pg_snapshot_xmin(pg_current_snapshot()))`;

/** Per category: an ordered range of its index, at most $3 rows each, merged in log order. */
const READ_CATEGORIES_SQL = `SELECT e.* FROM unnest($4::text[]) AS c(category)
  CROSS JOIN LATERAL (
    SELECT ${COLUMNS}, tx_id AS order_tx, global_position AS order_position FROM es_events
    WHERE ${CATEGORY_RANGE}
    ORDER BY es_events.category, es_events.tx_id, es_events.global_position LIMIT $3
  ) AS e
  ORDER BY e.order_tx, e.order_position LIMIT $3`;

/** Per prefix: its category's index range, the streams the prefix names, merged in log order. */
const READ_CATEGORY_PREFIXES_SQL = `SELECT e.* FROM unnest($4::text[], $5::text[]) AS c(category, pattern)
  CROSS JOIN LATERAL (
    SELECT ${COLUMNS}, tx_id AS order_tx, global_position AS order_position FROM es_events
    WHERE ${CATEGORY_RANGE} AND es_events.stream_name LIKE c.pattern
    ORDER BY es_events.category, es_events.tx_id, es_events.global_position LIMIT $3
  ) AS e
  ORDER BY e.order_tx, e.order_position LIMIT $3`;

const READ_PREFIXES_SQL = `SELECT ${COLUMNS} FROM es_events WHERE ${AFTER} AND ${VISIBLE}
  AND stream_name LIKE ANY ($4::text[])
  ORDER BY es_events.tx_id, es_events.global_position LIMIT $3`;

/**
 * One stream's version and its events from `$2` on (at most `$3`), in ONE statement and so one snapshot
 * (as `readStreams`, streams.ts READ_STREAMS_SQL): the version is the stream's last position (streams
 * have no gaps). Two statements side by side on a pool saw the log at two moments: a version already past
 * the events read, so a caller appending at that version decided on a state missing the last append and
 * was not refused (a racing settlement walk listed a chunk twice under load, session 15).
 */
const readStreamSql = (
  backwards: boolean,
) => `SELECT v.version::text AS version, e.* FROM (SELECT $1::text AS name) AS f
  LEFT JOIN LATERAL (
    SELECT s.stream_position AS version FROM es_events s WHERE s.stream_name = f.name
    ORDER BY s.stream_position DESC LIMIT 1
  ) AS v ON true
  LEFT JOIN LATERAL (
    SELECT ${COLUMNS} FROM es_events WHERE es_events.stream_name = f.name
      AND es_events.stream_position ${backwards ? '<=' : '>='} $2
    ORDER BY es_events.stream_position ${backwards ? 'DESC' : 'ASC'} LIMIT $3
  ) AS e ON true
  ORDER BY e.stream_position::bigint ${backwards ? 'DESC' : 'ASC'}`;
const READ_STREAM_FORWARDS_SQL = readStreamSql(false);
const READ_STREAM_BACKWARDS_SQL = readStreamSql(true);

/** Reads the global log through `executor` (the projection runner passes its own transaction). */
export const readAllWith = async (executor: SqlExecutor, options: ReadAllOptions): Promise<ReadAllResult> => {
  const [txId, position] = decodeSqlPosition(options.after);
  const params: unknown[] = [txId, position, options.maxCount];
  const categories = categoriesOf(options.filter);
  const categoryPrefixes = categories ? null : categoryPrefixesOf(options.filter);
  const prefixes = options.filter?.streamPrefixes;
  const { rows } = categories
    ? await executor.query<EventRow>(READ_CATEGORIES_SQL, [...params, categories], 'es_read_categories')
    : categoryPrefixes
      ? await executor.query<EventRow>(
          READ_CATEGORY_PREFIXES_SQL,
          [...params, categoryPrefixes.categories, categoryPrefixes.patterns],
          'es_read_category_prefixes',
        )
      : prefixes?.length
        ? await executor.query<EventRow>(
            READ_PREFIXES_SQL,
            [...params, likePatterns(prefixes)],
            'es_read_prefixes',
          )
        : await executor.query<EventRow>(READ_ALL_SQL, params, 'es_read_all');
  const events = rows.map(toRecorded);
  return { events, position: events.at(-1)?.logPosition ?? options.after ?? null };
};

/**
 * Reads one stream through `executor`: its events from `options.from` (forwards from 1, or backwards from
 * the end), at most `options.maxCount`, and its current version, both from one snapshot
 * ({@link readStreamSql}): a caller may append at `currentVersion` on what it folded.
 */
export const readStreamWith = async <Type extends string, Data>(
  executor: SqlExecutor,
  streamName: string,
  options: ReadStreamOptions = {},
): Promise<ReadStreamResult<Type, Data>> => {
  const backwards = options.direction === 'backwards';
  const from = options.from ?? (backwards ? Number.MAX_SAFE_INTEGER : 1);
  const limit = options.maxCount ?? null;
  const { rows } = await executor.query<EventRow & { version: string | null }>(
    backwards ? READ_STREAM_BACKWARDS_SQL : READ_STREAM_FORWARDS_SQL,
    [streamName, from, limit],
    backwards ? 'es_read_stream_one_backwards' : 'es_read_stream_one_forwards',
  );
  const version = rows[0]?.version ?? null;
  return {
    events: rows.filter((row) => row.global_position !== null).map(toRecorded) as RecordedEvent<Type, Data>[],
    currentVersion: version === null ? 0 : Number(version),
    streamExists: version !== null,
  };
};

export interface SqlEventStore extends EventStore {
  readonly sql: SqlClient;
  /** Reads the global log inside an open transaction (the projection runner's). */
  readAllWithin(executor: SqlExecutor, options: ReadAllOptions): Promise<ReadAllResult>;
  /**
   * Wakes subscribers after a commit of events appended with {@link appendWith} in the caller's own
   * transaction; `streams` names the streams written (absent: subscribers of every stream wake).
   */
  notifyAppended(streams?: readonly string[]): void;
}

/** Longest delay before other processes hear of an append (decision 0001). */
const NOTIFY_WINDOW_MS = 20;

export interface SqlEventStoreOptions {
  /** Close the SQL client with the store (default true). */
  readonly ownsClient?: boolean;
}

/**
 * Bytes of stream names one notification may carry: PostgreSQL refuses a payload of 8,000 bytes or
 * more, and the sending store's id and the JSON around the names take the rest.
 */
export const NOTICE_STREAMS_BUDGET = 7_000;

/**
 * What one cross-process wake-up says (the payload of the `es_<schema>` notification, JSON): which store
 * sent it, and the streams appended to in its window when they fit in {@link NOTICE_STREAMS_BUDGET}
 * (`streams` absent: anything may have changed, every listener wakes).
 */
export interface AppendNotice {
  readonly origin?: string;
  readonly streams?: readonly string[];
}

/**
 * Reads a notification's payload. A payload that is not a notice's JSON (a bare store id, as sent before
 * the stream names were added, or a hand-sent `NOTIFY`) names no streams; no payload (the LISTEN
 * connection's report of a gap after reconnecting) names nothing at all.
 */
export const parseAppendNotice = (payload: string | undefined): AppendNotice => {
  if (!payload) return {};
  if (!payload.startsWith('{')) return { origin: payload };
  try {
    const value = JSON.parse(payload) as { origin?: unknown; streams?: unknown };
    const origin = typeof value.origin === 'string' ? value.origin : undefined;
    const streams =
      Array.isArray(value.streams) && value.streams.every((s) => typeof s === 'string')
        ? (value.streams as string[])
        : undefined;
    return { origin, streams };
  } catch {
    return {};
  }
};

/**
 * Sends `send` at most once per `windowMs`: calls within the window fold into one sent at its end, with
 * the union of the streams they named — or none (`undefined`: every listener elsewhere wakes) when one
 * call named none or the names outgrow {@link NOTICE_STREAMS_BUDGET}. Keeps cross-process wake-ups to a
 * few dozen a second however fast appends come, and lets the other processes' projections and workers
 * sleep through appends to streams they do not read, as this process's own do.
 */
const coalesce = (send: (streams: readonly string[] | undefined) => Promise<unknown>, windowMs: number) => {
  let timer: NodeJS.Timeout | null = null;
  let names = new Set<string>();
  let bytes = 0;
  let unknown = false;
  return (streams: readonly string[] | undefined): void => {
    if (!streams) unknown = true;
    else if (!unknown)
      for (const stream of streams) {
        if (names.has(stream)) continue;
        names.add(stream);
        bytes += Buffer.byteLength(JSON.stringify(stream)) + 1;
        if (bytes > NOTICE_STREAMS_BUDGET) {
          unknown = true;
          break;
        }
      }
    if (timer) return;
    timer = setTimeout(() => {
      const named = unknown ? undefined : [...names];
      timer = null;
      names = new Set();
      bytes = 0;
      unknown = false;
      void send(named).catch(() => undefined);
    }, windowMs);
    timer.unref();
  };
};

/**
 * An event store on `sql` (PostgreSQL or PGlite). Run {@link migrateEventStore} first (the adapter
 * factories in `adapters.ts` do).
 *
 * Wake-ups: subscribers in this process are woken at once after each append. On PostgreSQL other
 * processes are woken by a `pg_notify` sent after the commit, outside the writing transaction and
 * coalesced (docs/decisions/0001-event-store-append.md); polling covers anything missed. An embedded
 * PGlite database belongs to one process, so it needs no notifications.
 */
export const createSqlEventStore = async (
  sql: SqlClient,
  options: SqlEventStoreOptions = {},
): Promise<SqlEventStore> => {
  const listeners = new Set<AppendedListener>();
  const wake = (streams?: readonly string[]) => listeners.forEach((listener) => listener(streams));
  const channel = `es_${sql.schema}`;
  // Each notification names the store that sent it (an `AppendNotice`): this store's own appends come
  // back on its LISTEN connection too, and were already heard (with their streams) in process — waking
  // every listener again would undo the stream filter of the projections and workers. Another store's
  // append (another process) wakes the listeners its streams concern, as an append here does; without
  // names (too many in one window, or a reconnection's gap) every listener wakes.
  const origin = randomUUID();
  const unlisten =
    sql.kind === 'postgres'
      ? await sql.listen(channel, (payload) => {
          const notice = parseAppendNotice(payload);
          if (notice.origin !== origin) wake(notice.streams);
        })
      : null;
  const notifyOthers =
    sql.kind === 'postgres'
      ? coalesce(
          (streams) =>
            sql.query('SELECT pg_notify($1, $2)', [
              channel,
              JSON.stringify({ origin, streams } satisfies AppendNotice),
            ]),
          NOTIFY_WINDOW_MS,
        )
      : () => undefined;
  const notifyAppended = (streams?: readonly string[]) => {
    queueMicrotask(() => wake(streams));
    notifyOthers(streams);
  };

  // Group commit behind the port (decision 0007): concurrent calls share one statement.
  const appendGrouped = groupedAppendToStreams(sql);
  const readGrouped = groupedReadStreams(sql);

  const store: SqlEventStore = {
    kind: sql.kind,
    sql,
    appendToStream: async (streamName, events, appendOptions) => {
      const result = await appendWith(sql, streamName, events, appendOptions);
      if (!result.alreadyStored) notifyAppended([streamName]);
      return result;
    },
    appendToStreams: async (requests) => {
      if (requests.length === 0) return { streams: [], alreadyStored: false };
      const result = await appendGrouped(requests);
      const written = requests.filter((r) => r.events.length > 0).map((r) => r.streamName);
      if (!result.alreadyStored && written.length > 0) notifyAppended(written);
      return result;
    },
    readStream: (streamName, readOptions) => readStreamWith(sql, streamName, readOptions),
    readStreams: readGrouped,
    readAll: (readOptions) => readAllWith(sql, readOptions),
    readAllWithin: readAllWith,
    notifyAppended,
    subscribeToAll: (subscribeOptions = {}) => subscribeByPolling(store, subscribeOptions),
    onAppended: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close: async () => {
      listeners.clear();
      await unlisten?.();
      if (options.ownsClient ?? true) await sql.close();
    },
  };
  return store;
};

/** One stream's part of {@link appendManyWith}: `expectedVersion` is the exact version (0 = new stream). */
export interface StreamAppend {
  readonly streamName: string;
  readonly expectedVersion: number;
  readonly events: readonly EventData[];
}

/**
 * Planned at every execution, never prepared: a prepared statement's generic plan, once made while
 * `es_streams` was small, joined the streams to the input by a sequential scan and hashing, and kept
 * doing so as the table grew (nothing re-plans it when autovacuum is off, and PGlite has none). Planned
 * afresh, the join probes the primary key per stream once the table is bigger than a few pages;
 * planning costs about a millisecond per call, for hundreds of streams. `plans.int.test.ts` guards it.
 */
/**
 * The body shared by the multi-stream appends (this one and atomic.ts): bump the expected streams,
 * create the new ones, insert the events of the streams accepted. The caller adds its final SELECT.
 */
export const APPEND_MANY_CTE = `
  WITH input AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(stream text, expected bigint, count int, events jsonb)
  ),
  bumped AS (
    UPDATE es_streams s SET version = s.version + i.count FROM input i
    WHERE s.stream_name = i.stream AND s.version = i.expected AND i.expected > 0
    RETURNING s.stream_name, s.version
  ),
  created AS (
    INSERT INTO es_streams (stream_name, version) SELECT i.stream, i.count FROM input i WHERE i.expected = 0
    ON CONFLICT (stream_name) DO NOTHING RETURNING es_streams.stream_name, es_streams.version
  ),
  accepted AS (SELECT * FROM bumped UNION ALL SELECT * FROM created),
  inserted AS (
    INSERT INTO es_events (stream_name, stream_position, event_id, event_type, data, metadata)
    SELECT i.stream, a.version - i.count + e.ord, (e.value->>'id')::uuid, e.value->>'type', e.value->'data', e.value->'metadata'
    FROM input i JOIN accepted a ON a.stream_name = i.stream
    CROSS JOIN LATERAL jsonb_array_elements(i.events) WITH ORDINALITY AS e(value, ord)
    ORDER BY i.stream, e.ord
    RETURNING 1
  )`;

const APPEND_MANY_SQL = `${APPEND_MANY_CTE}
  SELECT (SELECT count(*)::int FROM accepted) AS accepted, (SELECT count(*)::int FROM inserted) AS inserted`;

/**
 * Appends to many streams in one statement (process managers settling thousands of bets): all or
 * nothing. Any stream whose version moved makes it throw `WRONG_EXPECTED_VERSION` (the caller's
 * transaction then retries); an event id already stored throws the unique violation (23505), which
 * the caller's retry turns into a no-op once it reloads.
 */
export const appendManyWith = async (
  executor: SqlExecutor,
  appends: readonly StreamAppend[],
  metadata: Partial<EventMetadata> = {},
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
      metadata: fullMetadata(event, metadata),
    })),
  }));
  // Not a named (prepared) statement, on purpose: see APPEND_MANY_SQL.
  const { rows } = await executor.query<{ accepted: number; inserted: number }>(APPEND_MANY_SQL, [
    JSON.stringify(input),
  ]);
  const accepted = rows[0]?.accepted ?? 0;
  if (accepted !== work.length) {
    throw new EventStoreError(
      'WRONG_EXPECTED_VERSION',
      `append to ${work.length} streams: ${work.length - accepted} moved on`,
      {
        streams: work.length,
        accepted,
      },
    );
  }
};
