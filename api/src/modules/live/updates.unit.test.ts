import { describe, expect, it } from 'vitest';
import type { MatchUpdated } from '../catalogue/index.ts';
import { MAX_WATCHED_MATCHES, liveListUpdate, liveUpdateOf, watchedIds, watchedUpdate } from './updates.ts';

const match = (status: number): MatchUpdated => ({
  matchId: '7',
  objectVersion: 3,
  status,
  startTime: '2026-05-01T12:00:00.000Z',
  matchMinute: '45+2',
  homeScore: 1,
  awayScore: 1,
  htHomeScore: 1,
  htAwayScore: 1,
  visible: true,
  suspended: true,
  popular: false,
  todayPopular: false,
  oddsBoost: false,
  maintenance: false,
  sequence: 0,
  cancelReason: null,
  goals: [{ side: 'home', minute: '12' }],
  statistics: { corners: { home: 3, away: 1 } },
});

describe('live updates', () => {
  it('normalises watched ids and refuses empty, too many and non-numeric lists', () => {
    expect([...watchedIds(['007', '7', '12'])]).toEqual(['7', '12']);
    const codeOf = (ids: string[]) => {
      try {
        watchedIds(ids);
        return null;
      } catch (error) {
        return (error as { extensions?: { code?: string } }).extensions?.code;
      }
    };
    expect(codeOf([])).toBe('BAD_INPUT');
    expect(codeOf(Array.from({ length: MAX_WATCHED_MATCHES + 1 }, (_, i) => String(i + 1)))).toBe(
      'BAD_INPUT',
    );
    expect(codeOf(Array.from({ length: MAX_WATCHED_MATCHES }, (_, i) => String(i + 1)))).toBeNull();
    for (const bad of ['0', '-1', '1.5', 'abc', '', '1'.repeat(20)]) expect(codeOf([bad])).toBe('BAD_INPUT');
  });

  it('maps ODDS_CHANGED to selection updates and MATCH_UPDATED to match updates', () => {
    expect(
      liveUpdateOf({
        matchId: '7',
        outcomes: [{ outcomeId: '70', odds: '2.10', statusId: 1, isLive: false }],
      }),
    ).toEqual({
      selections: [{ selectionId: '70', matchId: '7', odds: '2.10', statusId: 1, isLive: false }],
      matches: [],
    });
    expect(liveUpdateOf(match(2))).toEqual({
      selections: [],
      matches: [
        {
          matchId: '7',
          status: 2,
          homeScore: 1,
          awayScore: 1,
          matchMinute: '45+2',
          objectVersion: 3,
          visible: true,
          suspended: true,
          htHomeScore: 1,
          htAwayScore: 1,
          goals: [{ side: 'home', minute: '12' }],
          statistics: { corners: { home: 3, away: 1 } },
        },
      ],
    });
    expect(watchedUpdate(new Set(['8']), match(2))).toBeNull();
  });

  it('keeps in-play and final statuses for the live list', () => {
    const kept = [1, 2, 3, 4, 5, 6, 7, 8].filter((status) => liveListUpdate(match(status)) !== null);
    expect(kept).toEqual([2, 3, 4, 5, 7, 8]);
  });
});
