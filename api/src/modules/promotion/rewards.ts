/**
 * The reward process manager (issue 21 item 2; decisions 0008, 0009, 0046): drains `promo_queue` with
 * `drainQueue` and pays each reward through the one money path (`moveMoney`), once.
 *
 * A reward is one movement of the player's wallet together with its own product stream
 * `promotion-reward-<movementId>`: the stream holds the promotion's `RewardGranted` (decided by the
 * domain's promotion decider against the promotion's period, pause and budget from the read model), the
 * wallet the `BonusCredited`. Both are appended at once with event ids derived from the movement id, so a
 * redelivered trigger finds the reward stream written and pays nothing: exactly once however often the
 * queue or the projection replays.
 */
import {
  activityAward,
  domainError,
  invitationBonus,
  orderBonus,
  PROMOTION_ACTOR,
  promotionDecider,
  purseProgress,
  referralReward,
  remainingOfGrants,
  selfReferralError,
  showsPurseIcon,
  welcomeBonus,
} from '@bashiri/domain';
import type {
  CreditBonus,
  DomainError,
  PlayerFootprint,
  PromotionEvent,
  PromotionState,
  RewardGranted,
} from '@bashiri/domain';
import type { Evolver } from '@bashiri/eventstore';
import { drainQueue } from '../../process-manager.ts';
import type { WorkQueue } from '../../process-manager.ts';
import type { AppServices } from '../../services.ts';
import { playerSessionIps } from '../identity/index.ts';
import { marketingAllowedFor } from '../protection/index.ts';
import { moveMoney } from '../wallet/index.ts';
import { configAt } from './config.ts';

/**
 * The promotion (kind activity) that pays the purse bonus (spec §2 /purse), bill type 17; the demo seed
 * creates it, staff create it in production. Without it running, nothing is paid (PROMOTION_* codes).
 */
export const PURSE_PROMOTION_ID = 'purse';

/** The reward queue (migration 001). */
export const REWARD_QUEUE: WorkQueue = {
  table: 'promo_queue',
  columns: ['key', 'kind', 'user_id', 'ref', 'amount', 'odds', 'at'],
  tiebreak: 'key',
};

interface QueueItem {
  readonly key: string;
  readonly kind: 'welcome' | 'referral' | 'invitation' | 'order' | 'purse' | 'expiry';
  readonly user_id: string;
  readonly ref: string | null;
  readonly amount: string | number;
  readonly odds: string | null;
  readonly at: Date | string;
}

/** What paying one reward came to. `refused` carries the stable code (e.g. `PROMOTION_BUDGET_REACHED`). */
export type GrantOutcome =
  | { readonly status: 'paid'; readonly amount: number; readonly movementId: string }
  | { readonly status: 'already'; readonly movementId: string }
  | { readonly status: 'refused'; readonly error: DomainError };

/** Stream of one reward: `promotion-reward-<movementId>`. */
export const rewardStream = (movementId: string): string => `promotion-reward-${movementId}`;

const rewardEvolver: Evolver<{ granted: boolean }, PromotionEvent> = {
  initialState: () => ({ granted: false }),
  evolve: (s, e) => (e.type === 'RewardGranted' ? { granted: true } : s),
};

interface PromotionRow {
  readonly promotion_id: string;
  readonly kind: PromotionState['kind'];
  readonly paused: boolean;
  readonly starts_at: Date;
  readonly ends_at: Date;
  readonly budget: string | null;
  readonly spent: string;
}

/** One grant at a time per promotion in this process, so its budget is exact here (decision 0046). */
const lanes = new Map<string, Promise<unknown>>();
const inLane = <T>(promotionId: string, work: () => Promise<T>): Promise<T> => {
  const before = lanes.get(promotionId) ?? Promise.resolve();
  const run = before.then(work, work);
  const settled = run.catch(() => undefined);
  lanes.set(promotionId, settled);
  void settled.then(() => {
    if (lanes.get(promotionId) === settled) lanes.delete(promotionId);
  });
  return run;
};

