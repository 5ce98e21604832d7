/**
 * The football catalogue (issue 4; docs/catalogue.md): countries, competitions, teams, matches, markets,
 * outcomes and odds; player lists and markets, staff edits, the football-data importer, and
 * {@link recordFixtureFact} for results.
 */
import type { MutationResolvers, QueryResolvers } from '../../graphql/generated.ts';
import { readFileSync } from 'node:fs';
import type { GraphQLContext } from '../../graphql/context.ts';
import { codedError } from '../../graphql/errors.ts';
import type { ApiModule } from '../module.ts';
import { requireStaff } from '../../auth/guard.ts';
import { countryMenu, popularCompetitions } from './menu.ts';
import { liveMatchCount, listMatches, matchMarkets, resultWindow, upcomingWindow } from './queries.ts';
import type { MatchList } from './queries.ts';
import { seedCatalogue } from './seed.ts';
import { staffMatches } from './staff-matches.ts';
import { staffCountries } from './staff-leagues.ts';
import type { StaffMatchFilter, StaffMatchOrder } from './staff-matches.ts';
import {
  bettingTypeView,
  staffFixtureFact,
  updateBettingType,
  updateBookmakerSequence,
  updateCompetition,
  updateCountrySequence,
  updateMatchFlags,
} from './staff.ts';

export { recordFixtureFact } from './fixture-facts.ts';
export type { FixtureFactCommand, FixtureFactOutcome } from './fixture-facts.ts';
export { MATCH_UPDATED, ODDS_CHANGED } from './topics.ts';
export type { MatchUpdated, OddsChanged, OutcomeChange } from './topics.ts';
export type { GoalView, MatchStatistics } from './statistics.ts';
export { goalMinuteText, statisticsAt } from './statistics.ts';
export {
  legOfOutcome,
  BETTING_TYPE,
  OUTCOME_TYPE,
  EVENT_PART,
  MATCH_STATUS,
  OFFER_STATUS,
} from './conventions.ts';
export { seedCatalogue } from './seed.ts';
export { importFootballData } from './football-data/import.ts';
export { poolCandidatesById, upcomingPoolCandidates } from './pool-candidates.ts';
export type { PoolCandidate } from './pool-candidates.ts';

/** What other modules may use of this one (docs/decisions/0011-import-boundaries.md). */
export { parseFootballData } from './football-data/parse.ts';
export type { Fixture } from './football-data/parse.ts';
export { DIVISIONS } from './seed-data.ts';
export { publishMatchUpdated, publishOddsChanged } from './topics.ts';
export type { MatchRow } from './topics.ts';

type Page = { page?: number | null };
type Score = { home: number; away: number };

const list = (kind: MatchList) => (ctx: GraphQLContext, page?: number | null) =>
  listMatches(ctx.services.sql, kind, page ?? 1, ctx.services.now());
const numericId = (id: string, field: string): string => {
  if (!/^\d{1,9}$/.test(id)) throw codedError('NOT_FOUND', `no such ${field}`, { field });
  return id;
};

