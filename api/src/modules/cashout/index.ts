/**
 * The cash-out module (issue 20; spec §3 early-settlement odds, §4 order status 6, §7
 * `order_list/early_settlement_preparation` and `early_settlements`, §9 early-settlement delay;
 * docs/cash-out.md; decisions 0019, 0039–0041): offers priced from the live state, acceptance of full
 * and partial cash-outs on the money path, automatic cash-out (a process manager), the settings, and
 * status 6 on the orders.
 */
import type { IResolvers } from 'mercurius';
import { readFileSync } from 'node:fs';
import { cashOutPart, cashOutPartError } from '@bashiri/domain';
import type { CashOutConfig, CashOutTolerance, Market } from '@bashiri/domain';
import { requirePlayer, requireStaff } from '../../auth/guard.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { codedError, fromDomainError } from '../../graphql/errors.ts';
import type { AppServices } from '../../services.ts';
import type { ApiModule } from '../module.ts';
import { acceptCashOut } from './accept.ts';
import type { AcceptInput } from './accept.ts';
import { autoRules, clearAutoRule, setAutoRule, startAutoCashOutWorker } from './auto.ts';
import type { AutoRule } from './auto.ts';
import { cashOutConfigInForce, saveCashOutConfig } from './config.ts';
import { quoteBets, quoteContext } from './quotes.ts';
import { quoteShared } from './shared.ts';
import { cashOutRecordsProjection } from './projection.ts';
import { offerUpdates } from './offers.ts';
import { MATCH_UPDATED, ODDS_CHANGED } from '../catalogue/index.ts';
import type { BetQuote } from './quotes.ts';

/** What other modules may use of this one (docs/decisions/0011-import-boundaries.md). */
export { acceptCashOut } from './accept.ts';
export type { AcceptAnswer, AcceptInput, CashOutPaid } from './accept.ts';
export { drainAutoCashOuts, runAutoCashOuts, scanAutoCashOuts, setAutoRule } from './auto.ts';
export { cashOutConfigInForce, saveCashOutConfig } from './config.ts';
export { quoteBets } from './quotes.ts';
export { cashOutRecordsProjection } from './projection.ts';

type Ctx = GraphQLContext;

/** GraphQL `EarlySettlementOffer` of a quote, for `part` TZS of the running stake (absent = all). */
export const offerOf = (
  q: BetQuote,
  config: CashOutConfig,
  nowMs: number,
  rule: AutoRule | null,
  part?: number | null,
) => {
  const state = q.bet.state;
  const running = state.status === 'none' ? 0 : state.remainingStake;
  const asked = part ?? running;
  const common = {
    betId: q.betId,
    runningStake: running,
    part: asked,
    minimumPart: config.minimumPart,
    delaySeconds: config.delaySeconds,
    quotedAt: new Date(nowMs).toISOString(),
    autoCashOut: rule,
  };
  if (!q.quote.offer)
    return {
      ...common,
      available: false,
      reason: q.quote.reason,
      legIndex: q.quote.legIndex ?? null,
      value: q.quote.value ?? null,
    };
  const money = cashOutPart(q.quote, asked);
  return {
    ...common,
    available: true,
    reason: null,
    legIndex: null,
    value: money.value,
    tax: money.tax,
    net: money.net,
    fullValue: q.quote.value,
    potentialPayout: q.quote.potentialPayout,
    probability: q.quote.probability,
    marginPercent: q.quote.marginPercent,
    taxRate: q.quote.taxRatePercent,
    earlySettlementOdds: money.earlySettlementOdds,
  };
};

/** Quotes requested during one GraphQL request, batched: every order of a page in one `quoteBets`. */
const batches = new WeakMap<object, { ids: Set<string>; done: Promise<Map<string, BetQuote>> }>();
const cache = new WeakMap<object, Map<string, Promise<BetQuote | undefined>>>();

