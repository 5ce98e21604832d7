/**
 * The pure half of the KurrentDB adapter (architecture.md §3 "Adapters", KurrentDB bullet): how our
 * port's versions, positions, metadata, filters and errors map onto `@kurrent/kurrentdb-client`'s.
 * No IO here, so every mapping is unit-tested without a server (`kurrent.unit.test.ts`).
 *
 * Conventions on the two sides:
 * - our stream *version* is the number of events (first event at stream position 1); Kurrent's stream
 *   *revision* is the 0-based number of the last event. Version n ↔ revision n − 1; version 0 ↔ no stream.
 * - our {@link LogPosition} is opaque; for KurrentDB it is `<commit>:<prepare>` in decimal.
 */
import { randomUUID } from 'node:crypto';
import {
  ANY as KURRENT_ANY,
  NO_STREAM as KURRENT_NO_STREAM,
  STREAM_EXISTS as KURRENT_STREAM_EXISTS,
} from '@kurrent/kurrentdb-client';
import { streamNameFilter } from '@kurrent/kurrentdb-client';
import type {
  AppendStreamState,
  CurrentStreamState,
  Filter,
  Position,
  RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import { EventStoreError, wrongExpectedVersion } from '../errors.ts';
import type {
  EventData,
  EventMetadata,
  ExpectedVersion,
  LogFilter,
  LogPosition,
  RecordedEvent,
} from '../types.ts';

// ---------------------------------------------------------------------------------------------------
// Positions
// ---------------------------------------------------------------------------------------------------

/** Encodes a `$all` position as our opaque {@link LogPosition}: `<commit>:<prepare>` (decimal). */
export const encodeKurrentPosition = (position: Position): LogPosition =>
  `${position.commit}:${position.prepare}`;

/**
 * Decodes a {@link LogPosition} written by {@link encodeKurrentPosition}; null/absent = the start of
 * the log (returns null). Throws an `EventStoreError` (`INVALID_APPEND`, the code the SQL adapter
 * uses for a malformed position) for anything else.
 */
export const decodeKurrentPosition = (position: LogPosition | null | undefined): Position | null => {
  if (!position) return null;
  const match = /^(\d+):(\d+)$/.exec(position);
  if (!match) throw new EventStoreError('INVALID_APPEND', `not a KurrentDB log position: ${position}`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
};

/** Orders two `$all` positions as KurrentDB does (commit, then prepare): negative, zero or positive. */
export const compareKurrentPositions = (a: Position, b: Position): number => {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
};

// ---------------------------------------------------------------------------------------------------
// Versions
// ---------------------------------------------------------------------------------------------------

/**
 * Maps our expected version to the client's `streamState` (issue 2; the client renamed
 * `expectedRevision` to `streamState`): a number n > 0 is revision n − 1, 0 is "no stream",
 * `no_stream` / `stream_exists` / `any` map to the client's constants of the same meaning.
 * Throws `INVALID_APPEND` for a number that is not a whole number ≥ 0 (as the SQL store does).
 */
export const toKurrentStreamState = (expected: ExpectedVersion): AppendStreamState => {
  if (typeof expected === 'number') {
    if (!Number.isSafeInteger(expected) || expected < 0)
      throw new EventStoreError(
        'INVALID_APPEND',
        `expected version must be a whole number >= 0, got ${expected}`,
      );
    return expected === 0 ? KURRENT_NO_STREAM : BigInt(expected - 1);
  }
  switch (expected) {
    case 'no_stream':
      return KURRENT_NO_STREAM;
    case 'stream_exists':
      return KURRENT_STREAM_EXISTS;
    case 'any':
      return KURRENT_ANY;
    default:
      throw new EventStoreError('INVALID_APPEND', `unknown expected version ${String(expected)}`);
  }
};

/**
 * Our version (event count) for a stream state the client reports: `no_stream` → 0, revision r → r + 1.
 * Negative revisions (KurrentDB reports deleted / tombstoned streams as −5 / −6) count as 0.
 */
export const versionOfStreamState = (state: CurrentStreamState | undefined): number => {
  if (state === undefined || state === KURRENT_NO_STREAM || typeof state !== 'bigint') return 0;
  return state < 0n ? 0 : Number(state) + 1;
};

/** Our version after the event with Kurrent revision `revision` (r → r + 1). */
export const versionOfRevision = (revision: bigint): number => Number(revision) + 1;

// ---------------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------------

/** The client's `WrongExpectedVersionError`, recognised by its `type` (robust to duplicate copies of the package). */
export interface KurrentWrongExpectedVersion {
  readonly type: 'wrong-expected-version';
  readonly actualState: CurrentStreamState;
}

/** True for the client's `WrongExpectedVersionError` (`type: 'wrong-expected-version'`). */
export const isKurrentWrongExpectedVersion = (error: unknown): error is KurrentWrongExpectedVersion =>
  typeof error === 'object' &&
  error !== null &&
  (error as { type?: unknown }).type === 'wrong-expected-version';

/** The oldest KurrentDB release whose multi-stream append (`AppendSession`, v2 protocol) the client speaks. */
export const MULTI_STREAM_APPEND_MIN_VERSION = '25.1';

/** gRPC status UNIMPLEMENTED: the server has no such method. */
const GRPC_UNIMPLEMENTED = 12;

/**
 * True when a multi-stream append failed because the server does not offer it: the client does not
 * check the server's features before `multiStreamAppend`, so an older server answers the call with gRPC
 * status UNIMPLEMENTED (12), which the client passes on as an `UnknownError` carrying that `code` and a
 * `12 UNIMPLEMENTED: …` message.
 */
export const isKurrentUnimplemented = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === GRPC_UNIMPLEMENTED || (typeof message === 'string' && /\bUNIMPLEMENTED\b/.test(message));
};

/**
 * The error `appendToStreams` throws on a server older than KurrentDB 25.1: an
 * `EventStoreError` with code `UNSUPPORTED_SERVER`, the required version in `details.minimumVersion`
 * and the client's error in `details.cause`.
 */
export const unsupportedServerError = (cause: unknown): EventStoreError =>
  new EventStoreError(
    'UNSUPPORTED_SERVER',
    `appendToStreams needs KurrentDB ${MULTI_STREAM_APPEND_MIN_VERSION} or later (multi-stream append); this server does not offer it: ${
      cause instanceof Error ? cause.message : String(cause)
    }`,
    { minimumVersion: MULTI_STREAM_APPEND_MIN_VERSION, cause },
  );

/** True for the client's "stream not found" error of a read (`type: 'stream-not-found'`). */
export const isKurrentStreamNotFound = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { type?: unknown }).type === 'stream-not-found';

