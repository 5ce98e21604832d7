import { describe, expect, it } from 'vitest';
import { DEFAULT_BET_CONFIG, resolveBetConfig, type BetConfig } from '../config/bet-config.ts';
import { normaliseAmount, stepAmount } from './amount.ts';
import { toggleSelection, type Betslip, type SlipSelection } from './slip.ts';
import { validateSlip } from './validate.ts';

const config: BetConfig = {
  ...DEFAULT_BET_CONFIG,
  minimumBetAmount: 300,
  minimumBetAmountVirtual: 500,
  maxBetAmount: 900_000,
};
const sel = (matchId: string, selectionId = `${matchId}-1`, odds = '1.80'): SlipSelection => ({
  selectionId,
  matchId,
  odds,
});
const codes = (s: Betslip, c: BetConfig = config): string[] => validateSlip(s, c).map((e) => e.code);

describe('amount rules (spec §5 "Amount input")', () => {
  const balance = { payType: 1 as const, balance: 50_000, credit: 0 };
  it('given a balance payment below the minimum, when normalised, then raised to the minimum', () => {
    expect(normaliseAmount({ ...balance, amount: 100 }, config)).toBe(300);
  });
  it('given a balance payment above the balance, when normalised, then lowered to the balance', () => {
    expect(normaliseAmount({ ...balance, amount: 80_000 }, config)).toBe(50_000);
    expect(normaliseAmount({ ...balance, balance: 1_250, amount: 5_000 }, config)).toBe(1_200);
  });
  it('given an amount off the step, when normalised, then rounded down to a multiple of 100', () => {
    expect(normaliseAmount({ ...balance, amount: 1_250 }, config)).toBe(1_200);
  });
  it('given an amount above max_bet_amount, when normalised, then lowered to it', () => {
    expect(normaliseAmount({ ...balance, balance: 5_000_000, amount: 1_000_000 }, config)).toBe(900_000);
  });
  it('given a balance below the minimum, when normalised, then the balance (validation then refuses it)', () => {
    expect(normaliseAmount({ ...balance, balance: 200, amount: 1000 }, config)).toBe(200);
  });
  it('given credit payment, when normalised, then the whole credit balance, whatever was typed', () => {
    expect(normaliseAmount({ payType: 2, balance: 0, credit: 7000, amount: 100 }, config)).toBe(7000);
    expect(normaliseAmount({ payType: 2, balance: 0, credit: 750, amount: 100 }, config)).toBe(750);
    expect(normaliseAmount({ payType: 2, balance: 0, credit: 5_000_000, amount: 0 }, config)).toBe(900_000);
  });
  it("given a channel with limits of its own, when normalised, then kept within that channel's limits", () => {
    const channels: BetConfig = { ...config, minimumBetAmountMobile: 1_000, maximumBetAmountMobile: 20_000 };
    const mobile = { ...balance, channel: 'MOBILE' as const };
    expect(normaliseAmount({ ...mobile, amount: 300 }, channels)).toBe(1_000);
    expect(normaliseAmount({ ...mobile, amount: 30_000 }, channels)).toBe(20_000);
    expect(normaliseAmount({ ...mobile, payType: 2, credit: 25_000, amount: 0 }, channels)).toBe(20_000);
    expect(normaliseAmount({ ...balance, channel: 'DESKTOP', amount: 30_000 }, channels)).toBe(30_000);
  });
  it('given plus and minus, when pressed, then ±100 and never below 0', () => {
    expect(stepAmount(300, 1)).toBe(400);
    expect(stepAmount(50, -1)).toBe(0);
  });
});

