/**
 * The promotion module (issue 21; spec §1 referral bonuses, promotions, invitation code; §2 /event_page
 * /my_referrals /promotion /super /purse; §3 Agent statistics, Banner type 19; §4 bill types 8, 10, 12,
 * 17; §6 agent role; docs/promotions.md; decisions 0026, 0045, 0046): the `promotion.triggers`
 * projection (`projection.ts`, set-based runs in `projection-runs.ts`), the reward process manager
 * (`rewards.ts`; paying in `grant.ts`, the referral check in `referral-check.ts`), the versioned
 * configuration (`config.ts`) and
 * the player, agent and staff queries (`queries.ts`).
 */
import { readFileSync } from 'node:fs';
import { promotionDecider } from '@bashiri/domain';
import type { PromotionCommand } from '@bashiri/domain';
import { handleCommand, onlyFor } from '@bashiri/eventstore';
import type { IResolvers } from 'mercurius';
import type { MutationResolvers, QueryResolvers } from '../../graphql/generated.ts';
import { codedError, fromDomainError } from '../../graphql/errors.ts';
import { requirePlayer, requireStaff } from '../../auth/guard.ts';
import type { AppServices } from '../../services.ts';
import { startWorkerLoop } from '../../worker-loop.ts';
import type { ApiModule } from '../module.ts';
import { configAt, saveConfig } from './config.ts';
import { promotionProjection, REWARD_TRIGGER_STREAMS } from './projection.ts';
import * as q from './queries.ts';
import { seedPromotions } from './seed.ts';
import {
  closeLastSalaryPeriod,
  payAgentSalary,
  periodOrThrow,
  mySalaries,
  salariesOfAgent,
  salariesOfPeriod,
} from './salary.ts';
import { awardActivity, drainRewards, queueExpiries } from './rewards.ts';
import { forgetProjectedTallies } from './grant.ts';

/** What other modules may use of this one (docs/decisions/0011-import-boundaries.md). */
export { promotionProjection } from './projection.ts';
export { drainRewards, queueExpiries, expireGrant } from './rewards.ts';
export { grantReward, grantRewards, MARKETING_CLOSED } from './grant.ts';
export { seedPromotions } from './seed.ts';
export { agentSalaryOf, closeSalaryPeriod, payAgentSalary } from './salary.ts';

const ID = /^[a-z0-9][a-z0-9-]{1,39}$/;

const staffActor = (staffId: string) => ({ kind: 'staff' as const, id: staffId });

/** Runs a staff command on `promotion-<id>`; refusals as coded errors. */
export const runPromotionCommand = async (
  services: AppServices,
  command: PromotionCommand,
): Promise<void> => {
  const outcome = await handleCommand(
    services.store,
    `promotion-${command.promotionId}`,
    promotionDecider,
    command,
  );
  if (!outcome.ok) throw fromDomainError(outcome.error);
  await services.projections.catchUp(promotionProjection, { wait: true });
};

const Query: QueryResolvers = {
  myReferrals: (_r, _a, ctx) => q.myReferrals(ctx, requirePlayer(ctx).userId),
  promotions: (_r, { language }, ctx) => q.runningPromotions(ctx, language ?? 'sw'),
  bigWinners: (_r, { limit }, ctx) => q.bigWinners(ctx, limit ?? 10),
  myPurse: (_r, _a, ctx) => q.myPurse(ctx, requirePlayer(ctx).userId),
  agentSelfStats: async (_r, { agentId, from, to }, ctx) => {
    q.ownAgentOrStaff(ctx, agentId);
    const stats = await q.agentSelfStats(ctx, agentId, from, to);
    return { ...stats, salaries: await salariesOfAgent(ctx.services, agentId, from, to) };
  },
  agentSalaries: (_r, { period }, ctx) => {
    requireStaff(ctx, 'agents.view');
    periodOrThrow(period);
    return salariesOfPeriod(ctx.services, period);
  },
  myAgentSalaries: (_r, { limit }, ctx) => mySalaries(ctx.services, requirePlayer(ctx).userId, limit ?? 12),
  agentPlayers: (_r, { agentId, page, pageSize }, ctx) => {
    const asStaff = q.ownAgentOrStaff(ctx, agentId);
    return q.agentPlayers(ctx, agentId, page, pageSize, asStaff);
  },
  promotionsAdmin: (_r, _a, ctx) => {
    requireStaff(ctx, 'config.edit');
    return q.adminPromotions(ctx);
  },
  promotionConfig: async (_r, _a, ctx) => {
    requireStaff(ctx, 'config.edit');
    return q.configView(await configAt(ctx.services.sql, new Date(ctx.services.now()).toISOString()));
  },
  referralRelations: (_r, { status, page, pageSize }, ctx) => {
    requireStaff(ctx, 'users.view');
    return q.referralRelations(ctx, status ?? null, page, pageSize);
  },
  promotionCostByDay: (_r, { from, to }, ctx) => {
    requireStaff(ctx, 'stats.view');
    return q.promotionCostByDay(ctx, from, to);
  },
  bonusCostShare: (_r, { from, to }, ctx) => {
    requireStaff(ctx, 'stats.view');
    return q.bonusCostShare(ctx, from, to);
  },
  promotionRewards: (_r, { userId, promotionId, page, pageSize }, ctx) => {
    requireStaff(ctx, 'users.view');
    return q.promotionRewards(ctx, userId ?? null, promotionId ?? null, page, pageSize);
  },
};

