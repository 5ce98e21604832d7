/**
 * `appendToStreams` of the SQL stores (PostgreSQL and PGlite; architecture.md §3 "The port", issue 14):
 * several streams in ONE statement that is all or nothing by itself, so it needs no transaction around
 * it. Each stream's expected version (a number, `no_stream`, `stream_exists`, `any`) is checked in the
 * statement; when one does not match, its last step divides by zero, which aborts the whole statement —
 * every version bump and insert of the other streams with it.
 *
 * Group commit (decision 0007) is internal: concurrent calls on one store share one statement when their
 * streams are disjoint and none repeats stored event ids; a group that fails as a whole (a member's
 * stream moved on, a retry, a deadlock) is sent again one call at a time, so each call gets its own
 * outcome, the one it would have had alone.
 */
import { randomUUID } from 'node:crypto';
import { EventStoreError, wrongExpectedVersion } from '../errors.ts';
import type {
  AppendResult,
  AppendToStreamsResult,
  EventMetadata,
  ExpectedVersion,
  LogPosition,
  ReadStreamResult,
  RecordedEvent,
  StreamAppendRequest,
  StreamReadRequest,
} from '../types.ts';
import type { SqlExecutor } from './client.ts';
import { createGrouper } from './group.ts';
import type { GroupOptions } from './group.ts';

/** One stream of a call, as the statement takes it. */
interface StreamInput {
  readonly stream: string;
  /** `exact` (with `expected`), `no_stream`, `stream_exists` or `any`. */
  readonly kind: string;
  readonly expected: number;
  readonly count: number;
  readonly events: readonly { id: string; type: string; data: unknown; metadata: EventMetadata }[];
}

/** A call checked and given its event ids and metadata: what the statement and the checks need. */
export interface PreparedAppend {
  readonly requests: readonly StreamAppendRequest[];
  readonly input: readonly StreamInput[];
  readonly ids: readonly string[];
}

const kindOf = (stream: string, expected: ExpectedVersion): [kind: string, version: number] => {
  if (typeof expected === 'number') {
    if (!Number.isSafeInteger(expected) || expected < 0)
      throw new EventStoreError(
        'INVALID_APPEND',
        `append to ${stream}: expected version must be a whole number >= 0, got ${expected}`,
      );
    return expected === 0 ? ['no_stream', 0] : ['exact', expected];
  }
  if (expected !== 'no_stream' && expected !== 'stream_exists' && expected !== 'any')
    throw new EventStoreError('INVALID_APPEND', `append to ${stream}: unknown expected version ${expected}`);
  return [expected, 0];
};

/**
 * Checks a call (each stream once, valid expected versions, no event id twice) and fixes its event ids
 * (a random uuid where the caller gave none) and metadata. Throws `INVALID_APPEND`.
 */
export const prepareAppend = (requests: readonly StreamAppendRequest[]): PreparedAppend => {
  const streams = new Set<string>();
  const ids = new Set<string>();
  const input = requests.map((request): StreamInput => {
    if (streams.has(request.streamName))
      throw new EventStoreError('INVALID_APPEND', `appendToStreams: ${request.streamName} appears twice`);
    streams.add(request.streamName);
    const [kind, expected] = kindOf(request.streamName, request.expectedVersion);
    const events = request.events.map((event) => {
      const id = event.eventId ?? randomUUID();
      if (ids.has(id))
        throw new EventStoreError('INVALID_APPEND', `appendToStreams: event id ${id} appears twice`);
      ids.add(id);
      return {
        id,
        type: event.type,
        data: event.data,
        metadata: {
          correlationId: randomUUID(),
          causationId: null,
          actor: 'system',
          ...request.metadata,
          ...event.metadata,
        } as EventMetadata,
      };
    });
    return { stream: request.streamName, kind, expected, count: events.length, events };
  });
  return { requests, input, ids: [...ids] };
};

