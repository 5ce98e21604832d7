import { randomUUID } from 'node:crypto';
import { StreamNotFoundError, WrongExpectedVersionError } from '@kurrent/kurrentdb-client';
import type { RecordedEvent as KurrentRecordedEvent } from '@kurrent/kurrentdb-client';
import { afterEach, describe, expect, it } from 'vitest';
import { aggregateStream, handleCommand } from '../aggregate.ts';
import { appendToStreamsContract } from '../contract/append-to-streams.contract.ts';
import { EventStoreError, isWrongExpectedVersion } from '../errors.ts';
import type { EventData, EventStore, RecordedEvent } from '../types.ts';
import { FakeKurrent } from './fake-client.ts';
import {
  checkStoredIds,
  compareKurrentPositions,
  decodeKurrentPosition,
  encodeKurrentPosition,
  fromKurrentEvent,
  fullMetadata,
  isKurrentUnimplemented,
  isSystemEvent,
  mapKurrentAppendError,
  METADATA_PROPERTY,
  storedMetadata,
  toKurrentFilter,
  toKurrentStreamState,
  toRecordProperties,
  versionOfStreamState,
} from './mapping.ts';
import type { KnownEvent } from './mapping.ts';
import { createKurrentEventStore } from './store.ts';

const pos = (commit: bigint, prepare = commit) => ({ commit, prepare });

describe('KurrentDB mapping: positions', () => {
  it('encodes <commit>:<prepare> and decodes it back, exactly, beyond 2^53', () => {
    const position = pos(18_446_744_073_709_551_000n, 18_446_744_073_709_550_999n);
    const encoded = encodeKurrentPosition(position);
    expect(encoded).toBe('18446744073709551000:18446744073709550999');
    expect(decodeKurrentPosition(encoded)).toEqual(position);
  });

  it('decodes null and absent as the start of the log, and refuses anything else', () => {
    expect(decodeKurrentPosition(null)).toBeNull();
    expect(decodeKurrentPosition(undefined)).toBeNull();
    for (const bad of ['12', '1:2:3', 'a:b', '-1:2', ' 1:2']) {
      expect(() => decodeKurrentPosition(bad)).toThrow(EventStoreError);
    }
  });

  it('orders positions by commit, then prepare', () => {
    expect(compareKurrentPositions(pos(5n, 9n), pos(6n, 1n))).toBeLessThan(0);
    expect(compareKurrentPositions(pos(6n, 2n), pos(6n, 1n))).toBeGreaterThan(0);
    expect(compareKurrentPositions(pos(6n, 1n), pos(6n, 1n))).toBe(0);
  });
});

describe('KurrentDB mapping: expected versions', () => {
  it('maps our version n to revision n − 1, 0 and no_stream to NO_STREAM, and the named states to theirs', () => {
    expect(toKurrentStreamState(0)).toBe('no_stream');
    expect(toKurrentStreamState(1)).toBe(0n);
    expect(toKurrentStreamState(25)).toBe(24n);
    expect(toKurrentStreamState('no_stream')).toBe('no_stream');
    expect(toKurrentStreamState('stream_exists')).toBe('stream_exists');
    expect(toKurrentStreamState('any')).toBe('any');
  });

  it('refuses versions that are not whole numbers >= 0', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => toKurrentStreamState(bad)).toThrow(expect.objectContaining({ code: 'INVALID_APPEND' }));
    }
  });

  it('reads the current state back as our version: no stream = 0, revision r = r + 1, deleted = 0', () => {
    expect(versionOfStreamState('no_stream')).toBe(0);
    expect(versionOfStreamState(0n)).toBe(1);
    expect(versionOfStreamState(41n)).toBe(42);
    expect(versionOfStreamState(-5n)).toBe(0);
    expect(versionOfStreamState(undefined)).toBe(0);
  });
});

