/**
 * Racing coin exchange and the racing screens' device-clock check (spec §1 "racing coin", §5 "Racing:
 * a conversion amount is required… the device clock must be GMT+3", §8 "Device time is not GMT+3:
 * calibrate and refresh. Conversion failed.", §9 conversion tax; issue 19). The money itself moves in
 * the wallet (ConvertToRacingCoin, bill 15; ConvertToBalance, bill 16): this is the quote shown before
 * confirming, computed by the same tax rule (wallet `percentTax`), so the two never disagree.
 */
import { domainError, type DomainError } from '../errors.ts';
import type { Tzs } from '../money/tzs.ts';
import { percentTax } from '../wallet/lines.ts';

/** `toRacingCoin`: balance → coin 1:1, untaxed. `toBalance`: coin → balance, taxed at `convert_tax_rate`. */
export type ExchangeDirection = 'toRacingCoin' | 'toBalance';

/** What an exchange moves, TZS (1 racing coin = 1 TZS). */
export interface ExchangeQuote {
  readonly direction: ExchangeDirection;
  /** Taken from the source pocket. */
  readonly amount: Tzs;
  /** Conversion tax rate, percent text ("0" toward racing coin). */
  readonly taxRate: string;
  /** floor(amount × taxRate / 100). */
  readonly tax: Tzs;
  /** amount − tax: put in the target pocket. */
  readonly credited: Tzs;
}

/**
 * The quote of an exchange of `amount` with `available` in the source pocket, or why it cannot happen:
 * `CONVERSION_AMOUNT_REQUIRED` (not a positive whole amount: "a conversion amount is required"),
 * `CONVERSION_FAILED` (more than the pocket holds; details available, requested), `INVALID_TAX_RATE`.
 */
export const exchangeQuote = (
  direction: ExchangeDirection,
  amount: Tzs,
  available: Tzs,
  convertTaxRate: string,
): { ok: true; quote: ExchangeQuote } | { ok: false; error: DomainError } => {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    return {
      ok: false,
      error: domainError('CONVERSION_AMOUNT_REQUIRED', 'Enter the amount to convert', { field: 'amount' }),
    };
  if (amount > available)
    return {
      ok: false,
      error: domainError('CONVERSION_FAILED', 'Conversion failed', {
        field: 'amount',
        details: { available, requested: amount },
      }),
    };
  const taxRate = direction === 'toBalance' ? convertTaxRate : '0';
  const taxed = percentTax(amount, taxRate);
  if ('error' in taxed) return { ok: false, error: taxed.error };
  return { ok: true, quote: { direction, amount, taxRate, tax: taxed.tax, credited: amount - taxed.tax } };
};

/** East Africa Time's offset from UTC in minutes (spec §5: GMT+3). */
export const EAT_OFFSET_MINUTES = 180;

/**
 * The device-clock check of the racing screens (spec §5, §8), or `undefined` when the device is fine:
 * `RACING_DEVICE_CLOCK` ("Device time is not GMT+3: calibrate and refresh") when the device's UTC offset
 * is not +180 minutes (note: JS `getTimezoneOffset()` gives −180 for GMT+3) or its clock differs from the
 * server's by more than `maxSkewMs`. Instants in epoch milliseconds.
 */
export const deviceClockError = (input: {
  readonly deviceUtcOffsetMinutes: number;
  readonly deviceNowMs: number;
  readonly serverNowMs: number;
  readonly maxSkewMs: number;
}): DomainError | undefined => {
  const skewMs = input.deviceNowMs - input.serverNowMs;
  return input.deviceUtcOffsetMinutes === EAT_OFFSET_MINUTES && Math.abs(skewMs) <= input.maxSkewMs
    ? undefined
    : domainError('RACING_DEVICE_CLOCK', 'Device time is not GMT+3: calibrate and refresh', {
        details: { deviceUtcOffsetMinutes: input.deviceUtcOffsetMinutes, skewMs, maxSkewMs: input.maxSkewMs },
      });
};
