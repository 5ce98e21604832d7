/**
 * Numbered SQL migrations, applied on start, identical on PostgreSQL and PGlite (issue 2 item 6),
 * through Postgrator's driver-agnostic `execQuery`. Each package keeps its own folder and its own
 * version table, so the event store, projections and the API migrate independently.
 */
import Postgrator from 'postgrator';
import { fileURLToPath } from 'node:url';
import type { SqlClient, SqlExecutor } from './client.ts';

export interface MigrationSet {
  /** Folder of `NNN.do.description.sql` files. */
  readonly folder: string | URL;
  /** Version table, e.g. `eventstore_schema_version`. */
  readonly table: string;
}

/**
 * True when `set`'s version table already records exactly the folder's `do` migrations (as Postgrator
 * reads them, `migrations`), each with the checksum of its file as it is now: then Postgrator's pass would
 * validate every checksum, find nothing to run and change nothing, and {@link migrate} skips it. That
 * pass costs two statements per recorded migration plus nine per set (catalog lookups, `SET
 * search_path` before each statement), ~260 round trips for an e2e server's 18 sets (2.4–3.6 s wall on
 * a loaded machine, decision 0199); this check is one statement. Anything else — no table, a version
 * missing or extra, a changed file, two files of one version, an unreadable row — answers false, and
 * Postgrator runs as before (and applies, or throws on the changed checksum or the duplicate).
 * Read without the advisory lock: a version row is written after its migration's script has run, so
 * a row seen means that migration is done.
 */
const alreadyMigrated = async (
  conn: SqlExecutor,
  schemaTable: string,
  migrations: readonly Postgrator.Migration[],
): Promise<boolean> => {
  let rows: { version: string; md5: string | null }[];
  try {
    ({ rows } = await conn.query<{ version: string; md5: string | null }>(
      `SELECT version::text AS version, md5 FROM ${schemaTable} WHERE version <> 0`,
    ));
  } catch {
    return false;
  }
  const files = new Map<number, string>();
  for (const m of migrations) {
    if (m.action !== 'do') continue;
    if (files.has(m.version)) return false; // two files of one version: Postgrator refuses it
    files.set(m.version, m.md5);
  }
  return rows.length === files.size && rows.every((row) => files.get(Number(row.version)) === row.md5);
};

/** The database each client is connected to (Postgrator finds its version table by it), asked once. */
const databases = new WeakMap<SqlClient, string>();
const databaseOf = async (sql: SqlClient, conn: SqlExecutor): Promise<string> => {
  let name = databases.get(sql);
  if (name === undefined) {
    name = (await conn.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!.name;
    databases.set(sql, name);
  }
  return name;
};

/**
 * Applies every pending migration of `set`, holding a session advisory lock so that several
 * processes starting together migrate once. Returns the versions applied (none when the version table
 * already records every migration of the folder with its current checksum: one statement then, see
 * {@link alreadyMigrated}).
 */
export const migrate = async (sql: SqlClient, set: MigrationSet): Promise<number[]> => {
  const folder = typeof set.folder === 'string' ? set.folder : fileURLToPath(set.folder);
  const schemaTable = [sql.schema, set.table].map((name) => `"${name.replace(/"/g, '""')}"`).join('.');
  return sql.withConnection(async (conn) => {
    // Postgrator finds its version table by catalog (database) and schema: it must be the real name.
    const postgrator = new Postgrator({
      migrationPattern: `${folder.replace(/\/$/, '')}/*.sql`,
      driver: 'pg',
      database: await databaseOf(sql, conn),
      schemaTable: `${sql.schema}.${set.table}`,
      currentSchema: sql.schema,
      execQuery: (text: string) => conn.query(text),
      execSqlScript: (script: string) => conn.exec(script),
    });
    if (await alreadyMigrated(conn, schemaTable, await postgrator.getMigrations())) return [];
    await conn.query('SELECT pg_advisory_lock(hashtext($1))', [set.table]);
    try {
      const applied = await postgrator.migrate();
      return applied.map((m) => m.version);
    } finally {
      await conn.query('SELECT pg_advisory_unlock(hashtext($1))', [set.table]);
    }
  });
};