/** Grants paid by this process whose RewardGranted the read model may not show yet (TZS per promotion). */
const unprojected = new Map<string, number>();

/**
 * Stable code of a reward refused because the player is closed for marketing: self-excluded or cooling
 * off (issue 23 "closed for play and marketing"; protection's `marketingAllowedFor`).
 */
export const MARKETING_CLOSED = 'MARKETING_CLOSED';

/**
 * Pays `command` (a domain reward: CreditBonus with its deterministic movement id) under promotion
 * `promotionId` for `trigger`, through the money path. The promotion decider refuses outside the period,
 * while paused, or past the budget (`PROMOTION_*` codes); a reward already granted answers `already`; a
 * player self-excluded or cooling off at the server's clock is refused with {@link MARKETING_CLOSED}
 * (nothing paid, nothing written: the reward is not granted later either).
 */
export const grantReward = async (
  services: AppServices,
  promotionId: string,
  trigger: string,
  command: CreditBonus,
): Promise<GrantOutcome> => inLane(promotionId, () => pay(services, promotionId, trigger, command));

const pay = async (
  services: AppServices,
  promotionId: string,
  trigger: string,
  command: CreditBonus,
): Promise<GrantOutcome> => {
  if (!(await marketingAllowedFor(services, command.userId)))
    return {
      status: 'refused',
      error: domainError(
        MARKETING_CLOSED,
        'the player is self-excluded or cooling off: closed for marketing',
        {
          details: { userId: command.userId },
        },
      ),
    };
  const result = await moveMoney<
    { granted: boolean },
    PromotionEvent,
    PromotionRow | undefined,
    GrantOutcome
  >(services, {
    userId: command.userId,
    product: { streamName: rewardStream(command.movementId), evolver: rewardEvolver },
    idempotencyKey: command.movementId,
    metadata: { actor: `${command.actor.kind}:${command.actor.id}` },
    read: async () =>
      (
        await services.sql.query<PromotionRow>(
          `SELECT promotion_id, kind, paused, starts_at, ends_at, budget::text, spent::text
             FROM promotions WHERE promotion_id = $1`,
          [promotionId],
        )
      ).rows[0],
    decide: ({ product, wallet, read }) => {
      if (product.state.granted) return { answer: { status: 'already', movementId: command.movementId } };
      const state: PromotionState = read
        ? {
            exists: true,
            kind: read.kind,
            paused: read.paused,
            startsAt: new Date(read.starts_at).toISOString(),
            endsAt: new Date(read.ends_at).toISOString(),
            budget: read.budget === null ? null : Number(read.budget),
            spent: Number(read.spent) + (unprojected.get(promotionId) ?? 0),
            granted: new Set(),
          }
        : promotionDecider.initialState();
      const decision = promotionDecider.decide(
        {
          type: 'GrantReward',
          promotionId,
          at: command.at,
          actor: command.actor,
          userId: command.userId,
          trigger,
          amount: command.amount,
          movementId: command.movementId,
        },
        state,
      );
      if (!decision.ok) return { answer: { status: 'refused', error: decision.error } };
      const paid = wallet.pay(command);
      if (!paid.ok) return { answer: { status: 'refused', error: paid.error } };
      return {
        answer: { status: 'paid', amount: command.amount, movementId: command.movementId },
        productEvents: decision.events as RewardGranted[],
      };
    },
  });
  if (result.written && result.answer.status === 'paid')
    unprojected.set(promotionId, (unprojected.get(promotionId) ?? 0) + result.answer.amount);
  return result.answer;
};

/** Forgets the tallies the read model now shows (called after the projection caught up). */
export const forgetProjectedTallies = (): void => unprojected.clear();

interface DefinitionRow {
  readonly promotion_id: string;
  readonly params: Record<string, unknown>;
}