const Mutation: MutationResolvers = {
  payAgentSalary: async (_r, { agentId, period }, ctx) => {
    const staff = requireStaff(ctx, 'users.adjust_money');
    const outcome = await payAgentSalary(ctx.services, agentId, period, staff.staffId);
    if (outcome.status === 'refused') return { status: 'REFUSED', code: outcome.error.code, amount: null };
    return {
      status: outcome.status === 'paid' ? 'PAID' : 'ALREADY',
      code: null,
      amount: outcome.status === 'paid' ? outcome.amount : null,
    };
  },
  reportDevice: async (_r, { fingerprint }, ctx) => {
    const { userId } = requirePlayer(ctx);
    const device = fingerprint.trim().slice(0, 128);
    if (!device) throw codedError('BAD_INPUT', 'fingerprint: required', { field: 'fingerprint' });
    const at = new Date(ctx.services.now()).toISOString();
    await ctx.services.sql.query(
      `INSERT INTO promo_footprints (user_id, kind, value, at) VALUES ($1, 'device', $2, $4), ($1, 'ip', $3, $4)
       ON CONFLICT (user_id, kind, value) DO UPDATE SET at = excluded.at`,
      [userId, device, ctx.ip ?? 'unknown', at],
    );
    return true;
  },
  savePromotion: async (_r, { input }, ctx) => {
    const staff = requireStaff(ctx, 'config.edit');
    if (!ID.test(input.id) || input.id.startsWith('reward'))
      throw codedError('BAD_INPUT', 'id: lower-case letters, digits and dashes, 2–40', { field: 'id' });
    const kind = input.kind.toLowerCase() as 'welcome' | 'referral' | 'order' | 'activity';
    const at = new Date(ctx.services.now()).toISOString();
    const exists = await q.promotionExists(ctx, input.id);
    if (!exists)
      await runPromotionCommand(ctx.services, {
        type: 'CreatePromotion',
        promotionId: input.id,
        at,
        actor: staffActor(staff.staffId),
        kind,
        name: input.name,
        startsAt: new Date(input.startsAt).toISOString(),
        endsAt: new Date(input.endsAt).toISOString(),
        budget: input.budget ?? null,
      });
    await q.saveDefinition(ctx, input, staff.staffId);
    return q.adminPromotion(ctx, input.id);
  },
  changePromotion: async (_r, { input }, ctx) => {
    const staff = requireStaff(ctx, 'config.edit');
    const base = {
      promotionId: input.id,
      at: new Date(ctx.services.now()).toISOString(),
      actor: staffActor(staff.staffId),
    };
    const action = input.action.toUpperCase();
    if (action === 'PAUSE') await runPromotionCommand(ctx.services, { ...base, type: 'PausePromotion' });
    else if (action === 'RESUME')
      await runPromotionCommand(ctx.services, { ...base, type: 'ResumePromotion' });
    else if (action === 'BUDGET')
      await runPromotionCommand(ctx.services, {
        ...base,
        type: 'SetPromotionBudget',
        budget: input.budget ?? null,
      });
    else if (action === 'SCHEDULE') {
      if (!input.startsAt || !input.endsAt)
        throw codedError('BAD_INPUT', 'startsAt and endsAt are required', { field: 'startsAt' });
      await runPromotionCommand(ctx.services, {
        ...base,
        type: 'SchedulePromotion',
        startsAt: new Date(input.startsAt).toISOString(),
        endsAt: new Date(input.endsAt).toISOString(),
      });
    } else throw codedError('BAD_INPUT', 'action: PAUSE, RESUME, SCHEDULE or BUDGET', { field: 'action' });
    return q.adminPromotion(ctx, input.id);
  },
  setPromotionConfig: async (_r, { input }, ctx) => {
    const staff = requireStaff(ctx, 'config.edit');
    const effectiveFrom = new Date(input.effectiveFrom ?? ctx.services.now()).toISOString();
    await saveConfig(
      ctx.services.sql,
      {
        referral: {
          qualifyingStakes: input.qualifyingStakes,
          reward: input.reward,
          invitationBonusPercent: input.invitationBonusPercent,
          invitationBonusCap: input.invitationBonusCap,
          selfReferralIpWindowHours: input.selfReferralIpWindowHours,
        },
        creditExpiryDays: input.creditExpiryDays,
        purseTarget: input.purseTarget,
        purseBonus: input.purseBonus,
      },
      effectiveFrom,
      `staff:${staff.staffId}`,
    );
    return q.configView(await configAt(ctx.services.sql, new Date(ctx.services.now()).toISOString()));
  },
  grantActivityAward: async (_r, { input }, ctx) => {
    const staff = requireStaff(ctx, 'users.adjust_money');
    if (!input.reason.trim())
      throw codedError('REASON_REQUIRED', 'a reason is required', { field: 'reason' });
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
      throw codedError('INVALID_AMOUNT', 'amount: a positive whole number of TZS', { field: 'amount' });
    const outcome = await awardActivity(ctx.services, {
      promotionId: input.promotionId,
      userId: input.userId,
      amount: input.amount,
      reason: input.reason.trim(),
      staffId: staff.staffId,
    });
    if (outcome.status === 'refused') return { status: 'REFUSED', code: outcome.error.code, amount: null };
    return {
      status: outcome.status === 'paid' ? 'PAID' : 'ALREADY',
      code: null,
      amount: outcome.status === 'paid' ? outcome.amount : null,
    };
  },
};

