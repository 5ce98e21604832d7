/**
 * The one decimal type of the domain (architecture.md §4 "Money": no binary floating point).
 *
 * A private big.js constructor so that its settings never leak to, or are changed by, other users of
 * big.js in the same process. Divisions keep 40 decimal places and always round toward zero: every
 * division in the domain is followed by a rounding down to whole TZS or to 2 dp of odds, and truncating
 * first can never move a value across that later floor.
 */
import Big from 'big.js';

/** An exact decimal number (big.js). */
export type Decimal = Big;

/** Constructor of {@link Decimal}s: `dec('1.95')`, `dec(300)`. Numbers are read through their shortest text. */
export const Dec = Big();
Dec.DP = 40;
Dec.RM = Big.roundDown;
Dec.NE = -50;
Dec.PE = 50;

/** Makes a {@link Decimal}. Throws (big.js `Invalid number`) on text that is not a decimal. */
export const dec = (value: string | number | Big): Decimal => new Dec(value);

/** Plain decimal text without exponent, e.g. `1.95`, `300`. */
export const decimalText = (value: Decimal): string => value.toFixed();

/** Rounds toward zero to `dp` decimal places; the result keeps no trailing zeros. */
export const truncate = (value: Decimal, dp: number): Decimal => value.round(dp, Big.roundDown);

/** Rounds down (toward −∞) to an integer and returns it as a safe JS integer. */
export const floorToInteger = (value: Decimal): number => {
  const towardZero = value.round(0, Big.roundDown);
  // Below zero, rounding toward zero went up: step back one.
  const floored = towardZero.gt(value) ? towardZero.minus(1) : towardZero;
  return Number(floored.toFixed(0));
};
