/**
 * The database side of the e2e harness, without vitest (the e2e project's global setup imports it, and
 * vitest's test API cannot be imported there): the modules of an e2e server, and the migrated template
 * database each e2e file's server starts from a copy of (decision 0193, docs/testing-e2e.md).
 */
import { randomBytes } from 'node:crypto';
import { createPostgresClient } from '@bashiri/eventstore';
import type { SqlClient } from '@bashiri/eventstore';
import type { TestDatabase } from '@bashiri/eventstore/testing';
import { loadConfig } from '../config.ts';
import { createFeedModule } from '../modules/feed/index.ts';
import type { FeedOptions } from '../modules/feed/index.ts';
import { seedContent } from '../modules/content/index.ts';
import { smsOutbox, testModules } from '../modules/identity/testing.ts';
import { closeServices, openServices } from '../services.ts';
import type { AppServices } from '../services.ts';

/** The first administrator of every e2e server (created at start, no TOTP bound). */
export const E2E_ADMIN = { account: 'admin', password: 'e2e-admin-password' } as const;

/** The demo feed of e2e servers: 2-minute matches, re-priced every second. */
export const FAST_FEED: FeedOptions = { matchMinutes: 2, tickMs: 1_000 };

/** The schema of the migrated template database and of its copies (one database per e2e file). */
export const E2E_TEMPLATE_SCHEMA = 'e2e';

/** `connectionString` with its database replaced by `database`. */
const onDatabase = (connectionString: string, database: string): string => {
  const url = new URL(connectionString);
  url.pathname = `/${database}`;
  return url.toString();
};

/** Runs `fn` with a one-connection client on `connectionString`'s database (`CREATE`/`DROP DATABASE`). */
const withAdmin = async <T>(connectionString: string, fn: (sql: SqlClient) => Promise<T>): Promise<T> => {
  const sql = await createPostgresClient({ connectionString, max: 1 });
  try {
    return await fn(sql);
  } finally {
    await sql.close();
  }
};

/** The modules of an e2e server (and of its template's migrations): every module, the demo feed at `feed`. */
export const e2eModules = (feed: FeedOptions = FAST_FEED, outbox = smsOutbox()) =>
  testModules(E2E_ADMIN, { feed: createFeedModule(feed) }, outbox);

/**
 * The seeds of the template besides its migrations (decision 0202): the content module's default pages,
 * rules, article, notices, contacts, 12 banner files, welcome message and site settings
 * (`seedContent`, dated by `services.now()`: the template's making), which every e2e server's start
 * would otherwise write into its fresh copy (~60 statements, 0.7–1.7 s wall a file on a loaded
 * machine). The server's start still runs the seed, which finds it done (`content_seed_runs`) and
 * writes nothing. The other modules' seeds stay at the server's start: they are a few statements each.
 */
export const seedE2eTemplate = async (services: AppServices): Promise<void> => {
  await seedContent(services.sql, services.now());
};

/**
 * Creates the database `name` on the server of `connectionString` and migrates schema
 * {@link E2E_TEMPLATE_SCHEMA} in it exactly as an e2e server's start does (`openServices` with the e2e
 * modules: the event store's tables, the projections' checkpoints, every module's migrations), seeds
 * it ({@link seedE2eTemplate}), then closes every connection to it, so that `CREATE DATABASE … TEMPLATE name` can copy it. Called once per
 * run by the e2e project's global setup; each e2e file then starts from a copy
 * ({@link startE2eServer}), and its server's own migration step finds nothing left to apply.
 */
export const createE2eTemplate = async (connectionString: string, name: string): Promise<void> => {
  await withAdmin(connectionString, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  });
  const sql = await createPostgresClient({
    connectionString: onDatabase(connectionString, name),
    schema: E2E_TEMPLATE_SCHEMA,
    max: 1,
  });
  try {
    const config = loadConfig({
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      PAYMENT_PROVIDERS: 'sandbox',
    });
    const services = await openServices(config, e2eModules(), { sql });
    try {
      await seedE2eTemplate(services);
    } finally {
      await closeServices(services, { keepSql: true });
    }
  } finally {
    await sql.close();
  }
};

