/**
 * One small SQL interface over `pg` (a PostgreSQL server) and PGlite (embedded PostgreSQL), so the
 * event store, the projection runner and the read models run the same SQL on both
 * (architecture.md §3 "Adapters").
 */
import { mkdir } from 'node:fs/promises';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import type { PGlite } from '@electric-sql/pglite';

export interface SqlResult<Row> {
  readonly rows: Row[];
  readonly rowCount: number;
}

/**
 * Something that runs one parameterised statement: a pool, a connection, or an open transaction.
 * `name` marks a hot statement to prepare once per connection and reuse (planning the event store's
 * append costs as much as running it); it must identify `text` uniquely.
 */
export interface SqlExecutor {
  query<Row = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
    name?: string,
  ): Promise<SqlResult<Row>>;
}

export interface SqlClient extends SqlExecutor {
  readonly kind: 'postgres' | 'pglite';
  /** The schema every statement runs in (its tables, functions and notification channel). */
  readonly schema: string;
  /** Runs `fn` in one transaction (READ COMMITTED): commit on success, rollback on throw. */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Runs `fn` holding one connection (PGlite: the only one), for session-level work such as advisory locks. */
  withConnection<T>(
    fn: (conn: SqlExecutor & { exec(script: string): Promise<void> }) => Promise<T>,
  ): Promise<T>;
  /**
   * LISTENs on `channel`; returns the UNLISTEN. `onNotify` gets the notification's payload, or nothing
   * after a reconnection (notifications meanwhile were lost).
   */
  listen(channel: string, onNotify: (payload?: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Names we create ourselves (schemas, channels): letters, digits, underscores. */
export const assertSafeIdentifier = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`unsafe SQL identifier: ${name}`);
  return name;
};

export interface PostgresClientOptions {
  readonly connectionString: string;
  readonly schema?: string;
  /** Pool size (default 10). */
  readonly max?: number;
}

/** A pool on a PostgreSQL server; every connection's search_path is the schema (created if absent). */
export const createPostgresClient = async (options: PostgresClientOptions): Promise<SqlClient> => {
  const schema = assertSafeIdentifier(options.schema ?? 'public');
  const config: pg.PoolConfig = {
    connectionString: options.connectionString,
    max: options.max ?? 10,
    // No JIT: it starts above a plan *cost*, and on tables no ANALYZE has reached (autovacuum off or
    // behind) a 250-stream index lookup is costed past the threshold, then compiled for 100–600 ms
    // per execution — ten times the statement (bench:feed). Our statements are short; none gains.
    options: `-c search_path=${schema} -c jit=off`,
  };
  const bootstrap = new pg.Client({ connectionString: options.connectionString });
  await bootstrap.connect();
  try {
    await bootstrap.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
  } finally {
    await bootstrap.end();
  }
  const pool = new pg.Pool(config);
  // An idle pooled connection that errors (server restart) must not crash the process.
  pool.on('error', () => undefined);
  const listeners: pg.Client[] = [];

  const client: SqlClient = {
    kind: 'postgres',
    schema,
    query: async <Row>(text: string, params?: readonly unknown[], name?: string) => {
      const result = await pool.query({
        text,
        values: params as unknown[] | undefined,
        ...(name ? { name } : {}),
      });
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
    },
    transaction: async (fn) => {
      const { conn, done } = await checkOut(pool);
      try {
        await conn.query('BEGIN');
        const value = await fn(wrapPgConnection(conn));
        await conn.query('COMMIT');
        return value;
      } catch (error) {
        await conn.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        done();
      }
    },
    withConnection: async (fn) => {
      const { conn, done } = await checkOut(pool);
      try {
        const wrapped = wrapPgConnection(conn);
        return await fn({ ...wrapped, exec: async (script) => void (await conn.query(script)) });
      } finally {
        done();
      }
    },
    listen: async (channel, onNotify) => {
      // The LISTEN connection reconnects when the server drops it (pg_terminate_backend, a failover):
      // after each reconnection `onNotify` runs once, since notifications meanwhile were lost.
      let closed = false;
      let current: pg.Client | null = null;
      let reconnecting = false;
      const open = async (): Promise<pg.Client> => {
        const conn = new pg.Client({ connectionString: options.connectionString });
        conn.on('error', () => undefined);
        await conn.connect();
        conn.on('notification', (message) => {
          if (message.channel === channel) onNotify(message.payload);
        });
        await conn.query(`LISTEN ${quoteIdent(channel)}`);
        conn.on('end', () => {
          if (!closed && current === conn) void reconnect();
        });
        return conn;
      };
      const reconnect = async () => {
        if (reconnecting) return;
        reconnecting = true;
        for (let delay = 100; !closed; delay = Math.min(delay * 2, 5_000)) {
          await new Promise((r) => setTimeout(r, delay));
          if (closed) break;
          try {
            const conn = await open();
            if (closed) await conn.end().catch(() => undefined);
            else {
              listeners.splice(listeners.indexOf(current!), 1, conn);
              current = conn;
              onNotify();
            }
            break;
          } catch {
            // the server is not back yet: try again later
          }
        }
        reconnecting = false;
      };
      current = await open();
      listeners.push(current);
      return async () => {
        closed = true;
        const conn = current!;
        listeners.splice(listeners.indexOf(conn), 1);
        await conn.end().catch(() => undefined);
      };
    },
    close: async () => {
      await Promise.all(listeners.splice(0).map((conn) => conn.end().catch(() => undefined)));
      await pool.end();
    },
  };
  return client;
};

/**
 * Checks a connection out of `pool` with an error listener for as long as it is out: a backend
 * terminated meanwhile (pg_terminate_backend, a restart of PostgreSQL) would otherwise emit an `error`
 * nobody listens to and end the process. The listener is attached inside pg-pool's callback, which runs
 * synchronously while the pool hands the connection over: when the FATAL message arrives in the same
 * socket chunk as the previous holder's last answer, it is parsed right after that hand-over, before any
 * `await` continuation could attach a listener (the race `npm run chaos` found). `done()` gives the
 * connection back, destroying it when it broke. Exported for its test only.
 */
export const checkOut = (
  pool: Pick<pg.Pool, 'connect'>,
): Promise<{ conn: pg.PoolClient; done: () => void }> =>
  new Promise((resolve, reject) => {
    pool.connect((error, conn) => {
      if (error || !conn) {
        reject(error ?? new Error('no connection'));
        return;
      }
      let broken: Error | undefined;
      const onError = (e: Error) => {
        broken = e;
      };
      conn.on('error', onError);
      resolve({
        conn,
        done: () => {
          conn.off('error', onError);
          conn.release(broken);
        },
      });
    });
  });

/** Wraps one checked-out `pg` connection (also used by tests that hold transactions open). */
export const wrapPgConnection = (conn: pg.ClientBase): SqlExecutor => ({
  query: async <Row>(text: string, params?: readonly unknown[], name?: string) => {
    const result = await conn.query({
      text,
      values: params as unknown[] | undefined,
      ...(name ? { name } : {}),
    });
    return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
  },
});

/**
 * `text` as an SQL string literal, exactly as `pg.escapeLiteral` writes it (quotes doubled; with a
 * backslash, backslashes doubled and an ` E` prefix), but with two native `replaceAll`s instead of
 * `pg`'s character-by-character concatenation, which on the multi-megabyte JSON parameters of a large
 * `appendToStreams` cost more time and garbage than the statement (bench:simulate, docs/benchmarks.md).
 */
export const escapeLiteral = (text: string): string => {
  const quoted = text.replaceAll("'", "''");
  return text.includes('\\') ? ` E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
};

/** A value as an SQL literal (strings, numbers, booleans, null, arrays of those, JSON), quoted as `pg` does. */
const sqlLiteral = (value: unknown): string => {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return escapeLiteral(String(value));
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return escapeLiteral(value);
  if (value instanceof Date) return escapeLiteral(value.toISOString());
  if (Array.isArray(value)) {
    const elements = value.map((e) => (e === null ? 'NULL' : `"${String(e).replace(/["\\]/g, '\\$&')}"`));
    return escapeLiteral(`{${elements.join(',')}}`);
  }
  return escapeLiteral(JSON.stringify(value));
};

