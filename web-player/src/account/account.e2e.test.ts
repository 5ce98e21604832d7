/**
 * The account pages end to end (issue 7 items 1 and 7; spec §2, §4, §5): in real Chromium against the
 * real server, at 360x740 in Swahili and 1280x800 in English, a visitor registers with the SMS code
 * (read from the test SMS gateway's outbox: the database keeps only hashes), reads the welcome message,
 * logs out and in again, sees the balance after a staff credit, deposits through the mobile-money
 * sandbox and watches the request until confirmed, sees the bills of both movements, and sees a placed
 * bet in my bets with its detail.
 * Screenshots: artifacts/screenshots/account-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eSuite, pageErrors, VIEWPORTS, type ViewportName } from '../../../api/src/testing/e2e.ts';
import { E2E_PASSWORD, fillRegistration } from '../testing/register-e2e.ts';

const e2e = e2eSuite();

/** The runs: viewport and language (texts are matched in that language). */
const RUNS: readonly {
  viewport: ViewportName;
  language: 'sw' | 'en-US';
  texts: Record<string, RegExp | string>;
}[] = [
  {
    viewport: 'phone',
    language: 'sw',
    texts: {
      register: 'Jisajili sasa',
      getCode: 'Pata msimbo',
      resendIn: /Tena baada ya sekunde/,
      logout: 'Toka',
      login: 'Ingia',
      deposit: 'Weka pesa',
      confirmed: 'Imekamilika. Salio lako limesasishwa.',
      depositBill: 'Kuweka pesa',
      staffBill: 'Marekebisho ya wafanyakazi',
      welcome: 'Karibu Bashiri!',
      markAll: 'Weka zote zimesomwa',
      open: 'Zilizo wazi',
      awaiting: 'Inasubiri matokeo',
    },
  },
  {
    viewport: 'desktop',
    language: 'en-US',
    texts: {
      register: 'Join now',
      getCode: 'Get code',
      resendIn: /Again in/,
      logout: 'Log out',
      login: 'Log in',
      deposit: 'Deposit',
      confirmed: 'Done. Your balance has been updated.',
      depositBill: 'Deposit',
      staffBill: 'Adjustment by staff',
      welcome: 'Welcome to Bashiri!',
      markAll: 'Mark all as read',
      open: 'Open',
      awaiting: 'Awaiting result',
    },
  },
];

let phoneSeq = 0;
/** A fresh national Vodacom number (75x…): the run's time plus a counter. */
const freshNational = () =>
  `75${String(Date.now() % 10_000_000).padStart(7, '0')}`.slice(0, 7) + String(++phoneSeq).padStart(2, '0');

