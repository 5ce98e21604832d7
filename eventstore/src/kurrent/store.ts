/**
 * The KurrentDB / EventStoreDB adapter of the event-store port (architecture.md §3 "Adapters",
 * KurrentDB bullet; §7 "Past one machine"), through `@kurrent/kurrentdb-client`. How to run a server
 * and what differs from the SQL stores: `docs/kurrentdb.md`.
 *
 * - Appends map our expected version onto the client's `streamState` and the client's
 *   `WrongExpectedVersionError` onto ours; event ids go to the server unchanged so its own idempotent
 *   write check applies, and the adapter adds a check against the stream's recent events (see
 *   {@link KurrentEventStoreOptions.idempotencyWindow}).
 * - `appendToStreams` is one `multiStreamAppend` (KurrentDB 25.1 or later; older servers are refused
 *   with `UNSUPPORTED_SERVER`), with the same id check before it (docs/kurrentdb.md "Multi-stream
 *   appends", decision 0010).
 * - `readAll` / `subscribeToAll` read `$all` with a server-side stream-name filter; positions are
 *   `<commit>:<prepare>` strings. KurrentDB writes its log with a single writer and readers see a
 *   prefix of it, so a position-only checkpoint cannot skip events (the trap of event-store.md does not
 *   arise here).
 */
