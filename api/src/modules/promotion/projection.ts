/**
 * The promotion projection `promotion.triggers` (issue 21 item 2; decision 0009 "In, at least once"): it
 * keeps the promotion read models and fills the reward queue `promo_queue` from the events that trigger
 * rewards, in the batch that advances its checkpoint, so no trigger is missed and a duplicate is absorbed
 * by the queue's key.
 *
 * - `account-*` AccountRegistered: the player's copy, the referral relation (superior = inviter), a
 *   welcome item.
 * - `bet-*` BetPlaced: remembers a referred friend's bets; an order-bonus item when an order promotion is
 *   running. BetSettled: counts a friend's settled stake once per bet id (a bet whose legs are all
 *   void does not count) — also for players who may see the purse; a referral item when the stakes reach the threshold in force.
 * - `wallet-*` DepositCredited: the friend's first deposit → an invitation item. BonusCredited to credit
 *   money: a grant (for expiry). CreditExpired: the grant is closed. WinningsCredited: a big win for /super.
 * - `promotion-*`: the promotions read model; RewardGranted (streams `promotion-reward-<movementId>`):
 *   what each promotion spent and every reward.
 *
 * Bet events — nearly all of the log — are applied in set-based statements per run of consecutive bet
 * events (`applyBatch`), the rest one by one, in log order.
 */
import type { RecordedEvent, SqlExecutor } from '@bashiri/eventstore';
import type { Projection } from '@bashiri/projection-runner';
import { netOf, OUTCOME, PURSE_CREATED_BEFORE, PURSE_EXCLUDED_SUPERIOR } from '@bashiri/domain';
import type { MovementLine } from '@bashiri/domain';
import { configAt } from './config.ts';

/** A win of at least this many TZS is kept for the big-winners list (spec §2 `/super`). */
export const BIG_WIN_MIN = 10_000;

interface PlacedRow {
  bet_id: string;
  user_id: string;
  stake: number;
  pay_type: number;
  odds: string;
  at: string;
}
interface SettledRow {
  bet_id: string;
  stake: number;
  returns: number;
  at: string;
}

const betIdOf = (e: RecordedEvent) => (e.data as { betId?: string }).betId ?? e.streamName.slice(4);

