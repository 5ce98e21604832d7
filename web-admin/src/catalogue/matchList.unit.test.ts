/** The catalogue match list's URL state as `staffMatches` variables (MatchesTab.tsx; spec §4, §6). */
import { describe, expect, it } from 'vitest';
import { readTableParams } from '../components/tableParams.ts';
import { staffMatchVariables, statusKey } from './matchList.ts';

const variablesOf = (query: string) => staffMatchVariables(readTableParams(new URLSearchParams(query)));

describe('staffMatchVariables', () => {
  it('asks for every match, latest kick-off first, 10 a page, without filters', () => {
    expect(variablesOf('')).toEqual({
      page: 1,
      pageSize: 10,
      order: 'KICK_OFF_DESC',
      filter: {
        keyword: null,
        competitionId: null,
        statusIds: null,
        visible: null,
        awaitingResult: null,
        from: null,
        to: null,
      },
    });
  });

  it('turns the URL filters into the query filter: statuses, visibility, awaiting result, EAT days', () => {
    expect(
      variablesOf(
        'page=3&size=50&sort=start.asc&f.q=simba&f.league=12&f.status=3,5,x,9&f.visible=false&f.awaiting=true&f.kickoff=2025-01-10~2025-01-12',
      ),
    ).toEqual({
      page: 3,
      pageSize: 50,
      order: 'KICK_OFF_ASC',
      filter: {
        keyword: 'simba',
        competitionId: '12',
        statusIds: [3, 5],
        visible: false,
        awaitingResult: true,
        // EAT midnight of the first day to EAT midnight after the last day
        from: '2025-01-09T21:00:00.000Z',
        to: '2025-01-12T21:00:00.000Z',
      },
    });
    expect(variablesOf('sort=start.desc&f.kickoff=~2025-01-12').filter).toMatchObject({
      from: null,
      to: '2025-01-12T21:00:00.000Z',
    });
    expect(variablesOf('sort=start.desc').order).toBe('KICK_OFF_DESC');
    // Not an id: no league filter rather than a refused query.
    expect(variablesOf('f.league=abc').filter?.competitionId).toBeNull();
  });

  it('names the spec §4 statuses', () => {
    expect(statusKey(6)).toBe('catalogue.status.s6');
    expect(statusKey(0)).toBe('catalogue.status.other');
  });
});
