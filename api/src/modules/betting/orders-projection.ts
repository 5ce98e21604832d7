/**
 * Orders and order lines (spec §3 "Order", "Order detail line"; issue 5 item 4) from `bet-<id>` events.
 * Amounts are copied from the events (TZS), never recomputed.
 */
import { OUTCOME } from '@bashiri/domain';
import { ORDER_STATUS_CODE } from '@bashiri/domain';
import type { BetEvent, BetPlaced, BetStatus, Settlement } from '@bashiri/domain';
import type { RecordedEvent, SqlExecutor } from '@bashiri/eventstore';
import type { Projection } from '@bashiri/projection-runner';

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

/** An `orders` row of a bet placed in the batch being applied, before it is written. */
type NewOrder = Record<string, unknown> & {
  status: BetStatus;
  status_code: number;
  reject_code: string | null;
};

const orderRow = (d: BetPlaced['data']): NewOrder => ({
  bet_id: d.betId,
  serial: d.serial,
  user_id: d.userId,
  order_type: d.orderType,
  status: 'unpaid',
  status_code: ORDER_STATUS_CODE.unpaid,
  pay_type: d.payType,
  stake: d.stake,
  pay_payable: d.payPayable,
  virtual_pay_amount: d.virtualPayAmount,
  selections: d.legs.length,
  total_odds: d.quote.totalOdds,
  tax_rate: d.terms.taxRatePercent,
  potential_profit: d.quote.profit,
  potential_reward: d.quote.reward,
  reward_percent: d.quote.rewardPercent,
  potential_tax: d.quote.tax,
  potential_return: d.quote.afterTaxAmount,
  reject_code: null,
  placed_at: d.at,
  live_hold_seconds: d.liveDelaySeconds ?? null,
});

const lineRows = (d: BetPlaced['data']) =>
  d.legs.map((leg, index) => ({
    bet_id: d.betId,
    leg_index: index,
    match_id: leg.matchId,
    selection_id: leg.selectionId,
    market_id: leg.marketId,
    home: leg.home,
    away: leg.away,
    market_name: leg.marketName,
    selection_name: leg.selectionName,
    odds: leg.leg.odds,
    start_time: leg.startTime,
    event_status: leg.eventStatus,
  }));

const ORDER_COLUMNS =
  'bet_id, serial, user_id, order_type, status, status_code, pay_type, stake, pay_payable, virtual_pay_amount, ' +
  'selections, total_odds, tax_rate, potential_profit, potential_reward, reward_percent, potential_tax, ' +
  'potential_return, reject_code, placed_at, live_hold_seconds';
const LINE_COLUMNS =
  'bet_id, leg_index, match_id, selection_id, market_id, home, away, market_name, selection_name, odds, start_time, event_status';

/** Inserts new orders and their lines: two statements whatever their number. */
const insertOrders = async (tx: SqlExecutor, orders: readonly NewOrder[], lines: readonly object[]) => {
  if (orders.length === 0) return;
  await tx.query(
    `INSERT INTO orders (${ORDER_COLUMNS}) SELECT ${ORDER_COLUMNS} FROM jsonb_populate_recordset(NULL::orders, $1::jsonb)`,
    [JSON.stringify(orders)],
  );
  if (lines.length > 0)
    await tx.query(
      `INSERT INTO order_lines (${LINE_COLUMNS})
       SELECT ${LINE_COLUMNS} FROM jsonb_populate_recordset(NULL::order_lines, $1::jsonb)`,
      [JSON.stringify(lines)],
    );
};

/** A cash-out of a bet not yet written (`BetCashedOut` full, `BetPartCashedOut` part), amounts in TZS. */
interface CashOutRow {
  readonly bet_id: string;
  readonly amount: number;
  readonly gross: number;
  readonly tax: number;
  readonly odds: string | null;
  readonly remaining: number | null;
  readonly at: string;
}

