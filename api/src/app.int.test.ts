import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@bashiri/eventstore/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { modules } from './modules/index.ts';
import { closeServices, openServices } from './services.ts';
import type { AppServices } from './services.ts';

describe('server', () => {
  let app: FastifyInstance;
  let services: AppServices;
  beforeAll(async () => {
    const db = await openTestDatabase('pglite');
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    services = await openServices(config, modules, { sql: db.sql });
    app = await buildApp(config, services, modules);
  });
  afterAll(async () => {
    await app.close();
    await closeServices(services);
  });

  it('answers the health check with the event-store kind', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', eventStore: 'pglite' });
  });

  it('serves GraphQL', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ health { status eventStore } }' },
    });
    expect(response.json()).toEqual({ data: { health: { status: 'ok', eventStore: 'pglite' } } });
  });

  it('answers a malformed query with coded errors, never a 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ health { nope } }' },
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().errors[0].message).toMatch(/nope/);
  });

  it('refuses a bad configuration with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
