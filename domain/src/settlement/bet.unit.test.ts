import { describe, expect, it } from 'vitest';
import { DEFAULT_BET_CONFIG } from '../config/bet-config.ts';
import { pricingTerms, type PricingTerms } from '../pricing/returns.ts';
import { settleBet, type SettledLegInput } from './bet.ts';
import { legResult, OUTCOME, type LegResult } from './outcome.ts';
import { resettle } from './resettle.ts';
import { settleLeg } from './settle-leg.ts';

const terms: PricingTerms = pricingTerms(DEFAULT_BET_CONFIG);
const noTax: PricingTerms = { ...terms, taxRatePercent: 0 };
const won = legResult(OUTCOME.WON, 0, 'won');
const lost = legResult(OUTCOME.LOST, 0, 'lost');
const voided = legResult(OUTCOME.REFUNDED, 1, 'void');
const halfLost = legResult(OUTCOME.HALF_LOST, 0.5, 'half lost');
const pending = legResult(OUTCOME.PENDING, 0, 'pending');
const abnormal = legResult(OUTCOME.ABNORMAL, 0, 'abnormal');
const leg = (odds: string, result: LegResult): SettledLegInput => ({ odds, result });
const played = (home: number, away: number) =>
  ({ status: 'played', halfTime: { home: 0, away: 0 }, fullTime: { home, away } }) as const;

describe('worked examples (betting-rules §2)', () => {
  it('given Asian handicap home −0.25 @ 1.95 for 10,000 and 1–1, when settled, then 5,000 returned (half lost)', () => {
    const result = settleLeg(
      { market: 'asian_handicap', pick: 'home', line: '-0.25', odds: '1.95' },
      played(1, 1),
    );
    const s = settleBet({ stake: 10_000, payType: 1, legs: [leg('1.95', result)], terms });
    expect(s).toMatchObject({ state: 'settled', payout: 5000, tax: 0, credited: 5000 });
    expect(s.legs[0]).toMatchObject({ outcome: 6, voidFactor: 0.5, factor: '0.5' });
  });
  it('given Asian handicap home −0.75 @ 2.00 for 10,000 and 1–0, when settled, then 15,000 returned (half won)', () => {
    const result = settleLeg(
      { market: 'asian_handicap', pick: 'home', line: '-0.75', odds: '2.00' },
      played(1, 0),
    );
    const s = settleBet({ stake: 10_000, payType: 1, legs: [leg('2.00', result)], terms });
    expect(s).toMatchObject({ payout: 15_000, profit: 5000, tax: 500, credited: 14_500 });
    expect(s.legs[0]).toMatchObject({ outcome: 5, voidFactor: 0.5 });
  });
  it('given a 1,000 multiple 1.50 × 2.00 × 1.80 × 2.50 with the 1.80 leg void, when settled, then 7,500 returned', () => {
    const legs = [leg('1.50', won), leg('2.00', won), leg('1.80', voided), leg('2.50', won)];
    const s = settleBet({ stake: 1000, payType: 1, legs, terms });
    expect(s).toMatchObject({ payout: 7500, effectiveOdds: '7.50', pricedSelections: 3 });
  });
  it('given a 1,000 multiple 2.00 won × AH −0.25 @ 1.90 half lost × 1.80 won, when settled, then 1,800 returned', () => {
    const legs = [leg('2.00', won), leg('1.90', halfLost), leg('1.80', won)];
    expect(settleBet({ stake: 1000, payType: 1, legs, terms })).toMatchObject({
      payout: 1800,
      effectiveOdds: '1.80',
    });
  });
  it('given a 10,000 single @ 3.00 won with sports tax 10%, when settled, then 30,000 gross, 2,000 tax, 28,000 credited', () => {
    const s = settleBet({
      stake: 10_000,
      payType: 1,
      legs: [leg('3.00', won)],
      terms: { ...terms, taxRatePercent: 10 },
    });
    expect(s).toMatchObject({ payout: 30_000, tax: 2000, credited: 28_000 });
  });
});