const cashOutRow = (event: Extract<BetEvent, { type: 'BetCashedOut' | 'BetPartCashedOut' }>): CashOutRow =>
  event.type === 'BetCashedOut'
    ? {
        bet_id: event.data.betId,
        amount: event.data.amount,
        // An event before decision 0019 carries only `amount`.
        gross: event.data.gross ?? event.data.amount,
        tax: event.data.tax ?? 0,
        odds: event.data.earlySettlementOdds ?? null,
        remaining: null,
        at: event.data.at,
      }
    : {
        bet_id: event.data.betId,
        amount: event.data.amount,
        gross: event.data.gross,
        tax: event.data.tax,
        odds: event.data.earlySettlementOdds,
        remaining: event.data.remainingStake,
        at: event.data.at,
      };

const CASH_OUT_RECORD = `jsonb_to_recordset($1::jsonb) AS c(bet_id text, amount bigint, gross bigint, tax bigint,
  odds text, remaining bigint, at timestamptz)`;

/**
 * Writes cash-outs of distinct bets: one UPDATE for the full ones and one for the parts, whatever their
 * number (issue 20 speed), each row as {@link applyOne} writes it for its event.
 */
const updateCashOuts = async (tx: SqlExecutor, full: readonly CashOutRow[], parts: readonly CashOutRow[]) => {
  // Everything still running is settled early (status 6). `credited` is what the wallet received from
  // all cash-outs of the bet, `payout` their gross.
  if (full.length > 0)
    await tx.query(
      `UPDATE orders o SET status = 'cashedOut', status_code = $2,
         cashed_out = o.cashed_out + c.amount, cash_out_gross = o.cash_out_gross + c.gross,
         cash_out_tax = o.cash_out_tax + c.tax, cash_outs = o.cash_outs + 1, remaining_stake = 0,
         credited = o.cashed_out + c.amount, payout = o.cash_out_gross + c.gross,
         tax = CASE WHEN c.tax > 0 OR o.cash_out_tax > 0 THEN o.cash_out_tax + c.tax ELSE o.tax END,
         early_settlement_odds = COALESCE(c.odds, o.early_settlement_odds), settled_at = c.at
       FROM ${CASH_OUT_RECORD} WHERE o.bet_id = c.bet_id`,
      [JSON.stringify(full), ORDER_STATUS_CODE.cashedOut],
    );
  // Part of the stake settled early (decision 0019): the rest keeps running, status unchanged.
  if (parts.length > 0)
    await tx.query(
      `UPDATE orders o SET cashed_out = o.cashed_out + c.amount, cash_out_gross = o.cash_out_gross + c.gross,
         cash_out_tax = o.cash_out_tax + c.tax, cash_outs = o.cash_outs + 1, remaining_stake = c.remaining,
         early_settlement_odds = c.odds
       FROM ${CASH_OUT_RECORD} WHERE o.bet_id = c.bet_id`,
      [JSON.stringify(parts)],
    );
};

/**
 * Applies a batch: bets placed in the batch are written in one multi-row insert each for orders and
 * lines, with their payment (`StakePaid`) or rejection folded in; cash-outs of distinct bets in one
 * UPDATE each for full and part cash-outs; any other event first writes what is pending, then applies
 * on its own. Pending inserts and pending cash-outs never concern the same bet (a second event of a bet
 * first writes what is pending), so the result is the same as event by event in log order.
 */
