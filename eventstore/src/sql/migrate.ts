/**
 * Numbered SQL migrations, applied on start, identical on PostgreSQL and PGlite (issue 2 item 6),
 * through Postgrator's driver-agnostic `execQuery`. Each package keeps its own folder and its own
 * version table, so the event store, projections and the API migrate independently.
 */
import Postgrator from 'postgrator';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlClient, SqlExecutor } from './client.ts';

export interface MigrationSet {
  /** Folder of `NNN.do.description.sql` files. */
  readonly folder: string | URL;
  /** Version table, e.g. `eventstore_schema_version`. */
  readonly table: string;
}

/**
 * The `do` migrations of `folder` as Postgrator reads them (`NNN.do.name.sql`; the version is the
 * number, the checksum the MD5 of the file's text, as Postgrator's `fileChecksum` without `newline`),
 * or `null` when two files claim one version (Postgrator refuses that; so must the caller).
 */
const doMigrationsOf = (folder: string): Map<number, string> | null => {
  const files = new Map<number, string>();
  for (const file of readdirSync(folder)) {
    if (!file.endsWith('.sql')) continue;
    const [version, action] = file.slice(0, -'.sql'.length).split('.');
    if (action !== 'do' || Number.isNaN(Number(version))) continue;
    if (files.has(Number(version))) return null;
    const text = readFileSync(join(folder, file), 'utf8');
    files.set(Number(version), createHash('md5').update(text, 'utf8').digest('hex'));
  }
  return files;
};

/**
 * True when `set`'s version table already records exactly the folder's `do` migrations, each with the
 * checksum of its file as it is now: then Postgrator's pass would validate every checksum, find nothing
 * to run and change nothing, and {@link migrate} skips it. That pass costs two statements per recorded
 * migration plus nine per set (catalog lookups, `SET search_path` before each statement), ~260 round
 * trips for an e2e server's 18 sets (2.4–3.6 s wall on a loaded machine, decision 0199); this check is
 * one statement. Anything else — no table, a version missing or extra, a changed file, two files of one
 * version, an unreadable row — answers false, and Postgrator runs as before (and applies, or throws on the changed checksum).
 * Read without the advisory lock: a version row is written after its migration's script has run, so
 * a row seen means that migration is done.
 */
const alreadyMigrated = async (conn: SqlExecutor, schemaTable: string, folder: string): Promise<boolean> => {
  let rows: { version: string; md5: string | null }[];
  try {
    ({ rows } = await conn.query<{ version: string; md5: string | null }>(
      `SELECT version::text AS version, md5 FROM ${schemaTable} WHERE version <> 0`,
    ));
  } catch {
    return false;
  }
  const files = doMigrationsOf(folder);
  if (!files || rows.length !== files.size) return false;
  return rows.every((row) => files.get(Number(row.version)) === row.md5);
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
    if (await alreadyMigrated(conn, schemaTable, folder)) return [];
    await conn.query('SELECT pg_advisory_lock(hashtext($1))', [set.table]);
    try {
      // Postgrator finds its version table by catalog (database) and schema: it must be the real name.
      const database = (await conn.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!
        .name;
      const postgrator = new Postgrator({
        migrationPattern: `${folder.replace(/\/$/, '')}/*.sql`,
        driver: 'pg',
        database,
        schemaTable: `${sql.schema}.${set.table}`,
        currentSchema: sql.schema,
        execQuery: (text: string) => conn.query(text),
        execSqlScript: (script: string) => conn.exec(script),
      });
      const applied = await postgrator.migrate();
      return applied.map((m) => m.version);
    } finally {
      await conn.query('SELECT pg_advisory_unlock(hashtext($1))', [set.table]);
    }
  });
};
