/**
 * The Fastify application (architecture.md §5; style.md "fastify/demo"): external plugins first,
 * then our services, then routes. Errors are logged with the request id; a client never sees a 5xx's
 * details.
 */
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import sensible from '@fastify/sensible';
import { createProjectionRunner, migrateProjections } from '@bashiri/projections';
import type { ProjectionRunner } from '@bashiri/projections';
import { createSqlClientFromEnv, openSqlEventStore } from '@bashiri/eventstore';
import type { SqlClient, SqlEventStore } from '@bashiri/eventstore';
import type { ServerConfig } from './config.ts';

export interface AppServices {
  readonly sql: SqlClient;
  readonly store: SqlEventStore;
  readonly projections: ProjectionRunner;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** Opens the database (PostgreSQL or embedded PGlite), migrates it, and starts the projections. */
export const openServices = async (config: ServerConfig): Promise<AppServices> => {
  const sql = await createSqlClientFromEnv({
    ...(config.DATABASE_URL ? { DATABASE_URL: config.DATABASE_URL } : {}),
    ...(config.DATABASE_SCHEMA ? { DATABASE_SCHEMA: config.DATABASE_SCHEMA } : {}),
    PGLITE_DIR: config.PGLITE_DIR,
  });
  const store = await openSqlEventStore(sql);
  await migrateProjections(sql);
  const projections = createProjectionRunner({ sql, store, projections: [] });
  return { sql, store, projections };
};

export const buildApp = async (config: ServerConfig, services: AppServices): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
  });
  await app.register(sensible);
  app.decorate('services', services);

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ code: 'INTERNAL', message: 'server error', requestId: request.id });
    }
    return reply.status(status).send({ code: 'BAD_REQUEST', message: error.message, requestId: request.id });
  });

  /** Liveness and readiness: answers 200 when the database answers. */
  app.get('/healthz', async () => {
    await services.sql.query('SELECT 1');
    return { status: 'ok', eventStore: services.store.kind, time: new Date().toISOString() };
  });

  app.addHook('onClose', async () => {
    await services.projections.stop();
  });
  return app;
};
