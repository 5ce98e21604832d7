import { describe, expect, it } from 'vitest';
import { isDomainFailure } from '../errors.ts';
import { dec } from './decimal.ts';
import { compareOdds, formatOdds, oddsError, parseOdds, totalOdds } from './odds.ts';
import { addRatio, applyRatio, eqRatio, mulRatio, ratio, ratioText, ratioToDecimal } from './ratio.ts';
import { amountError, capAt, formatTzs, parseTzs, percentError, percentOf } from './tzs.ts';

const failureCode = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (e) {
    return isDomainFailure(e) ? e.error.code : 'NOT_A_DOMAIN_FAILURE';
  }
  return undefined;
};

describe('amounts in TZS', () => {
  it('given a whole number, when checked, then it is an amount', () => {
    expect(amountError(30_000)).toBeUndefined();
    expect(parseTzs(30_000)).toBe(30_000);
  });
  it('given a fraction, NaN, an unsafe integer or text, when checked, then INVALID_AMOUNT names the field', () => {
    for (const bad of [0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '1e3', null])
      expect(amountError(bad, 'stake')).toMatchObject({ code: 'INVALID_AMOUNT', field: 'stake' });
  });
  it('given a negative amount, when checked, then NEGATIVE_AMOUNT unless negatives are allowed', () => {
    expect(amountError(-1)?.code).toBe('NEGATIVE_AMOUNT');
    expect(amountError(-1, 'x', { allowNegative: true })).toBeUndefined();
  });
  it('given integer text with or without separators, when parsed, then the number; otherwise a DomainFailure', () => {
    expect(parseTzs('30,000')).toBe(30_000);
    expect(parseTzs(' 1500 ')).toBe(1500);
    expect(failureCode(() => parseTzs('12.5'))).toBe('INVALID_AMOUNT');
    expect(failureCode(() => parseTzs('1,00'))).toBe('INVALID_AMOUNT');
  });
  it('given a percent of an amount, when computed, then it is rounded down to whole TZS', () => {
    expect(percentOf(20_000, 10)).toBe(2000);
    expect(percentOf(999, 10)).toBe(99);
    expect(percentOf(dec('1000.99'), 12.5)).toBe(125);
    expect(percentOf(3, 33.33)).toBe(0);
  });
  it('given binary-float traps, when a percent is taken, then the exact decimal result is used', () => {
    // In binary floating point 29 * 0.1 and 100 * 0.011 are not what they seem; here 2.9 → 2 and 1.1 → 1.
    expect(percentOf(29, 10)).toBe(2);
    expect(percentOf(100, 1.1)).toBe(1);
  });
  it('given percentages, when checked, then 0–100 with at most 2 decimals pass', () => {
    expect(percentError(12.5)).toBeUndefined();
    expect(percentError(100)).toBeUndefined();
    expect(percentError(101)?.code).toBe('INVALID_PERCENT');
    expect(percentError(1.234)?.code).toBe('INVALID_PERCENT');
    expect(percentError(-1)?.code).toBe('INVALID_PERCENT');
  });
  it('given a cap, when applied, then the smaller amount; null means no cap', () => {
    expect(capAt(500, 300)).toBe(300);
    expect(capAt(500, null)).toBe(500);
  });
});

describe('money display (spec §9)', () => {
  it('given whole TZS, when formatted, then thousands separators and no .00', () => {
    expect(formatTzs(0)).toBe('0');
    expect(formatTzs(999)).toBe('999');
    expect(formatTzs(1000)).toBe('1,000');
    expect(formatTzs(1_234_567)).toBe('1,234,567');
    expect(formatTzs(-5000)).toBe('-5,000');
  });
  it('given an exact decimal, when formatted, then 2 decimals rounded toward zero', () => {
    expect(formatTzs(dec('12.5'))).toBe('12.50');
    expect(formatTzs(dec('1234.567'))).toBe('1,234.56');
    expect(formatTzs(dec('7.001'))).toBe('7');
  });
});

describe('odds', () => {
  it('given decimal text or a number, when parsed, then the exact decimal', () => {
    expect(parseOdds('1.95').toFixed()).toBe('1.95');
    expect(parseOdds(1.95).toFixed()).toBe('1.95');
    expect(formatOdds(parseOdds('2.500'))).toBe('2.5');
  });
  it('given odds below 1.01 or not a decimal, when checked, then INVALID_ODDS with the field', () => {
    expect(oddsError('1.00', 'legs[1].odds')).toMatchObject({
      code: 'INVALID_ODDS',
      field: 'legs[1].odds',
      message: 'legs[1].odds: must be a decimal >= 1.01',
    });
    for (const bad of ['1', '-2', 'abc', '1e2', '', 1, null])
      expect(oddsError(bad)?.code).toBe('INVALID_ODDS');
    expect(failureCode(() => parseOdds('0.5'))).toBe('INVALID_ODDS');
  });
  it('given several odds, when totalled, then the product truncated (not rounded) to 2 decimals', () => {
    expect(totalOdds(['1.95', '1.95'])).toBe('3.80'); // 3.8025
    expect(totalOdds(['1.99', '1.99', '1.99'])).toBe('7.88'); // 7.880599
    expect(totalOdds(['3.00'])).toBe('3.00');
    expect(totalOdds([])).toBe('1.00');
  });
  it('given two odds, when compared, then exactly', () => {
    expect(compareOdds('1.10', '1.1')).toBe(0);
    expect(compareOdds('1.01', '1.1')).toBeLessThan(0);
  });
});

describe('ratios', () => {
  it('given (odds + 1) / 2, when applied to a stake, then exact and rounded down', () => {
    const halfWon = ratio(dec('2.95'), 2);
    expect(ratioText(halfWon)).toBe('2.95/2');
    expect(applyRatio(10_000, halfWon)).toBe(14_750);
    expect(applyRatio(333, ratio(1, 3))).toBe(111);
    expect(applyRatio(100, ratio(1, 3))).toBe(33);
  });
  it('given a third, when multiplied by three, then exactly one', () => {
    const third = ratio(1, 3);
    expect(eqRatio(mulRatio(third, ratio(3)), ratio(1))).toBe(true);
    expect(eqRatio(addRatio(third, addRatio(third, third)), ratio(1))).toBe(true);
    expect(ratioToDecimal(ratio(2, 3)).toFixed(2)).toBe('0.66');
  });
});