const loadQuote = (ctx: Ctx, betId: string): Promise<BetQuote | undefined> => {
  const known = cache.get(ctx) ?? new Map<string, Promise<BetQuote | undefined>>();
  cache.set(ctx, known);
  const hit = known.get(betId);
  if (hit) return hit;
  let batch = batches.get(ctx);
  if (!batch) {
    const ids = new Set<string>();
    const done = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      batches.delete(ctx);
      return quoteBets(ctx.services, [...ids]);
    });
    batch = { ids, done };
    batches.set(ctx, batch);
  }
  batch.ids.add(betId);
  const promise = batch.done.then((m) => m.get(betId));
  known.set(betId, promise);
  return promise;
};

const configOut = async (services: AppServices) => {
  const { config, version } = await cashOutConfigInForce(services.sql, services.now());
  return { ...config, enabledMarkets: [...config.enabledMarkets], version };
};

/** The player's offer for `betId` now; `BET_NOT_FOUND` unless the bet is theirs. */
const preparation = async (ctx: Ctx, userId: string, betId: string, part?: number | null) => {
  const context = await quoteContext(ctx.services, ctx.services.now());
  const [quotes, rules] = await Promise.all([
    quoteBets(ctx.services, [betId], context),
    autoRules(ctx.services.sql, [betId]),
  ]);
  const q = quotes.get(betId)!;
  if (q.bet.state.status === 'none' || q.bet.state.placed.userId !== userId)
    throw codedError('BET_NOT_FOUND', 'no such bet', { field: 'betId' });
  if (part !== undefined && part !== null && q.quote.offer) {
    const bad = cashOutPartError(q.bet.state.remainingStake, part, context.config);
    if (bad) throw codedError(bad.code, bad.message, { field: bad.field, details: bad.details });
  }
  return offerOf(q, context.config, ctx.services.now(), rules.get(betId) ?? null, part);
};

/**
 * The offer pushed to a `cashOutOffer` subscriber (whole running stake), quoted together with every
 * other subscriber's woken by the same tick (`quoteShared`: one read per tick, decision 0116), and the
 * matches of the bet's legs; `BET_NOT_FOUND` unless the bet is the player's.
 */
const pushedOffer = async (ctx: Ctx, userId: string, betId: string) => {
  const { quote: q, rule, context, at } = await quoteShared(ctx.services, betId);
  const state = q.bet.state;
  if (state.status === 'none' || state.placed.userId !== userId)
    throw codedError('BET_NOT_FOUND', 'no such bet', { field: 'betId' });
  return {
    offer: offerOf(q, context.config, at, rule),
    matchIds: new Set(state.placed.legs.map((leg) => leg.matchId)),
  };
};

const RUNNING_CODES = new Set([2, 5]);
/** spec §4 order status 6, "a cash-out offer can be accepted". */
const EARLY_SETTLEMENT = 6;

