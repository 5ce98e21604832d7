/**
 * The pool-games module (issue 18): the 13-match jackpot (string_ball) and Lucky Six (guess score) on
 * the domain's pool engine (`domain/src/pool/`, docs/pool-games.md). Types (spec §7
 * `guessing_bet_type/*`), issues built by staff from catalogue matches, tickets bought through the money
 * path, the read model, and the settlement process manager. Staff permissions: `pool.view`, `pool.edit`.
 */
import { readFileSync } from 'node:fs';
import {
  PAY_TYPE_BALANCE,
  PAY_TYPE_CREDIT,
  TANZANIA_TAX_RULES,
  exceedsMaxRangeOdds,
  poolRules,
  poolTicketDecider,
  taxRateAt,
  ticketStream,
  ticketWalletCommands,
} from '@bashiri/domain';
import type { PoolTerms, TicketEvent, TicketState } from '@bashiri/domain';
import type { IResolvers } from 'mercurius';
import type {
  GuessingBetTypeInput,
  MutationResolvers,
  QueryResolvers,
  SubscriptionResolvers,
} from '../../graphql/generated.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { codedError, fromDomainError } from '../../graphql/errors.ts';
import { withInitial } from '../../graphql/subscriptions.ts';
import { requirePlayer, requireStaff } from '../../auth/guard.ts';
import type { ApiModule } from '../module.ts';
import type { AppServices } from '../../services.ts';
import { upcomingPoolCandidates } from '../catalogue/index.ts';
import { marketingAllowedForViewer } from '../protection/index.ts';
import { moveMoney } from '../wallet/index.ts';
import { cancelPoolIssue, createPoolIssue, ensureOpenIssue } from './issues.ts';
import { poolReadModel, poolTriggers } from './projection.ts';
import { buyPoolTicket } from './purchase.ts';
import {
  GAME_ENUM,
  gameOfEnum,
  poolIssue,
  poolIssuePage,
  poolIssueStats,
  jackpotBannerNow,
  poolIssues,
  boughtTicketView,
  poolTicket,
  poolTicketPage,
} from './queries.ts';
import { JACKPOT_AMOUNT, startPoolWorker } from './settlement.ts';
import type { JackpotAmountPayload } from './settlement.ts';
import {
  JACKPOT_TYPE_ID,
  LUCKY_SIX_TYPE_ID,
  listPoolTypes,
  loadPoolType,
  removePoolType,
  savePoolType,
  seedPoolTypes,
  typeOfGame,
} from './types.ts';
import type { PoolType } from './types.ts';

/** What other modules may use of this one (docs/decisions/0011-import-boundaries.md). */
export { buyPoolTicket, ticketIdOf } from './purchase.ts';
export { createPoolIssue, ensureOpenIssue } from './issues.ts';
export { drainPoolQueue, poolRound, settleIssueIfDecided } from './settlement.ts';
export { seedPoolTypes, JACKPOT_TYPE_ID, LUCKY_SIX_TYPE_ID } from './types.ts';

const page = (n: number | null | undefined) => Math.max(1, Math.floor(n ?? 1));
const size = (n: number | null | undefined, max: number, fallback: number) =>
  Math.min(max, Math.max(1, Math.floor(n ?? fallback)));
const nowIso = (ctx: GraphQLContext) => new Date(ctx.services.now()).toISOString();

/** The GraphQL `GuessingBetType` of a type, with the accumulated jackpot of its open issue. */
const typeView = async (ctx: GraphQLContext, type: PoolType) => {
  const open = await poolIssues(ctx.services.sql, type.game, ['open'], ctx.services.now());
  const mine = open.find((i) => i.prefix === type.terms.identifierPrefix);
  const t = type.terms;
  return {
    id: type.id,
    label: type.label,
    game: GAME_ENUM[type.game],
    parentId: type.parentId,
    settlement: type.settlement,
    incentives: type.incentives,
    initJackpot: t.initJackpot,
    guessNumber: t.guessNumber,
    maxChoose: t.maxChoose,
    betAmount: t.betAmount,
    maxRangeOdds: t.maxRangeOdds,
    maxAddBalance: t.maxAddBalance,
    identifierPrefix: t.identifierPrefix,
    increment: t.increment,
    jackpot: mine ? mine.displayedJackpot - t.initJackpot : 0,
    maxVoid: t.maxVoid,
    creditAllowed: t.creditAllowed,
    tiers: t.tiers.map((x) => ({ ...x })),
    removed: type.removed,
  };
};