describe('multiples', () => {
  it('given a lost leg and legs still open, when settled, then the multiple is lost at once', () => {
    const s = settleBet({ stake: 1000, payType: 1, legs: [leg('2.00', pending), leg('1.50', lost)], terms });
    expect(s).toMatchObject({ state: 'settled', payout: 0, credited: 0, effectiveOdds: '0.00' });
  });
  it('given an open leg and no lost one, when settled, then pending with no money', () => {
    const s = settleBet({ stake: 1000, payType: 1, legs: [leg('2.00', won), leg('1.50', pending)], terms });
    expect(s).toMatchObject({ state: 'pending', payout: 0, credited: 0 });
  });
  it('given an abnormal leg, when settled, then abnormal for staff to review', () => {
    expect(settleBet({ stake: 1000, payType: 1, legs: [leg('2.00', abnormal)], terms }).state).toBe(
      'abnormal',
    );
  });
  it('given a dead heat over 2, when settled, then the leg pays odds / 2', () => {
    const dh = legResult(OUTCOME.WON, 0, 'dead heat', '1/2');
    expect(settleBet({ stake: 1000, payType: 1, legs: [leg('5.00', dh)], terms: noTax }).payout).toBe(2500);
  });
  it('given a void leg, when the acca-bonus tier is chosen, then it is recomputed on the legs that remain', () => {
    const withTiers: PricingTerms = {
      ...noTax,
      stringRewards: [
        { strings: 2, cashBackPercent: 5 },
        { strings: 3, cashBackPercent: 10 },
      ],
    };
    const s = settleBet({
      stake: 1000,
      payType: 1,
      legs: [leg('2.00', won), leg('2.00', won), leg('2.00', voided)],
      terms: withTiers,
    });
    expect(s).toMatchObject({
      qualifyingSelections: 2,
      rewardPercent: 5,
      profit: 3000,
      reward: 150,
      credited: 4150,
    });
  });
  it('given every leg void, when settled, then the stake comes back; a credit stake goes back to credit money', () => {
    expect(settleBet({ stake: 1000, payType: 1, legs: [leg('2.00', voided)], terms })).toMatchObject({
      payout: 1000,
      credited: 1000,
      creditRefund: 0,
    });
    expect(settleBet({ stake: 1000, payType: 2, legs: [leg('2.00', voided)], terms })).toMatchObject({
      credited: 0,
      creditRefund: 1000,
    });
  });
  it('given a won free bet, when settled, then only the winnings after tax are credited', () => {
    expect(settleBet({ stake: 10_000, payType: 2, legs: [leg('3.00', won)], terms })).toMatchObject({
      payout: 30_000,
      tax: 2000,
      credited: 18_000,
      creditRefund: 0,
    });
  });
  it('given a capped multiple, when settled, then the credited amount is at most stake + cap', () => {
    const capped: PricingTerms = { ...terms, multipleGameHighestProfit: 50_000 };
    const s = settleBet({
      stake: 10_000,
      payType: 1,
      legs: [leg('5.00', won), leg('5.00', won)],
      terms: capped,
    });
    expect(s).toMatchObject({ profit: 50_000, tax: 5000, credited: 55_000, capped: true });
  });
});

describe('re-settlement after a correction (betting-rules §2)', () => {
  const single = (result: LegResult) =>
    settleBet({ stake: 10_000, payType: 1, legs: [leg('3.00', result)], terms });
  it('given a lost bet corrected to won, when re-settled, then nothing to reverse and the new credit', () => {
    const r = resettle(single(lost), single(won));
    expect(r).toMatchObject({
      changed: true,
      next: { credited: 28_000, tax: 2000 },
      net: { credited: 28_000, tax: 2000 },
    });
    expect(r.reversal).toEqual({ payout: 0, reward: 0, tax: 0, credited: 0, creditRefund: 0 });
  });
  it('given a won bet corrected to lost, when re-settled, then the payout and its tax are reversed together', () => {
    const r = resettle(single(won), single(lost));
    expect(r.reversal).toEqual({
      payout: -30_000,
      reward: 0,
      tax: -2000,
      credited: -28_000,
      creditRefund: 0,
    });
    expect(r.net).toEqual({ payout: -30_000, reward: 0, tax: -2000, credited: -28_000, creditRefund: 0 });
  });
  it('given a won bet corrected to void, when re-settled, then full reversal and the stake back', () => {
    const r = resettle(single(won), single(voided));
    expect(r.net.credited).toBe(10_000 - 28_000);
  });
  it('given the same settlement again, when re-settled, then nothing changes', () => {
    const r = resettle(single(won), single(won));
    expect(r.changed).toBe(false);
    expect(r.net).toEqual({ payout: 0, reward: 0, tax: 0, credited: 0, creditRefund: 0 });
  });
});