/** Running promotions of `kind` at `at` (ISO) with their latest parameters. */
const runningOf = async (services: AppServices, kind: string, at: string): Promise<DefinitionRow[]> =>
  (
    await services.sql.query<DefinitionRow>(
      `SELECT p.promotion_id, coalesce(d.params, '{}'::jsonb) AS params FROM promotions p
       LEFT JOIN LATERAL (SELECT params FROM promo_definitions d WHERE d.promotion_id = p.promotion_id
                          ORDER BY version DESC LIMIT 1) d ON true
       WHERE p.kind = $1 AND NOT p.paused AND $2::timestamptz >= p.starts_at AND $2::timestamptz < p.ends_at
       ORDER BY p.created_at, p.promotion_id`,
      [kind, at],
    )
  ).rows;

/** The referral programme's promotion (the first created), or undefined when none runs. */
const referralPromotion = async (services: AppServices): Promise<string | undefined> =>
  (
    await services.sql.query<{ promotion_id: string }>(
      `SELECT promotion_id FROM promotions WHERE kind = 'referral' ORDER BY created_at, promotion_id LIMIT 1`,
    )
  ).rows[0]?.promotion_id;

const footprints = async (services: AppServices, ids: readonly string[]): Promise<PlayerFootprint[]> => {
  const [accounts, prints, sessions] = await Promise.all([
    services.sql.query<{ user_id: string; phone: string }>(
      'SELECT user_id, phone FROM promo_accounts WHERE user_id = ANY($1::text[])',
      [ids],
    ),
    services.sql.query<{ user_id: string; kind: string; value: string; at: Date }>(
      'SELECT user_id, kind, value, at FROM promo_footprints WHERE user_id = ANY($1::text[])',
      [ids],
    ),
    playerSessionIps(services.sql, ids),
  ]);
  return ids.map((id) => ({
    userId: id,
    phone: accounts.rows.find((a) => a.user_id === id)?.phone ?? `unknown:${id}`,
    devices: prints.rows.filter((p) => p.user_id === id && p.kind === 'device').map((p) => p.value),
    ips: [
      ...prints.rows
        .filter((p) => p.user_id === id && p.kind === 'ip')
        .map((p) => ({ ip: p.value, at: new Date(p.at).toISOString() })),
      ...(sessions.get(id) ?? []),
    ],
  }));
};

interface Relation {
  readonly inviter_id: string;
  readonly status: string;
  readonly settled_stakes: string;
}

/**
 * The relation of `friendId`, or null when it is not pending-or-rewarded or is a self-referral (then
 * marked `refused` with its reason, for staff). Checked before every referral payment.
 */
const checkedRelation = async (
  services: AppServices,
  friendId: string,
  referral: Awaited<ReturnType<typeof configAt>>['config']['referral'],
): Promise<Relation | null> => {
  const rel = (
    await services.sql.query<Relation>(
      'SELECT inviter_id, status, settled_stakes::text FROM promo_referrals WHERE friend_id = $1',
      [friendId],
    )
  ).rows[0];
  if (!rel || rel.status === 'refused') return null;
  const [inviter, friend] = await footprints(services, [rel.inviter_id, friendId]);
  const self = selfReferralError(referral, inviter!, friend!);
  if (self) {
    await services.sql.query(
      `UPDATE promo_referrals SET status = 'refused', refusal_reason = $2, refusal_details = $3::jsonb
       WHERE friend_id = $1`,
      [friendId, (self.details as { reason: string }).reason, JSON.stringify(self.details ?? {})],
    );
    services.logger.warn(
      { friendId, inviterId: rel.inviter_id, details: self.details },
      'self-referral refused',
    );
    return null;
  }
  return rel;
};

const iso = (at: Date | string) => new Date(at).toISOString();

const logRefusal = (services: AppServices, item: QueueItem, outcome: GrantOutcome) => {
  if (outcome.status === 'refused')
    services.logger.info({ key: item.key, code: outcome.error.code }, 'promotion reward not paid');
};