const termsOfInput = (input: GuessingBetTypeInput): PoolTerms => ({
  game: gameOfEnum(input.game),
  guessNumber: input.guessNumber,
  maxChoose: input.maxChoose,
  betAmount: input.betAmount,
  increment: input.increment,
  initJackpot: input.initJackpot,
  maxAddBalance: input.maxAddBalance,
  maxRangeOdds: input.maxRangeOdds,
  identifierPrefix: input.identifierPrefix,
  maxVoid: input.maxVoid,
  creditAllowed: input.creditAllowed ?? false,
  tiers: input.tiers.map((t) => ({
    hits: t.hits,
    rewardType: t.rewardType === 'fixed' ? 'fixed' : 'poolPercent',
    proportion: t.proportion,
  })),
});

const saveType = async (ctx: GraphQLContext, input: GuessingBetTypeInput, id?: number) => {
  if (!/^[A-Z0-9]{1,6}$/.test(input.identifierPrefix))
    throw codedError('BAD_INPUT', 'identifierPrefix is 1 to 6 capital letters or digits', {
      field: 'identifierPrefix',
    });
  const saved = await savePoolType(
    ctx.services.sql,
    {
      label: input.label,
      parentId: input.parentId ?? null,
      settlement: input.settlement ?? 'automatic',
      incentives: input.incentives ?? '',
      terms: termsOfInput(input),
    },
    id,
  );
  if (!saved.ok)
    throw codedError(saved.error.code, saved.error.message, {
      field: 'field' in saved.error ? String(saved.error.field ?? '') : '',
    });
  return typeView(ctx, saved.type);
};

/** Reads the issue again after the projection caught up (staff actions answer what they did). */
const freshIssue = async (ctx: GraphQLContext, issueId: string) => {
  await ctx.services.projections.settle();
  const issue = await poolIssue(ctx.services.sql, issueId, ctx.services.now());
  if (!issue) throw codedError('NOT_FOUND', 'no such jackpot', { field: 'issueId' });
  return issue;
};

const Query: QueryResolvers = {
  poolIssues: async (_root, { game, status }, ctx) =>
    poolIssues(
      ctx.services.sql,
      gameOfEnum(game),
      (status ?? ['OPEN']).map((s) => s.toLowerCase()),
      ctx.services.now(),
    ),
  poolIssue: async (_root, { issueId }, ctx) => poolIssue(ctx.services.sql, issueId, ctx.services.now()),
  poolResults: async (_root, args, ctx) =>
    poolIssuePage(
      ctx.services.sql,
      gameOfEnum(args.game),
      ['settled', 'cancelled', 'closed'],
      page(args.page),
      size(args.pageSize, 50, 10),
      ctx.services.now(),
    ),
  poolRules: async (_root, { game }, ctx) => {
    const type = await typeOfGame(ctx.services.sql, gameOfEnum(game));
    if (!type) return null;
    const rules = poolRules(type.terms, taxRateAt(TANZANIA_TAX_RULES, 'sports', nowIso(ctx)) ?? 0);
    return {
      ...rules,
      game: GAME_ENUM[rules.game],
      outcomes: [...rules.outcomes],
      tiers: rules.tiers.map((t) => ({ ...t })),
      incentives: type.incentives,
    };
  },
  poolIssueStats: async (_root, { issueId }, ctx) =>
    poolIssueStats(ctx.services.sql, issueId, ctx.services.now()),
  jackpotBanner: async (_root, _args, ctx) => {
    // The banner invites play: none for a player cooling off or self-excluded (issue 23 "Marketing").
    if (!(await marketingAllowedForViewer(ctx.services, ctx.viewer))) return null;
    return jackpotBannerNow(ctx.services.sql, ctx.services.now());
  },
  guessingBetTypes: async (_root, _args, ctx) =>
    Promise.all((await listPoolTypes(ctx.services.sql)).map((t) => typeView(ctx, t))),
  guessingBetType: async (_root, { id }, ctx) => {
    const type = await loadPoolType(ctx.services.sql, id);
    return type ? typeView(ctx, type) : null;
  },
  myPoolTickets: async (_root, args, ctx) => {
    const { userId } = requirePlayer(ctx);
    return poolTicketPage(
      ctx.services.sql,
      { userId, game: args.game ? gameOfEnum(args.game) : null },
      page(args.page),
      size(args.pageSize, 50, 10),
    );
  },
  poolIssuesAdmin: async (_root, args, ctx) => {
    requireStaff(ctx, 'pool.view');
    return poolIssuePage(
      ctx.services.sql,
      gameOfEnum(args.game),
      null,
      page(args.page),
      size(args.pageSize, 100, 20),
      ctx.services.now(),
    );
  },
  poolTicketsAdmin: async (_root, args, ctx) => {
    requireStaff(ctx, 'pool.view');
    return poolTicketPage(
      ctx.services.sql,
      { userId: args.userId ?? null, issueId: args.issueId ?? null, status: args.status ?? null },
      page(args.page),
      size(args.pageSize, 500, 50),
    );
  },
  poolCandidates: async (_root, { typeId }, ctx) => {
    requireStaff(ctx, 'pool.edit');
    const type = await loadPoolType(ctx.services.sql, typeId);
    if (!type) throw codedError('NOT_FOUND', 'no such jackpot type', { field: 'typeId' });
    const candidates = await upcomingPoolCandidates(ctx.services.sql, ctx.services.now(), 100);
    return candidates.map((c) => ({
      ...c,
      exceedsMaxRangeOdds:
        c.homeOdds !== null && c.awayOdds !== null
          ? exceedsMaxRangeOdds(c.homeOdds, c.awayOdds, type.terms.maxRangeOdds)
          : false,
    }));
  },
};

