/**
 * `npm run bench:eventstore` (issue 2 item 7). On PostgreSQL (DATABASE_URL, else the local server at
 * postgres://postgres@127.0.0.1:5432/postgres): single-event appends/s with 1 and 8 writers, events/s in
 * appends of 10, global-log read events/s, and in the same run a raw one-row INSERT loop through `pg`
 * at the same concurrency, with our 8-writer rate as a ratio of it; `appendToStreams` with two streams per
 * call (8 writers) as a ratio of raw two-row INSERTs in the same run (issue 14). The same on PGlite (on disk).
 * Not a test: it prints figures; the last stdout line is one JSON object of them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createPgliteClient, createPostgresClient, openSqlEventStore } from '@bashiri/eventstore';
import type { SqlClient, SqlEventStore } from '@bashiri/eventstore';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const postgresUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `writers` loops of `op` for SECONDS; returns operations per second. */
const rate = async (writers: number, op: (writer: number, i: number) => Promise<void>): Promise<number> => {
  const deadline = performance.now() + SECONDS * 1_000;
  const started = performance.now();
  const counts = await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      let i = 0;
      while (performance.now() < deadline) await op(writer, i++);
      return i;
    }),
  );
  return counts.reduce((a, b) => a + b, 0) / ((performance.now() - started) / 1_000);
};

const round = (n: number) => Math.round(n);

const measureStore = async (label: string, store: SqlEventStore) => {
  const run = Date.now().toString(36);
  const versions = new Map<string, number>();
  // Each writer appends to its own streams with the exact expected version, as command handlers do.
  const appendSingle = (tag: string) => async (writer: number, i: number) => {
    const stream = `bench${run}${tag}-${writer}-${i % 50}`;
    const version = versions.get(stream) ?? 0;
    const result = await store.appendToStream(stream, [{ type: 'BenchHappened', data: { writer, i } }], {
      expectedVersion: version,
    });
    versions.set(stream, result.nextExpectedVersion);
  };
  const single1 = await rate(1, appendSingle('a'));
  console.log(`${label}: single-event appends, 1 writer:  ${round(single1)}/s`);
  const single8 = await rate(8, appendSingle('b'));
  console.log(`${label}: single-event appends, 8 writers: ${round(single8)}/s`);
  const batches = await rate(8, async (writer, i) => {
    await store.appendToStream(
      `bench${run}c-${writer}-${i % 50}`,
      Array.from({ length: 10 }, (_, k) => ({ type: 'BenchHappened', data: { writer, i, k } })),
    );
  });
  console.log(`${label}: events in appends of 10, 8 writers: ${round(batches * 10)}/s`);
  let read = 0;
  let after = null as Awaited<ReturnType<SqlEventStore['readAll']>>['position'];
  const readStart = performance.now();
  for (;;) {
    const page = await store.readAll({ after, maxCount: 1_000 });
    read += page.events.length;
    after = page.position;
    if (page.events.length < 1_000) break;
  }
  const readRate = read / ((performance.now() - readStart) / 1_000);
  console.log(`${label}: global-log read: ${round(readRate)} events/s (${read} events)`);
  return { single1, single8, batchEvents: batches * 10, readRate };
};

/**
 * `appendToStreams` with two streams per call (a placement's shape: a product stream and a wallet),
 * 8 writers, each on its own streams at their exact versions: calls per second.
 */
const appendToStreamsRate = async (store: SqlEventStore): Promise<number> => {
  const run = Date.now().toString(36);
  const versions = new Map<string, number>();
  return rate(8, async (writer, i) => {
    const streams = [`bench${run}p-${writer}-${i % 50}`, `bench${run}w-${writer}`];
    const result = await store.appendToStreams(
      streams.map((streamName) => ({
        streamName,
        expectedVersion: versions.get(streamName) ?? 0,
        events: [{ type: 'BenchHappened', data: { writer, i } }],
      })),
    );
    streams.forEach((name, k) => versions.set(name, result.streams[k]!.nextExpectedVersion));
  });
};

/**
 * Raw two-row writes through `pg`, 8 writers: one two-row INSERT statement per call (`statement`), or
 * BEGIN, two one-row INSERTs, COMMIT (`transaction`). Per second.
 */
const rawTwoRowRate = async (shape: 'statement' | 'transaction'): Promise<number> => {
  const pool = new pg.Pool({ connectionString: postgresUrl, max: 10 });
  const table = `bench_raw2_${Date.now().toString(36)}`;
  await pool.query(
    `CREATE TABLE ${table} (id bigserial PRIMARY KEY, stream text NOT NULL, data jsonb NOT NULL)`,
  );
  try {
    return await rate(8, async (writer, i) => {
      const data = JSON.stringify({ writer, i });
      if (shape === 'statement') {
        await pool.query(`INSERT INTO ${table} (stream, data) VALUES ($1, $3), ($2, $3)`, [
          `p-${writer}`,
          `w-${writer}`,
          data,
        ]);
        return;
      }
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        await conn.query(`INSERT INTO ${table} (stream, data) VALUES ($1, $2)`, [`p-${writer}`, data]);
        await conn.query(`INSERT INTO ${table} (stream, data) VALUES ($1, $2)`, [`w-${writer}`, data]);
        await conn.query('COMMIT');
      } finally {
        conn.release();
      }
    });
  } finally {
    await pool.query(`DROP TABLE ${table}`);
    await pool.end();
  }
};

