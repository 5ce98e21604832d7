/**
 * The two SQL adapters of the port: a PostgreSQL server through `pg`, and embedded PostgreSQL through
 * PGlite (the zero-setup default, architecture.md §7). Both run the same migrations and SQL.
 */
import { createPgliteClient, createPostgresClient, createSqlClientFromEnv } from './client.ts';
import type { PostgresClientOptions, SqlClient } from './client.ts';
import { createSqlEventStore, migrateEventStore } from './store.ts';
import type { SqlEventStore } from './store.ts';

/** Migrates and opens an event store on an existing SQL client (which the caller keeps and closes). */
export const openSqlEventStore = async (sql: SqlClient): Promise<SqlEventStore> => {
  await migrateEventStore(sql);
  return createSqlEventStore(sql, { ownsClient: false });
};

/** An event store on a PostgreSQL server (`connectionString`, optional schema). Closing it closes its pool. */
export const createPostgresEventStore = async (options: PostgresClientOptions): Promise<SqlEventStore> => {
  const sql = await createPostgresClient(options);
  await migrateEventStore(sql);
  return createSqlEventStore(sql);
};

/** An event store on embedded PGlite: `dataDir` folder, or in memory when undefined. */
export const createPgliteEventStore = async (dataDir?: string): Promise<SqlEventStore> => {
  const sql = await createPgliteClient(dataDir);
  await migrateEventStore(sql);
  return createSqlEventStore(sql);
};

/** PostgreSQL when `DATABASE_URL` is set, else PGlite in `PGLITE_DIR` (default `.data/pglite`). */
export const createEventStoreFromEnv = async (
  env: NodeJS.ProcessEnv = process.env,
): Promise<SqlEventStore> => {
  const sql = await createSqlClientFromEnv(env);
  await migrateEventStore(sql);
  return createSqlEventStore(sql);
};
