/**
 * The pure rules of the match lists: quick-market cells (spec §2, §5 over/under 2.5), tap offers (§4),
 * live folding by objectVersion (§4 update_match_odds), list filtering (§4), East Africa dates (§9).
 */
import { describe, expect, it } from 'vitest';
import {
  applyLive,
  applyLiveFacts,
  byLeague,
  dateChoices,
  goalMinutes,
  resultDateChoices,
  eatClock,
  eatDate,
  EMPTY_LIVE,
  foldLive,
  isListed,
  isOpen,
  kickOff,
  offerOf,
  quickCells,
  type MatchUpdate,
} from './model.ts';
import { liveMatch, match } from './testing.ts';

const update = (matchId: string, objectVersion: number, patch: Partial<MatchUpdate> = {}): MatchUpdate => ({
  matchId,
  status: 2,
  homeScore: 2,
  awayScore: 1,
  matchMinute: '70',
  objectVersion,
  visible: true,
  suspended: false,
  ...patch,
});

describe('quick markets (spec §2 home blocks)', () => {
  it('lists 1 X 2, 1X X2 12, yes/no and the 2.5 line of over/under', () => {
    const m = match('7');
    expect(quickCells(m, 'way3').map((c) => [c.label, c.outcome?.odds])).toEqual([
      ['1', '2.10'],
      ['X', '3.20'],
      ['2', '3.40'],
    ]);
    expect(quickCells(m, 'doubleChance').map((c) => c.label)).toEqual(['1X', 'X2', '12']);
    expect(quickCells(m, 'btts').map((c) => c.outcome?.name)).toEqual(['Yes', 'No']);
    expect(quickCells(m, 'overUnder').map((c) => c.outcome?.name)).toEqual(['Over 2.5', 'Under 2.5']);
  });

  it('has empty cells when a block is not offered', () => {
    const m = match('7', { overUnder: { over: [], under: [] } });
    expect(quickCells(m, 'overUnder').map((c) => c.outcome)).toEqual([undefined, undefined]);
  });
});

describe('tapping (spec §4 betslip)', () => {
  it('offers the outcome with its match, teams, status and live flag', () => {
    const m = match('7');
    expect(offerOf(m, m.way3.w1!)).toEqual({
      selectionId: '7-1',
      matchId: '7',
      odds: '2.10',
      home: 'Simba SC',
      away: 'Young Africans',
      marketName: 'Home Draw Away',
      selectionName: 'Simba SC',
      eventStatus: 1,
      isLive: true,
      statusId: 1,
    });
  });

  it('locks outcomes without odds, not open, of a suspended match, or in play and not offered live', () => {
    const m = match('7');
    expect(isOpen(m, m.way3.w1)).toBe(true);
    expect(isOpen(m, { ...m.way3.w1!, odds: null })).toBe(false);
    expect(isOpen(m, { ...m.way3.w1!, statusId: 2 })).toBe(false);
    expect(isOpen({ ...m, suspended: true }, m.way3.w1)).toBe(false);
    expect(isOpen({ ...m, statusId: 2 }, { ...m.way3.w1!, isLive: false })).toBe(false);
    expect(isOpen(m, null)).toBe(false);
  });
});

describe('live updates (spec §4 monitoring, update_match_odds)', () => {
  it('applies selection odds and status, and a match update only above the held objectVersion', () => {
    let live = foldLive(EMPTY_LIVE, {
      selections: [{ selectionId: '7-1', matchId: '7', odds: '2.45', statusId: 1, isLive: true }],
      matches: [update('7', 5)],
    });
    live = foldLive(live, { matches: [update('7', 4, { homeScore: 9 })] });
    const m = applyLive(match('7'), live);
    expect(m.way3.w1?.odds).toBe('2.45');
    expect([m.statusId, m.homeScore, m.awayScore, m.matchMinute, m.objectVersion]).toEqual([
      2,
      2,
      1,
      '70',
      5,
    ]);
    expect(m.way3.draw?.eventStatus).toBe(2);
  });

  it('ignores a match update older than the match already loaded', () => {
    const live = foldLive(EMPTY_LIVE, { matches: [update('7', 3, { status: 3 })] });
    expect(applyLive(match('7', { objectVersion: 8 }), live).statusId).toBe(1);
  });

  it('returns the same object when nothing applies (rows stay memoised)', () => {
    const m = match('7');
    expect(applyLive(m, EMPTY_LIVE)).toBe(m);
  });
});