/**
 * Maps an append failure: the client's `WrongExpectedVersionError` becomes our
 * `wrongExpectedVersion(stream, expected, actual)` (code `WRONG_EXPECTED_VERSION`, `details.actual` = our
 * version); any other error is returned unchanged for the caller to rethrow.
 */
export const mapKurrentAppendError = (stream: string, expected: ExpectedVersion, error: unknown): unknown =>
  isKurrentWrongExpectedVersion(error)
    ? wrongExpectedVersion(stream, expected, versionOfStreamState(error.actualState))
    : error;

// ---------------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------------

/**
 * An event's full metadata: our defaults (a fresh correlation id, no causation, the `system` actor),
 * then the append's shared metadata, then the event's own — exactly as the SQL store does.
 */
export const fullMetadata = (
  event: EventData,
  shared: Partial<EventMetadata> | undefined,
): EventMetadata => ({
  correlationId: randomUUID(),
  causationId: null,
  actor: 'system',
  ...shared,
  ...event.metadata,
});

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);

/**
 * The record property that carries our whole metadata, as JSON, on events written by a multi-stream
 * append: `multiStreamAppend` takes metadata only as string-valued properties (the client refuses
 * anything else), and the server stores them as record properties, which its v1 reads return as a JSON
 * object of strings (plus its own `$schema.*` keys). One property keeps `causationId: null` and
 * non-string values exact.
 */
export const METADATA_PROPERTY = 'bashiri.metadata';

/** The string-valued properties a multi-stream append sends for `metadata`: `{ 'bashiri.metadata': '<json>' }`. */
export const toRecordProperties = (metadata: EventMetadata): Record<string, string> => ({
  [METADATA_PROPERTY]: JSON.stringify(metadata),
});

/**
 * Our metadata object from what a read returns: the JSON inside {@link METADATA_PROPERTY} when the
 * event was written by a multi-stream append, the JSON metadata itself when by a single-stream append,
 * `{}` when there is none (or it is not a JSON object).
 */
