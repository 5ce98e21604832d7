import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@bashiri/eventstore/testing';
import type { TestDatabase } from '@bashiri/eventstore/testing';
import { openSqlEventStore } from '@bashiri/eventstore';
import { createProjectionRunner, migrateProjections } from '@bashiri/projections';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

describe('server', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    const store = await openSqlEventStore(db.sql);
    await migrateProjections(db.sql);
    app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), {
      sql: db.sql,
      store,
      projections: createProjectionRunner({ sql: db.sql, store, projections: [] }),
    });
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  it('answers the health check with the event-store kind', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', eventStore: 'pglite' });
  });

  it('refuses a bad configuration with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
