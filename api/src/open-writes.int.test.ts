/**
 * Abuse of open operations (issue 15 item 6): anonymous writes — client error reports, booking codes,
 * banner taps — are limited per IP; a provider callback body above its cap is refused unread; and
 * CORS answers only the site's own origins.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedOrigins } from './app.ts';
import { loadConfig } from './config.ts';
import { RATE_LIMITS } from './auth/limiter.ts';
import { CALLBACK_BODY_LIMIT } from './modules/payments/index.ts';
import { startTestApp } from './testing/app.ts';
import type { TestApp } from './testing/app.ts';

type Answer = { data?: unknown; errors?: { extensions?: { code?: string } }[] };

describe('open operations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { PUBLIC_URL: 'https://bashiri.example', CORS_ORIGINS: 'https://m.bashiri.example' },
    });
  });
  afterAll(async () => t.close());

  /**
   * An address of the calling attempt's own: the limits are per address and their window outlasts a
   * test (a retry would find its first attempt's calls counted).
   */
  const ownIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const post = async (query: string, ip: string) =>
    (
      await t.app.inject({ method: 'POST', url: '/graphql', remoteAddress: ip, payload: { query } })
    ).json<Answer>();

  it.each([
    [
      'reportClientLog',
      'mutation { reportClientLog(type: 1, content: "boom") }',
      RATE_LIMITS.clientLogPerIp.max,
    ],
    ['clickRotation', 'mutation { clickRotation(id: "1") }', RATE_LIMITS.clickRotationPerIp.max],
  ])('limits %s per IP', async (_name, query, max) => {
    const ip = ownIp();
    for (let i = 0; i < max; i++) expect((await post(query, ip)).errors, `call ${i + 1}`).toBeUndefined();
    expect((await post(query, ip)).errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect((await post(query, ownIp())).errors).toBeUndefined();
  });

  it('limits shareSlip per IP and refuses malformed selections', async () => {
    const ip = ownIp();
    const query = 'mutation { shareSlip(selections: [{ selectionId: "1", odds: "1.50" }]) { code } }';
    for (let i = 0; i < RATE_LIMITS.shareSlipPerIp.max; i++)
      expect((await post(query, ip)).errors?.[0]?.extensions?.code).not.toBe('RATE_LIMITED');
    expect((await post(query, ip)).errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    const bad = await post(
      `mutation { shareSlip(selections: [{ selectionId: "${'x'.repeat(5000)}", odds: "1.50" }]) { code } }`,
      ownIp(),
    );
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
  });

  it('refuses a provider callback body above its cap, unread', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/payments/callback/airtel',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(CALLBACK_BODY_LIMIT) }),
    });
    expect(response.statusCode).toBe(413);
  });

  it('answers CORS only for the site’s own origins', async () => {
    const ask = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/graphql',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    expect((await ask('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
    expect((await ask('https://bashiri.example')).headers['access-control-allow-origin']).toBe(
      'https://bashiri.example',
    );
    expect((await ask('https://m.bashiri.example')).headers['access-control-allow-origin']).toBe(
      'https://m.bashiri.example',
    );
    expect(allowedOrigins(loadConfig({}))).toBe(false);
  });
});
