/**
 * The statistics module (issue 5 items 4 and 8; spec §2 admin "statistics (today, hourly, historical,
 * proxy)", §3 "Agent statistics"; docs/statistics.md): the `statistics` projection and the back-office
 * queries over it. Every query needs a staff permission: `stats.view`, or `agents.view` for agents.
 */
import { readFileSync } from 'node:fs';
import type { GraphQLContext } from '../../graphql/context.ts';
import { codedError } from '../../graphql/errors.ts';
import type { ApiModule } from '../module.ts';
import { requireStaff } from '../staff/guard.ts';
import { daysBetween, eatDate, isDate } from './eat.ts';
import { statisticsProjection } from './projection.ts';
import { agentStats, statsDaily, statsHourly } from './queries.ts';

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

export const statisticsModule: ApiModule = {
  name: 'statistics',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  migrations: new URL('./migrations/', import.meta.url),
  projections: [statisticsProjection],
  resolvers: {
    Query: {
      statsToday: async (_root: unknown, _args: unknown, ctx: GraphQLContext) => {
        requireStaff(ctx, 'stats.view');
        return statsHourly(ctx.services.sql, eatDate(ctx.services.now()));
      },
      statsHourly: async (_root: unknown, args: { date: string }, ctx: GraphQLContext) => {
        requireStaff(ctx, 'stats.view');
        return statsHourly(ctx.services.sql, date(args.date, 'date'));
      },
      statsDaily: async (_root: unknown, args: { from: string; to: string }, ctx: GraphQLContext) => {
        requireStaff(ctx, 'stats.view');
        return statsDaily(ctx.services.sql, ...range(args.from, args.to));
      },
      agentStats: async (
        _root: unknown,
        args: { from: string; to: string; page?: number | null; pageSize?: number | null },
        ctx: GraphQLContext,
      ) => {
        requireStaff(ctx, 'agents.view');
        const [from, to] = range(args.from, args.to);
        const page = wholeIn(args.page ?? 1, 1, 1_000_000, 'page');
        const pageSize = wholeIn(args.pageSize ?? 10, 1, 100, 'pageSize');
        return agentStats(ctx.services.sql, from, to, page, pageSize);
      },
    },
  },
};
