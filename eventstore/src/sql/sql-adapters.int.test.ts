import { describe, it } from 'vitest';
import { eventStoreContract } from '../contract/event-store.contract.ts';
import { openTestDatabase, postgresUrl, SKIP_POSTGRES_MESSAGE } from '../testing/databases.ts';
import { openSqlEventStore } from './adapters.ts';

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