describe.skipIf(!e2e.available)('account pages in the browser', () => {
  beforeAll(() => e2e.start(), 180_000);
  afterAll(() => e2e.stop());

  for (const { viewport, language, texts } of RUNS) {
    it(`registers, logs in, is credited, deposits, sees bills and bets (${viewport}, ${language})`, async () => {
      const name = (step: string) => `account-${viewport}-${language}-${step}`;
      const page = await e2e.page(viewport, {
        storage: { 'bashiri.lang': language },
        locale: language === 'sw' ? 'sw-TZ' : 'en-US',
      });
      const t = (key: string) => texts[key] ?? key;

      // Register with the SMS code
      const national = freshNational();
      await page.goto(e2e.url('/#/register'));
      await fillRegistration(page, e2e.server, national, { getCode: t('getCode'), resendIn: t('resendIn') });
      await e2e.screenshot(page, name('1-register'));
      await page.getByRole('button', { name: t('register'), exact: true }).click();
      await page.waitForURL(/#\/home$/);

      // The welcome message waits unread in the inbox; opening it marks it read
      await page.goto(e2e.url('/#/message'));
      await page.getByRole('button', { name: t('markAll') }).waitFor();
      await page.getByRole('button', { name: t('welcome') }).click();
      await page.locator('.content-message__body').waitFor();
      await page.getByRole('button', { name: t('markAll') }).waitFor({ state: 'detached' });
      await e2e.screenshot(page, name('1b-message'));

      // Log out from the profile, log in again
      await page.goto(e2e.url('/#/user_info'));
      await page.getByRole('button', { name: t('logout') }).click();
      await page.waitForURL(/#\/login$/);
      await page.locator('#login-phone').fill(national);
      await page.locator('#login-password').fill(E2E_PASSWORD);
      await page
        .locator('form.acc-form')
        .getByRole('button', { name: t('login'), exact: true })
        .click();
      await page.waitForURL(/#\/home$/);
      const token = await page.evaluate(
        () => JSON.parse(localStorage.getItem('bashiri.session') ?? '{}').token as string,
      );
      expect(token).toBeTruthy();

      // A staff credit shows on the profile
      const { me } = await e2e.server.gqlOk<{ me: { id: string } }>('{ me { id } }', {}, token);
      const staff = await e2e.server.staffLogin();
      await e2e.server.gqlOk(
        'mutation($i: AdjustWalletInput!) { adjustWallet(input: $i) { balance } }',
        {
          i: {
            userId: me.id,
            pocket: 'BALANCE',
            amount: 50_000,
            reason: 'e2e welcome credit',
            requestId: `e2e-${national}`,
          },
        },
        staff.token,
      );
      await page.goto(e2e.url('/#/user_info'));
      await page.locator('.acc-page').getByText('TZS 50,000').first().waitFor();
      await e2e.screenshot(page, name('2-profile'));

      // Deposit through the sandbox: the status shows until confirmed, then the balance is refreshed
      await page.goto(e2e.url('/#/pay_recharge'));
      await page.locator('#pay-amount').fill('5000');
      await page
        .locator('form.acc-form')
        .getByRole('button', { name: t('deposit'), exact: true })
        .click();
      await page.locator('.acc-progress').waitFor();
      await e2e.screenshot(page, name('3-deposit-pending'));
      await page.locator('.acc-page').getByText(t('confirmed')).waitFor({ timeout: 90_000 });
      await page.locator('.acc-page').getByText('TZS 55,000').first().waitFor();
      await e2e.screenshot(page, name('4-deposit-confirmed'));

      // Bills: the deposit and the staff credit
      await page.goto(e2e.url('/#/user_bill?type=1'));
      await page.locator('.acc-page').getByText(t('depositBill'), { exact: true }).first().waitFor();
      await page.locator('.acc-page').getByText(t('staffBill')).waitFor();
      expect(await page.locator('.acc-page').getByText('+5,000').count()).toBe(1);
      await e2e.screenshot(page, name('5-bills'));

      // A bet placed on a demo match shows in my bets, with its detail
      const { upcomingMatches } = await e2e.server.gqlOk<{
        upcomingMatches: {
          content: {
            id: string;
            teamHome: string;
            way3: { w1: { id: string; odds: string | null } | null };
          }[];
        };
      }>('{ upcomingMatches { content { id teamHome way3 { w1 { id odds } } } } }');
      const match = upcomingMatches.content.find((m) => m.way3.w1?.odds);
      expect(match).toBeDefined();
      const placed = await e2e.server.gqlOk<{
        placeBet: { status: string; order: { serial: string } | null; code: string | null };
      }>(
        'mutation($i: PlaceBetInput!) { placeBet(input: $i) { status code order { serial } } }',
        {
          i: {
            requestId: `bet-${national}`,
            payType: 'BALANCE',
            amount: 1_000,
            oddsChange: 'ACCEPT_ANY',
            selections: [{ selectionId: match!.way3.w1!.id, odds: match!.way3.w1!.odds }],
          },
        },
        token,
      );
      expect(placed.placeBet).toMatchObject({ status: 'PLACED' });
      await page.goto(e2e.url('/#/order'));
      await page.getByRole('tab', { name: t('open') }).waitFor();
      const row = page.locator('.acc-row').first();
      await row.waitFor();
      expect(await row.textContent()).toContain(match!.teamHome);
      await e2e.screenshot(page, name('6-my-bets'));
      await row.click();
      await page.locator('.acc-bet').waitFor();
      expect(await page.locator('.acc-bet').textContent()).toContain(placed.placeBet.order!.serial);
      await page.locator('.acc-page').getByText(t('awaiting')).first().waitFor();
      await e2e.screenshot(page, name('7-bet-detail'));

      // Nothing wider than the screen, no console error or failed request (a request abandoned when
      // the test leaves a page, net::ERR_ABORTED, is not a failure)
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
      expect(pageErrors(page).filter((error) => !error.includes('net::ERR_ABORTED'))).toEqual([]);
    }, 240_000);
  }
});
