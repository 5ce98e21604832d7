import { mkdir, mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, postgresUrl } from '../testing/databases.ts';
import { openSqlEventStore } from './adapters.ts';
import {
  PGLITE_DIR_IN_USE,
  PGLITE_LOCK_STALE_MS,
  createPgliteClient,
  createPostgresClient,
} from './client.ts';

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

  it('PGlite on disk: a second opener of a held folder is refused with PGLITE_DIR_IN_USE, and gets it once the first closes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bashiri-held-'));
    try {
      const first = await createPgliteClient(dir);
      await expect(createPgliteClient(dir, { lockWaitMs: 0 })).rejects.toMatchObject({
        code: PGLITE_DIR_IN_USE,
      });
      expect((await first.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
      await first.close();
      const second = await createPgliteClient(dir, { lockWaitMs: 0 });
      expect((await second.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('PGlite on disk: the lock left by a crashed process (not refreshed for the stale time) is taken over', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bashiri-crashed-'));
    try {
      await mkdir(`${dir}.lock`); // what a holder killed with SIGKILL leaves behind
      const old = new Date(Date.now() - PGLITE_LOCK_STALE_MS - 5_000);
      await utimes(`${dir}.lock`, old, old);
      const sql = await createPgliteClient(dir, { lockWaitMs: 0 });
      expect((await sql.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
      await sql.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
      await rm(`${dir}.lock`, { recursive: true, force: true });
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
