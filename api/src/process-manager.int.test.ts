/**
 * The process-manager helper (`drainQueue`): every item done once by concurrent drains, failed
 * effects release their lease, an expired lease is taken again.
 */
import { openTestDatabase } from '@bashiri/eventstore/testing';
import type { TestDatabase } from '@bashiri/eventstore/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainQueue } from './process-manager.ts';
import type { WorkQueue } from './process-manager.ts';

const QUEUE: WorkQueue = { table: 'pm_test_queue', columns: ['item_id'], tiebreak: 'item_id' };

describe('drainQueue', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    await db.sql.query(`CREATE TABLE pm_test_queue (
      item_id text PRIMARY KEY, payload text NOT NULL DEFAULT '', queued_at timestamptz NOT NULL DEFAULT now(),
      leased_until timestamptz, lease_id uuid)`);
  });
  afterAll(async () => db.dispose());

  const enqueue = async (ids: readonly string[]) => {
    await db.sql.query('DELETE FROM pm_test_queue');
    await db.sql.query('INSERT INTO pm_test_queue (item_id) SELECT unnest($1::text[])', [ids]);
  };
  const left = async () =>
    (await db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM pm_test_queue')).rows[0]!.n;

  it('concurrent drains do every item exactly once, in batches, and empty the queue (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1, max: 3 }),
        async (count, batchSize, workers) => {
          await enqueue(Array.from({ length: count }, (_, i) => `i${String(i).padStart(3, '0')}`));
          const seen: string[] = [];
          const done = await Promise.all(
            Array.from({ length: workers }, () =>
              drainQueue<{ item_id: string }>(
                db.sql,
                QUEUE,
                async (items) => {
                  expect(items.length).toBeLessThanOrEqual(batchSize);
                  seen.push(...items.map((i) => i.item_id));
                },
                { batchSize },
              ),
            ),
          );
          expect(done.reduce((a, b) => a + b, 0)).toBe(count);
          expect(seen.sort()).toEqual(
            Array.from({ length: count }, (_, i) => `i${String(i).padStart(3, '0')}`),
          );
          expect(await left()).toBe(0);
        },
      ),
      { numRuns: 20 },
    );
  });

  it('drains on a partition each lease only their part (keys never shared between parts) and together do every item once', async () => {
    // The payload plays the key (a player): 30 items over 7 keys, one key NULL-like ('').
    await db.sql.query('DELETE FROM pm_test_queue');
    await db.sql.query(
      `INSERT INTO pm_test_queue (item_id, payload)
       SELECT 'p' || lpad(i::text, 3, '0'), CASE WHEN i % 7 = 0 THEN '' ELSE 'key-' || (i % 7) END
       FROM generate_series(1, 30) AS i`,
    );
    const keysOf: Set<string>[] = [new Set(), new Set(), new Set()];
    const seen: string[] = [];
    const done = await Promise.all(
      [0, 1, 2].map((index) =>
        drainQueue<{ item_id: string; payload: string }>(
          db.sql,
          { table: 'pm_test_queue', columns: ['item_id', 'payload'], tiebreak: 'item_id' },
          async (items) => {
            for (const item of items) {
              keysOf[index]!.add(item.payload);
              seen.push(item.item_id);
            }
          },
          { batchSize: 4, partition: { column: 'payload', count: 3, index } },
        ),
      ),
    );
    expect(done.reduce((a, b) => a + b, 0)).toBe(30);
    expect(new Set(seen).size).toBe(30);
    for (const key of ['', 'key-1', 'key-2', 'key-3', 'key-4', 'key-5', 'key-6'])
      expect(keysOf.filter((keys) => keys.has(key)).length, key).toBe(1);
    expect(await left()).toBe(0);
    await expect(
      drainQueue(db.sql, QUEUE, async () => undefined, {
        partition: { column: 'payload', count: 2, index: 2 },
      }),
    ).rejects.toThrow('bad queue partition');
  });

  it('one drain does the whole queue, batch after batch, when the tiebreak is not among the columns', async () => {
    // The pool's queue hands out (kind, ref, arg) and breaks ties on `item`: a drain that lost the
    // tiebreak stopped after its first batch, and 100,000 tickets took 400 worker passes to settle.
    const payloadOnly: WorkQueue = { ...QUEUE, columns: ['payload'] };
    const ids = Array.from({ length: 23 }, (_, i) => `p${String(i).padStart(2, '0')}`);
    await enqueue(ids);
    await db.sql.query(`UPDATE pm_test_queue SET payload = 'x' || item_id`);
    const batches: string[][] = [];
    const done = await drainQueue<{ payload: string }>(
      db.sql,
      payloadOnly,
      async (items) => {
        batches.push(items.map((i) => i.payload));
      },
      { batchSize: 5 },
    );
    expect(done).toBe(23);
    expect(batches.map((b) => b.length)).toEqual([5, 5, 5, 5, 3]);
    expect(batches.flat().sort()).toEqual(ids.map((id) => `x${id}`));
    expect(await left()).toBe(0);
  });

  it('effects that fail release the lease: the items stay and the next drain does them', async () => {
    await enqueue(['a', 'b']);
    const failing = drainQueue(db.sql, QUEUE, () => Promise.reject(new Error('down')));
    await expect(failing).rejects.toThrow('down');
    expect(await left()).toBe(2);
    expect(await drainQueue(db.sql, QUEUE, async () => undefined)).toBe(2);
    expect(await left()).toBe(0);
  });

  it('an item under a live lease is skipped; once the lease has ended it is leased again', async () => {
    await enqueue(['held', 'free']);
    await db.sql.query(
      `UPDATE pm_test_queue SET leased_until = now() + interval '1 hour', lease_id = gen_random_uuid()
       WHERE item_id = 'held'`,
    );
    const first: string[] = [];
    await drainQueue<{ item_id: string }>(db.sql, QUEUE, async (items) => {
      first.push(...items.map((i) => i.item_id));
    });
    expect(first).toEqual(['free']);
    // The holder died: its lease ends, and the item is done by the next drain.
    await db.sql.query(`UPDATE pm_test_queue SET leased_until = now() - interval '1 second'`);
    const second: string[] = [];
    await drainQueue<{ item_id: string }>(db.sql, QUEUE, async (items) => {
      second.push(...items.map((i) => i.item_id));
    });
    expect(second).toEqual(['held']);
    expect(await left()).toBe(0);
  });
});
