/**
 * The contract of {@link EventStore.appendToStreams} (issue 14 item 1: all or nothing, each stream's
 * expected version checked, idempotent by event id), which every adapter passes besides
 * {@link eventStoreContract}. Call {@link appendToStreamsContract} from an adapter's test file with the
 * same kind of fixture. Tests write under their own random stream prefix, so one store (or a long-lived
 * server) serves them all. Nothing here relies on event ids being unique across streams (KurrentDB's
 * are not, docs/kurrentdb.md), so the KurrentDB adapter is held to all of it. Where the port's doc
 * comment names no error code (a stream or an event id twice in a call, a partial retry) the suite
 * asserts only the refusal and that nothing was written; the codes the shared checks use are tested
 * with them (`multi-append.unit.test.ts`).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWrongExpectedVersion } from '../errors.ts';
import { ANY, NO_STREAM, STREAM_EXISTS } from '../types.ts';
import type { EventData, EventStore, ExpectedVersion, RecordedEvent, StreamAppendRequest } from '../types.ts';
import { drainLog } from './event-store.contract.ts';
import type { ContractFixture } from './event-store.contract.ts';

const event = (type: string, data: unknown = {}, eventId?: string): EventData => ({
  type,
  data,
  ...(eventId ? { eventId } : {}),
});

/** `count` events with fresh caller-supplied ids, data `{ i }`. */
const numbered = (type: string, count: number): EventData[] =>
  Array.from({ length: count }, (_, i) => event(type, { i }, randomUUID()));