/** Carries out one queue item (idempotent: a replay pays nothing). */
const work = async (services: AppServices, item: QueueItem): Promise<void> => {
  const now = new Date(services.now()).toISOString();
  const { config } = await configAt(services.sql, now);
  switch (item.kind) {
    case 'welcome':
      for (const p of await runningOf(services, 'welcome', iso(item.at))) {
        const amount = Number(p.params['amount'] ?? 0);
        if (!(amount > 0)) continue;
        const command = welcomeBonus({ promotionId: p.promotion_id, amount }, item.user_id, iso(item.at));
        logRefusal(services, item, await grantReward(services, p.promotion_id, 'registration', command));
      }
      return;
    case 'referral': {
      const rel = await checkedRelation(services, item.user_id, config.referral);
      const promotionId = await referralPromotion(services);
      if (!rel || rel.status !== 'pending' || !promotionId) return;
      const command = referralReward(
        config.referral,
        {
          inviterId: rel.inviter_id,
          friendId: item.user_id,
          settledStakes: Number(rel.settled_stakes),
          countedBets: new Set(),
        },
        now,
      );
      if (!command) return;
      const outcome = await grantReward(services, promotionId, item.user_id, command);
      logRefusal(services, item, outcome);
      if (outcome.status !== 'refused')
        await services.sql.query(
          `UPDATE promo_referrals SET status = 'rewarded', reward = $2 WHERE friend_id = $1`,
          [item.user_id, command.amount],
        );
      return;
    }
    case 'invitation': {
      const rel = await checkedRelation(services, item.user_id, config.referral);
      const promotionId = await referralPromotion(services);
      if (!rel || !promotionId) return;
      const command = invitationBonus(config.referral, {
        userId: item.user_id,
        paymentId: item.ref ?? item.key,
        amount: Number(item.amount),
        at: iso(item.at),
      });
      if (!command) return;
      const outcome = await grantReward(services, promotionId, 'invitation', command);
      logRefusal(services, item, outcome);
      if (outcome.status !== 'refused')
        await services.sql.query('UPDATE promo_referrals SET invitation_bonus = $2 WHERE friend_id = $1', [
          item.user_id,
          command.amount,
        ]);
      return;
    }
    case 'order':
      for (const p of await runningOf(services, 'order', iso(item.at))) {
        const command = orderBonus(
          {
            promotionId: p.promotion_id,
            minStake: Number(p.params['minStake'] ?? 0),
            minOdds: String(p.params['minOdds'] ?? '1.00'),
            freeBet: Number(p.params['freeBet'] ?? 0),
            from: iso(item.at),
            until: new Date(Date.parse(iso(item.at)) + 1).toISOString(),
          },
          {
            userId: item.user_id,
            betId: item.ref ?? item.key,
            stake: Number(item.amount),
            odds: item.odds ?? '1.00',
            placedAt: iso(item.at),
            payType: 1,
          },
          iso(item.at),
        );
        if (command && command.amount > 0)
          logRefusal(services, item, await grantReward(services, p.promotion_id, 'order', command));
      }
      return;
    case 'purse': {
      // The purse bonus (spec §2 /purse): an activity award (bill 17) of the `purse` promotion, once per
      // player (movement id `activity:purse:<userId>`), when the icon rule shows the player and the
      // counted settled stakes reach the target (checked again here).
      const [account, stakes] = await Promise.all([
        services.sql.query<{ superior_id: string | null; registered_at: Date }>(
          'SELECT superior_id, registered_at FROM promo_accounts WHERE user_id = $1',
          [item.user_id],
        ),
        services.sql.query<{ total: string }>(
          'SELECT coalesce(sum(stake), 0)::text AS total FROM promo_counted_bets WHERE user_id = $1',
          [item.user_id],
        ),
      ]);
      const a = account.rows[0];
      const shown = showsPurseIcon(
        a
          ? {
              id: item.user_id,
              superiorId: a.superior_id,
              createdAt: new Date(a.registered_at).toISOString(),
            }
          : null,
      );
      if (!shown || !purseProgress(Number(stakes.rows[0]?.total ?? 0), config.purseTarget).reached) return;
      const command = activityAward(
        { promotionId: PURSE_PROMOTION_ID, userId: item.user_id, amount: config.purseBonus, reason: 'purse' },
        PROMOTION_ACTOR,
        now,
      );
      logRefusal(services, item, await grantReward(services, PURSE_PROMOTION_ID, 'purse', command));
      return;
    }
    case 'expiry':
      await expireGrant(services, item.user_id, item.ref ?? '', now);
      return;
  }
};

