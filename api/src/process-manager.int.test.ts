/**
 * The process-manager helper (`drainQueue`): every item done once by concurrent drains, failed
 * effects release their lease, an expired lease is taken again, lanes run batches of disjoint players
 * at once.
 */
import { openTestDatabase } from '@bashiri/eventstore/testing';
import type { TestDatabase } from '@bashiri/eventstore/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainQueue, leaseStatement } from './process-manager.ts';
import type { WorkQueue } from './process-manager.ts';

const QUEUE: WorkQueue = { table: 'pm_test_queue', columns: ['item_id'], tiebreak: 'item_id' };

describe('drainQueue', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    await db.sql.query(`CREATE TABLE pm_test_queue (
      item_id text PRIMARY KEY, payload text NOT NULL DEFAULT '', player text, queued_at timestamptz NOT NULL DEFAULT now(),
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

  it('lanes run batches at once, never two batches of one player at a time, each item once', async () => {
    const lanes: WorkQueue = { ...QUEUE, columns: ['item_id', 'player'], partitionBy: 'player' };
    const ids = Array.from({ length: 60 }, (_, i) => `l${String(i).padStart(2, '0')}`);
    await enqueue(ids);
    // Eleven players, and one item without a player (a row queued before the column: one lane).
    await db.sql.query(
      `UPDATE pm_test_queue SET player = CASE WHEN item_id = 'l00' THEN NULL
         ELSE 'p' || (substr(item_id, 2)::int % 11) END`,
    );
    const busy = new Set<string | null>();
    let inFlight = 0;
    let most = 0;
    const seen: string[] = [];
    const done = await drainQueue<{ item_id: string; player: string | null }>(
      db.sql,
      lanes,
      async (items) => {
        const players = new Set(items.map((i) => i.player));
        for (const p of players) expect(busy.has(p)).toBe(false);
        for (const p of players) busy.add(p);
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        seen.push(...items.map((i) => i.item_id));
        for (const p of players) busy.delete(p);
        inFlight--;
      },
      { batchSize: 4, lanes: 3 },
    );
    expect(done).toBe(60);
    expect(seen.sort()).toEqual(ids);
    expect(most).toBeGreaterThan(1);
    expect(await left()).toBe(0);
  });

  it('refuses lanes without a column to deal them by, and throws a failure of one lane after the others end', async () => {
    await enqueue(['x1', 'x2']);
    await expect(drainQueue(db.sql, QUEUE, async () => undefined, { lanes: 2 })).rejects.toThrow(
      'no partitionBy',
    );
    const lanes: WorkQueue = { ...QUEUE, columns: ['item_id', 'player'], partitionBy: 'player' };
    const ids = Array.from({ length: 20 }, (_, i) => `f${String(i).padStart(2, '0')}`);
    await enqueue(ids);
    await db.sql.query(`UPDATE pm_test_queue SET player = item_id`);
    const failing = ids[0]!;
    let finished = 0;
    await expect(
      drainQueue<{ item_id: string }>(
        db.sql,
        lanes,
        async (items) => {
          if (items.some((i) => i.item_id === failing)) throw new Error('down');
          await new Promise((resolve) => setTimeout(resolve, 2));
          finished += items.length;
        },
        { batchSize: 1, lanes: 2 },
      ),
    ).rejects.toThrow('down');
    // The other lane ran to its end: only the failed lane's items (from the failure on) are left.
    expect(finished + (await left())).toBe(20);
    expect(await left()).toBeGreaterThanOrEqual(1);
    expect(await left()).toBeLessThan(20);
  });

  it('a lane leases through the order index, not a sort of the whole queue', async () => {
    // 20,000 items of 1,000 players: with the lane written `% n = k` the planner expected 0.5 % of the
    // rows to match and sorted the whole queue on every lease (bench:feed, decision 0168).
    await db.sql.query(`CREATE TABLE pm_plan_queue (
      item_id text PRIMARY KEY, player text, queued_at timestamptz NOT NULL DEFAULT now(),
      leased_until timestamptz, lease_id uuid)`);
    await db.sql.query('CREATE INDEX pm_plan_queue_order ON pm_plan_queue (queued_at, item_id)');
    await db.sql.query(
      `INSERT INTO pm_plan_queue (item_id, player)
       SELECT md5(i::text), 'player-' || (i % 1000) FROM generate_series(1, 20000) AS i`,
    );
    await db.sql.query('ANALYZE pm_plan_queue');
    const queue: WorkQueue = {
      table: 'pm_plan_queue',
      columns: ['item_id', 'player'],
      tiebreak: 'item_id',
      partitionBy: 'player',
    };
    for (const lanes of [2, 4])
      for (const keyset of [false, true]) {
        const params = [250, 60, '00000000-0000-0000-0000-000000000000'];
        const { rows } = await db.sql.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN ${leaseStatement(queue, keyset, { lane: 1, lanes })}`,
          keyset ? [...params, '2000-01-01 00:00:00+00', ''] : params,
        );
        const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        // (The update's join back by ctid is the planner's own business: a Tid Scan on PostgreSQL 15.)
        expect(plan).toContain('Index Scan using pm_plan_queue_order on pm_plan_queue');
        expect(plan).not.toContain('Sort');
      }
    await db.sql.query('DROP TABLE pm_plan_queue');
  });
});