/**
 * The general statement, for a group with a stream checked without events (the rare case; the rest go
 * through {@link APPEND_WRITES_SQL}). `accepted` holds every stream whose expected version held: bumped (an exact version or
 * `stream_exists`), created (`no_stream`), upserted (`any`), or only checked (a request without events).
 * Nothing is written unless every id is new (`fresh`); then the guard aborts the statement unless every
 * stream was accepted. Planned at every execution, never prepared (store.ts APPEND_MANY_SQL: a generic
 * plan made while `es_streams` was small would keep scanning it as it grows).
 */
const APPEND_TO_STREAMS_SQL = `
  WITH input AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb)
      AS x(stream text, kind text, expected bigint, count int, events jsonb, ord int)
  ),
  fresh AS (
    SELECT NOT EXISTS (
      SELECT 1 FROM unnest($2::uuid[]) AS u(id)
      CROSS JOIN LATERAL (SELECT 1 FROM es_events s WHERE s.event_id = u.id LIMIT 1) AS stored
    ) AS ok
  ),
  bumped AS (
    UPDATE es_streams s SET version = s.version + i.count FROM input i, fresh
    WHERE fresh.ok AND s.stream_name = i.stream
      AND (i.kind = 'stream_exists' OR (i.kind = 'exact' AND s.version = i.expected)
           OR (i.kind = 'any' AND i.count = 0))
    RETURNING s.stream_name, s.version
  ),
  created AS (
    INSERT INTO es_streams (stream_name, version)
    SELECT i.stream, i.count FROM input i, fresh WHERE fresh.ok AND i.count > 0 AND i.kind = 'no_stream'
    ON CONFLICT (stream_name) DO NOTHING RETURNING es_streams.stream_name, es_streams.version
  ),
  upserted AS (
    INSERT INTO es_streams AS t (stream_name, version)
    SELECT i.stream, i.count FROM input i, fresh WHERE fresh.ok AND i.count > 0 AND i.kind = 'any'
    ON CONFLICT (stream_name) DO UPDATE SET version = t.version + excluded.version
    RETURNING t.stream_name, t.version
  ),
  absent AS (
    SELECT i.stream AS stream_name, 0::bigint AS version FROM input i, fresh
    WHERE fresh.ok AND i.count = 0 AND (i.kind = 'no_stream' OR i.kind = 'any')
      AND NOT EXISTS (SELECT 1 FROM es_streams s WHERE s.stream_name = i.stream)
  ),
  accepted AS (
    SELECT * FROM bumped UNION ALL SELECT * FROM created UNION ALL SELECT * FROM upserted
    UNION ALL SELECT * FROM absent
  ),
  inserted AS (
    INSERT INTO es_events (stream_name, stream_position, event_id, event_type, data, metadata)
    SELECT i.stream, a.version - i.count + e.ord, (e.value->>'id')::uuid, e.value->>'type', e.value->'data',
           e.value->'metadata'
    FROM input i JOIN accepted a ON a.stream_name = i.stream
    CROSS JOIN LATERAL jsonb_array_elements(i.events) WITH ORDINALITY AS e(value, ord)
    WHERE i.count > 0
    ORDER BY i.ord, e.ord
    RETURNING stream_name, tx_id::text AS tx_id, global_position
  ),
  -- Each stream's last event: one pass over the inserted rows (the statement's one tx_id on all).
  last AS (
    SELECT stream_name, min(tx_id) AS tx_id, max(global_position) AS global_position
    FROM inserted GROUP BY stream_name
  )
  SELECT fresh.ok,
    CASE WHEN fresh.ok THEN 1 / ((SELECT count(*) FROM accepted) = $3::int)::int ELSE 1 END AS guard,
    (SELECT coalesce(json_agg(json_build_object('stream', a.stream_name, 'version', a.version::text,
       'tx', l.tx_id, 'position', l.global_position::text)), '[]')
     FROM accepted a LEFT JOIN last l ON l.stream_name = a.stream_name) AS streams
  FROM fresh`;

