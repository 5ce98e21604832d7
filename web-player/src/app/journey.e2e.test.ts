/**
 * The whole player journey end to end (issue 7 item 7; spec §2 routes and layout, §4 session and
 * betslip, §5 betslip submit and tax, §9 money formatting): in real Chromium against the real server with
 * the demo feed on its fast clock (2-minute matches) and the mobile-money sandboxes in process, a visitor
 * registers through the register page (SMS code read from the SMS sandbox table), deposits through the
 * deposit page (the sandbox customer approves the push after its PIN delay), places a single and a
 * multiple through the match pages and the betslip, watches the single's match play to its final whistle,
 * and finds the settled win with its tax in "my bets" (settled tab, bet detail with the leg's outcome)
 * and in "bills" (the payout entry). Once at 360x740 in Swahili, once at 1280x800 in English.
 *
 * The single is made a sure win without touching settlement: the test reads the demo feed's scripted
 * timeline of the match (`feed_matches.timeline`, api/src/modules/feed/) and picks the 1X2 outcome its
 * final score makes the winner. The feed then plays the match and records the result; the ordinary
 * settlement worker pays it. Screenshots: artifacts/screenshots/journey-*.png.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it, type ExpectStatic } from 'vitest';
import {
  e2eSuite,
  FAST_FEED,
  pageErrors,
  SCREENSHOT_DIR,
  VIEWPORTS,
  type ViewportName,
} from '../../../api/src/testing/e2e.ts';
import { fillRegistration } from '../testing/register-e2e.ts';
import {
  clockLength,
  goalClock,
  resultOf,
  STANDARD_CLOCK_MINUTES,
  type Timeline,
} from '../../../api/src/testing/e2e.ts';

const e2e = e2eSuite();

/** Texts the test matches on screen, per language (so an untranslated screen fails). */
const RUNS: readonly {
  viewport: ViewportName;
  language: 'sw' | 'en-US';
  texts: {
    getCode: string;
    resendIn: RegExp;
    register: string;
    deposit: string;
    confirmed: string;
    placed: string;
    /** The slip's message while the server holds a live bet (rolling-bet delay, spec §9). */
    awaitingLive: string;
    live: string;
    settledTab: string;
    won: string;
    tax: string;
    credited: string;
    outcomeWon: string;
    /** The leg's match facts line (full time and half time) in the reader's language. */
    legFacts: RegExp;
    payoutBill: string;
    fullTime: string;
    winTax: (gross: string, tax: string) => string;
  };
}[] = [
  {
    viewport: 'phone',
    language: 'sw',
    texts: {
      getCode: 'Pata msimbo',
      resendIn: /Tena baada ya sekunde/,
      register: 'Jisajili sasa',
      deposit: 'Weka pesa',
      confirmed: 'Imekamilika. Salio lako limesasishwa.',
      placed: 'Dau lako limewekwa kikamilifu',
      awaitingLive: 'Dau la mubashara linasubiri kuthibitishwa…',
      live: 'Mubashara',
      settledTab: 'Zilizokamilika',
      won: 'Imeshinda',
      tax: 'Kodi',
      credited: 'Imeingizwa kwenye salio lako',
      outcomeWon: 'Imeshinda',
      legFacts: /^Matokeo \d+-\d+ \(mapumziko \d+-\d+\)$/,
      payoutBill: 'Matokeo ya beti',
      fullTime: 'Mechi imekwisha',
      winTax: (gross, tax) => `Ushindi ${gross} · kodi ${tax} imekatwa`,
    },
  },
  {
    viewport: 'desktop',
    language: 'en-US',
    texts: {
      getCode: 'Get code',
      resendIn: /Again in/,
      register: 'Join now',
      deposit: 'Deposit',
      confirmed: 'Done. Your balance has been updated.',
      placed: 'Bet placed successfully',
      awaitingLive: 'Live bet awaiting acceptance…',
      live: 'Live',
      settledTab: 'Settled',
      won: 'Won',
      tax: 'Tax',
      credited: 'Paid to your balance',
      outcomeWon: 'Won',
      legFacts: /^Result \d+-\d+ \(half time \d+-\d+\)$/,
      payoutBill: 'Bet result',
      fullTime: 'Full time',
      winTax: (gross, tax) => `Won ${gross} · tax ${tax} withheld`,
    },
  },
];

