/**
 * Amounts of money: integer Tanzanian shillings (architecture.md §4 "Money"; spec §9 "Currency TZS").
 * An amount is a JS `number` that is a safe integer. Fractions are refused, never rounded silently.
 */
import { domainError, DomainFailure, type DomainError } from '../errors.ts';
import { dec, floorToInteger, type Decimal } from './decimal.ts';

/** Integer TZS (a safe integer; may be negative only where a field says so, e.g. a reversal). */
export type Tzs = number;

/** A percentage as a number from 0 to 100 with at most 2 decimals (e.g. 10, 12.5). */
export type Percent = number;

/** True when `value` is a safe integer, i.e. a valid {@link Tzs} amount. */
export const isTzs = (value: unknown): value is Tzs => Number.isSafeInteger(value);

/**
 * Why `value` is not a valid amount, or `undefined` when it is one.
 * Codes: `INVALID_AMOUNT` (not a safe integer: fraction, NaN, too large, not a number),
 * `NEGATIVE_AMOUNT` (below zero when `allowNegative` is not set).
 */
export const amountError = (
  value: unknown,
  field = 'amount',
  { allowNegative = false }: { allowNegative?: boolean } = {},
): DomainError | undefined => {
  if (!isTzs(value))
    return domainError('INVALID_AMOUNT', `${field}: must be a whole number of TZS`, {
      field,
      details: { value },
    });
  if (!allowNegative && value < 0)
    return domainError('NEGATIVE_AMOUNT', `${field}: must not be negative`, { field, details: { value } });
  return undefined;
};

/**
 * Reads an amount of TZS from JSON input: an integer number or integer text ("30000", "30,000").
 * Throws {@link DomainFailure} with `INVALID_AMOUNT` / `NEGATIVE_AMOUNT` (edges only; see errors.ts).
 */
export const parseTzs = (input: unknown, field = 'amount'): Tzs => {
  const value =
    typeof input === 'string' && /^-?\d{1,3}(,\d{3})*$|^-?\d+$/.test(input.trim())
      ? Number(input.trim().replaceAll(',', ''))
      : input;
  const error = amountError(value, field);
  if (error) throw new DomainFailure(error);
  return value as Tzs;
};

/**
 * Why `value` is not a valid {@link Percent} (0–100, at most 2 decimals), or `undefined`.
 * Code: `INVALID_PERCENT`.
 */
export const percentError = (value: unknown, field = 'percent'): DomainError | undefined =>
  typeof value === 'number' &&
  Number.isFinite(value) &&
  value >= 0 &&
  value <= 100 &&
  /^\d+(\.\d{1,2})?$/.test(String(value))
    ? undefined
    : domainError('INVALID_PERCENT', `${field}: must be a percentage from 0 to 100 with at most 2 decimals`, {
        field,
        details: { value },
      });

/**
 * `percent` % of `amount`, rounded down to whole TZS (spec §5: tax and profit are rounded down).
 * `amount` may be any exact decimal (e.g. a profit before rounding); the result is integer TZS.
 */
export const percentOf = (amount: Tzs | Decimal, percent: Percent): Tzs =>
  floorToInteger(dec(amount).times(dec(percent)).div(100));

/** The smaller of an amount and an optional cap (`null` = no cap). */
export const capAt = (amount: Tzs, cap: Tzs | null): Tzs => (cap === null ? amount : Math.min(amount, cap));

/**
 * Display text of an amount (spec §9): thousands separators, 2 decimals, a trailing `.00` removed.
 * Whole TZS therefore show without decimals: `1234567` → `"1,234,567"`, `-5000` → `"-5,000"`.
 * Exact decimals (e.g. a per-line stake) show their 2 decimals rounded toward zero: `dec('12.5')` → `"12.50"`.
 */
export const formatTzs = (amount: Tzs | Decimal): string => {
  const text = dec(amount).abs().round(2, 0).toFixed(2);
  const [whole = '0', fraction = '00'] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = dec(amount).lt(0) && text !== '0.00' ? '-' : '';
  return fraction === '00' ? `${sign}${grouped}` : `${sign}${grouped}.${fraction}`;
};