/**
 * The statement of a group whose every stream gets events (what command handlers send): one upsert of
 * `es_streams` for all the streams, the events inserted at the versions it answers, and the expected
 * versions checked on the rows it returned, after the fact — a row whose version is not what the
 * stream's expected version implies divides by zero and aborts the whole statement, bumps and inserts
 * with it. The answered version tells every case apart: `no_stream` holds when it equals the count
 * (the row was created), `stream_exists` when it exceeds it (an existing row was bumped), an exact
 * version `n` when it is `n + count`, `any` always. Concurrent writers of a stream queue on its row (or
 * on the speculative insertion of a new one) and see the committed version, as an UPDATE would.
 *
 * It reads neither table: `es_streams` is reached only through the upsert's arbiter index and a stored
 * event id only through the unique index on insert (23505: told apart afterwards, as before). So it
 * is prepared once per connection and its generic plan cannot go stale as the tables grow (the trap
 * {@link APPEND_TO_STREAMS_SQL} avoids by being planned at every execution — planning cost as much as
 * running it: docs/benchmarks.md "Session 6 performance"). Arrays instead of one JSON document: the
 * data and metadata of each event as two JSON arrays, in event order, zipped by `ROWS FROM`.
 */
const APPEND_WRITES_SQL = `
  WITH input AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::int[]) WITH ORDINALITY
      AS x(stream, kind, expected, count, ord)
  ),
  written AS (
    INSERT INTO es_streams AS t (stream_name, version)
    SELECT i.stream, i.count FROM input i ORDER BY i.stream
    ON CONFLICT (stream_name) DO UPDATE SET version = t.version + excluded.version
    RETURNING t.stream_name, t.version
  ),
  inserted AS (
    INSERT INTO es_events (stream_name, stream_position, event_id, event_type, data, metadata)
    SELECT i.stream, w.version - i.count + e.k, e.id, e.type, e.data, e.metadata
    FROM ROWS FROM (unnest($5::int[]), unnest($6::int[]), unnest($7::uuid[]), unnest($8::text[]),
                    jsonb_array_elements($9::jsonb), jsonb_array_elements($10::jsonb))
      WITH ORDINALITY AS e(s, k, id, type, data, metadata, ord)
    JOIN input i ON i.ord = e.s
    JOIN written w ON w.stream_name = i.stream
    ORDER BY e.ord
    RETURNING stream_name, tx_id::text AS tx_id, global_position
  ),
  last AS (
    SELECT stream_name, min(tx_id) AS tx_id, max(global_position) AS global_position
    FROM inserted GROUP BY stream_name
  )
  SELECT w.version::text AS version, l.tx_id AS tx, l.global_position::text AS position,
    1 / (CASE i.kind WHEN 'any' THEN true
                     WHEN 'no_stream' THEN w.version = i.count
                     WHEN 'stream_exists' THEN w.version > i.count
                     ELSE w.version = i.expected + i.count END)::int AS guard
  FROM input i JOIN written w ON w.stream_name = i.stream
  LEFT JOIN last l ON l.stream_name = i.stream
  ORDER BY i.ord`;

/** The parameters of {@link APPEND_WRITES_SQL} for `input` (streams in the calls' order). */
const writesParams = (input: readonly StreamInput[]): unknown[] => {
  const eventStream: number[] = [];
  const eventIndex: number[] = [];
  const ids: string[] = [];
  const types: string[] = [];
  const data: unknown[] = [];
  const metadata: EventMetadata[] = [];
  input.forEach((stream, s) => {
    stream.events.forEach((event, k) => {
      eventStream.push(s + 1);
      eventIndex.push(k + 1);
      ids.push(event.id);
      types.push(event.type);
      data.push(event.data);
      metadata.push(event.metadata);
    });
  });
  return [
    input.map((s) => s.stream),
    input.map((s) => s.kind),
    input.map((s) => s.expected),
    input.map((s) => s.count),
    eventStream,
    eventIndex,
    ids,
    types,
    JSON.stringify(data),
    JSON.stringify(metadata),
  ];
};

