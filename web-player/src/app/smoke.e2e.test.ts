/**
 * Smoke test of the served site (issue 5 item 1, issue 7 item 7, issue 8 item 1): the real server
 * serves the built player site at `/` and the back office at `/admin/`; the player shell renders in
 * Swahili (the default language, spec §9) at a phone and a desktop viewport without a console error, a
 * CSP violation or a failed request. Screenshots: artifacts/screenshots/smoke-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eSuite, pageErrors, VIEWPORTS } from '../../../api/src/testing/e2e.ts';
import type { ViewportName } from '../../../api/src/testing/e2e.ts';

const e2e = e2eSuite();

describe.skipIf(!e2e.available)('served site (smoke)', () => {
  beforeAll(() => e2e.start(), 180_000);
  afterAll(() => e2e.stop());

  it('answers / with the player index (no-cache, CSP) and keeps the API routes', async () => {
    const index = await fetch(e2e.url('/'));
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(index.headers.get('content-security-policy')).toMatch(/connect-src 'self' ws:\/\//);
    expect(await index.text()).toMatch(/<script type="module"[^>]+src="\/assets\/index-[\w-]+\.js"/);
    const health = await fetch(e2e.url('/healthz'));
    expect(await health.json()).toMatchObject({ status: 'ok' });
  });

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`renders the player shell in Swahili at ${viewport} size`, async () => {
      const page = await e2e.page(viewport);
      const response = await page.goto(e2e.url('/'), { waitUntil: 'load' });
      expect(response?.status()).toBe(200);
      await page.waitForURL(/#\/home$/);
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('sw');
      await page.getByRole('heading', { name: 'Mechi bora' }).first().waitFor({ state: 'visible' });
      expect(await page.title()).toMatch(/Nyumbani/);
      // The shell fits the viewport: nothing wider than the screen.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
      await e2e.screenshot(page, `smoke-player-home-${viewport}`);
      expect(pageErrors(page)).toEqual([]);
    });
  }

  it('lets the page reach /graphql over http and the graphql-ws websocket under its CSP', async () => {
    const page = await e2e.page('phone');
    await page.goto(e2e.url('/'), { waitUntil: 'load' });
    const answers = await page.evaluate(async () => {
      const http = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ health { status } }' }),
      }).then((r) => r.json());
      const ws = await new Promise<string>((resolve) => {
        const socket = new WebSocket(`ws://${location.host}/graphql`, 'graphql-transport-ws');
        socket.onopen = () => socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
        socket.onmessage = (event) => {
          resolve(JSON.parse(String(event.data)).type);
          socket.close();
        };
        socket.onerror = () => resolve('error');
      });
      return { http, ws };
    });
    expect(answers).toEqual({ http: { data: { health: { status: 'ok' } } }, ws: 'connection_ack' });
    expect(pageErrors(page)).toEqual([]);
  });

  it('sets up scenes: a registered player credited by staff, and a staff session', async () => {
    const player = await e2e.server.createPlayer({ balance: 25_000 });
    expect(player.phone).toMatch(/^\+2557\d{8}$/);
    expect(Date.parse(player.expiresAt)).toBeGreaterThan(Date.now());
    const { myWallet } = await e2e.server.gqlOk<{ myWallet: { balance: number } }>(
      '{ myWallet { balance } }',
      {},
      player.token,
    );
    expect(myWallet.balance).toBe(25_000);
    const staff = await e2e.server.staffLogin();
    expect(staff.permissions.length).toBeGreaterThan(0);
  });

  it('serves the back office at /admin/ (and its history routes)', async () => {
    const page = await e2e.page('desktop');
    const response = await page.goto(e2e.url('/admin/'), { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-cache');
    await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
    await e2e.screenshot(page, 'smoke-admin-index-desktop');
    const deep = await fetch(e2e.url('/admin/users/1'));
    expect(deep.status).toBe(200);
    expect(await deep.text()).toMatch(/src="\/admin\/assets\/index-[\w-]+\.js"/);
    expect(pageErrors(page)).toEqual([]);
  });
});