const applyBatch = async (events: readonly RecordedEvent[], tx: SqlExecutor): Promise<void> => {
  let orders = new Map<string, NewOrder>();
  let lines: object[] = [];
  let cashOuts = new Map<string, CashOutRow>();
  let full: CashOutRow[] = [];
  let parts: CashOutRow[] = [];
  const flush = async () => {
    await insertOrders(tx, [...orders.values()], lines);
    orders = new Map();
    lines = [];
    await updateCashOuts(tx, full, parts);
    cashOuts = new Map();
    full = [];
    parts = [];
  };
  for (const recorded of events) {
    const event = { type: recorded.type, data: recorded.data } as BetEvent;
    if (event.type === 'BetPlaced') {
      if (orders.has(event.data.betId) || cashOuts.has(event.data.betId)) await flush();
      orders.set(event.data.betId, orderRow(event.data));
      lines.push(...lineRows(event.data));
      continue;
    }
    if (event.type === 'BetCashedOut' || event.type === 'BetPartCashedOut') {
      if (orders.has(event.data.betId) || cashOuts.has(event.data.betId)) await flush();
      const row = cashOutRow(event);
      cashOuts.set(row.bet_id, row);
      (event.type === 'BetCashedOut' ? full : parts).push(row);
      continue;
    }
    const pending = orders.get(event.data.betId);
    if (pending && (event.type === 'StakePaid' || event.type === 'BetRejected')) {
      const status: BetStatus = event.type === 'StakePaid' ? 'awaiting' : 'rejected';
      pending.status = status;
      pending.status_code = ORDER_STATUS_CODE[status];
      if (event.type === 'BetRejected') pending.reject_code = event.data.code;
      continue;
    }
    if (orders.size > 0 || cashOuts.size > 0) await flush();
    await applyOne(recorded, tx);
  }
  await flush();
};

/** One event, its own statements. */
const applyOne = async (recorded: RecordedEvent, tx: SqlExecutor): Promise<void> => {
  const event = { type: recorded.type, data: recorded.data } as BetEvent;
  const { betId, at } = event.data;
  switch (event.type) {
    case 'BetPlaced':
      await insertOrders(tx, [orderRow(event.data)], lineRows(event.data));
      return;
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
      if (event.data.result.outcome === OUTCOME.ABNORMAL) await setStatus(tx, betId, 'abnormal');
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
    case 'BetCashedOut': {
      // Everything still running is settled early (status 6). `credited` is what the wallet received
      // from all cash-outs of the bet, `payout` their gross (an event before decision 0019: amount).
      const gross = event.data.gross ?? event.data.amount;
      await setStatus(
        tx,
        betId,
        'cashedOut',
        `, cashed_out = cashed_out + $4::bigint, cash_out_gross = cash_out_gross + $5::bigint,
           cash_out_tax = cash_out_tax + $6::bigint, cash_outs = cash_outs + 1, remaining_stake = 0,
           credited = cashed_out + $4::bigint, payout = cash_out_gross + $5::bigint,
           tax = CASE WHEN $6::bigint > 0 OR cash_out_tax > 0 THEN cash_out_tax + $6::bigint ELSE tax END,
           early_settlement_odds = COALESCE($7::text, early_settlement_odds), settled_at = $8`,
        [event.data.amount, gross, event.data.tax ?? 0, event.data.earlySettlementOdds ?? null, at],
      );
      return;
    }
    case 'BetPartCashedOut':
      // Part of the stake settled early (decision 0019): the rest keeps running, status unchanged.
      await tx.query(
        `UPDATE orders SET cashed_out = cashed_out + $2::bigint, cash_out_gross = cash_out_gross + $3::bigint,
           cash_out_tax = cash_out_tax + $4::bigint, cash_outs = cash_outs + 1, remaining_stake = $5::bigint,
           early_settlement_odds = $6::text WHERE bet_id = $1`,
        [
          betId,
          event.data.amount,
          event.data.gross,
          event.data.tax,
          event.data.remainingStake,
          event.data.earlySettlementOdds,
        ],
      );
      return;
    case 'BetCancelled':
      await setStatus(tx, betId, 'cancelled', ', cancel_reason = $4, credited = $5, settled_at = $6', [
        event.data.reason,
        event.data.refund,
        at,
      ]);
      return;
  }
};

export const ordersProjection: Projection = {
  name: 'orders_read_models',
  filter: { streamPrefixes: ['bet-'] },
  apply: applyOne,
  applyBatch,
  reset: async (tx) => {
    await tx.query('DELETE FROM order_lines');
    await tx.query('DELETE FROM orders');
  },
};
