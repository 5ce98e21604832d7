/**
 * Play responsibly, end to end (issue 23 "Done when"; docs/responsible-gambling.md): in real Chromium
 * against the real server, at 360×740 in Swahili and 1280×800 in English, a player sets a daily deposit
 * limit of 5,000 on /responsible_gambling, is refused a deposit of 6,000 on /pay_recharge with the
 * amount left in their language, lowers the limit (applies at once), asks to raise it and sees it waiting
 * 24 hours with a countdown; the test then advances the server's clock 24 hours (the e2e server's
 * injectable clock; the browser's own clock stays, the page counts on the server's), the player logs in
 * again and confirms the raise; staff see each change in the player's protection history.
 * Screenshots: artifacts/screenshots/protection-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eSuite, loggedInAs, pageErrors, type ViewportName } from '../../../api/src/testing/e2e.ts';

const e2e = e2eSuite();

/** The cooling period of a raise (docs/responsible-gambling.md "Limits"), ms. */
const COOLING_PERIOD_MS = 24 * 3_600_000;

/** The texts the test reads, in the run's language. */
interface Texts {
  readonly title: string;
  readonly save: string;
  readonly applied: string;
  readonly pendingSaved: string;
  readonly deposit: string;
  readonly refused: string;
  readonly confirmableIn: string;
  readonly confirm: string;
}

const RUNS: readonly { viewport: ViewportName; language: 'sw' | 'en-US'; texts: Texts }[] = [
  {
    viewport: 'phone',
    language: 'sw',
    texts: {
      title: 'Cheza kwa kuwajibika',
      save: 'Hifadhi kikomo',
      applied: 'Imehifadhiwa: kikomo kinaanza sasa.',
      pendingSaved: 'Ombi lako linasubiri: unaweza kulithibitisha baada ya saa 24.',
      deposit: 'Weka pesa',
      refused:
        'Kiasi hiki kinazidi kikomo chako cha kuweka pesa kwa siku. Bado unaweza kutumia TZS 5,000 katika kipindi hiki.',
      confirmableIn: 'Unaweza kuthibitisha baada ya',
      confirm: 'Thibitisha',
    },
  },
  {
    viewport: 'desktop',
    language: 'en-US',
    texts: {
      title: 'Play responsibly',
      save: 'Save limit',
      applied: 'Saved: the limit applies now.',
      pendingSaved: 'Your request is waiting: you can confirm it after 24 hours.',
      deposit: 'Deposit',
      refused: 'This deposit is above your daily deposit limit. You can still use TZS 5,000 in this period.',
      confirmableIn: 'You can confirm in',
      confirm: 'Confirm',
    },
  },
];