/** Applies a run of bet events in a few statements. */
const applyBets = async (events: readonly RecordedEvent[], tx: SqlExecutor): Promise<void> => {
  const placed: PlacedRow[] = [];
  const settled: SettledRow[] = [];
  for (const e of events) {
    if (e.type === 'BetPlaced') {
      const d = e.data as {
        userId: string;
        stake: number;
        payType: number;
        quote: { totalOdds: string };
        at: string;
      };
      placed.push({
        bet_id: betIdOf(e),
        user_id: d.userId,
        stake: d.stake,
        pay_type: d.payType,
        odds: d.quote.totalOdds,
        at: d.at,
      });
    } else if (e.type === 'BetSettled') {
      const d = e.data as {
        at: string;
        settlement: {
          state: string;
          stake: number;
          credited?: number;
          creditRefund?: number;
          legs: { outcome: number }[];
        };
      };
      const s = d.settlement;
      const voided = s.legs.length > 0 && s.legs.every((l) => l.outcome === OUTCOME.REFUNDED);
      if (s.state === 'settled' && !voided)
        settled.push({
          bet_id: betIdOf(e),
          stake: s.stake,
          returns: (s.credited ?? 0) + (s.creditRefund ?? 0),
          at: d.at,
        });
    }
  }
  if (placed.length > 0) {
    const json = JSON.stringify(placed);
    const RECORDS = `jsonb_to_recordset($1::jsonb) AS x(bet_id text, user_id text, stake bigint, pay_type int, odds text, at timestamptz)`;
    await tx.query(
      `INSERT INTO promo_friend_bets (bet_id, user_id)
       SELECT x.bet_id, x.user_id FROM ${RECORDS}
       WHERE EXISTS (SELECT 1 FROM promo_referrals r WHERE r.friend_id = x.user_id AND r.status = 'pending')
          OR EXISTS (SELECT 1 FROM promo_accounts a WHERE a.user_id = x.user_id AND a.registered_at < $2::timestamptz
                     AND a.superior_id IS DISTINCT FROM $3)
       ON CONFLICT DO NOTHING`,
      [json, PURSE_CREATED_BEFORE, PURSE_EXCLUDED_SUPERIOR],
    );
    // Agent salary (decision 0065): the bets of players who have an agent (superior) when placed.
    await tx.query(
      `INSERT INTO promo_agent_bets (bet_id, user_id, agent_id)
       SELECT x.bet_id, x.user_id, a.superior_id FROM ${RECORDS}
       JOIN promo_accounts a ON a.user_id = x.user_id AND a.superior_id IS NOT NULL
       ON CONFLICT DO NOTHING`,
      [json],
    );
    // Order (bet-to-get) bonus: a bet from the balance within a running order promotion's period.
    await tx.query(
      `INSERT INTO promo_queue (key, kind, user_id, ref, amount, odds, at)
       SELECT DISTINCT ON (x.bet_id) 'order:' || x.bet_id, 'order', x.user_id, x.bet_id, x.stake, x.odds, x.at
       FROM ${RECORDS}
       JOIN promotions p ON p.kind = 'order' AND NOT p.paused AND x.at >= p.starts_at AND x.at < p.ends_at
       WHERE x.pay_type = 1
       ON CONFLICT DO NOTHING`,
      [json],
    );
  }
  if (settled.length > 0) {
    // Agent salary: the first settlement of an agent's player's bet, its stake and returns.
    await tx.query(
      `UPDATE promo_agent_bets b SET stake = s.stake, returns = s.returns, settled_at = s.at
       FROM jsonb_to_recordset($1::jsonb) AS s(bet_id text, stake bigint, returns bigint, at timestamptz)
       WHERE b.bet_id = s.bet_id AND b.settled_at IS NULL`,
      [JSON.stringify(settled)],
    );
    const counted = await tx.query<{ friend_id: string; settled_stakes: string }>(
      `WITH c AS (
         INSERT INTO promo_counted_bets (bet_id, user_id, stake)
         SELECT s.bet_id, f.user_id, s.stake
         FROM jsonb_to_recordset($1::jsonb) AS s(bet_id text, stake bigint)
         JOIN promo_friend_bets f ON f.bet_id = s.bet_id
         ON CONFLICT DO NOTHING RETURNING user_id, stake),
       agg AS (SELECT user_id, sum(stake) AS total FROM c GROUP BY user_id)
       UPDATE promo_referrals r SET settled_stakes = r.settled_stakes + agg.total
       FROM agg WHERE r.friend_id = agg.user_id
       RETURNING r.friend_id, r.settled_stakes::text`,
      [JSON.stringify(settled)],
    );
    const { config } = await configAt(tx, events[events.length - 1]!.recordedAt);
    // The purse (spec §2 /purse): a player the icon rule shows whose counted settled stakes reach the
    // target is queued once for the purse bonus (paid by the reward worker, movement id per player).
    await tx.query(
      `INSERT INTO promo_queue (key, kind, user_id, at)
       SELECT 'purse:' || a.user_id, 'purse', a.user_id, now() FROM promo_accounts a
       WHERE a.user_id IN (SELECT f.user_id FROM jsonb_to_recordset($1::jsonb) AS s(bet_id text, stake bigint)
                           JOIN promo_friend_bets f ON f.bet_id = s.bet_id)
         AND a.registered_at < $2::timestamptz AND a.superior_id IS DISTINCT FROM $3
         AND (SELECT coalesce(sum(c.stake), 0) FROM promo_counted_bets c WHERE c.user_id = a.user_id) >= $4
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(settled), PURSE_CREATED_BEFORE, PURSE_EXCLUDED_SUPERIOR, config.purseTarget],
    );
    if (counted.rows.length > 0) {
      const due = counted.rows.filter((r) => Number(r.settled_stakes) >= config.referral.qualifyingStakes);
      if (due.length > 0)
        await tx.query(
          `INSERT INTO promo_queue (key, kind, user_id, at)
           SELECT 'referral:' || f, 'referral', f, now() FROM unnest($1::text[]) AS f
           ON CONFLICT DO NOTHING`,
          [due.map((r) => r.friend_id)],
        );
    }
  }
};

const applyOne = async (e: RecordedEvent, tx: SqlExecutor): Promise<void> => {
  const d = e.data as Record<string, unknown>;
  switch (e.type) {
    case 'AccountRegistered': {
      const userId = d['userId'] as string;
      const superiorId = (d['superiorId'] as string | null) ?? null;
      await tx.query(
        `INSERT INTO promo_accounts (user_id, phone, superior_id, registered_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [userId, d['phone'], superiorId, d['at']],
      );
      if (superiorId)
        await tx.query(
          `INSERT INTO promo_referrals (friend_id, inviter_id, registered_at) VALUES ($1, $2, $3)
           ON CONFLICT DO NOTHING`,
          [userId, superiorId, d['at']],
        );
      await tx.query(
        `INSERT INTO promo_queue (key, kind, user_id, at)
         SELECT 'welcome:' || $1, 'welcome', $1, $2::timestamptz
         WHERE EXISTS (SELECT 1 FROM promotions WHERE kind = 'welcome' AND NOT paused
                       AND $2::timestamptz >= starts_at AND $2::timestamptz < ends_at)
         ON CONFLICT DO NOTHING`,
        [userId, d['at']],
      );
      return;
    }
    case 'DepositCredited': {
      const amount = (d['lines'] as MovementLine[]).reduce((sum, l) => sum + netOf(l), 0);
      const first = await tx.query(
        `UPDATE promo_referrals SET first_deposit = $2 WHERE friend_id = $1 AND first_deposit IS NULL
         RETURNING friend_id`,
        [d['userId'], amount],
      );
      if (first.rows.length > 0)
        await tx.query(
          `INSERT INTO promo_queue (key, kind, user_id, ref, amount, at)
           VALUES ('invitation:' || $1, 'invitation', $1, $2, $3, $4) ON CONFLICT DO NOTHING`,
          [d['userId'], d['reference'], amount, d['at']],
        );
      return;
    }
    case 'BonusCredited': {
      const line = (d['lines'] as { pocket: string; amount: number }[]).find(
        (l) => l.pocket === 'creditMoney',
      );
      if (line && line.amount > 0)
        await tx.query(
          `INSERT INTO promo_grants (movement_id, user_id, amount, at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
          [d['movementId'], d['userId'], line.amount, d['at']],
        );
      return;
    }
    case 'CreditExpired':
      await tx.query('UPDATE promo_grants SET expired = true WHERE movement_id = $1', [d['reference']]);
      return;
    case 'WinningsCredited': {
      const amount = (d['lines'] as MovementLine[]).reduce((sum, l) => sum + netOf(l), 0);
      if (amount >= BIG_WIN_MIN)
        await tx.query(
          `INSERT INTO promo_big_wins (movement_id, user_id, amount, at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
          [d['movementId'], d['userId'], amount, d['at']],
        );
      return;
    }
    case 'PromotionCreated':
      await tx.query(
        `INSERT INTO promotions (promotion_id, kind, name, starts_at, ends_at, budget, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
        [d['promotionId'], d['kind'], d['name'], d['startsAt'], d['endsAt'], d['budget'], d['at']],
      );
      return;
    case 'PromotionScheduled':
      await tx.query('UPDATE promotions SET starts_at = $2, ends_at = $3 WHERE promotion_id = $1', [
        d['promotionId'],
        d['startsAt'],
        d['endsAt'],
      ]);
      return;
    case 'PromotionPaused':
    case 'PromotionResumed':
      await tx.query('UPDATE promotions SET paused = $2 WHERE promotion_id = $1', [
        d['promotionId'],
        e.type === 'PromotionPaused',
      ]);
      return;
    case 'PromotionBudgetSet':
      await tx.query('UPDATE promotions SET budget = $2 WHERE promotion_id = $1', [
        d['promotionId'],
        d['budget'],
      ]);
      return;
    case 'RewardGranted': {
      const inserted = await tx.query(
        `INSERT INTO promo_rewards (movement_id, promotion_id, user_id, trigger, amount, at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING movement_id`,
        [d['movementId'], d['promotionId'], d['userId'], d['trigger'], d['amount'], d['at']],
      );
      if (inserted.rows.length > 0)
        await tx.query(
          `UPDATE promotions SET spent = spent + $2, granted_count = granted_count + 1 WHERE promotion_id = $1`,
          [d['promotionId'], d['amount']],
        );
      return;
    }
  }
};

const isBet = (e: RecordedEvent) => e.streamName.startsWith('bet-');

/** Keeps the promotion read models and fills the reward queue. */
export const promotionProjection: Projection = {
  name: 'promotion.triggers',
  filter: { streamPrefixes: ['account-', 'bet-', 'wallet-', 'promotion-'] },
  apply: (e, tx) => (isBet(e) ? applyBets([e], tx) : applyOne(e, tx)),
  applyBatch: async (events, tx) => {
    let run: RecordedEvent[] = [];
    for (const e of events) {
      if (isBet(e)) {
        run.push(e);
        continue;
      }
      if (run.length > 0) await applyBets(run, tx);
      run = [];
      await applyOne(e, tx);
    }
    if (run.length > 0) await applyBets(run, tx);
  },
  reset: async (tx) => {
    for (const table of [
      'promotions',
      'promo_rewards',
      'promo_accounts',
      'promo_referrals',
      'promo_friend_bets',
      'promo_counted_bets',
      'promo_grants',
      'promo_big_wins',
      'promo_agent_bets',
    ])
      await tx.query(`DELETE FROM ${table}`);
  },
};
