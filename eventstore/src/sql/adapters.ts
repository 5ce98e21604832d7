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

/**
 * What a throwaway store does without (decision 0125): the write-ahead log (its tables become
 * UNLOGGED: PGlite writes each row once, not also a WAL record), and the two indexes only readers of
 * the global log use. The append statement, the rows, the primary keys and the unique event ids (what
 * checks versions and repeated ids) are those of any store.
 */
const THROWAWAY_STORE_SQL = [
  'DROP INDEX es_events_log_order',
  'DROP INDEX es_events_category_order',
  'ALTER TABLE es_events SET UNLOGGED',
  'ALTER TABLE es_streams SET UNLOGGED',
  'ALTER SEQUENCE es_global_position_seq SET UNLOGGED',
];

/**
 * An in-memory PGlite event store for a run that only writes and is dropped when it ends, read by no
 * one (a simulation that is not kept): appends and stream reads behave as in any store, while
 * `readAll`/`subscribeToAll` lose their indexes (a full scan) and nothing survives a crash.
 */
export const createThrowawayPgliteEventStore = async (): Promise<SqlEventStore> => {
  const store = await createPgliteEventStore();
  for (const statement of THROWAWAY_STORE_SQL) await store.sql.query(statement);
  return store;
};

/** PostgreSQL when `DATABASE_URL` is set, else PGlite in `PGLITE_DIR` (default `.data/pglite`). */
export const createEventStoreFromEnv = async (
  env: NodeJS.ProcessEnv = process.env,
): Promise<SqlEventStore> => {
  const sql = await createSqlClientFromEnv(env);
  await migrateEventStore(sql);
  return createSqlEventStore(sql);
};
