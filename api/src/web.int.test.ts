import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { openTestDatabase } from '@bashiri/eventstore/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { modules } from './modules/index.ts';
import { closeServices, openServices } from './services.ts';
import type { AppServices } from './services.ts';
import { IMMUTABLE, NO_CACHE } from './web.ts';
import type { WebSite } from './web.ts';

/** Web apps served from a temporary folder: the player built, the back office not (yet). */
describe('web apps served by the API', () => {
  let app: FastifyInstance;
  let services: AppServices;
  let root: string;
  let sites: WebSite[];
  const playerJs = `console.log(${JSON.stringify('x'.repeat(4000))});`;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'bashiri-web-'));
    const player = join(root, 'player');
    mkdirSync(join(player, 'assets'), { recursive: true });
    writeFileSync(join(player, 'index.html'), '<!doctype html><title>player</title>');
    writeFileSync(join(player, 'assets/index-abc123.js'), playerJs);
    writeFileSync(join(player, 'assets/index-abc123.js.gz'), gzipSync(playerJs));
    writeFileSync(join(player, 'favicon.svg'), '<svg/>');
    sites = [
      {
        name: 'back office',
        prefix: '/admin/',
        dist: join(root, 'admin'),
        workspace: 'web-admin',
        historyFallback: true,
      },
      { name: 'player site', prefix: '/', dist: player, workspace: 'web-player', historyFallback: false },
    ];
    const db = await openTestDatabase('pglite');
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    services = await openServices(config, modules, { sql: db.sql });
    app = await buildApp(config, services, modules, { web: sites });
  });
  afterAll(async () => {
    await app.close();
    await closeServices(services);
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the player index at / with no-cache and a CSP letting it reach /graphql over http and ws', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: { host: 'bashiri.test:3000' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>player</title>');
    expect(response.headers['cache-control']).toBe(NO_CACHE);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/script-src 'self';/);
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/);
    expect(csp).toMatch(/connect-src 'self' ws:\/\/bashiri\.test:3000 wss:\/\/bashiri\.test:3000/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).not.toMatch(/upgrade-insecure-requests/);
  });

  it('keeps a forged Host out of the CSP', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: { host: 'evil; script-src *' } });
    expect(String(response.headers['content-security-policy'])).not.toMatch(/script-src \*/);
  });

  it('caches hashed assets for a year, immutable, and sends their gzip twin to browsers that accept it', async () => {
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body).toBe(playerJs);
    const gzipped = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(gzipped.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(gzipped.headers['content-length'])).toBeLessThan(playerJs.length / 10);
    const other = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(other.headers['cache-control']).toBe(NO_CACHE);
  });

  it('never shadows the API: /healthz, /graphql (GET and POST), /payments/callback/*', async () => {
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toMatchObject({ status: 'ok' });
    const post = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ health { status } }' },
    });
    expect(post.json()).toEqual({ data: { health: { status: 'ok' } } });
    const get = await app.inject({ method: 'GET', url: '/graphql?query=%7Bhealth%7Bstatus%7D%7D' });
    expect(get.json()).toEqual({ data: { health: { status: 'ok' } } });
    const callback = await app.inject({ method: 'POST', url: '/payments/callback/nowhere', payload: '{}' });
    expect(callback.json()).toMatchObject({ code: 'NOT_FOUND', message: 'unknown network' });
  });

  it('answers a coded JSON 404 for unknown paths, files and methods', async () => {
    for (const [method, url] of [
      ['GET', '/nope'],
      ['GET', '/assets/missing-123.js'],
      ['POST', '/nope'],
      ['GET', '/admin/assets/missing-123.js'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('answers 503 with how to build when an app is not built, and serves it once built (no restart)', async ({
    onTestFinished,
  }) => {
    const admin = sites[0]!.dist;
    // The build is this attempt's own: removed when it ends, so that a retry starts unbuilt again.
    onTestFinished(() => rmSync(admin, { recursive: true, force: true }));
    const missing = await app.inject({ method: 'GET', url: '/admin/' });
    expect(missing.statusCode).toBe(503);
    expect(missing.body).toContain('back office is not built');
    expect(missing.body).toContain('npm run build');

    mkdirSync(join(admin, 'assets'), { recursive: true });
    writeFileSync(join(admin, 'index.html'), '<!doctype html><title>admin</title>');
    writeFileSync(join(admin, 'assets/index-def456.js'), 'console.log(1)');

    const redirect = await app.inject({ method: 'GET', url: '/admin' });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/admin/');
    const index = await app.inject({ method: 'GET', url: '/admin/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>admin</title>');
    expect(index.headers['cache-control']).toBe(NO_CACHE);
    const asset = await app.inject({ method: 'GET', url: '/admin/assets/index-def456.js' });
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);
    // History routes of the back office answer its index.html.
    const route = await app.inject({ method: 'GET', url: '/admin/users/42?tab=bills' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<title>admin</title>');
    expect(route.headers['cache-control']).toBe(NO_CACHE);
  });
});