/**
 * One reward round: catches the promotion projection up (it queues the rewards its triggers earn), runs
 * `beforePaying` (the worker's expiries; none when a test calls it), and pays what the queue holds, each
 * item once (rewards.ts `drainRewards`, leased batches: safe beside the worker's own rounds). What
 * {@link startRewardWorker} does on every wake-up; an end-to-end test runs it to know that the worker's
 * work has run again since a reward was paid (web-player/src/promotion/referral.e2e.test.ts "paid once").
 */
export const runRewardRound = async (
  services: AppServices,
  /** Runs between the catch-up and the payments (the worker's once-a-minute expiries and salary). */
  beforePaying?: () => Promise<void>,
): Promise<void> => {
  await services.projections.catchUp(promotionProjection);
  forgetProjectedTallies();
  await beforePaying?.();
  await drainRewards(services);
};

/**
 * Starts the reward worker: after every wake-up by an append that may queue a reward
 * ({@link REWARD_TRIGGER_STREAMS}, decision 0201), at least every `pollMs`; expiries once a minute.
 */
export const startRewardWorker = (services: AppServices, pollMs = 1_000): (() => Promise<void>) => {
  let lastExpiry = 0;
  return startWorkerLoop(
    () =>
      runRewardRound(services, async () => {
        if (services.now() - lastExpiry < 60_000) return;
        lastExpiry = services.now();
        await queueExpiries(services);
        // Agent salary (decision 0065): the week that has closed, once.
        await closeLastSalaryPeriod(services);
      }),
    {
      pollMs,
      minIntervalMs: 100,
      wakeOn: (wake) => services.store.onAppended(onlyFor(REWARD_TRIGGER_STREAMS, wake)),
      onError: (error) => services.logger.error({ err: error }, 'promotion reward worker failed'),
    },
  );
};

export const promotionModule: ApiModule = {
  name: 'promotion',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  resolvers: { Query, Mutation } as IResolvers,
  migrations: new URL('./migrations/', import.meta.url),
  projections: [promotionProjection],
  start: async (services) => {
    // `npm start` shows the programmes working (issue 21 item 5); a production start seeds nothing.
    if (services.config.NODE_ENV !== 'production') await seedPromotions(services);
    return startRewardWorker(services);
  },
};