const rawInsertRate = async (writers: number): Promise<number> => {
  const pool = new pg.Pool({ connectionString: postgresUrl, max: writers + 2 });
  const table = `bench_raw_${Date.now().toString(36)}`;
  await pool.query(
    `CREATE TABLE ${table} (id bigserial PRIMARY KEY, stream text NOT NULL, data jsonb NOT NULL)`,
  );
  try {
    return await rate(writers, async (writer, i) => {
      await pool.query(`INSERT INTO ${table} (stream, data) VALUES ($1, $2)`, [
        `s-${writer}`,
        JSON.stringify({ writer, i }),
      ]);
    });
  } finally {
    await pool.query(`DROP TABLE ${table}`);
    await pool.end();
  }
};

const figures: Record<string, number | string | null> = { seconds_per_measure: SECONDS };

let postgres: SqlClient | null = null;
try {
  postgres = await createPostgresClient({
    connectionString: postgresUrl,
    schema: `bench_${Date.now().toString(36)}`,
    max: 10,
  });
} catch (error) {
  console.log(`PostgreSQL not reachable at ${postgresUrl}: ${String(error)}; PostgreSQL figures skipped`);
}
if (postgres) {
  const schema = postgres.schema;
  const store = await openSqlEventStore(postgres);
  const ours = await measureStore('PostgreSQL', store);
  const raw1 = await rawInsertRate(1);
  console.log(`PostgreSQL: raw one-row INSERT, 1 writer:  ${round(raw1)}/s`);
  const raw8 = await rawInsertRate(8);
  console.log(`PostgreSQL: raw one-row INSERT, 8 writers: ${round(raw8)}/s`);
  const ratio = ours.single8 / raw8;
  console.log(`PostgreSQL: our 8-writer append rate / raw INSERT rate = ${ratio.toFixed(2)} (target >= 0.5)`);
  const multi = await appendToStreamsRate(store);
  console.log(`PostgreSQL: appendToStreams, two streams per call, 8 writers: ${round(multi)} calls/s`);
  const raw2Statement = await rawTwoRowRate('statement');
  console.log(`PostgreSQL: raw two-row INSERT statement, 8 writers: ${round(raw2Statement)}/s`);
  const raw2Transaction = await rawTwoRowRate('transaction');
  console.log(`PostgreSQL: raw BEGIN + two INSERTs + COMMIT, 8 writers: ${round(raw2Transaction)}/s`);
  const multiRatio = multi / raw2Statement;
  console.log(
    `PostgreSQL: appendToStreams (2 streams) / raw two-row INSERT = ${multiRatio.toFixed(2)} (target >= 0.5; ` +
      `${(multi / raw2Transaction).toFixed(2)} against BEGIN + two INSERTs + COMMIT)`,
  );
  Object.assign(figures, {
    pg_single_appends_per_s_1_writer: round(ours.single1),
    pg_single_appends_per_s_8_writers: round(ours.single8),
    pg_events_per_s_appends_of_10_8_writers: round(ours.batchEvents),
    pg_global_read_events_per_s: round(ours.readRate),
    pg_raw_inserts_per_s_1_writer: round(raw1),
    pg_raw_inserts_per_s_8_writers: round(raw8),
    pg_append_to_raw_ratio_8_writers: Number(ratio.toFixed(3)),
    pg_append_to_streams_2_per_s_8_writers: round(multi),
    pg_raw_two_row_inserts_per_s_8_writers: round(raw2Statement),
    pg_raw_two_insert_transactions_per_s_8_writers: round(raw2Transaction),
    pg_append_to_streams_to_raw_two_row_ratio_8_writers: Number(multiRatio.toFixed(3)),
  });
  await store.close();
  await postgres.query(`DROP SCHEMA ${schema} CASCADE`);
  await postgres.close();
}

const dir = await mkdtemp(join(tmpdir(), 'bashiri-bench-'));
try {
  const lite = await createPgliteClient(dir);
  const store = await openSqlEventStore(lite);
  const ours = await measureStore('PGlite (disk)', store);
  console.log(`PGlite: single-event appends ${round(ours.single1)}/s (target >= 2,000)`);
  Object.assign(figures, {
    pglite_single_appends_per_s_1_writer: round(ours.single1),
    pglite_single_appends_per_s_8_writers: round(ours.single8),
    pglite_events_per_s_appends_of_10: round(ours.batchEvents),
    pglite_global_read_events_per_s: round(ours.readRate),
  });
  await store.close();
  await lite.close();
} finally {
  await rm(dir, { recursive: true, force: true });
}

console.log(JSON.stringify(figures));