/**
 * Expires what is left of grant `grantId` of `userId` (bill type 18): a movement of the wallet alone,
 * movement id `expiry:<grantId>`. What is left is computed in the decision from the player's open
 * grants (oldest first) and the credit money held then.
 */
export const expireGrant = async (
  services: AppServices,
  userId: string,
  grantId: string,
  now: string,
): Promise<number> => {
  const movementId = `expiry:${grantId}`;
  const { answer } = await moveMoney<
    undefined,
    never,
    { movement_id: string; amount: string; at: Date }[],
    number
  >(services, {
    userId,
    idempotencyKey: movementId,
    read: async () =>
      (
        await services.sql.query<{ movement_id: string; amount: string; at: Date }>(
          `SELECT movement_id, amount::text, at FROM promo_grants
             WHERE user_id = $1 AND (NOT expired OR movement_id = $2) ORDER BY at, movement_id`,
          [userId, grantId],
        )
      ).rows,
    decide: ({ wallet, read }) => {
      const grants = read.map((g) => ({
        movementId: g.movement_id,
        amount: Number(g.amount),
        at: iso(g.at),
      }));
      const index = grants.findIndex((g) => g.movementId === grantId);
      const left = index < 0 ? 0 : remainingOfGrants(grants, wallet.state.creditMoney)[index]!;
      const paid = wallet.pay({
        type: 'ExpireCredit',
        userId,
        movementId,
        at: now,
        actor: PROMOTION_ACTOR,
        reference: grantId,
        amount: left,
        reason: 'expired',
      });
      return { answer: paid.ok ? left : 0 };
    },
  });
  return answer;
};

/** Queues the expiry of every open grant older than the configured days (at most once per grant). */
export const queueExpiries = async (services: AppServices): Promise<number> => {
  const now = new Date(services.now());
  const { config } = await configAt(services.sql, now.toISOString());
  const due = new Date(now.getTime() - config.creditExpiryDays * 86_400_000).toISOString();
  const r = await services.sql.query(
    `INSERT INTO promo_queue (key, kind, user_id, ref, at)
     SELECT 'expiry:' || movement_id, 'expiry', user_id, movement_id, $2::timestamptz FROM promo_grants
     WHERE NOT expired AND at <= $1::timestamptz
     ON CONFLICT DO NOTHING`,
    [due, now.toISOString()],
  );
  return r.rowCount ?? 0;
};

/** Drains the reward queue: every item's reward paid once (items of one player in order). */
export const drainRewards = (services: AppServices, batchSize = 250): Promise<number> =>
  drainQueue<QueueItem>(
    services.sql,
    REWARD_QUEUE,
    async (items) => {
      const byUser = new Map<string, QueueItem[]>();
      for (const item of items) byUser.set(item.user_id, [...(byUser.get(item.user_id) ?? []), item]);
      const users = [...byUser.values()];
      // A few players at a time; one player's items in queue order.
      for (let i = 0; i < users.length; i += 8)
        await Promise.all(
          users.slice(i, i + 8).map(async (list) => {
            for (const item of list) await work(services, item);
          }),
        );
    },
    { batchSize },
  );

/** Grants an activity award (bill type 17) to one player from staff. */
export const awardActivity = (
  services: AppServices,
  input: { promotionId: string; userId: string; amount: number; reason: string; staffId: string },
): Promise<GrantOutcome> =>
  grantReward(
    services,
    input.promotionId,
    'activity',
    activityAward(
      { promotionId: input.promotionId, userId: input.userId, amount: input.amount, reason: input.reason },
      { kind: 'staff', id: input.staffId },
      new Date(services.now()).toISOString(),
    ),
  );
