import { describe, expect, it } from 'vitest';
import { lastClosedWeek } from './salary.ts';

describe('lastClosedWeek (EAT weeks, Monday to Monday)', () => {
  it('is the week before the current one', () => {
    // Friday 2026-11-27 09:00 EAT: the current week began Monday 2026-11-23.
    expect(lastClosedWeek(Date.parse('2026-11-27T06:00:00Z'))).toBe('2026-11-16');
  });
  it('turns at Monday 00:00 EAT (Sunday 21:00 UTC)', () => {
    expect(lastClosedWeek(Date.parse('2026-11-29T20:59:59Z'))).toBe('2026-11-16');
    expect(lastClosedWeek(Date.parse('2026-11-29T21:00:00Z'))).toBe('2026-11-23');
  });
});
