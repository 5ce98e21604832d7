/**
 * Validation of the configuration forms (spec §3 "Bet config", §5 "Other": stakes step 100, odds with 2
 * decimals, tax percent with 2 decimals; string-reward tiers 2–60 selections, 0–1000 percent; §9 rolling-bet
 * delays 0–30 whole seconds, order warning amount whole TZS ≥ 1 or empty), as zod
 * schemas whose messages are i18n keys (components/forms.ts `zodRule`). The server checks again.
 */
import { z } from 'zod';

/** A whole TZS stake, a multiple of 100 (spec §5 step 100), above zero. */
export const stakeSchema = z
  .number('validation.wholeTzs')
  .int('validation.wholeTzs')
  .positive('validation.positive')
  .refine((n) => n % 100 === 0, 'config.rules.step100');

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