describe.skipIf(!e2e.available)('play responsibly in the browser', () => {
  // Starting the server (migrations, the demo feed) takes minutes on a loaded machine.
  beforeAll(() => {
    // The test moves the server's clock a day forward: schedulers that catch up on missed time would
    // then replay a day of virtual races and demo jackpots (minutes of work) while the page loads.
    process.env['RACING_SCHEDULER'] = '0';
    process.env['POOL_DEMO'] = '0';
    return e2e.start();
  }, 420_000);
  afterAll(() => e2e.stop());

  for (const { viewport, language, texts } of RUNS) {
    it(`sets a daily deposit limit, is refused a deposit over it, lowers and asks to raise it (${viewport}, ${language})`, async () => {
      const name = (step: string) => `protection-${viewport}-${language}-${step}`;
      const player = await e2e.server.createPlayer({ balance: 10_000 });
      const page = await e2e.page(viewport, {
        storage: { ...loggedInAs(player), 'bashiri.lang': language },
        locale: language === 'sw' ? 'sw-TZ' : 'en-US',
      });
      const setLimit = async (amount: string, expected: string) => {
        await page.locator('#rg-kind').selectOption('DEPOSIT_DAY');
        await page.locator('#rg-value').fill(amount);
        await page.getByRole('button', { name: texts.save, exact: true }).click();
        await page.getByText(expected, { exact: true }).waitFor();
      };

      await page.goto(e2e.url('/#/responsible_gambling'));
      await page.getByRole('heading', { name: texts.title, level: 1 }).waitFor();
      await setLimit('5000', texts.applied);
      await page.locator('li[data-kind="DEPOSIT_DAY"]').getByText('TZS 5,000').waitFor();
      await e2e.screenshot(page, name('1-limit-set'));

      // A deposit over the limit is refused by the server, in the player's language, with what is left
      await page.goto(e2e.url('/#/pay_recharge'));
      await page.locator('#pay-amount').fill('6000');
      await page.locator('form.acc-form').getByRole('button', { name: texts.deposit, exact: true }).click();
      await page.getByText(texts.refused).first().waitFor();
      await e2e.screenshot(page, name('2-deposit-refused'));

      // Lower at once; a raise waits 24 hours with a countdown
      await page.goto(e2e.url('/#/responsible_gambling'));
      await page.getByRole('heading', { name: texts.title, level: 1 }).waitFor();
      await setLimit('3000', texts.applied);
      await page.locator('li[data-kind="DEPOSIT_DAY"]').getByText('TZS 3,000').waitFor();
      await setLimit('10000', texts.pendingSaved);
      const pending = page.locator('.rg-countdown');
      await pending.waitFor();
      expect(await pending.textContent()).toMatch(new RegExp(`${texts.confirmableIn} 2[34]:\\d\\d:\\d\\d`));
      await e2e.screenshot(page, name('3-raise-pending'));

      // Not confirmable before its 24 hours: no button, and the server refuses
      expect(await page.getByRole('button', { name: texts.confirm, exact: true }).count()).toBe(0);
      const early = await e2e.server.gql(
        'mutation { confirmProtectionLimit(kind: DEPOSIT_DAY) { canPlay } }',
        {},
        player.token,
      );
      expect(early.errors?.[0]?.extensions?.code).toBe('LIMIT_COOLING_PERIOD');
      expect(pageErrors(page)).toEqual([]);

      // 24 hours later on the server's clock (the browser's stays): the session of registration has
      // ended, the player logs in again; the raise is confirmable and applies once confirmed
      e2e.server.clock.advance(COOLING_PERIOD_MS + 60_000);
      const later = await e2e.page(viewport, {
        storage: { ...loggedInAs(await e2e.server.login(player)), 'bashiri.lang': language },
        locale: language === 'sw' ? 'sw-TZ' : 'en-US',
      });
      await later.goto(e2e.url('/#/responsible_gambling'));
      await later.getByRole('heading', { name: texts.title, level: 1 }).waitFor();
      const waiting = later.locator('section[aria-labelledby="rg-pending"] li[data-kind="DEPOSIT_DAY"]');
      await waiting.getByRole('button', { name: texts.confirm, exact: true }).waitFor();
      expect(await later.locator('.rg-countdown').count()).toBe(0);
      await e2e.screenshot(later, name('4-raise-confirmable'));
      await waiting.getByRole('button', { name: texts.confirm, exact: true }).click();
      await later.getByText(texts.applied, { exact: true }).waitFor();
      await later
        .locator('section[aria-labelledby="rg-limits"] li[data-kind="DEPOSIT_DAY"]')
        .getByText('TZS 10,000')
        .waitFor();
      await later.locator('section[aria-labelledby="rg-pending"]').waitFor({ state: 'detached' });
      await e2e.screenshot(later, name('5-raise-confirmed'));

      // Staff see every change with its time
      const staff = await e2e.server.staffLogin();
      const history = () =>
        e2e.server.gqlOk<{
          playerProtectionHistory: { type: string; value: number | null; actor: string }[];
        }>(
          `query ($id: ID!) { playerProtectionHistory(userId: $id) { type value actor at } }`,
          { id: player.userId },
          staff.token,
        );
      await expect
        .poll(async () => (await history()).playerProtectionHistory.map((c) => [c.type, c.value]))
        .toEqual([
          ['LimitSet', 5_000],
          ['LimitSet', 3_000],
          ['LimitChangeRequested', 10_000],
          ['LimitChangeConfirmed', 10_000],
        ]);
      expect(new Set((await history()).playerProtectionHistory.map((c) => c.actor))).toEqual(
        new Set([`player:${player.userId}`]),
      );
      expect(pageErrors(later)).toEqual([]);
    }, 180_000);
  }

  it('the betslip says what the daily stake limit still allows (phone, sw)', async () => {
    const player = await e2e.server.createPlayer({ balance: 10_000 });
    await e2e.server.gqlOk(
      'mutation { setProtectionLimit(kind: STAKE_DAY, value: 3000) { canPlay } }',
      {},
      player.token,
    );
    const page = await e2e.page('phone', { storage: loggedInAs(player) });
    await page.goto(e2e.url('/#/home'), { waitUntil: 'load' });
    await page.locator('.bottombar__slip').click();
    const line = page.getByTestId('stake-left');
    await line.waitFor({ state: 'visible' });
    expect(await line.textContent()).toBe('Kwa vikomo vyako, unaweza kuweka dau la TZS 3,000 zaidi leo');
    expect(await line.evaluate((el) => el.closest('.betslip') !== null)).toBe(true);
    await e2e.screenshot(page, 'protection-phone-sw-4-betslip-stake-left');
    expect(pageErrors(page)).toEqual([]);
  }, 180_000);
});
