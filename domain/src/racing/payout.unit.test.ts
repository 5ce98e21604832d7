import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  finishingOrder,
  profitCapCase,
  racingSelection,
  settlementCase,
  singleAmountCase,
} from './fixtures.ts';
import { poolPerTicket, racingOrderLoses, settleRacingOrder, type RacingTerms } from './payout.ts';
import { RacingResult } from './rules.ts';
import { ticketsOf, type RacingSelection } from './selection.ts';

const ORDER = [3, 7, 1, 2, 4, 5, 6, 8, 9, 10];
const IDENTITY = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const terms = (odds: string | null, extra: Partial<RacingTerms> = {}): RacingTerms => ({
  odds,
  taxRate: '10',
  highestProfit: null,
  ...extra,
});
const settle = (selection: RacingSelection, single: number, t: RacingTerms, order = ORDER, pool = 0) =>
  settleRacingOrder({
    selection,
    singleAmount: single,
    amount: ticketsOf(selection) * single,
    terms: t,
    order,
    poolPerTicket: pool,
  });
/** A Luck Racing ticket with exactly `k` cars of IDENTITY in place (k ≠ 9). */
const luckTicket = (k: number): RacingSelection => {
  const cars = [...IDENTITY];
  const moved = cars.slice(k);
  const rotated = [...moved.slice(1), moved[0] as number];
  return { betType: 6, positions: [...cars.slice(0, k), ...(k === 10 ? [] : rotated)].map((c) => [c]) };
};

describe('racing payouts (spec §9 odds, Luck Racing table; tax on profit)', () => {
  it('champion 1,000 on car 3 at 9.69, tax 10%: gross 9,690, profit 8,690, tax 869, paid 8,821', () => {
    expect(settle({ betType: 1, positions: [[3]] }, 1_000, terms('9.69'))).toMatchObject({
      result: RacingResult.Win,
      winningTickets: 1,
      gross: 9_690,
      profit: 8_690,
      tax: 869,
      payout: 8_821,
    });
  });
  it('champion on two cars, 1,000 each: one ticket wins, the profit counts the whole amount (2,000)', () => {
    expect(settle({ betType: 1, positions: [[3, 5]] }, 1_000, terms('9.69'))).toMatchObject({
      gross: 9_690,
      profit: 7_690,
      tax: 769,
      payout: 8_921,
    });
  });
  it('a lost order: result 3, nothing paid, no tax', () => {
    expect(settle({ betType: 1, positions: [[5]] }, 1_000, terms('9.69'))).toMatchObject({
      result: RacingResult.Lose,
      gross: 0,
      profit: -1_000,
      tax: 0,
      payout: 0,
    });
  });
  it('champion and runner-up and top three need the exact order', () => {
    expect(settle({ betType: 2, positions: [[3], [7]] }, 100, terms('28')).gross).toBe(2_800);
    expect(settle({ betType: 2, positions: [[7], [3]] }, 100, terms('28')).gross).toBe(0);
    expect(
      settle(
        {
          betType: 3,
          positions: [
            [3, 4],
            [7, 4],
            [1, 2],
          ],
        },
        100,
        terms('56'),
      ),
    ).toMatchObject({ gross: 5_600, winningTickets: 1 });
  });
  it('odd/even and big/small are on the champion: 3 is odd and small (Under 1–5)', () => {
    expect(settle({ betType: 4, options: ['odd'] }, 1_000, terms('1.97'))).toMatchObject({
      gross: 1_970,
      tax: 97,
      payout: 1_873,
    });
    expect(settle({ betType: 4, options: ['even'] }, 1_000, terms('1.97')).gross).toBe(0);
    expect(settle({ betType: 5, options: ['small'] }, 1_000, terms('1.97')).gross).toBe(1_970);
    expect(
      settle({ betType: 5, options: ['big'] }, 1_000, terms('1.97'), [6, ...IDENTITY.filter((c) => c !== 6)])
        .gross,
    ).toBe(1_970);
    expect(
      settle({ betType: 5, options: ['small'] }, 1_000, terms('1.97'), [
        5,
        ...IDENTITY.filter((c) => c !== 5),
      ]).gross,
    ).toBe(1_970);
  });
  it('Luck Racing pays by cars in place: 0–1 nothing, 2 the stake back (result 5), 3 ×3 … 8 ×9,000', () => {
    const expected: Record<number, number> = {
      0: 0,
      1: 0,
      2: 300,
      3: 900,
      4: 3_000,
      5: 10_500,
      6: 60_000,
      7: 240_000,
      8: 2_700_000,
    };
    for (const [k, gross] of Object.entries(expected)) {
      const r = settle(luckTicket(Number(k)), 300, terms(null), IDENTITY);
      expect(r.gross, `${k} in place`).toBe(gross);
    }
    expect(settle(luckTicket(2), 300, terms(null), IDENTITY)).toMatchObject({
      result: RacingResult.StakeReturned,
      profit: 0,
      tax: 0,
      payout: 300,
    });
    expect(settle(luckTicket(8), 300, terms(null), IDENTITY)).toMatchObject({
      result: RacingResult.Win,
      profit: 2_699_700,
      tax: 269_970,
      payout: 2_430_030,
    });
  });
  it('Luck Racing ten of ten takes its share of the prize pool, taxed as winnings', () => {
    expect(settle(luckTicket(10), 300, terms(null), IDENTITY, 500_000)).toMatchObject({
      tenOfTenTickets: 1,
      poolShare: 500_000,
      gross: 500_000,
      tax: 49_970,
      payout: 450_030,
    });
    expect(poolPerTicket(1_000_000, 3)).toBe(333_333);
    expect(poolPerTicket(1_000_000, 0)).toBe(0);
  });
  it('a Luck Racing order of several tickets adds them: cars 1 and 2 swapped is 8 in place, as picked 10', () => {
    const selection: RacingSelection = {
      betType: 6,
      positions: [[1, 2], [1, 2], ...IDENTITY.slice(2).map((c) => [c])],
    };
    expect(settle(selection, 300, terms(null), IDENTITY, 1_000)).toMatchObject({
      winningTickets: 2,
      tenOfTenTickets: 1,
      fixedReturn: 2_700_000,
      gross: 2_701_000,
    });
  });
  it('the profit cap cuts the fixed-odds return to amount + highestProfit', () => {
    expect(settle(luckTicket(8), 300, terms(null, { highestProfit: 100_000 }), IDENTITY)).toMatchObject({
      capped: true,
      fixedReturn: 2_700_000,
      gross: 100_300,
      tax: 10_000,
    });
    expect(
      settle({ betType: 1, positions: [[3]] }, 1_000, terms('9.69', { highestProfit: 10_000 })),
    ).toMatchObject({ capped: false, gross: 9_690 });
  });
});

