/**
 * The migrated template database of the e2e project (e2e-global-setup.ts, decision 0193) is exactly what
 * the migrations and the template's seed produce: a copy of it (what each e2e file's server starts on)
 * and a fresh schema migrated the way an e2e server's start migrated before (`openServices` with the e2e
 * modules on an empty schema) then seeded as the template is (`seedE2eTemplate`, decision 0202) have the same tables, columns, defaults, constraints, indexes, views, functions, triggers, sequences and
 * rows (timestamps aside: the migration tables stamp when each ran). A copy is dropped after its file
 * (in the background, decision 0199) and the run's teardown drops a template with every copy left. Runs
 * with `DATABASE_URL` (the template exists only then); no browser.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createPostgresClient } from '@bashiri/eventstore';
import type { SqlClient } from '@bashiri/eventstore';
import { openTestDatabase } from '@bashiri/eventstore/testing';
import type { TestDatabase } from '@bashiri/eventstore/testing';
import { loadConfig } from '../config.ts';
import { closeServices, openServices } from '../services.ts';
import {
  copiesDropped,
  createE2eTemplate,
  dropE2eTemplateAndCopies,
  e2eModules,
  openTemplateCopy,
  seedE2eTemplate,
} from './e2e-template.ts';

const url = process.env['DATABASE_URL'];
const template = url ? inject('e2eTemplateDatabase') : undefined;

/** Everything the migrations made in `schema`, as sorted text lines with the schema's name taken out. */
const snapshot = async (sql: SqlClient, schema: string): Promise<string[]> => {
  const lines: string[] = [];
  const add = async (label: string, text: string) => {
    const { rows } = await sql.query<Record<string, unknown>>(text, [schema]);
    for (const row of rows) lines.push(`${label} ${JSON.stringify(row)}`);
  };
  await add(
    'column',
    `SELECT table_name, column_name, ordinal_position, data_type, udt_name, column_default, is_nullable,
            character_maximum_length, numeric_precision, numeric_scale, is_identity, is_generated
       FROM information_schema.columns WHERE table_schema = $1`,
  );
  await add(
    'constraint',
    `SELECT c.relname, con.conname, con.contype, pg_get_constraintdef(con.oid) AS def
       FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1`,
  );
  await add('index', `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = $1`);
  await add('view', `SELECT viewname, definition FROM pg_views WHERE schemaname = $1`);
  await add(
    'function',
    `SELECT p.proname, pg_get_function_identity_arguments(p.oid) AS args, pg_get_functiondef(p.oid) AS def
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1 AND p.prokind IN ('f', 'p')`,
  );
  await add(
    'trigger',
    `SELECT c.relname, t.tgname, pg_get_triggerdef(t.oid) AS def
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND NOT t.tgisinternal`,
  );
  await add(
    'sequence',
    `SELECT sequencename, data_type::text, start_value, increment_by, last_value
       FROM pg_sequences WHERE schemaname = $1`,
  );
  await add(
    'relation',
    `SELECT c.relname, c.relkind, c.relpersistence FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1`,
  );
  // The rows the migrations wrote (seeded settings, migration versions), without timestamp columns.
  const { rows: tables } = await sql.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE'`,
    [schema],
  );
  for (const { table_name: table } of tables) {
    const { rows: columns } = await sql.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
        WHERE table_schema = $1 AND table_name = $2
          AND data_type NOT IN ('timestamp with time zone', 'timestamp without time zone')
        ORDER BY ordinal_position`,
      [schema, table],
    );
    if (columns.length === 0) continue;
    const list = columns.map((c) => `"${c.column_name}"`).join(', ');
    const { rows } = await sql.query<{ row: string }>(
      `SELECT row_to_json(r)::text AS row FROM (SELECT ${list} FROM "${schema}"."${table}") r`,
    );
    for (const { row } of rows) lines.push(`row ${table} ${row}`);
  }
  return lines.map((line) => line.replaceAll(`"${schema}".`, 'S.').replaceAll(`${schema}.`, 'S.')).sort();
};

/** The databases of the server of `url` whose names start with `prefix`. */
const databasesLike = async (prefix: string): Promise<string[]> => {
  const admin = await createPostgresClient({ connectionString: url!, max: 1 });
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname`,
      [prefix],
    );
    return rows.map((row) => row.datname);
  } finally {
    await admin.close();
  }
};

/** The database name of a connection string. */
const databaseOf = (connectionString: string) => new URL(connectionString).pathname.slice(1);

describe.skipIf(!url || !template)('the e2e template database', () => {
  const opened: TestDatabase[] = [];
  afterAll(async () => {
    for (const db of opened) await db.dispose();
  });

  it('is what the migrations make on an empty schema, and the comparison sees a difference', async () => {
    const fresh = await openTestDatabase('postgres');
    opened.push(fresh);
    const config = loadConfig({
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      PAYMENT_PROVIDERS: 'sandbox',
    });
    const services = await openServices(config, e2eModules(), { sql: fresh.sql });
    await seedE2eTemplate(services);
    await closeServices(services, { keepSql: true });
    const copy = await openTemplateCopy(url!, template!);
    opened.push(copy);

    const migrated = await snapshot(fresh.sql, fresh.schema);
    const copied = await snapshot(copy.sql, copy.schema);
    expect(migrated.length).toBeGreaterThan(500);
    expect(migrated.some((line) => line.startsWith('row '))).toBe(true);
    expect(copied).toEqual(migrated);

    // The comparison is not blind: one more column (or a changed row) in the copy shows.
    await copy.sql.query(`ALTER TABLE api_identity_schema_version ADD COLUMN e2e_probe int`);
    expect(await snapshot(copy.sql, copy.schema)).not.toEqual(migrated);
  }, 180_000);

  it('gives the next file a copy made ahead: its own database, the same template', async () => {
    const first = await openTemplateCopy(url!, template!);
    const second = await openTemplateCopy(url!, template!);
    opened.push(first, second);
    expect(databaseOf(second.connectionString!)).not.toBe(databaseOf(first.connectionString!));
    expect(await snapshot(second.sql, second.schema)).toEqual(await snapshot(first.sql, first.schema));
  }, 180_000);

  it('drops a copy after its dispose, without the dispose waiting for the drop', async () => {
    const copy = await openTemplateCopy(url!, template!);
    const name = databaseOf(copy.connectionString!);
    expect(await databasesLike(name)).toEqual([name]);
    await copy.dispose();
    await copiesDropped();
    expect(await databasesLike(name)).toEqual([]);
  }, 180_000);

  it('drops, at the run’s end, a template and the copies left of it, and nothing else', async () => {
    const other = `e2e_template_${randomBytes(4).toString('hex')}`;
    await createE2eTemplate(url!, other);
    const left = await openTemplateCopy(url!, other, { spare: false });
    await left.sql.close(); // a copy whose drop never ran (a stopped worker)
    expect(await databasesLike(other)).toEqual([other, databaseOf(left.connectionString!)].sort());
    await dropE2eTemplateAndCopies(url!, other);
    expect(await databasesLike(other)).toEqual([]);
    expect(await databasesLike(template!)).toContain(template!); // the run's own template stays
  }, 180_000);
});
