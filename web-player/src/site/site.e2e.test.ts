/**
 * The layout's extra pieces in a real Chromium (issue 16 points 3 and 12): the notice bar, the floating
 * app and support-chat buttons, the contact list and social links, the footer's app link and build
 * time, the installable app (manifest, icons, service worker, `/app_download.html`), the support chat
 * of a player, and the registration's phone region; at 360×740 and 1280×800 in Swahili, English and
 * Chinese. Screenshots: artifacts/screenshots/site-*.png (the Chinese ones need fonts-noto-cjk).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eSuite, loggedInAs, pageErrors } from '../../../api/src/testing/e2e.ts';
import type { ViewportName } from '../../../api/src/testing/e2e.ts';

const e2e = e2eSuite();
const lang = (language: string) => ({ 'bashiri.lang': language });

describe.skipIf(!e2e.available)('layout extras', () => {
  beforeAll(() => e2e.start(), 180_000);
  afterAll(() => e2e.stop());

  const texts: [string, { notice: string; app: string; contacts: string }][] = [
    ['sw', { notice: 'Tangazo', app: 'Pakua programu ya Bashiri', contacts: 'Wasiliana nasi' }],
    ['en-US', { notice: 'Notice', app: 'Download the Bashiri app', contacts: 'Contact us' }],
    ['zh-CN', { notice: '公告', app: '下载 Bashiri 应用', contacts: '联系我们' }],
  ];
  // Every language at both sizes ("done when" of issue 16: the notice bar and the PWA install page).
  const cases: readonly (readonly [
    ViewportName,
    string,
    { notice: string; app: string; contacts: string },
  ])[] = (['phone', 'desktop'] as const).flatMap((viewport) =>
    texts.map(([language, text]) => [viewport, language, text] as const),
  );
  for (const [viewport, language, text] of cases)
    it(`shows the notice bar, floats, contacts and footer, and the app page (${viewport}, ${language})`, async () => {
      const page = await e2e.page(viewport, { storage: lang(language) });
      await page.goto(e2e.url('/#/home'), { waitUntil: 'load' });
      const notice = page.getByRole('region', { name: text.notice });
      await notice.waitFor({ state: 'visible' });
      await page.locator('article.match[data-match]').first().waitFor({ state: 'visible' });
      await page.getByRole('link', { name: text.app }).waitFor({ state: 'visible' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport === 'phone' ? 360 : 1280,
      );
      await e2e.screenshot(page, `site-home-${viewport}-${language}`);
      if (viewport === 'phone')
        await page
          .getByRole('button', { name: /Menu|Menyu|菜单/ })
          .first()
          .click();
      const contacts = page.getByRole('heading', { name: text.contacts });
      await contacts.scrollIntoViewIfNeeded();
      await contacts.waitFor({ state: 'visible' });
      expect(await page.locator('.drawer--left .social a').count()).toBe(5);
      await e2e.screenshot(page, `site-menu-${viewport}-${language}`);
      await page.keyboard.press('Escape');
      await page.goto(e2e.url('/#/app_download.html'), { waitUntil: 'load' });
      await page.locator('.app-page h1').waitFor({ state: 'visible' });
      await page.locator('.footer-extras__build').waitFor({ state: 'attached' });
      expect(await page.locator('.footer-extras__build').textContent()).toMatch(/20\d\d-\d\d-\d\d \d\d:\d\d/);
      await e2e.screenshot(page, `site-app-download-${viewport}-${language}`);
      expect(pageErrors(page)).toEqual([]);
    });

  it('is an installable app: manifest with icons, a service worker that controls the page', async () => {
    const manifest = await fetch(e2e.url('/manifest.webmanifest'));
    expect(manifest.status).toBe(200);
    const body = (await manifest.json()) as { icons: { src: string; sizes: string; purpose?: string }[] };
    expect(body).toMatchObject({ name: 'Bashiri', display: 'standalone', start_url: '/#/home' });
    for (const icon of body.icons) expect((await fetch(e2e.url(icon.src))).status).toBe(200);
    expect(body.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512', '512x512']);
    const page = await e2e.page('phone');
    await page.goto(e2e.url('/#/home'), { waitUntil: 'load' });
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(e2e.url('/'));
    expect(pageErrors(page)).toEqual([]);
    // Offline, the installed shell still opens (the data needs the network).
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.context().setOffline(true);
    await page.reload({ waitUntil: 'load' });
    await page.locator('.bottombar').waitFor({ state: 'visible' });
    await e2e.screenshot(page, 'site-offline-phone-sw');
    await page.context().setOffline(false);
  });

  it('lets a player write to customer service and read the answer, with the unread badge', async () => {
    const player = await e2e.server.createPlayer();
    const page = await e2e.page('phone', { storage: loggedInAs(player) });
    await page.goto(e2e.url('/#/support_chat'), { waitUntil: 'load' });
    await page.getByRole('textbox', { name: 'Andika ujumbe…' }).fill('Habari, naomba msaada');
    await page.getByRole('button', { name: 'Tuma' }).click();
    await page.getByText('Habari, naomba msaada').waitFor({ state: 'visible' });
    const staff = await e2e.server.staffLogin();
    await e2e.server.gqlOk(
      `mutation ($input: SendMessageInput!) { sendMessage(input: $input) { id } }`,
      {
        input: {
          audience: 'PLAYERS',
          userIds: [player.userId],
          title: { sw: 'Huduma kwa wateja' },
          body: { sw: 'Karibu, tumekusaidia' },
        },
      },
      staff.token,
    );
    await page.goto(e2e.url('/#/home'), { waitUntil: 'load' });
    await page.getByLabel('1 hazijasomwa').waitFor({ state: 'visible' });
    await e2e.screenshot(page, 'site-chat-badge-phone-sw');
    await page.getByRole('link', { name: /Ongea na huduma kwa wateja/ }).click();
    await page.getByText('Karibu, tumekusaidia').waitFor({ state: 'visible' });
    await expect.poll(() => page.locator('.float__badge').count()).toBe(0);
    await e2e.screenshot(page, 'site-chat-phone-sw');
    expect(pageErrors(page)).toEqual([]);
  });

  it('asks for the phone region on registration, +255 chosen', async () => {
    const page = await e2e.page('phone', { storage: lang('zh-CN') });
    await page.goto(e2e.url('/#/register'), { waitUntil: 'load' });
    const region = page.getByLabel('手机区号');
    await region.waitFor({ state: 'visible' });
    expect(await region.inputValue()).toBe('+255');
    await e2e.screenshot(page, 'site-register-phone-zh-CN');
    expect(pageErrors(page)).toEqual([]);
  });
});
