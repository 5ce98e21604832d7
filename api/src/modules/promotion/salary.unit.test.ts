import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agentSalaryOf, lastClosedPeriod, salaryPeriodOf } from './salary.ts';

describe('agent salary (decision 0065)', () => {
  it('is the return scale (percent) of the net loss, rounded down', () => {
    expect(agentSalaryOf(10, 123_456)).toBe(12_345);
    expect(agentSalaryOf(7, 99)).toBe(6);
    expect(agentSalaryOf(0, 1_000_000)).toBe(0);
  });

  it('pays nothing when the players won (net ≤ 0)', () => {
    expect(agentSalaryOf(50, 0)).toBe(0);
    expect(agentSalaryOf(50, -40_000)).toBe(0);
  });

  it('property: salary = floor(scale/100 × max(0, net)), never negative, never above the net', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: -1e12, max: 1e12 }), (scale, net) => {
        const salary = agentSalaryOf(scale, net);
        expect(Number.isSafeInteger(salary)).toBe(true);
        expect(salary).toBe(Math.floor((scale * Math.max(0, net)) / 100));
        expect(salary).toBeGreaterThanOrEqual(0);
        if (scale <= 100) expect(salary).toBeLessThanOrEqual(Math.max(0, net));
      }),
    );
  });

  it('refuses a scale or net that is not a whole number', () => {
    expect(() => agentSalaryOf(1.5, 10)).toThrow(RangeError);
    expect(() => agentSalaryOf(-1, 10)).toThrow(RangeError);
    expect(() => agentSalaryOf(1, 0.5)).toThrow(RangeError);
  });

  it('weeks run Monday 00:00 EAT (Sunday 21:00 UTC) to the next Monday', () => {
    // Sunday 2026-11-22 20:59 UTC is Sunday 23:59 EAT: still the week of Monday 2026-11-16.
    expect(salaryPeriodOf('2026-11-22T20:59:00Z').period).toBe('2026-11-16');
    // 21:00 UTC is Monday 00:00 EAT: the next week.
    const next = salaryPeriodOf('2026-11-22T21:00:00Z');
    expect(next.period).toBe('2026-11-23');
    expect(new Date(next.start).toISOString()).toBe('2026-11-22T21:00:00.000Z');
    expect(lastClosedPeriod(Date.parse('2026-11-27T06:00:00Z')).period).toBe('2026-11-16');
  });
});
