import { describe, expect, it } from 'vitest';
import type { SeasonMatch } from './data.ts';
import { priceMatchday } from './engine.ts';
import { fitTeamRatings, LookaheadError, predictRates } from './ratings.ts';

const DAY = 86_400_000;
const TEAMS = ['A', 'B', 'C', 'D', 'E', 'F'];
/** A round robin: one matchday per day from day 0, with results and closing prices. */
const league = (): SeasonMatch[] => {
  const out: SeasonMatch[] = [];
  let n = 0;
  for (let round = 0; round < 10; round++) {
    for (let k = 0; k < 3; k++) {
      const home = TEAMS[(round + k) % 6]!;
      const away = TEAMS[(round + k + 3) % 6]!;
      n += 1;
      out.push({
        id: `T-${n}`,
        league: 'T',
        season: '2023-24',
        file: 't.csv',
        line: n + 1,
        home,
        away,
        kickoff: round * 7 * DAY + k * 3_600_000,
        matchday: `d${round}`,
        fullTime: { home: (n * 7) % 4, away: (n * 3) % 3 },
        halfTime: { home: 0, away: 0 },
        closing: { oneXTwo: { home: 2.1, draw: 3.4, away: 3.6 }, overUnder25: { over: 1.9, under: 1.95 } },
        opening: {},
      });
    }
  }
  return out;
};

describe('no lookahead', () => {
  const all = league();
  const day = { date: 'd5', matches: all.filter((m) => m.matchday === 'd5') };
  const margins = { marginPercent: { default: 6 } };

  it('prices of a matchday do not change when any later result or price changes', () => {
    const before = priceMatchday(day, all, margins);
    const start = Math.min(...day.matches.map((m) => m.kickoff));
    const altered = all.map((m) =>
      m.kickoff >= start
        ? { ...m, fullTime: { home: 9, away: 0 }, closing: { oneXTwo: { home: 1.1, draw: 9, away: 20 } } }
        : m,
    );
    expect(priceMatchday(day, altered, margins)).toEqual(before);
  });

  it('prices do change when an earlier result changes (the test can fail)', () => {
    const before = priceMatchday(day, all, margins);
    const altered = all.map((m) =>
      m.matchday === 'd4'
        ? { ...m, fullTime: { home: 6, away: 0 }, closing: { oneXTwo: { home: 1.2, draw: 7, away: 15 } } }
        : m,
    );
    expect(priceMatchday(day, altered, margins)).not.toEqual(before);
  });

  it('fitting refuses a history holding a match at or after the matchday', () => {
    const asOf = 5 * 7 * DAY;
    expect(() => fitTeamRatings('T', all, asOf)).toThrow(LookaheadError);
    expect(
      fitTeamRatings(
        'T',
        all.filter((m) => m.kickoff < asOf),
        asOf,
      ).matchesUsed,
    ).toBe(15);
  });

  it('a strong attack gets higher expected goals', () => {
    const rigged = all.map((m) => ({
      ...m,
      fullTime: { home: m.home === 'A' ? 4 : 1, away: m.away === 'A' ? 4 : 1 },
      closing: {},
    }));
    const r = fitTeamRatings('T', rigged, 100 * DAY);
    expect(predictRates(r, 'A', 'B').home).toBeGreaterThan(predictRates(r, 'C', 'B').home);
  });
});
