/**
 * Numbered SQL migrations, applied on start, identical on PostgreSQL and PGlite (issue 2 item 6),
 * through Postgrator's driver-agnostic `execQuery`. Each package keeps its own folder and its own
 * version table, so the event store, projections and the API migrate independently.
 */
import Postgrator from 'postgrator';
import { fileURLToPath } from 'node:url';
import type { SqlClient } from './client.ts';

export interface MigrationSet {
  /** Folder of `NNN.do.description.sql` files. */
  readonly folder: string | URL;
  /** Version table, e.g. `eventstore_schema_version`. */
  readonly table: string;
}

/**
 * Applies every pending migration of `set`, holding a session advisory lock so that several
 * processes starting together migrate once. Returns the versions applied.
 */
export const migrate = async (sql: SqlClient, set: MigrationSet): Promise<number[]> => {
  const folder = typeof set.folder === 'string' ? set.folder : fileURLToPath(set.folder);
  return sql.withConnection(async (conn) => {
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
