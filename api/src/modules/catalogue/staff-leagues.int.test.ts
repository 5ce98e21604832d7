/**
 * The back office's countries and leagues `staffCountries` (issue 4 item 7; spec §3 Country, Competition;
 * §6): a league with no match on the player lists is listed too (the left menu leaves it out), with its
 * current settings and both match counts; an edit shows in the next read; permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestMatch } from '../../testing/catalogue-fixtures.ts';
import { player, staff, startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';

const NOW = Date.parse('2025-01-10T09:00:00Z');
const HOUR = 3_600_000;
const VIEWER = staff('7', ['matches.view', 'matches.edit']);

const LIST = `{ staffCountries { flag matchCount listedCount settings { id code name sequence }
  competitions { countryId matchCount listedCount
    settings { id name sequence popular popularSorting todayPopular rollBet } } } }`;

interface Competition {
  countryId: string;
  matchCount: number;
  listedCount: number;
  settings: { id: string; name: string; sequence: number; popular: boolean; rollBet: number };
}
interface Country {
  flag: string | null;
  matchCount: number;
  listedCount: number;
  settings: { id: string; code: string; name: string; sequence: number };
  competitions: Competition[];
}

describe('staffCountries', () => {
  let t: TestApp;
  let emptyLeagueId: string;

  const countries = async () => {
    const answer = await t.gql<{ staffCountries: Country[] }>(LIST, {}, VIEWER);
    expect(answer.errors).toBeUndefined();
    return answer.data!.staffCountries;
  };
  const tanzania = async () => (await countries()).find((c) => c.settings.code === 'TZ')!;

  beforeAll(async () => {
    t = await startTestApp({ now: () => NOW });
    // Test League: one match ahead (listed), one long finished (not listed).
    await insertTestMatch(t.services.sql, {
      home: 'Simba',
      away: 'Azam',
      startTime: new Date(NOW + 2 * HOUR),
    });
    await insertTestMatch(t.services.sql, {
      home: 'KMC',
      away: 'Namungo',
      startTime: new Date(NOW - 48 * HOUR),
      status: 3,
    });
    // A league with no match at all yet.
    const { rows } = await t.services.sql.query<{ id: string }>(
      `INSERT INTO competitions (source_key, name, country_id, sequence)
       SELECT 'test:cup', 'Kombe la FA', id, 40 FROM countries WHERE code = 'TZ' RETURNING id::text`,
    );
    emptyLeagueId = rows[0]!.id;
  });
  afterAll(() => t?.close());

  it('lists every league of a country with its settings and counts, also one the left menu leaves out', async () => {
    const tz = await tanzania();
    expect(tz.settings).toMatchObject({ code: 'TZ', name: expect.any(String), sequence: expect.any(Number) });
    expect(tz.competitions.map((c) => [c.settings.name, c.matchCount, c.listedCount])).toEqual([
      ['Kombe la FA', 0, 0], // sequence 40 first
      ['Test League', 2, 1],
    ]);
    expect(tz.competitions[0]!.countryId).toBe(tz.settings.id);
    expect([tz.matchCount, tz.listedCount]).toEqual([2, 1]);

    const menu = await t.gql<{ countryMenu: { code: string; competitions: { id: string }[] }[] }>(
      '{ countryMenu { code competitions { id } } }',
    );
    const menuTz = menu.data!.countryMenu.find((c) => c.code === 'TZ')!;
    expect(menuTz.competitions.map((c) => c.id)).not.toContain(emptyLeagueId);
  });

  it('shows league edits in the next read, and orders leagues by the new sequence', async () => {
    const tzBefore = await tanzania();
    const testLeagueId = tzBefore.competitions.find((c) => c.settings.name === 'Test League')!.settings.id;
    for (const [id, input] of [
      [emptyLeagueId, '{ popular: true, rollBet: 2 }'],
      [testLeagueId, '{ sequence: 60 }'],
    ] as const) {
      const edit = await t.gql(
        `mutation { updateCompetition(competitionId: "${id}", input: ${input}) { id } }`,
        {},
        VIEWER,
      );
      expect(edit.errors).toBeUndefined();
    }
    const tz = await tanzania();
    expect(tz.competitions.map((c) => c.settings.name)).toEqual(['Test League', 'Kombe la FA']);
    expect(tz.competitions[1]!.settings).toMatchObject({ sequence: 40, popular: true, rollBet: 2 });
  });

  it('answers UNAUTHENTICATED to a visitor or player and FORBIDDEN to staff without matches.view', async () => {
    expect((await t.gql(LIST)).errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
    expect((await t.gql(LIST, {}, player('1'))).errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
    expect((await t.gql(LIST, {}, staff('8', ['orders.view']))).errors?.[0]?.extensions?.['code']).toBe(
      'FORBIDDEN',
    );
  });
});
