/**
 * The floating app-download and support-chat buttons on a phone (issue 16 note; parts.css): at 360×740
 * they sit in the bottom bar's band, side by side at its right end, so they cover no page content — on
 * the deposit page neither the note nor the 50,000 chip — and none of the bar's own buttons.
 * Screenshot: artifacts/screenshots/floats-deposit-phone-sw.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eSuite, loggedInAs, pageErrors } from '../../../api/src/testing/e2e.ts';

const e2e = e2eSuite();

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe.skipIf(!e2e.available)('floating buttons on a phone', () => {
  beforeAll(() => e2e.start(), 420_000);
  afterAll(() => e2e.stop());

  it('sit in the bottom bar band and cover neither the deposit note nor the 50,000 chip (360×740, sw)', async () => {
    const player = await e2e.server.createPlayer({ balance: 1_000 });
    const page = await e2e.page('phone', { storage: loggedInAs(player) });
    await page.goto(e2e.url('/#/pay_recharge'), { waitUntil: 'load' });
    const chip = page.locator('.acc-chip', { hasText: '50,000' });
    const note = page.locator('form.acc-form p.acc-muted').last();
    await chip.waitFor({ state: 'visible' });
    await note.waitFor({ state: 'visible' });
    const floats = page.locator('.floats .float');
    await floats.first().waitFor({ state: 'visible' });
    expect(await floats.count()).toBe(2);
    const boxes = async () => Promise.all((await floats.all()).map(async (f) => (await f.boundingBox())!));

    // In the bar's band (the bottom 56 px), clear of the bar's own buttons.
    const bar = (await page.locator('.bottombar').boundingBox())!;
    for (const f of await boxes()) {
      expect(f.y).toBeGreaterThanOrEqual(bar.y);
      expect(f.y + f.height).toBeLessThanOrEqual(bar.y + bar.height);
      for (const item of await page.locator('.bottombar > *').all())
        expect(intersects(f, (await item.boundingBox())!)).toBe(false);
    }
    // Each of the bar's labels stays on one line in Swahili ("Akaunti yangu" once wrapped to two).
    for (const item of await page.locator('.bottombar > *').all()) {
      const lines = await item.evaluate((el) => {
        const text = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
        if (!text) return 0;
        const range = document.createRange();
        range.selectNodeContents(text);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines, await item.innerText()).toBe(1);
    }
    // The note and the chip, as the page opens and scrolled through: never under a float.
    for (const scroll of ['top', 'note', 'chip', 'bottom'] as const) {
      if (scroll === 'note') await note.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      if (scroll === 'chip') await chip.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      if (scroll === 'bottom') await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const targets = [(await note.boundingBox())!, (await chip.boundingBox())!];
      for (const f of await boxes()) for (const target of targets) expect(intersects(f, target)).toBe(false);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await e2e.screenshot(page, 'floats-deposit-phone-sw');
    await page.screenshot({ path: 'artifacts/screenshots/floats-deposit-phone-sw-viewport.png' });
    expect(pageErrors(page)).toEqual([]);
  });
});
