/**
 * Validation of the random betting setup (spec §3 "Random betting setup", §5 stakes step 100) and of an
 * admin bet, as zod schemas whose messages are i18n keys. The server checks again.
 */
import { z } from 'zod';

/** Bets per run, 1–1000. */
export const orderCountSchema = z
  .number('orders.rules.orderCount')
  .int('orders.rules.orderCount')
  .min(1, 'orders.rules.orderCount')
  .max(1000, 'orders.rules.orderCount');

/** A stake bound: whole TZS above zero, a multiple of 100. */
export const stakeStepSchema = z
  .number('validation.wholeTzs')
  .int('validation.wholeTzs')
  .positive('validation.positive')
  .refine((n) => n % 100 === 0, 'orders.rules.step100');

/** Days ahead a match may start, 0–30. */
export const startRangeSchema = z
  .number('orders.rules.days')
  .int('orders.rules.days')
  .min(0, 'orders.rules.days')
  .max(30, 'orders.rules.days');

/** Minimum odds as decimal text with 2 decimals ("0.00" = any). */
export const minOddsSchema = z.string('validation.required').regex(/^\d{1,4}\.\d{2}$/, 'orders.rules.odds');

/** User ids, one per line or separated by commas/spaces; at least one. */
export const userIdsOf = (text: string): string[] =>
  [...new Set(text.split(/[\s,;]+/).map((part) => part.trim()))].filter(Boolean);
