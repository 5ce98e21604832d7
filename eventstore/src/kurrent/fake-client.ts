/**
 * An in-memory stand-in for the part of `KurrentDBClient` the adapter uses, for unit tests only (no
 * KurrentDB server runs on our machines; docs/kurrentdb.md). It reproduces the server behaviour the
 * adapter relies on, as read in KurrentDB's source (`IndexWriter.CheckCommit`, the `$all` readers and
 * `RequestManagerBase`), not as observed on a server:
 * - an append with an exact revision or `no_stream` older than the stream's is idempotent when the
 *   event ids match the events stored from that revision on (answered with their last revision and
 *   position), and a wrong-expected-version error otherwise; with `any` / `stream_exists` the check uses
 *   a cache of committed ids of the same stream (here: unbounded);
 * - event ids are not unique across streams;
 * - every event's `$all` position is its own log position (commit = prepare); an append answers with
 *   the position of its last event;
 * - a read of `$all` from a position includes the event at that position; a subscription starts after it.
 * Passing tests against it shows the adapter is consistent with that reading — not that a server agrees.
 */
import { PassThrough } from 'node:stream';
import { END, StreamNotFoundError, WrongExpectedVersionError } from '@kurrent/kurrentdb-client';
import type {
  AppendResult,
  AppendStreamState,
  EventData,
  Filter,
  Position,
  ReadPosition,
  ReadRevision,
  RecordedEvent,
} from '@kurrent/kurrentdb-client';
import type { KurrentClient } from './store.ts';

interface StoredRecord {
  readonly streamId: string;
  readonly id: string;
  readonly revision: bigint;
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
  readonly created: Date;
  readonly position: Position;
}

interface LiveSubscriber {
  readonly filter: Filter | undefined;
  push(record: StoredRecord): void;
}

/** The fake server: share one between several {@link FakeKurrent.client} instances to play several processes. */
export class FakeKurrent {
  readonly log: StoredRecord[] = [];
  private readonly streams = new Map<string, StoredRecord[]>();
  private readonly committedIds = new Map<string, { stream: string; revision: bigint }>();
  private readonly subscribers = new Set<LiveSubscriber>();
  private nextLogPosition = 1_000n;
  private readonly streamsOfSubscriptions = new Set<PassThrough>();
  /** Subscriptions opened and not yet cancelled (to check the adapter cleans up). */
  openSubscriptions = 0;

  /**
   * @param subscriptionsIncludeStart - deliver the event at a subscription's start position too (a
   *   server that did would not make the adapter deliver it twice).
   */
  constructor(private readonly subscriptionsIncludeStart = false) {}

  /** Fails every open subscription as a lost connection would. */
  failSubscriptions(): void {
    for (const stream of this.streamsOfSubscriptions)
      stream.destroy(new Error('14 UNAVAILABLE: connection lost'));
  }
  /** Appends that reached the fake server (to check which appends the adapter answers itself). */
  appendCalls = 0;

  /** Writes events directly (e.g. system events), bypassing expected-version checks. */
  write(
    streamId: string,
    events: readonly { id: string; type: string; data?: unknown; metadata?: unknown }[],
  ): void {
    const stream = this.streams.get(streamId) ?? [];
    this.streams.set(streamId, stream);
    for (const event of events) {
      const position = { commit: this.nextLogPosition, prepare: this.nextLogPosition };
      this.nextLogPosition += 150n;
      const record: StoredRecord = {
        streamId,
        id: event.id,
        revision: BigInt(stream.length),
        type: event.type,
        data: JSON.stringify(event.data ?? null),
        metadata: event.metadata === undefined ? '' : JSON.stringify(event.metadata),
        created: new Date(),
        position,
      };
      stream.push(record);
      this.log.push(record);
      this.committedIds.set(event.id, { stream: streamId, revision: record.revision });
      for (const subscriber of this.subscribers)
        if (matches(subscriber.filter, record)) subscriber.push(record);
    }
  }

  /** A client talking to this fake server. */
  client(): KurrentClient {
    const append = async (
      streamName: string,
      events: EventData | EventData[],
      options: { streamState?: AppendStreamState } = {},
    ) => this.append(streamName, Array.isArray(events) ? events : [events], options.streamState ?? 'any');
    const fake = {
      appendToStream: append,
      readStream: (
        streamName: string,
        options: { fromRevision?: ReadRevision; direction?: string; maxCount?: number | bigint } = {},
      ) => this.readStream(streamName, options),
      readAll: (options: { fromPosition?: ReadPosition; maxCount?: number | bigint; filter?: Filter } = {}) =>
        this.readAll(options),
      subscribeToAll: (options: { fromPosition?: ReadPosition; filter?: Filter } = {}) =>
        this.subscribeToAll(options),
      dispose: async () => undefined,
    };
    return fake as unknown as KurrentClient;
  }

