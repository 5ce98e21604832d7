/** `appendStreamsAtomically`: several streams in one statement, all or nothing without a transaction. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableSqlKinds, openTestDatabase } from '../testing/databases.ts';
import type { TestDatabase } from '../testing/databases.ts';
import { isWrongExpectedVersion } from '../errors.ts';
import { openSqlEventStore } from './adapters.ts';
import { appendStreamsAtomically } from './atomic.ts';
import type { SqlEventStore } from './store.ts';

describe.each(availableSqlKinds())('appendStreamsAtomically (%s)', (kind) => {
  let db: TestDatabase;
  let store: SqlEventStore;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    store = await openSqlEventStore(db.sql);
  });
  afterAll(async () => db.dispose());

  const event = (n: number) => ({ type: 'Happened', data: { n } });
  const streamEvents = async (stream: string) =>
    (await store.readStream(stream)).events.map((e) => [e.streamPosition, (e.data as { n: number }).n]);

  /**
   * Streams of the calling attempt's own (a retry must not meet its first attempt's): a wallet with one
   * event, then the wallet and a new bet stream appended together. The names are returned.
   */
  const walletAndBet = async () => {
    const suffix = randomUUID().slice(0, 8);
    const streams = {
      wallet: `wallet-a${suffix}`,
      bet1: `bet-1${suffix}`,
      bet2: `bet-2${suffix}`,
      bet3: `bet-3${suffix}`,
    };
    await store.appendToStream(streams.wallet, [event(1)]);
    await appendStreamsAtomically(db.sql, [
      { streamName: streams.bet1, expectedVersion: 0, events: [event(10), event(11)] },
      { streamName: streams.wallet, expectedVersion: 1, events: [event(2)] },
    ]);
    return streams;
  };

  it('appends to a new stream and an existing one together, at their exact versions', async () => {
    const { wallet, bet1 } = await walletAndBet();
    expect(await streamEvents(bet1)).toEqual([
      [1, 10],
      [2, 11],
    ]);
    expect(await streamEvents(wallet)).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it('writes nothing at all when one stream moved on: the other stream is untouched too', async () => {
    const { wallet, bet1, bet2 } = await walletAndBet();
    // The new stream exists already (the same request placed before): the wallet must not move.
    const existing = await appendStreamsAtomically(db.sql, [
      { streamName: bet1, expectedVersion: 0, events: [event(12)] },
      { streamName: wallet, expectedVersion: 2, events: [event(3)] },
    ]).catch((error: unknown) => error);
    expect(isWrongExpectedVersion(existing)).toBe(true);
    // A stale version of the existing stream: the new stream must not be created.
    const stale = await appendStreamsAtomically(db.sql, [
      { streamName: bet2, expectedVersion: 0, events: [event(20)] },
      { streamName: wallet, expectedVersion: 1, events: [event(3)] },
    ]).catch((error: unknown) => error);
    expect(isWrongExpectedVersion(stale)).toBe(true);
    expect(await streamEvents(wallet)).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(await streamEvents(bet1)).toHaveLength(2);
    expect((await store.readStream(bet2)).streamExists).toBe(false);
    const versions = await db.sql.query<{ stream_name: string; version: string }>(
      `SELECT stream_name, version::text FROM es_streams WHERE stream_name IN ($1, $2, $3) ORDER BY 1`,
      [bet1, bet2, wallet],
    );
    expect(versions.rows).toEqual([
      { stream_name: bet1, version: '2' },
      { stream_name: wallet, version: '2' },
    ]);
  });

  it('a repeated event id aborts the whole statement', async () => {
    const { wallet, bet3 } = await walletAndBet();
    const [stored] = (await store.readStream(wallet)).events;
    const error = await appendStreamsAtomically(db.sql, [
      { streamName: bet3, expectedVersion: 0, events: [event(30)] },
      { streamName: wallet, expectedVersion: 2, events: [{ ...event(4), eventId: stored!.eventId }] },
    ]).catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe('23505');
    expect((await store.readStream(bet3)).streamExists).toBe(false);
    expect(await streamEvents(wallet)).toHaveLength(2);
  });
});
