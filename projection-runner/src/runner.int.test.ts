import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlEventStore } from '@bashiri/eventstore';
import { availableSqlKinds, openTestDatabase } from '@bashiri/eventstore/testing';
import type { RecordedEvent, SqlEventStore, SqlExecutor } from '@bashiri/eventstore';
import type { TestDatabase } from '@bashiri/eventstore/testing';
import { createProjectionRunner, migrateProjections } from './runner.ts';
import type { Projection } from './projection.ts';

/** A small read model: one row per account with its balance and the number of movements applied. */
const balances = (
  table: string,
  prefix: string,
  hooks: { beforeApply?: (e: RecordedEvent) => Promise<void> } = {},
): Projection => ({
  name: table,
  filter: { streamPrefixes: [prefix] },
  apply: async (event, tx) => {
    await hooks.beforeApply?.(event);
    const { amount } = event.data as { amount: number };
    await tx.query(
      `INSERT INTO ${table} (stream, balance, movements) VALUES ($1, $2, 1)
       ON CONFLICT (stream) DO UPDATE SET balance = ${table}.balance + $2, movements = ${table}.movements + 1`,
      [event.streamName, amount],
    );
    await tx.query(`INSERT INTO ${table}_log (event_id) VALUES ($1)`, [event.eventId]);
  },
  reset: async (tx) => {
    await tx.query(`DELETE FROM ${table}`);
    await tx.query(`DELETE FROM ${table}_log`);
  },
});

const createTables = async (db: SqlExecutor, table: string) => {
  await db.query(
    `CREATE TABLE ${table} (stream text PRIMARY KEY, balance bigint NOT NULL, movements int NOT NULL)`,
  );
  // The primary key makes a second application of any event fail loudly.
  await db.query(`CREATE TABLE ${table}_log (event_id uuid PRIMARY KEY)`);
};

/** The turns test (decision 0211): ms each event takes to apply, and rounds of one append. */
const TURN_TEST_APPLY_MS = 40;
const TURN_TEST_ROUNDS = 4;

const snapshot = async (db: SqlExecutor, table: string) =>
  (await db.query(`SELECT stream, balance::int, movements FROM ${table} ORDER BY stream`)).rows;

