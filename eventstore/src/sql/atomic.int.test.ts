/** `appendStreamsAtomically`: several streams in one statement, all or nothing without a transaction. */
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

  it('appends to a new stream and an existing one together, at their exact versions', async () => {
    await store.appendToStream('wallet-a', [event(1)]);
    await appendStreamsAtomically(db.sql, [
      { streamName: 'bet-1', expectedVersion: 0, events: [event(10), event(11)] },
      { streamName: 'wallet-a', expectedVersion: 1, events: [event(2)] },
    ]);
    expect(await streamEvents('bet-1')).toEqual([
      [1, 10],
      [2, 11],
    ]);
    expect(await streamEvents('wallet-a')).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it('writes nothing at all when one stream moved on: the other stream is untouched too', async () => {
    // The new stream exists already (the same request placed before): the wallet must not move.
    const existing = await appendStreamsAtomically(db.sql, [
      { streamName: 'bet-1', expectedVersion: 0, events: [event(12)] },
      { streamName: 'wallet-a', expectedVersion: 2, events: [event(3)] },
    ]).catch((error: unknown) => error);
    expect(isWrongExpectedVersion(existing)).toBe(true);
    // A stale version of the existing stream: the new stream must not be created.
    const stale = await appendStreamsAtomically(db.sql, [
      { streamName: 'bet-2', expectedVersion: 0, events: [event(20)] },
      { streamName: 'wallet-a', expectedVersion: 1, events: [event(3)] },
    ]).catch((error: unknown) => error);
    expect(isWrongExpectedVersion(stale)).toBe(true);
    expect(await streamEvents('wallet-a')).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(await streamEvents('bet-1')).toHaveLength(2);
    expect((await store.readStream('bet-2')).streamExists).toBe(false);
    const versions = await db.sql.query<{ stream_name: string; version: string }>(
      `SELECT stream_name, version::text FROM es_streams WHERE stream_name IN ('bet-1', 'bet-2', 'wallet-a') ORDER BY 1`,
    );
    expect(versions.rows).toEqual([
      { stream_name: 'bet-1', version: '2' },
      { stream_name: 'wallet-a', version: '2' },
    ]);
  });

  it('a repeated event id aborts the whole statement', async () => {
    const [stored] = (await store.readStream('wallet-a')).events;
    const error = await appendStreamsAtomically(db.sql, [
      { streamName: 'bet-3', expectedVersion: 0, events: [event(30)] },
      { streamName: 'wallet-a', expectedVersion: 2, events: [{ ...event(4), eventId: stored!.eventId }] },
    ]).catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe('23505');
    expect((await store.readStream('bet-3')).streamExists).toBe(false);
    expect(await streamEvents('wallet-a')).toHaveLength(2);
  });
});
