/**
 * The whole server in one call (architecture.md §7): services, the Fastify app with every module, the
 * modules' background work (demo feed, payments worker, …), the projections, listening. `npm start`
 * (main.ts) and the end-to-end harness (testing/e2e.ts) both start it this way. With
 * `NODE_ENV=production` it first refuses sandboxes, the demo feed and default secrets (production.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { SqlClient } from '@bashiri/eventstore';
import { buildApp } from './app.ts';
import type { Authenticate } from './app.ts';
import type { ServerConfig } from './config.ts';
import { modules as allModules } from './modules/index.ts';
import { assertProductionReady } from './production.ts';
import { authenticate as identityAuthenticate } from './modules/identity/index.ts';
import type { ApiModule } from './modules/module.ts';
import { closeServices, openServices } from './services.ts';
import type { AppServices } from './services.ts';
import type { WebSite } from './web.ts';

export interface StartServerOptions {
  readonly config: ServerConfig;
  /** Default: every module (modules/index.ts). */
  readonly modules?: readonly ApiModule[];
  /** An already open database, kept open on close (tests); default: from `config`. */
  readonly sql?: SqlClient;
  /** Default: the identity module's bearer sessions. */
  readonly authenticate?: Authenticate;
  readonly web?: readonly WebSite[];
  readonly now?: () => number;
  /** The environment the production checks read (FEED_ENABLED, ADMIN_PASSWORD); default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly services: AppServices;
  /** `http://host:port` it listens on. */
  readonly url: string;
  /** Stops listening, then the modules' background work (in reverse order), then the services. */
  close(): Promise<void>;
}

export const startServer = async (options: StartServerOptions): Promise<RunningServer> => {
  const { config } = options;
  // Issue 15 item 2: refuse before opening anything (production.ts).
  assertProductionReady(config, options.env ?? process.env);
  const modules = options.modules ?? allModules;
  const services = await openServices(config, modules, {
    ...(options.sql ? { sql: options.sql } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const app = await buildApp(config, services, modules, {
    authenticate: options.authenticate ?? identityAuthenticate,
    ...(options.web ? { web: options.web } : {}),
  });
  const stops: (() => Promise<void>)[] = [];
  const close = async () => {
    await app.close();
    for (const stop of stops.reverse()) await stop();
    await closeServices(services, { keepSql: Boolean(options.sql) });
  };
  try {
    for (const module of modules) if (module.start) stops.push(await module.start(services));
    services.projections.start();
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return { app, services, url: `http://${host}:${port}`, close };
};
