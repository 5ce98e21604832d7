/**
 * Racing read models (spec §3 "Racing period", "Racing order"; docs/racing.md) from `racing-<roundId>`
 * and `racingbet-<id>` events, in log order, and the settlement queue they feed: when a round is drawn
 * every pending order of it is queued; an order that arrives after its round was drawn is queued at once.
 * A voided round (`RoundVoided`) queues its pending orders the same way: the worker returns them.
 * Amounts are copied from the events (integer TZS), never recomputed.
 */
import { RacingOrderStatus } from '@bashiri/domain';
import type { RacingBetEvent, RoundEvent } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';
import type { Projection } from '@bashiri/projection-runner';
import { applyRacingBatch } from './projection-batch.ts';

/** Stream of a round (issue 19). */
/** Queues every order of `roundId` still waiting for settlement (settlement.ts drains the queue). */
const queuePendingOrders = async (tx: SqlExecutor, roundId: string): Promise<void> => {
  await tx.query(
    `INSERT INTO racing_settle_queue (bet_id, round_id, user_id)
     SELECT bet_id, round_id, user_id FROM racing_orders WHERE round_id = $1 AND status = $2
     ON CONFLICT DO NOTHING`,
    [roundId, RacingOrderStatus.PendingSettlement],
  );
};

export const racingRoundStream = (roundId: string): string => `racing-${roundId}`;
/** Stream of a racing order (issue 19). */
export const racingBetStream = (betId: string): string => `racingbet-${betId}`;

const applyOne: Projection['apply'] = async (recorded, tx) => {
  const event = { type: recorded.type, data: recorded.data } as RoundEvent | RacingBetEvent;
  switch (event.type) {
    case 'RoundScheduled': {
      const d = event.data;
      await tx.query(
        `INSERT INTO racing_rounds (round_id, seed_hash, starting_bet_time, end_bet_time, draw_time, phase)
           VALUES ($1, $2, $3, $4, $5, 'scheduled') ON CONFLICT (round_id) DO NOTHING`,
        [d.roundId, d.seedHash, d.startingBetTime, d.endBetTime, d.drawTime],
      );
      return;
    }
    case 'RoundBettingClosed':
      await tx.query(
        `UPDATE racing_rounds SET phase = 'closed' WHERE round_id = $1 AND phase = 'scheduled'`,
        [event.data.roundId],
      );
      return;
    case 'RoundDrawn': {
      const d = event.data;
      await tx.query(
        `UPDATE racing_rounds SET phase = 'drawn', seed = $2, lottery_combination = $3, drawn_at = $4
           WHERE round_id = $1`,
        [d.roundId, d.seed, d.lotteryCombination, d.at],
      );
      await queuePendingOrders(tx, d.roundId);
      return;
    }
    case 'RoundVoided': {
      // No result: every pending order of the round is queued to be returned (settlement.ts).
      const d = event.data;
      await tx.query(
        `UPDATE racing_rounds SET phase = 'voided', voided_at = $2, void_reason = $3 WHERE round_id = $1`,
        [d.roundId, d.at, d.reason],
      );
      await queuePendingOrders(tx, d.roundId);
      return;
    }
    case 'RoundSettled':
      await tx.query(`UPDATE racing_rounds SET phase = 'settled', settled_at = $2 WHERE round_id = $1`, [
        event.data.roundId,
        event.data.at,
      ]);
      return;
    case 'RacingBetPlaced': {
      const d = event.data;
      await tx.query(
        `INSERT INTO racing_orders (bet_id, user_id, round_id, bet_type, selection, tickets, single_amount,
                                      amount, odds, tax_rate, placed_at)
           VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11) ON CONFLICT (bet_id) DO NOTHING`,
        [
          d.betId,
          d.userId,
          d.roundId,
          d.selection.betType,
          JSON.stringify(d.selection),
          d.tickets,
          d.singleAmount,
          d.amount,
          d.terms.odds,
          d.terms.taxRate,
          d.at,
        ],
      );
      await tx.query(
        'UPDATE racing_rounds SET orders = orders + 1, staked = staked + $2 WHERE round_id = $1',
        [d.roundId, d.amount],
      );
      // Placed after its round was drawn or voided (in log order): queue it now.
      await tx.query(
        `INSERT INTO racing_settle_queue (bet_id, round_id, user_id)
           SELECT $1, round_id, $3 FROM racing_rounds WHERE round_id = $2 AND (seed IS NOT NULL OR phase = 'voided')
           ON CONFLICT DO NOTHING`,
        [d.betId, d.roundId, d.userId],
      );
      return;
    }
    case 'RacingBetSettled': {
      const d = event.data;
      await tx.query(
        `UPDATE racing_orders SET gross = $2, profit = $3, tax = $4, payout = $5, result = $6, status = $7,
                  settled_at = $8 WHERE bet_id = $1`,
        [d.betId, d.gross, d.profit, d.tax, d.payout, d.result, RacingOrderStatus.Settled, d.at],
      );
      await tx.query('UPDATE racing_rounds SET paid = paid + $2, tax = tax + $3 WHERE round_id = $1', [
        d.roundId,
        d.payout,
        d.tax,
      ]);
      return;
    }
    case 'RacingBetReturned': {
      const d = event.data;
      const { rows } = await tx.query<{ round_id: string }>(
        `UPDATE racing_orders SET payout = $2, result = 4, status = $3, settled_at = $4 WHERE bet_id = $1
           RETURNING round_id`,
        [d.betId, d.amount, RacingOrderStatus.Returned, d.at],
      );
      if (rows[0])
        await tx.query('UPDATE racing_rounds SET paid = paid + $2 WHERE round_id = $1', [
          rows[0].round_id,
          d.amount,
        ]);
      return;
    }
  }
};

export const racingProjection: Projection = {
  name: 'racing_read_models',
  filter: { streamPrefixes: ['racing-', 'racingbet-'] },
  apply: applyOne,
  applyBatch: (events, tx) => applyRacingBatch(events, tx, applyOne),
  reset: async (tx) => {
    await tx.query('DELETE FROM racing_settle_queue');
    await tx.query('DELETE FROM racing_orders');
    await tx.query('DELETE FROM racing_rounds');
  },
};
