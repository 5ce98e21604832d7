/**
 * Issue 19 in real Chromium (docs/testing-e2e.md, docs/racing.md): a player exchanges 5,000 TZS for
 * racing coin on the chips exchange (quote shown first), bets on the champion and on big/small in the
 * open round, watches the round draw, sees the result, their two bets settled and the coin balance
 * after the payouts, and verifies the draw from the revealed seed on the Results page — at 360×740 in
 * Swahili and 1280×800 in English. Rounds run on a short schedule (a round every 90 s, betting closing
 * 10 s before the draw: `RACING_PERIOD_SECONDS` / `RACING_CLOSE_BEFORE_DRAW_SECONDS`, read when the
 * racing configuration is first seeded). Nothing is settled by the test: the scheduler draws and the
 * settlement worker pays. While a run only waits — for a round open long enough to bet in, for its
 * round's draw — it moves the server's clock and the phone's clock with it (decision 0190) instead of
 * waiting in real time; both stand still while the player exchanges, bets and reads the results.
 * Screenshots: artifacts/screenshots/racing-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eSuite, loggedInAs, pageErrors, VIEWPORTS } from '../../../api/src/testing/e2e.ts';
import type { E2ePlayer, ViewportName } from '../../../api/src/testing/e2e.ts';

const e2e = e2eSuite();
const PERIOD_SECONDS = 90;
const CLOSE_BEFORE_DRAW_SECONDS = 10;
/** The test bets only when the open round has at least this long left (two bets under load). */
const BETTING_MARGIN_MS = 45_000;
/**
 * How far the test moves the server's clock, and the phone's with it, per real second while a run only
 * waits for a round (decision 0190): 10 s, a ninth of a round; the scheduler ticks once a real second,
 * so it still opens, closes and draws every round in order.
 */
const DRIVE_STEP_MS = 10_000;
/** Real time the test waits at most for a round to open or to draw while it moves the clocks. */
const DRIVE_TIMEOUT_MS = 120_000;

const TEXTS = {
  sw: {
    exchange: 'Badilisha',
    exchanged: 'Imekamilika',
    car: (n: number) => `1 Gari ${n}`,
    bigSmall: 'Juu/Chini',
    big: 'Juu (6–10)',
    place: 'Weka dau',
    placed: 'Dau limewekwa',
    won: 'Umeshinda',
    lost: 'Umepoteza',
    verify: 'Thibitisha',
    verified: 'Imethibitishwa',
  },
  'en-US': {
    exchange: 'Exchange',
    exchanged: 'Done',
    car: (n: number) => `1st Car ${n}`,
    bigSmall: 'Over/Under',
    big: 'Over (6–10)',
    place: 'Place bet',
    placed: 'Bet placed',
    won: 'Won',
    lost: 'Lost',
    verify: 'Verify',
    verified: 'Verified',
  },
};
const RUNS: readonly [ViewportName, keyof typeof TEXTS][] = [
  ['phone', 'sw'],
  ['desktop', 'en-US'],
];

interface Clock {
  racingClock: {
    serverTime: string;
    period: { id: string; endBetTime: string; drawTime: string; status: number } | null;
  };
}
interface Order {
  id: string;
  roundId: string;
  betType: string;
  amount: number;
  payout: number | null;
  result: number;
  status: number;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The phone's clock (Playwright's `page.clock`, installed before the page loads) starts at the server's
 * time: the racing screens send it with every bet, and the server refuses a bet from a phone whose clock
 * is off by more than `maxClockSkewSeconds` (spec §5 "the device clock must be GMT+3"; decision 0190).
 */
const phoneOnServerTime = (page: Page) => page.clock.install({ time: e2e.server.clock.now() });

/**
 * Moves the server's clock and the phone's clock forward together by `ms` (decision 0190): the phone
 * keeps the right time while the server's moves, as a phone whose clock is right does.
 */
const advanceClocks = async (page: Page, ms: number) => {
  e2e.server.clock.advance(ms);
  await page.clock.fastForward(ms);
};

/**
 * Waits until a round is open with at least {@link BETTING_MARGIN_MS} of betting left (by the server's
 * clock), moving both clocks {@link DRIVE_STEP_MS} a real second meanwhile; the round.
 */