const DEPOSIT = 20_000;
const SINGLE_STAKE = 2_000;
const MULTIPLE_STAKE = 1_000;
/** Real milliseconds of one clock minute of the fast demo feed. */
const MS_PER_CLOCK_MINUTE = ((FAST_FEED.matchMinutes ?? 2) * 60_000) / STANDARD_CLOCK_MINUTES;

/** Clock minutes of the fast feed that pass while the test places the single (30 s). */
const BETTING_CLOCK_MINUTES = 30_000 / MS_PER_CLOCK_MINUTE;

/**
 * How far {@link driveUntil} moves the server's clock per real second while a run only waits for its
 * match (decision 0150's pattern): 10 s, about nine clock minutes of the fast feed, whose ticks (1 s
 * apart) still play every minute of the match.
 */
const DRIVE_STEP_MS = 10_000;

/**
 * Runs of this file now registering, paying or placing bets (the server's clock then stands still: a
 * goal brought forward could suspend the outcome being placed, and the sandbox's payment runs on it).
 */
let uiSteps = 0;

/**
 * Waits until `done()` is true, asking once a real second, and moves the server's clock forward by
 * {@link DRIVE_STEP_MS} each time while no run of the file is in a UI step ({@link uiSteps}): the demo
 * feed plays its matches on the server's clock (decision 0080), so a match is watched to its final
 * whistle in seconds instead of minutes. Fails after `timeoutMs` of real time.
 */
const driveUntil = async (done: () => Promise<boolean>, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`journey: ${what} did not happen in ${timeoutMs} ms`);
    if (uiSteps === 0) e2e.server.clock.advance(DRIVE_STEP_MS);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
};

/** TZS as spec §9 shows it: thousands separators, two decimals with a trailing `.00` removed. */
const tzs = (amount: number) =>
  amount.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

let phoneSeq = 0;
/** A fresh national Vodacom number (75x…) unlike the account test's and the harness's. */
const freshNational = () =>
  `75${String((Date.now() + process.pid) % 1_000_000).padStart(6, '0')}${++phoneSeq}`.slice(0, 9);

/** A 1X2 full-time outcome of a feed match, with what the test knows of that match. */
interface Candidate {
  readonly matchId: string;
  readonly outcomeId: string;
  readonly status: number;
  /** Epoch ms of kick-off and of the final whistle (by the feed's clock). */
  readonly kickoff: number;
  readonly end: number;
  readonly timeline: Timeline;
  readonly pick: 'home' | 'draw' | 'away';
  readonly open: boolean;
}

/** Every open-for-betting 1X2 outcome of the feed's matches not finished yet. */
const candidates = async (): Promise<Candidate[]> => {
  const { rows } = await e2e.server.server.services.sql.query<{
    match_id: string;
    outcome_id: string;
    status: number;
    kickoff: number;
    timeline: Timeline | string;
    pick: 'home' | 'draw' | 'away';
    open: boolean;
  }>(
    `SELECT m.id::text AS match_id, o.id::text AS outcome_id, m.status,
            (extract(epoch FROM m.start_time) * 1000)::float8 AS kickoff, f.timeline, o.pick,
            (o.status_id = 1 AND mk.status_id = 1 AND o.odds IS NOT NULL) AS open
       FROM feed_matches f
       JOIN matches m ON m.id = f.match_id
       JOIN markets mk ON mk.match_id = m.id AND mk.betting_type_id = 69 AND mk.event_part_id = 3
       JOIN outcomes o ON o.market_id = mk.id
      WHERE NOT f.done AND m.status IN (1, 2)`,
  );
  return rows.map((r) => {
    const timeline = typeof r.timeline === 'string' ? (JSON.parse(r.timeline) as Timeline) : r.timeline;
    const kickoff = Number(r.kickoff);
    return {
      matchId: r.match_id,
      outcomeId: r.outcome_id,
      status: Number(r.status),
      kickoff,
      end: kickoff + clockLength(timeline) * MS_PER_CLOCK_MINUTE,
      timeline,
      pick: r.pick,
      open: r.open,
    };
  });
};

/** The pick the timeline's final score makes a winner. */
const winnerOf = (timeline: Timeline): Candidate['pick'] => {
  const { home, away } = resultOf(timeline).fullTime;
  return home > away ? 'home' : home < away ? 'away' : 'draw';
};

