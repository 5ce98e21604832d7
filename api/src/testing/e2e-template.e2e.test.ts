/**
 * The migrated template database of the e2e project (e2e-global-setup.ts, decision 0193) is exactly what
 * the migrations produce: a copy of it (what each e2e file's server starts on) and a fresh schema migrated
 * the way an e2e server's start migrated before (`openServices` with the e2e modules on an empty schema)
 * have the same tables, columns, defaults, constraints, indexes, views, functions, triggers, sequences and
 * rows (timestamps aside: the migration tables stamp when each ran). Runs with `DATABASE_URL` (the template
 * exists only then); no browser.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { SqlClient } from '@bashiri/eventstore';
import { openTestDatabase } from '@bashiri/eventstore/testing';
import type { TestDatabase } from '@bashiri/eventstore/testing';
import { loadConfig } from '../config.ts';
import { closeServices, openServices } from '../services.ts';
import { e2eModules, openTemplateCopy } from './e2e-template.ts';

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
    await closeServices(await openServices(config, e2eModules(), { sql: fresh.sql }), { keepSql: true });
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
});
