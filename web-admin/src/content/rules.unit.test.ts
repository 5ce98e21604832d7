import { describe, expect, it } from 'vitest';
import { documentTypeSchema, pageTypeSchema, releaseTimeValid, slugSchema } from './rules.ts';

describe('content form rules', () => {
  const now = new Date('2026-11-22T07:00:00Z');
  it('takes release times from 2000 to a year ahead only', () => {
    expect(releaseTimeValid('2026-11-22T10:00:00.000Z', now)).toBe(true);
    expect(releaseTimeValid('2000-01-01T00:00:00.000Z', now)).toBe(true);
    expect(releaseTimeValid('1999-12-31T23:59:59.000Z', now)).toBe(false);
    expect(releaseTimeValid('2027-11-21T07:00:00.000Z', now)).toBe(true);
    expect(releaseTimeValid('2027-11-23T07:00:00.000Z', now)).toBe(false);
    expect(releaseTimeValid('not a time', now)).toBe(false);
  });
  it('checks slugs and type numbers', () => {
    expect(slugSchema.safeParse('privacy-policy').success).toBe(true);
    expect(slugSchema.safeParse('Privacy').success).toBe(false);
    expect(slugSchema.safeParse('a').success).toBe(false);
    expect(documentTypeSchema.safeParse(14).success).toBe(true);
    expect(documentTypeSchema.safeParse(100).success).toBe(false);
    expect(pageTypeSchema.safeParse(null).success).toBe(true);
    expect(pageTypeSchema.safeParse(0).success).toBe(false);
  });
});
