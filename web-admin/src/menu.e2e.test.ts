/**
 * Issue 16 item 9 in real Chromium (docs/testing-e2e.md): every entry of the back office's side menu is
 * reachable at 1280×720 — the last one sits above the collapse bar and opens its screen. At 360×740 (a
 * phone) the menu starts folded, opens over the screen from its tab, and folds again once an entry is chosen.
 * Screenshots: artifacts/screenshots/results-admin-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eSuite } from '../../api/src/testing/e2e.ts';
import { staffStorage } from './testing/staff-session.ts';

const e2e = e2eSuite();

describe.skipIf(!e2e.available)('back office menu at 1280×720 and on a phone (issue 16)', () => {
  beforeAll(() => e2e.start(), 180_000);
  afterAll(() => e2e.stop());

  it('reaches every entry of the back office menu at 1280×720', async () => {
    const admin = await e2e.server.staffLogin();
    const page = await e2e.page('desktop', { storage: staffStorage(admin.token, 'sw') });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(e2e.url('/admin/'));
    const items = page.locator('[data-testid="admin-sider"] .ant-menu-item');
    await items.first().waitFor();
    const count = await items.count();
    expect(count).toBeGreaterThan(10);
    const last = items.nth(count - 1);
    await last.scrollIntoViewIfNeeded();
    await e2e.screenshot(page, 'results-admin-1280x720-menu-end');
    const box = await last.boundingBox();
    const trigger = await page.locator('[data-testid="admin-sider"] .ant-layout-sider-trigger').boundingBox();
    const layout = await page.evaluate(() => {
      const sider = document.querySelector<HTMLElement>('[data-testid="admin-sider"]');
      const body = sider?.querySelector<HTMLElement>('.ant-layout-sider-children');
      return {
        sider: sider?.getBoundingClientRect().toJSON(),
        body: body?.getBoundingClientRect().toJSON(),
        bodyScroll: body ? [body.scrollTop, body.scrollHeight, body.clientHeight] : null,
        overflow: body ? getComputedStyle(body).overflowY : null,
      };
    });
    console.info('admin sider', JSON.stringify({ box, trigger, layout }));
    expect(box).not.toBeNull();
    expect(trigger).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(trigger!.y + 0.5);
    const before = page.url();
    await last.click();
    await page.waitForURL((url) => url.toString() !== before);
    await e2e.screenshot(page, 'results-admin-1280x720-menu');
  });

  it('folds the menu away on a phone: opened from its tab, folded again after choosing an entry', async () => {
    const admin = await e2e.server.staffLogin();
    const page = await e2e.page('phone', { storage: staffStorage(admin.token, 'sw') });
    await page.goto(e2e.url('/admin/'));
    const sider = page.getByTestId('admin-sider');
    const tab = page.locator('.ant-layout-sider-zero-width-trigger');
    await tab.waitFor();
    const width = async () => (await sider.boundingBox())?.width ?? -1;
    expect(await width()).toBe(0);
    // The screen has the phone's width (less its 8 px margins and padding).
    const content = await page.locator('.ant-layout-content').boundingBox();
    expect(content?.width ?? 0).toBeGreaterThanOrEqual(340);
    // The staff button shows its icon only: the header fits the phone.
    const header = await page
      .locator('.ant-layout-header')
      .evaluate((el): [number, number] => [el.scrollWidth, el.clientWidth]);
    expect(header[0]).toBeLessThanOrEqual(header[1]);
    await tab.click();
    await expect.poll(width).toBe(220);
    await e2e.screenshot(page, 'results-admin-phone-menu-open');
    const before = page.url();
    await sider.locator('.ant-menu-item').last().click();
    await page.waitForURL((url) => url.toString() !== before);
    await expect.poll(width).toBe(0);
    await e2e.screenshot(page, 'results-admin-phone-menu-chosen');
  });
});