/**
 * The single: the winning 1X2 outcome of a live match near its end with no goal left to come (so no
 * goal suspends it), else of the next match to kick off with time left to bet on it.
 */
const chooseSingle = async (exclude: ReadonlySet<string>): Promise<Candidate> => {
  const now = e2e.server.clock.now();
  const winners = (await candidates()).filter(
    (c) => c.open && c.pick === winnerOf(c.timeline) && !exclude.has(c.matchId),
  );
  const clockNow = (c: Candidate) => (now - c.kickoff) / MS_PER_CLOCK_MINUTE;
  const live = winners
    .filter(
      (c) =>
        c.status === 2 &&
        c.end - now > 35_000 &&
        // no goal just scored or coming while the bet is placed (the feed suspends around goals)
        c.timeline.goals.every((g) => {
          const at = goalClock(g, c.timeline);
          return at < clockNow(c) - 3 || at > clockNow(c) + BETTING_CLOCK_MINUTES;
        }),
    )
    .sort((a, b) => a.end - b.end);
  const upcoming = winners
    .filter((c) => c.status === 1 && c.kickoff - now > 30_000)
    .sort((a, b) => a.kickoff - b.kickoff);
  const chosen = live[0] ?? upcoming[0];
  if (!chosen) throw new Error('no feed match to bet the single on');
  return chosen;
};

/** Two home-win outcomes of matches kicking off well after the test ends (the multiple stays open). */
const chooseMultiple = async (exclude: ReadonlySet<string>): Promise<Candidate[]> => {
  const later = e2e.server.clock.now() + 10 * 60_000;
  const chosen = (await candidates())
    .filter((c) => c.open && c.pick === 'home' && c.status === 1 && c.kickoff > later)
    .filter((c) => !exclude.has(c.matchId))
    .sort((a, b) => a.kickoff - b.kickoff)
    .slice(0, 2);
  if (chosen.length < 2) throw new Error('not two later matches for the multiple');
  return chosen;
};

/** The balance shown in the header, in whole TZS. */
const shownBalance = async (page: Page): Promise<number> =>
  Number(((await page.getByTestId('balance').first().textContent()) ?? '').replace(/[^\d.]/g, ''));

/** Opens the betslip drawer on a phone unless open (the desktop shows it on the right). */
const openSlip = async (page: Page, viewport: ViewportName) => {
  if (viewport === 'phone' && (await page.locator('.app.slip-open').count()) === 0)
    await page.locator('.bottombar__slip').click();
  await page.locator('.betslip').waitFor({ state: 'visible' });
  // the phone's drawer slides in: wait until it is all on screen (for the screenshots)
  await page.waitForFunction(() => {
    const box = document.querySelector('.betslip')?.getBoundingClientRect();
    return box !== undefined && box.right <= window.innerWidth + 1;
  });
};

/** Closes the phone's betslip drawer (the desktop keeps it on the right). */
const closeSlip = async (page: Page, viewport: ViewportName) => {
  if (viewport === 'phone' && (await page.locator('.app.slip-open').count()) > 0)
    await page.locator('.scrim').click({ position: { x: 10, y: 300 } });
};

/** Opens a match page and taps the outcome's odds button (waits for it to be open). */
const tapOutcome = async (expect: ExpectStatic, page: Page, c: Candidate) => {
  await page.goto(`${e2e.url('/')}#/markets?id=${c.matchId}`);
  const button = page.locator(`.markets button.odds[data-selection="${c.outcomeId}"]`);
  await button.waitFor({ state: 'visible', timeout: 20_000 });
  await button.click();
  await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
};

/**
 * Fills the stake, ticks "accept odds changes" and submits; waits for the success notice. With
 * `awaitingText` (a live bet: the server holds it for the rolling-bet delay, 5 s by default) the slip
 * must say so while it waits.
 */
