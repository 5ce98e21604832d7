/**
 * Plan shapes of the multi-stream statements (bench:feed, docs/benchmarks.md): settling a match loads
 * and appends hundreds of streams per batch, and those statements must probe the indexes however big
 * the tables get — not join by scanning `es_events` or `es_streams`, which made settlement slower as
 * the log grew.
 *
 * The trap is twofold. A prepared statement keeps the generic plan it made on its sixth run, and
 * nothing re-plans it while the tables grow when autovacuum is off (PGlite has none); and with no
 * statistics the planner's guesses favour hash joins over whole tables. So: run the statements several
 * times on one connection while the tables are tiny, grow the tables to tens of thousands of rows
 * without ANALYZE, then EXPLAIN each statement exactly as the code runs it (a named statement through
 * its cached plan, an unnamed one as planned now). No sequential scan of either table may appear.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableSqlKinds, openTestDatabase } from '../testing/databases.ts';
import type { TestDatabase } from '../testing/databases.ts';
import type { SqlExecutor } from './client.ts';
import { appendStreamsAtomically } from './atomic.ts';
import { appendManyWith, migrateEventStore } from './store.ts';
import type { StreamAppend } from './store.ts';
import { appendToStreamsWith, readStreamsWith } from './streams.ts';
import { aggregateStreamsWithin } from './within.ts';
import type { Evolver } from '../types.ts';

const STREAMS = 20_000;
const EVENTS_PER_STREAM = 3;
const BATCH = 200;

/** Counts events: enough to fold streams. */
const counter: Evolver<number, { type: string; data: unknown }> = {
  initialState: () => 0,
  evolve: (state) => state + 1,
};

interface Captured {
  readonly text: string;
  readonly params: readonly unknown[];
  readonly name: string | undefined;
}

/** Every statement the wrapped executor runs, as it was sent. */
const capturing = (executor: SqlExecutor, into: Captured[]): SqlExecutor => ({
  query: (text, params, name) => {
    into.push({ text, params: params ?? [], name });
    return executor.query(text, params, name);
  },
});

interface PlanNode {
  readonly 'Node Type': string;
  readonly 'Relation Name'?: string;
  readonly Plans?: readonly PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

const TABLES = new Set(['es_events', 'es_streams']);

/** "Seq Scan on es_events", "Index Scan on es_streams", … for every node that reads one of the tables. */
const accessesOf = (plan: PlanNode): string[] =>
  nodesOf(plan)
    .filter((n) => n['Relation Name'] && TABLES.has(n['Relation Name']))
    .map((n) => `${n['Node Type']} on ${n['Relation Name']}`);

/** A parameter as an SQL literal (EXECUTE takes no bind parameters): strings, numbers, arrays of those. */
const literal = (value: unknown): string =>
  Array.isArray(value)
    ? pg.escapeLiteral(`{${value.map((e) => `"${String(e).replace(/["\\]/g, '\\$&')}"`).join(',')}}`)
    : pg.escapeLiteral(String(value));

/** The plan `statement` runs with: its cached plan when it is a prepared (named) statement. */
const explain = async (conn: SqlExecutor, statement: Captured): Promise<string[]> => {
  const { rows } = await conn.query<{ 'QUERY PLAN': string | [{ Plan: PlanNode }] }>(
    ...((statement.name
      ? [`EXPLAIN (FORMAT JSON) EXECUTE ${statement.name}(${statement.params.map(literal).join(', ')})`, []]
      : [`EXPLAIN (FORMAT JSON) ${statement.text}`, statement.params]) as [string, unknown[]]),
  );
  const raw = rows[0]!['QUERY PLAN'];
  const [{ Plan }] = typeof raw === 'string' ? (JSON.parse(raw) as [{ Plan: PlanNode }]) : raw;
  return accessesOf(Plan);
};

const streamName = (i: number) => `plan-${i}`;

