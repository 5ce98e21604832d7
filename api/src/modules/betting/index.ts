/**
 * The betting module (issue 5 items 5 and 6, issue 4 item 5): bet placement, the configuration in
 * force, orders read models, my bets, booking codes, and the settlement process manager.
 */
import type { IResolvers } from 'mercurius';
import type {
  BettingPause,
  MutationResolvers,
  QueryResolvers,
  SettledBetNotice,
  SubscriptionResolvers,
} from '../../graphql/generated.ts';
import { NO_BET_OPEN, PAY_TYPE_BALANCE, PAY_TYPE_CREDIT } from '@bashiri/domain';
import { readFileSync } from 'node:fs';
import { enforceRates, RATE_LIMITS } from '../../auth/limiter.ts';
import { MAX_SELECTIONS } from '@bashiri/domain';
import type { GraphQLContext } from '../../graphql/context.ts';
import { codedError } from '../../graphql/errors.ts';
import type { ApiModule } from '../module.ts';
import { requirePlayer } from '../../auth/guard.ts';
import { shareSlip, loadBookingCode } from './booking.ts';
import { configInForce, seedBettingConfig } from './config.ts';
import { ordersProjection } from './orders-projection.ts';
import { placeBet } from './placement.ts';
import { myBets, orderById, orderOfPlaced } from './queries.ts';
import { settlementTriggers } from './settlement-projection.ts';
import { startSettlementWorker } from './settlement.ts';

export { cancelBet } from './cancel.ts';
export type { CancelBetInput, CancelBetResult } from './cancel.ts';
/** What other modules may use of this one (docs/decisions/0011-import-boundaries.md). */
export { CONFIG_STAMP_SQL, configInForce, configInForceStamped, seedBettingConfig } from './config.ts';
export { ordersProjection } from './orders-projection.ts';
export { placeBet } from './placement.ts';
export type { OddsChangePolicy, PlaceBetAnswer } from './placement.ts';
export { ORDER_COLUMNS, orderOfPlaced, withLines } from './queries.ts';
export { legOf, loadSelections, unavailability } from './selections.ts';
export { drainSettlementQueue } from './settlement.ts';

type Subscribable = GraphQLContext & {
  pubsub: { subscribe(topic: string): Promise<AsyncIterable<unknown>> };
};

/** The subscription source of `ctx` (Mercurius puts `pubsub` in a subscription's context). */
const pubsubOf = (ctx: GraphQLContext) => (ctx as Subscribable).pubsub;

/**
 * Read your own bets (spec §2 `/order`): the orders read model applies every event visible now before
 * a player's read of it, waiting behind a batch another runner holds — so a bet the player placed a
 * moment ago (on this instance or another, through the site or the API) is in the list and its detail
 * at once, not after the background loop's next batch. Costs one short transaction when nothing is new.
 */
const ownBetsFresh = (ctx: GraphQLContext) =>
  ctx.services.projections.catchUp(ordersProjection, { wait: true });

/** Reads of the player's orders: rows mapped in queries.ts (not yet typed with the generated types). */
const orderQueries = {
  myBets: async (
    _root: unknown,
    args: { tab: 'OPEN' | 'SETTLED'; archive: 'RECENT' | 'OLDER'; page?: number; pageSize?: number },
    ctx: GraphQLContext,
  ) => {
    const { userId } = requirePlayer(ctx);
    await ownBetsFresh(ctx);
    const page = Math.max(1, Math.floor(args.page ?? 1));
    const pageSize = Math.min(50, Math.max(1, Math.floor(args.pageSize ?? 10)));
    return myBets(
      ctx.services.sql,
      userId,
      { tab: args.tab, archive: args.archive, page, pageSize },
      ctx.services.now(),
    );
  },
  myBet: async (_root: unknown, { id }: { id: string }, ctx: GraphQLContext) => {
    const { userId } = requirePlayer(ctx);
    await ownBetsFresh(ctx);
    return orderById(ctx.services.sql, id, userId);
  },
};

const Query: QueryResolvers = {
  betConfig: async (_root, _args, ctx) => {
    const { config, version } = await configInForce(ctx.services.sql, ctx.services.now());
    return { ...config, minStringRewardOdds: Number(config.minStringRewardOdds).toFixed(2), version };
  },
  bettingPause: async (_root, _args, ctx) => {
    const { config } = await configInForce(ctx.services.sql, ctx.services.now());
    return { paused: config.noBet !== NO_BET_OPEN, prompt: config.pausePrompt };
  },
  stringRewards: async (_root, _args, ctx) =>
    (await configInForce(ctx.services.sql, ctx.services.now())).config.stringRewards,
  bookingCode: async (_root, { code }, ctx) => loadBookingCode(ctx.services.sql, code, ctx.services.now()),
};

const Mutation: MutationResolvers = {
  placeBet: async (_root, { input }, ctx) => {
    const { userId } = requirePlayer(ctx);
    // spec §5 "Accumulator": at most MAX_SELECTIONS (60) legs; refused before any read
    if (input.selections.length > MAX_SELECTIONS) {
      throw codedError('TOO_MANY_SELECTIONS', `at most ${MAX_SELECTIONS} selections`, {
        field: 'selections',
      });
    }
    const answer = await placeBet(ctx.services, userId, {
      requestId: input.requestId,
      payType: input.payType === 'CREDIT' ? PAY_TYPE_CREDIT : PAY_TYPE_BALANCE,
      amount: input.amount,
      selections: [...input.selections],
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
      limitLeft: answer.limitLeft ?? null,
    };
  },
  shareSlip: async (_root, { selections }, ctx) => {
    if (selections.length === 0 || selections.length > MAX_SELECTIONS)
      throw codedError('BAD_INPUT', `a booking code holds 1 to ${MAX_SELECTIONS} selections`, {
        field: 'selections',
      });
    // Anyone may share (issue 15 item 6): well-formed ids and odds only, and a per-IP limit.
    if (selections.some((s) => !/^\d{1,18}$/.test(s.selectionId) || s.odds.length > 12))
      throw codedError('BAD_INPUT', 'a selection is an id and decimal odds', { field: 'selections' });
    await enforceRates(
      ctx.services.sql,
      [[`share-slip:ip:${ctx.ip}`, RATE_LIMITS.shareSlipPerIp]],
      ctx.services.now(),
    );
    const code = await shareSlip(
      ctx.services.sql,
      [...selections],
      ctx.viewer?.kind === 'player' ? ctx.viewer.userId : null,
    );
    const booking = await loadBookingCode(ctx.services.sql, code, ctx.services.now());
    if (!booking) throw new Error(`booking code ${code} was not stored`); // just written: never
    return booking;
  },
};

const Subscription: SubscriptionResolvers = {
  mySettledBets: {
    subscribe: async (_root, _args, ctx) =>
      pubsubOf(ctx).subscribe(`BET_SETTLED:${requirePlayer(ctx).userId}`),
    resolve: (payload: SettledBetNotice) => payload,
  },
  bettingPause: {
    subscribe: async (_root, _args, ctx) => pubsubOf(ctx).subscribe('BETTING_PAUSE'),
    resolve: (payload: BettingPause) => payload,
  },
};

export const bettingModule: ApiModule = {
  name: 'betting',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  migrations: new URL('./migrations/', import.meta.url),
  projections: [ordersProjection, settlementTriggers],
  start: async (services) => {
    await seedBettingConfig(services.sql);
    return startSettlementWorker(services);
  },
  resolvers: { Query: { ...orderQueries, ...Query }, Mutation, Subscription } as IResolvers,
};
