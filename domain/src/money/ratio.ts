/**
 * Exact fractions of decimals, for settlement factors such as (odds + 1) / 2 or odds / n (dead heat):
 * dividing early would lose exactness, so numerator and denominator are kept apart until the final
 * amount is rounded down to whole TZS (betting-rules §2 "Leg factor in a multiple").
 */
import { dec, floorToInteger, truncate, type Decimal } from './decimal.ts';
import type { Tzs } from './tzs.ts';

/** `num / den` with `den` > 0. */
export interface Ratio {
  readonly num: Decimal;
  readonly den: Decimal;
}

/** A ratio from a decimal (or decimal text) and an optional positive denominator. */
export const ratio = (num: Decimal | string | number, den: Decimal | string | number = 1): Ratio => ({
  num: dec(num),
  den: dec(den),
});

/** The factor 1 (a void leg; the empty product). */
export const RATIO_ONE: Ratio = ratio(1);
/** The factor 0 (a lost leg). */
export const RATIO_ZERO: Ratio = ratio(0);

/** Exact product `a × b`. */
export const mulRatio = (a: Ratio, b: Ratio): Ratio => ({ num: a.num.times(b.num), den: a.den.times(b.den) });

/** Exact sum `a + b`. */
export const addRatio = (a: Ratio, b: Ratio): Ratio => ({
  num: a.num.times(b.den).plus(b.num.times(a.den)),
  den: a.den.times(b.den),
});

/** True when `a` and `b` are the same number (cross-multiplied, exact). */
export const eqRatio = (a: Ratio, b: Ratio): boolean => a.num.times(b.den).eq(b.num.times(a.den));

/** `stake × r`, rounded down to whole TZS. */
export const applyRatio = (stake: Tzs, r: Ratio): Tzs => {
  const gross = dec(stake).times(r.num);
  return floorToInteger(r.den.eq(1) ? gross : gross.div(r.den));
};

/** The ratio as a decimal truncated to `dp` places (default 2, as total odds are shown); `.toFixed(2)` to show it. */
export const ratioToDecimal = (r: Ratio, dp = 2): Decimal =>
  truncate(r.den.eq(1) ? r.num : r.num.div(r.den), dp);

/** Text of a ratio: `"3"`, `"1/2"`, `"2.95/2"`. */
export const ratioText = (r: Ratio): string =>
  r.den.eq(1) ? r.num.toFixed() : `${r.num.toFixed()}/${r.den.toFixed()}`;
