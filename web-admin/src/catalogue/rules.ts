/**
 * Validation of the catalogue forms (spec §5 "Other": sequences only 0–100, roll-bet 1/2, bet status
 * 1/2; live delay 0–300 s; margin 0–50 percent with 2 decimals; scores whole numbers 0–99), as zod
 * schemas whose messages are i18n keys. The server checks again.
 */
import { z } from 'zod';

/** A sequence, 0–100 (spec §5). */
export const sequenceSchema = z
  .number('catalogue.rules.sequence')
  .int('catalogue.rules.sequence')
  .min(0, 'catalogue.rules.sequence')
  .max(100, 'catalogue.rules.sequence');

/** Optional sequence (left out = unchanged). */
export const optionalSequenceSchema = z.union([z.null(), z.undefined(), sequenceSchema]);

/** 1 allowed, 2 not allowed (roll-bet, bet status; spec §5). */
export const oneOrTwoSchema = z.union([z.literal(1), z.literal(2)], 'catalogue.rules.oneOrTwo');

/** Live delay, 0–300 seconds. */
export const delaySchema = z
  .number('catalogue.rules.delay')
  .int('catalogue.rules.delay')
  .min(0, 'catalogue.rules.delay')
  .max(300, 'catalogue.rules.delay');

/** Margin percent text 0–50 with up to 2 decimals. */
export const marginSchema = z
  .string('validation.required')
  .regex(/^\d{1,2}(\.\d{1,2})?$/, 'catalogue.rules.margin')
  .refine((text) => Number(text) <= 50, 'catalogue.rules.margin');

/** Goals, 0–99. */
export const goalsSchema = z
  .number('catalogue.rules.goals')
  .int('catalogue.rules.goals')
  .min(0, 'catalogue.rules.goals')
  .max(99, 'catalogue.rules.goals');
