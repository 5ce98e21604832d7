/**
 * Several API instances (docs/scaling.md, docs/live.md "Emitter"): two servers on one database with
 * PUBSUB=redis — a change on instance A reaches a websocket subscriber on instance B. Skipped, with a
 * message, when Redis is not reachable at REDIS_URL (default redis://127.0.0.1:6379).
 */
import { connect } from 'node:net';
import { openTestDatabase } from '@bashiri/eventstore/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { closeServices, openServices } from '../../services.ts';
import type { AppServices } from '../../services.ts';
import { ODDS_CHANGED } from '../catalogue/index.ts';
import { authenticate } from '../identity/index.ts';
import { TEST_ADMIN } from '../identity/testing.ts';
import { modules as registry } from '../index.ts';
import { createStaffModule } from '../staff/index.ts';
import { BETTING_PAUSE, pauseInForce } from './pause.ts';
import { connectWs, untilReceived } from './testing.ts';
import type { WsClient, WsEvent } from './testing.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when a TCP connection to Redis opens within a second. */
const reachable = (url: string): Promise<boolean> =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port || 6379), timeout: 1_000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });

const redisUp = await reachable(REDIS_URL);

const dataOf = (event: WsEvent): Record<string, unknown> => {
  if (event.type !== 'next') throw new Error(`expected data, got ${JSON.stringify(event)}`);
  return event.payload.data ?? {};
};

describe('several API instances through Redis (PUBSUB=redis)', () => {
  it.skipIf(redisUp)(`skipped: Redis is not reachable at ${REDIS_URL} (set REDIS_URL or start Redis)`, () => {
    console.warn(`live/redis.int.test.ts skipped: Redis is not reachable at ${REDIS_URL}`);
  });
});

describe.runIf(redisUp)('several API instances through Redis (PUBSUB=redis)', () => {
  let dispose: () => Promise<void>;
  const instances: { services: AppServices; app: FastifyInstance; url: string }[] = [];
  const clients: WsClient[] = [];
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const db = await openTestDatabase(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    dispose = () => db.dispose();
    // A channel prefix of its own: other runs sharing this Redis hear nothing of this one.
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      PUBSUB: 'redis',
      REDIS_URL,
      PUBSUB_PREFIX: `bashiri-test-${crypto.randomUUID()}:`,
    });
    const staff = createStaffModule({
      env: { ADMIN_ACCOUNT: TEST_ADMIN.account, ADMIN_PASSWORD: TEST_ADMIN.password },
      log: () => undefined,
    });
    const modules = registry.map((m) => (m.name === 'staff' ? staff : m));
    for (let i = 0; i < 2; i++) {
      const services = await openServices(config, modules, { sql: db.sql });
      const app = await buildApp(config, services, modules, { authenticate });
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      instances.push({ services, app, url: `${address.replace(/^http/, 'ws')}/graphql` });
    }
    stops.push(await staff.start!(instances[0]!.services));
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    for (const { app } of instances) await app.close();
    for (const stop of stops) await stop();
    for (const { services } of instances) await closeServices(services, { keepSql: true });
    await dispose?.();
  });

  it('an ODDS_CHANGED published on A reaches a watchMatches subscriber on B, filtered', async () => {
    const [a, b] = [instances[0]!, instances[1]!];
    const client = await connectWs(b.url);
    clients.push(client);
    const sub = client.subscribe(
      'subscription { watchMatches(matchIds: ["55"]) { selections { selectionId odds } } }',
    );
    await untilReceived(
      sub,
      () =>
        a.services.publish(ODDS_CHANGED, {
          matchId: '55',
          outcomes: [{ outcomeId: '1', odds: '1.10', statusId: 1, isLive: true }],
        }),
      () => true,
    );
    // Drain probes still in flight through Redis.
    await new Promise((resolve) => setTimeout(resolve, 200));
    while (sub.pending.length > 0) await sub.next();
    a.services.publish(ODDS_CHANGED, {
      matchId: '56',
      outcomes: [{ outcomeId: '2', odds: '9.99', statusId: 1, isLive: true }],
    });
    a.services.publish(ODDS_CHANGED, {
      matchId: '55',
      outcomes: [{ outcomeId: '1', odds: '1.25', statusId: 1, isLive: true }],
    });
    expect(dataOf(await sub.next())).toEqual({
      watchMatches: { selections: [{ selectionId: '1', odds: '1.25' }] },
    });
  });

  it('setBettingPause on A reaches a bettingPause subscriber on B', async () => {
    const [a, b] = [instances[0]!, instances[1]!];
    const client = await connectWs(b.url);
    clients.push(client);
    const sub = client.subscribe('subscription { bettingPause { paused prompt } }');
    const current = await pauseInForce(a.services.sql, a.services.now());
    await untilReceived(
      sub,
      () => a.services.publish(BETTING_PAUSE, current),
      () => true,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    while (sub.pending.length > 0) await sub.next();

    const login = await a.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: {
        query: 'mutation ($a: String!, $p: String!) { staffLogin(account: $a, password: $p) { token } }',
        variables: { a: TEST_ADMIN.account, p: TEST_ADMIN.password },
      },
    });
    const token = (login.json() as { data: { staffLogin: { token: string } } }).data.staffLogin.token;
    const set = await a.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { authorization: `Bearer ${token}` },
      payload: { query: 'mutation { setBettingPause(paused: true, prompt: "Redis") { paused prompt } }' },
    });
    expect(set.json()).toEqual({ data: { setBettingPause: { paused: true, prompt: 'Redis' } } });
    expect(dataOf(await sub.next())).toEqual({ bettingPause: { paused: true, prompt: 'Redis' } });
  });
});
