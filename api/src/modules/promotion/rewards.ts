/**
 * The reward process manager (issue 21 item 2; decisions 0008, 0009, 0046, 0120): drains `promo_queue`
 * with `drainQueue` and pays each reward through the one money path once (`grant.ts`: a wallet movement
 * with the reward's own stream, deterministic ids, so a replayed trigger pays nothing).
 *
 * Per leased batch the configuration in force is read once; the referral items of the batch are checked
 * together (`referral-check.ts`) and paid together (`grantRewards`); the other items one player at a
 * time, each player's items in queue order.
 */
import {
  activityAward,
  invitationBonus,
  orderBonus,
  PROMOTION_ACTOR,
  purseProgress,
  referralReward,
  remainingOfGrants,
  showsPurseIcon,
  welcomeBonus,
} from '@bashiri/domain';
import type { CreditBonus } from '@bashiri/domain';
import { drainQueue } from '../../process-manager.ts';
import type { WorkQueue } from '../../process-manager.ts';
import type { AppServices } from '../../services.ts';
import { moveMoney } from '../wallet/index.ts';
import { configAt } from './config.ts';
import type { PromotionConfig } from './config.ts';
import { grantReward, grantRewards } from './grant.ts';
import type { GrantOutcome } from './grant.ts';
import { checkedRelations } from './referral-check.ts';

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

interface DefinitionRow {
  readonly promotion_id: string;
  readonly params: Record<string, unknown>;
}

interface PromotionWindow extends DefinitionRow {
  readonly starts_at: Date;
  readonly ends_at: Date;
}

/**
 * Running promotions of a kind at an instant (ISO), with their latest parameters, read once per kind
 * for a whole leased batch (a batch of bet-to-get items would otherwise read them once per bet) and
 * filtered by each item's instant here: not paused, `starts_at <= at < ends_at`, oldest first.
 */
const runningLoader = (services: AppServices) => {
  const loaded = new Map<string, Promise<PromotionWindow[]>>();
  return async (kind: string, at: string): Promise<DefinitionRow[]> => {
    let windows = loaded.get(kind);
    if (!windows) {
      windows = services.sql
        .query<PromotionWindow>(
          `SELECT p.promotion_id, coalesce(d.params, '{}'::jsonb) AS params, p.starts_at, p.ends_at FROM promotions p
           LEFT JOIN LATERAL (SELECT params FROM promo_definitions d WHERE d.promotion_id = p.promotion_id
                              ORDER BY version DESC LIMIT 1) d ON true
           WHERE p.kind = $1 AND NOT p.paused
           ORDER BY p.created_at, p.promotion_id`,
          [kind],
        )
        .then((r) => r.rows);
      loaded.set(kind, windows);
    }
    const instant = Date.parse(at);
    return (await windows)
      .filter((w) => new Date(w.starts_at).getTime() <= instant && instant < new Date(w.ends_at).getTime())
      .map(({ promotion_id, params }) => ({ promotion_id, params }));
  };
};

/** The referral programme's promotion (the first created), or undefined when none runs. */
const referralPromotion = async (services: AppServices): Promise<string | undefined> =>
  (
    await services.sql.query<{ promotion_id: string }>(
      `SELECT promotion_id FROM promotions WHERE kind = 'referral' ORDER BY created_at, promotion_id LIMIT 1`,
    )
  ).rows[0]?.promotion_id;

const iso = (at: Date | string) => new Date(at).toISOString();

const logRefusal = (services: AppServices, item: QueueItem, outcome: GrantOutcome) => {
  if (outcome.status === 'refused')
    services.logger.info({ key: item.key, code: outcome.error.code }, 'promotion reward not paid');
};

/** What every item of one leased batch is worked against: the server's clock and the configuration then. */
interface BatchContext {
  /** ISO instant. */
  readonly now: string;
  readonly config: PromotionConfig;
  /** The promotions of a kind running at an instant (ISO), read once per batch. */
  readonly running: (kind: string, at: string) => Promise<DefinitionRow[]>;
}

/**
 * Pays the referral free bet of each friend of `items` (kind `referral`) whose relation is pending and
 * whose settled stakes reach the threshold in force, all in one turn of the referral promotion's lane
 * (`grantRewards`); marks the relations paid (or already paid) as `rewarded` in one statement.
 */
const payReferrals = async (
  services: AppServices,
  items: readonly QueueItem[],
  { now, config }: BatchContext,
): Promise<void> => {
  if (items.length === 0) return;
  const promotionId = await referralPromotion(services);
  const rels = await checkedRelations(
    services,
    items.map((i) => i.user_id),
    config.referral,
  );
  if (!promotionId) return;
  const due: { item: QueueItem; command: CreditBonus }[] = [];
  for (const item of items) {
    const rel = rels.get(item.user_id);
    if (!rel || rel.status !== 'pending') continue;
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
    if (command) due.push({ item, command });
  }
  if (due.length === 0) return;
  const outcomes = await grantRewards(
    services,
    promotionId,
    due.map((d) => ({ trigger: d.item.user_id, command: d.command })),
  );
  const rewarded = due.filter((d, i) => {
    logRefusal(services, d.item, outcomes[i]!);
    return outcomes[i]!.status !== 'refused';
  });
  if (rewarded.length > 0)
    await services.sql.query(
      `UPDATE promo_referrals r SET status = 'rewarded', reward = x.amount
       FROM unnest($1::text[], $2::bigint[]) AS x(friend_id, amount) WHERE r.friend_id = x.friend_id`,
      [rewarded.map((d) => d.item.user_id), rewarded.map((d) => d.command.amount)],
    );
};

/** Carries out one queue item other than a referral (idempotent: a replay pays nothing). */
const work = async (
  services: AppServices,
  item: QueueItem,
  { now, config, running }: BatchContext,
): Promise<void> => {
  switch (item.kind) {
    case 'welcome':
      for (const p of await running('welcome', iso(item.at))) {
        const amount = Number(p.params['amount'] ?? 0);
        if (!(amount > 0)) continue;
        const command = welcomeBonus({ promotionId: p.promotion_id, amount }, item.user_id, iso(item.at));
        logRefusal(services, item, await grantReward(services, p.promotion_id, 'registration', command));
      }
      return;
    case 'referral':
      await payReferrals(services, [item], { now, config, running });
      return;
    case 'invitation': {
      const rel = (await checkedRelations(services, [item.user_id], config.referral)).get(item.user_id);
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
      for (const p of await running('order', iso(item.at))) {
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

/**
 * Drains the reward queue: every item's reward paid once. Per leased batch of `batchSize` items, the
 * referral items together (`payReferrals`), then the others a few players at a time, one player's items
 * in queue order. Returns the number of items done.
 */
export const drainRewards = (services: AppServices, batchSize = 500): Promise<number> =>
  drainQueue<QueueItem>(
    services.sql,
    REWARD_QUEUE,
    async (items) => {
      const now = new Date(services.now()).toISOString();
      const context: BatchContext = {
        now,
        config: (await configAt(services.sql, now)).config,
        running: runningLoader(services),
      };
      await payReferrals(
        services,
        items.filter((i) => i.kind === 'referral'),
        context,
      );
      const byUser = new Map<string, QueueItem[]>();
      for (const item of items)
        if (item.kind !== 'referral') byUser.set(item.user_id, [...(byUser.get(item.user_id) ?? []), item]);
      const users = [...byUser.values()];
      for (let i = 0; i < users.length; i += 8)
        await Promise.all(
          users.slice(i, i + 8).map(async (list) => {
            for (const item of list) await work(services, item, context);
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