/** A PGlite client that can also write its whole database as one tarball (PGlite's `dumpDataDir`). */
export interface PgliteSqlClient extends SqlClient {
  readonly kind: 'pglite';
  /** The data directory as a gzipped tarball, which `createPgliteClient(undefined, { image })` opens. */
  dumpImage(): Promise<Blob>;
}

/** How {@link createPgliteClient} starts. */
export interface PgliteClientOptions {
  /**
   * A data directory written by {@link PgliteSqlClient.dumpImage} (same PGlite version): the database
   * starts from it instead of running `initdb` (only for an in-memory database, `dataDir` undefined).
   */
  readonly image?: Blob;
  /**
   * How long to wait for a data directory that another process holds (ms, default
   * {@link PGLITE_LOCK_WAIT_MS}): long enough for the lock of a process that crashed to go stale.
   */
  readonly lockWaitMs?: number;
}

/** Stable code of the error thrown when another process has the PGlite data directory open. */
export const PGLITE_DIR_IN_USE = 'PGLITE_DIR_IN_USE';
/** A holder refreshes its lock every 5 s; a lock not refreshed for this long is a crashed holder's (ms). */
export const PGLITE_LOCK_STALE_MS = 10_000;
/** Default wait for a held data directory: a crashed holder's lock goes stale within it (ms). */
export const PGLITE_LOCK_WAIT_MS = PGLITE_LOCK_STALE_MS + 2_000;

