import { describe, expect, it } from 'vitest';
import { eventStoreContract } from '../contract/event-store.contract.ts';
import { openTestDatabase, postgresUrl, SKIP_POSTGRES_MESSAGE } from '../testing/databases.ts';
import { openSqlEventStore } from './adapters.ts';
import { createPostgresClient } from './client.ts';
import { createSqlEventStore } from './store.ts';

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

if (postgresUrl()) {
  eventStoreContract('PostgreSQL', sqlFixture('postgres'));
} else {
  describe('event-store contract: PostgreSQL', () => {
    it.skip(SKIP_POSTGRES_MESSAGE, () => undefined);
  });
}

describe.skipIf(!postgresUrl())('wake-ups across processes (PostgreSQL)', () => {
  it('a subscriber on another connection pool is woken by the append, long before its poll interval', async () => {
    const db = await openTestDatabase('postgres');
    const writer = await openSqlEventStore(db.sql);
    const otherPool = await createPostgresClient({
      connectionString: db.connectionString!,
      schema: db.schema,
    });
    const reader = await createSqlEventStore(otherPool);
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
});
