import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceMatch } from '@bashiri/domain';
import { generatedFixture, pairing, TANZANIAN_CLUBS } from './league.ts';
import { offerKey, offerPrices, offerRows } from './offers.ts';
import { EAT_OFFSET_MS, eatDayStartOf as eatDayStart } from '@bashiri/domain';
import { cadenceOf, DAILY_KICKOFFS_EAT, plannedKickoffs } from './schedule.ts';
import { internationalSources, worldCupMinute, worldCupSources } from './sources.ts';
import type { SkippedRecord } from './sources.ts';
import {
  assignGoalMinutes,
  clockLength,
  resultOf,
  STANDARD_CLOCK_MINUTES,
  stateAt,
  timelineOf,
} from './timeline.ts';

const MIN = 60_000;
const scoreArb = fc.record({ home: fc.integer({ min: 0, max: 6 }), away: fc.integer({ min: 0, max: 6 }) });

describe('kick-off shifting (docs/demo-feed.md)', () => {
  const now = Date.UTC(2025, 0, 15, 9, 7, 0); // 12:07 EAT
  const options = { matchMs: 10 * MIN };

  it('given an empty schedule, when planned, then past, live and future kick-offs on the cadence grid and the daily lane over 7 EAT days', () => {
    const planned = plannedKickoffs(now, [], options);
    const cadence = cadenceOf(options);
    const grid = planned.filter((t) => t % cadence === 0);
    expect(grid.some((t) => t + 10 * MIN < now)).toBe(true); // finished by now
    expect(grid.some((t) => t <= now && t + 10 * MIN > now)).toBe(true); // in play
    expect(grid.some((t) => t > now)).toBe(true);
    const days = new Set(planned.filter((t) => t > now + 3 * 10 * MIN).map((t) => eatDayStart(t)));
    expect(days.size).toBe(7);
    expect(Math.max(...planned)).toBeLessThan(eatDayStart(now) + 7 * 24 * 60 * MIN);
    const lastDaily = new Date(Math.max(...planned) + EAT_OFFSET_MS).toISOString().slice(11, 16);
    expect(lastDaily).toBe(DAILY_KICKOFFS_EAT.at(-1));
  });
  it('given the schedule planned a moment ago, when planned again, then only new grid points are added', () => {
    const first = plannedKickoffs(now, [], options);
    const later = plannedKickoffs(now + 5 * MIN, first, options);
    expect(later.every((t) => t > now)).toBe(true);
    expect(later.length).toBeGreaterThan(0);
    expect(later.length).toBeLessThan(4);
  });
  it('given an instant, when its EAT day starts, then at 21:00 UTC the day before', () => {
    expect(new Date(eatDayStart(now)).toISOString()).toBe('2025-01-14T21:00:00.000Z');
  });
});