/**
 * Takes the data directory for this process: PGlite has one backend, and a second process writing the
 * same folder corrupts it (the next start aborts inside PGlite). The lock is `<dataDir>.lock`
 * (proper-lockfile: a directory whose mtime the holder refreshes); a crashed holder's lock is taken over
 * once stale. Throws an error with `code` {@link PGLITE_DIR_IN_USE} when the folder stays held.
 */
const lockDataDir = async (dataDir: string, waitMs: number): Promise<() => Promise<void>> => {
  const attempts = Math.max(0, Math.ceil(waitMs / 1_000));
  try {
    return await lockfile.lock(dataDir, {
      stale: PGLITE_LOCK_STALE_MS,
      retries: { retries: attempts, minTimeout: 1_000, maxTimeout: 1_000, factor: 1 },
      // A refresh that comes late (a long synchronous stretch on a loaded machine) must not kill the
      // server, as proper-lockfile's default does: warn instead.
      onCompromised: (error) =>
        process.emitWarning(`the lock on ${dataDir} was compromised: ${error.message}`, 'PgliteLockWarning'),
    });
  } catch (error) {
    if ((error as { code?: string }).code !== 'ELOCKED') throw error;
    throw Object.assign(
      new Error(
        `${dataDir} is in use by another process (another \`npm start\`?): stop it, or give this one its own ` +
          `PGLITE_DIR. Two processes on one PGlite folder corrupt it.`,
      ),
      { code: PGLITE_DIR_IN_USE },
    );
  }
};

/**
 * An embedded PostgreSQL (PGlite). `dataDir` is a folder (created if absent, held by this process until
 * `close`, see {@link PGLITE_DIR_IN_USE}) or undefined for memory.
 * PGlite has one backend: transactions are serialised, which the event store's SQL tolerates
 * (event-store.md "Costs to know"). `options.image` starts an in-memory database from a dumped one.
 */
export const createPgliteClient = async (
  dataDir?: string,
  options: PgliteClientOptions = {},
): Promise<PgliteSqlClient> => {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir && options.image)
    throw new Error('createPgliteClient: an image starts an in-memory database only');
  let unlock: (() => Promise<void>) | undefined;
  if (dataDir && !dataDir.startsWith('memory://')) {
    await mkdir(dataDir, { recursive: true });
    unlock = await lockDataDir(dataDir, options.lockWaitMs ?? PGLITE_LOCK_WAIT_MS);
  }
  let db: PGlite;
  try {
    db = dataDir
      ? await PGlite.create(dataDir)
      : options.image
        ? await PGlite.create({ loadDataDir: options.image })
        : await PGlite.create();
  } catch (error) {
    await unlock?.();
    throw error;
  }
  // PGlite has no named extended-protocol statements: hot statements are PREPAREd once (session-level,
  // not undone by a rollback) and EXECUTEd with their values as quoted literals.
  const prepared = new Map<string, Promise<unknown>>();
  const wrap = (q: Pick<PGlite, 'query'>): SqlExecutor => ({
    query: async <Row>(text: string, params?: readonly unknown[], name?: string) => {
      if (name) {
        const statement = assertSafeIdentifier(name);
        if (!prepared.has(statement)) {
          const preparing = q.query(`PREPARE ${statement} AS ${text}`);
          prepared.set(statement, preparing);
          preparing.catch(() => prepared.delete(statement));
        }
        await prepared.get(statement);
        const args = (params ?? []).map(sqlLiteral).join(', ');
        const result = await q.query<Row>(`EXECUTE ${statement}${args ? ` (${args})` : ''}`);
        return { rows: result.rows, rowCount: result.affectedRows || result.rows.length };
      }
      const result = await q.query<Row>(text, params as unknown[] | undefined);
      return { rows: result.rows, rowCount: result.affectedRows || result.rows.length };
    },
  });
  const top = wrap(db);
  return {
    kind: 'pglite',
    schema: 'public',
    query: top.query,
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    withConnection: (fn) => fn({ ...top, exec: async (script) => void (await db.exec(script)) }),
    listen: async (channel, onNotify) => {
      const unlisten = await db.listen(channel, (payload) => onNotify(payload));
      return unlisten;
    },
    close: async () => {
      try {
        await db.close();
      } finally {
        await unlock?.();
      }
    },
    dumpImage: () => db.dumpDataDir('gzip'),
  };
};

/**
 * The default store of this machine: PostgreSQL when `DATABASE_URL` is set, otherwise PGlite in
 * `PGLITE_DIR` (default `.data/pglite`), so `npm start` needs no server (architecture.md §7).
 */
export const createSqlClientFromEnv = async (env: NodeJS.ProcessEnv = process.env): Promise<SqlClient> =>
  env.DATABASE_URL
    ? createPostgresClient({
        connectionString: env.DATABASE_URL,
        ...(env.DATABASE_SCHEMA ? { schema: env.DATABASE_SCHEMA } : {}),
      })
    : createPgliteClient(env.PGLITE_DIR ?? '.data/pglite');
