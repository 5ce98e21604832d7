import { describe, expect, it } from 'vitest';
import { costRows, eatDate, formatShare, shareRows } from './cost.ts';

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
  it('puts each day’s GGR and share beside its cost; days with neither are left out', () => {
    expect(
      shareRows(
        [
          { day: '2026-12-01', kind: 'WELCOME', amount: 1_000 },
          { day: '2026-12-03', kind: 'REFERRAL', amount: 7_000 },
        ],
        [
          { day: '2026-12-01', bonusCost: 1_000, ggr: 8_000, percentOfGgr: 12.5 },
          { day: '2026-12-02', bonusCost: 0, ggr: 0, percentOfGgr: null },
          { day: '2026-12-03', bonusCost: 7_000, ggr: -2_000, percentOfGgr: null },
          { day: '2026-12-04', bonusCost: 0, ggr: 5_000, percentOfGgr: 0 },
        ],
      ),
    ).toEqual([
      {
        day: '2026-12-01',
        WELCOME: 1_000,
        REFERRAL: 0,
        ORDER: 0,
        ACTIVITY: 0,
        total: 1_000,
        ggr: 8_000,
        percentOfGgr: 12.5,
      },
      {
        day: '2026-12-03',
        WELCOME: 0,
        REFERRAL: 7_000,
        ORDER: 0,
        ACTIVITY: 0,
        total: 7_000,
        ggr: -2_000,
        percentOfGgr: null,
      },
      {
        day: '2026-12-04',
        WELCOME: 0,
        REFERRAL: 0,
        ORDER: 0,
        ACTIVITY: 0,
        total: 0,
        ggr: 5_000,
        percentOfGgr: 0,
      },
    ]);
  });
  it('writes a share as a percent, or a dash without a positive GGR', () => {
    expect(formatShare(12.5)).toBe('12.5 %');
    expect(formatShare(33.33)).toBe('33.33 %');
    expect(formatShare(0)).toBe('0 %');
    expect(formatShare(null)).toBe('—');
  });
});
