/**
 * Booting the real server for integration tests: PGlite (or PostgreSQL), every module, and — for
 * modules tested apart from the identity module — a test-only `authenticate` that trusts an
 * `x-test-viewer` header. Identity's own tests use real sessions.
 */
import type { FastifyInstance } from 'fastify';
import { openTestDatabase } from '@bashiri/eventstore/testing';
import type { SqlKind } from '@bashiri/eventstore/testing';
import { createMemoryEventStore, EVENT_STORE_KINDS } from '@bashiri/eventstore';
import type { EventStore, EventStoreKind, SqlClient } from '@bashiri/eventstore';
import { buildApp } from '../app.ts';
import type { Authenticate } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Viewer } from '../graphql/context.ts';
import { seedBettingConfig } from '../modules/betting/index.ts';
import { modules as allModules } from '../modules/index.ts';
import type { ApiModule } from '../modules/module.ts';
import { closeServices, openServices } from '../services.ts';
import type { AppServices } from '../services.ts';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly services: AppServices;
  /**
   * POSTs a GraphQL operation as `viewer` (or anonymously); returns `{ data, errors }`. `remoteAddress`
   * (default 127.0.0.1) is the client address the site's per-address limit counts (600 a minute, app.ts).
   */
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    viewer?: Viewer | null,
    options?: { readonly remoteAddress?: string },
  ): Promise<{ data?: T; errors?: { message: string; extensions?: { code?: string; field?: string } }[] }>;
  close(): Promise<void>;
}

/** The header form of a viewer (staff permissions as an array). */
const encode = (viewer: Viewer): string =>
  JSON.stringify(viewer.kind === 'staff' ? { ...viewer, permissions: [...viewer.permissions] } : viewer);

const trustHeader: Authenticate = async (request) => {
  const header = request.headers['x-test-viewer'];
  if (typeof header !== 'string') return null;
  const parsed = JSON.parse(header) as Viewer & { permissions?: string[] };
  return parsed.kind === 'staff' ? { ...parsed, permissions: new Set(parsed.permissions) } : parsed;
};

export const player = (userId: string): Viewer => ({ kind: 'player', userId, sessionId: `test-${userId}` });
export const staff = (staffId: string, permissions: readonly string[]): Viewer => ({
  kind: 'staff',
  staffId,
  sessionId: `test-${staffId}`,
  permissions: new Set(permissions),
});

/** What {@link startTestApp} takes. */
export interface TestAppOptions {
  readonly kind?: SqlKind;
  readonly modules?: readonly ApiModule[];
  readonly now?: () => number;
  /** Replaces the services' real `sleep` (e.g. the rolling-bet hold of bet placement). */
  readonly sleep?: (ms: number) => Promise<void>;
  readonly authenticate?: Authenticate;
  /**
   * An open database to use instead of a fresh one, left open by `close()` (a restart on the same
   * database: close one app, start another on the same `sql`).
   */
  readonly sql?: SqlClient;
  /** More configuration, as environment variables (e.g. `{ NODE_ENV: 'production' }`). */
  readonly env?: Record<string, string>;
}

/**
 * Where the tests' events live: `TEST_EVENT_STORE=memory` puts them in the in-memory adapter of the
 * port while read models stay in PGlite/PostgreSQL (CI's second run of the key integration suites,
 * issue 14 item 2: the API never bypasses the port); default `sql`, the database of the read models.
 */
export const testEventStoreKind = (): EventStoreKind => {
  const kind = process.env.TEST_EVENT_STORE ?? 'sql';
  if (!(EVENT_STORE_KINDS as readonly string[]).includes(kind))
    throw new Error(`TEST_EVENT_STORE: one of ${EVENT_STORE_KINDS.join(', ')}`);
  return kind as EventStoreKind;
};

/** One in-memory event store per database, so that a restart on the same `sql` finds its events. */
const memoryStores = new WeakMap<SqlClient, EventStore>();

export const startTestApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  const db = options.sql
    ? { sql: options.sql, dispose: async () => undefined }
    : await openTestDatabase(options.kind ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite'));
  const modules = options.modules ?? allModules;
  const kind = options.env?.EVENT_STORE ?? testEventStoreKind();
  const config = loadConfig({ LOG_LEVEL: 'silent', EVENT_STORE: kind, ...options.env });
  let events: EventStore | undefined;
  if (config.EVENT_STORE === 'memory') {
    events = memoryStores.get(db.sql) ?? createMemoryEventStore();
    memoryStores.set(db.sql, events);
  }
  const services = await openServices(config, modules, {
    ...(events ? { events } : {}),
    sql: db.sql,
    ...(options.now ? { now: options.now } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  const app = await buildApp(config, services, modules, {
    authenticate: options.authenticate ?? trustHeader,
  });
  return {
    app,
    services,
    gql: async (query, variables = {}, viewer = null, options = {}) => {
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: viewer ? { 'x-test-viewer': encode(viewer) } : {},
        payload: { query, variables },
        ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      });
      if (response.statusCode >= 500) throw new Error(`HTTP ${response.statusCode}: ${response.body}`);
      return response.json();
    },
    close: async () => {
      await app.close();
      await closeServices(services, {
        keepSql: true,
        keepEvents: events !== undefined && Boolean(options.sql),
      });
      await db.dispose();
    },
  };
};

/**
 * {@link startTestApp} ready for bets: the start-up projections settled and the default bet
 * configuration seeded (betting config.ts `seedBettingConfig`).
 */
export const startBettingTestApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  const t = await startTestApp(options);
  await t.services.projections.settle();
  await seedBettingConfig(t.services.sql);
  return t;
};