describe.each(availableSqlKinds())('projection runner (%s)', (kind) => {
  let db: TestDatabase;
  let store: SqlEventStore;
  let n = 0;
  const fresh = async () => {
    const table = `rm_${kind}_${++n}`;
    const prefix = `acct${randomUUID().slice(0, 6)}-`;
    await createTables(db.sql, table);
    return { table, prefix };
  };
  const deposit = (stream: string, amount: number) =>
    store.appendToStream(stream, [{ type: 'Moved', data: { amount } }]);

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    store = await openSqlEventStore(db.sql);
    await migrateProjections(db.sql);
  });
  afterAll(async () => {
    await store.close();
    await db.dispose();
  });

  it('applies events in batches, advances the checkpoint, and resumes where it stopped', async () => {
    const { table, prefix } = await fresh();
    const projection = balances(table, prefix);
    const runner = createProjectionRunner({ sql: db.sql, store, projections: [projection], batchSize: 3 });
    for (let i = 1; i <= 7; i++) await deposit(`${prefix}${i % 2}`, i * 100);
    expect((await runner.runBatch(projection)).applied).toBe(3);
    expect(await runner.catchUp(projection)).toBe(4);
    await deposit(`${prefix}0`, 5);
    expect(await runner.catchUp(projection)).toBe(1);
    expect(await snapshot(db.sql, table)).toEqual([
      { stream: `${prefix}0`, balance: 1_205, movements: 4 },
      { stream: `${prefix}1`, balance: 1_600, movements: 4 },
    ]);
    const checkpoint = await db.sql.query<{ events_applied: string }>(
      'SELECT events_applied::text FROM projection_checkpoints WHERE name = $1',
      [table],
    );
    expect(checkpoint.rows[0]!.events_applied).toBe('8');
  });

  it('a failure after the writes and before commit applies nothing twice', async () => {
    const { table, prefix } = await fresh();
    let failOn: string | null = null;
    const projection = balances(table, prefix, {
      beforeApply: async (event) => {
        if (event.eventId === failOn) throw new Error('crash between writes and commit');
      },
    });
    const runner = createProjectionRunner({ sql: db.sql, store, projections: [projection], batchSize: 10 });
    for (let i = 0; i < 6; i++) await deposit(`${prefix}a`, 10);
    const all = await store.readAll({ after: null, maxCount: 10_000, filter: { streamPrefixes: [prefix] } });
    failOn = all.events[4]!.eventId; // the batch has already written four events when it fails
    await expect(runner.runBatch(projection)).rejects.toThrow('crash');
    expect(await snapshot(db.sql, table)).toEqual([]);
    failOn = null;
    expect(await runner.catchUp(projection)).toBe(6);
    expect(await snapshot(db.sql, table)).toEqual([{ stream: `${prefix}a`, balance: 60, movements: 6 }]);
  });

  it('a rebuild from zero equals the live read model', async () => {
    const { table, prefix } = await fresh();
    const projection = balances(table, prefix);
    const runner = createProjectionRunner({
      sql: db.sql,
      store,
      projections: [projection],
      batchSize: 4,
      pollIntervalMs: 20,
    });
    runner.start();
    for (let i = 0; i < 30; i++) await deposit(`${prefix}${i % 4}`, (i * 37) % 101);
    await runner.stop();
    await runner.settle();
    const live = await snapshot(db.sql, table);
    expect(live.reduce((sum, row) => sum + (row.movements as number), 0)).toBe(30);
    expect(await runner.rebuild(projection)).toBe(30);
    expect(await snapshot(db.sql, table)).toEqual(live);
  });

  it('an append wakes only the projections whose filter takes its stream; the others wait for their poll', async () => {
    // Generous: a shared CI machine may be slow; a missed wake-up would wait the 60 s poll instead.
    const WAIT = { timeout: 20_000 };
    const first = await fresh();
    const second = await fresh();
    const one = balances(first.table, first.prefix);
    const other = balances(second.table, second.prefix);
    // Counts the batches each projection runs: every batch reads the log once with its filter.
    const leases = new Map<string, number>();
    const table = new Map([
      [first.prefix, first.table],
      [second.prefix, second.table],
    ]);
    const counting: SqlEventStore = {
      ...store,
      readAllWithin: (tx, read) => {
        const name = table.get(read.filter?.streamPrefixes?.[0] ?? '') ?? '?';
        leases.set(name, (leases.get(name) ?? 0) + 1);
        return store.readAllWithin(tx, read);
      },
    };
    // A poll far longer than the test: only wake-ups can run a batch after the first round.
    const runner = createProjectionRunner({
      sql: db.sql,
      store: counting,
      projections: [one, other],
      pollIntervalMs: 60_000,
      minIntervalMs: 0,
    });
    runner.start();
    await expect.poll(() => leases.get(second.table) ?? 0, WAIT).toBeGreaterThan(0);
    await expect.poll(() => leases.get(first.table) ?? 0, WAIT).toBeGreaterThan(0);
    const idle = leases.get(second.table)!;
    for (let i = 1; i <= 5; i++) await deposit(`${first.prefix}x`, i);
    await expect
      .poll(() => snapshot(db.sql, first.table), WAIT)
      .toEqual([{ stream: `${first.prefix}x`, balance: 15, movements: 5 }]);
    expect(leases.get(second.table)).toBe(idle);
    // An append to its own streams wakes the other one at once.
    await deposit(`${second.prefix}y`, 7);
    await expect
      .poll(() => snapshot(db.sql, second.table), WAIT)
      .toEqual([{ stream: `${second.prefix}y`, balance: 7, movements: 1 }]);
    await runner.stop();
  });

  /**
   * The store with its batches counted (each batch reads the log once inside its transaction) and the
   * loop's checks before a batch (a read of the log outside any transaction).
   */
  const countingBatches = () => {
    let n = 0;
    let checks = 0;
    let batchesBeforeFirstCheck: number | undefined;
    const counting: SqlEventStore = {
      ...store,
      readAllWithin: (tx, read) => {
        n++;
        return store.readAllWithin(tx, read);
      },
      readAll: (read) => {
        checks++;
        batchesBeforeFirstCheck ??= n;
        return store.readAll(read);
      },
    };
    return {
      counting,
      batches: () => n,
      checks: () => checks,
      batchesBeforeFirstCheck: () => batchesBeforeFirstCheck,
    };
  };

  it('a wake-up or poll with nothing new in the log after its checkpoint runs no batch (decision 0176)', async () => {
    const WAIT = { timeout: 20_000 };
    const { table, prefix } = await fresh();
    const projection = balances(table, prefix);
    const { counting, batches, checks, batchesBeforeFirstCheck } = countingBatches();
    const runner = createProjectionRunner({
      sql: db.sql,
      store: counting,
      projections: [projection],
      pollIntervalMs: 20,
      minIntervalMs: 0,
    });
    await deposit(`${prefix}a`, 3);
    runner.start();
    await expect
      .poll(() => snapshot(db.sql, table), WAIT)
      .toEqual([{ stream: `${prefix}a`, balance: 3, movements: 1 }]);
    // After a batch that applied events the next runs without the check (decision 0201: the log is
    // flowing) and finds nothing; from then on the loop checks first.
    await expect.poll(() => batches(), WAIT).toBe(2);
    await expect.poll(() => checks(), WAIT).toBeGreaterThan(0);
    expect(batchesBeforeFirstCheck()).toBe(2);
    const before = batches();
    // Polls every 20 ms and wake-ups of its streams with nothing appended: no lease, no transaction.
    for (let i = 0; i < 5; i++) {
      store.notifyAppended([`${prefix}a`]);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(batches()).toBe(before);
    // A real append still wakes it at once and is applied once.
    await deposit(`${prefix}a`, 4);
    await expect
      .poll(() => snapshot(db.sql, table), WAIT)
      .toEqual([{ stream: `${prefix}a`, balance: 7, movements: 2 }]);
    // Its batch, and the one after it that finds the log still (decision 0201); then none again.
    await expect.poll(() => batches(), WAIT).toBe(before + 2);
    expect(checks()).toBeGreaterThan(0);
    await runner.stop();
  });

  it("a projection's own minIntervalMs gathers the appends of its interval into one batch (decision 0176)", async () => {
    const WAIT = { timeout: 20_000 };
    const { table, prefix } = await fresh();
    const projection = { ...balances(table, prefix), minIntervalMs: 2_000 };
    const { counting, batches } = countingBatches();
    // The runner's own interval is 0: without the projection's, every append would run a batch.
    const runner = createProjectionRunner({
      sql: db.sql,
      store: counting,
      projections: [projection],
      pollIntervalMs: 60_000,
      minIntervalMs: 0,
    });
    await deposit(`${prefix}a`, 1);
    runner.start();
    await expect
      .poll(() => snapshot(db.sql, table), WAIT)
      .toEqual([{ stream: `${prefix}a`, balance: 1, movements: 1 }]);
    const before = batches();
    // Appends a tenth of a second apart: at the runner's interval each would have a batch of its own.
    for (let i = 0; i < 5; i++) {
      await deposit(`${prefix}a`, 10);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await expect
      .poll(() => snapshot(db.sql, table), WAIT)
      .toEqual([{ stream: `${prefix}a`, balance: 51, movements: 6 }]);
    // One batch after the interval (two if the appends straddled its end on a slow machine).
    expect(batches() - before).toBeLessThanOrEqual(2);
    await runner.stop();
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two runners on one projection (postgres)', () => {
  let db: TestDatabase;
  let store: SqlEventStore;
  beforeAll(async () => {
    db = await openTestDatabase('postgres');
    store = await openSqlEventStore(db.sql);
    await migrateProjections(db.sql);
  });
  afterAll(async () => {
    await store.close();
    await db.dispose();
  });

  it('while one runner holds the lease the other skips; together they never both apply an event', async () => {
    const table = 'rm_two';
    const prefix = `two${randomUUID().slice(0, 6)}-`;
    await createTables(db.sql, table);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const slow = balances(table, prefix, {
      beforeApply: async () => {
        if (first) {
          first = false;
          await held;
        }
      },
    });
    const fast = balances(table, prefix);
    const a = createProjectionRunner({ sql: db.sql, store, projections: [slow], batchSize: 5 });
    const b = createProjectionRunner({ sql: db.sql, store, projections: [fast], batchSize: 5 });
    for (let i = 0; i < 40; i++)
      await store.appendToStream(`${prefix}${i % 3}`, [{ type: 'Moved', data: { amount: 1 } }]);

    const holding = a.runBatch(slow);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await b.runBatch(fast)).toEqual({ leased: false, applied: 0, position: null, more: false });
    release();
    expect((await holding).applied).toBe(5);

    const results = await Promise.all([a.catchUp(slow), b.catchUp(fast), a.catchUp(slow), b.catchUp(fast)]);
    await a.settle();
    expect(5 + results.reduce((x, y) => x + y, 0)).toBeLessThanOrEqual(40);
    const rows = await snapshot(db.sql, table);
    expect(rows.reduce((sum, row) => sum + (row.movements as number), 0)).toBe(40);
    expect((await db.sql.query(`SELECT count(*)::int AS c FROM ${table}_log`)).rows[0]).toEqual({ c: 40 });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('read your writes behind another runner (postgres)', () => {
  it('catchUp with wait queues behind the runner holding the lease and then sees every event', async () => {
    const db = await openTestDatabase('postgres');
    const store = await openSqlEventStore(db.sql);
    await migrateProjections(db.sql);
    try {
      const table = 'rm_wait';
      const prefix = `wait${randomUUID().slice(0, 6)}-`;
      await createTables(db.sql, table);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let first = true;
      const slow = balances(table, prefix, {
        beforeApply: async () => {
          if (first) {
            first = false;
            await held;
          }
        },
      });
      const background = createProjectionRunner({ sql: db.sql, store, projections: [slow], batchSize: 2 });
      const request = createProjectionRunner({
        sql: db.sql,
        store,
        projections: [balances(table, prefix)],
        batchSize: 2,
      });
      for (let i = 0; i < 5; i++)
        await store.appendToStream(`${prefix}a`, [{ type: 'Moved', data: { amount: 1 } }]);
      const holding = background.runBatch(slow);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await request.catchUp(balances(table, prefix))).toBe(0);
      const waiting = request.catchUp(balances(table, prefix), { wait: true });
      release();
      await holding;
      await waiting;
      expect(await snapshot(db.sql, table)).toEqual([{ stream: `${prefix}a`, balance: 5, movements: 5 }]);
    } finally {
      await store.close();
      await db.dispose();
    }
  });
});

// PostgreSQL only: on PGlite's single connection a slow batch holds up appends too, so "under load"
// cannot be produced there.
describe.skipIf(!process.env.DATABASE_URL)('background runner fairness (postgres)', () => {
  it('a projection that never catches up under load does not starve the others', async () => {
    const db = await openTestDatabase('postgres');
    const store = await openSqlEventStore(db.sql);
    await migrateProjections(db.sql);
    const holds = new Map<string, () => void>();
    try {
      const prefix = `fair${randomUUID().slice(0, 6)}-`;
      await createTables(db.sql, 'rm_slow');
      await createTables(db.sql, 'rm_fast');
      // The slow projection stops at every event marked `hold` and stays there, its batch's transaction
      // open, until the test lets it go: it is never caught up, however fast or slow the machine is.
      // (Counted in rounds, not in real time: a 1.5 s window of appends failed on a loaded CI machine,
      // where the slow batch's open transaction alone hid most of the window's events from everyone.)
      const slow = balances('rm_slow', prefix, {
        beforeApply: async (event) => {
          const hold = (event.data as { hold?: string }).hold;
          if (hold) await new Promise<void>((resolve) => holds.set(hold, resolve));
        },
      });
      const fast = balances('rm_fast', prefix);
      const runner = createProjectionRunner({
        sql: db.sql,
        store,
        projections: [slow, fast],
        batchSize: 10,
        pollIntervalMs: 20,
      });
      const movements = async (table: string) =>
        ((await snapshot(db.sql, table))[0]?.movements as number | undefined) ?? 0;
      const held = (hold: string) =>
        expect.poll(() => holds.has(hold), { timeout: 30_000, interval: 10 }).toBe(true);
      let appended = 0;
      const round = async (hold: string) => {
        await store.appendToStream(`${prefix}a`, [{ type: 'Moved', data: { amount: 1, hold } }]);
        for (let i = 0; i < 4; i++)
          await store.appendToStream(`${prefix}a`, [{ type: 'Moved', data: { amount: 1 } }]);
        appended += 5;
      };
      // The first round before the start, so that the slow projection's first batch reads all of it.
      await round('h0');
      runner.start();
      await held('h0');
      await expect.poll(() => movements('rm_fast'), { timeout: 30_000 }).toBe(appended);
      for (const hold of ['h1', 'h2', 'h3']) {
        // Appended while the slow batch is open (hidden from every reader until it commits), then the
        // slow projection goes on: it commits and its next batch reads this round and stops at `hold`.
        await round(hold);
        holds.get(`h${Number(hold.slice(1)) - 1}`)!();
        await held(hold);
        // Now the round is visible: the fast projection applies all of it while the slow one holds.
        await expect.poll(() => movements('rm_fast'), { timeout: 30_000 }).toBe(appended);
        expect(await movements('rm_slow')).toBe(appended - 5);
      }
      holds.get('h3')!();
      await expect.poll(() => movements('rm_slow'), { timeout: 30_000 }).toBe(appended);
      expect(await movements('rm_fast')).toBe(appended);
      await runner.stop();
    } finally {
      for (const release of holds.values()) release();
      await store.close();
      await db.dispose();
    }
  });

  it('runs its background batches one at a time, in turns (decision 0211)', async () => {
    const db = await openTestDatabase('postgres');
    const store = await openSqlEventStore(db.sql);
    await migrateProjections(db.sql);
    try {
      const prefix = `turn${randomUUID().slice(0, 6)}-`;
      // Three read models of the same streams, each event taking a while to apply (as a batch writing
      // a read model does): every append wakes all three loops at once.
      const inFlight = { now: 0, most: 0 };
      const slowly = async () => {
        inFlight.now += 1;
        inFlight.most = Math.max(inFlight.most, inFlight.now);
        await new Promise((resolve) => setTimeout(resolve, TURN_TEST_APPLY_MS));
        inFlight.now -= 1;
      };
      const mostAtOnce = async (label: string, backgroundBatches?: number) => {
        const tables = [1, 2, 3].map((i) => `rm_${label}_${i}`);
        for (const table of tables) await createTables(db.sql, table);
        const runner = createProjectionRunner({
          sql: db.sql,
          store,
          projections: tables.map((table) => balances(table, `${prefix}${label}`, { beforeApply: slowly })),
          pollIntervalMs: 20,
          ...(backgroundBatches === undefined ? {} : { backgroundBatches }),
        });
        inFlight.most = 0;
        runner.start();
        for (let round = 1; round <= TURN_TEST_ROUNDS; round++) {
          await store.appendToStream(`${prefix}${label}a`, [{ type: 'Moved', data: { amount: 1 } }]);
          for (const table of tables)
            await expect
              .poll(async () => (await snapshot(db.sql, table))[0]?.movements, {
                timeout: 30_000,
                interval: 10,
              })
              .toBe(round);
        }
        await runner.stop();
        return inFlight.most;
      };
      // Without turns the three batches overlap (the control: the measurement sees it)...
      expect(await mostAtOnce('free', Number.POSITIVE_INFINITY)).toBeGreaterThan(1);
      // ...with the runner's default, one batch at a time.
      expect(await mostAtOnce('turns')).toBe(1);
    } finally {
      await store.close();
      await db.dispose();
    }
  });
});
