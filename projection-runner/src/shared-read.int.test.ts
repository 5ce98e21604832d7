import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlEventStore } from '@bashiri/eventstore';
import { availableSqlKinds, openTestDatabase } from '@bashiri/eventstore/testing';
import type { ReadAllOptions, RecordedEvent, SqlEventStore, SqlExecutor } from '@bashiri/eventstore';
import type { TestDatabase } from '@bashiri/eventstore/testing';
import { createProjectionRunner, migrateProjections } from './runner.ts';
import type { Projection } from './projection.ts';

/**
 * Shared reads (decision 0200): projections of a group read the union of their filters once and keep
 * their own events. Each read model logs every event it applies under a primary key (a second
 * application fails the batch) and the tests compare the logs with the log's own events of each filter
 * (a missed event shows).
 */
const logging = (
  table: string,
  prefixes: readonly string[],
  hooks: { beforeApply?: (e: RecordedEvent) => Promise<void> } = {},
): Projection => ({
  name: table,
  filter: { streamPrefixes: prefixes },
  apply: async (event, tx) => {
    await hooks.beforeApply?.(event);
    await tx.query(`INSERT INTO ${table} (event_id, stream) VALUES ($1, $2)`, [
      event.eventId,
      event.streamName,
    ]);
  },
  reset: async (tx) => {
    await tx.query(`DELETE FROM ${table}`);
  },
});

