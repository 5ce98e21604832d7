/**
 * `migrate` (numbered SQL migrations through Postgrator): pending migrations applied in order, and a
 * set whose version table already records every file with its current checksum passed over in one
 * statement (decision 0199) — without losing Postgrator's checks: a changed file still fails, a new file
 * is still applied.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableSqlKinds, openTestDatabase } from '../testing/databases.ts';
import type { TestDatabase } from '../testing/databases.ts';
import type { SqlClient } from './client.ts';
import { migrate } from './migrate.ts';

/** `sql` whose held connections count their statements in `counter.statements`. */
const counting = (sql: SqlClient, counter: { statements: number }): SqlClient => ({
  ...sql,
  kind: sql.kind,
  schema: sql.schema,
  query: (text, params, name) => sql.query(text, params, name),
  transaction: (fn) => sql.transaction(fn),
  listen: (channel, onNotify) => sql.listen(channel, onNotify),
  close: () => sql.close(),
  withConnection: (fn) =>
    sql.withConnection((conn) =>
      fn({
        query: (text, params, name) => {
          counter.statements++;
          return conn.query(text, params, name);
        },
        exec: (script) => conn.exec(script),
      }),
    ),
});

describe.each(availableSqlKinds())('migrate (%s)', (kind) => {
  let db: TestDatabase;
  let folder: string;
  const counter = { statements: 0 };
  let sql: SqlClient;
  const set = () => ({ folder, table: 'migrate_test_schema_version' });
  const statementsOf = async (run: () => Promise<unknown>) => {
    counter.statements = 0;
    await run();
    return counter.statements;
  };

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    sql = counting(db.sql, counter);
    folder = mkdtempSync(join(tmpdir(), 'migrate-test-'));
    writeFileSync(join(folder, '001.do.first.sql'), 'CREATE TABLE m_first (id int PRIMARY KEY);\n');
    writeFileSync(join(folder, '002.do.second.sql'), 'ALTER TABLE m_first ADD COLUMN name text;\n');
  });
  afterAll(async () => {
    await db.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  it('applies the pending migrations in order, then finds nothing to do in one statement', async () => {
    expect(await migrate(sql, set())).toEqual([1, 2]);
    await sql.query(`INSERT INTO m_first (id, name) VALUES (1, 'a')`);
    let again: number[] = [];
    const statements = await statementsOf(async () => {
      again = await migrate(sql, set());
    });
    expect(again).toEqual([]);
    expect(statements).toBe(1);
  });

  it('still applies a new migration file, through Postgrator and its lock', async () => {
    writeFileSync(join(folder, '003.do.third.sql'), 'ALTER TABLE m_first ADD COLUMN age int;\n');
    let applied: number[] = [];
    const statements = await statementsOf(async () => {
      applied = await migrate(sql, set());
    });
    expect(applied).toEqual([3]);
    expect(statements).toBeGreaterThan(5);
    expect((await sql.query(`SELECT age FROM m_first`)).rows).toEqual([{ age: null }]);
    expect(await migrate(sql, set())).toEqual([]);
  });

  it('still refuses an applied migration whose file changed (Postgrator’s checksum check)', async () => {
    writeFileSync(join(folder, '002.do.second.sql'), 'ALTER TABLE m_first ADD COLUMN nom text;\n');
    await expect(migrate(sql, set())).rejects.toThrow(/MD5 checksum failed for migration \[2\]/);
    writeFileSync(join(folder, '002.do.second.sql'), 'ALTER TABLE m_first ADD COLUMN name text;\n');
    expect(await migrate(sql, set())).toEqual([]);
  });

  it('still refuses two files of one version (Postgrator’s check)', async () => {
    writeFileSync(join(folder, '002.do.again.sql'), 'SELECT 1;\n');
    await expect(migrate(sql, set())).rejects.toThrow(/Two migrations found with version 2/);
    rmSync(join(folder, '002.do.again.sql'));
    expect(await migrate(sql, set())).toEqual([]);
  });

  it('goes through Postgrator when the version table records a version the folder lacks', async () => {
    await sql.query(`INSERT INTO migrate_test_schema_version (version, name, md5) VALUES (9, 'gone', 'x')`);
    const statements = await statementsOf(() => migrate(sql, set()));
    expect(statements).toBeGreaterThan(5);
    await sql.query(`DELETE FROM migrate_test_schema_version WHERE version = 9`);
  });
});
