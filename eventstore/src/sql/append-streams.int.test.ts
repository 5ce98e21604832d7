/**
 * `appendToStreams` of the SQL stores (issue 14): several streams all or nothing, each stream's
 * expected version checked, idempotent by event id, concurrent calls grouped into one statement.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStoreError, isWrongExpectedVersion } from '../errors.ts';
import { availableSqlKinds, countingExecutor, openTestDatabase } from '../testing/databases.ts';
import type { TestDatabase } from '../testing/databases.ts';
import { ANY, NO_STREAM, STREAM_EXISTS } from '../types.ts';
import type { ExpectedVersion, StreamAppendRequest } from '../types.ts';
import { openSqlEventStore } from './adapters.ts';
import type { SqlEventStore } from './store.ts';
import { groupedAppendToStreams, groupedReadStreams } from './streams.ts';
import { readStreams } from '../aggregate.ts';

const codeOf = (error: unknown) => (error as { code?: string }).code;

describe.each(availableSqlKinds())('appendToStreams (%s)', (kind) => {
  let db: TestDatabase;
  let store: SqlEventStore;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    store = await openSqlEventStore(db.sql);
  });
  afterAll(async () => db.dispose());

  const event = (n: number, eventId: string = randomUUID()) => ({ type: 'Happened', data: { n }, eventId });
  const numbers = async (stream: string) =>
    (await store.readStream(stream)).events.map((e) => (e.data as { n: number }).n);
  const append = (streamName: string, expectedVersion: ExpectedVersion, ...ns: number[]) => ({
    streamName,
    expectedVersion,
    events: ns.map((n) => event(n)),
  });
  let unique = 0;
  const name = (label: string) => `${label}${++unique}-s`;

  it('writes two streams together and answers their versions and positions', async () => {
    const [bet, wallet] = [name('bet'), name('wallet')];
    await store.appendToStream(wallet, [event(0)]);
    const result = await store.appendToStreams([append(bet, NO_STREAM, 1, 2), append(wallet, 1, 3)]);
    expect(result.alreadyStored).toBe(false);
    expect(result.streams.map((s) => s.nextExpectedVersion)).toEqual([2, 2]);
    expect(await numbers(bet)).toEqual([1, 2]);
    expect(await numbers(wallet)).toEqual([0, 3]);
    const [betRead, walletRead] = await Promise.all([store.readStream(bet), store.readStream(wallet)]);
    expect(result.streams[0]!.lastLogPosition).toBe(betRead.events.at(-1)!.logPosition);
    expect(result.streams[1]!.lastLogPosition).toBe(walletRead.events.at(-1)!.logPosition);
    expect(betRead.events.map((e) => e.streamPosition)).toEqual([1, 2]);
  });

  it('checks every expected-version case, and a stream that does not match writes nothing anywhere', async () => {
    const existing = name('existing');
    await store.appendToStream(existing, [event(0), event(0)]);
    // Each case against the stream's version at the time (`v`).
    const cases: [(v: number) => ExpectedVersion, boolean][] = [
      [(v) => v, true],
      [(v) => v - 1, false],
      [(v) => v + 1, false],
      [() => 0, false],
      [() => NO_STREAM, false],
      [() => STREAM_EXISTS, true],
      [() => ANY, true],
    ];
    for (const [expected, holds] of cases) {
      const other = name('other');
      const before = (await store.readStream(existing)).currentVersion;
      const call = store.appendToStreams([
        append(other, NO_STREAM, 1),
        append(existing, expected(before), 9),
      ]);
      if (holds) {
        const result = await call;
        expect(result.streams[1]!.nextExpectedVersion).toBe(before + 1);
        expect(await numbers(other)).toEqual([1]);
      } else {
        const error = await call.catch((e: unknown) => e);
        expect(isWrongExpectedVersion(error)).toBe(true);
        expect((await store.readStream(other)).streamExists).toBe(false);
        expect((await store.readStream(existing)).currentVersion).toBe(before);
      }
    }
    // A new stream: 0, NO_STREAM and ANY hold; STREAM_EXISTS and a number above 0 do not.
    for (const [expected, holds] of [
      [0, true],
      [NO_STREAM, true],
      [ANY, true],
      [STREAM_EXISTS, false],
      [1, false],
    ] as [ExpectedVersion, boolean][]) {
      const fresh = name('fresh');
      const outcome = await store.appendToStreams([append(fresh, expected, 5)]).then(
        () => true,
        (error: unknown) => {
          expect(isWrongExpectedVersion(error)).toBe(true);
          return false;
        },
      );
      expect(outcome).toBe(holds);
      expect(await numbers(fresh)).toEqual(holds ? [5] : []);
    }
  });

  it('checks a request without events and writes nothing for it', async () => {
    const [guarded, written] = [name('guarded'), name('written')];
    await store.appendToStream(guarded, [event(0)]);
    const ok = await store.appendToStreams([
      { streamName: guarded, expectedVersion: 1, events: [] },
      append(written, NO_STREAM, 1),
    ]);
    expect(ok.streams[0]!.nextExpectedVersion).toBe(1);
    expect(await numbers(guarded)).toEqual([0]);
    const stale = await store
      .appendToStreams([{ streamName: guarded, expectedVersion: 0, events: [] }, append(written, 1, 2)])
      .catch((e: unknown) => e);
    expect(isWrongExpectedVersion(stale)).toBe(true);
    expect(await numbers(written)).toEqual([1]);
  });

  it('a repeated call writes nothing and answers alreadyStored with the current versions', async () => {
    const [a, b] = [name('a'), name('b')];
    const call: StreamAppendRequest[] = [append(a, NO_STREAM, 1, 2), append(b, NO_STREAM, 3)];
    const first = await store.appendToStreams(call);
    await store.appendToStream(b, [event(4)]);
    const again = await store.appendToStreams(call);
    expect(again.alreadyStored).toBe(true);
    expect(again.streams.map((s) => s.nextExpectedVersion)).toEqual([2, 2]);
    expect(again.streams[0]!.lastLogPosition).toBe(first.streams[0]!.lastLogPosition);
    expect(again.streams.every((s) => s.alreadyStored)).toBe(true);
    expect(await numbers(a)).toEqual([1, 2]);
    expect(await numbers(b)).toEqual([3, 4]);
  });

  it('ids stored only in part, or in another stream, are EVENT_ID_CONFLICT, never a raw unique violation', async () => {
    const [a, b] = [name('a'), name('b')];
    const stored = event(1);
    await store.appendToStreams([{ streamName: a, expectedVersion: NO_STREAM, events: [stored] }]);
    const partly = await store
      .appendToStreams([{ streamName: a, expectedVersion: ANY, events: [stored, event(2)] }])
      .catch((e: unknown) => e);
    expect(partly).toBeInstanceOf(EventStoreError);
    expect(codeOf(partly)).toBe('EVENT_ID_CONFLICT');
    const elsewhere = await store
      .appendToStreams([{ streamName: b, expectedVersion: ANY, events: [stored] }])
      .catch((e: unknown) => e);
    expect(codeOf(elsewhere)).toBe('EVENT_ID_CONFLICT');
    expect(await numbers(a)).toEqual([1]);
    expect((await store.readStream(b)).streamExists).toBe(false);
  });

  it('refuses a stream named twice or an event id given twice', async () => {
    const a = name('a');
    const twice = await store
      .appendToStreams([append(a, ANY, 1), append(a, ANY, 2)])
      .catch((e: unknown) => e);
    expect(codeOf(twice)).toBe('INVALID_APPEND');
    const id = randomUUID();
    const sameId = await store
      .appendToStreams([{ streamName: a, expectedVersion: ANY, events: [event(1, id), event(2, id)] }])
      .catch((e: unknown) => e);
    expect(codeOf(sameId)).toBe('INVALID_APPEND');
  });

  it('the same call sent concurrently writes once; every sender gets an answer, none a 23505', async () => {
    const [bet, wallet] = [name('bet'), name('wallet')];
    await store.appendToStream(wallet, [event(0)]);
    const call: StreamAppendRequest[] = [append(bet, NO_STREAM, 1), append(wallet, 1, 2)];
    const results = await Promise.all(Array.from({ length: 6 }, () => store.appendToStreams(call)));
    expect(results.filter((r) => !r.alreadyStored)).toHaveLength(1);
    expect(await numbers(bet)).toEqual([1]);
    expect(await numbers(wallet)).toEqual([0, 2]);
  });

  it('concurrent calls share one statement; one whose stream moved on fails alone', async () => {
    const wallets = Array.from({ length: 6 }, () => name('wallet'));
    for (const w of wallets) await store.appendToStream(w, [event(0)]);
    const sql = countingExecutor(db.sql);
    const appendGrouped = groupedAppendToStreams(sql);
    const together = await Promise.all(
      wallets.map((w, i) => appendGrouped([append(`${w}-bet`, NO_STREAM, i), append(w, 1, i)])),
    );
    expect(sql.statements).toBe(1);
    expect(together.every((r) => !r.alreadyStored)).toBe(true);
    sql.statements = 0;
    const outcomes = await Promise.allSettled(
      wallets.map((w, i) =>
        appendGrouped([append(`${w}-bet2`, NO_STREAM, i), append(w, i === 2 ? 1 : 2, i)]),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(isWrongExpectedVersion((outcomes[2] as PromiseRejectedResult).reason)).toBe(true);
    expect((await store.readStream(`${wallets[2]}-bet2`)).streamExists).toBe(false);
    expect(await numbers(wallets[2]!)).toEqual([0, 2]);
    // The group, then each call alone (the failed one also reads why it failed).
    expect(sql.statements).toBeGreaterThanOrEqual(1 + wallets.length);
  });

  it('readStreams: each stream from its position, with its version, in one statement; the helper falls back to readStream', async () => {
    const [a, b, absent] = [name('a'), name('b'), name('absent')];
    await store.appendToStreams([append(a, NO_STREAM, 1, 2, 3), append(b, NO_STREAM, 4)]);
    const requests = [{ streamName: a, from: 2 }, { streamName: absent }, { streamName: b, from: 5 }];
    const direct = await store.readStreams!(requests);
    const { readStream } = store;
    const fallback = await readStreams({ ...store, readStreams: undefined, readStream }, requests);
    for (const results of [direct, fallback]) {
      expect(results.map((r) => r.events.map((e) => (e.data as { n: number }).n))).toEqual([[2, 3], [], []]);
      expect(results.map((r) => [r.currentVersion, r.streamExists])).toEqual([
        [3, true],
        [0, false],
        [1, true],
      ]);
    }
    expect(direct[0]!.events).toEqual((await store.readStream(a, { from: 2 })).events);
    const sql = countingExecutor(db.sql);
    const grouped = groupedReadStreams(sql);
    await Promise.all([
      grouped([{ streamName: a }]),
      grouped([{ streamName: b }, { streamName: a, from: 3 }]),
    ]);
    expect(sql.statements).toBe(1);
  });

  /**
   * A model of the store: each stream's events. Calls are applied in turn to the store and the model;
   * the store must accept exactly what the model accepts, and end with the same streams.
   */
  it('accepts exactly the calls whose every version holds, all or nothing (property)', async () => {
    const expectedArb = fc.constantFrom('right', 'stale', 'ahead', 'any', 'exists', 'none');
    const callArb = fc.record({
      streams: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 3 }),
      expected: fc.array(expectedArb, { minLength: 3, maxLength: 3 }),
      sizes: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 3, maxLength: 3 }),
      repeat: fc.boolean(),
    });
    // Streams of this attempt's own (a retried attempt must not meet the first one's streams).
    const attempt = randomUUID().slice(0, 8);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(callArb, { minLength: 1, maxLength: 8 }), async (calls) => {
        run++;
        const model = new Map<string, number[]>();
        const sent: StreamAppendRequest[][] = [];
        let n = 0;
        for (const call of calls) {
          const requests = call.streams.map((s, k): StreamAppendRequest => {
            const stream = `prop${attempt}-${run}-${s}`;
            const version = model.get(stream)?.length;
            const choice = call.expected[k]!;
            const expectedVersion: ExpectedVersion =
              choice === 'right'
                ? (version ?? 0)
                : choice === 'stale'
                  ? Math.max(0, (version ?? 0) - 1) + (version ? 0 : 1)
                  : choice === 'ahead'
                    ? (version ?? 0) + 1
                    : choice === 'any'
                      ? ANY
                      : choice === 'exists'
                        ? STREAM_EXISTS
                        : NO_STREAM;
            return {
              streamName: stream,
              expectedVersion,
              events: Array.from({ length: call.sizes[k]! }, () => event(++n)),
            };
          });
          const holds = requests.every((r) => {
            const version = model.get(r.streamName)?.length;
            const e = r.expectedVersion;
            if (e === ANY) return true;
            if (e === STREAM_EXISTS) return version !== undefined;
            if (e === NO_STREAM || e === 0) return version === undefined;
            return version === e;
          });
          const outcome = await store.appendToStreams(requests).then(
            (result) => result,
            (error: unknown) => error,
          );
          if (holds) {
            expect(outcome).not.toBeInstanceOf(Error);
            for (const r of requests) {
              if (r.events.length === 0) continue;
              model.set(r.streamName, [
                ...(model.get(r.streamName) ?? []),
                ...r.events.map((e) => (e.data as { n: number }).n),
              ]);
            }
            sent.push(requests);
          } else {
            expect(isWrongExpectedVersion(outcome)).toBe(true);
          }
          // Sending an accepted call again writes nothing and answers alreadyStored.
          if (call.repeat && sent.length > 0 && sent.at(-1)!.some((r) => r.events.length > 0)) {
            const again = await store.appendToStreams(sent.at(-1)!);
            expect(again.alreadyStored).toBe(true);
          }
        }
        for (let s = 0; s < 4; s++) {
          const stream = `prop${attempt}-${run}-${s}`;
          const read = await store.readStream(stream);
          expect(read.events.map((e) => (e.data as { n: number }).n)).toEqual(model.get(stream) ?? []);
          expect(read.currentVersion).toBe(model.get(stream)?.length ?? 0);
        }
      }),
      { numRuns: kind === 'pglite' ? 25 : 40 },
    );
  });

  it('concurrent calls over shared streams: each is written whole or not at all (property)', async () => {
    // Streams of this attempt's own (a retried attempt must not meet the first one's streams).
    const attempt = randomUUID().slice(0, 8);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 3 }), {
          minLength: 2,
          maxLength: 10,
        }),
        async (calls) => {
          run++;
          for (let s = 0; s < 5; s++) await store.appendToStream(`conc${attempt}-${run}-${s}`, [event(0)]);
          // Every call expects version 1 of its streams: of calls sharing a stream at most one wins.
          const outcomes = await Promise.allSettled(
            calls.map((streams, c) =>
              store.appendToStreams(streams.map((s) => append(`conc${attempt}-${run}-${s}`, 1, c + 1))),
            ),
          );
          const owner = new Map<number, number>();
          for (const [c, outcome] of outcomes.entries()) {
            if (outcome.status === 'rejected') {
              expect(isWrongExpectedVersion(outcome.reason)).toBe(true);
              continue;
            }
            for (const s of calls[c]!) {
              expect(owner.has(s)).toBe(false);
              owner.set(s, c + 1);
            }
          }
          for (let s = 0; s < 5; s++)
            expect(await numbers(`conc${attempt}-${run}-${s}`)).toEqual(
              owner.has(s) ? [0, owner.get(s)] : [0],
            );
        },
      ),
      { numRuns: 15 },
    );
  });
});
