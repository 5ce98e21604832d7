import { describe, expect, it } from 'vitest';
import { appendToStreamsContract } from '../contract/append-to-streams.contract.ts';
import { eventStoreContract } from '../contract/event-store.contract.ts';
import {
  availableSqlKinds,
  openTestDatabase,
  postgresUrl,
  SKIP_POSTGRES_MESSAGE,
} from '../testing/databases.ts';
import { openSqlEventStore } from './adapters.ts';
import { createPostgresClient } from './client.ts';
import { createSqlEventStore, encodeSqlPosition, NOTICE_STREAMS_BUDGET, readAllWith } from './store.ts';
import { onlyFor } from '../types.ts';
import type { SqlExecutor } from './client.ts';

const sqlFixture = (kind: 'postgres' | 'pglite') => async () => {
  const db = await openTestDatabase(kind);
  const store = await openSqlEventStore(db.sql);
  return {
    store,
    dispose: async () => {
      await store.close();
      await db.dispose();
    },
  };
};

eventStoreContract('PGlite (embedded)', sqlFixture('pglite'));
appendToStreamsContract('PGlite (embedded)', sqlFixture('pglite'));

if (postgresUrl()) {
  eventStoreContract('PostgreSQL', sqlFixture('postgres'));
  appendToStreamsContract('PostgreSQL', sqlFixture('postgres'));
} else {
  describe('event-store contract: PostgreSQL', () => {
    it.skip(SKIP_POSTGRES_MESSAGE, () => undefined);
  });
}