describe('goal minutes and the match clock', () => {
  it('given half-time and full-time scores, when minutes are assigned, then the timeline reproduces both (seeded, deterministic)', () => {
    fc.assert(
      fc.property(scoreArb, scoreArb, fc.integer(), (ht, more, seed) => {
        const ft = { home: ht.home + more.home, away: ht.away + more.away };
        const t = assignGoalMinutes(ht, ft, seed);
        expect(resultOf(t)).toEqual({ halfTime: ht, fullTime: ft });
        expect(assignGoalMinutes(ht, ft, seed)).toEqual(t);
        expect(stateAt(t, clockLength(t)).clock).toMatchObject({
          phase: 'finished',
          score: ft,
          halfTimeScore: ht,
        });
        const atBreak = stateAt(t, 45 + t.firstStoppage + 1);
        expect(atBreak.clock.score).toEqual(ht);
      }),
      { numRuns: 300 },
    );
  });
  it('given a half-time score above full time, when assigned, then a RangeError', () => {
    expect(() => assignGoalMinutes({ home: 2, away: 0 }, { home: 1, away: 0 }, 1)).toThrow(RangeError);
  });
  it('shows the minute, stoppage, HT and FT with status 1 → 2 → 3 (spec §4)', () => {
    const t = timelineOf([
      { side: 'home', half: 1, minute: 23, stoppage: 0 },
      { side: 'away', half: 2, minute: 90, stoppage: 4 },
    ]);
    expect(STANDARD_CLOCK_MINUTES).toBe(110);
    expect(stateAt(t, -1)).toMatchObject({ status: 1, display: null });
    expect(stateAt(t, 22.4)).toMatchObject({
      status: 2,
      display: '23',
      clock: { score: { home: 0, away: 0 } },
    });
    expect(stateAt(t, 22.6)).toMatchObject({ display: '23', clock: { score: { home: 1, away: 0 } } });
    expect(stateAt(t, 45.5).display).toBe('45+1');
    expect(stateAt(t, 50)).toMatchObject({ display: 'HT', clock: { phase: 'half_time' } });
    expect(stateAt(t, 62 + 30).display).toBe('76');
    expect(stateAt(t, 62 + 48.6)).toMatchObject({ display: '90+4', clock: { score: { home: 1, away: 1 } } });
    expect(t.secondStoppage).toBe(4);
    expect(stateAt(t, clockLength(t))).toMatchObject({ status: 3, display: 'FT' });
  });
});

describe('sources with real goal minutes', () => {
  it('reads 2022 offsets and 2026 "90+12" / "92" minutes', () => {
    expect(worldCupMinute({ minute: 90, offset: 9 })).toEqual({ minute: 90, stoppage: 9 });
    expect(worldCupMinute({ minute: '90+12' })).toEqual({ minute: 90, stoppage: 12 });
    expect(worldCupMinute({ minute: '92' })).toEqual({ minute: 90, stoppage: 2 });
  });
  it('keeps only ordinary-time goals and skips a World Cup match whose goals miss its score', () => {
    const [final] = worldCupSources({
      name: 'WC',
      matches: [
        {
          date: '2022-12-18',
          team1: 'Argentina',
          team2: 'France',
          score: { ft: [2, 2] },
          goals1: [{ minute: 23 }, { minute: 36 }, { minute: 108 }],
          goals2: [{ minute: 80 }, { minute: 81 }, { minute: 118 }],
        },
        { date: '2022-12-19', team1: 'A', team2: 'B', score: { ft: [1, 0] }, goals1: [] },
      ],
    });
    expect(resultOf(final!.build().timeline)).toEqual({
      halfTime: { home: 2, away: 0 },
      fullTime: { home: 2, away: 2 },
    });
  });
  it("tells extra time from stoppage time by the file's extra-time score (issue 15 item 9)", () => {
    // A plain "95" in a match that went to extra time is an extra-time goal, not 90+5.
    expect(worldCupMinute({ minute: '95' }, true)).toEqual({ minute: 95, stoppage: 0 });
    const skipped: SkippedRecord[] = [];
    const sources = worldCupSources(
      {
        name: 'WC',
        matches: [
          {
            date: '2026-07-04',
            team1: 'Tanzania',
            team2: 'Brazil',
            score: { ft: [1, 1], ht: [1, 0], et: [2, 1], p: [4, 3] },
            goals1: [{ minute: '30' }, { minute: '95' }],
            goals2: [{ minute: '70' }],
          },
        ],
      },
      (s) => skipped.push(s),
    );
    expect(skipped).toEqual([]);
    expect(resultOf(sources[0]!.build().timeline)).toEqual({
      halfTime: { home: 1, away: 0 },
      fullTime: { home: 1, away: 1 },
    });
  });
  it('checks the half-time score and reports every skipped match with its reason', () => {
    const skipped: SkippedRecord[] = [];
    const sources = worldCupSources(
      {
        name: 'WC',
        matches: [
          {
            date: '2026-06-20',
            team1: 'A',
            team2: 'B',
            score: { ft: [1, 0], ht: [0, 0] },
            goals1: [{ minute: '40' }],
          },
          { date: '2026-06-21', team1: 'C', team2: 'D', score: { ft: [1, 0] }, goals1: [] },
          { date: '2026-06-22', team1: 'E', team2: 'F', score: { ft: [1, 0] }, goals1: [{ minute: 'x' }] },
          { date: '2026-07-19', team1: 'G', team2: 'H' },
        ],
      },
      (s) => skipped.push(s),
    );
    expect(sources).toEqual([]);
    expect(skipped.map((s) => [s.record, s.reason])).toEqual([
      ['2026-06-20 A v B', 'first-half goals 1-0 differ from the half-time score 0-0'],
      ['2026-06-21 C v D', 'ordinary-time goals 0-0 differ from the full-time score 1-0'],
      ['2026-06-22 E v F', 'a goal minute cannot be read'],
    ]);
    const intl: SkippedRecord[] = [];
    internationalSources(
      [{ date: '2023-01-01', home_team: 'Kenya', away_team: 'Uganda', team: 'Kenya', minute: 'NA' }],
      '2022-01-01',
      (s) => intl.push(s),
    );
    expect(intl.map((s) => s.record)).toEqual(['2023-01-01 Kenya v Uganda']);
  });
  it('groups goalscorers rows by match, credits own goals to the team column, skips unknown minutes', () => {
    const row = (home: string, team: string, minute: string) => ({
      date: '2023-03-24',
      home_team: home,
      away_team: 'Uganda',
      team,
      minute,
    });
    const sources = internationalSources([
      row('Tanzania', 'Tanzania', '12'),
      row('Tanzania', 'Uganda', '77'),
      row('Kenya', 'Kenya', 'NA'),
    ]);
    expect(sources).toHaveLength(1);
    expect(resultOf(sources[0]!.build().timeline).fullTime).toEqual({ home: 1, away: 1 });
  });
});