import { randomUUID } from 'node:crypto';
import { BACKWARDS, END, FORWARDS, KurrentDBClient, START } from '@kurrent/kurrentdb-client';
import type {
  AppendStreamRequest,
  EventData as KurrentEventData,
  JSONType,
  Position,
  ReadRevision,
  RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import { EventStoreError, wrongExpectedVersion } from '../errors.ts';
import { expectedVersionMatches, prepareStreamAppends } from '../multi-append.ts';
import type { PreparedStreamAppend } from '../multi-append.ts';
import type {
  AppendOptions,
  AppendResult,
  AppendToStreamsResult,
  EventData,
  EventStore,
  ReadStreamOptions,
  ReadStreamResult,
  RecordedEvent,
  StreamAppendRequest,
} from '../types.ts';
import {
  checkStoredIds,
  encodeKurrentPosition,
  fromKurrentEvent,
  fullMetadata,
  isKurrentStreamNotFound,
  isKurrentUnimplemented,
  isKurrentWrongExpectedVersion,
  mapKurrentAppendError,
  requirePosition,
  toKurrentStreamState,
  toRecordProperties,
  unsupportedServerError,
  versionOfRevision,
  versionOfStreamState,
} from './mapping.ts';
import type { KnownEvent } from './mapping.ts';
import { collect, createKurrentLog, recordedOf } from './log.ts';

export { compareKurrentPositions, decodeKurrentPosition, encodeKurrentPosition } from './mapping.ts';

/** The part of the client the adapter uses (a real `KurrentDBClient`, or a test double). */
export type KurrentClient = Pick<
  KurrentDBClient,
  'appendToStream' | 'multiStreamAppend' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'
>;

export interface KurrentEventStoreOptions {
  /**
   * A KurrentDB connection string, e.g. `kurrentdb://localhost:2113?tls=false` (insecure single node)
   * or `kurrentdb://admin:changeit@host:2113` (secure). `esdb://` strings work too. Required unless
   * `client` is given.
   */
  readonly connectionString?: string;
  /** An existing client instead of a connection string; the store does not dispose it. */
  readonly client?: KurrentClient;
  /**
   * How many of a stream's most recent events an append with caller-supplied event ids is checked
   * against before writing (default 100). Within it, a repeated append is a no-op whatever its expected
   * version, like the SQL stores; beyond it only KurrentDB's own check applies (docs/kurrentdb.md).
   */
  readonly idempotencyWindow?: number;
  /** Delay before re-opening the live `$all` subscription behind `onAppended` after it fails (ms, default 1,000). */
  readonly reconnectDelayMs?: number;
}

/** The KurrentDB event store: the port, plus the client for operations the port does not cover. */
export interface KurrentEventStore extends EventStore {
  readonly kind: 'kurrentdb';
  readonly client: KurrentClient;
}

const DEFAULT_IDEMPOTENCY_WINDOW = 100;

/**
 * What a stream holds of a request's events: `last`, the last of them when all are stored (else
 * null), and `before`, the stream's last revision when it was read (−1 = no stream; null = not read,
 * as for a request whose ids were all generated).
 */
interface StoredState {
  readonly last: KnownEvent | null;
  readonly before: bigint | null;
}

const known = (event: KurrentRecordedEvent): KnownEvent => ({
  eventId: event.id,
  revision: event.revision,
  position: requirePosition(event),
});

/**
 * Opens the KurrentDB adapter (architecture.md §3): `createKurrentEventStore({ connectionString })`.
 * The connection is made lazily on first use; `close()` disposes the client (unless it was passed in).
 * Errors of the client other than a concurrency conflict (server unavailable, access denied, stream
 * deleted…) are passed through unchanged.
 */
export const createKurrentEventStore = (options: KurrentEventStoreOptions): KurrentEventStore => {
  if (!options.client && !options.connectionString)
    throw new EventStoreError(
      'INVALID_APPEND',
      'createKurrentEventStore: a connectionString or a client is required',
    );
  const client: KurrentClient = options.client ?? KurrentDBClient.connectionString(options.connectionString!);
  const ownsClient = !options.client;
  const idempotencyWindow = Math.max(1, options.idempotencyWindow ?? DEFAULT_IDEMPOTENCY_WINDOW);
  const reconnectDelayMs = options.reconnectDelayMs ?? 1_000;
  let closed = false;

  // --- streams ------------------------------------------------------------------------------------

  /** Events of a stream; an absent stream reads as null. */
  const read = async (
    streamName: string,
    fromRevision: ReadRevision,
    direction: typeof FORWARDS | typeof BACKWARDS,
    maxCount?: number,
  ): Promise<KurrentRecordedEvent[] | null> => {
    try {
      const resolved = await collect(
        client.readStream(streamName, {
          fromRevision,
          direction,
          ...(maxCount === undefined ? {} : { maxCount }),
        }),
      );
      return recordedOf(resolved);
    } catch (error) {
      if (isKurrentStreamNotFound(error)) return null;
      throw error;
    }
  };

  /** The last `count` events of a stream, newest first (empty when the stream does not exist). */
  const tail = async (streamName: string, count: number) =>
    (await read(streamName, END, BACKWARDS, count)) ?? [];

  const readStream = async <Type extends string, Data>(
    streamName: string,
    readOptions: ReadStreamOptions = {},
  ): Promise<ReadStreamResult<Type, Data>> => {
    const backwards = readOptions.direction === 'backwards';
    const { from, maxCount } = readOptions;
    const nothingToRead =
      (maxCount !== undefined && maxCount <= 0) || (backwards && from !== undefined && from < 1);
    const fromRevision: ReadRevision = backwards
      ? from === undefined
        ? END
        : BigInt(from - 1)
      : from === undefined || from <= 1
        ? START
        : BigInt(from - 1);
    // The read itself reaches the stream's last event when it goes backwards from the end or forwards
    // from the start without a limit; otherwise the version comes from a one-event read of the tail,
    // in parallel.
    const readsLast =
      !nothingToRead &&
      (backwards ? from === undefined : (from === undefined || from <= 1) && maxCount === undefined);
    const [events, last] = await Promise.all([
      nothingToRead
        ? Promise.resolve([])
        : read(streamName, fromRevision, backwards ? BACKWARDS : FORWARDS, maxCount),
      readsLast ? Promise.resolve(null) : tail(streamName, 1),
    ]);
    const lastEvent = readsLast ? (backwards ? events?.[0] : events?.at(-1)) : last?.[0];
    return {
      events: (events ?? []).map(fromKurrentEvent) as RecordedEvent<Type, Data>[],
      currentVersion: lastEvent ? versionOfRevision(lastEvent.revision) : 0,
      streamExists: lastEvent !== undefined,
    };
  };

  // --- appends ------------------------------------------------------------------------------------

  const appendToStream = async (
    streamName: string,
    events: readonly EventData[],
    appendOptions: AppendOptions = {},
  ): Promise<AppendResult> => {
    if (events.length === 0)
      throw new EventStoreError('INVALID_APPEND', `append to ${streamName}: no events`);
    const expected = appendOptions.expectedVersion ?? 'any';
    const streamState = toKurrentStreamState(expected);
    const payload: KurrentEventData[] = events.map((event) => ({
      id: event.eventId ?? randomUUID(),
      contentType: 'application/json',
      type: event.type,
      data: (event.data === undefined ? null : event.data) as JSONType,
      metadata: fullMetadata(event, appendOptions.metadata) as unknown as JSONType,
    }));
    const ids = payload.map((event) => event.id);
    if (new Set(ids).size !== ids.length)
      throw new EventStoreError(
        'EVENT_ID_CONFLICT',
        `append to ${streamName}: the same event id twice in one append`,
      );

    // Caller-supplied ids may be a retry: check them against the stream's recent events first.
    const suppliedIds = events.some((event) => event.eventId !== undefined);
    let lastRevisionBefore = -1n;
    if (suppliedIds) {
      const recent = (await tail(streamName, idempotencyWindow)).map(known);
      lastRevisionBefore = recent[0]?.revision ?? -1n;
      let check = checkStoredIds(ids, recent);
      if (check.kind === 'extend') {
        const more = (await read(streamName, check.fromRevision, FORWARDS, check.count)) ?? [];
        check = checkStoredIds(ids, [...recent, ...more.map(known)], false);
      }
      if (check.kind === 'stored') {
        return {
          nextExpectedVersion: versionOfRevision(check.last.revision),
          lastLogPosition: encodeKurrentPosition(check.last.position),
          alreadyStored: true,
        };
      }
      if (check.kind !== 'new') {
        throw new EventStoreError(
          'EVENT_ID_CONFLICT',
          `append to ${streamName}: some event ids are already stored`,
          { ids },
        );
      }
    }

    let written;
    try {
      written = await client.appendToStream(streamName, payload, { streamState });
    } catch (error) {
      throw mapKurrentAppendError(streamName, expected, error);
    }
    let position: Position | undefined = written.position;
    if (!position) {
      // Servers that report no position: read the last appended event back for it.
      const [lastWritten] = (await read(streamName, written.nextExpectedRevision, FORWARDS, 1)) ?? [];
      position = lastWritten ? known(lastWritten).position : undefined;
      if (!position)
        throw new EventStoreError('INVALID_APPEND', `append to ${streamName}: no log position returned`);
    }
    // KurrentDB answers an idempotent retry (same ids, same expected version, beyond our window) with
    // the original revision: at or below what the stream had before this call.
    const alreadyStored = suppliedIds && written.nextExpectedRevision <= lastRevisionBefore;
    if (!alreadyStored) queueMicrotask(wake);
    return {
      nextExpectedVersion: versionOfRevision(written.nextExpectedRevision),
      lastLogPosition: encodeKurrentPosition(position),
      alreadyStored,
    };
  };

  // --- multi-stream appends -----------------------------------------------------------------------

  /**
   * What the streams of a call already hold of its events, from each stream's recent events (only
   * for requests with caller-supplied ids: generated ids cannot be stored yet). Throws
   * `EVENT_ID_CONFLICT` when a request's ids are only partly there.
   */
  const storedOf = async (requests: readonly PreparedStreamAppend[]): Promise<StoredState[]> =>
    Promise.all(
      requests.map(async (request): Promise<StoredState> => {
        if (!request.events.some((event) => event.suppliedId)) return { last: null, before: null };
        const ids = request.events.map((event) => event.eventId);
        const recent = (await tail(request.streamName, idempotencyWindow)).map(known);
        const before = recent[0]?.revision ?? -1n;
        let check = checkStoredIds(ids, recent);
        if (check.kind === 'extend') {
          const more = (await read(request.streamName, check.fromRevision, FORWARDS, check.count)) ?? [];
          check = checkStoredIds(ids, [...recent, ...more.map(known)], false);
        }
        if (check.kind === 'stored') return { last: check.last, before };
        if (check.kind === 'new') return { last: null, before };
        throw new EventStoreError(
          'EVENT_ID_CONFLICT',
          `append to ${request.streamName}: some event ids are already stored`,
          { stream: request.streamName },
        );
      }),
    );

  /** A stream's version and last event, for results and for checking requests with no events. */
  const lastOf = async (streamName: string) => {
    const [last] = await tail(streamName, 1);
    return { version: last ? versionOfRevision(last.revision) : 0, last: last ? known(last) : undefined };
  };

  /**
   * The answer to a call whose events are all stored already: nothing written, each stream's current
   * version, each request's last stored event's position (the stream's last event for a request with
   * no events; `''` when that stream does not exist).
   */
  const alreadyStoredResult = async (
    requests: readonly PreparedStreamAppend[],
    stored: readonly StoredState[],
  ): Promise<AppendToStreamsResult> => {
    const streams = await Promise.all(
      requests.map(async (request, i) => {
        const { version, last } = await lastOf(request.streamName);
        const position = (stored[i]?.last ?? last)?.position;
        return {
          nextExpectedVersion: version,
          lastLogPosition: position ? encodeKurrentPosition(position) : ('' as const),
          alreadyStored: true,
        };
      }),
    );
    return { streams, alreadyStored: true };
  };

  /** True when every request with events has them all stored (and there is at least one). */
  const allStored = (requests: readonly PreparedStreamAppend[], stored: readonly StoredState[]) =>
    requests.some((request) => request.events.length > 0) &&
    requests.every((request, i) => request.events.length === 0 || stored[i]!.last !== null);

  /**
   * {@link EventStore.appendToStreams} through the client's `multiStreamAppend` (KurrentDB 25.1+), in
   * four steps: (1) check the call (`prepareStreamAppends`); (2) read the recent events of the streams
   * whose events carry caller-supplied ids — all there: answer `alreadyStored` without writing (this
   * covers a retry with reloaded, i.e. current, expected versions, which the server alone would write
   * again); some there: `EVENT_ID_CONFLICT` — and read the version of the streams with no events, to
   * check their expected version (25.1 refuses a stream without records in a multi-stream append, so
   * such a check is made by this read, just before the write, not inside the server's transaction);
   * (3) one `multiStreamAppend` of the streams with events: the server checks every expected version
   * and writes all or nothing; on a version conflict the streams are read again and, when every id is
   * now there (a concurrent identical call won), the call is answered `alreadyStored`, otherwise it
   * fails with our `WRONG_EXPECTED_VERSION` on the stream the server named; (4) read each stream's
   * event at the revision the server answered, for its log position (the server answers one commit
   * position for the whole call).
   * A server older than 25.1 fails with `UNSUPPORTED_SERVER`. Metadata travels as one string property
   * (`toRecordProperties`), as the multi-stream append takes nothing else.
   */
  const appendToStreams = async (appends: readonly StreamAppendRequest[]): Promise<AppendToStreamsResult> => {
    const requests = prepareStreamAppends(appends);
    if (requests.length === 0) return { streams: [], alreadyStored: false };
    const streamStates = requests.map((request) => toKurrentStreamState(request.expectedVersion));
    const [stored, checked] = await Promise.all([
      storedOf(requests),
      Promise.all(
        requests.map((request) => (request.events.length === 0 ? lastOf(request.streamName) : null)),
      ),
    ]);
    if (allStored(requests, stored)) return alreadyStoredResult(requests, stored);
    if (requests.some((request, i) => request.events.length > 0 && stored[i]!.last !== null))
      throw new EventStoreError(
        'EVENT_ID_CONFLICT',
        'appendToStreams: the events of some streams are already stored and those of others are not',
      );
    for (const [i, request] of requests.entries()) {
      const current = checked[i];
      if (current && !expectedVersionMatches(request.expectedVersion, current.version))
        throw wrongExpectedVersion(request.streamName, request.expectedVersion, current.version);
    }

    const writes = requests
      .map((request, i) => ({ request, streamState: streamStates[i]! }))
      .filter(({ request }) => request.events.length > 0);
    if (writes.length > 0) {
      const payload: AppendStreamRequest[] = writes.map(({ request, streamState }) => ({
        streamName: request.streamName,
        expectedState: streamState,
        events: request.events.map((event) => ({
          id: event.eventId,
          contentType: 'application/json' as const,
          type: event.type,
          data: event.data as JSONType,
          metadata: toRecordProperties(event.metadata),
        })),
      }));
      let written;
      try {
        written = await client.multiStreamAppend(payload);
      } catch (error) {
        if (isKurrentUnimplemented(error)) throw unsupportedServerError(error);
        if (!isKurrentWrongExpectedVersion(error)) throw error;
        // A concurrent call with the same ids may have won: then this one is its retry.
        const again = await storedOf(requests).catch(() => null);
        if (again && allStored(requests, again)) return alreadyStoredResult(requests, again);
        const streamName = (error as { streamName?: unknown }).streamName;
        const failed = requests.find((request) => request.streamName === streamName) ?? writes[0]!.request;
        throw wrongExpectedVersion(
          failed.streamName,
          failed.expectedVersion,
          versionOfStreamState(error.actualState),
        );
      }
      const revisions = new Map(
        written.responses.map((response) => [response.streamName, response.revision]),
      );
      // The server answers an exact-version retry beyond our window with the original revisions.
      const retried = writes.every(({ request }) => {
        const before = stored[requests.indexOf(request)]!.before;
        const revision = revisions.get(request.streamName);
        return before !== null && revision !== undefined && revision <= before;
      });
      const streams = await Promise.all(
        requests.map(async (request, i) => {
          const revision = revisions.get(request.streamName);
          if (revision === undefined) {
            const { version, last } = checked[i] ?? (await lastOf(request.streamName));
            return { version, position: last?.position };
          }
          // The events written, not whatever a concurrent writer added since: read the one at our revision.
          const [lastWritten] = (await read(request.streamName, revision, FORWARDS, 1)) ?? [];
          if (!lastWritten)
            throw new EventStoreError(
              'INVALID_APPEND',
              `append to ${request.streamName}: revision ${revision} not readable after the append`,
            );
          // A retry answered by the server reports the stream's current version, as the port says.
          const version = retried ? (await lastOf(request.streamName)).version : versionOfRevision(revision);
          return { version, position: known(lastWritten).position };
        }),
      );
      if (!retried) queueMicrotask(wake);
      return {
        alreadyStored: retried,
        streams: streams.map(({ version, position }) => ({
          nextExpectedVersion: version,
          lastLogPosition: position ? encodeKurrentPosition(position) : ('' as const),
          alreadyStored: retried,
        })),
      };
    }
    // Only requests without events: checked above, nothing to write.
    return {
      alreadyStored: false,
      streams: checked.map((current) => ({
        nextExpectedVersion: current!.version,
        lastLogPosition: current!.last ? encodeKurrentPosition(current!.last.position) : ('' as const),
        alreadyStored: false,
      })),
    };
  };

  // --- the global log and wake-ups (log.ts) --------------------------------------------------------

  const log = createKurrentLog(client, reconnectDelayMs);
  const { readAll, subscribeToAll, onAppended, wake } = log;

  const close = async () => {
    if (closed) return;
    closed = true;
    log.close();
    if (ownsClient) await client.dispose();
  };

  return {
    kind: 'kurrentdb',
    client,
    appendToStream,
    appendToStreams,
    readStream,
    readAll,
    subscribeToAll,
    onAppended,
    close,
  };
};
