/**
 * The KurrentDB / EventStoreDB adapter of the event-store port (architecture.md §3 "Adapters",
 * KurrentDB bullet; §7 "Past one machine"), through `@kurrent/kurrentdb-client`. How to run a server
 * and what differs from the SQL stores: `docs/kurrentdb.md`.
 *
 * - Appends map our expected version onto the client's `streamState` and the client's
 *   `WrongExpectedVersionError` onto ours; event ids go to the server unchanged so its own idempotent
 *   write check applies, and the adapter adds a check against the stream's recent events (see
 *   {@link KurrentEventStoreOptions.idempotencyWindow}).
 * - `readAll` / `subscribeToAll` read `$all` with a server-side stream-name filter; positions are
 *   `<commit>:<prepare>` strings. KurrentDB writes its log with a single writer and readers see a
 *   prefix of it, so a position-only checkpoint cannot skip events (the trap of event-store.md does not
 *   arise here).
 */
import { randomUUID } from 'node:crypto';
import { BACKWARDS, END, FORWARDS, KurrentDBClient, START } from '@kurrent/kurrentdb-client';
import type {
  AllStreamResolvedEvent,
  AllStreamSubscription,
  EventData as KurrentEventData,
  JSONType,
  Position,
  ReadRevision,
  RecordedEvent as KurrentRecordedEvent,
  ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import { EventStoreError } from '../errors.ts';
import type {
  AppendOptions,
  AppendResult,
  EventData,
  EventStore,
  ReadAllOptions,
  ReadAllResult,
  ReadStreamOptions,
  ReadStreamResult,
  RecordedEvent,
  SubscribeOptions,
} from '../types.ts';
import {
  checkStoredIds,
  compareKurrentPositions,
  decodeKurrentPosition,
  encodeKurrentPosition,
  fromKurrentEvent,
  fullMetadata,
  isKurrentStreamNotFound,
  isSystemEvent,
  mapKurrentAppendError,
  requirePosition,
  toKurrentFilter,
  toKurrentStreamState,
  versionOfRevision,
} from './mapping.ts';
import type { KnownEvent } from './mapping.ts';

export { compareKurrentPositions, decodeKurrentPosition, encodeKurrentPosition } from './mapping.ts';

/** The part of the client the adapter uses (a real `KurrentDBClient`, or a test double). */
export type KurrentClient = Pick<
  KurrentDBClient,
  'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'
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

const collect = async <T>(iterable: AsyncIterable<T>): Promise<T[]> => {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
};

/** Recorded events of a read (link events whose target is gone carry none and are skipped). */
const recordedOf = (resolved: readonly (ResolvedEvent | AllStreamResolvedEvent)[]): KurrentRecordedEvent[] =>
  resolved.flatMap((r) => (r.event ? [r.event as KurrentRecordedEvent] : []));

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

  // --- the global log -----------------------------------------------------------------------------

  const readAll = async (readOptions: ReadAllOptions): Promise<ReadAllResult> => {
    const after = decodeKurrentPosition(readOptions.after);
    const unchanged = readOptions.after ?? null;
    if (readOptions.maxCount <= 0) return { events: [], position: unchanged };
    // A read of `$all` from a position includes the event at that position: ask for one more and
    // drop whatever is not strictly after `after`.
    const resolved = await collect(
      client.readAll({
        fromPosition: after ?? START,
        direction: FORWARDS,
        maxCount: readOptions.maxCount + (after ? 1 : 0),
        filter: toKurrentFilter(readOptions.filter),
      }),
    );
    const events = recordedOf(resolved)
      .filter((event) => !isSystemEvent(event))
      .filter((event) => event.position && (!after || compareKurrentPositions(event.position, after) > 0))
      .slice(0, readOptions.maxCount)
      .map(fromKurrentEvent);
    return { events, position: events.at(-1)?.logPosition ?? unchanged };
  };

  /** Subscriptions still running, to end them on close(). */
  const running = new Set<() => void>();

  async function* subscribeToAll(subscribeOptions: SubscribeOptions = {}): AsyncGenerator<RecordedEvent> {
    const signal = subscribeOptions.signal;
    if (signal?.aborted || closed) return;
    let last = decodeKurrentPosition(subscribeOptions.after);
    const subscription = client.subscribeToAll({
      fromPosition: last ?? START,
      filter: toKurrentFilter(subscribeOptions.filter),
    });
    let stop: () => void = () => undefined;
    const stopped = new Promise<'stopped'>((resolve) => {
      stop = () => resolve('stopped');
    });
    signal?.addEventListener('abort', stop, { once: true });
    running.add(stop);
    const iterator = subscription[Symbol.asyncIterator]();
    try {
      for (;;) {
        const next = iterator.next();
        next.catch(() => undefined); // may settle after we stopped waiting for it
        const step = await Promise.race([next, stopped]);
        if (step === 'stopped' || step.done) return;
        const event = step.value.event;
        if (!event?.position || isSystemEvent(event)) continue;
        // The subscription starts after `after`; skip anything not strictly after the last event
        // delivered, so a resubscription never delivers an event twice.
        if (last && compareKurrentPositions(event.position, last) <= 0) continue;
        last = event.position;
        yield fromKurrentEvent(event);
        if (signal?.aborted || closed) return;
      }
    } catch (error) {
      if (signal?.aborted || closed) return;
      throw error;
    } finally {
      signal?.removeEventListener('abort', stop);
      running.delete(stop);
      endSubscription(subscription);
    }
  }

  // --- wake-ups -----------------------------------------------------------------------------------

  const listeners = new Set<() => void>();
  let live: AllStreamSubscription | null = null;
  let reconnect: NodeJS.Timeout | null = null;
  let wakeQueued = false;

  function wake() {
    if (wakeQueued) return;
    wakeQueued = true;
    queueMicrotask(() => {
      wakeQueued = false;
      for (const listener of [...listeners]) listener();
    });
  }

  /** One live `$all` subscription (from the end, user streams only) while anyone listens. */
  const startLive = () => {
    if (live || closed || listeners.size === 0) return;
    const subscription = client.subscribeToAll({ fromPosition: END, filter: toKurrentFilter(undefined) });
    live = subscription;
    const restart = () => {
      if (live !== subscription) return;
      live = null;
      endSubscription(subscription);
      if (closed || listeners.size === 0 || reconnect) return;
      reconnect = setTimeout(() => {
        reconnect = null;
        startLive();
      }, reconnectDelayMs);
      reconnect.unref();
    };
    subscription.on('data', wake);
    subscription.on('error', restart);
    subscription.on('end', restart);
    subscription.on('close', restart);
  };

  const stopLive = () => {
    if (reconnect) clearTimeout(reconnect);
    reconnect = null;
    const subscription = live;
    live = null;
    if (subscription) endSubscription(subscription);
  };

  const onAppended = (listener: () => void): (() => void) => {
    listeners.add(listener);
    startLive();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) stopLive();
    };
  };

  const close = async () => {
    if (closed) return;
    closed = true;
    listeners.clear();
    stopLive();
    for (const stop of [...running]) stop();
    if (ownsClient) await client.dispose();
  };

  return {
    kind: 'kurrentdb',
    client,
    appendToStream,
    readStream,
    readAll,
    subscribeToAll,
    onAppended,
    close,
  };
};

/** Cancels a subscription's server call and ends its stream; errors on the way out are irrelevant. */
const endSubscription = (subscription: AllStreamSubscription) => {
  subscription.on('error', () => undefined);
  subscription.unsubscribe().catch(() => undefined);
  subscription.destroy();
};