/** Staff approve a large prize of ticket `ticketId`: the net prize reaches the balance through the money path. */
const approvePrize = async (services: AppServices, staffId: string, ticketId: string) => {
  const { rows } = await services.sql.query<{ user_id: string }>(
    'SELECT user_id FROM pool_tickets WHERE ticket_id = $1',
    [ticketId],
  );
  if (!rows[0]) throw codedError('TICKET_NOT_FOUND', 'No such ticket', { field: 'ticketId' });
  const { answer } = await moveMoney<TicketState, TicketEvent, undefined, Error | null>(services, {
    userId: rows[0].user_id,
    product: { streamName: ticketStream(ticketId), evolver: poolTicketDecider },
    idempotencyKey: 'approve',
    metadata: { actor: `staff:${staffId}` },
    decide: ({ product, wallet }) => {
      const decision = poolTicketDecider.decide(
        {
          type: 'ApprovePrize',
          ticketId,
          at: new Date(services.now()).toISOString(),
          settlementNo: product.state.settlementNo,
          actor: { kind: 'staff', id: staffId },
        },
        product.state,
      );
      if (!decision.ok) return { answer: fromDomainError(decision.error) };
      let before = product.state;
      for (const event of decision.events) {
        for (const command of ticketWalletCommands(before, event)) {
          const paid = wallet.pay(command);
          if (!paid.ok) return { answer: fromDomainError(paid.error) };
        }
        before = poolTicketDecider.evolve(before, event);
      }
      return { answer: null, productEvents: decision.events };
    },
  });
  if (answer) throw answer;
};