/** SQLSTATE of the guard: division by zero. */
const MOVED_ON = '22012';
/** A repeated event id committed by a concurrent call first. */
const UNIQUE_VIOLATION = '23505';
/** Lost to another writer in a way that wrote nothing and may simply be tried again. */
const TRY_AGAIN = new Set(['40P01', '40001']);

/** Where a stream's answer points when the call wrote no event of it. */
const NO_POSITION = '0:0' as LogPosition;

interface StatementRow {
  ok: boolean;
  streams: { stream: string; version: string; tx: string | null; position: string | null }[];
}

/** Why a statement wrote nothing: some ids stored already, or some stream's version did not hold. */
type Unwritten = 'stored' | 'moved';

/**
 * Runs one statement for `calls` (their streams disjoint). Answers one result per call, or why nothing
 * was written (the whole group: the statement is all or nothing).
 */
const runStatement = async (
  executor: SqlExecutor,
  calls: readonly PreparedAppend[],
): Promise<AppendToStreamsResult[] | Unwritten> => {
  const streams = calls.flatMap((call) => call.input);
  // Only a stream that is checked without events needs the general statement.
  const writesOnly = streams.every((stream) => stream.count > 0);
  let written: StatementRow['streams'];
  try {
    if (writesOnly) {
      const { rows } = await executor.query<StatementRow['streams'][number]>(
        APPEND_WRITES_SQL,
        writesParams(streams),
        'es_append_writes',
      );
      written = rows.map((row, k) => ({ ...row, stream: streams[k]!.stream }));
    } else {
      const input = streams.map((stream, ord) => ({ ...stream, ord }));
      const { rows } = await executor.query<StatementRow>(APPEND_TO_STREAMS_SQL, [
        JSON.stringify(input),
        calls.flatMap((call) => call.ids),
        input.length,
      ]);
      const row = rows[0]!;
      if (!row.ok) return 'stored';
      written = row.streams;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === MOVED_ON) return 'moved';
    if (code === UNIQUE_VIOLATION) return 'stored';
    throw error;
  }
  const byStream = new Map(written.map((s) => [s.stream, s]));
  return calls.map((call) => {
    const answers = call.input.map((s) => byStream.get(s.stream)!);
    const last = answers
      .filter((s) => s.tx !== null)
      .sort((a, b) => Number(BigInt(a.position!) - BigInt(b.position!)))
      .at(-1);
    const callPosition = last ? (`${last.tx}:${last.position}` as LogPosition) : NO_POSITION;
    return {
      alreadyStored: false,
      streams: answers.map((s): AppendResult => ({
        nextExpectedVersion: Number(s.version),
        lastLogPosition: s.tx === null ? callPosition : (`${s.tx}:${s.position}` as LogPosition),
        alreadyStored: false,
      })),
    };
  });
};

/**
 * After a call wrote nothing: its result as a retry when every id is stored already (in the streams it
 * names), `WRONG_EXPECTED_VERSION` when none is, `EVENT_ID_CONFLICT` when only some are or they are in
 * other streams.
 */
