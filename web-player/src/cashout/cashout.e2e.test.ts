/**
 * Cash-out journey (issue 20 "Done when", shortened): a player with a live bet opens the bet in "my
 * bets", sees the cash-out offer with its tax and net, cashes out half of the stake, then all of the
 * rest, each through the confirmation and the server's early-settlement hold; after each the wallet
 * has risen by exactly the net the bet records and the screen says so. At 360×740 in Swahili and at
 * 1280×800 in English. The bet is placed through the API on an open 1X2 outcome of a live demo-feed
 * match; the server runs a slow feed ({@link SLOW_FEED}) so the match stays live, and mostly quiet,
 * while the player cashes out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eSuite, loggedInAs, pageErrors, staffStorage } from '../../../api/src/testing/e2e.ts';
import type { E2ePlayer } from '../../../api/src/testing/e2e.ts';

const e2e = e2eSuite();

/**
 * The demo feed of this file: 30-minute matches (3 match minutes a real minute) re-priced every 5 s, as
 * `npm start` does, instead of the 2-minute `FAST_FEED` of other e2e files, on which the goals,
 * danger delays and final whistles of a fast match kept the bet's offer from ever being shown.
 */
const SLOW_FEED = { matchMinutes: 30, tickMs: 5_000 } as const;

const PLACE = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { status code order { id } } }`;
const WALLET = '{ myWallet { balance } }';

/** An open 1X2 outcome of a live feed match with at least 40 s left to play. */
const liveOutcome = async (): Promise<{ outcomeId: string; odds: string } | null> => {
  const { rows } = await e2e.server.server.services.sql.query<{ outcome_id: string; odds: string }>(
    `SELECT o.id::text AS outcome_id, o.odds::text AS odds
       FROM feed_matches f JOIN matches m ON m.id = f.match_id
       JOIN markets mk ON mk.match_id = m.id AND mk.betting_type_id = 69
       JOIN outcomes o ON o.market_id = mk.id
      WHERE NOT f.done AND m.status = 2 AND o.status_id = 1 AND mk.status_id = 1 AND o.odds IS NOT NULL
        AND m.match_minute ~ '^[0-9]+$' AND m.match_minute::int < 60
      ORDER BY o.odds::numeric LIMIT 1`,
  );
  return rows[0] ? { outcomeId: rows[0].outcome_id, odds: String(Number(rows[0].odds)) } : null;
};

/** Places a live single of `amount` for `player` (retried while the feed has no live match or moves). */
const placeLive = async (player: E2ePlayer, amount: number): Promise<string> => {
  for (let attempt = 0; attempt < 120; attempt++) {
    const outcome = await liveOutcome();
    if (outcome) {
      const r = await e2e.server.gql<{ placeBet: { status: string; order: { id: string } | null } }>(
        PLACE,
        {
          input: {
            requestId: `e2e-cashout-${player.userId}-${attempt}`,
            payType: 'BALANCE',
            amount,
            selections: [{ selectionId: outcome.outcomeId, odds: outcome.odds }],
            oddsChange: 'ACCEPT_ANY',
          },
        },
        player.token,
      );
      const order = r.data?.placeBet.order;
      if (order) return order.id;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error('no live bet could be placed');
};

const balanceOf = async (player: E2ePlayer) =>
  (await e2e.server.gqlOk<{ myWallet: { balance: number } }>(WALLET, {}, player.token)).myWallet.balance;

interface BetNow {
  readonly status: string;
  readonly remainingStake: number;
  readonly cashedOut: number;
  readonly cashOuts: number;
}
const betNow = async (player: E2ePlayer, id: string): Promise<BetNow> =>
  (
    await e2e.server.gqlOk<{ myBet: BetNow }>(
      'query ($id: ID!) { myBet(id: $id) { status remainingStake cashedOut cashOuts } }',
      { id },
      player.token,
    )
  ).myBet;

/** The panel's state read in one go, or 'gone' once the page has removed it (the bet is cashed out). */
const panelState = async (page: Page): Promise<string> => {
  const { state, paid } = await page.evaluate(() => {
    const panel = document.querySelector('.co-panel');
    return {
      state: panel?.getAttribute('data-state') ?? 'gone',
      paid: panel?.querySelector('[data-testid="cashout-paid"]')?.textContent ?? null,
    };
  });
  // The "paid" line shows until the next pushed offer replaces it: kept as it was seen.
  if (paid !== null) paidSeen.set(page, paid);
  return state;
};
/** The last "cashed out: … added to your balance" line each page showed. */
const paidSeen = new WeakMap<Page, string>();

interface Texts {
  readonly refresh: string;
  readonly cashOut: string;
  readonly confirm: RegExp;
}

/** What the panel says now (for the log of a slow or failed attempt). */
const panelText = (page: Page): Promise<string> =>
  page.evaluate(() =>
    (document.querySelector('.co-panel')?.textContent ?? '').replace(/\s+/g, ' ').slice(0, 160),
  );

/** One step of an attempt: a click or check that must happen within 15 s (the offer may vanish). */
const STEP = { timeout: 15_000 } as const;

/**
 * Cashes out `preset` of the bet on `page` (its detail, one panel): waits for an offer, picks the
 * preset, checks that the net is shown, accepts and confirms. The live match can take the offer away
 * at any step — a goal or a danger-ball delay suspends the market (the panel turns 'unavailable', or
 * the server refuses `CASH_OUT_UNAVAILABLE` after the hold) — so a step that cannot be done within 15 s
 * starts a new attempt, up to 6. Returns the state it ended in: 'accepted', or 'gone' when the page took
 * the cashed-out bet's panel away before the test saw it. `log` names the attempts that failed.
 */
const cashOut = async (
  page: Page,
  preset: string,
  texts: Texts,
  log: (line: string) => void,
): Promise<string> => {
  const panel = page.locator('.co-panel');
  for (let attempt = 1; attempt <= 6; attempt++) {
    const now = await panelState(page);
    if (now === 'refused' || now === 'expired')
      await panel
        .getByRole('button', { name: texts.refresh })
        .click(STEP)
        .catch(() => undefined);
    await expect.poll(() => panelState(page), { timeout: 180_000 }).toBe('offered');
    try {
      await panel.getByRole('button', { name: preset, exact: true }).click(STEP);
      await expect.poll(() => panel.getByTestId('cashout-net').count(), STEP).toBe(1);
      await panel.getByRole('button', { name: texts.cashOut, exact: true }).click(STEP);
      await panel.getByRole('button', { name: texts.confirm }).click(STEP);
    } catch (error) {
      log(
        `attempt ${attempt} (${preset}): ${String(error).split('\n')[0]}; panel ${await panelState(page)}: ${await panelText(page)}`,
      );
      continue;
    }
    await expect
      .poll(() => panelState(page), { timeout: 60_000 })
      .toMatch(/^(accepted|refused|expired|gone)$/);
    const end = await panelState(page);
    if (end === 'accepted' || end === 'gone') return end;
    log(`attempt ${attempt} (${preset}): ${end}: ${await panelText(page)}`);
  }
  throw new Error(`no cash-out accepted; the panel is ${await panelState(page)}: ${await panelText(page)}`);
};

describe.skipIf(!e2e.available)('cash-out journey', () => {
  beforeAll(async () => {
    await e2e.start({ feed: SLOW_FEED });
    // Live prices move during the 5 s hold: staff accept any change by default.
    const staff = await e2e.server.staffLogin();
    await e2e.server.gqlOk(
      `mutation ($input: CashOutConfigInput!) { setCashOutConfig(input: $input) { version } }`,
      {
        input: {
          enabled: true,
          marginPercent: 5,
          delaySeconds: 5,
          defaultTolerance: 'ACCEPT_ANY',
          minimumOffer: 100,
          minimumPart: 100,
          enabledMarkets: [
            '1x2',
            'double_chance',
            'both_teams_to_score',
            'over_under',
            'asian_handicap',
            'correct_score',
            'draw_no_bet',
          ],
          creditBets: false,
        },
      },
      staff.token,
    );
  }, 420_000);
  afterAll(() => e2e.stop());

  it.each([
    {
      viewport: 'phone' as const,
      locale: 'sw',
      half: '50%',
      all: 'Yote',
      texts: { refresh: 'Pata ofa mpya', cashOut: 'Toa pesa', confirm: /Thibitisha kutoa/ },
    },
    {
      viewport: 'desktop' as const,
      locale: 'en-US',
      half: '50%',
      all: 'All',
      texts: { refresh: 'Get a new offer', cashOut: 'Cash out', confirm: /Confirm cash-out/ },
    },
  ])(
    'cashes out half, then all of a live bet at $viewport in $locale',
    async ({ viewport, locale, half, all, texts }) => {
      const started = Date.now();
      const log = (line: string) =>
        console.log(`cash-out e2e ${viewport} +${Math.round((Date.now() - started) / 1000)} s: ${line}`);
      const player = await e2e.server.createPlayer({ balance: 50_000 });
      const betId = await placeLive(player, 10_000);
      // A live bet may be held a few seconds before it is accepted (spec §9 rolling-bet delay).
      await expect
        .poll(async () => (await betNow(player, betId)).status, { timeout: 30_000 })
        .toBe('awaiting');
      const before = await balanceOf(player);
      log(`bet ${betId} running`);
      const page = await e2e.page(viewport, {
        storage: { ...loggedInAs(player), 'bashiri.lang': locale },
        locale: locale === 'sw' ? 'sw-TZ' : 'en-US',
      });
      await page.goto(e2e.url(`/#/order?id=${betId}`));

      // Half: 5,000 of the 10,000 stake; the rest keeps running with its own offer.
      expect(await cashOut(page, half, texts, log)).toBe('accepted');
      const partly = await betNow(player, betId);
      expect(partly).toMatchObject({ status: 'awaiting', remainingStake: 5_000, cashOuts: 1 });
      expect(partly.cashedOut).toBeGreaterThan(0);
      expect(await balanceOf(player)).toBe(before + partly.cashedOut);
      expect(paidSeen.get(page)).toContain(partly.cashedOut.toLocaleString('en-US'));
      await e2e.screenshot(page, `cashout-${viewport}-${locale}-1-half`);
      log(`half cashed out: ${partly.cashedOut} TZS net`);

      // All of the rest: a full cash-out, the bet ends cashed out with nothing running.
      await cashOut(page, all, texts, log);
      await expect
        .poll(async () => (await betNow(player, betId)).status, { timeout: 30_000 })
        .toBe('cashedOut');
      const out = await betNow(player, betId);
      expect(out).toMatchObject({ remainingStake: 0, cashOuts: 2 });
      expect(out.cashedOut).toBeGreaterThan(partly.cashedOut);
      expect(await balanceOf(player)).toBe(before + out.cashedOut);
      await e2e.screenshot(page, `cashout-${viewport}-${locale}-2-all`);
      expect(pageErrors(page)).toEqual([]);
      log('done');
    },
    600_000,
  );

  it('staff see the cash-outs in the back office list (who, part, value, tax, net, margin kept)', async () => {
    const staff = await e2e.server.staffLogin();
    const { cashOutRecords } = await e2e.server.gqlOk<{ cashOutRecords: { total: number } }>(
      '{ cashOutRecords { total } }',
      {},
      staff.token,
    );
    expect(cashOutRecords.total).toBeGreaterThan(0);
    const page = await e2e.page('desktop', { storage: staffStorage(staff.token, 'en-US') });
    await page.goto(e2e.url('/admin/#/cash-outs'));
    await expect
      .poll(() => page.locator('tr.ant-table-row').count(), { timeout: 60_000 })
      .toBe(Math.min(cashOutRecords.total, 10));
    await page.getByText('Margin kept').first().waitFor();
    await e2e.screenshot(page, 'cashout-admin-list-desktop-en-US');
    expect(pageErrors(page)).toEqual([]);
  }, 180_000);
});
