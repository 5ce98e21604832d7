/**
 * The one contract every event-store adapter passes (issue 2 item 4; style.md "one shared test suite
 * that every adapter must pass"). Call {@link eventStoreContract} from an adapter's test file.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregateStream, handleCommand } from '../aggregate.ts';
import { isWrongExpectedVersion } from '../errors.ts';
import { ANY, NO_STREAM, STREAM_EXISTS } from '../types.ts';
import type { EventData, EventStore, LogPosition, RecordedEvent } from '../types.ts';

export interface ContractFixture {
  readonly store: EventStore;
  dispose(): Promise<void>;
}

const event = (type: string, data: unknown = {}, eventId?: string): EventData => ({
  type,
  data,
  ...(eventId ? { eventId } : {}),
});

const expectConflict = async (promise: Promise<unknown>, actual: number) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isWrongExpectedVersion(error), `expected WRONG_EXPECTED_VERSION, got ${String(error)}`).toBe(true);
  expect((error as { details: { actual: number } }).details.actual).toBe(actual);
};

/** Reads the whole global log after `after` in batches of `batchSize`, following the returned position. */
export const drainLog = async (
  store: EventStore,
  after: LogPosition | null,
  batchSize: number,
  prefix?: string,
) => {
  const events: RecordedEvent[] = [];
  let position = after;
  for (;;) {
    const page = await store.readAll({
      after: position,
      maxCount: batchSize,
      ...(prefix ? { filter: { streamPrefixes: [prefix] } } : {}),
    });
    events.push(...page.events);
    position = page.position;
    if (page.events.length < batchSize) return { events, position };
  }
};

