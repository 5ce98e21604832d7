import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assignGoalMinutes, shownAt, STANDARD_CLOCK_MINUTES } from '../feed/index.ts';
import { footballDataStatistics, sameStatistics, statisticsAt, STATISTIC_KEYS } from './statistics.ts';
import type { MatchStatistics } from './statistics.ts';

describe('match statistics (issue 16 item 2)', () => {
  it('reads the football-data columns a row has, pair by pair', () => {
    expect(
      footballDataStatistics({
        HS: '17',
        AS: '8',
        HST: '7',
        AST: '3',
        HC: '9',
        AC: '2',
        HY: '1',
        AY: '3',
        HR: '0',
        AR: '1',
      }),
    ).toEqual({
      shots: { home: 17, away: 8 },
      shotsOnTarget: { home: 7, away: 3 },
      corners: { home: 9, away: 2 },
      yellowCards: { home: 1, away: 3 },
      redCards: { home: 0, away: 1 },
    });
    expect(footballDataStatistics({ HC: '4', AC: '', HY: '2', AY: '0' })).toEqual({
      yellowCards: { home: 2, away: 0 },
    });
    expect(footballDataStatistics({ HS: '', AS: '' })).toBeNull();
    expect(footballDataStatistics({ HS: '2', AS: '8', HST: '7', AST: '3' })).toEqual({
      shotsOnTarget: { home: 7, away: 3 },
    });
  });

  const pair = fc.record({ home: fc.nat(30), away: fc.nat(30) });
  const totals = fc.record(
    { shots: pair, shotsOnTarget: pair, corners: pair, yellowCards: pair, redCards: pair },
    { requiredKeys: [] },
  ) as fc.Arbitrary<MatchStatistics>;

  it('live counts never fall as the clock runs, never pass the totals, and reach them at 90', () => {
    fc.assert(
      fc.property(
        totals,
        fc.double({ min: 0, max: 95, noNaN: true }),
        fc.double({ min: 0, max: 95, noNaN: true }),
        (t, a, b) => {
          const [early, late] = [statisticsAt(t, Math.min(a, b)), statisticsAt(t, Math.max(a, b))];
          for (const k of STATISTIC_KEYS) {
            if (!t[k]) expect(late[k]).toBeUndefined();
            else {
              expect(early[k]!.home).toBeLessThanOrEqual(late[k]!.home);
              expect(early[k]!.away).toBeLessThanOrEqual(late[k]!.away);
              expect(late[k]!.home).toBeLessThanOrEqual(t[k].home);
            }
          }
          expect(sameStatistics(statisticsAt(t, 90), t)).toBe(true);
        },
      ),
    );
    expect(statisticsAt({ corners: { home: 9, away: 2 } }, 45)).toEqual({ corners: { home: 4, away: 1 } });
  });

  it('the feed shows goals with their minutes and statistics as its clock runs', () => {
    const timeline = {
      ...assignGoalMinutes({ home: 1, away: 0 }, { home: 2, away: 1 }, 7),
      statistics: { corners: { home: 10, away: 4 } },
    };
    const start = shownAt(timeline, 0);
    expect(start.goals).toEqual([]);
    expect(start.statistics).toEqual({ corners: { home: 0, away: 0 } });
    const end = shownAt(timeline, STANDARD_CLOCK_MINUTES + 20);
    expect(end.goals.map((g) => g.side).sort()).toEqual(['away', 'home', 'home']);
    for (const g of end.goals) expect(g.minute).toMatch(/^\d{1,2}(\+\d{1,2})?$/);
    expect(end.statistics).toEqual({ corners: { home: 10, away: 4 } });
    expect(shownAt({ ...timeline, statistics: null }, 30).statistics).toBeNull();
  });
});