const catalogueQuery: QueryResolvers = {
  homeMatches: (_: unknown, { page }: Page, ctx: GraphQLContext) => list({ kind: 'home' })(ctx, page),
  upcomingMatches: (_: unknown, { date, page }: Page & { date?: string | null }, ctx: GraphQLContext) =>
    list({ kind: 'upcoming', ...upcomingWindow(ctx.services.now(), date) })(ctx, page),
  liveMatches: (_: unknown, { page }: Page, ctx: GraphQLContext) => list({ kind: 'live' })(ctx, page),
  liveMatchCount: (_: unknown, __: unknown, ctx: GraphQLContext) =>
    liveMatchCount(ctx.services.sql, ctx.services.now()),
  topMatches: (_: unknown, { page }: Page, ctx: GraphQLContext) => list({ kind: 'top' })(ctx, page),
  oddsBoostMatches: (_: unknown, { page }: Page, ctx: GraphQLContext) =>
    list({ kind: 'oddsBoost' })(ctx, page),
  todayHottestMatches: (_: unknown, { page }: Page, ctx: GraphQLContext) =>
    list({ kind: 'todayHottest' })(ctx, page),
  popularMatches: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
    const [todayPopular, popular, live] = [
      await list({ kind: 'todayHottest' })(ctx),
      await list({ kind: 'top' })(ctx),
      await list({ kind: 'live' })(ctx),
    ];
    return { todayPopular: todayPopular.content, popular: popular.content, live: live.content };
  },
  leagueMatches: (
    _: unknown,
    { competitionId, page }: Page & { competitionId: string },
    ctx: GraphQLContext,
  ) => list({ kind: 'league', competitionId: numericId(competitionId, 'competitionId') })(ctx, page),
  countryMatches: (_: unknown, { countryId, page }: Page & { countryId: string }, ctx: GraphQLContext) =>
    list({ kind: 'country', countryId: numericId(countryId, 'countryId') })(ctx, page),
  searchMatches: (_: unknown, { keyword, page }: Page & { keyword: string }, ctx: GraphQLContext) => {
    const trimmed = keyword.trim();
    if (trimmed === '') throw codedError('BAD_INPUT', 'enter search parameters', { field: 'keyword' });
    return list({ kind: 'search', keyword: trimmed })(ctx, page);
  },
  resultMatches: (
    _: unknown,
    { date, competitionId, page }: Page & { date?: string | null; competitionId?: string | null },
    ctx: GraphQLContext,
  ) =>
    list({
      kind: 'results',
      ...resultWindow(ctx.services.now(), date),
      competitionId: competitionId ? numericId(competitionId, 'competitionId') : null,
    })(ctx, page),
  countryMenu: (_: unknown, __: unknown, ctx: GraphQLContext) =>
    countryMenu(ctx.services.sql, ctx.services.now()),
  popularCompetitions: (_: unknown, __: unknown, ctx: GraphQLContext) =>
    popularCompetitions(ctx.services.sql, ctx.services.now()),
  matchMarkets: (_: unknown, { matchId }: { matchId: string }, ctx: GraphQLContext) =>
    matchMarkets(ctx.services.sql, matchId),
  staffMatches: (
    _: unknown,
    args: {
      filter?: StaffMatchFilter | null;
      page?: number | null;
      pageSize?: number | null;
      order?: StaffMatchOrder | null;
    },
    ctx: GraphQLContext,
  ) => {
    requireStaff(ctx, 'matches.view');
    return staffMatches(ctx.services.sql, args, ctx.services.now());
  },
  bookmakers: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
    requireStaff(ctx, 'matches.view');
    const { rows } = await ctx.services.sql.query<{
      id: string;
      code: string | null;
      name: string;
      sequence: number;
    }>('SELECT id::text, code, name, sequence FROM bookmakers ORDER BY sequence DESC, name');
    return rows;
  },
};

const catalogueMutation: MutationResolvers = {
  updateMatchFlags: (
    _: unknown,
    a: { matchId: string; input: Parameters<typeof updateMatchFlags>[2] },
    ctx: GraphQLContext,
  ) => updateMatchFlags(ctx, a.matchId, a.input),
  recordMatchResult: (
    _: unknown,
    a: { matchId: string; halfTime: Score; fullTime: Score },
    ctx: GraphQLContext,
  ) =>
    staffFixtureFact(ctx, a.matchId, {
      type: 'RecordResult',
      halfTime: a.halfTime,
      fullTime: a.fullTime,
    }),
  correctMatchResult: (
    _: unknown,
    a: { matchId: string; halfTime: Score; fullTime: Score; reason: string },
    ctx: GraphQLContext,
  ) =>
    staffFixtureFact(ctx, a.matchId, {
      type: 'CorrectResult',
      halfTime: a.halfTime,
      fullTime: a.fullTime,
      reason: a.reason,
    }),
  cancelMatch: (_: unknown, a: { matchId: string; reason: string }, ctx: GraphQLContext) =>
    staffFixtureFact(ctx, a.matchId, { type: 'CancelMatch', reason: a.reason }),
};

export const catalogueModule: ApiModule = {
  name: 'catalogue',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  migrations: new URL('./migrations/', import.meta.url),
  start: async (services) => {
    await seedCatalogue(services.sql);
    return async () => undefined;
  },
  resolvers: {
    Query: {
      ...catalogueQuery,
      bettingTypes: async (_: unknown, __: unknown, ctx: GraphQLContext) =>
        (
          await ctx.services.sql.query<Record<string, unknown>>('SELECT * FROM betting_types ORDER BY id')
        ).rows.map(bettingTypeView),
      staffCountries: (_: unknown, __: unknown, ctx: GraphQLContext) => {
        requireStaff(ctx, 'matches.view');
        return staffCountries(ctx.services.sql, ctx.services.now());
      },
    },
    Mutation: {
      ...catalogueMutation,
      updateCompetition: (
        _: unknown,
        a: { competitionId: string; input: Parameters<typeof updateCompetition>[2] },
        ctx: GraphQLContext,
      ) => updateCompetition(ctx, a.competitionId, a.input),
      updateCountrySequence: (_: unknown, a: { countryId: string; sequence: number }, ctx: GraphQLContext) =>
        updateCountrySequence(ctx, a.countryId, a.sequence),
      updateBookmakerSequence: (
        _: unknown,
        a: { bookmakerId: string; sequence: number },
        ctx: GraphQLContext,
      ) => updateBookmakerSequence(ctx, a.bookmakerId, a.sequence),
      updateBettingType: (
        _: unknown,
        a: { bettingTypeId: number; input: Parameters<typeof updateBettingType>[2] },
        ctx: GraphQLContext,
      ) => updateBettingType(ctx, a.bettingTypeId, a.input),
    },
  },
};
