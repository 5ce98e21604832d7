/**
 * Issue 22 §6 in real Chromium (docs/testing-e2e.md): staff at 1280×800 open Casino games, add a game
 * through the form (a maximum stake below the minimum refused first), import a provider's game list from
 * an uploaded file (CSV in English, JSON in Swahili), see the games in the list, rotate the sandbox
 * provider's wallet secret (the new one shown once, the old one refused by the wallet API, the new one
 * accepted for a bet and a win), and open the GGR per provider line chart for a date range that holds
 * that round. First, staff import the sandbox provider's game list from its endpoint (the provider's
 * configured URL) at 1280×800 in English and at 360×740 in Swahili, and see its games listed again over
 * their edits. Screenshots: artifacts/screenshots/casino-admin-<en|sw>-*.png.
 */
import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eSuite, pageErrors } from '../../../api/src/testing/e2e.ts';
import { staffStorage } from '../testing/staff-session.ts';

const e2e = e2eSuite();

const TEXT = {
  en: {
    maxBelowMin: 'Must be at least the minimum stake',
    save: 'Save',
    importList: 'Import game list',
    rotate: 'Rotate secret',
    newSecret: 'New wallet secret of',
    chart: 'GGR per provider per day',
    sourceProvider: "The provider's endpoint",
    providerUrl: 'Game-list URL',
  },
  sw: {
    maxBelowMin: 'Lazima liwe angalau dau la chini',
    save: 'Hifadhi',
    importList: 'Leta orodha ya michezo',
    rotate: 'Badilisha siri',
    newSecret: 'Siri mpya ya pochi ya',
    chart: 'Mapato ghafi kwa mtoa huduma kwa siku',
    sourceProvider: 'Anwani ya mtoa huduma',
    providerUrl: 'URL ya orodha ya michezo',
  },
} as const;

/** Today and yesterday in East Africa Time (UTC+3), `YYYY-MM-DD`. */
const eatDay = (offsetDays = 0) =>
  new Date(Date.now() + 3 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** A signed wallet call as a provider sends it (docs/casino.md "Protocol"). */
const walletCall = async (method: string, body: Record<string, unknown>, secret: string) => {
  const text = JSON.stringify({ currency: 'TZS', ...body });
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', secret).update(`${text}|${timestamp}`).digest('hex');
  const res = await fetch(e2e.url(`/casino/wallet/${method}`), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-casino-provider': 'sandbox',
      'x-casino-timestamp': timestamp,
      'x-casino-signature': signature,
    },
    body: text,
  });
  return (await res.json()) as { status: string; balance?: number };
};

/** The open modal whose title contains `title`. */
const modal = (page: Page, title: string) =>
  page.locator('.ant-modal-container').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

