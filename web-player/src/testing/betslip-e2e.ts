/**
 * Betslip steps for the player site's browser tests (`*.e2e.test.ts`, docs/testing-e2e.md), shared by
 * `app/betting.e2e.test.ts` and `protection/cool-off.e2e.test.ts`: tap an odds button of a match not
 * yet started, open the slip (a drawer on the phone, the right column on the desktop), set the stake and
 * submit. Playwright drives the page; nothing here runs in the site.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The viewport a test runs at (api/src/testing/e2e.ts `VIEWPORTS`): the phone opens the slip as a drawer. */
export type SlipViewport = 'phone' | 'desktop';

/**
 * Taps an open odds button of the last listed match not yet started (the demo feed's fast clock starts
 * the first ones within a minute) and waits until it shows as picked; answers its selection id.
 */
export const tapOdds = async (page: Page): Promise<string> => {
  const button = page.locator('.match:not(:has(.match__clock.is-live)) button.odds').last();
  await button.waitFor({ state: 'visible', timeout: 30_000 });
  const id = (await button.getAttribute('data-selection')) ?? '';
  await button.click();
  await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
  return id;
};

/**
 * Opens the betslip drawer on a phone unless open (the desktop shows it on the right) and waits for it;
 * `onFail` runs when the drawer's button cannot be tapped (e.g. a screenshot), before the error is thrown.
 */
export const openSlip = async (
  page: Page,
  viewport: SlipViewport,
  onFail?: () => Promise<unknown>,
): Promise<void> => {
  if (viewport === 'phone' && (await page.locator('.app.slip-open').count()) === 0)
    await page
      .locator('.bottombar__slip')
      .click({ timeout: 10_000 })
      .catch(async (error: unknown) => {
        await onFail?.();
        throw error;
      });
  await page.locator('.betslip').waitFor({ state: 'visible' });
};

/** Sets the stake (whole TZS), ticks the accept box and submits (after `before`, e.g. a screenshot). */
export const submitSlip = async (
  page: Page,
  stake: number,
  before?: () => Promise<unknown>,
): Promise<void> => {
  const amount = page.locator('.betslip__amount input');
  await amount.fill(String(stake));
  await expect.poll(() => amount.inputValue()).toBe(String(stake));
  const accept = page.locator('.betslip__accept input');
  if (!(await accept.isChecked())) await accept.check();
  await before?.();
  await page.locator('.betslip__submit').click();
};
