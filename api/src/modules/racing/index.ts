/**
 * The racing module (issue 19; spec §1 racing and racing coin, §2 racing screens, §3 "Racing order",
 * "Racing period", "Racing config", §4, §5, §8, §9; docs/racing.md): the round scheduler (a process
 * manager), racing orders and the racing coin exchange through the money path, settlement, read models,
 * and the public, player and back-office GraphQL fields.
 */
import { readFileSync } from 'node:fs';
import type { IResolvers } from 'mercurius';
import { exchangeQuote, RacingOrderStatus, RacingResult } from '@bashiri/domain';
import type { RacingSelection } from '@bashiri/domain';
import type {
  MutationResolvers,
  QueryResolvers,
  RacingRoundStep,
  SubscriptionResolvers,
} from '../../graphql/generated.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { codedError, fromDomainError } from '../../graphql/errors.ts';
import { requirePlayer, requireStaff } from '../../auth/guard.ts';
import { audit } from '../audit/index.ts';
import { walletOf } from '../wallet/index.ts';
import type { ApiModule } from '../module.ts';
import { startWorkerLoop } from '../../worker-loop.ts';
import {
  applyChange,
  racingSettings,
  racingSettingsError,
  saveRacingSettings,
  seedRacingConfig,
} from './config.ts';
import { exchangeRacingCoin, placeRacingBet } from './placement.ts';
import { racingProjection } from './projection.ts';
import {
  betTypeCode,
  configView,
  drawnPeriods,
  hotCold,
  orderOf,
  periodById,
  racingClock,
  racingOrders,
  roundReports,
} from './queries.ts';
import { catchUpRacing, runRacingScheduler } from './rounds.ts';
import { drainRacingSettlement } from './settlement.ts';
import { voidRacingRound } from './void.ts';

/** What other modules and tools may use of this one (docs/decisions/0011-import-boundaries.md). */
export { runRacingScheduler } from './rounds.ts';
export { drainRacingSettlement } from './settlement.ts';
export { voidRacingRound } from './void.ts';
export { placeRacingBet, exchangeRacingCoin, racingBetId } from './placement.ts';
export { racingSettings, seedRacingConfig } from './config.ts';
export { racingBetStream, racingRoundStream } from './projection.ts';

const page = (n: number | null | undefined) => Math.max(1, Math.floor(n ?? 1));
const size = (n: number | null | undefined) => Math.min(50, Math.max(1, Math.floor(n ?? 20)));
/** Order statuses and results a staff filter may name (spec §4 "Racing order"). */
const ORDER_STATUSES: ReadonlySet<number> = new Set(Object.values(RacingOrderStatus));
const ORDER_RESULTS: ReadonlySet<number> = new Set(Object.values(RacingResult));
/** Refuses a filter code outside the spec's list with BAD_INPUT on `field` (absent passes). */
const codeOf = (
  value: number | null | undefined,
  codes: ReadonlySet<number>,
  field: string,
  message: string,
) => {
  if (value !== null && value !== undefined && !codes.has(value))
    throw codedError('BAD_INPUT', message, { field });
};
const DIRECTION = { TO_RACING_COIN: 'toRacingCoin', TO_BALANCE: 'toBalance' } as const;

type Subscribable = GraphQLContext & {
  pubsub: { subscribe(topic: string): Promise<AsyncIterable<unknown>> };
};

/** The picks of a placement as the domain's selection (shape errors are the decider's codes). */
const selectionOf = (
  betType: RacingSelection['betType'],
  positions: readonly (readonly number[])[] | null | undefined,
  options: readonly string[] | null | undefined,
): RacingSelection =>
  betType === 4 || betType === 5
    ? ({ betType, options: [...(options ?? [])] } as RacingSelection)
    : { betType, positions: (positions ?? []).map((p) => [...p]) };

const Query: QueryResolvers = {
  racingConfig: async (_root, _args, ctx) => configView(await racingSettings(ctx.services.sql)),
  racingClock: async (_root, _args, ctx) =>
    racingClock(ctx.services.sql, await racingSettings(ctx.services.sql), ctx.services.now()),
  racingPeriods: async (_root, args, ctx) =>
    drawnPeriods(ctx.services.sql, page(args.page), size(args.pageSize), ctx.services.now()),
  racingPeriod: async (_root, { id }, ctx) => periodById(ctx.services.sql, id, ctx.services.now()),
  racingHotCold: async (_root, _args, ctx) => {
    const stats = await hotCold(ctx.services.sql);
    return { ...stats, cars: [...stats.cars], hot: [...stats.hot], cold: [...stats.cold] };
  },
  myRacingOrders: async (_root, args, ctx) => {
    const { userId } = requirePlayer(ctx);
    return racingOrders(ctx.services.sql, { userId }, page(args.page), size(args.pageSize), false);
  },
  racingExchangeQuote: async (_root, { direction, amount }, ctx) => {
    const { userId } = requirePlayer(ctx);
    const [settings, wallet] = await Promise.all([
      racingSettings(ctx.services.sql),
      walletOf(ctx.services).current(userId),
    ]);
    const dir = DIRECTION[direction];
    const quoted = exchangeQuote(
      dir,
      amount,
      dir === 'toRacingCoin' ? wallet.balance : wallet.racingCoin,
      settings.config.convertTaxRate,
    );
    if (!quoted.ok) throw fromDomainError(quoted.error);
    return { ...quoted.quote, direction };
  },
  racingOrders: async (_root, args, ctx) => {
    requireStaff(ctx, 'orders.view');
    const f = args.filter ?? {};
    codeOf(f.status, ORDER_STATUSES, 'status', 'status: spec §4 racing order statuses 2, 3 or 4');
    codeOf(f.result, ORDER_RESULTS, 'result', 'result: spec §4 racing results 1 to 5');
    return racingOrders(
      ctx.services.sql,
      {
        userId: f.userId ?? null,
        roundId: f.roundId ?? null,
        betType: f.betType ? betTypeCode(f.betType) : null,
        status: f.status ?? null,
        result: f.result ?? null,
        from: f.from ? new Date(f.from as string).toISOString() : null,
        to: f.to ? new Date(f.to as string).toISOString() : null,
      },
      page(args.page),
      size(args.pageSize),
      true,
    );
  },
  racingRounds: async (_root, args, ctx) => {
    requireStaff(ctx, 'orders.view');
    return roundReports(ctx.services.sql, page(args.page), size(args.pageSize), ctx.services.now());
  },
};

