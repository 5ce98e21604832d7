import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, postgresUrl } from '../testing/databases.ts';
import { openSqlEventStore } from './adapters.ts';
import { createPgliteClient, createPostgresClient } from './client.ts';

/** A server restarts on the database it left: migrations must find what they applied and apply nothing. */
describe('reopening an existing database', () => {
  it('PGlite on disk: the second start migrates nothing and keeps the events', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bashiri-restart-'));
    try {
      const first = await createPgliteClient(dir);
      const store = await openSqlEventStore(first);
      await store.appendToStream('restart-1', [{ type: 'Kept', data: {} }]);
      await store.close();
      await first.close();

      const second = await createPgliteClient(dir);
      const again = await openSqlEventStore(second);
      expect((await again.readStream('restart-1')).events.map((e) => e.type)).toEqual(['Kept']);
      await again.close();
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!postgresUrl())('PostgreSQL: the second start migrates nothing', async () => {
    const db = await openTestDatabase('postgres');
    try {
      await (await openSqlEventStore(db.sql)).close();
      const other = await createPostgresClient({ connectionString: db.connectionString!, schema: db.schema });
      await (await openSqlEventStore(other)).close();
      await other.close();
      const { rows } = await db.sql.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM eventstore_schema_version WHERE version = 1',
      );
      expect(rows[0]!.n).toBe(1);
    } finally {
      await db.dispose();
    }
  });

  it('rowCount of a SELECT on PGlite counts its rows', async () => {
    const sql = await createPgliteClient();
    expect((await sql.query('SELECT 1 UNION ALL SELECT 2')).rowCount).toBe(2);
    await sql.close();
  });
});