describe.skipIf(!postgresUrl())('wake-ups across processes (PostgreSQL)', () => {
  /** One schema, two stores on pools of their own, as two processes have them: one writes, one listens. */
  const twoProcesses = async () => {
    const db = await openTestDatabase('postgres');
    const writer = await openSqlEventStore(db.sql);
    const otherPool = await createPostgresClient({
      connectionString: db.connectionString!,
      schema: db.schema,
    });
    return { db, writer, reader: await createSqlEventStore(otherPool) };
  };

  it('a subscriber on another connection pool is woken by the append, long before its poll interval', async () => {
    const { db, writer, reader } = await twoProcesses();
    const controller = new AbortController();
    const seen: string[] = [];
    try {
      const subscription = (async () => {
        for await (const event of reader.subscribeToAll({
          pollIntervalMs: 60_000,
          signal: controller.signal,
        })) {
          seen.push(event.type);
          controller.abort();
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await writer.appendToStream('wake-1', [{ type: 'Woken', data: {} }]);
      await expect.poll(() => seen, { timeout: 5_000 }).toEqual(['Woken']);
      await subscription;
    } finally {
      controller.abort();
      await reader.close();
      await writer.close();
      await db.dispose();
    }
  });

  /**
   * Decision 0217: another process's append wakes only the listeners its streams concern (a projection
   * of wallets sleeps through racing appends), as an append in the listener's own process does; a window
   * whose names outgrow the notification wakes every listener.
   */
  it("another process's append wakes the listeners of its streams only, and every listener past the names' budget", async () => {
    const { db, writer, reader } = await twoProcesses();
    const woken = { wallet: 0, racing: 0, all: 0 };
    reader.onAppended(onlyFor({ streamPrefixes: ['wallet-'] }, () => woken.wallet++));
    reader.onAppended(onlyFor({ streamPrefixes: ['racing-'] }, () => woken.racing++));
    reader.onAppended(() => woken.all++);
    try {
      await writer.appendToStream('wallet-1', [{ type: 'Moved', data: {} }]);
      await expect.poll(() => woken.all, { timeout: 5_000 }).toBe(1);
      expect(woken).toEqual({ wallet: 1, racing: 0, all: 1 });
      // Many streams in one window: more names than a notification carries.
      const names = Array.from(
        { length: Math.ceil(NOTICE_STREAMS_BUDGET / 20) },
        (_, i) => `wallet-${'x'.repeat(12)}-${i}`,
      );
      await writer.appendToStreams(
        names.map((streamName) => ({
          streamName,
          expectedVersion: 'any',
          events: [{ type: 'Moved', data: {} }],
        })),
      );
      await expect.poll(() => woken.all, { timeout: 5_000 }).toBe(2);
      expect(woken).toEqual({ wallet: 2, racing: 1, all: 2 });
    } finally {
      await reader.close();
      await writer.close();
      await db.dispose();
    }
  });
});

describe.each(availableSqlKinds())('query plans as the log grows (%s)', (kind) => {
  /**
   * Hot statements are prepared once; a generic plan made while the table was small must not freeze a
   * sequential scan (PGlite never analyses its tables). These plans are what keeps appends and
   * projection reads flat as the log grows.
   */
  it('duplicate-id checks, category reads and global reads use their indexes', async () => {
    const db = await openTestDatabase(kind);
    const store = await openSqlEventStore(db.sql);
    try {
      for (let i = 0; i < 8; i++) {
        await store.readAll({ after: null, maxCount: 10, filter: { streamPrefixes: ['plan-'] } });
        await store.readAll({ after: null, maxCount: 10 });
      }
      for (let i = 0; i < 1_500; i++)
        await store.appendToStream(`plan-${i % 30}`, [{ type: 'T', data: { i } }]);
      await store.appendToStream(`other-1`, [{ type: 'T', data: {} }]);
      const plan = async (statement: string) =>
        (await db.sql.query<Record<string, string>>(`EXPLAIN ${statement}`)).rows
          .map((r) => Object.values(r)[0])
          .join('\n');
      const id = '00000000-0000-4000-8000-000000000001';
      const payload = JSON.stringify([{ id, type: 'T', data: {}, metadata: {} }]);
      const append = (name: string, stream: string) =>
        `EXECUTE ${name} ('${stream}', '${payload}', 1, 0, '{${id}}')`;
      if (kind === 'pglite') {
        // The prepared statements themselves (one connection, so EXPLAIN EXECUTE sees them).
        expect(await plan(append('es_append_any', 'plan-1'))).not.toMatch(/Seq Scan on es_events/);
        expect(await plan(`EXECUTE es_read_categories ('0', '0', 10, '{plan}')`)).toMatch(
          /Index Scan using es_events_category_order/,
        );
        expect(await plan(`EXECUTE es_read_all ('0', '0', 10)`)).toMatch(
          /Index Scan using es_events_log_order/,
        );
      } else {
        // A server re-plans after autovacuum's ANALYZE; the read must still be an index range.
        await db.sql.query('ANALYZE es_events');
        const read = await plan(
          `SELECT * FROM es_events WHERE category = 'other' AND (tx_id, global_position) > ('0'::xid8, 0) ORDER BY tx_id, global_position LIMIT 10`,
        );
        expect(read).toMatch(/es_events_category_order/);
        expect(read).not.toMatch(/Seq Scan/);
      }
    } finally {
      await store.close();
      await db.dispose();
    }
  });
});

describe.each(availableSqlKinds())('reading prefixes narrower than a category (%s)', (kind) => {
  /**
   * `casino-round-` names part of the `casino` category: the read keeps to that category's index range
   * (not a LIKE scan of the whole log after the checkpoint) and still answers exactly the streams the
   * prefixes name, in log order, a prefix covered by a shorter one counted once.
   */
  it('answers the named streams in log order through the category index', async () => {
    const db = await openTestDatabase(kind);
    const store = await openSqlEventStore(db.sql);
    try {
      for (const stream of ['casino-round-1', 'casino-other-1', 'casinox-1', 'wallet-1', 'casino-round-2'])
        await store.appendToStream(stream, [{ type: 'T', data: { stream } }]);
      const read = async (streamPrefixes: string[]) =>
        (await store.readAll({ after: null, maxCount: 10, filter: { streamPrefixes } })).events.map(
          (e) => e.streamName,
        );
      expect(await read(['casino-round-'])).toEqual(['casino-round-1', 'casino-round-2']);
      expect(await read(['casino-round-', 'wallet-'])).toEqual([
        'casino-round-1',
        'wallet-1',
        'casino-round-2',
      ]);
      expect(await read(['casino-', 'casino-round-'])).toEqual([
        'casino-round-1',
        'casino-other-1',
        'casino-round-2',
      ]);
      expect(await read(['casino-round-1'])).toEqual(['casino-round-1']);
      if (kind === 'pglite') {
        // The prepared read itself (one connection, so EXPLAIN EXECUTE sees it): a category range.
        const plan = (
          await db.sql.query<Record<string, string>>(
            `EXPLAIN EXECUTE es_read_category_prefixes ('0', '0', 10, '{casino}', '{casino-round-%}')`,
          )
        ).rows
          .map((r) => Object.values(r)[0])
          .join('\n');
        expect(plan).toMatch(/es_events_category_order/);
      }
    } finally {
      await store.close();
      await db.dispose();
    }
  });
});

describe.each(availableSqlKinds())('category reads once es_events has statistics (%s)', (kind) => {
  /**
   * The bug of the sixth session (docs/benchmarks.md, "seventh session"): with autovacuum on, once
   * `es_events` was analysed the planner read a frequent category through the log-order index and
   * filtered the category, so a poll that found nothing new in its categories read every other
   * category's events since its checkpoint. The category read is written as a range of the category
   * index that the log-order index cannot serve: it must touch no row of another category.
   */
  it('an empty poll of a frequent category reads its index range, not the log after its checkpoint', async () => {
    const db = await openTestDatabase(kind);
    const store = await openSqlEventStore(db.sql);
    try {
      const grow = async (prefix: string, transactions: number) => {
        for (let t = 0; t < transactions; t++)
          await db.sql.query(
            `INSERT INTO es_events (stream_name, stream_position, event_id, event_type, data, metadata)
             SELECT $1 || $2::int || '-' || g, 1, gen_random_uuid(), 'T', '{}'::jsonb, '{}'::jsonb
             FROM generate_series(1, 500) AS g`,
            [prefix, t],
          );
      };
      // Half the log is the projection's category, half another; the statistics see both.
      await grow('plan-', 40);
      await grow('other-', 40);
      await db.sql.query('ANALYZE es_events');
      const { rows } = await db.sql.query<{ tx_id: string; global_position: string }>(
        `SELECT tx_id::text, global_position::text FROM es_events WHERE category = 'plan'
         ORDER BY tx_id DESC, global_position DESC LIMIT 1`,
      );
      // The projection has read all of its category; then 20,000 events of another one are written.
      const checkpoint = encodeSqlPosition(rows[0]!.tx_id, rows[0]!.global_position);
      await grow('other-late-', 40);
      for (const streamPrefixes of [['plan-'], ['plan-1', 'plan-2']]) {
        const sent: { text: string; params: readonly unknown[] }[] = [];
        const spy: SqlExecutor = {
          ...db.sql,
          query: (text, params, name) => {
            sent.push({ text, params: params ?? [] });
            return db.sql.query(text, params, name);
          },
        };
        const page = await readAllWith(spy, {
          after: checkpoint,
          maxCount: 1000,
          filter: { streamPrefixes },
        });
        expect(page.events).toEqual([]);
        const plan = (
          await db.sql.query<Record<string, unknown>>(
            `EXPLAIN (ANALYZE, FORMAT JSON) ${sent[0]!.text}`,
            sent[0]!.params as unknown[],
          )
        ).rows.map((r) => Object.values(r)[0]);
        const text = typeof plan[0] === 'string' ? plan[0] : JSON.stringify(plan[0]);
        expect(text, streamPrefixes.join()).toMatch(/es_events_category_order/);
        expect(text, streamPrefixes.join()).not.toMatch(/es_events_log_order/);
        // Rows another category's: none read and thrown away.
        const removed = [...text.matchAll(/"Rows Removed by (?:Filter|Index Recheck)": (\d+)/g)].map((m) =>
          Number(m[1]),
        );
        expect(Math.max(0, ...removed), streamPrefixes.join()).toBe(0);
      }
    } finally {
      await store.close();
      await db.dispose();
    }
  }, 300_000);
});
