/**
 * The runner with the events outside the read models' database (issue 14 part 2, architecture.md §3):
 * events in the in-memory adapter, read models and checkpoints in PGlite — the layout of
 * `EVENT_STORE=memory` (and, with KurrentDB, of `EVENT_STORE=kurrentdb`). The runner then reads the log
 * outside its PostgreSQL transaction and commits read-model writes and checkpoint together.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryEventStore } from '@bashiri/eventstore';
import { openTestDatabase } from '@bashiri/eventstore/testing';
import type { EventStore } from '@bashiri/eventstore';
import type { TestDatabase } from '@bashiri/eventstore/testing';
import { createProjectionRunner, migrateProjections } from './runner.ts';
import type { Projection } from './projection.ts';

describe('projection runner: events in memory, read models in PGlite', () => {
  let db: TestDatabase;
  let store: EventStore;
  let failOn: string | null = null;
  const prefix = `acct${randomUUID().slice(0, 6)}-`;
  const projection: Projection = {
    name: 'rm_elsewhere',
    filter: { streamPrefixes: [prefix] },
    apply: async (event, tx) => {
      if (event.eventId === failOn) throw new Error('crash between writes and commit');
      const { amount } = event.data as { amount: number };
      await tx.query(
        `INSERT INTO rm_elsewhere (stream, balance) VALUES ($1, $2)
         ON CONFLICT (stream) DO UPDATE SET balance = rm_elsewhere.balance + $2`,
        [event.streamName, amount],
      );
      await tx.query('INSERT INTO rm_elsewhere_log (event_id) VALUES ($1)', [event.eventId]);
    },
    reset: async (tx) => {
      await tx.query('DELETE FROM rm_elsewhere');
      await tx.query('DELETE FROM rm_elsewhere_log');
    },
  };
  const balances = async () =>
    (await db.sql.query('SELECT stream, balance::int FROM rm_elsewhere ORDER BY stream')).rows;

  // A database and store of each attempt's own: the test counts what one runner applies from an empty
  // log and checkpoint (a retry would start from its first attempt's).
  beforeEach(async () => {
    failOn = null;
    db = await openTestDatabase('pglite');
    store = createMemoryEventStore();
    await migrateProjections(db.sql);
    await db.sql.query('CREATE TABLE rm_elsewhere (stream text PRIMARY KEY, balance bigint NOT NULL)');
    // The primary key makes a second application of any event fail loudly.
    await db.sql.query('CREATE TABLE rm_elsewhere_log (event_id uuid PRIMARY KEY)');
  });
  afterEach(async () => {
    await store.close();
    await db.dispose();
  });

  it('applies multi-stream appends once each, resumes from its checkpoint, and survives a failed batch', async () => {
    const runner = createProjectionRunner({ sql: db.sql, store, projections: [projection], batchSize: 2 });
    await store.appendToStreams([
      { streamName: `${prefix}a`, events: [{ type: 'Moved', data: { amount: 100 } }], expectedVersion: 0 },
      { streamName: `${prefix}b`, events: [{ type: 'Moved', data: { amount: -100 } }], expectedVersion: 0 },
    ]);
    expect(await runner.catchUp(projection)).toBe(2);
    const second = await store.appendToStreams([
      {
        streamName: `${prefix}a`,
        events: [
          { type: 'Moved', data: { amount: 5 } },
          { type: 'Moved', data: { amount: 7 } },
        ],
        expectedVersion: 1,
      },
      { streamName: `${prefix}b`, events: [{ type: 'Moved', data: { amount: -12 } }], expectedVersion: 1 },
    ]);
    const [, , last] = (await store.readAll({ after: null, maxCount: 10 })).events.slice(2);
    expect(last!.logPosition).toBe(second.streams[1]!.lastLogPosition);
    failOn = last!.eventId; // this catch-up commits one batch of two, then its second batch fails
    await expect(runner.catchUp(projection)).rejects.toThrow('crash');
    failOn = null;
    expect(await runner.catchUp(projection)).toBe(1);
    expect(await balances()).toEqual([
      { stream: `${prefix}a`, balance: 112 },
      { stream: `${prefix}b`, balance: -112 },
    ]);
  });
});
