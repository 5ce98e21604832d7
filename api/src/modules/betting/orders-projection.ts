/**
 * Orders and order lines (spec §3 "Order", "Order detail line"; issue 5 item 4) from `bet-<id>` events.
 * Amounts are copied from the events (TZS), never recomputed.
 */
import { ORDER_STATUS_CODE } from '@bashiri/domain';
import type { BetEvent, BetStatus, Settlement } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';
import type { Projection } from '@bashiri/projections';

const setStatus = (tx: SqlExecutor, betId: string, status: BetStatus, extra = '', params: unknown[] = []) =>
  tx.query(`UPDATE orders SET status = $2, status_code = $3${extra} WHERE bet_id = $1`, [
    betId,
    status,
    ORDER_STATUS_CODE[status],
    ...params,
  ]);

const settled = (tx: SqlExecutor, betId: string, s: Settlement, at: string) =>
  s.state === 'settled'
    ? setStatus(
        tx,
        betId,
        'settled',
        ', payout = $4, reward = $5, tax = $6, credited = $7, settled_at = $8',
        [s.payout, s.reward, s.tax, s.credited + s.creditRefund, at],
      )
    : tx.query(
        `UPDATE orders SET payout = NULL, reward = NULL, tax = NULL, credited = NULL, settled_at = NULL,
                status = CASE WHEN status = 'settled' THEN 'awaiting' ELSE status END,
                status_code = CASE WHEN status = 'settled' THEN 2 ELSE status_code END WHERE bet_id = $1`,
        [betId],
      );

export const ordersProjection: Projection = {
  name: 'orders_read_models',
  filter: { streamPrefixes: ['bet-'] },
  apply: async (recorded, tx) => {
    const event = { type: recorded.type, data: recorded.data } as BetEvent;
    const { betId, at } = event.data;
    switch (event.type) {
      case 'BetPlaced': {
        const d = event.data;
        await tx.query(
          `INSERT INTO orders (bet_id, serial, user_id, order_type, status, status_code, pay_type, stake, pay_payable,
             virtual_pay_amount, selections, total_odds, tax_rate, potential_profit, potential_reward, reward_percent,
             potential_tax, potential_return, placed_at)
           VALUES ($1, $2, $3, $4, 'unpaid', 1, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
          [
            betId,
            d.serial,
            d.userId,
            d.orderType,
            d.payType,
            d.stake,
            d.payPayable,
            d.virtualPayAmount,
            d.legs.length,
            d.quote.totalOdds,
            d.terms.taxRatePercent,
            d.quote.profit,
            d.quote.reward,
            d.quote.rewardPercent,
            d.quote.tax,
            d.quote.afterTaxAmount,
            at,
          ],
        );
        for (const [index, leg] of d.legs.entries()) {
          await tx.query(
            `INSERT INTO order_lines (bet_id, leg_index, match_id, selection_id, market_id, home, away, market_name,
               selection_name, odds, start_time, event_status)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
            [
              betId,
              index,
              leg.matchId,
              leg.selectionId,
              leg.marketId,
              leg.home,
              leg.away,
              leg.marketName,
              leg.selectionName,
              leg.leg.odds,
              leg.startTime,
              leg.eventStatus,
            ],
          );
        }
        return;
      }
      case 'StakePaid':
        await setStatus(tx, betId, 'awaiting');
        return;
      case 'BetRejected':
        await setStatus(tx, betId, 'rejected', ', reject_code = $4', [event.data.code]);
        return;
      case 'LegSettled':
        await tx.query(
          'UPDATE order_lines SET outcome = $3, void_factor = $4, rule = $5 WHERE bet_id = $1 AND leg_index = $2',
          [
            betId,
            event.data.legIndex,
            event.data.result.outcome,
            event.data.result.voidFactor,
            event.data.result.rule,
          ],
        );
        if (event.data.result.outcome === 1) await setStatus(tx, betId, 'abnormal');
        return;
      case 'BetSettled':
        await settled(tx, betId, event.data.settlement, at);
        return;
      case 'BetResettled':
        await settled(tx, betId, event.data.settlement, at);
        return;
      case 'SettlementDelayed':
        await setStatus(tx, betId, 'delayed', ', abnormal_info = $4', [event.data.abnormalInfo]);
        return;
      case 'BetCashedOut':
        await setStatus(tx, betId, 'cashedOut', ', credited = $4, payout = $4, settled_at = $5', [
          event.data.amount,
          at,
        ]);
        return;
      case 'BetCancelled':
        await setStatus(tx, betId, 'cancelled', ', cancel_reason = $4, credited = $5, settled_at = $6', [
          event.data.reason,
          event.data.refund,
          at,
        ]);
        return;
    }
  },
  reset: async (tx) => {
    await tx.query('DELETE FROM order_lines');
    await tx.query('DELETE FROM orders');
  },
};