const explainUnwritten = async (
  executor: SqlExecutor,
  call: PreparedAppend,
): Promise<AppendToStreamsResult> => {
  const names = call.input.map((s) => s.stream);
  const [stored, versions] = await Promise.all([
    call.ids.length === 0
      ? Promise.resolve({ rows: [] })
      : executor.query<{ event_id: string; stream_name: string; tx_id: string; global_position: string }>(
          `SELECT event_id::text, stream_name, tx_id::text, global_position::text FROM es_events
           WHERE event_id = ANY ($1::uuid[])`,
          [call.ids],
        ),
    executor.query<{ stream_name: string; version: string }>(
      'SELECT stream_name, version::text FROM es_streams WHERE stream_name = ANY ($1::text[])',
      [names],
    ),
  ]);
  const version = new Map(versions.rows.map((r) => [r.stream_name, Number(r.version)]));
  if (stored.rows.length === 0) {
    const moved = call.input.find((s) => !versionHolds(s, version.get(s.stream)));
    // Every version holds now: the conflict that stopped the statement has gone (a concurrent writer
    // rolled back). Report it anyway; the caller reloads and tries again.
    const culprit = moved ?? call.input[0]!;
    const request = call.requests.find((r) => r.streamName === culprit.stream)!;
    throw wrongExpectedVersion(culprit.stream, request.expectedVersion, version.get(culprit.stream) ?? 0);
  }
  const expectedStream = new Map(call.input.flatMap((s) => s.events.map((e) => [e.id, s.stream] as const)));
  if (
    stored.rows.length !== call.ids.length ||
    stored.rows.some((r) => expectedStream.get(r.event_id) !== r.stream_name)
  )
    throw new EventStoreError(
      'EVENT_ID_CONFLICT',
      `appendToStreams: some event ids are stored already, not all of them in the streams named`,
      { streams: names },
    );
  const lastOf = (rows: typeof stored.rows) =>
    rows.sort((a, b) => Number(BigInt(a.global_position) - BigInt(b.global_position))).at(-1);
  const overall = lastOf([...stored.rows]);
  return {
    alreadyStored: true,
    streams: call.input.map((s) => {
      const last = lastOf(stored.rows.filter((r) => r.stream_name === s.stream)) ?? overall;
      return {
        nextExpectedVersion: version.get(s.stream) ?? 0,
        lastLogPosition: last ? (`${last.tx_id}:${last.global_position}` as LogPosition) : NO_POSITION,
        alreadyStored: true,
      };
    }),
  };
};

const versionHolds = (stream: StreamInput, version: number | undefined): boolean => {
  switch (stream.kind) {
    case 'any':
      return true;
    case 'no_stream':
      return version === undefined;
    case 'stream_exists':
      return version !== undefined;
    default:
      return version === stream.expected;
  }
};

/** Attempts of one call that keeps losing deadlocks (nothing written each time). */
const DEADLOCK_ATTEMPTS = 5;

/** One call on its own: the statement, then the explanation when it wrote nothing. */
export const appendPreparedWith = async (
  executor: SqlExecutor,
  call: PreparedAppend,
): Promise<AppendToStreamsResult> => {
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await runStatement(executor, [call]);
      return typeof outcome === 'string' ? await explainUnwritten(executor, call) : outcome[0]!;
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (!TRY_AGAIN.has(code) || attempt >= DEADLOCK_ATTEMPTS) throw error;
    }
  }
};

/**
 * `appendToStreams` on `executor` (a pool, or a transaction the caller holds open), one statement for
 * this call alone. See {@link EventStore.appendToStreams} for the contract.
 */
export const appendToStreamsWith = (
  executor: SqlExecutor,
  requests: readonly StreamAppendRequest[],
): Promise<AppendToStreamsResult> => appendPreparedWith(executor, prepareAppend(requests));

/** One group: one statement when the members' streams are disjoint, else (or when it fails) each alone. */
const appendGroup = async (
  executor: SqlExecutor,
  calls: readonly PreparedAppend[],
): Promise<(AppendToStreamsResult | Error)[]> => {
  const alone = (call: PreparedAppend) =>
    appendPreparedWith(executor, call).catch((error: unknown) =>
      error instanceof Error ? error : new Error(String(error)),
    );
  if (calls.length === 1) return [await alone(calls[0]!)];
  const streams = calls.flatMap((call) => call.input.map((s) => s.stream));
  if (new Set(streams).size === streams.length) {
    try {
      const outcome = await runStatement(executor, calls);
      if (typeof outcome !== 'string') return outcome;
    } catch {
      // A deadlock or the like: each call finds out on its own.
    }
  }
  return Promise.all(calls.map(alone));
};

/**
 * `appendToStreams` with group commit on `executor` (a pool, never a transaction: the members of a
 * group are different callers). Answers a function with the port's contract.
 */
