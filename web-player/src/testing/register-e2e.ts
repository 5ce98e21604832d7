/**
 * Registration for the player site's browser tests (`*.e2e.test.ts`, docs/testing-e2e.md), shared by
 * the account, journey and referral journeys. Nothing here runs in the site.
 */
import type { Page } from 'playwright-core';

/** What this needs of the test server (api/src/testing/e2e.ts `E2eServer.smsCode`). */
interface SmsServer {
  smsCode(phone: string): Promise<string>;
}

/** The password the journeys register with. */
export const E2E_PASSWORD = 'siri1234';

/**
 * Fills `/register` (already open on `page`) for the national number `national` (9 digits, `7…`):
 * asks for the SMS code (button `texts.getCode`, then waits for `texts.resendIn`), reads it from the
 * SMS sandbox, fills the password twice and the code, and ticks the age and terms boxes. The caller
 * takes its screenshot and presses "Register".
 */
export const fillRegistration = async (
  page: Page,
  server: SmsServer,
  national: string,
  texts: { readonly getCode: string | RegExp; readonly resendIn: string | RegExp },
): Promise<void> => {
  await page.locator('#reg-phone').fill(national);
  await page.getByRole('button', { name: texts.getCode }).click();
  await page.getByRole('button', { name: texts.resendIn }).waitFor();
  const code = await server.smsCode(`+255${national}`);
  await page.locator('#reg-password').fill(E2E_PASSWORD);
  await page.locator('#reg-confirm').fill(E2E_PASSWORD);
  await page.locator('#reg-code').fill(code);
  await page.locator('#reg-adult').check();
  await page.locator('#reg-terms').check();
};