const order = finishingOrder('p');
const selection = racingSelection(order);

describe('racing payouts: properties', () => {
  it('never above the cap, never negative, exact integers; tax only on a positive profit', () => {
    fc.assert(
      fc.property(
        selection.filter((s) => ticketsOf(s) > 0),
        order,
        profitCapCase,
        singleAmountCase,
        fc.integer({ min: 0, max: 2_000_000 }),
        (s, o, cap, single, pool) => {
          const singleAmount = s.betType === 6 ? 300 : single;
          const amount = ticketsOf(s) * singleAmount;
          const r = settleRacingOrder({
            selection: s,
            singleAmount,
            amount,
            terms: terms('56', { highestProfit: cap }),
            order: o,
            poolPerTicket: pool,
          });
          if (cap !== null) expect(r.gross - r.poolShare).toBeLessThanOrEqual(amount + cap);
          expect(r.poolShare).toBeLessThanOrEqual(pool);
          for (const v of [r.gross, r.tax, r.payout]) expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
          expect(r.payout).toBe(r.gross - r.tax);
          expect(r.tax).toBe(r.profit > 0 ? Math.floor(r.profit / 10) : 0);
          expect(r.result === RacingResult.Lose).toBe(r.gross === 0);
        },
      ),
    );
  });

  it('racingOrderLoses is exactly "gross 0" of settleRacingOrder, whatever the cap, tax rate and pool (decision 0184)', () => {
    fc.assert(
      fc.property(
        settlementCase('p'),
        ({ selection: s, order: o, cap, taxRate, odds, singleAmount, pool }) => {
          const amount = ticketsOf(s) * singleAmount;
          const r = settleRacingOrder({
            selection: s,
            singleAmount,
            amount,
            terms: { odds, taxRate, highestProfit: cap },
            order: o,
            poolPerTicket: pool,
          });
          const loses = racingOrderLoses({ selection: s, singleAmount, odds, order: o, poolPerTicket: pool });
          expect(loses).toBe(r.gross === 0);
          if (loses)
            expect([r.result, r.gross, r.profit, r.tax, r.payout]).toEqual([
              RacingResult.Lose,
              0,
              -amount,
              0,
              0,
            ]);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
