/**
 * Validation of the configuration forms (spec §3 "Bet config", §5 "Other": stakes step 100, odds with 2
 * decimals, tax percent with 2 decimals; string-reward tiers 2–60 selections, 0–1000 percent; §9 rolling-bet
 * delays 0–30 whole seconds, order warning amount whole TZS ≥ 1 or empty, stake limits per channel
 * stakes or empty with each channel left a stake to bet), as zod schemas and checks whose messages are
 * i18n keys (components/forms.ts `zodRule`). The server checks again.
 */
import { z } from 'zod';

/** A whole TZS stake, a multiple of 100 (spec §5 step 100), above zero. */
export const stakeSchema = z
  .number('validation.wholeTzs')
  .int('validation.wholeTzs')
  .positive('validation.positive')
  .refine((n) => n % 100 === 0, 'config.rules.step100');

/**
 * An optional stake limit of one channel (spec §9 "min and max bet for mobile and desktop"; empty = the
 * channel has none of its own): a stake, whole TZS, a multiple of 100, above zero, as the server checks.
 */
export const channelStakeSchema = z.union([z.null(), z.undefined(), stakeSchema]);

/** A number typed into a form, or null while empty. */
const typed = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/**
 * Why a channel's minimum stake cannot be saved, as an i18n key, or null (the server's rule, api
 * content/bet-config.ts): it must not be above the channel's maximum nor the maximum stake, so that the
 * channel keeps a stake to bet (TZS).
 */
export const channelMinimumProblem = (
  minimum: unknown,
  channelMaximum: unknown,
  maxBetAmount: unknown,
): string | null => {
  const min = typed(minimum);
  if (min === null) return null;
  const ceilings = [typed(channelMaximum), typed(maxBetAmount)].filter((n): n is number => n !== null);
  return ceilings.some((ceiling) => min > ceiling) ? 'config.rules.channelMinAboveMax' : null;
};

/**
 * Why a channel's maximum stake cannot be saved, as an i18n key, or null (the server's rule): it must
 * not be below the minimum stakes of balance and credit-money payment (TZS).
 */
export const channelMaximumProblem = (
  maximum: unknown,
  payTypeMinimums: readonly unknown[],
): string | null => {
  const max = typed(maximum);
  if (max === null) return null;
  return payTypeMinimums.some((minimum) => {
    const floor = typed(minimum);
    return floor !== null && max < floor;
  })
    ? 'config.rules.maxBelowMin'
    : null;
};

/** An optional profit cap (empty = no cap), whole TZS above zero. */
export const capSchema = z.union([
  z.null(),
  z.undefined(),
  z.number('validation.wholeTzs').int('validation.wholeTzs').positive('validation.positive'),
]);

/**
 * An optional order warning amount (spec §9; empty = no warning): whole TZS of at least 1. Stakes at or
 * above it are flagged as large bets on the orders screen.
 */
export const warningAmountSchema = z.union([
  z.null(),
  z.undefined(),
  z.number('validation.wholeTzs').int('validation.wholeTzs').min(1, 'validation.positive'),
]);

/** Decimal odds text with up to 2 decimals, at least 1.00. */
export const oddsSchema = z
  .string('validation.required')
  .regex(/^\d{1,4}(\.\d{1,2})?$/, 'config.rules.odds')
  .refine((text) => Number(text) >= 1, 'config.rules.odds');

/** Tax percent 0–100 with at most 2 decimals. */
export const taxSchema = z
  .number('config.rules.percent')
  .min(0, 'config.rules.percent')
  .max(100, 'config.rules.percent')
  .refine((n) => Math.round(n * 100) === n * 100, 'config.rules.percent');

/** A rolling-bet (live bet) delay, whole seconds 0–30 (spec §9 "rolling-bet delay on mobile and desktop"). */
export const liveDelaySchema = z
  .number('config.rules.liveDelay')
  .int('config.rules.liveDelay')
  .min(0, 'config.rules.liveDelay')
  .max(30, 'config.rules.liveDelay');

/** A string-reward tier's selection count, 2–60. */
export const tierStringsSchema = z
  .number('config.rules.strings')
  .int('config.rules.strings')
  .min(2, 'config.rules.strings')
  .max(60, 'config.rules.strings');

/** A string-reward tier's percent of profit, 0–1000. */
export const tierPercentSchema = z
  .number('config.rules.tierPercent')
  .min(0, 'config.rules.tierPercent')
  .max(1000, 'config.rules.tierPercent');

/** A customer-service number: '+' and 6–15 digits, spaces allowed. */
export const servicePhoneSchema = z
  .string('validation.required')
  .refine((text) => /^\+\d{6,15}$/.test(text.replace(/\s/g, '')), 'config.rules.phone');

/** A phone area code: '+' and 1–4 digits. */
export const areaCodeSchema = z.string('validation.required').regex(/^\+\d{1,4}$/, 'config.rules.areaCode');

/** An https link. */
export const httpsSchema = z.string('validation.required').regex(/^https:\/\/\S+$/, 'config.rules.https');

/** Tiers must not repeat a selection count. */
export const distinctStrings = (tiers: readonly { strings: number }[]): boolean =>
  new Set(tiers.map((tier) => tier.strings)).size === tiers.length;
