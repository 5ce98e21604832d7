/**
 * `groupedAtomicAppend`: concurrent atomic appends go as one statement, and each call keeps the
 * contract of a lone `appendStreamsAtomically` (all of its streams at their exact versions, or none).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableSqlKinds, countingExecutor, openTestDatabase } from '../testing/databases.ts';
import type { TestDatabase } from '../testing/databases.ts';
import { isWrongExpectedVersion } from '../errors.ts';
import { openSqlEventStore } from './adapters.ts';
import { groupedAtomicAppend } from './grouped.ts';
import type { SqlEventStore, StreamAppend } from './store.ts';

describe.each(availableSqlKinds())('groupedAtomicAppend (%s)', (kind) => {
  let db: TestDatabase;
  let store: SqlEventStore;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    store = await openSqlEventStore(db.sql);
  });
  afterAll(async () => db.dispose());

  /** A stream-name prefix of the calling attempt's own (a retry must not meet its first attempt's streams). */
  const own = (label: string) => `${label}${randomUUID().slice(0, 8)}`;
  /** The pool behind a fresh grouper, counting the statements sent. */
  const counting = () => countingExecutor(db.sql);
  const event = (n: number) => ({ type: 'Happened', data: { n } });
  const numbers = async (stream: string) =>
    (await store.readStream(stream)).events.map((e) => (e.data as { n: number }).n);
  /** A placement's shape: a new bet stream and the wallet at its version. */
  const placement = (bet: string, wallet: string, walletVersion: number, n: number): StreamAppend[] => [
    { streamName: bet, expectedVersion: 0, events: [event(n)] },
    { streamName: wallet, expectedVersion: walletVersion, events: [event(n)] },
  ];

  it('writes the appends of concurrent calls in one statement', async () => {
    const g1 = own('g1');
    for (let w = 0; w < 10; w++) await store.appendToStream(`${g1}-wallet-${w}`, [event(0)]);
    const sql = counting();
    await Promise.all(
      Array.from({ length: 10 }, (_, w) =>
        groupedAtomicAppend(sql, placement(`${g1}-bet-${w}`, `${g1}-wallet-${w}`, 1, w)),
      ),
    );
    expect(sql.statements).toBe(1);
    for (let w = 0; w < 10; w++) {
      expect(await numbers(`${g1}-bet-${w}`)).toEqual([w]);
      expect(await numbers(`${g1}-wallet-${w}`)).toEqual([0, w]);
    }
  });

  it('a call whose stream moved on fails alone: the others of its group are written, it writes nothing', async () => {
    const g2 = own('g2');
    for (let w = 0; w < 5; w++) await store.appendToStream(`${g2}-wallet-${w}`, [event(0)]);
    const sql = counting();
    const outcomes = await Promise.allSettled(
      // Wallet 2 is appended at a stale version (0 instead of 1).
      Array.from({ length: 5 }, (_, w) =>
        groupedAtomicAppend(sql, placement(`${g2}-bet-${w}`, `${g2}-wallet-${w}`, w === 2 ? 0 : 1, w)),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(isWrongExpectedVersion((outcomes[2] as PromiseRejectedResult).reason)).toBe(true);
    expect((await store.readStream(`${g2}-bet-2`)).streamExists).toBe(false);
    expect(await numbers(`${g2}-wallet-2`)).toEqual([0]);
    for (const w of [0, 1, 3, 4]) expect(await numbers(`${g2}-wallet-${w}`)).toEqual([0, w]);
    // The group, then each call on its own.
    expect(sql.statements).toBe(1 + 5);
  });

  it('two calls on the same new stream: exactly one is written', async () => {
    const g3 = own('g3');
    await store.appendToStream(`${g3}-wallet-a`, [event(0)]);
    await store.appendToStream(`${g3}-wallet-b`, [event(0)]);
    const sql = counting();
    const outcomes = await Promise.allSettled([
      groupedAtomicAppend(sql, placement(`${g3}-bet`, `${g3}-wallet-a`, 1, 1)),
      groupedAtomicAppend(sql, placement(`${g3}-bet`, `${g3}-wallet-b`, 1, 2)),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const written = await numbers(`${g3}-bet`);
    expect(written).toHaveLength(1);
    // Only the winner's wallet moved.
    expect(await numbers(`${g3}-wallet-${written[0] === 1 ? 'a' : 'b'}`)).toEqual([0, written[0]]);
    expect(await numbers(`${g3}-wallet-${written[0] === 1 ? 'b' : 'a'}`)).toEqual([0]);
  });

  it('writes exactly the calls whose versions were right, whatever the mix (property)', async () => {
    const attempt = own('p');
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }), async (right) => {
        run++;
        for (let w = 0; w < right.length; w++)
          await store.appendToStream(`${attempt}${run}-wallet-${w}`, [event(0)]);
        const sql = counting();
        const outcomes = await Promise.allSettled(
          right.map((ok, w) =>
            groupedAtomicAppend(
              sql,
              placement(`${attempt}${run}-bet-${w}`, `${attempt}${run}-wallet-${w}`, ok ? 1 : 5, w),
            ),
          ),
        );
        for (const [w, ok] of right.entries()) {
          expect(outcomes[w]!.status).toBe(ok ? 'fulfilled' : 'rejected');
          expect(await numbers(`${attempt}${run}-wallet-${w}`)).toEqual(ok ? [0, w] : [0]);
          expect((await store.readStream(`${attempt}${run}-bet-${w}`)).streamExists).toBe(ok);
        }
      }),
      { numRuns: 15 },
    );
  });
});