/** Drops the template database `name` (the global setup's teardown). */
export const dropE2eDatabase = (connectionString: string, name: string): Promise<void> =>
  withAdmin(connectionString, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

/**
 * Drops what is left of the template `name` and its copies (`name_<hex>`): the global setup's teardown,
 * after every file. A copy's drop runs in the background of its file's `stop()` ({@link openTemplateCopy})
 * and may not have ended, or begun, when the worker exits; a stopped run leaves them too. Each drop is
 * tried on its own (one failing does not keep the others).
 */
export const dropE2eTemplateAndCopies = async (connectionString: string, name: string): Promise<void> => {
  const { rows } = await withAdmin(connectionString, (admin) =>
    admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname ~ ('^' || $1 || '_[0-9a-f]+$')`,
      [name],
    ),
  );
  // Copies first: a copy being made blocks nothing here, but the template goes last, once.
  const names = rows.map((row) => row.datname).sort((a, b) => Number(a === name) - Number(b === name));
  for (const database of names)
    await dropE2eDatabase(connectionString, database).catch((error: unknown) =>
      console.warn(`e2e: could not drop database ${database}: ${String(error)}`),
    );
};

/** Drops of template copies still running in this process (see {@link openTemplateCopy}'s `dispose`). */
const dropsUnderWay = new Set<Promise<void>>();

/**
 * Waits for the template copies' drops this process started ({@link openTemplateCopy}) to end; errors
 * were already reported. For a caller that must know the copies are gone (a test of the harness).
 */
export const copiesDropped = async (): Promise<void> => {
  await Promise.all([...dropsUnderWay]);
};

/** Makes a fresh copy of `template` (`CREATE DATABASE … TEMPLATE`) and returns its name. */
const makeCopy = async (connectionString: string, template: string): Promise<string> => {
  const name = `${template}_${randomBytes(5).toString('hex')}`;
  await withAdmin(connectionString, (admin) =>
    admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`),
  );
  return name;
};

/** The copy made ahead for this process's next file, per server and template (see {@link openTemplateCopy}). */
const spares = new Map<string, Promise<string>>();

/**
 * A fresh database copied from the migrated template `template` (`CREATE DATABASE … TEMPLATE`, a file
 * copy in PostgreSQL: ~0.1–0.5 s against ~5 s of migrations). Decision 0199 takes two waits out of a
 * file's own time:
 * - the copy is usually **made ahead**: each call takes the copy the previous call of this process
 *   started in the background (made from the same template, which no file changes), and starts the
 *   next one while this file's server starts (PostgreSQL copies on the other core); the first call, or
 *   one with `spare: false`, makes its own. The last spare of a run is left to the teardown.
 * - `dispose` closes the copy's pool and **starts `DROP DATABASE` without waiting for it**: PostgreSQL's
 *   drop requests a checkpoint and waits for it (every dirty buffer of the cluster written), 2.4–2.9 s
 *   of a file's `stop()` on a loaded machine while the test process sat idle. A failed drop is logged,
 *   not thrown.
 * Whatever copy is left (a spare, a drop cut short by the worker's exit) is dropped by the run's
 * teardown ({@link dropE2eTemplateAndCopies}).
 */
export const openTemplateCopy = async (
  connectionString: string,
  template: string,
  options: { spare?: boolean } = {},
): Promise<TestDatabase> => {
  const key = `${template} ${connectionString}`;
  const ready = spares.get(key);
  spares.delete(key);
  // A spare whose CREATE failed is replaced by a copy made now (the error shows then, if it repeats).
  const made = ready ? await ready.catch(() => null) : null;
  const name = made ?? (await makeCopy(connectionString, template));
  if (options.spare !== false) {
    const next = makeCopy(connectionString, template);
    next.catch(() => undefined); // not unhandled: the next call sees the failure and makes its own
    spares.set(key, next);
  }
  const copy = onDatabase(connectionString, name);
  const sql = await createPostgresClient({ connectionString: copy, schema: E2E_TEMPLATE_SCHEMA });
  return {
    sql,
    connectionString: copy,
    schema: E2E_TEMPLATE_SCHEMA,
    dispose: async () => {
      await sql.close();
      const drop = dropE2eDatabase(connectionString, name).catch((error: unknown) =>
        console.warn(
          `e2e: could not drop database ${name} (the run's teardown tries again): ${String(error)}`,
        ),
      );
      dropsUnderWay.add(drop);
      void drop.finally(() => dropsUnderWay.delete(drop));
    },
  };
};