describe.skipIf(!e2e.available)('back office: casino games, import, providers, GGR (issue 22 §6)', () => {
  // The first run builds the web apps (minutes on a loaded machine).
  beforeAll(() => e2e.start(), 600_000);
  afterAll(() => e2e.stop());

  // Before the secret rotation below: the sandbox signs its game list with the secret it was given.
  for (const [language, device] of [
    ['en', 'desktop'],
    ['sw', 'phone'],
  ] as const)
    it(`staff import the sandbox's games from its endpoint (${language}, ${device})`, async () => {
      const tx = TEXT[language];
      const staff = await e2e.server.staffLogin();
      const page = await e2e.page(device, { storage: staffStorage(staff.token, language) });
      page.setDefaultTimeout(60_000);
      try {
        // Staff's edits of the sandbox's games, which the import from the endpoint replaces.
        const edited = `edited-${language}`;
        await e2e.server.server.services.sql.query(
          `UPDATE casino_games SET name_sw = $1, name_en = $1, name_zh = $1 WHERE provider_id = 'sandbox'`,
          [edited],
        );
        await page.goto(e2e.url('/admin/#/casino/games'));
        const rows = page.locator('.ant-table-row');
        const gameRow = (id: string) =>
          rows.filter({ has: page.locator('td', { hasText: new RegExp(`^${id}$`) }) }).first();
        await gameRow('crash').filter({ hasText: edited }).waitFor();

        await page.getByTestId('casino-import').click();
        const dialog = modal(page, tx.importList);
        await dialog.waitFor();
        expect(await dialog.innerText()).toContain('(sandbox)');
        await dialog.getByText(tx.sourceProvider, { exact: true }).click();
        const url = dialog.getByTestId('casino-import-url');
        await url.waitFor();
        // Left empty: the provider's configured game-list URL, shown as the placeholder.
        expect(await url.getAttribute('placeholder')).toBe('/casino-sandbox/games');
        expect(await dialog.innerText()).toContain(tx.providerUrl);
        await e2e.screenshot(page, `casino-admin-${language}-0-import-endpoint`);
        await dialog.locator('.ant-modal-footer').getByRole('button', { name: tx.importList }).click();
        await dialog.waitFor({ state: 'hidden' });

        // The games as the sandbox lists them (GET /casino-sandbox/games), in the list again.
        for (const [id, names] of [
          ['crash', 'Ndege Angani / Sky Plane / 天空飞机'],
          ['dice', 'Kete / Dice / 骰子'],
        ] as const)
          await gameRow(id).filter({ hasText: names }).waitFor();
        expect(await rows.filter({ hasText: edited }).count()).toBe(0);
        await e2e.screenshot(page, `casino-admin-${language}-0-imported`);
      } catch (error) {
        await e2e.screenshot(page, `casino-admin-${language}-import-failed`);
        throw error;
      }
      expect(pageErrors(page).filter((e) => !e.includes('net::ERR_ABORTED'))).toEqual([]);
    }, 600_000);

  for (const language of ['en', 'sw'] as const)
    it(`staff manage the catalogue and providers and chart GGR (${language})`, async () => {
      const tx = TEXT[language];
      const staff = await e2e.server.staffLogin();
      const page = await e2e.page('desktop', { storage: staffStorage(staff.token, language) });
      page.setDefaultTimeout(60_000);
      try {
        await page.goto(e2e.url('/admin/#/casino/games'));
        const rows = page.locator('.ant-table-row');
        await rows.filter({ hasText: 'crash' }).first().waitFor();

        // 1. Add a game: a maximum stake below the minimum is refused on the field, then fixed.
        const gameId = `e2e-${language}-added`;
        await page.getByTestId('casino-add-game').click();
        const add = modal(page, language === 'en' ? 'Add game' : 'Ongeza mchezo');
        await add.waitFor();
        // The provider is chosen already (the form mounts before the providers arrive).
        expect(await add.innerText()).toContain('(sandbox)');
        await add.locator('#gameId').fill(gameId);
        await add.locator('#nameSw').fill(`Mchezo ${language}`);
        await add.locator('#nameEn').fill(`Game ${language}`);
        await add.locator('#nameZh').fill(`游戏 ${language}`);
        await add.locator('#thumbnail').fill('/casino-sandbox/thumbs/dice.svg');
        await add.locator('#minStake').fill('5000');
        await add.locator('#maxStake').fill('1000');
        await add.getByRole('button', { name: tx.save }).click();
        await add.getByText(tx.maxBelowMin).waitFor();
        await e2e.screenshot(page, `casino-admin-${language}-1-stake-error`);
        await add.locator('#maxStake').fill('50000');
        await add.getByRole('button', { name: tx.save }).click();
        await add.waitFor({ state: 'hidden' });
        const added = rows.filter({ hasText: gameId });
        await added.waitFor();
        expect(await added.textContent()).toContain('5,000–50,000');

        // 2. Import a small game list from a file (CSV in English, JSON in Swahili).
        const imported = [`e2e-${language}-imp1`, `e2e-${language}-imp2`];
        const game = (id: string, i: number) => ({
          gameId: id,
          category: 'slots',
          nameSw: `Sloti ${i}`,
          nameEn: `Slot ${i}`,
          nameZh: `老虎机 ${i}`,
          thumbnail: '/casino-sandbox/thumbs/dice.svg',
          rtpPercent: '95.5',
          volatility: 'high',
          minStake: 200,
          maxStake: 20_000,
        });
        const list = imported.map(game);
        const file =
          language === 'en'
            ? {
                name: 'games.csv',
                mimeType: 'text/csv',
                buffer: Buffer.from(
                  [Object.keys(list[0]!).join(','), ...list.map((g) => Object.values(g).join(','))].join(
                    '\n',
                  ),
                ),
              }
            : { name: 'games.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(list)) };
        await page.getByTestId('casino-import').click();
        const upload = modal(page, tx.importList);
        await upload.waitFor();
        expect(await upload.innerText()).toContain('(sandbox)');
        await upload.locator('input[type=file]').setInputFiles(file);
        await upload.getByText(file.name).waitFor();
        await upload.locator('.ant-modal-footer').getByRole('button', { name: tx.importList }).click();
        await upload.waitFor({ state: 'hidden' });
        for (const id of imported) await rows.filter({ hasText: id }).waitFor();
        const catalogue = await e2e.server.gqlOk<{ casinoCatalogue: { gameId: string; maxStake: number }[] }>(
          '{ casinoCatalogue { gameId maxStake } }',
          {},
          staff.token,
        );
        for (const id of [gameId, ...imported])
          expect(catalogue.casinoCatalogue.find((g) => g.gameId === id)).toBeDefined();
        await e2e.screenshot(page, `casino-admin-${language}-2-games`);

        // 3. Rotate the sandbox provider's secret: shown once, the old one refused, the new one works.
        const sql = e2e.server.server.services.sql;
        const secretOf = async () =>
          (await sql.query<{ secret: string }>(`SELECT secret FROM casino_providers WHERE id = 'sandbox'`))
            .rows[0]!.secret;
        const oldSecret = await secretOf();
        const providerRow = rows.filter({ hasText: '{token}' }).filter({ hasText: 'sandbox' }).first();
        await providerRow.getByRole('button', { name: tx.rotate }).click();
        await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
        const shown = modal(page, tx.newSecret);
        await shown.waitFor();
        const newSecret = (await shown.getByTestId('casino-new-secret').innerText()).trim();
        expect(newSecret).toBe(await secretOf());
        expect(newSecret).not.toBe(oldSecret);
        await e2e.screenshot(page, `casino-admin-${language}-3-new-secret`);
        await shown.locator('.ant-modal-close').click();
        await shown.waitFor({ state: 'hidden' });
        expect(await page.locator('body').innerText()).not.toContain(newSecret);

        // Today's GGR of the sandbox by the server (EAT days), before this test's round.
        const from = eatDay(-1);
        const today = eatDay();
        const ggrToday = async () =>
          (
            await e2e.server.gqlOk<{ casinoGgrDaily: { day: string; providerId: string; ggr: number }[] }>(
              'query ($f: DateTime, $t: DateTime) { casinoGgrDaily(from: $f, to: $t) { day providerId ggr } }',
              {
                f: new Date(`${from}T00:00:00+03:00`).toISOString(),
                t: new Date(Date.parse(`${today}T00:00:00+03:00`) + 86_400_000).toISOString(),
              },
              staff.token,
            )
          ).casinoGgrDaily.find((d) => d.day === today && d.providerId === 'sandbox')?.ggr ?? 0;
        const before = await ggrToday();

        const player = await e2e.server.createPlayer({ balance: 10_000 });
        const launch = await e2e.server.gqlOk<{ launchCasinoGame: { sessionToken: string } }>(
          'mutation { launchCasinoGame(providerId: "sandbox", gameId: "crash") { sessionToken } }',
          {},
          player.token,
        );
        const common = {
          sessionToken: launch.launchCasinoGame.sessionToken,
          gameId: 'crash',
          roundId: `e2e-${language}-round`,
        };
        expect((await walletCall('balance', common, oldSecret)).status).toBe('RS_ERROR_INVALID_SIGNATURE');
        const bet = { ...common, transactionId: `e2e-${language}-bet`, amount: 2_000 };
        expect(await walletCall('bet', bet, newSecret)).toMatchObject({ status: 'RS_OK' });
        expect(
          await walletCall(
            'win',
            {
              ...common,
              transactionId: `e2e-${language}-win`,
              betTransactionId: bet.transactionId,
              amount: 500,
            },
            newSecret,
          ),
        ).toMatchObject({ status: 'RS_OK' });

        // 4. GGR per provider for yesterday–today: a line of the sandbox, today's row as the server says.
        await expect.poll(ggrToday, { timeout: 60_000, interval: 1_000 }).toBe(before + 1_500);
        const ggr = await ggrToday();
        await page.goto(e2e.url(`/admin/#/casino/ggr?from=${from}&to=${today}`));
        await page.getByText(tx.chart).waitFor();
        const chart = page.getByTestId('casino-ggr-chart');
        await chart.locator('.recharts-line path.recharts-curve').first().waitFor();
        // Every day of the range is on the axis, the one without rounds too (so one day still draws a line).
        for (const day of [from, today])
          await chart.locator('.recharts-cartesian-axis-tick-value', { hasText: day }).waitFor();
        const dayRow = rows.filter({ hasText: today }).filter({ hasText: 'sandbox' });
        await dayRow.waitFor();
        expect(await dayRow.textContent()).toContain(ggr.toLocaleString('en-US'));
        await e2e.screenshot(page, `casino-admin-${language}-4-ggr`);
      } catch (error) {
        await e2e.screenshot(page, `casino-admin-${language}-failed`);
        throw error;
      }
      expect(pageErrors(page).filter((e) => !e.includes('net::ERR_ABORTED'))).toEqual([]);
    }, 600_000);
});