describe('KurrentDB mapping: errors', () => {
  it("turns the client's WrongExpectedVersionError into ours, with the actual version as our version", () => {
    const existing = new WrongExpectedVersionError(undefined, {
      streamName: 'wallet-1',
      expected: 4n,
      current: 2n,
    });
    const mapped = mapKurrentAppendError('wallet-1', 5, existing);
    expect(isWrongExpectedVersion(mapped)).toBe(true);
    expect((mapped as EventStoreError).details).toEqual({ stream: 'wallet-1', expected: 5, actual: 3 });

    const absent = new WrongExpectedVersionError(undefined, {
      streamName: 'wallet-2',
      expected: 'stream_exists',
      current: 'no_stream',
    });
    expect(
      (mapKurrentAppendError('wallet-2', 'stream_exists', absent) as EventStoreError).details,
    ).toMatchObject({ actual: 0 });
  });

  it('passes every other error through unchanged', () => {
    const other = new StreamNotFoundError(undefined, 'x');
    expect(mapKurrentAppendError('x', 'any', other)).toBe(other);
    const plain = new Error('UNAVAILABLE');
    expect(mapKurrentAppendError('x', 'any', plain)).toBe(plain);
  });
});

describe('KurrentDB mapping: events, metadata and filters', () => {
  it('fills metadata defaults exactly as the SQL store: new correlation id, no causation, system actor', () => {
    const event: EventData = { type: 'A', data: {} };
    const metadata = fullMetadata(event, undefined);
    expect(metadata.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(metadata).toMatchObject({ causationId: null, actor: 'system' });
    expect(
      fullMetadata({ ...event, metadata: { actor: 'player:1' } }, { actor: 'staff:2', correlationId: 'c' }),
    ).toEqual({
      correlationId: 'c',
      causationId: null,
      actor: 'player:1',
    });
  });

  it('converts a recorded event: stream position = revision + 1, encoded position, ISO time', () => {
    const created = new Date('2026-01-02T03:04:05.678Z');
    const raw = {
      streamId: 'bet-9',
      id: '0b9d6f0e-8f5a-4c1e-9d7f-3e2a1b0c9d8e',
      revision: 4n,
      type: 'BetPlaced',
      isJson: true,
      created,
      data: { stake: 1_000 },
      metadata: { correlationId: 'c', causationId: 'k', actor: 'player:1', extra: 1 },
      position: pos(700n, 650n),
    } as unknown as KurrentRecordedEvent;
    expect(fromKurrentEvent(raw)).toEqual<RecordedEvent>({
      eventId: raw.id,
      type: 'BetPlaced',
      data: { stake: 1_000 },
      metadata: { correlationId: 'c', causationId: 'k', actor: 'player:1', extra: 1 },
      streamName: 'bet-9',
      streamPosition: 5,
      logPosition: '700:650',
      recordedAt: '2026-01-02T03:04:05.678Z',
    });
    const foreign = { ...raw, metadata: undefined } as unknown as KurrentRecordedEvent;
    expect(fromKurrentEvent(foreign).metadata).toEqual({
      correlationId: raw.id,
      causationId: null,
      actor: 'system',
    });
    const old = { ...raw, position: undefined } as unknown as KurrentRecordedEvent;
    expect(() => fromKurrentEvent(old)).toThrow(/22\.6/);
  });

  it('filters on stream-name prefixes, or on every non-system stream', () => {
    expect(toKurrentFilter({ streamPrefixes: ['wallet-', 'bet-'] })).toMatchObject({
      filterOn: 'streamName',
      prefixes: ['wallet-', 'bet-'],
    });
    const all = toKurrentFilter(undefined);
    expect(all).toMatchObject({ filterOn: 'streamName' });
    const regex = new RegExp((all as { regex: string }).regex);
    expect(regex.test('wallet-1')).toBe(true);
    expect(regex.test('$stats-127.0.0.1:2113')).toBe(false);
    expect(regex.test('$$wallet-1')).toBe(false);
    expect(isSystemEvent({ streamId: 'wallet-1', type: '$metadata' })).toBe(true);
    expect(isSystemEvent({ streamId: 'wallet-1', type: 'Credited' })).toBe(false);
  });
});

describe('KurrentDB mapping: stored-id check', () => {
  const known = (revisions: readonly [string, number][]): KnownEvent[] =>
    revisions.map(([eventId, revision]) => ({
      eventId,
      revision: BigInt(revision),
      position: pos(BigInt(revision * 100)),
    }));

  it('new when no id is there; stored when all are, in order, consecutively', () => {
    const stream = known([
      ['c', 12],
      ['b', 11],
      ['a', 10],
    ]);
    expect(checkStoredIds(['x', 'y'], stream)).toEqual({ kind: 'new' });
    expect(checkStoredIds(['a', 'b'], stream)).toEqual({ kind: 'stored', last: stream[1] });
    expect(checkStoredIds([], [])).toEqual({ kind: 'new' });
  });

  it('conflict when only some are there, or out of order', () => {
    const stream = known([
      ['b', 11],
      ['a', 10],
    ]);
    expect(checkStoredIds(['a', 'x'], stream)).toEqual({ kind: 'conflict' });
    expect(checkStoredIds(['b', 'a'], stream)).toEqual({ kind: 'conflict' });
  });

  it('asks for the events before the window when the rest of the ids would sit there', () => {
    const window = known([
      ['c', 12],
      ['b', 11],
    ]);
    expect(checkStoredIds(['a', 'b', 'c'], window)).toEqual({ kind: 'extend', fromRevision: 10n, count: 1 });
    expect(checkStoredIds(['a', 'b', 'c'], window, false)).toEqual({ kind: 'conflict' });
  });
});

describe('KurrentDB adapter over an in-memory stand-in of the client (server behaviour as read in its source)', () => {
  let server: FakeKurrent;
  const stores: EventStore[] = [];
  const open = (idempotencyWindow?: number) => {
    const store = createKurrentEventStore({
      client: server.client(),
      reconnectDelayMs: 10,
      ...(idempotencyWindow ? { idempotencyWindow } : {}),
    });
    stores.push(store);
    return store;
  };
  const ev = (type: string, data: unknown = {}, eventId?: string): EventData => ({
    type,
    data,
    ...(eventId ? { eventId } : {}),
  });
  const conflictOf = async (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error as EventStoreError,
    );

  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
  });

  const fresh = () => {
    server = new FakeKurrent();
    return open();
  };

  it('needs a connection string or a client', () => {
    expect(() => createKurrentEventStore({})).toThrow(/connectionString/);
  });

  it('appends and reads back with our versions, positions and metadata', async () => {
    const store = fresh();
    expect(store.kind).toBe('kurrentdb');
    const result = await store.appendToStream(
      'wallet-1',
      [ev('Opened', { n: 1 }), ev('Credited', { n: 2 })],
      {
        expectedVersion: 0,
        metadata: { actor: 'staff:7' },
      },
    );
    expect(result).toMatchObject({ nextExpectedVersion: 2, alreadyStored: false });
    const read = await store.readStream('wallet-1');
    expect(read).toMatchObject({ currentVersion: 2, streamExists: true });
    expect(read.events.map((e) => [e.type, e.data, e.streamPosition])).toEqual([
      ['Opened', { n: 1 }, 1],
      ['Credited', { n: 2 }, 2],
    ]);
    expect(read.events[1]!.logPosition).toBe(result.lastLogPosition);
    expect(read.events[0]!.metadata).toMatchObject({ actor: 'staff:7', causationId: null });
    expect(await store.readStream('wallet-none')).toEqual({
      events: [],
      currentVersion: 0,
      streamExists: false,
    });
    await expect(store.appendToStream('wallet-1', [])).rejects.toMatchObject({ code: 'INVALID_APPEND' });
  });

  it('pages forwards and backwards and always reports the current version', async () => {
    const store = fresh();
    await store.appendToStream(
      's',
      Array.from({ length: 25 }, (_, i) => ev('N', { i })),
    );
    const page = await store.readStream<string, { i: number }>('s', { from: 11, maxCount: 10 });
    expect(page.events.map((e) => e.data.i)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(page.currentVersion).toBe(25);
    const last = await store.readStream('s', { direction: 'backwards', maxCount: 3 });
    expect(last.events.map((e) => e.streamPosition)).toEqual([25, 24, 23]);
    expect(last.currentVersion).toBe(25);
    const before = await store.readStream('s', { direction: 'backwards', from: 5, maxCount: 10 });
    expect(before.events.map((e) => e.streamPosition)).toEqual([5, 4, 3, 2, 1]);
    const beyond = await store.readStream('s', { from: 26 });
    expect(beyond).toMatchObject({ events: [], currentVersion: 25, streamExists: true });
    const none = await store.readStream('s', { maxCount: 0 });
    expect(none).toMatchObject({ events: [], currentVersion: 25 });
    expect(
      await aggregateStream(store, 's', { initialState: () => 0, evolve: (n: number) => n + 1 }),
    ).toEqual({
      state: 25,
      version: 25,
    });
  });

  it('maps conflicts to WRONG_EXPECTED_VERSION with our actual version, for every kind of expected version', async () => {
    const store = fresh();
    await store.appendToStream('s', [ev('A')], { expectedVersion: 'no_stream' });
    expect(
      (await conflictOf(store.appendToStream('s', [ev('B')], { expectedVersion: 'no_stream' })))?.details,
    ).toMatchObject({
      actual: 1,
    });
    expect(
      (await conflictOf(store.appendToStream('s', [ev('B')], { expectedVersion: 0 })))?.details,
    ).toMatchObject({ actual: 1 });
    expect((await conflictOf(store.appendToStream('s', [ev('B')], { expectedVersion: 3 })))?.code).toBe(
      'WRONG_EXPECTED_VERSION',
    );
    expect(
      (await conflictOf(store.appendToStream('t', [ev('A')], { expectedVersion: 4 })))?.details,
    ).toMatchObject({ actual: 0 });
    expect(
      (await conflictOf(store.appendToStream('t', [ev('A')], { expectedVersion: 'stream_exists' })))?.details,
    ).toMatchObject({
      actual: 0,
    });
    expect((await store.appendToStream('s', [ev('B')], { expectedVersion: 1 })).nextExpectedVersion).toBe(2);
    expect(
      (await store.appendToStream('s', [ev('C')], { expectedVersion: 'stream_exists' })).nextExpectedVersion,
    ).toBe(3);
  });

  it('answers a repeated append from the recent events, whatever its expected version, without writing', async () => {
    const store = fresh();
    const ids = [randomUUID(), randomUUID()];
    const first = await store.appendToStream('s', [ev('A', {}, ids[0]), ev('B', {}, ids[1])], {
      expectedVersion: 'no_stream',
    });
    await store.appendToStream('s', [ev('C')]);
    const calls = server.appendCalls;
    const again = await store.appendToStream('s', [ev('A', {}, ids[0]), ev('B', {}, ids[1])], {
      expectedVersion: 'no_stream',
    });
    expect(again).toEqual({ ...first, alreadyStored: true });
    expect(server.appendCalls).toBe(calls);

    // handleCommand's retry reloads the stream, so it expects the *new* version: KurrentDB alone would
    // write the events a second time; the recent-events check makes it a no-op as in the SQL stores.
    const wallet = {
      initialState: () => 100,
      evolve: (balance: number, e: { type: string; data: unknown }) =>
        balance - (e.data as { amount: number }).amount,
      decide: (cmd: { amount: number }) =>
        ({ ok: true, events: [{ type: 'Debited', data: { amount: cmd.amount } }] }) as const,
    };
    const once = await handleCommand(store, 'w', wallet, { amount: 30 }, { idempotencyKey: 'req-1' });
    const twice = await handleCommand(store, 'w', wallet, { amount: 30 }, { idempotencyKey: 'req-1' });
    expect(once.ok && twice.ok && twice.append?.alreadyStored).toBe(true);
    expect((await aggregateStream(store, 'w', wallet)).state).toBe(70);
  });

  it("relies on KurrentDB's own check beyond the window: a retry with the original expected version is recognised", async () => {
    fresh();
    const store = open(2);
    const ids = [randomUUID(), randomUUID()];
    const first = await store.appendToStream('s', [ev('A', {}, ids[0]), ev('B', {}, ids[1])], {
      expectedVersion: 0,
    });
    for (let i = 0; i < 5; i++) await store.appendToStream('s', [ev('C')]);
    const calls = server.appendCalls;
    const again = await store.appendToStream('s', [ev('A', {}, ids[0]), ev('B', {}, ids[1])], {
      expectedVersion: 0,
    });
    expect(server.appendCalls).toBe(calls + 1);
    expect(again).toEqual({ ...first, alreadyStored: true });
    expect((await store.readStream('s')).currentVersion).toBe(7);
  });

  it('reads the events just before the window when a repeated append straddles it', async () => {
    fresh();
    const store = open(2);
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const first = await store.appendToStream(
      's',
      ids.map((id) => ev('A', {}, id)),
    );
    const again = await store.appendToStream(
      's',
      ids.map((id) => ev('A', {}, id)),
      { expectedVersion: 3 },
    );
    expect(again).toEqual({ ...first, alreadyStored: true });
  });

  it('refuses an append that reuses only some stored ids, or one id twice, as EVENT_ID_CONFLICT', async () => {
    const store = fresh();
    const id = randomUUID();
    await store.appendToStream('s', [ev('A', {}, id)]);
    expect((await conflictOf(store.appendToStream('s', [ev('A', {}, id), ev('B')])))?.code).toBe(
      'EVENT_ID_CONFLICT',
    );
    const twice = randomUUID();
    expect(
      (await conflictOf(store.appendToStream('t', [ev('A', {}, twice), ev('B', {}, twice)])))?.code,
    ).toBe('EVENT_ID_CONFLICT');
    expect((await store.readStream('s')).events).toHaveLength(1);
    expect((await store.readStream('t')).streamExists).toBe(false);
  });

  it('reads $all strictly after a position (the server includes it), by prefix, without system events', async () => {
    const store = fresh();
    server.write('$$wallet-1', [{ id: randomUUID(), type: '$metadata', data: {} }]);
    await store.appendToStream('wallet-1', [ev('W', { i: 0 }), ev('W', { i: 1 })]);
    await store.appendToStream('bet-1', [ev('B', { i: 2 })]);
    await store.appendToStream('wallet-2', [ev('W', { i: 3 })]);
    const everything = await store.readAll({ maxCount: 10 });
    expect(everything.events.map((e) => e.streamName)).toEqual(['wallet-1', 'wallet-1', 'bet-1', 'wallet-2']);
    const first = await store.readAll({ maxCount: 1, filter: { streamPrefixes: ['wallet-'] } });
    expect(first.events.map((e) => e.data)).toEqual([{ i: 0 }]);
    const next = await store.readAll({
      after: first.position,
      maxCount: 10,
      filter: { streamPrefixes: ['wallet-'] },
    });
    expect(next.events.map((e) => e.data)).toEqual([{ i: 1 }, { i: 3 }]);
    const none = await store.readAll({
      after: next.position,
      maxCount: 10,
      filter: { streamPrefixes: ['wallet-'] },
    });
    expect(none).toEqual({ events: [], position: next.position });
    expect(await store.readAll({ after: null, maxCount: 0 })).toEqual({ events: [], position: null });
  });

  it('subscribes: catches up after a position, then delivers live appends once each, in order, until aborted', async () => {
    const store = fresh();
    await store.appendToStream('other-1', [ev('X')]);
    const start = (await store.readAll({ maxCount: 10 })).position;
    await store.appendToStream('p-1', [ev('Old', { n: 1 }), ev('Old', { n: 2 })]);
    const controller = new AbortController();
    const seen: number[] = [];
    const done = (async () => {
      for await (const recorded of store.subscribeToAll({
        after: start,
        filter: { streamPrefixes: ['p-'] },
        signal: controller.signal,
      })) {
        seen.push((recorded.data as { n: number }).n);
      }
    })();
    await expect.poll(() => seen.length).toBe(2);
    await store.appendToStream('p-2', [ev('New', { n: 3 })]);
    await store.appendToStream('other-2', [ev('X')]);
    await store.appendToStream('p-1', [ev('New', { n: 4 })]);
    await expect.poll(() => seen.length).toBe(4);
    controller.abort();
    await done;
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(server.openSubscriptions).toBe(0);
  });

  it('never delivers the event at the start position, even from a server that included it', async () => {
    server = new FakeKurrent(true);
    const store = open();
    await store.appendToStream('p-1', [ev('E', { n: 1 }), ev('E', { n: 2 })]);
    const start = (await store.readAll({ maxCount: 1 })).position;
    const controller = new AbortController();
    const seen: number[] = [];
    for await (const recorded of store.subscribeToAll({ after: start, signal: controller.signal })) {
      seen.push((recorded.data as { n: number }).n);
      controller.abort();
    }
    expect(seen).toEqual([2]);
  });

  it('passes a failed subscription on to the caller', async () => {
    const store = fresh();
    const iterator = store.subscribeToAll()[Symbol.asyncIterator]();
    const pending = iterator.next();
    server.failSubscriptions();
    await expect(pending).rejects.toThrow(/UNAVAILABLE/);
    expect(server.openSubscriptions).toBe(0);
  });

  it('ends a waiting subscription when the store closes, and stops at once when already aborted', async () => {
    const store = fresh();
    const iterator = store.subscribeToAll()[Symbol.asyncIterator]();
    const pending = iterator.next();
    await store.close();
    expect(await pending).toEqual({ done: true, value: undefined });
    const aborted = AbortSignal.abort();
    const other = open();
    const items: unknown[] = [];
    for await (const item of other.subscribeToAll({ signal: aborted })) items.push(item);
    expect(items).toEqual([]);
  });

  it('wakes onAppended listeners from a live $all subscription, including appends by other processes', async () => {
    const store = fresh();
    const otherProcess = open();
    let calls = 0;
    const stop = store.onAppended(() => calls++);
    expect(server.openSubscriptions).toBe(1);
    await otherProcess.appendToStream('s', [ev('A')]);
    await expect.poll(() => calls).toBeGreaterThan(0);
    const seen = calls;
    server.write('$stats', [{ id: randomUUID(), type: '$statsCollected' }]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toBe(seen);
    stop();
    expect(server.openSubscriptions).toBe(0);
  });

  it('re-opens the live subscription behind onAppended after it fails', async () => {
    const store = fresh();
    let calls = 0;
    const stop = store.onAppended(() => calls++);
    server.failSubscriptions();
    await new Promise((resolve) => setTimeout(resolve, 50)); // the store re-subscribes after reconnectDelayMs (10)
    expect(server.openSubscriptions).toBe(1);
    server.write('s', [{ id: randomUUID(), type: 'A' }]);
    await expect.poll(() => calls).toBeGreaterThan(0);
    stop();
    await store.close();
    expect(server.openSubscriptions).toBe(0);
  });
});

appendToStreamsContract('KurrentDB adapter over the stand-in', async () => {
  const store = createKurrentEventStore({ client: new FakeKurrent().client() });
  return { store, dispose: () => store.close() };
});

describe('KurrentDB mapping: multi-stream appends', () => {
  it('sends metadata as one string property and reads it back exactly, nulls and numbers included', () => {
    const metadata = { correlationId: 'c', causationId: null, actor: 'player:1', attempt: 2 };
    const properties = toRecordProperties(metadata);
    expect(Object.keys(properties)).toEqual([METADATA_PROPERTY]);
    expect(Object.values(properties).every((value) => typeof value === 'string')).toBe(true);
    // As the server's v1 reads return property metadata: strings, plus its own schema keys.
    expect(storedMetadata({ ...properties, '$schema.name': 'BetPlaced' })).toEqual(metadata);
    expect(storedMetadata({ actor: 'staff:1' })).toEqual({ actor: 'staff:1' });
    expect(storedMetadata({ [METADATA_PROPERTY]: 'not json' })).toEqual({});
    expect(storedMetadata(new Uint8Array([1]))).toEqual({});
  });

  it("recognises the client's report of an unimplemented method, and nothing else", () => {
    expect(isKurrentUnimplemented({ code: 12, message: 'x' })).toBe(true);
    expect(isKurrentUnimplemented(new Error('12 UNIMPLEMENTED: unknown service'))).toBe(true);
    expect(isKurrentUnimplemented(new Error('14 UNAVAILABLE: connection lost'))).toBe(false);
    expect(isKurrentUnimplemented({ code: 14 })).toBe(false);
    expect(isKurrentUnimplemented(null)).toBe(false);
  });
});

describe('KurrentDB adapter: appendToStreams over the stand-in', () => {
  const ev = (type: string, eventId?: string): EventData => ({
    type,
    data: {},
    ...(eventId ? { eventId } : {}),
  });

  it('refuses a server older than 25.1 with UNSUPPORTED_SERVER, writing nothing', async () => {
    const server = new FakeKurrent(false, { multiStreamAppend: false });
    const store = createKurrentEventStore({ client: server.client() });
    const error = await store
      .appendToStreams([
        { streamName: 'bet-1', events: [ev('Placed')], expectedVersion: 'no_stream' },
        { streamName: 'wallet-1', events: [ev('Debited')], expectedVersion: 'any' },
      ])
      .catch((e: unknown) => e as EventStoreError);
    expect(error).toBeInstanceOf(EventStoreError);
    expect(error).toMatchObject({ code: 'UNSUPPORTED_SERVER', details: { minimumVersion: '25.1' } });
    expect((error as EventStoreError).message).toMatch(/KurrentDB 25\.1 or later.*UNIMPLEMENTED/);
    expect(server.log).toHaveLength(0);
    // Single-stream appends still work on such a server.
    await store.appendToStream('bet-1', [ev('Placed')]);
    await store.close();
  });

  it('writes one multi-stream append for the streams with events; requests without events never reach the server', async () => {
    const server = new FakeKurrent();
    const store = createKurrentEventStore({ client: server.client() });
    await store.appendToStream('limit-1', [ev('Set')]);
    const result = await store.appendToStreams([
      { streamName: 'bet-1', events: [ev('Placed'), ev('Accepted')], expectedVersion: 0 },
      { streamName: 'limit-1', events: [], expectedVersion: 1 },
      { streamName: 'wallet-1', events: [ev('Debited')], expectedVersion: 'any' },
    ]);
    expect(server.multiAppendCalls).toBe(1);
    expect(result.streams.map((s) => s.nextExpectedVersion)).toEqual([2, 1, 1]);
    expect(server.log.map((record) => record.streamId)).toEqual(['limit-1', 'bet-1', 'bet-1', 'wallet-1']);
    const [placed] = (await store.readStream('bet-1')).events;
    expect(placed!.metadata).toMatchObject({ causationId: null, actor: 'system' });
    await store.close();
  });

  it("recognises a retry beyond its window from the server's answer (original exact versions)", async () => {
    const server = new FakeKurrent();
    const store = createKurrentEventStore({ client: server.client(), idempotencyWindow: 1 });
    const call = [
      {
        streamName: 'bet-1',
        events: [ev('Placed', randomUUID()), ev('Accepted', randomUUID())],
        expectedVersion: 0,
      },
      { streamName: 'wallet-1', events: [ev('Debited', randomUUID())], expectedVersion: 0 },
    ];
    const first = await store.appendToStreams(call);
    for (let i = 0; i < 3; i++) await store.appendToStream('bet-1', [ev('Noise')]);
    await store.appendToStream('wallet-1', [ev('Noise')]);
    const calls = server.multiAppendCalls;
    const again = await store.appendToStreams(call);
    expect(server.multiAppendCalls).toBe(calls + 1);
    expect(again.alreadyStored).toBe(true);
    expect(again.streams.map((s) => s.lastLogPosition)).toEqual(first.streams.map((s) => s.lastLogPosition));
    expect(again.streams.map((s) => s.nextExpectedVersion)).toEqual([5, 2]);
    expect((await store.readStream('bet-1')).currentVersion).toBe(5);
    await store.close();
  });

  it('stores the events once when a concurrent identical call wins between its check and its write', async () => {
    const server = new FakeKurrent();
    const store = createKurrentEventStore({ client: server.client() });
    const call = [
      { streamName: 'bet-1', events: [ev('Placed', randomUUID())], expectedVersion: 'no_stream' as const },
      { streamName: 'wallet-1', events: [ev('Debited', randomUUID())], expectedVersion: 0 },
    ];
    server.beforeMultiAppend = () => {
      server.beforeMultiAppend = null;
      // The winner's write lands inside our call's server turn, before its checks.
      for (const request of call)
        server.write(
          request.streamName,
          request.events.map((event) => ({ id: event.eventId!, type: event.type })),
        );
    };
    const result = await store.appendToStreams(call);
    // The server answers the loser as the retry it is (its own id check); the adapter cannot tell
    // that answer from its own write, so it reports alreadyStored: false (docs/kurrentdb.md).
    expect(result.streams.map((s) => s.nextExpectedVersion)).toEqual([1, 1]);
    expect(server.log).toHaveLength(2);
    await store.close();
  });

  it('maps a conflict the server finds to WRONG_EXPECTED_VERSION on the stream it names', async () => {
    const server = new FakeKurrent();
    const store = createKurrentEventStore({ client: server.client() });
    server.beforeMultiAppend = () => {
      server.beforeMultiAppend = null;
      server.write('wallet-1', [{ id: randomUUID(), type: 'Credited' }]);
    };
    const error = await store
      .appendToStreams([
        { streamName: 'bet-1', events: [ev('Placed')], expectedVersion: 'no_stream' },
        { streamName: 'wallet-1', events: [ev('Debited')], expectedVersion: 0 },
      ])
      .catch((e: unknown) => e);
    expect(isWrongExpectedVersion(error)).toBe(true);
    expect((error as EventStoreError).details).toEqual({ stream: 'wallet-1', expected: 0, actual: 1 });
    expect((await store.readStream('bet-1')).streamExists).toBe(false);
    await store.close();
  });
});