describe.each(availableSqlKinds())('shared reads (%s)', (kind) => {
  let db: TestDatabase;
  let store: SqlEventStore;
  let n = 0;
  /** Reads of the log the runner made (through its transaction). */
  let reads = 0;
  /** The store as the runner sees it, counting its reads of the log. */
  let counted: SqlEventStore;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    store = await openSqlEventStore(db.sql);
    counted = {
      ...store,
      readAllWithin: (executor: SqlExecutor, options: ReadAllOptions) => {
        reads++;
        return store.readAllWithin(executor, options);
      },
    };
    await migrateProjections(db.sql);
  });
  afterAll(async () => {
    await store.close();
    await db.dispose();
  });

  /** Three prefixes (categories) and three projections over them: [a], [a, b], [b, a, c]. */
  const fresh = async (hooks: { beforeApply?: (e: RecordedEvent) => Promise<void> } = {}) => {
    const id = `${kind.slice(0, 2)}${++n}${randomUUID().slice(0, 4)}`;
    const [a, b, c] = ['a', 'b', 'c'].map((k) => `sh${k}${id}-`) as [string, string, string];
    const tables = [`sh_${id}_one`, `sh_${id}_two`, `sh_${id}_three`];
    for (const table of tables)
      await db.sql.query(`CREATE TABLE ${table} (event_id uuid PRIMARY KEY, stream text NOT NULL)`);
    const projections = [
      logging(tables[0]!, [a]),
      logging(tables[1]!, [a, b], hooks),
      logging(tables[2]!, [b, a, c]),
    ];
    return { a, b, c, projections };
  };

  /** The event ids a projection applied, and the ids its filter takes in the log, both in log order. */
  const applied = async (projection: Projection) =>
    (await db.sql.query<{ event_id: string }>(`SELECT event_id::text FROM ${projection.name}`)).rows
      .map((r) => r.event_id)
      .sort();
  const expected = async (projection: Projection) =>
    (await store.readAll({ after: null, maxCount: 100_000, filter: projection.filter! })).events
      .map((e) => e.eventId)
      .sort();

  const append = async (stream: string, count = 1) => {
    for (let i = 0; i < count; i++) await store.appendToStream(stream, [{ type: 'Moved', data: {} }]);
  };

  it('each projection applies every event of its own filter once, from one read per span', async () => {
    const { a, b, c, projections } = await fresh();
    for (let i = 0; i < 20; i++) await append(`${[a, b, c][i % 3]}${i % 4}`);
    const runner = createProjectionRunner({
      sql: db.sql,
      store: counted,
      projections,
      batchSize: 4,
      sharedReads: [projections.map((p) => p.name)],
    });
    reads = 0;
    // In turn, one batch each: the first reads, the other two take its events from the window.
    for (let round = 0; round < 6; round++) for (const p of projections) await runner.runBatch(p);
    await runner.settle();
    for (const p of projections) expect(await applied(p)).toEqual(await expected(p));
    // 20 events in pages of 4: five full pages and the read that finds nothing more, once for the
    // group rather than once per projection (a fresh read ends every batch not cut at the batch size).
    expect(reads).toBeLessThan(2 * 6 + 3);
    const checkpoints = await db.sql.query<{ name: string; events_applied: string }>(
      'SELECT name, events_applied::text FROM projection_checkpoints WHERE name = ANY ($1) ORDER BY name',
      [projections.map((p) => p.name)],
    );
    expect(checkpoints.rows.map((r) => Number(r.events_applied))).toEqual(
      await Promise.all(
        [...projections]
          .sort((x, y) => (x.name < y.name ? -1 : 1))
          .map(async (p) => (await expected(p)).length),
      ),
    );
  });

  it('the window kept from an earlier read never hides events appended after it (settle sees them)', async () => {
    const { a, b, projections } = await fresh();
    const runner = createProjectionRunner({
      sql: db.sql,
      store: counted,
      projections,
      batchSize: 100,
      sharedReads: [projections.map((p) => p.name)],
    });
    await append(`${a}x`, 3);
    await runner.runBatch(projections[0]!); // reads the three and keeps the page
    await append(`${a}x`, 2);
    await append(`${b}y`, 2);
    // The second projection starts from the same checkpoint: the window, then a fresh read.
    expect(await runner.catchUp(projections[1]!)).toBe(7);
    await runner.settle();
    for (const p of projections) expect(await applied(p)).toEqual(await expected(p));
  });

  it('a span cut at the batch size with few events of its own still runs on (catchUp, settle)', async () => {
    const { a, b, projections } = await fresh();
    const runner = createProjectionRunner({
      sql: db.sql,
      store: counted,
      projections,
      batchSize: 3,
      sharedReads: [projections.map((p) => p.name)],
    });
    // The first projection takes only `a`: its first spans hold none of its events.
    await append(`${b}y`, 7);
    await append(`${a}x`, 1);
    expect(await runner.catchUp(projections[0]!)).toBe(1);
    expect(await runner.catchUp(projections[1]!)).toBe(8);
    expect(await applied(projections[0]!)).toEqual(await expected(projections[0]!));
  });

  it('a member whose batch fails after the shared read applies its span again, once; the others are untouched', async () => {
    let fail = true;
    const { a, b, c, projections } = await fresh({
      beforeApply: async () => {
        if (fail) throw new Error('crash between the read and the commit');
      },
    });
    for (let i = 0; i < 9; i++) await append(`${[a, b, c][i % 3]}z`);
    const runner = createProjectionRunner({
      sql: db.sql,
      store: counted,
      projections,
      batchSize: 5,
      sharedReads: [projections.map((p) => p.name)],
    });
    await runner.runBatch(projections[0]!);
    await expect(runner.runBatch(projections[1]!)).rejects.toThrow('crash');
    expect(await applied(projections[1]!)).toEqual([]);
    fail = false;
    await runner.settle();
    for (const p of projections) expect(await applied(p)).toEqual(await expected(p));
  });

  it('running in the background beside appends, every projection ends with exactly its events', async () => {
    const { a, b, c, projections } = await fresh();
    const runner = createProjectionRunner({
      sql: db.sql,
      store: counted,
      projections,
      batchSize: 7,
      pollIntervalMs: 20,
      minIntervalMs: 5,
      sharedReads: [projections.map((p) => p.name)],
    });
    runner.start();
    for (let i = 0; i < 60; i++) await append(`${[a, b, c][(i * 7) % 3]}${i % 5}`);
    // Read-your-writes callers beside the loops.
    await Promise.all(projections.map((p) => runner.catchUp(p, { wait: true })));
    await runner.stop();
    await runner.settle();
    for (const p of projections) expect(await applied(p)).toEqual(await expected(p));
  });
});