/** The error of a promise that must fail (fails the test when it resolves). */
const failureOf = async (
  promise: Promise<unknown>,
): Promise<{ code?: string; details?: Record<string, unknown> }> =>
  promise.then(
    (value) => {
      throw new Error(`expected a failure, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error as { code?: string; details?: Record<string, unknown> },
  );

const expectConflictOn = async (promise: Promise<unknown>, stream: string, actual: number) => {
  const error = await failureOf(promise);
  expect(isWrongExpectedVersion(error), `expected WRONG_EXPECTED_VERSION, got ${String(error)}`).toBe(true);
  expect(error.details).toMatchObject({ stream, actual });
};

export const appendToStreamsContract = (name: string, open: () => Promise<ContractFixture>): void => {
  describe(`appendToStreams contract: ${name}`, () => {
    let fixture: ContractFixture;
    let store: EventStore;
    const prefix = () => `m${randomUUID().slice(0, 8)}`;
    const types = async (stream: string) => (await store.readStream(stream)).events.map((e) => e.type);
    /**
     * The global log's events of the streams named `base…`, complete up to this call: a barrier event is
     * appended to a stream of its own under `base`, and the log is read until it shows it, then the
     * barrier streams are left out. A store may show a transaction in its global log only once every
     * older one has ended (the SQL adapters' readers stay behind any transaction still open in the
     * cluster); an append that ended before the barrier began is older than it, so once the barrier shows,
     * so does every such append — and a read that misses one cannot pass for "nothing was written".
     */
    /** `events` without the barrier streams {@link logOf} appends under `base`. */
    const withoutBarriers = (base: string, events: readonly RecordedEvent[]): RecordedEvent[] =>
      events.filter((e) => !e.streamName.startsWith(`${base}-barrier-`));
    const logOf = async (base: string): Promise<RecordedEvent[]> => {
      const barriers = `${base}-barrier-`;
      const [marker] = numbered('Barrier', 1);
      await store.appendToStream(`${barriers}${randomUUID().slice(0, 8)}`, [marker!]);
      for (const started = Date.now(); ;) {
        const { events } = await drainLog(store, null, 1_000, base);
        if (events.some((e) => e.eventId === marker!.eventId)) return withoutBarriers(base, events);
        if (Date.now() - started > 30_000)
          throw new Error(`the global log did not show ${base}'s barrier in 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    beforeAll(async () => {
      fixture = await open();
      store = fixture.store;
    });
    afterAll(async () => fixture?.dispose());

    it('appends to several streams in one call: results in request order, events, metadata and positions', async () => {
      const base = prefix();
      await store.appendToStream(`${base}-wallet`, [event('Opened')]);
      const result = await store.appendToStreams([
        {
          streamName: `${base}-bet`,
          events: [event('Placed', { stake: 1_000 }), event('Accepted')],
          expectedVersion: NO_STREAM,
          metadata: { correlationId: 'corr-9', actor: 'player:1' },
        },
        {
          streamName: `${base}-wallet`,
          events: [{ type: 'Debited', data: { amount: 1_000 }, metadata: { actor: 'system:placement' } }],
          expectedVersion: 1,
        },
      ]);
      expect(result.alreadyStored).toBe(false);
      expect(result.streams.map((s) => [s.nextExpectedVersion, s.alreadyStored])).toEqual([
        [2, false],
        [2, false],
      ]);
      const bet = await store.readStream(`${base}-bet`);
      const wallet = await store.readStream(`${base}-wallet`);
      expect(bet.events.map((e) => [e.type, e.data, e.streamPosition])).toEqual([
        ['Placed', { stake: 1_000 }, 1],
        ['Accepted', {}, 2],
      ]);
      expect(wallet.events.map((e) => [e.type, e.streamPosition])).toEqual([
        ['Opened', 1],
        ['Debited', 2],
      ]);
      expect(bet.events[0]!.metadata).toMatchObject({
        correlationId: 'corr-9',
        causationId: null,
        actor: 'player:1',
      });
      expect(wallet.events[1]!.metadata).toMatchObject({ causationId: null, actor: 'system:placement' });
      expect(wallet.events[1]!.metadata.correlationId).toMatch(/^[0-9a-f-]{36}$/);
      expect(result.streams[0]!.lastLogPosition).toBe(bet.events[1]!.logPosition);
      expect(result.streams[1]!.lastLogPosition).toBe(wallet.events[1]!.logPosition);
    });

    it('writes nothing when one stream is stale, and names it with its actual version', async () => {
      const base = prefix();
      await store.appendToStream(`${base}-a`, [event('A1')]);
      await store.appendToStream(`${base}-b`, [event('B1'), event('B2')]);
      const before = await logOf(base);
      await expectConflictOn(
        store.appendToStreams([
          { streamName: `${base}-a`, events: [event('A2')], expectedVersion: 1 },
          { streamName: `${base}-b`, events: [event('B3')], expectedVersion: 1 },
          { streamName: `${base}-c`, events: [event('C1')], expectedVersion: NO_STREAM },
        ]),
        `${base}-b`,
        2,
      );
      expect(await types(`${base}-a`)).toEqual(['A1']);
      expect(await types(`${base}-b`)).toEqual(['B1', 'B2']);
      expect((await store.readStream(`${base}-c`)).streamExists).toBe(false);
      expect((await logOf(base)).map((e) => e.eventId)).toEqual(before.map((e) => e.eventId));
    });

    describe('each kind of expected version, as in appendToStream', () => {
      const pair = (base: string, expected: ExpectedVersion): StreamAppendRequest[] => [
        { streamName: `${base}-other`, events: [event('O')], expectedVersion: ANY },
        { streamName: `${base}-s`, events: [event('X')], expectedVersion: expected },
      ];

      it('a number: only the exact current version (0 = the stream must not exist)', async () => {
        const base = prefix();
        await expectConflictOn(store.appendToStreams(pair(base, 1)), `${base}-s`, 0);
        expect((await store.appendToStreams(pair(base, 0))).streams[1]!.nextExpectedVersion).toBe(1);
        await expectConflictOn(store.appendToStreams(pair(base, 0)), `${base}-s`, 1);
        await expectConflictOn(store.appendToStreams(pair(base, 2)), `${base}-s`, 1);
        expect((await store.appendToStreams(pair(base, 1))).streams[1]!.nextExpectedVersion).toBe(2);
        expect(await types(`${base}-other`)).toEqual(['O', 'O']);
      });

      it('NO_STREAM: a new stream only', async () => {
        const base = prefix();
        await store.appendToStreams(pair(base, NO_STREAM));
        await expectConflictOn(store.appendToStreams(pair(base, NO_STREAM)), `${base}-s`, 1);
        expect(await types(`${base}-s`)).toEqual(['X']);
      });

      it('STREAM_EXISTS: an existing stream only', async () => {
        const base = prefix();
        await expectConflictOn(store.appendToStreams(pair(base, STREAM_EXISTS)), `${base}-s`, 0);
        expect((await store.readStream(`${base}-other`)).streamExists).toBe(false);
        await store.appendToStream(`${base}-s`, [event('First')]);
        expect((await store.appendToStreams(pair(base, STREAM_EXISTS))).streams[1]!.nextExpectedVersion).toBe(
          2,
        );
      });

      it('ANY: always', async () => {
        const base = prefix();
        await store.appendToStreams(pair(base, ANY));
        const again = await store.appendToStreams(pair(base, ANY));
        expect(again.streams.map((s) => s.nextExpectedVersion)).toEqual([2, 2]);
      });

      it('refuses a malformed version before writing anything', async () => {
        const base = prefix();
        await expect(store.appendToStreams(pair(base, -1))).rejects.toMatchObject({ code: 'INVALID_APPEND' });
        expect((await store.readStream(`${base}-other`)).streamExists).toBe(false);
      });
    });

    describe('idempotency by event id', () => {
      it('a repeated call writes nothing and answers alreadyStored with the current versions', async () => {
        const base = prefix();
        const call: StreamAppendRequest[] = [
          { streamName: `${base}-bet`, events: numbered('Placed', 2), expectedVersion: NO_STREAM },
          { streamName: `${base}-wallet`, events: numbered('Debited', 1), expectedVersion: NO_STREAM },
        ];
        const first = await store.appendToStreams(call);
        const again = await store.appendToStreams(call);
        expect(again.alreadyStored).toBe(true);
        expect(again.streams.map((s) => [s.nextExpectedVersion, s.alreadyStored])).toEqual([
          [2, true],
          [1, true],
        ]);
        expect(again.streams.map((s) => s.lastLogPosition)).toEqual(
          first.streams.map((s) => s.lastLogPosition),
        );
        expect(await types(`${base}-bet`)).toEqual(['Placed', 'Placed']);
        expect(await types(`${base}-wallet`)).toEqual(['Debited']);
      });

      it('recognises the retry whatever its expected versions: the original ones, now stale, or reloaded ones', async () => {
        const base = prefix();
        const bet = numbered('Placed', 1);
        const wallet = numbered('Debited', 1);
        await store.appendToStreams([
          { streamName: `${base}-bet`, events: bet, expectedVersion: NO_STREAM },
          { streamName: `${base}-wallet`, events: wallet, expectedVersion: NO_STREAM },
        ]);
        await store.appendToStream(`${base}-wallet`, [event('Credited')]);
        const stale = await store.appendToStreams([
          { streamName: `${base}-bet`, events: bet, expectedVersion: NO_STREAM },
          { streamName: `${base}-wallet`, events: wallet, expectedVersion: NO_STREAM },
        ]);
        expect(stale.alreadyStored).toBe(true);
        expect(stale.streams.map((s) => s.nextExpectedVersion)).toEqual([1, 2]);
        // A command handler that reloaded the streams expects their new versions: still the same events.
        const reloaded = await store.appendToStreams([
          { streamName: `${base}-bet`, events: bet, expectedVersion: 1 },
          { streamName: `${base}-wallet`, events: wallet, expectedVersion: 2 },
        ]);
        expect(reloaded.alreadyStored).toBe(true);
        expect(await types(`${base}-bet`)).toEqual(['Placed']);
        expect(await types(`${base}-wallet`)).toEqual(['Debited', 'Credited']);
      });

      it('refuses a call whose ids are stored for some streams but not for others, writing nothing', async () => {
        const base = prefix();
        const bet = numbered('Placed', 1);
        await store.appendToStreams([{ streamName: `${base}-bet`, events: bet, expectedVersion: NO_STREAM }]);
        await failureOf(
          store.appendToStreams([
            { streamName: `${base}-bet`, events: bet, expectedVersion: ANY },
            { streamName: `${base}-wallet`, events: numbered('Debited', 1), expectedVersion: ANY },
          ]),
        );
        expect(await types(`${base}-bet`)).toEqual(['Placed']);
        expect((await store.readStream(`${base}-wallet`)).streamExists).toBe(false);
      });

      it('refuses one event id twice in a call, writing nothing', async () => {
        const base = prefix();
        const id = randomUUID();
        await failureOf(
          store.appendToStreams([
            { streamName: `${base}-a`, events: [event('A', {}, id)], expectedVersion: ANY },
            { streamName: `${base}-b`, events: [event('B', {}, id)], expectedVersion: ANY },
          ]),
        );
        expect((await logOf(base)).length).toBe(0);
      });
    });

    it('refuses a stream twice in one call, writing nothing', async () => {
      const base = prefix();
      await failureOf(
        store.appendToStreams([
          { streamName: `${base}-a`, events: [event('A1')], expectedVersion: ANY },
          { streamName: `${base}-b`, events: [event('B1')], expectedVersion: ANY },
          { streamName: `${base}-a`, events: [event('A2')], expectedVersion: ANY },
        ]),
      );
      expect((await logOf(base)).length).toBe(0);
    });

    it('checks a request with no events but writes nothing for it', async () => {
      const base = prefix();
      await store.appendToStream(`${base}-limit`, [event('Set')]);
      await expectConflictOn(
        store.appendToStreams([
          { streamName: `${base}-bet`, events: [event('Placed')], expectedVersion: NO_STREAM },
          { streamName: `${base}-limit`, events: [], expectedVersion: 0 },
        ]),
        `${base}-limit`,
        1,
      );
      expect((await store.readStream(`${base}-bet`)).streamExists).toBe(false);
      await expectConflictOn(
        store.appendToStreams([
          { streamName: `${base}-bet`, events: [event('Placed')], expectedVersion: NO_STREAM },
          { streamName: `${base}-absent`, events: [], expectedVersion: STREAM_EXISTS },
        ]),
        `${base}-absent`,
        0,
      );
      const ok = await store.appendToStreams([
        { streamName: `${base}-bet`, events: [event('Placed')], expectedVersion: NO_STREAM },
        { streamName: `${base}-limit`, events: [], expectedVersion: 1 },
        { streamName: `${base}-absent`, events: [], expectedVersion: NO_STREAM },
      ]);
      expect(ok.alreadyStored).toBe(false);
      expect(ok.streams.map((s) => s.nextExpectedVersion)).toEqual([1, 1, 0]);
      expect(await types(`${base}-limit`)).toEqual(['Set']);
      expect((await store.readStream(`${base}-absent`)).streamExists).toBe(false);
      expect((await logOf(base)).map((e) => e.type)).toEqual(['Set', 'Placed']);
    });

    it('writes one call as a contiguous run of the global log, in request order', async () => {
      const base = prefix();
      await store.appendToStream(`${base}-b`, [event('Before')]);
      const result = await store.appendToStreams([
        {
          streamName: `${base}-a`,
          events: [event('A', { n: 1 }), event('A', { n: 2 })],
          expectedVersion: ANY,
        },
        { streamName: `${base}-b`, events: [event('B', { n: 3 })], expectedVersion: 1 },
        { streamName: `${base}-c`, events: [event('C', { n: 4 })], expectedVersion: NO_STREAM },
      ]);
      await store.appendToStream(`${base}-a`, [event('After')]);
      const log = await logOf(base);
      expect(log.map((e) => e.type)).toEqual(['Before', 'A', 'A', 'B', 'C', 'After']);
      expect(log.slice(1, 5).map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3, 4]);
      expect(result.streams.map((s) => s.lastLogPosition)).toEqual([
        log[2]!.logPosition,
        log[3]!.logPosition,
        log[4]!.logPosition,
      ]);
      // Reading on from the first stream's last position yields exactly the rest of the call, then on.
      const rest = await drainLog(store, result.streams[0]!.lastLogPosition, 2, base);
      expect(withoutBarriers(base, rest.events).map((e) => e.type)).toEqual(['B', 'C', 'After']);
    });

    it('subscribeToAll delivers the events of a call once each, in order', async () => {
      const base = prefix();
      const start = (await drainLog(store, null, 1_000)).position;
      const controller = new AbortController();
      const seen: string[] = [];
      const done = (async () => {
        for await (const recorded of store.subscribeToAll({
          after: start,
          pollIntervalMs: 50,
          filter: { streamPrefixes: [base] },
          signal: controller.signal,
        })) {
          seen.push(`${recorded.streamName.slice(base.length)}:${recorded.type}`);
          if (seen.length === 4) controller.abort();
        }
      })();
      await store.appendToStreams([
        {
          streamName: `${base}-bet`,
          events: [event('Placed'), event('Accepted')],
          expectedVersion: NO_STREAM,
        },
        { streamName: `${base}-wallet`, events: [event('Debited')], expectedVersion: ANY },
      ]);
      await store.appendToStreams([
        { streamName: `${base}-bet`, events: [event('Settled')], expectedVersion: 2 },
      ]);
      await done;
      expect(seen).toEqual(['-bet:Placed', '-bet:Accepted', '-wallet:Debited', '-bet:Settled']);
    });

    it('property: any stale stream means nothing is written; otherwise every event is stored exactly once', async () => {
      /** One stream of a call: events already in it, events to append, and whether its expectation is right. */
      const streamCase = fc.record({
        existing: fc.integer({ min: 0, max: 3 }),
        appended: fc.integer({ min: 0, max: 3 }),
        right: fc.boolean(),
        kind: fc.constantFrom('number', 'named', 'any'),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(streamCase, { minLength: 1, maxLength: 4 }), async (cases) => {
          const base = prefix();
          for (const [i, c] of cases.entries())
            if (c.existing > 0) await store.appendToStream(`${base}-${i}`, numbered('Old', c.existing));
          const expectedOf = (c: (typeof cases)[number]): ExpectedVersion => {
            if (c.right) {
              if (c.kind === 'number') return c.existing;
              if (c.kind === 'named') return c.existing === 0 ? NO_STREAM : STREAM_EXISTS;
              return ANY;
            }
            // Stale: a wrong number, or the named state that does not hold (ANY cannot be stale).
            if (c.kind === 'number' || c.kind === 'any') return c.existing + 1;
            return c.existing === 0 ? STREAM_EXISTS : NO_STREAM;
          };
          const requests = cases.map((c, i) => ({
            streamName: `${base}-${i}`,
            events: numbered('New', c.appended),
            expectedVersion: expectedOf(c),
          }));
          const before = await logOf(base);
          if (cases.some((c) => !c.right)) {
            const error = await failureOf(store.appendToStreams(requests));
            expect(isWrongExpectedVersion(error)).toBe(true);
            expect((await logOf(base)).map((e) => e.eventId)).toEqual(before.map((e) => e.eventId));
            return;
          }
          const result = await store.appendToStreams(requests);
          expect(result.streams.map((s) => s.nextExpectedVersion)).toEqual(
            cases.map((c) => c.existing + c.appended),
          );
          const after = await logOf(base);
          const newIds = requests.flatMap((r) => r.events.map((e) => e.eventId!));
          expect(after.slice(before.length).map((e) => e.eventId)).toEqual(newIds);
          for (const [i, c] of cases.entries()) {
            const read = await store.readStream(`${base}-${i}`);
            expect(read.currentVersion).toBe(c.existing + c.appended);
            expect(read.events.slice(c.existing).map((e) => e.eventId)).toEqual(
              requests[i]!.events.map((e) => e.eventId),
            );
          }
        }),
        { numRuns: 40 },
      );
    });
  });
};
