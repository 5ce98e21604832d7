/**
 * Voiding a racing round end to end (decision 0062; docs/racing.md "Voiding a round") in real Chromium:
 * a player bets racing coin on the open round; staff void it from the back office's racing rounds list
 * (Void, a reason, confirm); the player's coin is back, the Racing screen says the round is voided and
 * my racing bets show the order refunded. While it waits for a round with enough betting time left it
 * moves the server's clock instead of waiting in real time; the player's device (the API calls' and the
 * phone's clock) keeps the server's time, as a device whose clock is right does (decision 0190).
 * Screenshots: artifacts/screenshots/racing-void-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eSuite, loggedInAs, pageErrors } from '../../../api/src/testing/e2e.ts';
import { staffStorage } from '../testing/staff-session.ts';

const e2e = e2eSuite();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** How far the test moves the server's clock per real second while it waits for a round (decision 0190). */
const DRIVE_STEP_MS = 10_000;

describe.skipIf(!e2e.available)('back office: void a racing round (decision 0062)', () => {
  beforeAll(async () => {
    process.env['RACING_PERIOD_SECONDS'] = '180';
    process.env['RACING_CLOSE_BEFORE_DRAW_SECONDS'] = '20';
    await e2e.start();
  }, 300_000);
  afterAll(() => e2e.stop());

  it('staff void the open round; the player gets the stake back and sees the round voided', async () => {
    const token = (await e2e.server.staffLogin()).token;
    const player = await e2e.server.createPlayer({ balance: 10_000 });
    // The player's device: GMT+3, its clock on the server's (spec §5 checks it against the server's).
    const device = () => ({ utcOffsetMinutes: 180, now: new Date(e2e.server.clock.now()).toISOString() });
    await e2e.server.gqlOk(
      'mutation ($i: ExchangeRacingCoinInput!) { exchangeRacingCoin(input: $i) { racingCoin } }',
      { i: { requestId: 'x1', direction: 'TO_RACING_COIN', amount: 5_000, device: device() } },
      player.token,
    );
    // A round with betting open for at least 60 s more (bet, then void before it closes): the server's
    // clock moves on by DRIVE_STEP_MS a real second until one is (the scheduler ticks once a second).
    let roundId = '';
    for (let tries = 0; !roundId && tries < 100; tries++) {
      const { racingClock } = await e2e.server.gqlOk<{
        racingClock: {
          serverTime: string;
          period: { id: string; status: number; endBetTime: string } | null;
        };
      }>('{ racingClock { serverTime period { id status endBetTime } } }');
      const p = racingClock.period;
      if (p?.status === 2 && Date.parse(p.endBetTime) - Date.parse(racingClock.serverTime) > 60_000)
        roundId = p.id;
      else {
        e2e.server.clock.advance(DRIVE_STEP_MS);
        await sleep(1_000);
      }
    }
    expect(roundId).not.toBe('');
    await e2e.server.gqlOk(
      'mutation ($i: PlaceRacingBetInput!) { placeRacingBet(input: $i) { id } }',
      {
        i: {
          requestId: 'b1',
          roundId,
          betType: 'CHAMPION',
          positions: [[2, 4]],
          singleAmount: 1_000,
          device: device(),
        },
      },
      player.token,
    );

    const admin = await e2e.page('desktop', { storage: staffStorage(token, 'en-US') });
    admin.setDefaultTimeout(90_000);
    await admin.goto(e2e.url('/admin/#/racing-rounds'));
    await admin.getByTestId(`racing-void-${roundId}`).click();
    await admin.getByLabel('Reason').fill('e2e: a fault on the track');
    await e2e.screenshot(admin, 'racing-void-admin-confirm');
    await admin.getByRole('button', { name: 'Confirm' }).click();
    // The row's phase says Voided, and the void note gives the reason (the note alone: the phase cell
    // says "Voided" too, so a bare text match would find two elements).
    const adminRow = admin.locator('tr', { hasText: roundId });
    await expect
      .poll(() => adminRow.getByTestId(`racing-voided-${roundId}`).textContent())
      .toMatch(/^Voided: e2e: a fault on the track \(/);
    await adminRow.getByRole('cell', { name: 'Voided', exact: true }).waitFor();
    await e2e.screenshot(admin, 'racing-void-admin-done');

    const { myWallet } = await e2e.server.gqlOk<{ myWallet: { racingCoin: number } }>(
      '{ myWallet { racingCoin } }',
      {},
      player.token,
    );
    expect(myWallet.racingCoin).toBe(5_000);
    const page = await e2e.page('phone', { storage: { 'bashiri.lang': 'sw', ...loggedInAs(player) } });
    // The phone's clock on the server's, like the device above (the racing screen warns otherwise).
    await page.clock.install({ time: e2e.server.clock.now() });
    page.setDefaultTimeout(90_000);
    await page.goto(e2e.url('/#/racing_car/racing'));
    await page.getByTestId('racing-voided').waitFor();
    const row = page.getByTestId('racing-my-bets').locator('tr', { hasText: roundId });
    await row.getByText('Imerejeshwa').waitFor();
    expect(await row.textContent()).toContain('2,000');
    await e2e.screenshot(page, 'racing-void-player-sw');
    expect(pageErrors(admin)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  }, 600_000);
});