describe.each(availableSqlKinds())('multi-stream statement plans (%s)', (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase(kind, 2);
    await migrateEventStore(db.sql);
  });
  afterAll(() => db?.dispose());

  it.runIf(kind === 'postgres')('run without JIT compilation (PostgreSQL pools set jit=off)', async () => {
    // With no statistics a settlement batch's lookup is costed past jit_above_cost and compiled for
    // 100-600 ms each time (client.ts).
    const { rows } = await db.sql.query<{ jit: string }>('SHOW jit');
    expect(rows[0]!.jit).toBe('off');
  });

  it('probe the indexes after the tables grew from empty, with no statistics', async () => {
    await db.sql.withConnection(async (conn) => {
      // Tiny tables: every statement runs often enough for a prepared one to settle on a generic plan.
      for (let round = 0; round < 8; round++) {
        const appends: StreamAppend[] = [0, 1, 2].map((i) => ({
          streamName: `tiny-${i}`,
          expectedVersion: round,
          events: [{ type: 'Tiny', data: { round } }],
        }));
        await appendManyWith(conn, appends);
        // bet placement's two-stream append (atomic.ts), at the same sizes
        await appendStreamsAtomically(
          conn,
          [0, 1].map((i) => ({
            streamName: `tiny-atomic-${i}`,
            expectedVersion: round,
            events: [{ type: 'Tiny', data: { round } }],
          })),
        );
        const folded = await aggregateStreamsWithin(conn, ['tiny-0', 'tiny-1', 'tiny-2'], counter);
        expect(folded.get('tiny-2')).toEqual({ state: round + 1, version: round + 1 });
        // the port's appendToStreams and readStreams (streams.ts), at the same sizes
        await appendToStreamsWith(
          conn,
          [0, 1].map((i) => ({
            streamName: `tiny-multi-${i}`,
            expectedVersion: round,
            events: [{ type: 'Tiny', data: { round } }],
          })),
        );
        const read = await readStreamsWith(conn, [
          { streamName: 'tiny-multi-0' },
          { streamName: 'tiny-1', from: 2 },
        ]);
        expect(read[0]!.currentVersion).toBe(round + 1);
      }

      // Grow both tables well past what a scan per batch can afford; no ANALYZE (as with autovacuum off).
      await conn.query(
        `INSERT INTO es_streams (stream_name, version)
         SELECT 'plan-' || g, $2 FROM generate_series(0, $1 - 1) AS g`,
        [STREAMS, EVENTS_PER_STREAM],
      );
      await conn.query(
        `INSERT INTO es_events (stream_name, stream_position, event_id, event_type, data, metadata)
         SELECT 'plan-' || g, p, gen_random_uuid(), 'Grown', '{}'::jsonb, '{}'::jsonb
         FROM generate_series(0, $1 - 1) AS g, generate_series(1, $2) AS p`,
        [STREAMS, EVENTS_PER_STREAM],
      );

      // One settlement-sized batch through the real functions, capturing what they send.
      const sent: Captured[] = [];
      const spy = capturing(conn, sent);
      const names = Array.from({ length: BATCH }, (_, i) => streamName(i * 97));
      const loaded = await aggregateStreamsWithin(spy, names, counter);
      expect(loaded.get(names[0]!)).toEqual({ state: EVENTS_PER_STREAM, version: EVENTS_PER_STREAM });
      await conn.query('BEGIN');
      try {
        await appendManyWith(
          spy,
          names.map((name) => ({
            streamName: name,
            expectedVersion: EVENTS_PER_STREAM,
            events: [{ type: 'Settled', data: {} }],
          })),
        );
        await appendStreamsAtomically(
          spy,
          names.slice(0, 2).map((name) => ({
            streamName: name,
            expectedVersion: EVENTS_PER_STREAM + 1,
            events: [{ type: 'Placed', data: {} }],
          })),
        );
        await appendToStreamsWith(
          spy,
          names.slice(2).map((name) => ({
            streamName: name,
            expectedVersion: EVENTS_PER_STREAM + 1,
            events: [{ type: 'Moved', data: {} }],
          })),
        );
        const read = await readStreamsWith(
          spy,
          names.map((streamName) => ({ streamName, from: EVENTS_PER_STREAM })),
        );
        expect(read[2]!.currentVersion).toBe(EVENTS_PER_STREAM + 2);
      } finally {
        await conn.query('ROLLBACK');
      }
      expect(sent).toHaveLength(5);

      for (const statement of sent) {
        const accesses = await explain(conn, statement);
        const label = statement.name ?? statement.text.trim().slice(0, 60);
        expect(accesses, label).not.toContainEqual(expect.stringMatching(/^Seq Scan/));
        // Each statement reads at least one of the two tables through an index (or a TID list) — or
        // reads neither and only writes them (`appendToStreams`' upsert: es_streams through its
        // arbiter index, es_events through its unique indexes).
        const reads = accesses.filter((a) => !a.startsWith('ModifyTable'));
        expect(
          reads.length === 0 || reads.some((a) => /^(Index|Index Only|Bitmap Heap|Tid) Scan/.test(a)),
          `${label}: ${accesses.join(', ')}`,
        ).toBe(true);
      }
    });
  });
});
