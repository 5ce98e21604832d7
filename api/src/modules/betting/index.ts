/**
 * The betting module (issue 5 items 5 and 6, issue 4 item 5): bet placement, the configuration in
 * force, orders read models, my bets, booking codes, and the settlement process manager.
 */
import { readFileSync } from 'node:fs';
import type { BetChannel } from '@bashiri/domain';
import type { GraphQLContext } from '../../graphql/context.ts';
import { codedError } from '../../graphql/errors.ts';
import type { ApiModule } from '../module.ts';
import { requirePlayer } from '../staff/guard.ts';
import { shareSlip, loadBookingCode } from './booking.ts';
import { configInForce, seedBettingConfig } from './config.ts';
import { ordersProjection } from './orders-projection.ts';
import { placeBet } from './placement.ts';
import type { OddsChangePolicy } from './placement.ts';
import { myBets, orderById, orderOfPlaced } from './queries.ts';
import { settlementTriggers, startSettlementWorker } from './settlement.ts';

type Subscribable = GraphQLContext & {
  pubsub: { subscribe(topic: string): Promise<AsyncIterable<unknown>> };
};

interface PlaceBetArgs {
  input: {
    requestId: string;
    payType: 'BALANCE' | 'CREDIT';
    amount: number;
    selections: { selectionId: string; odds: string }[];
    oddsChange?: OddsChangePolicy | null;
    channel?: BetChannel | null;
  };
}

const MAX_SELECTIONS_IN_REQUEST = 100;

export const bettingModule: ApiModule = {
  name: 'betting',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  migrations: new URL('./migrations/', import.meta.url),
  projections: [ordersProjection, settlementTriggers],
  start: async (services) => {
    await seedBettingConfig(services.sql);
    return startSettlementWorker(services);
  },
  resolvers: {
    Query: {
      myBets: async (
        _root: unknown,
        args: { tab: 'OPEN' | 'SETTLED'; archive: 'RECENT' | 'OLDER'; page?: number; pageSize?: number },
        ctx: GraphQLContext,
      ) => {
        const { userId } = requirePlayer(ctx);
        const page = Math.max(1, Math.floor(args.page ?? 1));
        const pageSize = Math.min(50, Math.max(1, Math.floor(args.pageSize ?? 10)));
        return myBets(
          ctx.services.sql,
          userId,
          { tab: args.tab, archive: args.archive, page, pageSize },
          ctx.services.now(),
        );
      },
      myBet: async (_root: unknown, { id }: { id: string }, ctx: GraphQLContext) =>
        orderById(ctx.services.sql, id, requirePlayer(ctx).userId),
      betConfig: async (_root: unknown, _args: unknown, ctx: GraphQLContext) => {
        const { config, version } = await configInForce(ctx.services.sql, ctx.services.now());
        return { ...config, minStringRewardOdds: Number(config.minStringRewardOdds).toFixed(2), version };
      },
      bettingPause: async (_root: unknown, _args: unknown, ctx: GraphQLContext) => {
        const { config } = await configInForce(ctx.services.sql, ctx.services.now());
        return { paused: config.noBet !== 0, prompt: config.pausePrompt };
      },
      stringRewards: async (_root: unknown, _args: unknown, ctx: GraphQLContext) =>
        (await configInForce(ctx.services.sql, ctx.services.now())).config.stringRewards,
      bookingCode: async (_root: unknown, { code }: { code: string }, ctx: GraphQLContext) =>
        loadBookingCode(ctx.services.sql, code, ctx.services.now()),
    },
    Mutation: {
      placeBet: async (_root: unknown, { input }: PlaceBetArgs, ctx: GraphQLContext) => {
        const { userId } = requirePlayer(ctx);
        if (input.selections.length > MAX_SELECTIONS_IN_REQUEST) {
          throw codedError('TOO_MANY_SELECTIONS', `at most 60 selections`, { field: 'selections' });
        }
        const answer = await placeBet(ctx.services, userId, {
          requestId: input.requestId,
          payType: input.payType === 'CREDIT' ? 2 : 1,
          amount: input.amount,
          selections: input.selections,
          oddsChange: input.oddsChange ?? 'NONE',
          channel: input.channel ?? 'DESKTOP',
        });
        if (answer.status === 'PLACED')
          return { status: 'PLACED', order: orderOfPlaced(answer.placed), nobetList: [] };
        return {
          status: 'REJECTED',
          order: null,
          code: answer.code,
          message: answer.message,
          nobetList: answer.nobetList,
        };
      },
      shareSlip: async (
        _root: unknown,
        { selections }: { selections: { selectionId: string; odds: string }[] },
        ctx: GraphQLContext,
      ) => {
        if (selections.length === 0 || selections.length > 60)
          throw codedError('BAD_INPUT', 'a booking code holds 1 to 60 selections', { field: 'selections' });
        const code = await shareSlip(
          ctx.services.sql,
          selections,
          ctx.viewer?.kind === 'player' ? ctx.viewer.userId : null,
        );
        return loadBookingCode(ctx.services.sql, code, ctx.services.now());
      },
    },
    Subscription: {
      mySettledBets: {
        subscribe: async (_root: unknown, _args: unknown, ctx: Subscribable) =>
          ctx.pubsub.subscribe(`BET_SETTLED:${requirePlayer(ctx).userId}`),
        resolve: (payload: unknown) => payload,
      },
      bettingPause: {
        subscribe: async (_root: unknown, _args: unknown, ctx: Subscribable) =>
          ctx.pubsub.subscribe('BETTING_PAUSE'),
        resolve: (payload: unknown) => payload,
      },
    },
  },
};