const openRoundWithTime = async (page: Page): Promise<{ id: string; drawTime: string }> => {
  const deadline = Date.now() + DRIVE_TIMEOUT_MS;
  for (;;) {
    const { racingClock } = await e2e.server.gqlOk<Clock>(
      '{ racingClock { serverTime period { id endBetTime drawTime status } } }',
    );
    const left = racingClock.period
      ? Date.parse(racingClock.period.endBetTime) - Date.parse(racingClock.serverTime)
      : 0;
    if (racingClock.period?.status === 2 && left >= BETTING_MARGIN_MS) return racingClock.period;
    if (Date.now() > deadline) throw new Error('no racing round opened with enough betting time');
    await advanceClocks(page, DRIVE_STEP_MS);
    await sleep(1_000);
  }
};

/**
 * Waits until the server has drawn round `id`, moving both clocks {@link DRIVE_STEP_MS} a real second
 * meanwhile but never more than a second past its draw time: the next round draws a whole period later,
 * so the page has that long to show this one as the last result.
 */
const driveToDraw = async (page: Page, id: string, drawTime: string) => {
  const deadline = Date.now() + DRIVE_TIMEOUT_MS;
  for (;;) {
    const { racingPeriod } = await e2e.server.gqlOk<{ racingPeriod: { lotteryCombination: string | null } }>(
      'query ($id: ID!) { racingPeriod(id: $id) { lotteryCombination } }',
      { id },
    );
    if (racingPeriod.lotteryCombination) return;
    if (Date.now() > deadline) throw new Error(`racing round ${id} was not drawn`);
    const ahead = Date.parse(drawTime) + 1_000 - e2e.server.clock.now();
    if (ahead > 0) await advanceClocks(page, Math.min(DRIVE_STEP_MS, ahead));
    await sleep(1_000);
  }
};

const ordersOf = async (player: E2ePlayer) =>
  (
    await e2e.server.gqlOk<{ myRacingOrders: { items: Order[] } }>(
      '{ myRacingOrders { items { id roundId betType amount payout result status } } }',
      {},
      player.token,
    )
  ).myRacingOrders.items;

