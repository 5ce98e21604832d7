import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase } from '@bashiri/eventstore/testing';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { closeServices, openServices } from '../../services.ts';
import type { AppServices } from '../../services.ts';
import { modules } from '../index.ts';
import { importFootballData } from './football-data/import.ts';
import { seedCatalogue } from './seed.ts';

// Issue 16 items 1, 2: the results view and the imported statistics.
const NOW = Date.parse('2025-01-10T09:00:00Z'); // 12:00 in Dar es Salaam
const HEADER =
  'Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,FTR,HTHG,HTAG,HTR,HS,AS,HST,AST,HC,AC,HY,AY,HR,AR,AvgCH,AvgCD,AvgCA';
const ROWS = [
  // 9 January 2025 20:00 UK = 23:00 EAT: yesterday in Dar es Salaam.
  'E0,09/01/2025,20:00,Man City,Wolves,2,1,H,1,0,H,17,8,7,3,9,2,1,3,0,1,1.30,6.00,9.50',
  // 2 January: eight days back, outside the results window.
  'E0,02/01/2025,20:00,Arsenal,Everton,1,1,D,0,0,D,,,,,,,,,,,1.40,4.80,8.00',
  // Not played yet.
  'E0,20/01/2025,20:00,Liverpool,Tottenham,,,,,,,,,,,,,,,,,1.50,4.50,6.00',
];

describe('results and statistics over GraphQL', () => {
  let app: FastifyInstance;
  let services: AppServices;
  const gql = async (query: string, variables: Record<string, unknown> = {}) =>
    (await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables } })).json();
  const RESULTS = `query($date: String, $c: ID) { resultMatches(date: $date, competitionId: $c) {
    count pageSize content { teamHome teamAway league statusId homeScore awayScore htHomeScore htAwayScore
      goals { side minute }
      statistics { shots { home away } shotsOnTarget { home away } corners { home away } yellowCards { home away } redCards { home away } } } } }`;

  beforeAll(async () => {
    const db = await openTestDatabase('pglite');
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    services = await openServices(config, modules, { sql: db.sql, now: () => NOW });
    app = await buildApp(config, services, modules, { authenticate: async () => null });
    await seedCatalogue(services.sql);
    await importFootballData(services, `${HEADER}\n${ROWS.join('\n')}\n`, { source: 'test.csv' });
  });
  afterAll(async () => {
    await app.close();
    await closeServices(services);
  });

  it('lists yesterday’s ended match with both scores and the imported statistics', async () => {
    const { data } = await gql(RESULTS, { date: '2025-01-09' });
    expect(data.resultMatches.pageSize).toBe(20);
    expect(data.resultMatches.content).toEqual([
      {
        teamHome: 'Man City',
        teamAway: 'Wolves',
        league: 'Premier League',
        statusId: 3,
        homeScore: 2,
        awayScore: 1,
        htHomeScore: 1,
        htAwayScore: 0,
        goals: [],
        statistics: {
          shots: { home: 17, away: 8 },
          shotsOnTarget: { home: 7, away: 3 },
          corners: { home: 9, away: 2 },
          yellowCards: { home: 1, away: 3 },
          redCards: { home: 0, away: 1 },
        },
      },
    ]);
  });

  it('shows today by default, narrows by league and refuses days outside the window', async () => {
    expect((await gql(RESULTS)).data.resultMatches.count).toBe(0);
    const { rows } = await services.sql.query<{ id: string }>(
      `SELECT id::text FROM competitions WHERE name = 'Premier League'`,
    );
    expect((await gql(RESULTS, { date: '2025-01-09', c: rows[0]!.id })).data.resultMatches.count).toBe(1);
    expect((await gql(RESULTS, { date: '2025-01-09', c: '999999' })).data.resultMatches.count).toBe(0);
    for (const date of ['2025-01-02', '2025-01-11', '09/01/2025'])
      expect((await gql(RESULTS, { date })).errors[0].extensions.code).toBe('BAD_INPUT');
  });

  it('keeps an ended match on the match page with its closed markets', async () => {
    const { rows } = await services.sql.query<{ id: string }>(
      `SELECT m.id::text FROM matches m JOIN teams t ON t.id = m.home_team_id WHERE t.name = 'Man City'`,
    );
    const { data } = await gql(
      `query($id: ID!) { matchMarkets(matchId: $id) { match { statusId statistics { corners { home away } } }
        groups { bettingTypeId markets { statusId } } } }`,
      { id: rows[0]!.id },
    );
    expect(data.matchMarkets.match).toEqual({ statusId: 3, statistics: { corners: { home: 9, away: 2 } } });
    expect(data.matchMarkets.groups.length).toBeGreaterThan(0);
    for (const g of data.matchMarkets.groups) for (const m of g.markets) expect(m.statusId).toBe(3);
  });

  it('re-importing the same file with statistics changes nothing', async () => {
    const before = await services.sql.query<{ v: number }>(
      'SELECT sum(object_version)::int AS v FROM matches',
    );
    await importFootballData(services, `${HEADER}\n${ROWS.join('\n')}\n`, { source: 'test.csv' });
    const after = await services.sql.query<{ v: number }>(
      'SELECT sum(object_version)::int AS v FROM matches',
    );
    expect(after.rows[0]!.v).toBe(before.rows[0]!.v);
  });
});