export const eventStoreContract = (name: string, open: () => Promise<ContractFixture>): void => {
  describe(`event-store contract: ${name}`, () => {
    let fixture: ContractFixture;
    let store: EventStore;
    // Each test writes under its own prefix so tests share one store without seeing each other.
    const prefix = () => `c${randomUUID().slice(0, 8)}`;

    beforeAll(async () => {
      fixture = await open();
      store = fixture.store;
    });
    afterAll(async () => fixture?.dispose());

    it('appends to a new stream and reads back types, data, metadata and positions', async () => {
      const stream = `${prefix()}-1`;
      const result = await store.appendToStream(
        stream,
        [event('Opened', { amount: 1_000 }), event('Credited', { amount: 5 })],
        {
          expectedVersion: NO_STREAM,
          metadata: { correlationId: 'corr-1', causationId: 'cmd-1', actor: 'staff:7' },
        },
      );
      expect(result.nextExpectedVersion).toBe(2);
      expect(result.alreadyStored).toBe(false);
      const read = await store.readStream(stream);
      expect(read.streamExists).toBe(true);
      expect(read.currentVersion).toBe(2);
      expect(read.events.map((e) => [e.type, e.data, e.streamPosition])).toEqual([
        ['Opened', { amount: 1_000 }, 1],
        ['Credited', { amount: 5 }, 2],
      ]);
      expect(read.events[0]!.metadata).toMatchObject({
        correlationId: 'corr-1',
        causationId: 'cmd-1',
        actor: 'staff:7',
      });
      expect(read.events[1]!.logPosition).toBe(result.lastLogPosition);
      expect(read.events[0]!.eventId).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(read.events[0]!.recordedAt))).toBe(false);
    });

    it('gives every event default metadata: a correlation id, no causation, the system actor', async () => {
      const stream = `${prefix()}-1`;
      await store.appendToStream(stream, [event('A')]);
      const [recorded] = (await store.readStream(stream)).events;
      expect(recorded!.metadata.correlationId).toMatch(/^[0-9a-f-]{36}$/);
      expect(recorded!.metadata.causationId).toBeNull();
      expect(recorded!.metadata.actor).toBe('system');
    });

    it('reads an absent stream as empty with version 0', async () => {
      const read = await store.readStream(`${prefix()}-none`);
      expect(read).toMatchObject({ events: [], currentVersion: 0, streamExists: false });
    });

    describe('expected version', () => {
      it('NO_STREAM: accepts a new stream, refuses an existing one with its actual version', async () => {
        const stream = `${prefix()}-1`;
        await store.appendToStream(stream, [event('A')], { expectedVersion: NO_STREAM });
        await expectConflict(store.appendToStream(stream, [event('B')], { expectedVersion: NO_STREAM }), 1);
        await expectConflict(store.appendToStream(stream, [event('B')], { expectedVersion: 0 }), 1);
      });

      it('a number: accepts only the exact current version', async () => {
        const stream = `${prefix()}-1`;
        await store.appendToStream(stream, [event('A'), event('B')], { expectedVersion: 0 });
        await expectConflict(store.appendToStream(stream, [event('C')], { expectedVersion: 1 }), 2);
        await expectConflict(store.appendToStream(stream, [event('C')], { expectedVersion: 3 }), 2);
        const ok = await store.appendToStream(stream, [event('C')], { expectedVersion: 2 });
        expect(ok.nextExpectedVersion).toBe(3);
        await expectConflict(
          store.appendToStream(`${prefix()}-absent`, [event('A')], { expectedVersion: 4 }),
          0,
        );
      });

      it('STREAM_EXISTS: refuses an absent stream, accepts an existing one', async () => {
        const stream = `${prefix()}-1`;
        await expectConflict(
          store.appendToStream(stream, [event('A')], { expectedVersion: STREAM_EXISTS }),
          0,
        );
        await store.appendToStream(stream, [event('A')]);
        const ok = await store.appendToStream(stream, [event('B')], { expectedVersion: STREAM_EXISTS });
        expect(ok.nextExpectedVersion).toBe(2);
      });

      it('ANY: always appends', async () => {
        const stream = `${prefix()}-1`;
        expect(
          (await store.appendToStream(stream, [event('A')], { expectedVersion: ANY })).nextExpectedVersion,
        ).toBe(1);
        expect(
          (await store.appendToStream(stream, [event('B')], { expectedVersion: ANY })).nextExpectedVersion,
        ).toBe(2);
      });

      it('a conflict writes nothing', async () => {
        const stream = `${prefix()}-1`;
        await store.appendToStream(stream, [event('A')]);
        await expectConflict(
          store.appendToStream(stream, [event('X'), event('Y')], { expectedVersion: 5 }),
          1,
        );
        expect((await store.readStream(stream)).events.map((e) => e.type)).toEqual(['A']);
      });
    });

    describe('idempotency by event id', () => {
      it('re-appending stored ids writes nothing and returns the original result, even with a stale expected version', async () => {
        const stream = `${prefix()}-1`;
        const ids = [randomUUID(), randomUUID()];
        const first = await store.appendToStream(stream, [event('A', {}, ids[0]), event('B', {}, ids[1])], {
          expectedVersion: NO_STREAM,
        });
        await store.appendToStream(stream, [event('C')]);
        const again = await store.appendToStream(stream, [event('A', {}, ids[0]), event('B', {}, ids[1])], {
          expectedVersion: NO_STREAM,
        });
        expect(again).toEqual({ ...first, alreadyStored: true });
        expect((await store.readStream(stream)).events.map((e) => e.type)).toEqual(['A', 'B', 'C']);
      });

      it('refuses an append that reuses only some stored ids, or ids of another stream', async () => {
        const base = prefix();
        const id = randomUUID();
        await store.appendToStream(`${base}-1`, [event('A', {}, id)]);
        await expect(store.appendToStream(`${base}-1`, [event('A', {}, id), event('B')])).rejects.toThrow();
        await expect(store.appendToStream(`${base}-2`, [event('A', {}, id)])).rejects.toThrow();
        expect((await store.readStream(`${base}-2`)).streamExists).toBe(false);
      });
    });

    it('pages a stream forwards and backwards', async () => {
      const stream = `${prefix()}-1`;
      await store.appendToStream(
        stream,
        Array.from({ length: 25 }, (_, i) => event('N', { i })),
      );
      const page = await store.readStream<string, { i: number }>(stream, { from: 11, maxCount: 10 });
      expect(page.events.map((e) => e.data.i)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
      const last = await store.readStream<string, { i: number }>(stream, {
        direction: 'backwards',
        maxCount: 3,
      });
      expect(last.events.map((e) => e.streamPosition)).toEqual([25, 24, 23]);
      const before = await store.readStream<string, { i: number }>(stream, {
        direction: 'backwards',
        from: 5,
        maxCount: 10,
      });
      expect(before.events.map((e) => e.streamPosition)).toEqual([5, 4, 3, 2, 1]);
      expect(page.currentVersion).toBe(25);
    });

    it('orders the global log by commit and resumes exactly after a checkpoint', async () => {
      const base = prefix();
      const start = (await drainLog(store, null, 500)).position;
      for (let i = 0; i < 6; i++)
        await store.appendToStream(`${base}-${i % 3}`, [event('E', { i }), event('F', { i })]);
      const all = await drainLog(store, start, 1, base);
      expect(all.events.map((e) => [e.type, (e.data as { i: number }).i])).toEqual(
        Array.from({ length: 6 }, (_, i) => [
          ['E', i],
          ['F', i],
        ]).flat(),
      );
      const resumed = await drainLog(store, all.events[4]!.logPosition, 3, base);
      expect(resumed.events.map((e) => e.eventId)).toEqual(all.events.slice(5).map((e) => e.eventId));
      const none = await store.readAll({
        after: all.position,
        maxCount: 10,
        filter: { streamPrefixes: [base] },
      });
      expect(none.events).toEqual([]);
    });

    it('filters the global log by stream prefix', async () => {
      const base = prefix();
      const start = (await drainLog(store, null, 500)).position;
      await store.appendToStream(`${base}wallet-1`, [event('W')]);
      await store.appendToStream(`${base}bet-1`, [event('B')]);
      await store.appendToStream(`${base}wallet-2`, [event('W')]);
      const wallets = await drainLog(store, start, 10, `${base}wallet-`);
      expect(wallets.events.map((e) => e.streamName)).toEqual([`${base}wallet-1`, `${base}wallet-2`]);
    });

    it('subscription catches up, then delivers live appends once each, in order, until aborted', async () => {
      const base = prefix();
      const start = (await drainLog(store, null, 500)).position;
      await store.appendToStream(`${base}-1`, [event('Old', { n: 1 }), event('Old', { n: 2 })]);
      const controller = new AbortController();
      const seen: number[] = [];
      const done = (async () => {
        for await (const recorded of store.subscribeToAll({
          after: start,
          batchSize: 2,
          pollIntervalMs: 50,
          filter: { streamPrefixes: [base] },
          signal: controller.signal,
        })) {
          seen.push((recorded.data as { n: number }).n);
          if (seen.length === 5) controller.abort();
        }
      })();
      await expect.poll(() => seen.length).toBe(2);
      await store.appendToStream(`${base}-2`, [event('New', { n: 3 })]);
      await store.appendToStream(`${base}-1`, [event('New', { n: 4 }), event('New', { n: 5 })]);
      await done;
      expect(seen).toEqual([1, 2, 3, 4, 5]);
    });

    it('aggregates a stream longer than one page, and from a known state reads only what follows', async () => {
      const stream = `${prefix()}-1`;
      const counter = {
        initialState: () => 0,
        evolve: (total: number, e: { type: string; data: unknown }) => total + (e.data as { n: number }).n,
      };
      for (let chunk = 0; chunk < 3; chunk++) {
        await store.appendToStream(
          stream,
          Array.from({ length: 500 }, () => event('Add', { n: 1 })),
        );
      }
      expect(await aggregateStream(store, stream, counter)).toEqual({ state: 1_500, version: 1_500 });
      expect(await aggregateStream(store, stream, counter, { state: 1_000_000, version: 1_499 })).toEqual({
        state: 1_000_001,
        version: 1_500,
      });
    });

    it('runs commands: refusals append nothing, concurrent commands retry, an idempotency key writes once', async () => {
      const stream = `${prefix()}-1`;
      type Cmd = { amount: number };
      type Ev = { type: 'Debited'; data: { amount: number } };
      const wallet = {
        initialState: () => 100,
        evolve: (balance: number, e: Ev) => balance - e.data.amount,
        decide: (cmd: Cmd, balance: number) =>
          cmd.amount > balance
            ? ({ ok: false, error: 'INSUFFICIENT_FUNDS' } as const)
            : ({ ok: true, events: [{ type: 'Debited', data: { amount: cmd.amount } }] } as const),
      };
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          handleCommand(store, stream, wallet, { amount: 20 }, { retries: 20 }),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(5);
      expect(results.filter((r) => !r.ok).map((r) => (r.ok ? null : r.error))).toEqual(
        Array(3).fill('INSUFFICIENT_FUNDS'),
      );
      expect((await aggregateStream(store, stream, wallet)).state).toBe(0);

      const other = `${prefix()}-2`;
      const once = await handleCommand(store, other, wallet, { amount: 30 }, { idempotencyKey: 'req-1' });
      const twice = await handleCommand(store, other, wallet, { amount: 30 }, { idempotencyKey: 'req-1' });
      expect(once.ok && twice.ok && twice.append?.alreadyStored).toBe(true);
      expect((await aggregateStream(store, other, wallet)).state).toBe(70);
    });
  });
};
