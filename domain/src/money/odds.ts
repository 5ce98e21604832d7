/**
 * Decimal odds (architecture.md §4: odds are exact decimals). In events and JSON odds travel as decimal
 * text such as `"1.95"`; arithmetic happens on {@link Decimal}s, never on binary floating point.
 */
import { domainError, DomainFailure, type DomainError } from '../errors.ts';
import { dec, decimalText, truncate, type Decimal } from './decimal.ts';

/** Decimal odds as text, e.g. `"1.95"` (the form stored in events and JSON). */
export type OddsText = string;

/** Lowest odds a selection may carry (betting-rules §4: prices are floored at 1.01). */
export const MIN_ODDS: OddsText = '1.01';

const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

/**
 * Why `input` is not acceptable odds, or `undefined`. Accepts decimal text or a JS number (read through
 * its shortest text, so `1.95` means exactly 1.95). Code `INVALID_ODDS`, message
 * `must be a decimal >= 1.01` (or the given `min`).
 */
export const oddsError = (
  input: unknown,
  field = 'odds',
  min: OddsText = MIN_ODDS,
): DomainError | undefined => {
  const text = typeof input === 'number' && Number.isFinite(input) ? String(input) : input;
  if (typeof text === 'string' && DECIMAL_TEXT.test(text) && dec(text).gte(dec(min))) return undefined;
  return domainError('INVALID_ODDS', `${field}: must be a decimal >= ${min}`, {
    field,
    details: { value: input },
  });
};

/**
 * Reads odds from text or a number into an exact {@link Decimal}. Throws {@link DomainFailure}
 * (`INVALID_ODDS`) when they are not a decimal >= `min` (default 1.01).
 */
export const parseOdds = (input: unknown, field = 'odds', min: OddsText = MIN_ODDS): Decimal => {
  const error = oddsError(input, field, min);
  if (error) throw new DomainFailure(error);
  return dec(typeof input === 'number' ? String(input) : (input as string));
};

/** Canonical odds text of a decimal: no exponent, no trailing zeros (`dec('1.950')` → `"1.95"`). */
export const formatOdds = (odds: Decimal): OddsText => decimalText(odds);

/**
 * Product of the odds, truncated to 2 decimals (spec §5 "Total odds"). The empty product is 1.
 * Returns text with exactly 2 decimals, such as `"5.85"`, `"3.00"`.
 */
export const totalOdds = (odds: readonly (OddsText | Decimal)[]): OddsText =>
  truncate(
    odds.reduce<Decimal>((product, o) => product.times(dec(o)), dec(1)),
    2,
  ).toFixed(2);

/** Compares two odds exactly: negative, zero or positive as `a` is below, equal to or above `b`. */
export const compareOdds = (a: OddsText | Decimal, b: OddsText | Decimal): number => dec(a).cmp(dec(b));
