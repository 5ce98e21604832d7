/**
 * The event-store port (architecture.md §3 "The port", event-store.md). Every adapter — PostgreSQL,
 * embedded PGlite, KurrentDB — implements {@link EventStore} and passes the one contract suite in
 * `contract/`.
 *
 * Versions: a stream's version is the number of events in it; its first event has stream position 1,
 * so an empty (absent) stream has version 0.
 */

/** Who and what caused an event: kept on every event for the audit history (spec §6, architecture.md §1). */
export interface EventMetadata {
  /** The id shared by every event that one user request caused (uuid). */
  readonly correlationId: string;
  /** The event or command id that directly caused this one; null for a user's own request. */
  readonly causationId: string | null;
  /** Who: `player:<userId>`, `staff:<staffId>`, `system:<process>`. */
  readonly actor: string;
  readonly [key: string]: unknown;
}

/** An event to append. `eventId` (uuid) makes the append idempotent; one is generated when absent. */
export interface EventData<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
  readonly eventId?: string;
  readonly metadata?: Partial<EventMetadata>;
}

/**
 * An opaque, totally ordered position in the global log. SQL stores encode `<tx_id>:<global_position>`
 * (event-store.md: never the position alone); KurrentDB encodes `<commit>:<prepare>`. Store it, pass it
 * back, never parse it outside its adapter.
 */
export type LogPosition = string & { readonly __logPosition?: never };

/** An event as stored. */
export interface RecordedEvent<Type extends string = string, Data = unknown> {
  readonly eventId: string;
  readonly type: Type;
  readonly data: Data;
  readonly metadata: EventMetadata;
  readonly streamName: string;
  /** 1-based position within its stream. */
  readonly streamPosition: number;
  /** Position in the global log: pass it as `after` to resume just past this event. */
  readonly logPosition: LogPosition;
  /** When the store recorded it (ISO 8601, UTC). */
  readonly recordedAt: string;
}

/** The expected-version cases of an append. A number is the exact version (0 = the stream must not exist). */
export type ExpectedVersion = number | typeof NO_STREAM | typeof STREAM_EXISTS | typeof ANY;
export const NO_STREAM = 'no_stream' as const;
export const STREAM_EXISTS = 'stream_exists' as const;
export const ANY = 'any' as const;

export interface AppendOptions {
  /** Defaults to {@link ANY}. */
  readonly expectedVersion?: ExpectedVersion;
  /** Merged under each event's own metadata. */
  readonly metadata?: Partial<EventMetadata>;
}

export interface AppendResult {
  /** The stream's version after the append: pass it as the next expected version. */
  readonly nextExpectedVersion: number;
  /** The global-log position of the last event appended. */
  readonly lastLogPosition: LogPosition;
  /** True when every event id was already stored and nothing was written (an idempotent retry). */
  readonly alreadyStored: boolean;
}

export interface ReadStreamOptions {
  /** Stream position to start at, inclusive. Defaults to the first (forwards) or last (backwards) event. */
  readonly from?: number;
  /** Page size; defaults to every event. */
  readonly maxCount?: number;
  readonly direction?: 'forwards' | 'backwards';
}

export interface ReadStreamResult<Type extends string = string, Data = unknown> {
  readonly events: readonly RecordedEvent<Type, Data>[];
  /** The stream's version (0 when the stream does not exist). */
  readonly currentVersion: number;
  readonly streamExists: boolean;
}

/** Only events of streams whose names start with one of these prefixes (e.g. `wallet-`). */
export interface LogFilter {
  readonly streamPrefixes?: readonly string[];
}

/**
 * A wake-up of {@link EventStore.onAppended}: `streams` names the streams appended to since the last
 * wake-up when the store knows them; `undefined` means "anything may have changed".
 */
export type AppendedListener = (streams?: readonly string[]) => void;

/**
 * Whether `filter` takes the stream `streamName` (the rule of `streamPrefixes`: the name starts with one
 * of them; no filter or no prefixes: every stream). What every adapter's `readAll` keeps.
 */
export const filterTakes = (filter: LogFilter | undefined, streamName: string): boolean =>
  !filter?.streamPrefixes?.length || filter.streamPrefixes.some((prefix) => streamName.startsWith(prefix));

/**
 * True when a wake-up naming `streams` may concern a reader of `filter`: always when the streams are
 * unknown or the filter takes every stream, else when one stream starts with one of the filter's
 * prefixes. Lets a projection or worker that reads only some streams sleep through appends to others
 * (their polling interval still covers anything missed).
 */
export const wakeConcerns = (
  filter: LogFilter | undefined,
  streams: readonly string[] | undefined,
): boolean => {
  const prefixes = filter?.streamPrefixes;
  if (!streams || !prefixes || prefixes.length === 0) return true;
  return streams.some((stream) => prefixes.some((prefix) => stream.startsWith(prefix)));
};

