import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase } from '@bashiri/eventstore/testing';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { closeServices, openServices } from '../../services.ts';
import type { AppServices } from '../../services.ts';
import { modules } from '../index.ts';
import { PERMISSION_CODES } from '../../auth/guard.ts';
import { importFootballData } from './football-data/import.ts';
import { seedCatalogue } from './seed.ts';
import { MATCH_UPDATED, ODDS_CHANGED } from './topics.ts';

const NOW = Date.parse('2025-01-10T09:00:00Z'); // 12:00 in Dar es Salaam
const HEADER =
  'Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,FTR,HTHG,HTAG,HTR,AvgCH,AvgCD,AvgCA,AvgC>2.5,AvgC<2.5,AHCh,AvgCAHH,AvgCAHA';
const ROWS = [
  'E0,04/01/2025,15:00,Man City,Wolves,2,1,H,1,0,H,1.30,6.00,9.50,1.50,2.60,-1.75,1.95,1.95',
  'E0,11/01/2025,15:00,Arsenal,Everton,,,,,,,1.40,4.80,8.00,1.90,1.95,-1.25,1.90,2.00',
  'E0,12/01/2025,16:30,Chelsea,Fulham,,,,,,,1.80,3.90,4.50,1.70,2.15,-0.75,2.02,1.88',
  'E0,20/01/2025,20:00,Liverpool,Tottenham,,,,,,,1.50,4.50,6.00,1.55,2.45,-1,1.90,2.00',
];
const csv = (rows: string[]) => `${HEADER}\r\n${rows.join('\r\n')}\r\n`;

/**
 * A catalogue of its own: a fresh database with the seed and {@link ROWS} imported, an app over it, and
 * what it publishes. The tests that change the catalogue open one each, so that a retried attempt starts
 * from the same catalogue as the first (eventstore/src/testing/retry-setup.ts); the others share one.
 */
const openCatalogue = async () => {
  const db = await openTestDatabase('pglite');
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const services = await openServices(config, modules, { sql: db.sql, now: () => NOW });
  const app: FastifyInstance = await buildApp(config, services, modules, {
    authenticate: async (request) =>
      request.headers['x-test-staff']
        ? { kind: 'staff', staffId: '7', sessionId: 's', permissions: new Set(PERMISSION_CODES) }
        : null,
  });
  const published: { topic: string; payload: Record<string, unknown> }[] = [];
  for (const topic of [MATCH_UPDATED, ODDS_CHANGED])
    services.emitter.on(topic, (message, done) => {
      published.push(message as unknown as (typeof published)[number]);
      done();
    });
  expect((await seedCatalogue(services.sql)).countries).toBeGreaterThan(240);
  await importFootballData(services, csv(ROWS), { source: 'test.csv' });
  const gql = async (query: string, variables: Record<string, unknown> = {}, staff = false) =>
    (
      await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: staff ? { 'x-test-staff': 'yes' } : {},
        payload: { query, variables },
      })
    ).json();
  const idOf = async (home: string) =>
    (
      await services.sql.query<{ id: string }>(
        'SELECT m.id::text FROM matches m JOIN teams t ON t.id = m.home_team_id WHERE t.name = $1',
        [home],
      )
    ).rows[0]!.id;
  const close = async () => {
    await app.close();
    await closeServices(services);
  };
  return { app, services, published, gql, idOf, close };
};

