/**
 * The global log of the KurrentDB adapter (store.ts): `readAll` and `subscribeToAll` over `$all` with a
 * server-side stream-name filter (positions are `<commit>:<prepare>` strings), and the wake-ups behind
 * `onAppended` — one live `$all` subscription from the end while anyone listens, re-opened after
 * `reconnectDelayMs` when it fails. Wake-ups carry no stream names (decision 0095): every listener wakes.
 */
import { END, FORWARDS, START } from '@kurrent/kurrentdb-client';
import type {
  AllStreamResolvedEvent,
  AllStreamSubscription,
  KurrentDBClient,
  RecordedEvent as KurrentRecordedEvent,
  ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import type {
  AppendedListener,
  EventStore,
  ReadAllOptions,
  ReadAllResult,
  RecordedEvent,
  SubscribeOptions,
} from '../types.ts';
import {
  compareKurrentPositions,
  decodeKurrentPosition,
  fromKurrentEvent,
  isSystemEvent,
  toKurrentFilter,
} from './mapping.ts';

/** Drains an async iterable into an array. */
export const collect = async <T>(iterable: AsyncIterable<T>): Promise<T[]> => {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
};

/** Recorded events of a read (link events whose target is gone carry none and are skipped). */
export const recordedOf = (
  resolved: readonly (ResolvedEvent | AllStreamResolvedEvent)[],
): KurrentRecordedEvent[] => resolved.flatMap((r) => (r.event ? [r.event as KurrentRecordedEvent] : []));

/** What the log needs of the client. */
type LogClient = Pick<KurrentDBClient, 'readAll' | 'subscribeToAll'>;

/** The adapter's log: the port's `readAll`, `subscribeToAll` and `onAppended`, `wake` for appends, `close`. */
export interface KurrentLog extends Pick<EventStore, 'readAll' | 'subscribeToAll' | 'onAppended'> {
  /** Wakes every listener once (coalesced within a microtask). */
  wake(): void;
  /** Stops the live subscription and every running subscription; later calls deliver nothing. */
  close(): void;
}

/** Opens the log of `client`; see the module comment. */
export const createKurrentLog = (client: LogClient, reconnectDelayMs: number): KurrentLog => {
  let closed = false;

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

  // Wake-ups carry no stream names here (one per burst of the live subscription): every listener wakes.
  const listeners = new Set<AppendedListener>();
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

  const onAppended = (listener: AppendedListener): (() => void) => {
    listeners.add(listener);
    startLive();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) stopLive();
    };
  };

  const close = () => {
    closed = true;
    listeners.clear();
    stopLive();
    for (const stop of [...running]) stop();
  };

  return { readAll, subscribeToAll, onAppended, wake, close };
};

/** Cancels a subscription's server call and ends its stream; errors on the way out are irrelevant. */
const endSubscription = (subscription: AllStreamSubscription) => {
  subscription.on('error', () => undefined);
  subscription.unsubscribe().catch(() => undefined);
  subscription.destroy();
};