  private async append(
    streamName: string,
    events: EventData[],
    state: AppendStreamState,
  ): Promise<AppendResult> {
    this.appendCalls++;
    const stream = this.streams.get(streamName) ?? [];
    const current = BigInt(stream.length) - 1n;
    const conflict = () =>
      new WrongExpectedVersionError(undefined, {
        streamName,
        expected: state,
        current: current < 0n ? 'no_stream' : current,
      });
    const idempotent = (last: bigint): AppendResult => ({
      success: true,
      nextExpectedRevision: last,
      position: stream[Number(last)]!.position,
    });
    if (state === 'stream_exists' && current < 0n) throw conflict();
    if (state === 'any' || state === 'stream_exists') {
      const hits = events.map((event) => this.committedIds.get(event.id));
      if (hits[0]?.stream === streamName) {
        if (hits.some((hit) => hit?.stream !== streamName)) throw conflict(); // "corrupted idempotency"
        return idempotent(hits.at(-1)!.revision);
      }
    } else {
      const expected = state === 'no_stream' ? -1n : state;
      if (expected < current) {
        for (const [index, event] of events.entries()) {
          if (stream[Number(expected) + 1 + index]?.id !== event.id) throw conflict();
        }
        return idempotent(expected + BigInt(events.length));
      }
      if (expected > current) throw conflict();
    }
    this.write(
      streamName,
      events.map((event) => ({
        id: event.id,
        type: event.type,
        data: event.data,
        ...(event.metadata === undefined ? {} : { metadata: event.metadata }),
      })),
    );
    const written = this.streams.get(streamName)!;
    return {
      success: true,
      nextExpectedRevision: BigInt(written.length - 1),
      position: written.at(-1)!.position,
    };
  }

  private async *readStream(
    streamName: string,
    options: { fromRevision?: ReadRevision; direction?: string; maxCount?: number | bigint },
  ): AsyncGenerator<{ event: RecordedEvent }> {
    const stream = this.streams.get(streamName);
    if (!stream) throw new StreamNotFoundError(undefined, streamName);
    const backwards = options.direction === 'backwards';
    const maxCount = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    const from = options.fromRevision ?? (backwards ? END : 'start');
    const start = from === 'start' ? 0 : from === END ? stream.length - 1 : Number(from);
    const selected = backwards ? stream.slice(0, start + 1).reverse() : stream.slice(start);
    for (const record of selected.slice(0, maxCount)) yield { event: toRecorded(record) };
  }

  private async *readAll(options: {
    fromPosition?: ReadPosition;
    maxCount?: number | bigint;
    filter?: Filter;
  }) {
    const from = options.fromPosition;
    const maxCount = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    if (from === END) return;
    const selected = this.log.filter(
      (record) => from === undefined || from === 'start' || !before(record.position, from),
    );
    const matching = selected.filter((record) => matches(options.filter, record)).slice(0, maxCount);
    for (const record of matching) yield { event: toRecorded(record) };
  }

  private subscribeToAll(options: { fromPosition?: ReadPosition; filter?: Filter }) {
    const stream = new PassThrough({ objectMode: true });
    const from = options.fromPosition ?? 'start';
    const subscriber: LiveSubscriber = {
      filter: options.filter,
      push: (record) => {
        if (!stream.destroyed) stream.write({ event: toRecorded(record) });
      },
    };
    if (from !== END) {
      for (const record of this.log) {
        const after = from === 'start' || before(from, record.position);
        const at = from !== 'start' && !before(from, record.position) && !before(record.position, from);
        if ((after || (at && this.subscriptionsIncludeStart)) && matches(options.filter, record))
          subscriber.push(record);
      }
    }
    this.subscribers.add(subscriber);
    this.streamsOfSubscriptions.add(stream);
    this.openSubscriptions++;
    let open = true;
    const cancel = () => {
      if (!open) return;
      open = false;
      this.openSubscriptions--;
      this.subscribers.delete(subscriber);
      this.streamsOfSubscriptions.delete(stream);
    };
    stream.on('close', cancel);
    return Object.assign(stream, {
      unsubscribe: async () => {
        cancel();
        stream.end();
      },
    });
  }
}

const before = (a: Position, b: Position) =>
  a.commit < b.commit || (a.commit === b.commit && a.prepare < b.prepare);

const matches = (filter: Filter | undefined, record: StoredRecord): boolean => {
  if (!filter) return true;
  const subject = filter.filterOn === 'streamName' ? record.streamId : record.type;
  if ('prefixes' in filter) return filter.prefixes.some((prefix) => subject.startsWith(prefix));
  return new RegExp(filter.regex).test(subject);
};

const toRecorded = (record: StoredRecord): RecordedEvent =>
  ({
    streamId: record.streamId,
    id: record.id,
    revision: record.revision,
    type: record.type,
    isJson: true,
    created: record.created,
    data: JSON.parse(record.data) as unknown,
    metadata: record.metadata ? (JSON.parse(record.metadata) as unknown) : undefined,
    position: record.position,
  }) as RecordedEvent;