describe('the generated league (no data)', () => {
  it('pairs every club with every other twice per season, home and away', () => {
    const seen = new Set<string>();
    for (let k = 0; k < 132; k++) {
      const [h, a] = pairing(TANZANIAN_CLUBS, k);
      expect(h).not.toBe(a);
      seen.add(`${h.name}|${a.name}`);
    }
    expect(seen.size).toBe(132);
  });
  it('is deterministic in index and seed, and results differ between seeds', () => {
    expect(generatedFixture(5, 7)).toEqual(generatedFixture(5, 7));
    const scores = (seed: number) =>
      Array.from({ length: 20 }, (_, k) => JSON.stringify(resultOf(generatedFixture(k, seed).timeline)));
    expect(scores(1)).not.toEqual(scores(2));
    const total = Array.from(
      { length: 400 },
      (_, k) => resultOf(generatedFixture(k, 3).timeline).fullTime,
    ).reduce((s, x) => s + x.home + x.away, 0);
    expect(total / 400).toBeGreaterThan(1.8);
    expect(total / 400).toBeLessThan(3.4);
  });
});

describe('catalogue rows of the model', () => {
  it('gives each priced offered outcome one row with the same key, names in catalogue style', () => {
    const rows = offerRows('Simba SC', 'Azam FC');
    expect(rows).toHaveLength(125);
    const keys = new Set(
      rows.map((r) => offerKey(r.bettingTypeId, r.eventPartId, r.marketLine, r.pick, r.line)),
    );
    expect(keys.size).toBe(125);
    const prices = offerPrices(priceMatch({ rates: { home: 1.5, away: 1.1 } }));
    expect(prices.outcomes.map((p) => p.key).sort()).toEqual([...keys].sort());
    expect(rows.find((r) => r.bettingTypeId === 48 && r.pick === 'away' && r.line === '0.75')?.name).toBe(
      'Azam FC +0.75',
    );
    expect(rows.find((r) => r.bettingTypeId === 1002 && r.pick === 'draw')).toMatchObject({
      eventPartId: 1,
      name: 'Draw',
    });
  });
});
