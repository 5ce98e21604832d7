/**
 * The two SQL adapters of the port: a PostgreSQL server through `pg`, and embedded PostgreSQL through
 * PGlite (the zero-setup default, architecture.md §7). Both run the same migrations and SQL.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createPgliteClient, createPostgresClient, createSqlClientFromEnv } from './client.ts';
import type { PgliteSqlClient, PostgresClientOptions, SqlClient } from './client.ts';
import { EVENT_STORE_MIGRATIONS, createSqlEventStore, migrateEventStore } from './store.ts';
import type { SqlEventStore } from './store.ts';
import { pgliteImageDir, pgliteVersion, readPgliteImage, writePgliteImage } from './pglite-images.ts';

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

/** How {@link createThrowawayPgliteEventStore} starts. */
export interface ThrowawayStoreOptions {
  /**
   * Folder of the migrated, tuned empty database's image (decision 0160): read when it holds the
   * image for this PGlite version, migrations and tuning, else written after a fresh start. `null`:
   * no image (initdb and migrations every time). Default: `PGLITE_IMAGE_DIR`, else
   * `<os tmpdir>/bashiri-pglite-images`.
   */
  readonly imageDir?: string | null;
}

/**
 * The image's file name: PGlite's version, the event-store migrations and {@link THROWAWAY_STORE_SQL}
 * hashed, so a new PGlite or a new migration never starts from an old image. Computed once per process
 * (a run opens a throwaway store per season worker; the files do not change while it runs).
 */
let imageName: Promise<string> | null = null;
const throwawayImageName = (): Promise<string> => (imageName ??= hashImageName());

const hashImageName = async (): Promise<string> => {
  const hash = createHash('sha256').update(`pglite ${await pgliteVersion()}\n`);
  const folder = EVENT_STORE_MIGRATIONS.folder;
  for (const file of (await readdir(folder)).filter((f) => f.endsWith('.sql')).sort())
    hash.update(`${file}\n`).update(await readFile(new URL(file, folder)));
  hash.update(THROWAWAY_STORE_SQL.join(';\n'));
  return `throwaway-event-store-${hash.digest('hex').slice(0, 20)}.tgz`;
};

/** Opens an in-memory PGlite from the image at `file`; null when there is none or it does not open. */
const openFromImage = async (file: string): Promise<PgliteSqlClient | null> => {
  const image = await readPgliteImage(file);
  if (!image) return null;
  try {
    return await createPgliteClient(undefined, { image });
  } catch {
    return null; // a damaged image: start afresh (and write it again)
  }
};

/**
 * An in-memory PGlite event store for a run that only writes and is dropped when it ends, read by no
 * one (a simulation that is not kept): appends and stream reads behave as in any store, while
 * `readAll`/`subscribeToAll` lose their indexes (a full scan) and nothing survives a crash.
 *
 * It starts from an image of the migrated, tuned empty database when `options.imageDir` holds one
 * (decision 0160: no initdb, no second WebAssembly instance for it, no migrations to apply; the
 * migrations still run and find nothing to do), and writes that image there after a fresh start.
 */
export const createThrowawayPgliteEventStore = async (
  options: ThrowawayStoreOptions = {},
): Promise<SqlEventStore> => {
  const imageDir = options.imageDir === undefined ? pgliteImageDir() : options.imageDir;
  const file = imageDir === null ? null : join(imageDir, await throwawayImageName());
  const fromImage = file ? await openFromImage(file) : null;
  if (fromImage) {
    await migrateEventStore(fromImage);
    return createSqlEventStore(fromImage);
  }
  const sql = await createPgliteClient();
  await migrateEventStore(sql);
  for (const statement of THROWAWAY_STORE_SQL) await sql.query(statement);
  if (file) await writePgliteImage(file, sql.dumpImage());
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