const Mutation: MutationResolvers = {
  buyPoolTicket: async (_root, { input }, ctx) => {
    const { userId } = requirePlayer(ctx);
    if (input.picks.length > 60 || input.picks.some((p) => p.outcomes.length > 3))
      throw codedError('BAD_INPUT', 'too many picks', { field: 'picks' });
    const answer = await buyPoolTicket(ctx.services, userId, {
      requestId: input.requestId,
      issueId: input.issueId,
      picks: input.picks.map((p) => ({ matchId: p.matchId, outcomes: [...p.outcomes] })),
      stake: input.stake,
      payType: input.payType === 'CREDIT' ? PAY_TYPE_CREDIT : PAY_TYPE_BALANCE,
    });
    if (!answer.ok) throw fromDomainError(answer.error);
    // A new ticket answers from what it just bought (one read of its issue); a repeated request from
    // the read model once it holds the ticket (issue 18 "Speed": no catch-up of every projection here).
    let ticket =
      answer.bought && !answer.repeated ? await boughtTicketView(ctx.services.sql, answer.bought) : null;
    if (!ticket) {
      await ctx.services.projections.catchUp(poolReadModel, { wait: true });
      ticket = await poolTicket(ctx.services.sql, answer.ticketId, userId);
    }
    // A repeat whose ticket the read model cannot show yet (other sessions' open transactions hold back
    // what projections may read): the purchase as the ticket's own stream records it. It was bought and
    // paid once; the answer must not fail because a read model lags.
    if (!ticket && answer.bought) ticket = await boughtTicketView(ctx.services.sql, answer.bought);
    if (!ticket) throw new Error(`ticket ${answer.ticketId} was not projected`);
    return ticket;
  },
  createPoolIssue: async (_root, { typeId, matchIds }, ctx) => {
    const staff = requireStaff(ctx, 'pool.edit');
    const answer = await createPoolIssue(
      ctx.services,
      { kind: 'staff', id: staff.staffId },
      typeId,
      matchIds,
    );
    if (!answer.ok) throw fromDomainError(answer.error);
    return freshIssue(ctx, answer.value.issueId);
  },
  cancelPoolIssue: async (_root, { issueId, reason }, ctx) => {
    const staff = requireStaff(ctx, 'pool.edit');
    const existing = await poolIssue(ctx.services.sql, issueId, ctx.services.now());
    if (!existing) throw codedError('JACKPOT_NOT_FOUND', 'No such jackpot', { field: 'issueId' });
    const answer = await cancelPoolIssue(
      ctx.services,
      { kind: 'staff', id: staff.staffId },
      gameOfEnum(existing.game),
      issueId,
      reason,
    );
    if (!answer.ok) throw fromDomainError(answer.error);
    return freshIssue(ctx, issueId);
  },
  approvePoolPrize: async (_root, { ticketId }, ctx) => {
    const staff = requireStaff(ctx, 'pool.edit');
    await approvePrize(ctx.services, staff.staffId, ticketId);
    await ctx.services.projections.settle();
    const ticket = await poolTicket(ctx.services.sql, ticketId);
    if (!ticket) throw codedError('TICKET_NOT_FOUND', 'No such ticket', { field: 'ticketId' });
    return ticket;
  },
  addGuessingBetType: async (_root, { input }, ctx) => {
    requireStaff(ctx, 'pool.edit');
    return saveType(ctx, input);
  },
  updateGuessingBetType: async (_root, { id, input }, ctx) => {
    requireStaff(ctx, 'pool.edit');
    return saveType(ctx, input, id);
  },
  removeGuessingBetType: async (_root, { id }, ctx) => {
    requireStaff(ctx, 'pool.edit');
    return removePoolType(ctx.services.sql, id);
  },
};

/** Keeps an open jackpot and an open Lucky Six built from the demo feed's matches (issue 18 item 6). */
export const keepDemoIssues = async (services: AppServices): Promise<void> => {
  for (const typeId of [JACKPOT_TYPE_ID, LUCKY_SIX_TYPE_ID]) {
    const created = await ensureOpenIssue(services, typeId, 60_000);
    if (created) services.logger.info({ issueId: created }, 'pool: demo issue opened');
  }
};

/** Whether the demo keeper runs: with the demo feed (FEED_ENABLED not 0), never in production. */
const demoEnabled = (services: AppServices) =>
  process.env['FEED_ENABLED'] !== '0' &&
  process.env['POOL_DEMO'] !== '0' &&
  services.config.NODE_ENV !== 'production';

type Subscribable = GraphQLContext & {
  pubsub: { subscribe(topic: string): Promise<AsyncIterable<unknown>> };
};

/** Every change of `source` as a payload without a banner (a player who may not be shown marketing). */
async function* noBanner(source: AsyncIterable<unknown>): AsyncIterable<JackpotAmountPayload> {
  for await (const _change of source) yield { banner: null };
}

const Subscription: SubscriptionResolvers = {
  jackpotAmount: {
    // Listen first, then read: no change falls between the first amount and the next.
    // A player cooling off or self-excluded when subscribing gets null, now and on every change, as
    // the `jackpotBanner` query answers them (issue 23 "Marketing").
    subscribe: async (_root, _args, ctx) => {
      const source = await (ctx as Subscribable).pubsub.subscribe(JACKPOT_AMOUNT);
      if (!(await marketingAllowedForViewer(ctx.services, ctx.viewer)))
        return withInitial(noBanner(source), { banner: null } satisfies JackpotAmountPayload);
      const first: JackpotAmountPayload = {
        banner: await jackpotBannerNow(ctx.services.sql, ctx.services.now()),
      };
      return withInitial(source, first);
    },
    resolve: (payload: unknown) => (payload as JackpotAmountPayload).banner,
  },
};

export const poolModule: ApiModule = {
  name: 'pool',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  migrations: new URL('./migrations/', import.meta.url),
  projections: [poolReadModel, poolTriggers],
  start: async (services) => {
    await seedPoolTypes(services.sql);
    return startPoolWorker(services, demoEnabled(services) ? () => keepDemoIssues(services) : undefined);
  },
  resolvers: { Query, Mutation, Subscription } as IResolvers,
};