describe.skipIf(!e2e.available)('virtual racing on the player site (issue 19)', () => {
  beforeAll(async () => {
    process.env['RACING_PERIOD_SECONDS'] = String(PERIOD_SECONDS);
    process.env['RACING_CLOSE_BEFORE_DRAW_SECONDS'] = String(CLOSE_BEFORE_DRAW_SECONDS);
    await e2e.start();
  }, 300_000);
  afterAll(() => e2e.stop());

  for (const [viewport, lang] of RUNS)
    it(`exchanges coin, bets on a round, sees it drawn, settled and verified at ${viewport} size in ${lang}`, async () => {
      const text = TEXTS[lang];
      const player = await e2e.server.createPlayer({ balance: 10_000 });
      const page = await e2e.page(viewport, { storage: { 'bashiri.lang': lang, ...loggedInAs(player) } });
      await phoneOnServerTime(page);
      // The machine is shared and often loaded: give clicks and loads more than Playwright's 30 s.
      page.setDefaultTimeout(90_000);
      page.setDefaultNavigationTimeout(120_000);
      const shot = (step: string) => e2e.screenshot(page, `racing-${viewport}-${lang}-${step}`);

      // 1. Chips exchange: 5,000 TZS → 5,000 racing coin, the quote shown before confirming.
      await page.goto(e2e.url('/#/racing_car/exchange'));
      // The racing pages are a chunk of their own, fetched on the first visit (slow on a loaded machine).
      await page.getByTestId('racing-exchange-amount').waitFor({ timeout: 90_000 });
      await page.getByTestId('racing-exchange-amount').fill('5000');
      await expect
        .poll(() => page.getByTestId('racing-exchange-quote').textContent(), { timeout: 30_000 })
        .toMatch(/5,000/);
      await shot('01-exchange');
      await page.getByRole('button', { name: text.exchange, exact: true }).click();
      await page.getByRole('status').getByText(text.exchanged).waitFor({ timeout: 30_000 });
      await expect
        .poll(() => page.getByTestId('racing-coin').textContent(), { timeout: 45_000 })
        .toMatch(/5,000/);
      await expect
        .poll(() => page.getByTestId('racing-balance').textContent(), { timeout: 30_000 })
        .toMatch(/5,000/);

      // 2. The open round: champion car 3 (1,000) and Over (1,000).
      const round = await openRoundWithTime(page);
      const roundId = round.id;
      await page.goto(e2e.url('/#/racing_car/racing'));
      await expect
        .poll(() => page.getByTestId('racing-round').textContent(), { timeout: 60_000 })
        .toContain(roundId);
      await page.getByTestId('racing-countdown').waitFor();
      // The racing slip's own button (the football betslip has a "Place bet" too).
      const slip = page.locator('.racing-slip');
      const amount = slip.locator('.racing-amount input');
      await page.getByRole('button', { name: text.car(3), exact: true }).click();
      await amount.fill('1000');
      expect(await page.getByTestId('racing-tickets').textContent()).toBe('1');
      await shot('02-champion');
      await slip.getByRole('button', { name: text.place, exact: true }).click();
      await page.getByRole('status').getByText(text.placed).waitFor({ timeout: 30_000 });
      await page.getByRole('tab', { name: text.bigSmall }).click();
      await page.getByLabel(text.big).check();
      await amount.fill('1000');
      expect(await page.getByTestId('racing-tickets').textContent()).toBe('1');
      await slip.getByRole('button', { name: text.place, exact: true }).click();
      await page.getByRole('status').getByText(text.placed).waitFor({ timeout: 30_000 });
      await expect
        .poll(() => page.getByTestId('racing-coin').textContent(), { timeout: 45_000 })
        .toMatch(/3,000/);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
      await shot('03-placed');
      const placed = await ordersOf(player);
      expect(placed.map((o) => [o.roundId, o.betType, o.amount, o.result]).sort()).toEqual([
        [roundId, 'BIG_SMALL', 1_000, 1],
        [roundId, 'CHAMPION', 1_000, 1],
      ]);

      // 3. The round draws (the scheduler, the clocks moved to its draw) and the bets settle (the
      // worker): the page shows both.
      await driveToDraw(page, roundId, round.drawTime);
      const lastResult = page.getByTestId('racing-last-result');
      await expect
        .poll(() => page.locator('.racing-last h3').textContent(), { timeout: 60_000, interval: 1_000 })
        .toContain(roundId);
      const { racingPeriod } = await e2e.server.gqlOk<{
        racingPeriod: { lotteryCombination: string; seed: string; seedHash: string };
      }>('query ($id: ID!) { racingPeriod(id: $id) { lotteryCombination seed seedHash } }', { id: roundId });
      expect(await lastResult.textContent()).toBe(racingPeriod.lotteryCombination);
      const champion = Number(racingPeriod.lotteryCombination.split(',')[0]);
      const rows = page.getByTestId('racing-my-bets').locator('tr');
      await expect
        .poll(
          async () =>
            (await rows.allTextContents()).filter((r) => r.includes(text.won) || r.includes(text.lost))
              .length,
          { timeout: 60_000, interval: 1_000 },
        )
        .toBe(2);
      // Champion 1,000 on car 3 at 9.69: 9,690, tax 10% of 8,690 = 869, paid 8,821. Over 1,000 at 1.97:
      // 1,970, tax 97, paid 1,873 (docs/racing.md "Payouts").
      const championPaid = champion === 3 ? 8_821 : 0;
      const overPaid = champion >= 6 ? 1_873 : 0;
      const settled = await ordersOf(player);
      expect(
        Object.fromEntries(settled.map((o) => [o.betType, [o.status, o.result, o.payout ?? 0]])),
      ).toEqual({
        CHAMPION: [4, championPaid ? 2 : 3, championPaid],
        BIG_SMALL: [4, overPaid ? 2 : 3, overPaid],
      });
      const table = (await rows.allTextContents()).join('\n');
      expect(table).toContain(championPaid ? text.won : text.lost);
      const coin = 3_000 + championPaid + overPaid;
      await expect
        .poll(() => page.getByTestId('racing-coin').textContent(), { timeout: 45_000 })
        .toMatch(new RegExp(coin.toLocaleString('en-US')));
      const { myWallet } = await e2e.server.gqlOk<{ myWallet: { balance: number; racingCoin: number } }>(
        '{ myWallet { balance racingCoin } }',
        {},
        player.token,
      );
      expect(myWallet).toEqual({ balance: 5_000, racingCoin: coin });
      await page.getByTestId('racing-my-bets').scrollIntoViewIfNeeded();
      await shot('04-settled');

      // 4. Results: the revealed seed hashes to the published hash and gives the order.
      await page.goto(e2e.url('/#/racing_car/results'));
      const row = page.locator('.racing-result', { hasText: roundId });
      await row.waitFor({ timeout: 30_000 });
      expect(await row.textContent()).toContain(racingPeriod.seed);
      expect(await row.textContent()).toContain(racingPeriod.seedHash);
      expect(await row.locator('.racing-order').textContent()).toBe(racingPeriod.lotteryCombination);
      await row.getByRole('button', { name: text.verify }).click();
      await row.getByRole('status').getByText(text.verified).waitFor();
      await row.scrollIntoViewIfNeeded();
      await shot('05-verified');
      expect(pageErrors(page)).toEqual([]);
    }, 600_000);
});