describe('list filtering (spec §4)', () => {
  it('keeps not started and in play, hides ended, hidden, and live with minute "-"', () => {
    expect(isListed(match('1'), EMPTY_LIVE)).toBe(true);
    expect(isListed(liveMatch('2'), EMPTY_LIVE)).toBe(true);
    expect(isListed(liveMatch('3', '-'), EMPTY_LIVE)).toBe(false);
    expect(isListed(match('4', { statusId: 3 }), EMPTY_LIVE)).toBe(false);
    const hidden = foldLive(EMPTY_LIVE, { matches: [update('5', 9, { visible: false, status: 1 })] });
    expect(isListed(match('5'), hidden)).toBe(false);
  });
});

describe('East Africa Time (spec §9)', () => {
  const ms = Date.parse('2026-11-22T22:30:05Z');
  it('is UTC+3 for the clock and the date', () => {
    expect(eatClock(ms)).toBe('01:30:05');
    expect(eatDate(ms)).toBe('2026-11-23');
  });
  it('offers today plus 6 days', () => {
    expect(dateChoices(ms)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
  });
  it('splits a match time into time and day', () => {
    expect(kickOff('2026-11-22 19:00')).toEqual({ time: '19:00', day: '22/11' });
  });
});

describe('results and match facts (issue 16 items 1, 2)', () => {
  const facts = {
    htHomeScore: 0,
    htAwayScore: 0,
    goals: [],
    statistics: null,
  };
  it('takes goals, half time and statistics from a newer watched update only', () => {
    const m = { id: '9', objectVersion: 4 };
    const newer = foldLive(EMPTY_LIVE, {
      matches: [
        update('9', 5, {
          htHomeScore: 1,
          htAwayScore: 0,
          goals: [{ side: 'home', minute: '45+1' }],
          statistics: {
            shots: null,
            shotsOnTarget: null,
            corners: { home: 3, away: 1 },
            yellowCards: null,
            redCards: null,
          },
        }),
      ],
    });
    expect(applyLiveFacts(facts, m, newer)).toMatchObject({
      htHomeScore: 1,
      goals: [{ side: 'home', minute: '45+1' }],
      statistics: { corners: { home: 3, away: 1 } },
    });
    expect(applyLiveFacts(facts, { id: '9', objectVersion: 5 }, newer)).toBe(facts);
    // The live list's updates carry no facts: they leave them as they are.
    expect(applyLiveFacts(facts, m, foldLive(EMPTY_LIVE, { matches: [update('9', 6)] }))).toBe(facts);
  });

  it('shows goal minutes by side, offers today and the 6 days before, and groups by league', () => {
    expect(
      goalMinutes(
        {
          goals: [
            { side: 'home', minute: '12' },
            { side: 'away', minute: '40' },
            { side: 'home', minute: '90+3' },
          ],
        },
        'home',
      ),
    ).toBe("12' 90+3'");
    // 2025-01-10 00:30 EAT is 2025-01-09 21:30 UTC.
    expect(resultDateChoices(Date.parse('2025-01-09T21:30:00Z'))).toEqual([
      '2025-01-10',
      '2025-01-09',
      '2025-01-08',
      '2025-01-07',
      '2025-01-06',
      '2025-01-05',
      '2025-01-04',
    ]);
    const rows = [
      { id: 'a', league: 'Premier League', competitionId: '1' },
      { id: 'b', league: 'Premier League', competitionId: '1' },
      { id: 'c', league: 'La Liga', competitionId: '2' },
    ];
    expect(byLeague(rows).map((g) => [g.league, g.matches.map((m) => m.id)])).toEqual([
      ['Premier League', ['a', 'b']],
      ['La Liga', ['c']],
    ]);
  });
});
