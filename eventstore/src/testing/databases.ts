/**
 * Databases for integration tests: a fresh schema on the PostgreSQL server named by `DATABASE_URL`
 * (dropped afterwards), or a fresh in-memory PGlite. Tests that need a server skip with a message when
 * `DATABASE_URL` is not set.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { createPgliteClient, createPostgresClient } from '../sql/client.ts';
import type { SqlClient, SqlExecutor } from '../sql/client.ts';
import { pgliteImageDir, pgliteVersion, readPgliteImage, writePgliteImage } from '../sql/pglite-images.ts';

export { databaseUrlForWorker, databaseUrlsOfWorkers, parseDatabaseUrls } from './worker-database.ts';

export type SqlKind = 'postgres' | 'pglite';

export const postgresUrl = (): string | undefined => process.env.DATABASE_URL || undefined;

/** The SQL kinds this run can test: PGlite always, PostgreSQL when DATABASE_URL is set. */
export const availableSqlKinds = (): SqlKind[] => (postgresUrl() ? ['postgres', 'pglite'] : ['pglite']);

export const SKIP_POSTGRES_MESSAGE =
  'DATABASE_URL is not set: PostgreSQL-server tests skipped (PGlite ran instead)';

export interface TestDatabase {
  readonly sql: SqlClient;
  /** For PostgreSQL: the connection string and schema, to open extra connections (held transactions). */
  readonly connectionString?: string;
  readonly schema: string;
  dispose(): Promise<void>;
}

/**
 * The image of an empty in-memory PGlite (its data directory right after `initdb`, gzipped), kept in
 * `<PGLITE_IMAGE_DIR or os tmpdir/bashiri-pglite-images>/empty-<PGlite version>.tgz` (pglite-images.ts)
 * and once per process (decision 0203).
 * Starting from it skips `initdb`: about 0.8 CPU-s a database instead of 2.0–2.6 (measured 28 November,
 * docs/benchmarks.md "CI integration tier (helper, session 15)"), and an integration run opens a PGlite
 * in most of its files. Written atomically by the first process that needs it; a new PGlite version gets
 * a file of its own. `TEST_PGLITE_IMAGE=0` starts every PGlite with its own `initdb`, as before. Null
 * when the image cannot be made or read (the database then starts afresh).
 */
let emptyImage: Promise<Blob | null> | null = null;
const emptyPgliteImage = (): Promise<Blob | null> => (emptyImage ??= loadOrMakeEmptyImage());

const loadOrMakeEmptyImage = async (): Promise<Blob | null> => {
  try {
    const version = (await pgliteVersion()).replace(/[^\w.-]/g, '_');
    const file = join(pgliteImageDir(), `empty-${version}.tgz`);
    const stored = await readPgliteImage(file);
    if (stored) return stored;
    const fresh = await createPgliteClient();
    try {
      const image = await fresh.dumpImage();
      await writePgliteImage(file, image);
      return image;
    } finally {
      await fresh.close();
    }
  } catch {
    return null;
  }
};

/** A fresh, empty in-memory PGlite: from the empty image when there is one, else with its own initdb. */
const openTestPglite = async () => {
  const image = process.env.TEST_PGLITE_IMAGE === '0' ? null : await emptyPgliteImage();
  if (image) {
    try {
      return await createPgliteClient(undefined, { image });
    } catch {
      // A damaged image: this database starts afresh.
    }
  }
  return createPgliteClient();
};

/** A fresh, empty database of `kind`. */
export const openTestDatabase = async (kind: SqlKind, poolSize = 10): Promise<TestDatabase> => {
  if (kind === 'pglite') {
    const sql = await openTestPglite();
    return { sql, schema: sql.schema, dispose: () => sql.close() };
  }
  const connectionString = postgresUrl();
  if (!connectionString) throw new Error(SKIP_POSTGRES_MESSAGE);
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const sql = await createPostgresClient({ connectionString, schema, max: poolSize });
  return {
    sql,
    connectionString,
    schema,
    dispose: async () => {
      await sql.close();
      const admin = new pg.Client({ connectionString });
      await admin.connect();
      try {
        await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await admin.end();
      }
    },
  };
};

/** A separate connection to the test schema, for holding a transaction open while others commit. */
export const openRawConnection = async (db: TestDatabase): Promise<pg.Client> => {
  if (!db.connectionString) throw new Error('raw connections need a PostgreSQL server');
  const client = new pg.Client({
    connectionString: db.connectionString,
    options: `-c search_path=${db.schema}`,
  });
  await client.connect();
  return client;
};

/** An executor in front of `sql` that counts the statements sent through it (`statements`). */
export const countingExecutor = (sql: SqlExecutor): SqlExecutor & { statements: number } => {
  const executor: SqlExecutor & { statements: number } = {
    statements: 0,
    query: (text, params, name) => {
      executor.statements++;
      return sql.query(text, params, name);
    },
  };
  return executor;
};
