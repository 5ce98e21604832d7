import { describe, expect, it } from 'vitest';
import { costRows, eatDate } from './cost.ts';

describe('bonus-cost chart rows', () => {
  it('pivots kinds per day, in day order, with the total', () => {
    expect(
      costRows([
        { day: '2026-12-02', kind: 'REFERRAL', amount: 7_000 },
        { day: '2026-12-01', kind: 'WELCOME', amount: 1_000 },
        { day: '2026-12-02', kind: 'WELCOME', amount: 2_000 },
        { day: '2026-12-02', kind: 'REFERRAL', amount: 4_000 },
        { day: '2026-12-02', kind: 'UNKNOWN', amount: 9 },
      ]),
    ).toEqual([
      { day: '2026-12-01', WELCOME: 1_000, REFERRAL: 0, ORDER: 0, ACTIVITY: 0, total: 1_000 },
      { day: '2026-12-02', WELCOME: 2_000, REFERRAL: 11_000, ORDER: 0, ACTIVITY: 0, total: 13_000 },
    ]);
  });
  it('dates days in East Africa Time', () => {
    const lateUtc = Date.parse('2026-12-01T22:30:00Z'); // 01:30 EAT on 2 December
    expect(eatDate(lateUtc)).toBe('2026-12-02');
    expect(eatDate(lateUtc, 30)).toBe('2026-11-02');
  });
});