export const groupedAppendToStreams = (
  executor: SqlExecutor,
  options?: GroupOptions,
): ((requests: readonly StreamAppendRequest[]) => Promise<AppendToStreamsResult>) => {
  const grouped = createGrouper<PreparedAppend, AppendToStreamsResult>(
    (calls) => appendGroup(executor, calls),
    options,
  );
  return async (requests) => grouped(prepareAppend(requests));
};

/**
 * `readStreams` in one statement: per stream its version and its events from `from` on, all in one
 * snapshot. Two primary-key range probes of `es_events` per stream (a LATERAL subquery with its own
 * ORDER BY is never flattened into a join; within.ts READ_STREAMS_AFTER_SQL explains why that
 * matters). The version is the stream's last position (streams have no gaps, so it equals
 * `es_streams.version`): probing `es_streams` by its key instead, the prepared statement's generic plan
 * made while the table was small scanned it whole ever after (plans.int.test.ts caught it).
 */
const READ_STREAMS_SQL = `SELECT f.ord::int AS k, v.version::text AS version, e.global_position::text,
    e.tx_id::text, e.stream_position::text, e.event_id::text, e.event_type, e.data, e.metadata, e.recorded_at
  FROM unnest($1::text[], $2::bigint[]) WITH ORDINALITY AS f(name, from_position, ord)
  LEFT JOIN LATERAL (
    SELECT s.stream_position AS version FROM es_events s WHERE s.stream_name = f.name
    ORDER BY s.stream_position DESC LIMIT 1
  ) AS v ON true
  LEFT JOIN LATERAL (
    SELECT s.global_position, s.tx_id, s.stream_position, s.event_id, s.event_type, s.data, s.metadata,
           s.recorded_at
    FROM es_events s WHERE s.stream_name = f.name AND s.stream_position >= f.from_position
    ORDER BY s.stream_position
  ) AS e ON true
  ORDER BY f.ord, e.stream_position`;

interface ReadRow {
  k: number;
  version: string | null;
  global_position: string | null;
  tx_id: string;
  stream_position: string;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date | string;
}

/** `readStreams` through `executor`, one statement for the whole list. */
export const readStreamsWith = async (
  executor: SqlExecutor,
  requests: readonly StreamReadRequest[],
): Promise<ReadStreamResult[]> => {
  if (requests.length === 0) return [];
  const { rows } = await executor.query<ReadRow>(
    READ_STREAMS_SQL,
    [requests.map((r) => r.streamName), requests.map((r) => Math.max(1, r.from ?? 1))],
    'es_read_streams',
  );
  const results = requests.map(() => ({ events: [] as RecordedEvent[], version: null as string | null }));
  for (const row of rows) {
    const result = results[row.k - 1]!;
    result.version = row.version;
    if (row.global_position === null) continue;
    result.events.push({
      eventId: row.event_id,
      type: row.event_type,
      data: row.data,
      metadata: row.metadata,
      streamName: requests[row.k - 1]!.streamName,
      streamPosition: Number(row.stream_position),
      logPosition: `${row.tx_id}:${row.global_position}` as LogPosition,
      recordedAt:
        row.recorded_at instanceof Date
          ? row.recorded_at.toISOString()
          : new Date(row.recorded_at).toISOString(),
    });
  }
  return results.map(({ events, version }) => ({
    events,
    currentVersion: version === null ? 0 : Number(version),
    streamExists: version !== null,
  }));
};

/** `readStreams` with group commit on `executor` (a pool): concurrent calls share one statement. */
export const groupedReadStreams = (
  executor: SqlExecutor,
  options?: GroupOptions,
): ((requests: readonly StreamReadRequest[]) => Promise<ReadStreamResult[]>) => {
  const grouped = createGrouper<readonly StreamReadRequest[], ReadStreamResult[]>(async (calls) => {
    const all = await readStreamsWith(executor, calls.flat());
    let offset = 0;
    return calls.map((call) => all.slice(offset, (offset += call.length)));
  }, options);
  return (requests) => (requests.length === 0 ? Promise.resolve([]) : grouped(requests));
};