export const cashoutModule: ApiModule = {
  name: 'cashout',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  migrations: new URL('./migrations/', import.meta.url),
  projections: [cashOutRecordsProjection],
  start: async (services) => startAutoCashOutWorker(services),
  resolvers: {
    Order: {
      /** spec §4 status 6 derived, never stored (decision 0019 §10): 2 or 5 with a live offer → 6. */
      statusCode: async (order: { id: string; statusCode: number }, _args: unknown, ctx: Ctx) => {
        if (!RUNNING_CODES.has(order.statusCode)) return order.statusCode;
        const q = await loadQuote(ctx, order.id);
        return q?.quote.offer ? EARLY_SETTLEMENT : order.statusCode;
      },
      cashOut: async (order: { id: string; statusCode: number }, _args: unknown, ctx: Ctx) => {
        if (ctx.viewer?.kind !== 'player') return null;
        const q = await loadQuote(ctx, order.id);
        if (!q || q.bet.state.status === 'none' || q.bet.state.placed.userId !== ctx.viewer.userId)
          return null;
        // The settings behind their freshness stamps (decision 0115), not read whole per order.
        const [{ config }, rules] = await Promise.all([
          quoteContext(ctx.services, ctx.services.now()),
          autoRules(ctx.services.sql, [order.id]),
        ]);
        return offerOf(q, config, ctx.services.now(), rules.get(order.id) ?? null);
      },
    },
    Query: {
      earlySettlementPreparation: async (
        _root: unknown,
        { betId, part }: { betId: string; part?: number | null },
        ctx: Ctx,
      ) => preparation(ctx, requirePlayer(ctx).userId, betId, part),
      cashOutConfig: async (_root: unknown, _args: unknown, ctx: Ctx) => configOut(ctx.services),
    },
    Mutation: {
      earlySettlements: async (_root: unknown, { input }: { input: AcceptInput }, ctx: Ctx) => {
        const { userId } = requirePlayer(ctx);
        const answer = await acceptCashOut(ctx.services, input, {
          actor: { kind: 'player', id: userId },
          userId,
          hold: true,
        });
        if (answer.status === 'PAID')
          return {
            status: 'PAID',
            repeated: answer.repeated,
            part: answer.paid.part,
            gross: answer.paid.gross,
            tax: answer.paid.tax,
            net: answer.paid.net,
            earlySettlementOdds: answer.paid.earlySettlementOdds,
            remainingStake: answer.paid.remainingStake,
            offer: null,
          };
        const details = answer.details ?? {};
        const offer =
          answer.code === 'CASH_OUT_PRICE_CHANGED' || answer.code === 'CASH_OUT_UNAVAILABLE'
            ? await preparation(ctx, userId, input.betId, input.part).catch(() => null)
            : null;
        return {
          status: 'REFUSED',
          code: answer.code,
          message: answer.message,
          reason: typeof details['reason'] === 'string' ? details['reason'] : null,
          repeated: false,
          offer,
        };
      },
      setAutoCashOut: async (
        _root: unknown,
        { betId, target }: { betId: string; target: number },
        ctx: Ctx,
      ) => {
        const rule = await setAutoRule(ctx.services, requirePlayer(ctx).userId, betId, target);
        if ('code' in rule)
          throw codedError(rule.code, rule.message, rule.field ? { field: rule.field } : {});
        return rule;
      },
      clearAutoCashOut: async (_root: unknown, { betId }: { betId: string }, ctx: Ctx) =>
        clearAutoRule(ctx.services, requirePlayer(ctx).userId, betId),
      setCashOutConfig: async (
        _root: unknown,
        {
          input,
        }: {
          input: Omit<CashOutConfig, 'enabledMarkets' | 'defaultTolerance'> & {
            enabledMarkets: string[];
            defaultTolerance: CashOutTolerance;
          };
        },
        ctx: Ctx,
      ) => {
        const staff = requireStaff(ctx, 'config.edit');
        const errors = await saveCashOutConfig(
          ctx.services.sql,
          { ...input, enabledMarkets: input.enabledMarkets as Market[] },
          staff.staffId,
          ctx.services.now(),
        );
        if (errors[0]) throw fromDomainError(errors[0]);
        return configOut(ctx.services);
      },
    },
    Subscription: {
      /** Offers of the player's bet, pushed on each change of its matches (offers.ts). */
      cashOutOffer: {
        subscribe: async (_root: unknown, { betId }: { betId: string }, ctx: Ctx) => {
          const { userId } = requirePlayer(ctx);
          // Listen first, then quote: no change falls between the first offer and the next.
          const source = await (
            ctx as Ctx & { pubsub: { subscribe(topics: string[]): Promise<AsyncIterable<unknown>> } }
          ).pubsub.subscribe([MATCH_UPDATED, ODDS_CHANGED]);
          try {
            const first = await pushedOffer(ctx, userId, betId);
            return offerUpdates(
              first.offer,
              source,
              first.matchIds,
              async () => (await pushedOffer(ctx, userId, betId)).offer,
            );
          } catch (error) {
            await (source as AsyncIterable<unknown> & AsyncIterator<unknown>).return?.();
            throw error;
          }
        },
        resolve: (offer: unknown) => offer,
      },
      myCashOuts: {
        subscribe: async (_root: unknown, _args: unknown, ctx: Ctx) =>
          (
            ctx as Ctx & { pubsub: { subscribe(topic: string): Promise<AsyncIterable<unknown>> } }
          ).pubsub.subscribe(`CASHED_OUT:${requirePlayer(ctx).userId}`),
        resolve: (payload: unknown) => payload,
      },
    },
  } as IResolvers,
};