const deviceOf = (device: { utcOffsetMinutes: number; now: unknown }) => ({
  utcOffsetMinutes: device.utcOffsetMinutes,
  nowMs: new Date(device.now as string).getTime(),
});

const Mutation: MutationResolvers = {
  placeRacingBet: async (_root, { input }, ctx) => {
    const { userId } = requirePlayer(ctx);
    if (!Number.isSafeInteger(input.singleAmount))
      throw codedError('RACING_AMOUNT_STEP', 'the single amount is whole TZS', { field: 'singleAmount' });
    const answer = await placeRacingBet(ctx.services, userId, {
      requestId: input.requestId,
      roundId: input.roundId,
      selection: selectionOf(betTypeCode(input.betType), input.positions, input.options),
      singleAmount: input.singleAmount,
      device: deviceOf(input.device),
    });
    if (!answer.ok) throw fromDomainError(answer.error);
    const p = answer.placed;
    return orderOf(
      {
        bet_id: p.betId,
        user_id: p.userId,
        round_id: p.roundId,
        bet_type: p.selection.betType,
        selection: p.selection,
        tickets: p.tickets,
        single_amount: String(p.singleAmount),
        amount: String(p.amount),
        odds: p.terms.odds,
        tax_rate: p.terms.taxRate,
        tax: null,
        profit: null,
        payout: null,
        result: 1,
        status: 2,
        placed_at: p.at,
        settled_at: null,
      },
      false,
    );
  },
  exchangeRacingCoin: async (_root, { input }, ctx) => {
    const { userId } = requirePlayer(ctx);
    const answer = await exchangeRacingCoin(ctx.services, userId, {
      requestId: input.requestId,
      direction: DIRECTION[input.direction],
      amount: input.amount,
      device: deviceOf(input.device),
    });
    if (!answer.ok) throw fromDomainError(answer.error);
    return {
      quote: { ...answer.quote, direction: input.direction },
      balance: answer.balance,
      racingCoin: answer.racingCoin,
    };
  },
  voidRacingRound: async (_root, { roundId, reason }, ctx) => {
    const viewer = requireStaff(ctx, 'orders.cancel');
    const answer = await voidRacingRound(ctx.services, viewer.staffId, roundId, reason);
    if (!answer.ok) throw fromDomainError(answer.error);
    await audit(ctx.services.sql, {
      actor: `staff:${viewer.staffId}`,
      action: 'racing.round.void',
      entity: 'racing_round',
      entityId: roundId,
      reason,
      after: { phase: 'voided' },
    });
    const period = await periodById(ctx.services.sql, roundId, ctx.services.now());
    if (!period)
      throw codedError('RACING_ROUND_NOT_FOUND', 'the round is not scheduled', { field: 'roundId' });
    return period;
  },
  updateRacingConfig: async (_root, { input }, ctx) => {
    const viewer = requireStaff(ctx, 'config.edit');
    const current = await racingSettings(ctx.services.sql);
    const { clearHighestProfit, highestProfit, ...rest } = input;
    const change = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null && v !== undefined));
    const next = applyChange(current, {
      ...change,
      ...(clearHighestProfit ? { highestProfit: null } : highestProfit ? { highestProfit } : {}),
    });
    const error = racingSettingsError(next);
    if (error) throw fromDomainError(error);
    await saveRacingSettings(ctx.services.sql, next, `staff:${viewer.staffId}`);
    await audit(ctx.services.sql, {
      actor: `staff:${viewer.staffId}`,
      action: 'racing.config.update',
      entity: 'racing_config',
      entityId: 1,
      before: { ...current.config, ...current.schedule },
      after: { ...next.config, ...next.schedule },
    });
    return configView(await racingSettings(ctx.services.sql));
  },
};

const Subscription: SubscriptionResolvers = {
  racingRound: {
    subscribe: async (_root, _args, ctx) => (ctx as Subscribable).pubsub.subscribe('RACING_ROUND'),
    resolve: (payload: RacingRoundStep) => payload,
  },
};

/**
 * Whether the scheduler runs in this process: `RACING_SCHEDULER=0` turns it off; on by default (the
 * demo's `npm start` runs rounds on its own).
 */
export const racingSchedulerEnabled = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env['RACING_SCHEDULER'] !== '0';

export const racingModule: ApiModule = {
  name: 'racing',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  migrations: new URL('./migrations/', import.meta.url),
  projections: [racingProjection],
  start: async (services) => {
    await seedRacingConfig(services.sql);
    if (!racingSchedulerEnabled()) return async () => undefined;
    return startWorkerLoop(
      async () => {
        await runRacingScheduler(services);
        // Racing's own projection only (decision 0136): the background runner keeps the rest.
        await catchUpRacing(services);
        await drainRacingSettlement(services);
      },
      {
        pollMs: 1_000,
        onError: (error) => services.logger.error({ err: error }, 'racing scheduler failed'),
      },
    );
  },
  resolvers: { Query, Mutation, Subscription } as IResolvers,
};
