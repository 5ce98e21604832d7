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
 * Bet events — nearly all of the log — and registrations are applied one statement per run of
 * consecutive bet events or registrations (`applyBatch`, `projection-runs.ts`), the rest one by one, in
 * log order.
 */
import type { LogFilter, RecordedEvent, SqlExecutor } from '@bashiri/eventstore';
import type { Projection } from '@bashiri/projection-runner';
import { netOf } from '@bashiri/domain';
import type { MovementLine } from '@bashiri/domain';
import { applyBets, applyRegistrations } from './projection-runs.ts';

/** A win of at least this many TZS is kept for the big-winners list (spec §2 `/super`). */
export const BIG_WIN_MIN = 10_000;

/**
 * What each event type writes one by one (the types a run of `projection-runs.ts` does not take); an
 * event of the filter whose type is not here writes nothing in this projection.
 */
const ONE_BY_ONE: Readonly<
  Record<string, (d: Record<string, unknown>, e: RecordedEvent, tx: SqlExecutor) => Promise<unknown>>
> = {
  DepositCredited: async (d, e, tx) => {
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
  },
  BonusCredited: async (d, e, tx) => {
    const line = (d['lines'] as { pocket: string; amount: number }[]).find((l) => l.pocket === 'creditMoney');
    if (line && line.amount > 0)
      await tx.query(
        `INSERT INTO promo_grants (movement_id, user_id, amount, at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [d['movementId'], d['userId'], line.amount, d['at']],
      );
  },
  CreditExpired: async (d, e, tx) => {
    await tx.query('UPDATE promo_grants SET expired = true WHERE movement_id = $1', [d['reference']]);
  },
  WinningsCredited: async (d, e, tx) => {
    const amount = (d['lines'] as MovementLine[]).reduce((sum, l) => sum + netOf(l), 0);
    if (amount >= BIG_WIN_MIN)
      await tx.query(
        `INSERT INTO promo_big_wins (movement_id, user_id, amount, at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [d['movementId'], d['userId'], amount, d['at']],
      );
  },
  PromotionCreated: async (d, e, tx) => {
    await tx.query(
      `INSERT INTO promotions (promotion_id, kind, name, starts_at, ends_at, budget, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [d['promotionId'], d['kind'], d['name'], d['startsAt'], d['endsAt'], d['budget'], d['at']],
    );
  },
  PromotionScheduled: async (d, e, tx) => {
    await tx.query('UPDATE promotions SET starts_at = $2, ends_at = $3 WHERE promotion_id = $1', [
      d['promotionId'],
      d['startsAt'],
      d['endsAt'],
    ]);
  },
  PromotionPaused: async (d, e, tx) => {
    await tx.query('UPDATE promotions SET paused = $2 WHERE promotion_id = $1', [
      d['promotionId'],
      e.type === 'PromotionPaused',
    ]);
  },
  PromotionResumed: async (d, e, tx) => {
    await tx.query('UPDATE promotions SET paused = $2 WHERE promotion_id = $1', [
      d['promotionId'],
      e.type === 'PromotionPaused',
    ]);
  },
  PromotionBudgetSet: async (d, e, tx) => {
    await tx.query('UPDATE promotions SET budget = $2 WHERE promotion_id = $1', [
      d['promotionId'],
      d['budget'],
    ]);
  },
  RewardGranted: async (d, e, tx) => {
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
  },
};

const applyOne = async (e: RecordedEvent, tx: SqlExecutor): Promise<void> => {
  if (Object.hasOwn(ONE_BY_ONE, e.type)) await ONE_BY_ONE[e.type]!(e.data as Record<string, unknown>, e, tx);
};

/** The set-based step of an event that has one (`projection-runs.ts`), by kind of run. */
const runOf = (e: RecordedEvent): 'bets' | 'registrations' | null =>
  e.streamName.startsWith('bet-') ? 'bets' : e.type === 'AccountRegistered' ? 'registrations' : null;

const applyRun = (kind: 'bets' | 'registrations', run: readonly RecordedEvent[], tx: SqlExecutor) =>
  kind === 'bets' ? applyBets(run, tx) : applyRegistrations(run, tx);

/**
 * The appends that may queue a reward item, by the streams they name (decision 0201): a registration
 * (`account-*`: welcome), a bet (`bet-*`: order bonus, referral stakes, purse), a deposit (its
 * `payment-*` stream is appended with the `wallet-*` one: invitation) and a promotion's own streams
 * (`promotion-*`). Only these wake the reward worker at once; an append to `wallet-*` streams beside none
 * of them — a casino `bet`/`win` (with its `casino-round-*` stream), a staff adjustment, a withdrawal
 * without its payment — queues nothing, and the worker's poll (every second) and its minute's expiry
 * round cover whatever an unknown append (`streams` undefined: another process) may have queued.
 */
export const REWARD_TRIGGER_STREAMS: LogFilter = {
  streamPrefixes: ['account-', 'bet-', 'payment-', 'promotion-'],
};

/** Keeps the promotion read models and fills the reward queue. */
export const promotionProjection: Projection = {
  name: 'promotion.triggers',
  filter: { streamPrefixes: ['account-', 'bet-', 'wallet-', 'promotion-'] },
  // The reward worker catches this projection up itself on every round (woken by appends, at most ten
  // a second) before it pays; the background loop beside it need not run twenty batches a second too
  // (decision 0176).
  minIntervalMs: 250,
  apply: (e, tx) => {
    const kind = runOf(e);
    return kind ? applyRun(kind, [e], tx) : applyOne(e, tx);
  },
  applyBatch: async (events, tx) => {
    // Runs of consecutive events of one set-based kind go as one statement each; the rest one by one,
    // all in log order.
    let run: RecordedEvent[] = [];
    let runKind: 'bets' | 'registrations' | null = null;
    for (const e of events) {
      const kind = runOf(e);
      // An event that writes nothing here (a stake debit beside each bet, say) must not cut a run of
      // bets in two: skipped, it leaves the read model exactly as applying it in its turn would.
      if (!kind && !Object.hasOwn(ONE_BY_ONE, e.type)) continue;
      if (kind !== runKind && run.length > 0) {
        await applyRun(runKind!, run, tx);
        run = [];
      }
      runKind = kind;
      if (kind) run.push(e);
      else await applyOne(e, tx);
    }
    if (run.length > 0) await applyRun(runKind!, run, tx);
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