export const storedMetadata = (metadata: unknown): Record<string, unknown> => {
  if (!isPlainObject(metadata)) return {};
  const wrapped = metadata[METADATA_PROPERTY];
  if (typeof wrapped !== 'string') return metadata;
  try {
    const parsed: unknown = JSON.parse(wrapped);
    return isPlainObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
};

/**
 * Converts a recorded event of the client into ours: stream position = revision + 1, `<commit>:<prepare>`
 * log position, ISO timestamp. Events written by other tools without JSON metadata get defaults
 * (correlation id = the event's own id, no causation, actor `system`). Throws when the server sent no
 * log position (see {@link requirePosition}).
 */
export const fromKurrentEvent = (event: KurrentRecordedEvent): RecordedEvent => {
  const position = requirePosition(event);
  const stored = storedMetadata(event.metadata);
  const metadata: EventMetadata = {
    correlationId: event.id,
    causationId: null,
    actor: 'system',
    ...stored,
  } as EventMetadata;
  return {
    eventId: event.id,
    type: event.type,
    data: event.data,
    metadata,
    streamName: event.streamId,
    streamPosition: versionOfRevision(event.revision),
    logPosition: encodeKurrentPosition(position),
    recordedAt: event.created.toISOString(),
  };
};

/**
 * The `$all` position of a recorded event. Throws an `EventStoreError` when the server sent none
 * (KurrentDB / EventStoreDB older than 22.6 do not for stream reads: unsupported by this adapter).
 */
export const requirePosition = (event: KurrentRecordedEvent): Position => {
  if (event.position) return event.position;
  throw new EventStoreError(
    'INVALID_APPEND',
    `event ${event.id} of ${event.streamId} has no log position: KurrentDB/EventStoreDB 22.6 or later is required`,
  );
};

/** True for events of KurrentDB's own (`$`-prefixed) streams or types, which the port never returns. */
export const isSystemEvent = (event: { readonly streamId: string; readonly type: string }): boolean =>
  event.streamId.startsWith('$') || event.type.startsWith('$');

// ---------------------------------------------------------------------------------------------------
// Filters
// ---------------------------------------------------------------------------------------------------

/** Stream names that do not start with `$`: every stream but KurrentDB's system streams. */
export const USER_STREAMS_REGEX = '^[^$]';

/**
 * The server-side `$all` filter for our {@link LogFilter}: the stream-name prefixes when given
 * (`streamNameFilter({ prefixes })`), otherwise every non-system stream (`streamNameFilter({ regex: '^[^$]' })`).
 */
export const toKurrentFilter = (filter: LogFilter | undefined): Filter =>
  filter?.streamPrefixes?.length
    ? streamNameFilter({ prefixes: [...filter.streamPrefixes] })
    : streamNameFilter({ regex: USER_STREAMS_REGEX });

// ---------------------------------------------------------------------------------------------------
// Idempotency by event id
// ---------------------------------------------------------------------------------------------------

/** What the adapter knows of a stored event when checking an append's ids against the stream. */
export interface KnownEvent {
  readonly eventId: string;
  readonly revision: bigint;
  readonly position: Position;
}

/**
 * The outcome of checking an append's event ids against events read from the stream:
 * - `new`: none of the ids is among them;
 * - `stored`: all of them, in order, at consecutive revisions: the append was done before (`last` is its
 *   last event);
 * - `extend`: some are there and the rest would sit just before the events read: read `count` events
 *   from `fromRevision` too and check again;
 * - `conflict`: some but not all, or out of order: refused as `EVENT_ID_CONFLICT`.
 */
export type StoredIdsCheck =
  | { readonly kind: 'new' }
  | { readonly kind: 'stored'; readonly last: KnownEvent }
  | { readonly kind: 'extend'; readonly fromRevision: bigint; readonly count: number }
  | { readonly kind: 'conflict' };

/**
 * Checks `ids` (an append's event ids, in order) against `known` events of the same stream (any order).
 * Pure; see {@link StoredIdsCheck}. Pass `allowExtend = false` on the second pass.
 */
export const checkStoredIds = (
  ids: readonly string[],
  known: readonly KnownEvent[],
  allowExtend = true,
): StoredIdsCheck => {
  const byId = new Map(known.map((event) => [event.eventId, event]));
  const hits = ids.map((id) => byId.get(id));
  const firstHit = hits.findIndex((hit) => hit !== undefined);
  if (firstHit === -1) return { kind: 'new' };
  const start = hits[firstHit]!.revision - BigInt(firstHit);
  if (hits.every((hit, index) => hit !== undefined && hit.revision === start + BigInt(index))) {
    return { kind: 'stored', last: hits[hits.length - 1]! };
  }
  const oldest = known.reduce(
    (min, event) => (event.revision < min ? event.revision : min),
    known[0]!.revision,
  );
  if (allowExtend && start >= 0n && start < oldest) {
    return { kind: 'extend', fromRevision: start, count: Number(oldest - start) };
  }
  return { kind: 'conflict' };
};
