/**
 * Racing read models (spec §3 "Racing period", "Racing order"; docs/racing.md) from `racing-<roundId>`
 * and `racingbet-<id>` events, in log order, and the settlement queue they feed. A drawn round's orders are
 * settled by walking them (settlement.ts, decision 0184), not queued; an order that arrives after its
 * round was drawn is queued at once (and marked `settle_by_queue`, so the walk leaves it to the queue). A
 * voided round (`RoundVoided`) queues its pending orders: the worker returns them. A round's settlement
 * streams (`racingsettle-…`) mark the orders they list as settled: lost, or won with their figures
 * (decision 0194).
 * Amounts are copied from the events (integer TZS), never recomputed.
 */
import { RacingOrderStatus, RacingResult } from '@bashiri/domain';
import type { RacingBetEvent, RacingSettlementAdvanced, RoundEvent } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';
import type { Projection } from '@bashiri/projection-runner';
import { applyRacingBatch } from './projection-batch.ts';

/** Queues every order of `roundId` still waiting for settlement (settlement.ts drains the queue). */
const queuePendingOrders = async (tx: SqlExecutor, roundId: string): Promise<void> => {
  await tx.query(
    `INSERT INTO racing_settle_queue (bet_id, round_id, user_id)
     SELECT bet_id, round_id, user_id FROM racing_orders WHERE round_id = $1 AND status = $2
     ON CONFLICT DO NOTHING`,
    [roundId, RacingOrderStatus.PendingSettlement],
  );
};

/** Stream of a round (issue 19). */
export const racingRoundStream = (roundId: string): string => `racing-${roundId}`;
/** Stream of a racing order (issue 19). */
export const racingBetStream = (betId: string): string => `racingbet-${betId}`;
/** Prefix of the streams of a round's settlement walk (decision 0184). */
export const RACING_SETTLE_PREFIX = 'racingsettle-';
/** The stream of lane `lane` of `lanes` of a drawn round's settlement walk (decision 0184). */
export const racingSettleStream = (roundId: string, lane: number, lanes: number): string =>
  `${RACING_SETTLE_PREFIX}${roundId}-${lane}of${lanes}`;

/**
 * Applies a settlement walk's chunk (decisions 0184, 0194): the orders it found losing are settled (spec §4
 * result 3 lose, status 4): nothing returned, profit −amount; the orders it lists as won get their figures
 * from the event (amounts copied, never recomputed) and the round's paid and tax totals grow by what those
 * rows changed. An order settled already is left as it is, and counts nowhere (replays change nothing).
 */
export const applyWalked = async (tx: SqlExecutor, event: RacingSettlementAdvanced): Promise<void> => {
  const d = event.data;
  if (d.lost.length > 0)
    await tx.query(
      `UPDATE racing_orders SET gross = 0, profit = -amount, tax = 0, payout = 0, result = $2, status = $3,
              settled_at = $4 WHERE bet_id = ANY ($1::text[]) AND status = $5`,
      [d.lost, RacingResult.Lose, RacingOrderStatus.Settled, d.at, RacingOrderStatus.PendingSettlement],
    );
  const won = d.won ?? [];
  if (won.length === 0) return;
  await tx.query(
    `WITH changed AS (
       UPDATE racing_orders o SET gross = x.gross, profit = x.profit, tax = x.tax, payout = x.payout,
              result = x.result, status = $2, settled_at = $3
       FROM jsonb_to_recordset($1::jsonb) AS x(bet_id text, gross bigint, profit bigint, tax bigint,
            payout bigint, result smallint)
       WHERE o.bet_id = x.bet_id AND o.status = $4
       RETURNING o.payout, o.tax)
     UPDATE racing_rounds r SET paid = r.paid + s.paid, tax = r.tax + s.tax
     FROM (SELECT coalesce(sum(payout), 0) AS paid, coalesce(sum(tax), 0) AS tax FROM changed) AS s
     WHERE r.round_id = $5`,
    [
      JSON.stringify(
        won.map((w) => ({
          bet_id: w.betId,
          gross: w.gross,
          profit: w.profit,
          tax: w.tax,
          payout: w.payout,
          result: w.result,
        })),
      ),
      RacingOrderStatus.Settled,
      d.at,
      RacingOrderStatus.PendingSettlement,
      d.roundId,
    ],
  );
};

const applyOne: Projection['apply'] = async (recorded, tx) => {
  const event = { type: recorded.type, data: recorded.data } as
    RoundEvent | RacingBetEvent | RacingSettlementAdvanced;
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
      // Nothing queued: the settlement walks the round's orders (decision 0184).
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
                                      amount, odds, tax_rate, placed_at, settle_by_queue, terms)
           VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11,
                   EXISTS (SELECT 1 FROM racing_rounds WHERE round_id = $3 AND (seed IS NOT NULL OR phase = 'voided')),
                   $12::jsonb)
           ON CONFLICT (bet_id) DO NOTHING`,
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
          JSON.stringify(d.terms),
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
    case 'RacingSettlementAdvanced':
      await applyWalked(tx, event);
      return;
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
  filter: { streamPrefixes: ['racing-', 'racingbet-', RACING_SETTLE_PREFIX] },
  apply: applyOne,
  applyBatch: (events, tx) => applyRacingBatch(events, tx, applyOne),
  reset: async (tx) => {
    await tx.query('DELETE FROM racing_settle_queue');
    await tx.query('DELETE FROM racing_orders');
    await tx.query('DELETE FROM racing_rounds');
  },
};
