/**
 * The statistics module (issue 5 items 4 and 8; spec §2 admin "statistics (today, hourly, historical,
 * proxy)", §3 "Agent statistics"; docs/statistics.md): the `statistics` projection and the back-office
 * queries over it. Every query needs a staff permission: `stats.view`, or `agents.view` for agents.
 */
import { readFileSync } from 'node:fs';
import type { IResolvers } from 'mercurius';
import type { QueryResolvers } from '../../graphql/generated.ts';
import { codedError } from '../../graphql/errors.ts';
import type { ApiModule } from '../module.ts';
import { requireStaff } from '../../auth/guard.ts';
import { daysBetween, eatDate, isDate } from '@bashiri/domain';
import { statisticsProjection } from './projection.ts';
import { agentStats, statsDaily, statsHourly } from './queries.ts';

/** What other modules may use of this one (docs/decisions/0011-import-boundaries.md). */
export { agentStatsOf, statsDaily } from './queries.ts';
export type { StatsDaily, StatsRow } from './queries.ts';

/** Longest range a daily or agent report covers, in days. */
export const MAX_RANGE_DAYS = 366;

const date = (value: string, field: string): string => {
  const text = value.trim();
  if (!isDate(text)) throw codedError('BAD_INPUT', `${field}: a date 'yyyy-MM-dd' (EAT)`, { field });
  return text;
};

const range = (from: string, to: string): [string, string] => {
  const [f, t] = [date(from, 'from'), date(to, 'to')];
  if (t < f) throw codedError('BAD_INPUT', 'to: on or after from', { field: 'to' });
  if (daysBetween(f, t) > MAX_RANGE_DAYS)
    throw codedError('BAD_INPUT', `to: at most ${MAX_RANGE_DAYS} days after from`, { field: 'to' });
  return [f, t];
};

const wholeIn = (value: number, min: number, max: number, field: string): number => {
  if (!Number.isInteger(value) || value < min || value > max)
    throw codedError('BAD_INPUT', `${field}: a whole number from ${min} to ${max}`, { field });
  return value;
};

const Query: QueryResolvers = {
  statsToday: async (_root, _args, ctx) => {
    requireStaff(ctx, 'stats.view');
    return statsHourly(ctx.services.sql, eatDate(ctx.services.now()));
  },
  statsHourly: async (_root, args, ctx) => {
    requireStaff(ctx, 'stats.view');
    return statsHourly(ctx.services.sql, date(args.date, 'date'));
  },
  statsDaily: async (_root, args, ctx) => {
    requireStaff(ctx, 'stats.view');
    return statsDaily(ctx.services.sql, ...range(args.from, args.to));
  },
  agentStats: async (_root, args, ctx) => {
    requireStaff(ctx, 'agents.view');
    const [from, to] = range(args.from, args.to);
    const page = wholeIn(args.page ?? 1, 1, 1_000_000, 'page');
    const pageSize = wholeIn(args.pageSize ?? 10, 1, 100, 'pageSize');
    return agentStats(ctx.services.sql, from, to, page, pageSize);
  },
};

export const statisticsModule: ApiModule = {
  name: 'statistics',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  migrations: new URL('./migrations/', import.meta.url),
  projections: [statisticsProjection],
  resolvers: { Query } as IResolvers,
};