const submitSlip = async (
  expect: ExpectStatic,
  page: Page,
  stake: number,
  placedText: string,
  shot: () => Promise<unknown>,
  awaitingText?: string,
) => {
  const amount = page.locator('.betslip__amount input');
  await amount.fill(String(stake));
  await expect.poll(() => amount.inputValue()).toBe(String(stake));
  const accept = page.locator('.betslip__accept input');
  if (!(await accept.isChecked())) await accept.check();
  await shot();
  await page.locator('.betslip__submit').click();
  if (awaitingText) {
    const awaiting = page.locator('.betslip__awaiting');
    await awaiting.waitFor({ timeout: 4_000 });
    expect(await awaiting.textContent()).toBe(awaitingText);
  }
  const notice = page.locator('.betslip__notice');
  await notice.waitFor({ timeout: 30_000 });
  expect(await notice.textContent()).toBe(placedText);
  await expect.poll(() => page.locator('.betslip__item').count()).toBe(0);
};

describe.skipIf(!e2e.available)('the player journey', () => {
  beforeAll(() => e2e.start(), 180_000);
  afterAll(() => e2e.stop());

  // The runs go at once (each mostly waits for its match to play): the file takes one journey's time.
  for (const { viewport, language, texts } of RUNS)
    it.concurrent(
      `registers, deposits, bets a single and a multiple, sees the win with tax (${viewport}, ${language})`,
      // Concurrent tests assert with their own context's expect (the global one follows one test).
      async ({ expect }) => {
        const page = await e2e.page(viewport, {
          storage: { 'bashiri.lang': language },
          locale: language === 'sw' ? 'sw-TZ' : 'en-US',
        });
        let step = 0;
        // What the player sees (the viewport, not the full page: match pages are metres long)
        const shot = async (name: string) => {
          mkdirSync(SCREENSHOT_DIR, { recursive: true });
          const file = `journey-${viewport}-${language}-${String(++step).padStart(2, '0')}-${name}.png`;
          await page.screenshot({ path: resolve(SCREENSHOT_DIR, file) });
        };

        // Steps 1-4 with the server's clock standing still (see uiSteps).
        let single: Candidate;
        uiSteps += 1;
        try {
          // 1. Register with the SMS code from the sandbox
          const national = freshNational();
          await page.goto(e2e.url('/#/register'));
          await fillRegistration(page, e2e.server, national, texts);
          await shot('register');
          await page.getByRole('button', { name: texts.register, exact: true }).click();
          await page.waitForURL(/#\/home$/, { timeout: 30_000 });
          await expect.poll(() => shownBalance(page), { timeout: 15_000 }).toBe(0);
          await shot('registered');

          // 2. Deposit through the mobile-money sandbox (Vodacom M-Pesa for a 75x number)
          await page.goto(e2e.url('/#/pay_recharge'));
          await page.locator('#pay-amount').fill(String(DEPOSIT));
          await shot('deposit');
          await page
            .locator('form.acc-form')
            .getByRole('button', { name: texts.deposit, exact: true })
            .click();
          await page.locator('.acc-page').getByText(texts.confirmed).waitFor({ timeout: 90_000 });
          await expect.poll(() => shownBalance(page), { timeout: 15_000 }).toBe(DEPOSIT);
          await shot('deposited');

          // 3. The single: a sure win by the match's scripted final score
          const used = new Set<string>();
          single = await chooseSingle(used);
          for (let attempt = 1; ; attempt++) {
            try {
              await tapOutcome(expect, page, single);
              break;
            } catch (error) {
              // The outcome was suspended or the match kicked off meanwhile: choose again (bounded).
              if (attempt >= 3) throw error;
              used.add(single.matchId);
              single = await chooseSingle(used);
            }
          }
          await expect.poll(() => page.getByTestId('slip-count').first().textContent()).toBe('1');
          await openSlip(page, viewport);
          await submitSlip(
            expect,
            page,
            SINGLE_STAKE,
            texts.placed,
            () => shot('single-slip'),
            // A single on a match in play is held by the server before it is accepted
            single.status === 2 ? texts.awaitingLive : undefined,
          );
          await shot('single-placed');
          await expect.poll(() => shownBalance(page), { timeout: 15_000 }).toBe(DEPOSIT - SINGLE_STAKE);
          await closeSlip(page, viewport);

          // 4. The multiple: two later matches
          const legs = await chooseMultiple(new Set([single.matchId]));
          for (const leg of legs) {
            await tapOutcome(expect, page, leg);
            await closeSlip(page, viewport);
          }
          await expect.poll(() => page.getByTestId('slip-count').first().textContent()).toBe('2');
          await openSlip(page, viewport);
          await submitSlip(expect, page, MULTIPLE_STAKE, texts.placed, () => shot('multiple-slip'));
          await expect
            .poll(() => shownBalance(page), { timeout: 15_000 })
            .toBe(DEPOSIT - SINGLE_STAKE - MULTIPLE_STAKE);
          await closeSlip(page, viewport);
        } finally {
          uiSteps -= 1;
        }

        // 5. Watch the single's match live to its final whistle on its match page
        await page.goto(`${e2e.url('/')}#/markets?id=${single.matchId}`);
        const clock = page.locator('.markets__time');
        const shows = async (text: string) => ((await clock.textContent()) ?? '').includes(text);
        const watching = Math.max(0, single.end - e2e.server.clock.now()) + 90_000;
        await driveUntil(() => shows(texts.live), watching, 'kick-off');
        await shot('live');
        await driveUntil(async () => (await clock.textContent()) === texts.fullTime, watching, 'full time');
        await shot('full-time');

        // 6. My bets: the single under "settled", won, with its tax
        const token = await page.evaluate(
          () => (JSON.parse(localStorage.getItem('bashiri.session') ?? '{}') as { token: string }).token,
        );
        const settledBet = async () =>
          (
            await e2e.server.gqlOk<{
              myBets: {
                items: {
                  id: string;
                  status: string;
                  stake: number;
                  totalOdds: string;
                  payout: number | null;
                  tax: number | null;
                  credited: number | null;
                }[];
              };
            }>(
              '{ myBets(tab: SETTLED) { items { id status stake totalOdds payout tax credited } } }',
              {},
              token,
            )
          ).myBets.items.find((b) => b.stake === SINGLE_STAKE);
        await expect.poll(async () => (await settledBet())?.status, { timeout: 90_000 }).toBe('settled');
        const bet = (await settledBet())!;
        // Spec §5: profit = stake x odds - stake (rounded down), tax 10% of profit (rounded down), paid
        // after tax = profit - tax + stake.
        const profit = Math.floor(SINGLE_STAKE * Number(bet.totalOdds) - SINGLE_STAKE);
        const tax = Math.floor(profit * 0.1);
        expect(bet.payout).toBe(SINGLE_STAKE + profit);
        expect(bet.tax).toBe(tax);
        expect(bet.credited).toBe(SINGLE_STAKE + profit - tax);
        expect(tax).toBeGreaterThan(0);

        await page.goto(e2e.url('/#/order?tab=SETTLED'));
        await page.getByRole('tab', { name: texts.settledTab, selected: true }).waitFor();
        const row = page.locator('.acc-row', { hasText: texts.won }).first();
        await row.waitFor({ timeout: 30_000 });
        await shot('my-bets-settled');
        await row.click();
        const detail = page.locator('.acc-bet');
        await detail.waitFor();
        const detailText = (await detail.textContent()) ?? '';
        expect(detailText).toContain(texts.tax);
        expect(detailText).toContain(tzs(tax));
        expect(detailText).toContain(texts.credited);
        expect(detailText).toContain(tzs(bet.credited!));
        const wonLeg = detail.locator('.acc-leg', { hasText: texts.outcomeWon }).first();
        await wonLeg.waitFor();
        expect((await wonLeg.locator('.acc-leg__facts').textContent()) ?? '').toMatch(texts.legFacts);
        await shot('bet-detail');

        // 7. Bills: the payout entry (after tax), with the balance after it
        await page.goto(e2e.url('/#/user_bill?type=1'));
        const payout = page.locator('.acc-row', { hasText: texts.payoutBill }).first();
        await payout.waitFor({ timeout: 30_000 });
        const payoutText = (await payout.textContent()) ?? '';
        expect(payoutText).toContain(`+${tzs(bet.credited!)}`);
        expect(payoutText).toContain(texts.winTax(tzs(bet.payout!), tzs(tax)));
        await expect
          .poll(() => shownBalance(page), { timeout: 15_000 })
          .toBe(DEPOSIT - SINGLE_STAKE - MULTIPLE_STAKE + bet.credited!);
        await shot('bills');

        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
        expect(pageErrors(page).filter((error) => !error.includes('net::ERR_ABORTED'))).toEqual([]);
      },
      480_000,
    );
});
