/**
 * The auditors' view end to end (issue 8 items 3 and 5) in real Chromium against the real server: after
 * a staff credit of 10,000 TZS with a reason, the player's wallet history shows the event with the actor,
 * the reason and the balance before and after, "state at this event" folds the wallet, and "verify"
 * finds the lists equal to the events; a CSV export of orders is started from the order list, completes
 * (status 2) and downloads with its header row. Screenshots: artifacts/screenshots/audit-*.png (English
 * and Swahili).
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eSuite, pageErrors, type E2ePlayer } from '../../api/src/testing/e2e.ts';
import { staffStorage } from './testing/staff-session.ts';

const e2e = e2eSuite();
const ADJUST = `mutation ($input: AdjustWalletInput!) { adjustWallet(input: $input) { balance } }`;
const REASON = 'Goodwill credit checked by audit';

/** localStorage of a back office opened logged in as the first administrator, in `language`. */

describe.skipIf(!e2e.available)('audit history and exports (issue 8)', () => {
  let player: E2ePlayer;
  let token: string;

  beforeAll(async () => {
    await e2e.start();
    token = (await e2e.server.staffLogin()).token;
    player = await e2e.server.createPlayer();
    await e2e.server.gqlOk(
      ADJUST,
      {
        input: {
          userId: player.userId,
          pocket: 'BALANCE',
          amount: 10_000,
          reason: REASON,
          requestId: crypto.randomUUID(),
        },
      },
      token,
    );
  }, 180_000);
  afterAll(() => e2e.stop());

  it("the wallet's history shows the credit with the balance before and after, its state, and verifies", async () => {
    const page = await e2e.page('desktop', { storage: staffStorage(token, 'en-US') });
    await page.goto(e2e.url(`/admin/#/audit/history?kind=WALLET&id=${player.userId}`));
    const credit = page.locator('[data-testid^="audit-event-"]').filter({ hasText: REASON });
    await credit.waitFor();
    const text = (await credit.textContent()) ?? '';
    // a staff actor, shown by account name rather than its id (issue 16 item 10)
    const actor = credit.getByTestId('audit-actor');
    expect(await actor.getAttribute('title')).toMatch(/^staff:/);
    expect(await actor.textContent()).not.toContain('staff:');
    expect(text).toMatch(/balance: 0 → 10,000 \(\+10,000\)/);

    await credit.getByText('State at this event').click();
    const state = page.getByTestId('state-at');
    await state.waitFor();
    await expect.poll(async () => (await state.textContent()) ?? '').toMatch(/10000/);

    await page.getByTestId('verify').click();
    await page.getByTestId('verify-result').getByText('The lists equal the events').waitFor();
    await e2e.screenshot(page, 'audit-wallet-history');
    expect(pageErrors(page)).toEqual([]);

    const swahili = await e2e.page('desktop', { storage: staffStorage(token, 'sw') });
    await swahili.goto(e2e.url(`/admin/#/audit/history?kind=WALLET&id=${player.userId}`));
    await swahili.locator('[data-testid^="audit-event-"]').filter({ hasText: REASON }).waitFor();
    await swahili.getByTestId('verify').click();
    await swahili.getByTestId('verify-result').getByText('Orodha zinalingana na matukio').waitFor();
    await e2e.screenshot(swahili, 'audit-wallet-history-sw');
    expect(pageErrors(swahili)).toEqual([]);
  });

  it('a CSV export of orders completes and downloads with its header row', async () => {
    const page = await e2e.page('desktop', { storage: staffStorage(token, 'en-US') });
    await page.goto(e2e.url('/admin/#/orders?f.status=tbc'));
    await page.getByText('Totals of all matching rows').waitFor();
    await page.getByTestId('export-csv').click();
    const modal = page.locator('.export-modal');
    await expect
      .poll(() => modal.getByTestId('export-status').textContent(), { timeout: 30_000 })
      .toMatch(/^2 /);
    await e2e.screenshot(page, 'audit-export-done');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      modal.getByTestId('export-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^bashiri-orders-.+\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    const header = csv.replace(/^\uFEFF/, '').split('\r\n')[0] ?? '';
    expect(header.split(',').slice(0, 4)).toEqual(['serial', 'bet_id', 'user_id', 'phone']);

    // the export list shows it done too, in Swahili
    const swahili = await e2e.page('desktop', { storage: staffStorage(token, 'sw') });
    await swahili.goto(e2e.url('/admin/#/exports'));
    await swahili.getByText('imekamilika').first().waitFor();
    await e2e.screenshot(swahili, 'audit-exports-sw');
    await swahili.goto(e2e.url('/admin/#/orders'));
    await swahili.getByText('Jumla ya safu zote zinazolingana').waitFor();
    await e2e.screenshot(swahili, 'audit-orders-sw');
    expect(pageErrors(page)).toEqual([]);
    expect(pageErrors(swahili)).toEqual([]);
  });

  it('the other new screens open in Swahili without errors', async () => {
    const page = await e2e.page('desktop', { storage: staffStorage(token, 'sw') });
    for (const [path, text, name] of [
      ['#/bet-config', 'Madau, kodi na mipaka', 'audit-bet-config-sw'],
      ['#/site-config', 'Hali ya matengenezo', 'audit-site-config-sw'],
      ['#/random-bets', 'Mpangilio mpya', 'audit-random-bets-sw'],
      ['#/bills', 'Jumla ya safu zote zinazolingana', 'audit-bills-sw'],
      ['#/audit/log', 'Kitendo', 'audit-staff-log-sw'],
      ['#/catalogue', 'Kampuni za ubashiri', 'audit-catalogue-sw'],
      ['#/messages', 'Tuma ujumbe', 'audit-messages-sw'],
      ['#/rotations', 'Maelezo', 'audit-rotations-sw'],
    ] as const) {
      await page.goto(e2e.url(`/admin/${path}`));
      await page.getByText(text).first().waitFor();
      await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
      await e2e.screenshot(page, name);
    }
    expect(pageErrors(page)).toEqual([]);
  });
});
