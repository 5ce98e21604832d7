/**
 * The in-memory adapter of the event-store port (architecture.md §3 "The port"; issue 14 item 2): the
 * events live in this process and vanish with it. It exists so that the API's integration tests can run
 * with the events outside PostgreSQL (`EVENT_STORE=memory`), proving the write side uses nothing but the
 * port, while read models stay in PGlite. It passes the same contract suites as the SQL and KurrentDB
 * adapters (`contract/`), with the SQL stores' semantics where they are stricter than KurrentDB's:
 * event ids are unique across the whole store, and a repeated append is recognised at any depth.
 * Why a separate adapter rather than the KurrentDB adapter over its stand-in: docs/decisions/0010.
 *
 * - Every call runs synchronously inside one turn of the event loop, so each append (one stream or
 *   several) is atomic and the global log is written in commit order: a reader never sees a later
 *   event before an earlier one (the SQL stores' trap, event-store.md, cannot arise).
 * - Positions are the 1-based global position as a decimal string; opaque to callers as always.
 * - Data and metadata are stored as JSON text and parsed on every read, as a database would: callers
 *   never share objects with the store, and values JSON cannot carry are lost the same way.
 */
import { EventStoreError, wrongExpectedVersion } from '../errors.ts';
import { checkExpectedVersion, expectedVersionMatches, prepareStreamAppends } from '../multi-append.ts';
import type { PreparedStreamAppend } from '../multi-append.ts';
import { subscribeByPolling } from '../subscribe.ts';
import type {
  AppendedListener,
  AppendOptions,
  AppendResult,
  AppendToStreamsResult,
  EventData,
  EventMetadata,
  EventStore,
  LogPosition,
  ReadAllOptions,
  ReadAllResult,
  ReadStreamOptions,
  ReadStreamResult,
  RecordedEvent,
  StreamAppendRequest,
  SubscribeOptions,
} from '../types.ts';
import { filterTakes } from '../types.ts';

/** The in-memory event store: the port, nothing more. */
export interface MemoryEventStore extends EventStore {
  readonly kind: 'memory';
}

interface StoredEvent {
  readonly eventId: string;
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
  readonly streamName: string;
  readonly streamPosition: number;
  readonly globalPosition: number;
  readonly recordedAt: string;
}

const encodePosition = (globalPosition: number): LogPosition => String(globalPosition);

/** 0 for null/absent (the start of the log); `INVALID_APPEND` for a string this adapter did not write. */
const decodePosition = (position: LogPosition | null | undefined): number => {
  if (!position) return 0;
  if (!/^\d+$/.test(position))
    throw new EventStoreError('INVALID_APPEND', `not an in-memory log position: ${position}`);
  return Number(position);
};

const toRecorded = (stored: StoredEvent): RecordedEvent => ({
  eventId: stored.eventId,
  type: stored.type,
  data: JSON.parse(stored.data) as unknown,
  metadata: JSON.parse(stored.metadata) as EventMetadata,
  streamName: stored.streamName,
  streamPosition: stored.streamPosition,
  logPosition: encodePosition(stored.globalPosition),
  recordedAt: stored.recordedAt,
});

/**
 * Opens an empty in-memory event store: `createMemoryEventStore()`. `close()` stops its subscriptions
 * and wake-ups; the events are dropped with the object.
 */
