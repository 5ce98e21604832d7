/**
 * Validation of the content forms (docs/content.md; spec §5 "release time must be valid", §8 "release
 * time wrong"), as functions and zod schemas whose messages are i18n keys (components/forms.ts
 * `zodRule`). The server checks again and answers RELEASE_TIME_INVALID, BAD_SLUG, DOCUMENT_EMPTY.
 */
import { z } from 'zod';

/** The site languages an article, document or page is written in (spec §9). */
export const CONTENT_LANGUAGES = ['sw', 'en-US', 'zh-CN'] as const;

/** The earliest release time the server takes: 2000-01-01T00:00Z. */
const EARLIEST = Date.parse('2000-01-01T00:00:00Z');
/** The latest: 365 days ahead (the server allows 366, so what passes here passes there). */
const HORIZON_MS = 365 * 24 * 3600 * 1000;

/** Whether `iso` is a release time the server takes: a valid instant from 2000-01-01 to a year after `now`. */
export const releaseTimeValid = (iso: string, now: Date = new Date()): boolean => {
  const at = Date.parse(iso);
  return !Number.isNaN(at) && at >= EARLIEST && at <= now.getTime() + HORIZON_MS;
};

/** A rich-text page slug: lower-case letters, digits and hyphens, 2–40 characters. */
export const slugSchema = z
  .string('validation.required')
  .regex(/^[a-z0-9-]{2,40}$/, 'contentAdmin.rules.slug');

/** A document type 1–99 (14 = rules). */
export const documentTypeSchema = z
  .number('contentAdmin.rules.documentType')
  .int('contentAdmin.rules.documentType')
  .min(1, 'contentAdmin.rules.documentType')
  .max(99, 'contentAdmin.rules.documentType');

/** A rich-text page's spec type number 1–999, or none. */
export const pageTypeSchema = z.union([
  z.null(),
  z.undefined(),
  z
    .number('contentAdmin.rules.pageType')
    .int('contentAdmin.rules.pageType')
    .min(1, 'contentAdmin.rules.pageType')
    .max(999, 'contentAdmin.rules.pageType'),
]);