describe('catalogue over GraphQL', () => {
  let shared: Awaited<ReturnType<typeof openCatalogue>>;
  let services: AppServices;
  const gql = (query: string, variables: Record<string, unknown> = {}, staff = false) =>
    shared.gql(query, variables, staff);
  const idOf = (home: string) => shared.idOf(home);

  beforeAll(async () => {
    shared = await openCatalogue();
    services = shared.services;
  });
  afterAll(async () => shared.close());

  it('seeds countries from countries-list plus football pseudo-countries, once', async () => {
    expect(await seedCatalogue(services.sql)).toEqual({ countries: 0, bettingTypes: 0, bookmakers: 0 });
    const { rows } = await services.sql.query<{
      code: string;
      name: string;
      flag: string;
      dialling_code: string | null;
    }>(
      `SELECT code, name, flag, dialling_code FROM countries WHERE code IN ('TZ', 'XN', 'NA') ORDER BY code`,
    );
    expect(rows).toEqual([
      { code: 'NA', name: 'Namibia', flag: '🇳🇦', dialling_code: '+264' },
      { code: 'TZ', name: 'Tanzania', flag: '🇹🇿', dialling_code: '+255' },
      { code: 'XN', name: 'England', flag: expect.any(String), dialling_code: '+44' },
    ]);
    const types = await gql('{ bettingTypes { id name priced } }');
    expect(types.data.bettingTypes.map((t: { id: number }) => t.id)).toEqual([
      7, 9, 25, 33, 45, 47, 48, 69, 76, 110, 135, 216, 1001, 1002,
    ]);
  });

  it('lists the home matches with their quick markets, spec §4 filtering (no ended match)', async () => {
    const { data } = await gql(`{ homeMatches { count page pageSize content {
      teamHome teamAway league categoryName matchTime statusId
      way3 { w1 { name odds typeId eventStatus marketName teamHome } draw { name odds } w2 { name odds } }
      overUnder { over { name odds line } under { name odds } } bothTeamsToScore { yes { name } } } } }`);
    expect(data.homeMatches).toMatchObject({ count: 3, page: 1, pageSize: 10 });
    const [arsenal] = data.homeMatches.content;
    expect(arsenal).toEqual({
      teamHome: 'Arsenal',
      teamAway: 'Everton',
      league: 'Premier League',
      categoryName: 'England',
      matchTime: '2025-01-11 18:00',
      statusId: 1,
      way3: {
        w1: {
          name: 'Arsenal',
          odds: '1.40',
          typeId: 10,
          eventStatus: 1,
          marketName: 'Home Draw Away',
          teamHome: 'Arsenal',
        },
        draw: { name: 'Draw', odds: '4.80' },
        w2: { name: 'Everton', odds: '8.00' },
      },
      overUnder: {
        over: [{ name: 'Over 2.5', odds: '1.90', line: '2.5' }],
        under: [{ name: 'Under 2.5', odds: '1.95' }],
      },
      bothTeamsToScore: { yes: null },
    });
  });

  it('lists upcoming matches by East Africa date, refusing dates outside today + 6', async () => {
    const week = await gql('{ upcomingMatches { count content { teamHome } } }');
    expect(week.data.upcomingMatches.content.map((m: { teamHome: string }) => m.teamHome)).toEqual([
      'Arsenal',
      'Chelsea',
    ]);
    const day = await gql('{ upcomingMatches(date: "2025-01-12") { count content { teamHome matchTime } } }');
    expect(day.data.upcomingMatches.content).toEqual([
      { teamHome: 'Chelsea', matchTime: '2025-01-12 19:30' },
    ]);
    const late = await gql('{ upcomingMatches(date: "2025-01-17") { count } }');
    expect(late.errors[0].extensions.code).toBe('BAD_INPUT');
  });

  it('searches trimmed keywords, and lists by league and country', async () => {
    const found = await gql('{ searchMatches(keyword: "  chels ") { count content { teamHome } } }');
    expect(found.data.searchMatches.content).toEqual([{ teamHome: 'Chelsea' }]);
    expect((await gql('{ searchMatches(keyword: "   ") { count } }')).errors[0].extensions.code).toBe(
      'BAD_INPUT',
    );
    const menu = await gql('{ countryMenu { code name matchCount competitions { id name matchCount } } }');
    expect(menu.data.countryMenu).toEqual([
      {
        code: 'XN',
        name: 'England',
        matchCount: 3,
        competitions: [{ id: expect.any(String), name: 'Premier League', matchCount: 3 }],
      },
    ]);
    const competitionId = menu.data.countryMenu[0].competitions[0].id;
    const league = await gql(`{ leagueMatches(competitionId: "${competitionId}") { count } }`);
    expect(league.data.leagueMatches.count).toBe(3);
  });

  it('shows all markets of a match grouped by betting type', async () => {
    const id = await idOf('Chelsea');
    const { data } =
      await gql(`{ matchMarkets(matchId: "${id}") { match { teamHome } groups { bettingTypeId typeName
      markets { name line statusId outcomes { id name odds pick line typeId participantId statusId isLive eventId marketId bettingTypeId eventPartId partName teamAway } } } } }`);
    expect(data.matchMarkets.groups.map((g: { bettingTypeId: number }) => g.bettingTypeId)).toEqual([
      47, 48, 69,
    ]);
    const ah = data.matchMarkets.groups[1].markets[0];
    expect(ah).toMatchObject({ name: 'Asian Handicap -0.75', line: '-0.75', statusId: 1 });
    expect(
      ah.outcomes.map((o: { name: string; pick: string; line: string }) => [o.name, o.pick, o.line]),
    ).toEqual([
      ['Chelsea -0.75', 'home', '-0.75'],
      ['Fulham +0.75', 'away', '0.75'],
    ]);
    expect(ah.outcomes[0]).toMatchObject({
      eventId: id,
      bettingTypeId: 48,
      eventPartId: 3,
      partName: '',
      isLive: false,
      teamAway: 'Fulham',
    });
    expect(
      (await gql('{ matchMarkets(matchId: "999999") { match { id } } }')).errors[0].extensions.code,
    ).toBe('NOT_FOUND');
  });

  it('lets staff edit match flags, audited, versioned and published; refuses others and bad sequences', async () => {
    const { services, published, gql, idOf, close } = await openCatalogue();
    try {
      const id = await idOf('Arsenal');
      const mutation = `mutation($id: ID!, $input: MatchFlagsInput!) { updateMatchFlags(matchId: $id, input: $input) { matchId objectVersion popular visible sequence } }`;
      expect((await gql(mutation, { id, input: { popular: true } })).errors[0].extensions.code).toBe(
        'UNAUTHENTICATED',
      );
      expect((await gql(mutation, { id, input: { sequence: 101 } }, true)).errors[0].extensions.code).toBe(
        'SEQUENCE_OUT_OF_RANGE',
      );
      published.length = 0;
      const done = await gql(mutation, { id, input: { popular: true, sequence: 50 } }, true);
      expect(done.data.updateMatchFlags).toMatchObject({
        matchId: id,
        objectVersion: 1,
        popular: true,
        sequence: 50,
      });
      expect(published).toEqual([
        {
          topic: MATCH_UPDATED,
          payload: expect.objectContaining({ matchId: id, popular: true, objectVersion: 1 }),
        },
      ]);
      const { rows } = await services.sql.query<{
        actor: string;
        before: { popular: boolean };
        after: { popular: boolean };
      }>(`SELECT actor, before, after FROM staff_audit_log WHERE entity = 'match' AND entity_id = $1`, [id]);
      expect(rows).toMatchObject([
        { actor: 'staff:7', before: { popular: false }, after: { popular: true } },
      ]);
      expect((await gql('{ topMatches { content { teamHome } } }')).data.topMatches.content).toEqual([
        { teamHome: 'Arsenal' },
      ]);
      await gql(mutation, { id: await idOf('Liverpool'), input: { visible: false } }, true);
      expect((await gql('{ homeMatches { count } }')).data.homeMatches.count).toBe(2);
    } finally {
      await close();
    }
  });

  it('lets staff set hot leagues, country sequence and betting-type settings', async () => {
    const competitionId = (
      await services.sql.query<{ id: string }>(
        `SELECT id::text FROM competitions WHERE source_key = 'football-data:E0'`,
      )
    ).rows[0]!.id;
    const hot = await gql(
      `mutation { updateCompetition(competitionId: "${competitionId}", input: { popular: true, popularSorting: 90, sequence: 5 }) { popular popularSorting sequence } }`,
      {},
      true,
    );
    expect(hot.data.updateCompetition).toEqual({ popular: true, popularSorting: 90, sequence: 5 });
    // An id beyond the int key of competitions, countries and bookmakers is not found, not a crash
    // (the fuzz test found 9007199254740994 answering INTERNAL).
    for (const mutation of [
      'updateCompetition(competitionId: "9007199254740994", input: { popular: true }) { id }',
      'updateCountrySequence(countryId: "2147483648", sequence: 1) { id }',
      'updateBookmakerSequence(bookmakerId: "999999999999999999", sequence: 1) { id }',
    ])
      expect((await gql(`mutation { ${mutation} }`, {}, true)).errors[0].extensions.code).toBe('NOT_FOUND');
    expect(
      (await gql('{ popularCompetitions { title sorting countryName matchCount } }')).data
        .popularCompetitions,
    ).toEqual([{ title: 'Premier League', sorting: 90, countryName: 'England', matchCount: 3 }]);
    const tz = (await services.sql.query<{ id: string }>(`SELECT id::text FROM countries WHERE code = 'TZ'`))
      .rows[0]!.id;
    const seq = await gql(
      `mutation { updateCountrySequence(countryId: "${tz}", sequence: 100) { code sequence } }`,
      {},
      true,
    );
    expect(seq.data.updateCountrySequence).toEqual({ code: 'TZ', sequence: 100 });
    expect(
      (await gql(`mutation { updateCountrySequence(countryId: "${tz}", sequence: -1) { code } }`, {}, true))
        .errors[0].extensions.code,
    ).toBe('SEQUENCE_OUT_OF_RANGE');
    const closed = await gql(
      `mutation { updateBettingType(bettingTypeId: 69, input: { betStatus: 2, marginPercent: "5.5", liveDelaySeconds: 10 }) { betStatus marginPercent liveDelaySeconds } }`,
      {},
      true,
    );
    expect(closed.data.updateBettingType).toEqual({
      betStatus: 2,
      marginPercent: '5.50',
      liveDelaySeconds: 10,
    });
    const suspended = await gql('{ homeMatches { content { way3 { w1 { statusId } } } } }');
    expect(suspended.data.homeMatches.content[0].way3.w1.statusId).toBe(2);
    await gql(
      `mutation { updateBettingType(bettingTypeId: 69, input: { betStatus: 1 }) { betStatus } }`,
      {},
      true,
    );
  });

  it('records and cancels through the fixture stream', async () => {
    const { services, gql, idOf, close } = await openCatalogue();
    try {
      const chelsea = await idOf('Chelsea');
      const recorded = await gql(
        `mutation { recordMatchResult(matchId: "${chelsea}", halfTime: { home: 1, away: 0 }, fullTime: { home: 2, away: 2 }) { statusId homeScore awayScore htHomeScore } }`,
        {},
        true,
      );
      expect(recorded.data.recordMatchResult).toEqual({
        statusId: 3,
        homeScore: 2,
        awayScore: 2,
        htHomeScore: 1,
      });
      const again = await gql(
        `mutation { recordMatchResult(matchId: "${chelsea}", halfTime: { home: 1, away: 0 }, fullTime: { home: 3, away: 2 }) { statusId } }`,
        {},
        true,
      );
      expect(again.errors[0].extensions.code).toBe('RESULT_ALREADY_RECORDED');
      const corrected = await gql(
        `mutation { correctMatchResult(matchId: "${chelsea}", halfTime: { home: 1, away: 0 }, fullTime: { home: 3, away: 2 }, reason: "late goal missed") { homeScore } }`,
        {},
        true,
      );
      expect(corrected.data.correctMatchResult.homeScore).toBe(3);
      expect((await services.store.readStream(`fixture-${chelsea}`)).events.map((e) => e.type)).toEqual([
        'ResultRecorded',
        'ResultCorrected',
      ]);
      const arsenal = await idOf('Arsenal');
      const cancelled = await gql(
        `mutation { cancelMatch(matchId: "${arsenal}", reason: "pitch frozen") { statusId cancelReason } }`,
        {},
        true,
      );
      expect(cancelled.data.cancelMatch).toEqual({ statusId: 6, cancelReason: 'pitch frozen' });
      // The ended and the cancelled match have left the home list: Liverpool's is all that is left.
      expect((await gql('{ homeMatches { content { teamHome } } }')).data.homeMatches.content).toEqual([
        { teamHome: 'Liverpool' },
      ]);
    } finally {
      await close();
    }
  });

  it('shows live matches unless the minute is "-"', async () => {
    await importFootballData(
      services,
      csv(['E0,10/01/2025,20:00,Brentford,Leeds,,,,,,,2.1,3.4,3.3,1.8,2.0,0,1.9,1.9']),
      { source: 'live.csv' },
    );
    const id = await idOf('Brentford');
    await services.sql.query(`UPDATE matches SET status = 2, match_minute = '-' WHERE id = $1`, [id]);
    expect((await gql('{ liveMatchCount }')).data.liveMatchCount).toBe(0);
    await services.sql.query(`UPDATE matches SET match_minute = '23' WHERE id = $1`, [id]);
    expect((await gql('{ liveMatches { content { teamHome matchMinute } } liveMatchCount }')).data).toEqual({
      liveMatches: { content: [{ teamHome: 'Brentford', matchMinute: '23' }] },
      liveMatchCount: 1,
    });
  });

  it('changes nothing on a re-import, and publishes changed odds', async () => {
    const { services, published, idOf, close } = await openCatalogue();
    try {
      published.length = 0;
      const same = await importFootballData(services, csv(ROWS), { source: 'test.csv' });
      expect(same).toMatchObject({
        matchesInserted: 0,
        matchesUpdated: 0,
        outcomesInserted: 0,
        outcomesUpdated: 0,
        resultsRecorded: 0,
      });
      expect(published).toEqual([]);
      const moved = await importFootballData(
        services,
        csv([ROWS[3]!.replace('1.50,4.50,6.00', '1.45,4.50,6.50')]),
        { source: 'test.csv' },
      );
      expect(moved).toMatchObject({ outcomesUpdated: 2 });
      expect(published).toEqual([
        {
          topic: ODDS_CHANGED,
          payload: {
            matchId: await idOf('Liverpool'),
            outcomes: [
              { outcomeId: expect.any(String), odds: '1.45', statusId: 1, isLive: false },
              { outcomeId: expect.any(String), odds: '6.50', statusId: 1, isLive: false },
            ],
          },
        },
      ]);
    } finally {
      await close();
    }
  });
});