export const createMemoryEventStore = (): MemoryEventStore => {
  const log: StoredEvent[] = [];
  const streams = new Map<string, StoredEvent[]>();
  const byId = new Map<string, StoredEvent>();
  const listeners = new Set<AppendedListener>();
  // Streams appended to since the last wake-up was delivered (one wake-up per microtask).
  let woken: Set<string> | null = null;
  let closed = false;

  const versionOf = (streamName: string) => streams.get(streamName)?.length ?? 0;

  const wake = (appended: readonly string[]) => {
    if (woken) {
      for (const stream of appended) woken.add(stream);
      return;
    }
    woken = new Set(appended);
    queueMicrotask(() => {
      const names = [...(woken ?? [])];
      woken = null;
      for (const listener of [...listeners]) listener(names);
    });
  };

  /**
   * Where the stored copies of a request's events are: `new` when none of its ids is stored, `stored`
   * (with the last one) when all are, in this stream. Throws `EVENT_ID_CONFLICT` when only some are,
   * or when one belongs to another stream.
   */
  const storedCopies = (
    request: PreparedStreamAppend,
  ): { readonly kind: 'new' } | { readonly kind: 'stored'; readonly last: StoredEvent } => {
    const hits = request.events.map((event) => byId.get(event.eventId));
    const found = hits.filter((hit): hit is StoredEvent => hit !== undefined);
    if (found.length === 0) return { kind: 'new' };
    if (found.length !== hits.length || found.some((hit) => hit.streamName !== request.streamName))
      throw new EventStoreError(
        'EVENT_ID_CONFLICT',
        `append to ${request.streamName}: some event ids are already stored, or stored in another stream`,
        { stream: request.streamName },
      );
    const last = found.reduce((a, b) => (b.streamPosition > a.streamPosition ? b : a));
    return { kind: 'stored', last };
  };

  /** Writes the requests (already checked) in order: one commit. */
  const write = (requests: readonly PreparedStreamAppend[]): AppendResult[] => {
    const recordedAt = new Date().toISOString();
    const results = requests.map((request): AppendResult => {
      const stream = streams.get(request.streamName) ?? [];
      for (const event of request.events) {
        const stored: StoredEvent = {
          eventId: event.eventId,
          type: event.type,
          data: JSON.stringify(event.data),
          metadata: JSON.stringify(event.metadata),
          streamName: request.streamName,
          streamPosition: stream.length + 1,
          globalPosition: log.length + 1,
          recordedAt,
        };
        stream.push(stored);
        log.push(stored);
        byId.set(stored.eventId, stored);
      }
      if (stream.length > 0) streams.set(request.streamName, stream);
      const last = stream.at(-1);
      return {
        nextExpectedVersion: stream.length,
        lastLogPosition: last ? encodePosition(last.globalPosition) : ('' as LogPosition),
        alreadyStored: false,
      };
    });
    const written = requests
      .filter((request) => request.events.length > 0)
      .map((request) => request.streamName);
    if (written.length > 0) wake(written);
    return results;
  };

  const appendToStream = async (
    streamName: string,
    events: readonly EventData[],
    options: AppendOptions = {},
  ): Promise<AppendResult> => {
    if (events.length === 0)
      throw new EventStoreError('INVALID_APPEND', `append to ${streamName}: no events`);
    const expected = options.expectedVersion ?? 'any';
    checkExpectedVersion(streamName, expected);
    const [request] = prepareStreamAppends([
      {
        streamName,
        events,
        expectedVersion: expected,
        ...(options.metadata ? { metadata: options.metadata } : {}),
      },
    ]);
    const copies = storedCopies(request!);
    if (copies.kind === 'stored') {
      // The original result: the version and position right after the stored events.
      return {
        nextExpectedVersion: copies.last.streamPosition,
        lastLogPosition: encodePosition(copies.last.globalPosition),
        alreadyStored: true,
      };
    }
    const current = versionOf(streamName);
    if (!expectedVersionMatches(expected, current)) throw wrongExpectedVersion(streamName, expected, current);
    return write([request!])[0]!;
  };

  const appendToStreams = async (appends: readonly StreamAppendRequest[]): Promise<AppendToStreamsResult> => {
    const requests = prepareStreamAppends(appends);
    const withEvents = requests.filter((request) => request.events.length > 0);
    const copies = withEvents.map(storedCopies);
    const storedCount = copies.filter((copy) => copy.kind === 'stored').length;
    if (storedCount > 0 && storedCount === withEvents.length) {
      // An idempotent retry: nothing is written, versions are the streams' current ones.
      return {
        alreadyStored: true,
        streams: requests.map((request): AppendResult => {
          const index = withEvents.indexOf(request);
          const copy = index === -1 ? undefined : copies[index];
          const last = copy?.kind === 'stored' ? copy.last : streams.get(request.streamName)?.at(-1);
          return {
            nextExpectedVersion: versionOf(request.streamName),
            lastLogPosition: last ? encodePosition(last.globalPosition) : ('' as LogPosition),
            alreadyStored: true,
          };
        }),
      };
    }
    if (storedCount > 0)
      throw new EventStoreError(
        'EVENT_ID_CONFLICT',
        'appendToStreams: the events of some streams are already stored and those of others are not',
      );
    for (const request of requests) {
      const current = versionOf(request.streamName);
      if (!expectedVersionMatches(request.expectedVersion, current))
        throw wrongExpectedVersion(request.streamName, request.expectedVersion, current);
    }
    return { streams: write(requests), alreadyStored: false };
  };

  const readStream = async <Type extends string = string, Data = unknown>(
    streamName: string,
    options: ReadStreamOptions = {},
  ): Promise<ReadStreamResult<Type, Data>> => {
    const stream = streams.get(streamName) ?? [];
    const maxCount = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    const selected =
      options.direction === 'backwards'
        ? stream
            .slice(0, Math.max(0, options.from ?? stream.length))
            .reverse()
            .slice(0, Math.max(0, maxCount))
        : stream.slice(Math.max(0, (options.from ?? 1) - 1)).slice(0, Math.max(0, maxCount));
    return {
      events: selected.map(toRecorded) as RecordedEvent<Type, Data>[],
      currentVersion: stream.length,
      streamExists: stream.length > 0,
    };
  };

  const readAll = async (options: ReadAllOptions): Promise<ReadAllResult> => {
    const after = decodePosition(options.after);
    const unchanged = options.after ?? null;
    if (options.maxCount <= 0) return { events: [], position: unchanged };
    const events: RecordedEvent[] = [];
    for (let index = after; index < log.length; index++) {
      const stored = log[index]!;
      if (!filterTakes(options.filter, stored.streamName)) continue;
      events.push(toRecorded(stored));
      if (events.length === options.maxCount) return { events, position: events.at(-1)!.logPosition };
    }
    // Scanned to the end of the log: the next read starts there, past whatever the filter skipped.
    return { events, position: log.length > after ? encodePosition(log.length) : unchanged };
  };

  const onAppended = (listener: AppendedListener): (() => void) => {
    if (closed) return () => undefined;
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  const store: MemoryEventStore = {
    kind: 'memory',
    appendToStream,
    appendToStreams,
    readStream,
    readAll,
    subscribeToAll: (options: SubscribeOptions = {}) => subscribeWhileOpen(options),
    onAppended,
    close: async () => {
      closed = true;
      listeners.clear();
      for (const stop of [...stops]) stop();
    },
  };

  /** Subscriptions end when the store closes, as with the other adapters. */
  const stops = new Set<() => void>();
  async function* subscribeWhileOpen(options: SubscribeOptions): AsyncGenerator<RecordedEvent> {
    if (closed || options.signal?.aborted) return;
    const controller = new AbortController();
    const stop = () => controller.abort();
    options.signal?.addEventListener('abort', stop, { once: true });
    stops.add(stop);
    try {
      yield* subscribeByPolling(store, { ...options, signal: controller.signal });
    } finally {
      stops.delete(stop);
      options.signal?.removeEventListener('abort', stop);
    }
  }

  return store;
};
