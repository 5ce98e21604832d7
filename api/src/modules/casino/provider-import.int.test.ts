/**
 * Importing a provider's game list from its endpoint over real HTTP (issue 22 item 1; docs/casino.md
 * "Importing a provider's game list"): the site listens on a port, the back office's mutation signs a GET
 * of the sandbox provider's `/casino-sandbox/games` and saves its games (the URL given, or the provider's
 * configured one); a wrong secret is refused by the provider (401) and nothing changes; no URL, a non-
 * http URL, an answer that is not a game list, a provider that never answers (timeout) each give their
 * coded error.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff, startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { SANDBOX_GAME_LIST } from '../casino-sandbox/index.ts';
import { seedSandboxProvider } from './index.ts';
import { fetchProviderGameList } from './provider-import.ts';

const IMPORT = `mutation ($p: ID!, $url: String) { importCasinoGamesFromProvider(providerId: $p, url: $url) {
  providerId gameId nameSw nameEn nameZh rtpPercent visible } }`;
const SAVE = `mutation ($input: CasinoProviderInput!) { saveCasinoProvider(input: $input) { id gamesUrl } }`;
const EDITOR = staff('1', ['config.edit']);

type Answer = {
  errors?: {
    extensions?: { code?: string; field?: string; details?: { reason?: string; status?: number } };
  }[];
};
const errorOf = (r: Answer) => r.errors?.[0]?.extensions;

describe('casino: import a provider game list from its endpoint', () => {
  let t: TestApp;
  let base = '';
  const now = Date.parse('2026-11-26T09:00:00Z');
  const sandboxGames = async () =>
    (
      await t.services.sql.query<{ game_id: string; name_en: string }>(
        `SELECT game_id, name_en FROM casino_games WHERE provider_id = 'sandbox' ORDER BY game_id`,
      )
    ).rows;
  const saveSandbox = (extra: Record<string, unknown>) =>
    t.gql<{ saveCasinoProvider: { gamesUrl: string | null } }>(
      SAVE,
      {
        input: {
          id: 'sandbox',
          name: 'Bashiri Sandbox Games',
          enabled: true,
          launchUrl: '/casino-sandbox/play/{gameId}?token={token}&lang={lang}&mode={mode}',
          ...extra,
        },
      },
      EDITOR,
    );

  beforeAll(async () => {
    t = await startTestApp({ now: () => now });
    await t.services.projections.settle();
    await seedSandboxProvider(t.services.sql);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  it('the sandbox answers a signed GET with its games and refuses an unsigned one', async () => {
    const unsigned = await fetch(`${base}/casino-sandbox/games`);
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toMatchObject({ error: { code: 'SANDBOX_SIGNATURE_INVALID' } });
  });

  it('imports the games from the URL given, then from the configured URL', async () => {
    await t.services.sql.query(`DELETE FROM casino_games WHERE provider_id = 'sandbox'`);
    expect(await sandboxGames()).toEqual([]);
    const refused = await t.gql(
      IMPORT,
      { p: 'sandbox', url: `${base}/casino-sandbox/games` },
      staff('2', ['config.view']),
    );
    expect(errorOf(refused)?.code).toBe('FORBIDDEN');
    const imported = await t.gql<{ importCasinoGamesFromProvider: unknown[] }>(
      IMPORT,
      { p: 'sandbox', url: `${base}/casino-sandbox/games` },
      EDITOR,
    );
    expect(imported.errors).toBeUndefined();
    expect(imported.data!.importCasinoGamesFromProvider).toEqual(
      SANDBOX_GAME_LIST.map((g) => ({
        providerId: 'sandbox',
        gameId: g.gameId,
        nameSw: g.nameSw,
        nameEn: g.nameEn,
        nameZh: g.nameZh,
        rtpPercent: '99.00',
        visible: g.visible,
      })),
    );
    expect(await sandboxGames()).toEqual([
      { game_id: 'crash', name_en: 'Sky Plane' },
      { game_id: 'dice', name_en: 'Dice' },
    ]);
    const audited = await t.services.sql.query<{ after: { source: string; games: string[] } }>(
      `SELECT after FROM staff_audit_log WHERE action = 'casino_game.import' ORDER BY id DESC LIMIT 1`,
    );
    expect(audited.rows[0]!.after).toMatchObject({ source: 'provider', games: ['crash', 'dice'] });

    // The provider's configured URL (an absolute one here: the test server's port).
    const saved = await saveSandbox({ gamesUrl: `${base}/casino-sandbox/games` });
    expect(saved.data!.saveCasinoProvider.gamesUrl).toBe(`${base}/casino-sandbox/games`);
    await t.services.sql.query(`UPDATE casino_games SET name_en = 'edited' WHERE provider_id = 'sandbox'`);
    const again = await t.gql<{ importCasinoGamesFromProvider: unknown[] }>(IMPORT, { p: 'sandbox' }, EDITOR);
    expect(again.errors).toBeUndefined();
    expect((await sandboxGames()).map((g) => g.name_en)).toEqual(['Sky Plane', 'Dice']);
  });

  it('a wrong secret is refused by the provider (HTTP 401) and nothing changes', async () => {
    expect((await saveSandbox({ secret: 'not-the-sandbox-secret' })).errors).toBeUndefined();
    await t.services.sql.query(`UPDATE casino_games SET name_en = 'kept' WHERE provider_id = 'sandbox'`);
    const refused = await t.gql(IMPORT, { p: 'sandbox' }, EDITOR);
    expect(errorOf(refused)).toMatchObject({
      code: 'CASINO_GAME_LIST_FETCH_FAILED',
      field: 'url',
      details: { reason: 'http', status: 401 },
    });
    expect((await sandboxGames()).map((g) => g.name_en)).toEqual(['kept', 'kept']);
    expect((await saveSandbox({ secret: 'sandbox-secret-do-not-use' })).errors).toBeUndefined();
  });

  it('no URL, a non-http URL, an answer that is no game list, an unknown provider: coded errors', async () => {
    expect((await saveSandbox({ gamesUrl: '' })).data!.saveCasinoProvider.gamesUrl).toBeNull();
    expect(errorOf(await t.gql(IMPORT, { p: 'sandbox' }, EDITOR))).toMatchObject({
      code: 'CASINO_GAME_LIST_URL_INVALID',
      field: 'url',
    });
    expect(errorOf(await t.gql(IMPORT, { p: 'sandbox', url: 'file:///etc/passwd' }, EDITOR))?.code).toBe(
      'CASINO_GAME_LIST_URL_INVALID',
    );
    expect(
      errorOf(await t.gql(IMPORT, { p: 'sandbox', url: `${base}/casino-sandbox/game.js` }, EDITOR))?.code,
    ).toBe('CASINO_GAME_LIST_INVALID');
    expect(
      errorOf(await t.gql(IMPORT, { p: 'nobody', url: `${base}/casino-sandbox/games` }, EDITOR))?.code,
    ).toBe('CASINO_PROVIDER_UNKNOWN');
  });

  it('a provider that never answers times out with reason timeout', async () => {
    const silent = createServer(() => undefined); // accepts, never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/games`;
      const started = Date.now();
      const error = await fetchProviderGameList(t.services, 'sandbox', url, 300).catch((e: unknown) => e);
      expect((error as { extensions?: unknown }).extensions).toMatchObject({
        code: 'CASINO_GAME_LIST_FETCH_FAILED',
        details: { reason: 'timeout' },
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