/**
 * Wraps `listener` so that it is called only for wake-ups that may concern `filter` (see
 * {@link wakeConcerns}); for `store.onAppended(onlyFor(filter, wake))`.
 */
export const onlyFor =
  (filter: LogFilter | undefined, listener: () => void): AppendedListener =>
  (streams) => {
    if (wakeConcerns(filter, streams)) listener();
  };

export interface ReadAllOptions {
  /** Read events strictly after this position; null or absent = from the beginning. */
  readonly after?: LogPosition | null;
  readonly maxCount: number;
  readonly filter?: LogFilter;
}

export interface ReadAllResult {
  readonly events: readonly RecordedEvent[];
  /**
   * Where the next read should start (the last event read, or a later position the filter skipped
   * past); equal to `after` when nothing new is visible yet.
   */
  readonly position: LogPosition | null;
}

export interface SubscribeOptions {
  readonly after?: LogPosition | null;
  /** Events per read (default 100). */
  readonly batchSize?: number;
  readonly filter?: LogFilter;
  /** Polling fallback when no wake-up arrives, in ms (default 500). */
  readonly pollIntervalMs?: number;
  readonly signal?: AbortSignal;
}

/** A decider as the store needs it to fold a stream (structurally the same as the domain's). */
export interface Evolver<State, Event> {
  initialState(): State;
  evolve(state: State, event: Event): State;
}

/** The state of a stream after folding its events, with the version to expect on the next append. */
export interface Aggregated<State> {
  readonly state: State;
  readonly version: number;
}

/**
 * One stream's part of an {@link EventStore.appendToStreams} call: its events and the version it must
 * be at (a number, {@link NO_STREAM}, {@link STREAM_EXISTS} or {@link ANY}).
 */
export interface StreamAppendRequest {
  readonly streamName: string;
  readonly events: readonly EventData[];
  readonly expectedVersion: ExpectedVersion;
  /** Merged under each event's own metadata. */
  readonly metadata?: Partial<EventMetadata>;
}

/** One stream of {@link EventStore.readStreams}: its events from `from` on (inclusive; default 1), forwards. */
export interface StreamReadRequest {
  readonly streamName: string;
  readonly from?: number;
}

/** What {@link EventStore.appendToStreams} answers. */
export interface AppendToStreamsResult {
  /** One result per request, in the requests' order. */
  readonly streams: readonly AppendResult[];
  /** True when every event id of the call was already stored and nothing was written (an idempotent retry). */
  readonly alreadyStored: boolean;
}

export interface EventStore {
  /** Which adapter: `postgres`, `pglite` or `kurrentdb`. */
  readonly kind: string;

  /**
   * Appends events atomically. Fails with a {@link WrongExpectedVersion} error (code
   * `WRONG_EXPECTED_VERSION`) when the stream's version does not match. When every event id is
   * already stored, writes nothing and returns the original result (`alreadyStored: true`).
   */
  appendToStream(
    streamName: string,
    events: readonly EventData[],
    options?: AppendOptions,
  ): Promise<AppendResult>;

  /**
   * Appends to several streams atomically: all or nothing. Every stream's expected version is checked;
   * when one does not match, nothing is written and the call fails with {@link WrongExpectedVersion}
   * (code `WRONG_EXPECTED_VERSION`). Idempotent by event id: when every event id of the call is
   * already stored, writes nothing and answers `alreadyStored: true` with the streams' current
   * versions. Requests with no events are checked but write nothing. A stream may appear once per call.
   */
  appendToStreams(appends: readonly StreamAppendRequest[]): Promise<AppendToStreamsResult>;

  readStream<Type extends string = string, Data = unknown>(
    streamName: string,
    options?: ReadStreamOptions,
  ): Promise<ReadStreamResult<Type, Data>>;

  /**
   * Optional: several streams at once, each forwards from its `from`, answered in the requests' order
   * (a command loading the aggregates it decides on in one round trip; the SQL adapter groups
   * concurrent calls into one statement). Call it through the `readStreams(store, requests)` helper,
   * which falls back to one {@link readStream} per stream for an adapter without it.
   */
  readStreams?(requests: readonly StreamReadRequest[]): Promise<ReadStreamResult[]>;

  /** Reads the global log after a checkpoint, in commit-safe order (event-store.md). */
  readAll(options: ReadAllOptions): Promise<ReadAllResult>;

  /**
   * Catch-up then live subscription to the global log: yields every event after `after` exactly once,
   * in log order, then waits for new ones (woken by the store, with polling as a fallback) until the
   * signal aborts or the iterator is returned.
   */
  subscribeToAll(options?: SubscribeOptions): AsyncIterable<RecordedEvent>;

  /**
   * Calls `listener` when new events may be visible (may be spurious, may be late; poll as a fallback).
   * The listener is given the names of the streams appended to when the store knows them (appends of
   * this process); without them anything may have changed (another process's append, a reconnect).
   * Returns a function that removes the listener.
   */
  onAppended(listener: AppendedListener): () => void;

  close(): Promise<void>;
}
