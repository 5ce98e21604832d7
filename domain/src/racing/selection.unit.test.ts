import { describe, expect, it } from 'vitest';
import { DEFAULT_RACING_CONFIG } from './rules.ts';
import {
  countCombinations,
  forEachTicket,
  racingStake,
  selectionError,
  ticketsOf,
  type RacingSelection,
} from './selection.ts';

const codeOf = (selection: RacingSelection) => selectionError(selection)?.code;
const stakeCode = (selection: RacingSelection, single: number) => {
  const r = racingStake(selection, single, DEFAULT_RACING_CONFIG);
  return r.ok ? r.stake : r.error.code;
};

describe('racing picks: tickets', () => {
  it('champion: one ticket per car picked', () => {
    expect(ticketsOf({ betType: 1, positions: [[1, 4, 9]] })).toBe(3);
  });
  it('champion and runner-up: combinations without a car twice (3 × 3 − 2 shared = 7)', () => {
    expect(
      ticketsOf({
        betType: 2,
        positions: [
          [1, 2, 3],
          [2, 3, 4],
        ],
      }),
    ).toBe(7);
  });
  it('top three: 10 × 9 × 8 = 720 with every car everywhere', () => {
    const all = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(ticketsOf({ betType: 3, positions: [all, all, all] })).toBe(720);
  });
  it('Luck Racing: one car per position is one ticket; all cars everywhere is 10!', () => {
    const all = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(ticketsOf({ betType: 6, positions: all.map((c) => [c]) })).toBe(1);
    expect(countCombinations(all.map(() => all))).toBe(3_628_800);
    expect(ticketsOf({ betType: 6, positions: [[1, 2], [1, 2], ...all.slice(2).map((c) => [c])] })).toBe(2);
  });
  it('odd/even and big/small: one ticket per option', () => {
    expect(ticketsOf({ betType: 4, options: ['odd', 'even'] })).toBe(2);
    expect(ticketsOf({ betType: 5, options: ['big'] })).toBe(1);
  });
  it('forEachTicket visits exactly the counted combinations, none with a car twice', () => {
    const positions = [
      [1, 2, 3],
      [2, 3, 4],
      [3, 4, 5],
    ];
    const seen: string[] = [];
    forEachTicket(positions, (t) => {
      expect(new Set(t).size).toBe(3);
      seen.push(t.join('-'));
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(countCombinations(positions));
  });
});

describe('racing picks: bad input (issue 19 "Bad input", spec §5)', () => {
  it('nothing picked: RACING_NO_PICK with the spec message', () => {
    expect(selectionError({ betType: 1, positions: [[]] })).toMatchObject({
      code: 'RACING_NO_PICK',
      message: 'Please choose one option',
    });
    expect(codeOf({ betType: 4, options: [] })).toBe('RACING_NO_PICK');
  });
  it('a car outside 1–10, or not a whole number: RACING_CAR_OUT_OF_RANGE naming the field', () => {
    expect(selectionError({ betType: 2, positions: [[1], [11]] })).toMatchObject({
      code: 'RACING_CAR_OUT_OF_RANGE',
      field: 'positions[1][0]',
    });
    expect(codeOf({ betType: 1, positions: [[0]] })).toBe('RACING_CAR_OUT_OF_RANGE');
    expect(codeOf({ betType: 1, positions: [[2.5]] })).toBe('RACING_CAR_OUT_OF_RANGE');
  });
  it('a car twice in one position: RACING_DUPLICATE_CAR', () => {
    expect(selectionError({ betType: 1, positions: [[3, 3]] })).toMatchObject({
      code: 'RACING_DUPLICATE_CAR',
      field: 'positions[0][1]',
    });
  });
  it('the same single car for two positions: no valid combination', () => {
    expect(codeOf({ betType: 2, positions: [[5], [5]] })).toBe('RACING_NO_COMBINATION');
  });
  it('wrong number of positions, unknown bet type, bad or repeated option', () => {
    expect(codeOf({ betType: 3, positions: [[1], [2]] })).toBe('RACING_WRONG_POSITIONS');
    expect(codeOf({ betType: 7 as 1, positions: [[1]] })).toBe('RACING_UNKNOWN_BET_TYPE');
    expect(codeOf({ betType: 4, options: ['big' as 'odd'] })).toBe('RACING_INVALID_OPTION');
    expect(codeOf({ betType: 5, options: ['big', 'big'] })).toBe('RACING_DUPLICATE_OPTION');
  });
});

describe('racing amount (spec §5 "Amount input", §9 defaults)', () => {
  it('amount = tickets × single amount', () => {
    expect(
      stakeCode(
        {
          betType: 2,
          positions: [
            [1, 2, 3],
            [2, 3, 4],
          ],
        },
        200,
      ),
    ).toEqual({ singleAmount: 200, tickets: 7, amount: 1_400 });
  });
  it('a single amount below 100 or off the 100 step is refused', () => {
    expect(stakeCode({ betType: 1, positions: [[1]] }, 50)).toBe('RACING_AMOUNT_STEP');
    expect(stakeCode({ betType: 1, positions: [[1]] }, 150)).toBe('RACING_AMOUNT_STEP');
    const r = racingStake({ betType: 1, positions: [[1]] }, 100, {
      ...DEFAULT_RACING_CONFIG,
      minimumBetAmount: 200,
    });
    expect(!r.ok && r.error).toMatchObject({
      code: 'RACING_AMOUNT_OUT_OF_RANGE',
      message: 'Enter an amount between 200 and 3000000',
    });
  });
  it('an amount payable above max_bet_amount is refused', () => {
    expect(stakeCode({ betType: 1, positions: [[1, 2]] }, 1_500_000)).toEqual({
      singleAmount: 1_500_000,
      tickets: 2,
      amount: 3_000_000,
    });
    expect(stakeCode({ betType: 1, positions: [[1, 2, 3]] }, 1_500_000)).toBe('RACING_AMOUNT_OUT_OF_RANGE');
  });
  it('Luck Racing costs jackpot_bet_amount (300) per ticket, whatever the minimum', () => {
    const one = { betType: 6 as const, positions: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((c) => [c]) };
    expect(stakeCode(one, 300)).toEqual({ singleAmount: 300, tickets: 1, amount: 300 });
    expect(stakeCode(one, 100)).toBe('RACING_FIXED_STAKE');
    const r = racingStake(one, 300, { ...DEFAULT_RACING_CONFIG, minimumBetAmount: 1_000 });
    expect(r.ok).toBe(true);
  });
  it('the picks are checked before the amount', () => {
    expect(stakeCode({ betType: 1, positions: [[11]] }, 50)).toBe('RACING_CAR_OUT_OF_RANGE');
  });
});
