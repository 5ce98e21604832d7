import { describe, expect, it } from 'vitest';
import { DEFAULT_BET_CONFIG, type BetConfig } from '../config/bet-config.ts';
import { checkedQuote, quote } from './quote.ts';
import type { Betslip, SlipSelection } from './slip.ts';

const pick = (matchId: string, odds: string, available = true): SlipSelection => ({
  selectionId: `${matchId}-sel`,
  matchId,
  odds,
  available,
});
const slip = (stake: number, odds: string[], payType: 1 | 2 = 1): Betslip => ({
  stake,
  payType,
  selections: odds.map((o, i) => pick(`m${i}`, o)),
});
const config = (over: Partial<BetConfig> = {}): BetConfig => ({ ...DEFAULT_BET_CONFIG, ...over });

describe('quote: total odds and profit (spec §5, betting-rules §1)', () => {
  it('given 1.95 × 1.95, when quoted, then total odds 3.80 (truncated) and profit from the exact product', () => {
    const q = quote(slip(1000, ['1.95', '1.95']), config());
    expect(q.totalOdds).toBe('3.80');
    expect(q.profit).toBe(2802); // 1000 × 3.8025 − 1000 = 2802.5, rounded down
    expect(q.tax).toBe(280);
    expect(q.afterTaxAmount).toBe(1000 + 2802 - 280);
  });
  it('given a single of 10,000 at 3.00 with 10% tax, when quoted, then profit 20,000, tax 2,000, after tax 28,000', () => {
    const q = quote(slip(10_000, ['3.00']), config());
    expect(q).toMatchObject({
      totalOdds: '3.00',
      profit: 20_000,
      tax: 2000,
      reward: 0,
      afterTaxAmount: 28_000,
      payout: 30_000,
    });
  });
  it('given fractional profit, when quoted, then profit and tax are rounded down', () => {
    const q = quote(slip(100, ['1.37']), config({ taxRatePercent: 15 }));
    expect(q.profit).toBe(37);
    expect(q.tax).toBe(5); // 5.55
  });
  it('given an unavailable selection, when quoted, then it is left out of the price', () => {
    const s: Betslip = { stake: 1000, payType: 1, selections: [pick('a', '2.00'), pick('b', '5.00', false)] };
    const q = quote(s, config({ singleGameHighestProfit: 500, multipleGameHighestProfit: 100_000 }));
    expect(q).toMatchObject({
      selections: 2,
      pricedSelections: 1,
      totalOdds: '2.00',
      profit: 500,
      capped: true,
    });
  });
});

describe('quote: caps (docs/decisions/0002-pricing-caps.md)', () => {
  it('given one selection and single_game_highest_profit, when the profit is above it, then profit is capped', () => {
    const q = quote(slip(100_000, ['10.00']), config({ singleGameHighestProfit: 500_000 }));
    expect(q).toMatchObject({
      profit: 500_000,
      tax: 50_000,
      afterTaxAmount: 550_000,
      capped: true,
      profitCap: 500_000,
    });
  });
  it('given several selections, when the profit is above multiple_game_highest_profit, then that cap applies', () => {
    const q = quote(
      slip(10_000, ['10.00', '10.00']),
      config({ singleGameHighestProfit: 1, multipleGameHighestProfit: 200_000 }),
    );
    expect(q).toMatchObject({ profit: 200_000, profitCap: 200_000 });
  });
  it('given a reward above the tax, when capped, then the after-tax amount never exceeds stake + cap', () => {
    const c = config({
      multipleGameHighestProfit: 100_000,
      taxRatePercent: 10,
      stringRewards: [{ strings: 3, cashBackPercent: 50 }],
    });
    const q = quote(slip(10_000, ['5.00', '5.00', '5.00']), c);
    expect(q.profit).toBe(100_000);
    expect(q.reward).toBe(50_000);
    expect(q.tax).toBe(15_000);
    expect(q.afterTaxAmount).toBe(110_000); // 10,000 + 100,000 − 15,000 + 50,000 = 145,000, capped at stake + cap
    expect(q.capped).toBe(true);
  });
  it('given profit under the cap, when quoted, then nothing is capped', () => {
    expect(quote(slip(1000, ['2.00']), config({ singleGameHighestProfit: 1000 })).capped).toBe(false);
  });
});

describe('quote: string reward (spec §5 "Reward")', () => {
  const tiers = [
    { strings: 3, cashBackPercent: 5 },
    { strings: 4, cashBackPercent: 10 },
  ];
  it('given 4 selections at or above min_string_reward_odds, when quoted, then the 4-strings tier pays its cash back on profit', () => {
    const q = quote(
      slip(1000, ['1.50', '1.50', '1.50', '1.50']),
      config({ minStringRewardOdds: '1.5', stringRewards: tiers }),
    );
    expect(q.profit).toBe(4062); // 1000 × 5.0625 − 1000
    expect(q).toMatchObject({ qualifyingSelections: 4, rewardPercent: 10, reward: 406, tax: 446 }); // (4062+406)×10%
    expect(q.afterTaxAmount).toBe(4062 - 446 + 1000 + 406);
  });
  it('given a selection below the minimum odds, when quoted, then it does not count towards the tier', () => {
    const q = quote(
      slip(1000, ['1.49', '1.50', '1.50', '1.50']),
      config({ minStringRewardOdds: '1.50', stringRewards: tiers }),
    );
    expect(q).toMatchObject({ qualifyingSelections: 3, rewardPercent: 5 });
  });
  it('given more qualifying selections than any tier, when quoted, then no reward (the tier must equal the count)', () => {
    const q = quote(slip(1000, ['1.5', '1.5', '1.5', '1.5', '1.5']), config({ stringRewards: tiers }));
    expect(q).toMatchObject({ qualifyingSelections: 5, rewardPercent: 0, reward: 0 });
  });
  it('given a fractional reward, when quoted, then it is rounded down', () => {
    const q = quote(slip(100, ['1.50', '1.50', '1.50']), config({ stringRewards: tiers }));
    expect(q.profit).toBe(237); // 337.5 − 100
    expect(q.reward).toBe(11); // 11.85
  });
});

describe('quote: credit money (pay type 2)', () => {
  it('given a free bet, when quoted, then the after-tax amount excludes the stake', () => {
    const q = quote(slip(10_000, ['3.00'], 2), config());
    expect(q).toMatchObject({ profit: 20_000, tax: 2000, afterTaxAmount: 18_000 });
  });
  it('given a free bet with a cap, when quoted, then the cap applies before the stake is taken off', () => {
    const q = quote(
      slip(10_000, ['100.00'], 2),
      config({ singleGameHighestProfit: 100_000, taxRatePercent: 0 }),
    );
    expect(q.afterTaxAmount).toBe(100_000);
  });
});

describe('checkedQuote', () => {
  it('given a valid slip, when checked and quoted, then the quote', () => {
    expect(checkedQuote(slip(1000, ['2.00']), config())).toMatchObject({ ok: true, quote: { profit: 1000 } });
  });
  it('given an empty slip, when checked, then EMPTY_SLIP', () => {
    const r = checkedQuote({ stake: 1000, payType: 1, selections: [] }, config());
    expect(r.ok ? [] : r.errors.map((e) => e.code)).toEqual(['EMPTY_SLIP']);
  });
});
