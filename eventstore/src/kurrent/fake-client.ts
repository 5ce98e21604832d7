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
 * - `multiStreamAppend` (KurrentDB 25.1's `AppendSession`, as read in `StreamsService.AppendSession`
 *   and the multi-stream `WriteEvents` of the storage writer, and in the core's `MultiStreamWritesTests`):
 *   the client refuses metadata that is not an object of strings; the server refuses a stream twice
 *   and a stream with no records (25.1), checks every stream as a single append would, and then
 *   - writes nothing and answers a revision conflict on the first failing stream when any stream fails;
 *   - answers the original revisions without writing when every stream's events are already stored;
 *   - fails with a revision conflict on the already-stored stream when only some are (a "partial retry");
 *   - otherwise writes every event in request order, in one transaction, and answers each stream's last
 *     revision and the commit position (the position of the transaction's first event);
 *   - with `new FakeKurrent(false, { multiStreamAppend: false })` it answers as a server older than 25.1:
 *     gRPC UNIMPLEMENTED, passed on by the client as an `UnknownError` with code 12.
 * Passing tests against it shows the adapter is consistent with that reading — not that a server agrees.
 */
import { PassThrough } from 'node:stream';
import { END, StreamNotFoundError, UnknownError, WrongExpectedVersionError } from '@kurrent/kurrentdb-client';
import type {
  AppendResult,
  AppendStreamRequest,
  AppendStreamState,
  MultiAppendResult,
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

/** What the fake server offers; by default a KurrentDB 25.1 or later. */
export interface FakeKurrentFeatures {
  /** False: a server older than 25.1, which answers `multiStreamAppend` with gRPC UNIMPLEMENTED. */
  readonly multiStreamAppend?: boolean;
}

type CommitCheck =
  | { readonly kind: 'write' }
  | { readonly kind: 'stored'; readonly last: bigint }
  | { readonly kind: 'conflict'; readonly error: WrongExpectedVersionError };

const GRPC_UNIMPLEMENTED = 12;

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
  constructor(
    private readonly subscriptionsIncludeStart = false,
    private readonly features: FakeKurrentFeatures = {},
  ) {}

  /** Fails every open subscription as a lost connection would. */
  failSubscriptions(): void {
    for (const stream of this.streamsOfSubscriptions)
      stream.destroy(new Error('14 UNAVAILABLE: connection lost'));
  }
  /** Appends that reached the fake server (to check which appends the adapter answers itself). */
  appendCalls = 0;
  /** Multi-stream appends that reached the fake server. */
  multiAppendCalls = 0;
  /** Called at the start of every multi-stream append, before its checks (tests interleave writes here). */
  beforeMultiAppend: (() => void) | null = null;

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
      multiStreamAppend: (requests: AppendStreamRequest[]) => this.multiStreamAppend(requests),
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

  /**
   * The server's commit check of one stream's part of a write (`IndexWriter.CheckCommit` as read):
   * write it, answer it as already stored (with its last revision), or refuse it.
   */
  private check(streamName: string, events: readonly EventData[], state: AppendStreamState): CommitCheck {
    const stream = this.streams.get(streamName) ?? [];
    const current = BigInt(stream.length) - 1n;
    const conflict = (): CommitCheck => ({
      kind: 'conflict',
      error: new WrongExpectedVersionError(undefined, {
        streamName,
        expected: state,
        current: current < 0n ? 'no_stream' : current,
      }),
    });
    if (state === 'stream_exists' && current < 0n) return conflict();
    if (state === 'any' || state === 'stream_exists') {
      const hits = events.map((event) => this.committedIds.get(event.id));
      if (hits[0]?.stream === streamName) {
        if (hits.some((hit) => hit?.stream !== streamName)) return conflict(); // "corrupted idempotency"
        return { kind: 'stored', last: hits.at(-1)!.revision };
      }
      return { kind: 'write' };
    }
    const expected = state === 'no_stream' ? -1n : state;
    if (expected < current) {
      for (const [index, event] of events.entries()) {
        if (stream[Number(expected) + 1 + index]?.id !== event.id) return conflict();
      }
      return { kind: 'stored', last: expected + BigInt(events.length) };
    }
    if (expected > current) return conflict();
    return { kind: 'write' };
  }

  private store(streamName: string, events: readonly EventData[]): StoredRecord[] {
    this.write(
      streamName,
      events.map((event) => ({
        id: event.id,
        type: event.type,
        data: event.data,
        ...(event.metadata === undefined ? {} : { metadata: event.metadata }),
      })),
    );
    return this.streams.get(streamName)!;
  }

  private async append(
    streamName: string,
    events: EventData[],
    state: AppendStreamState,
  ): Promise<AppendResult> {
    this.appendCalls++;
    const check = this.check(streamName, events, state);
    if (check.kind === 'conflict') throw check.error;
    if (check.kind === 'stored') {
      const stream = this.streams.get(streamName)!;
      return {
        success: true,
        nextExpectedRevision: check.last,
        position: stream[Number(check.last)]!.position,
      };
    }
    const written = this.store(streamName, events);
    return {
      success: true,
      nextExpectedRevision: BigInt(written.length - 1),
      position: written.at(-1)!.position,
    };
  }

  private async multiStreamAppend(requests: AppendStreamRequest[]): Promise<MultiAppendResult> {
    // The client's own check, before anything is sent.
    for (const request of requests)
      for (const event of request.events) {
        const { metadata } = event;
        if (metadata == null) continue;
        if (
          typeof metadata !== 'object' ||
          Array.isArray(metadata) ||
          metadata instanceof Uint8Array ||
          Object.values(metadata).some((value) => typeof value !== 'string')
        )
          throw new Error(
            'multiStreamAppend requires metadata to be a plain object with string keys and string values.',
          );
      }
    this.multiAppendCalls++;
    if (this.features.multiStreamAppend === false)
      throw Object.assign(
        new UnknownError(
          undefined,
          '12 UNIMPLEMENTED: The server does not implement the method /kurrentdb.protocol.v2.streams.StreamsService/AppendSession',
        ),
        { code: GRPC_UNIMPLEMENTED },
      );
    this.beforeMultiAppend?.();
    const seen = new Set<string>();
    for (const request of requests) {
      if (seen.has(request.streamName.toLowerCase()))
        throw new Error(`3 INVALID_ARGUMENT: stream ${request.streamName} is already in the append session`);
      seen.add(request.streamName.toLowerCase());
      if (request.events.length === 0)
        throw new Error(
          `3 INVALID_ARGUMENT: Write to stream '${request.streamName}' does not have any records`,
        );
    }
    if (requests.length === 0) throw new Error('3 INVALID_ARGUMENT: no append requests');
    const checks = requests.map((request) =>
      this.check(request.streamName, request.events, request.expectedState),
    );
    const failed = checks.find((check) => check.kind === 'conflict');
    if (failed?.kind === 'conflict') throw failed.error;
    if (checks.every((check) => check.kind === 'stored')) {
      const revisions = checks.map((check) => (check.kind === 'stored' ? check.last : -1n));
      const first = this.streams.get(requests[0]!.streamName)![Number(revisions[0])]!;
      return {
        position: first.position.commit,
        responses: requests.map((request, i) => ({
          streamName: request.streamName,
          revision: revisions[i]!,
        })),
      };
    }
    const partial = checks.findIndex((check) => check.kind === 'stored');
    if (partial !== -1) {
      const streamName = requests[partial]!.streamName;
      const current = BigInt(this.streams.get(streamName)!.length) - 1n;
      throw new WrongExpectedVersionError(undefined, {
        streamName,
        expected: requests[partial]!.expectedState,
        current,
      });
    }
    const commit = this.nextLogPosition;
    const responses = requests.map((request) => {
      const written = this.store(request.streamName, request.events);
      return { streamName: request.streamName, revision: BigInt(written.length - 1) };
    });
    return { position: commit, responses };
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
