import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  eatBucket,
  eatDate,
  eatDayStart,
  eatDayStartOf,
  eatText,
  eatTime,
  eatTimestamp,
  eatWallClock,
  isDate,
} from './eat.ts';

describe('East Africa Time (spec §9)', () => {
  it('is UTC+3: 21:00 UTC is the next EAT day', () => {
    expect(eatDate(Date.parse('2026-11-21T20:59:59Z'))).toBe('2026-11-21');
    expect(eatDate('2026-11-21T21:00:00Z')).toBe('2026-11-22');
    expect(eatBucket('2026-11-21T21:30:00Z')).toEqual({ day: '2026-11-22', hour: 0 });
    expect(eatTime(Date.parse('2026-11-21T15:30:05Z'))).toBe('18:30:05');
    expect(eatText('2026-11-21T15:30:05Z')).toBe('2026-11-21 18:30');
    expect(eatTimestamp(Date.parse('2026-11-21T15:30:00Z'))).toBe('2026-11-21T18:30:00+03:00');
  });

  it('eatBucket, looked up once per UTC hour, answers the EAT date and hour of every instant in any order', () => {
    const base = Date.parse('2026-11-21T00:00:00Z');
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -3 * 86_400_000, max: 3 * 86_400_000 }), { maxLength: 40 }),
        (offsets) => {
          // Instants close together (the same hour again and again) and far apart, hour edges included.
          for (const at of offsets.flatMap((o) => [base + o, base + o, base + o - (o % 3_600_000)])) {
            const eat = new Date(at + 3 * 3_600_000);
            expect(eatBucket(at)).toEqual({ day: eat.toISOString().slice(0, 10), hour: eat.getUTCHours() });
          }
        },
      ),
    );
  });

  it('reads dates and wall clocks as EAT', () => {
    expect(new Date(eatDayStart('2026-11-22')).toISOString()).toBe('2026-11-21T21:00:00.000Z');
    expect(new Date(eatWallClock('2026-11-22T10:00:00')).toISOString()).toBe('2026-11-22T07:00:00.000Z');
    expect(new Date(eatWallClock('2026-11-22T10:00')).toISOString()).toBe('2026-11-22T07:00:00.000Z');
    expect(eatDayStartOf(Date.parse('2025-01-15T12:00:00Z'))).toBe(Date.parse('2025-01-14T21:00:00Z'));
  });

  it('does calendar arithmetic on dates', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-11-01', '2026-11-30')).toBe(30);
    expect(daysBetween('2026-11-30', '2026-11-01')).toBe(0);
    expect(isDate('2026-02-29')).toBe(false);
    expect(isDate('2028-02-29')).toBe(true);
  });

  it('puts every instant inside its EAT day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (instant) => {
        const start = eatDayStart(eatDate(instant));
        expect(start).toBeLessThanOrEqual(instant);
        expect(instant).toBeLessThan(start + 86_400_000);
        expect(eatDayStartOf(instant)).toBe(start);
      }),
    );
  });
});