describe('slip validation (spec §5, betting-rules §1)', () => {
  const ok: Betslip = { stake: 1000, payType: 1, selections: [sel('a'), sel('b')] };
  it('given a valid slip, when validated, then no errors', () => {
    expect(codes(ok)).toEqual([]);
  });
  it('given no selections, when validated, then EMPTY_SLIP', () => {
    expect(codes({ ...ok, selections: [] })).toEqual(['EMPTY_SLIP']);
  });
  it('given only unavailable selections, when validated, then NO_AVAILABLE_SELECTIONS', () => {
    expect(codes({ ...ok, selections: [{ ...sel('a'), available: false }] })).toEqual([
      'NO_AVAILABLE_SELECTIONS',
    ]);
  });
  it('given 60 selections, when validated, then fine; given 61, then TOO_MANY_SELECTIONS', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => sel(`m${i}`, `s${i}`, '1.01'));
    expect(codes({ ...ok, selections: many(60) })).toEqual([]);
    expect(codes({ ...ok, selections: many(61) })).toEqual(['TOO_MANY_SELECTIONS']);
  });
  it('given two selections of one match, when validated, then DUPLICATE_MATCH naming the second', () => {
    const errors = validateSlip({ ...ok, selections: [sel('a'), sel('a', 'a-2')] }, config);
    expect(errors).toMatchObject([{ code: 'DUPLICATE_MATCH', field: 'selections[1].matchId' }]);
  });
  it('given the same selection twice, when validated, then DUPLICATE_SELECTION', () => {
    expect(codes({ ...ok, selections: [sel('a'), sel('a')] })).toEqual(['DUPLICATE_SELECTION']);
  });
  it('given bad odds, when validated, then INVALID_ODDS naming the selection', () => {
    expect(validateSlip({ ...ok, selections: [sel('a'), sel('b', 'b', '1.00')] }, config)).toMatchObject([
      {
        code: 'INVALID_ODDS',
        field: 'selections[1].odds',
        message: 'selections[1].odds: must be a decimal >= 1.01',
      },
    ]);
  });
  it('given a stake off the step, below the minimum or above the maximum, when validated, then the matching codes', () => {
    expect(codes({ ...ok, stake: 250 })).toEqual(['STAKE_NOT_MULTIPLE_OF_STEP', 'STAKE_BELOW_MINIMUM']);
    expect(codes({ ...ok, stake: 200 })).toEqual(['STAKE_BELOW_MINIMUM']);
    expect(codes({ ...ok, stake: 900_100 })).toEqual(['STAKE_ABOVE_MAXIMUM']);
    expect(codes({ ...ok, stake: 12.5 })).toEqual(['INVALID_AMOUNT']);
  });
  it('given a credit payment, when validated, then the virtual minimum applies and the step does not', () => {
    expect(codes({ ...ok, payType: 2, stake: 400 })).toEqual(['STAKE_BELOW_MINIMUM']);
    expect(codes({ ...ok, payType: 2, stake: 750 })).toEqual([]);
  });
  it("given a slip's channel, when validated, then the stricter of the general and the channel's limits, named in details", () => {
    const channels: BetConfig = {
      ...config,
      minimumBetAmountMobile: 1_000,
      maximumBetAmountMobile: 20_000,
      maximumBetAmountDesktop: 2_000_000,
    };
    const mobile: Betslip = { ...ok, channel: 'MOBILE' };
    expect(codes({ ...mobile, stake: 900 }, channels)).toEqual(['STAKE_BELOW_MINIMUM']);
    expect(codes({ ...mobile, stake: 1_000 }, channels)).toEqual([]);
    expect(codes({ ...mobile, stake: 20_000 }, channels)).toEqual([]);
    expect(validateSlip({ ...mobile, stake: 20_100 }, channels)).toMatchObject([
      {
        code: 'STAKE_ABOVE_MAXIMUM',
        message: 'stake: must be at most 20000',
        details: { stake: 20_100, maximum: 20_000, channel: 'MOBILE' },
      },
    ]);
    // The credit minimum (500) is below the mobile one: the mobile one holds.
    expect(codes({ ...mobile, payType: 2, stake: 750 }, channels)).toEqual(['STAKE_BELOW_MINIMUM']);
    // A desktop maximum above max_bet_amount does not lift it; no channel = the general limits.
    expect(codes({ ...ok, channel: 'DESKTOP', stake: 900_100 }, channels)).toEqual(['STAKE_ABOVE_MAXIMUM']);
    expect(codes({ ...ok, stake: 900 }, channels)).toEqual([]);
  });
  it('given an unknown pay type, when validated, then INVALID_PAY_TYPE', () => {
    expect(codes({ ...ok, payType: 3 as 1 })).toEqual(['INVALID_PAY_TYPE']);
  });
  it('given the defaults, when a 100 stake is validated, then it is accepted', () => {
    expect(codes({ ...ok, stake: 100 }, resolveBetConfig(undefined))).toEqual([]);
  });
});

describe('selections on the slip (spec §4 "Betslip")', () => {
  it('given a selection of a match already on the slip, when tapped, then it replaces the old one in place', () => {
    const slip = toggleSelection(toggleSelection([sel('a'), sel('b')], sel('a', 'a-draw')), sel('c'));
    expect(slip.map((s) => s.selectionId)).toEqual(['a-draw', 'b-1', 'c-1']);
  });
  it('given a selection already on the slip, when tapped again, then it is removed', () => {
    expect(toggleSelection([sel('a'), sel('b')], sel('a'))).toEqual([sel('b')]);
  });
});
