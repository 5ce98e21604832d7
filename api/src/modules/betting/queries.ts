/**
 * Reading orders for players (spec §2 /order: Open and Settled tabs, archive within 30 days or before,
 * page size 10).
 */
import type { BetPlaced } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';

/** The `orders` columns as the GraphQL `Order` fields (staff lists reuse them). */
export const ORDER_COLUMNS = `bet_id AS id, serial, status, status_code AS "statusCode", order_type AS "orderType",
  CASE pay_type WHEN 2 THEN 'CREDIT' ELSE 'BALANCE' END AS "payType", stake::int, pay_payable::int AS "payPayable",
  virtual_pay_amount::int AS "virtualPayAmount", total_odds AS "totalOdds", tax_rate::float AS "taxRate",
  potential_profit::int AS "potentialProfit", potential_reward::int AS "potentialReward",
  reward_percent::float AS "rewardPercent", potential_tax::int AS "potentialTax", potential_return::int AS "potentialReturn",
  payout::int, reward::int, tax::int, credited::int, reject_code AS "rejectCode", abnormal_info AS "abnormalInfo",
  cancel_reason AS "cancelReason", placed_at AS "placedAt", settled_at AS "settledAt"`;

const LINE_COLUMNS = `bet_id, leg_index AS "legIndex", match_id AS "matchId", selection_id AS "selectionId", market_id AS "marketId",
  home, away, market_name AS "marketName", selection_name AS "selectionName", odds, start_time AS "startTime",
  event_status AS "eventStatus", outcome, void_factor AS "voidFactor", rule`;

const OPEN_STATUSES = ['unpaid', 'awaiting', 'abnormal', 'delayed'];
const DAY_MS = 86_400_000;

type Row = Record<string, unknown> & { id: string };

/** Attaches each order's detail lines (one query). */
export const withLines = async (sql: SqlExecutor, orders: Row[]) => {
  if (orders.length === 0) return [];
  const { rows } = await sql.query<Record<string, unknown> & { bet_id: string }>(
    `SELECT ${LINE_COLUMNS} FROM order_lines WHERE bet_id = ANY ($1::text[]) ORDER BY bet_id, leg_index`,
    [orders.map((o) => o.id)],
  );
  return orders.map((order) => ({ ...order, lines: rows.filter((line) => line.bet_id === order.id) }));
};

export interface MyBetsArgs {
  readonly tab: 'OPEN' | 'SETTLED';
  readonly archive: 'RECENT' | 'OLDER';
  readonly page: number;
  readonly pageSize: number;
}

/** A page of the player's orders (rejected bets never ran: they are not listed). */
export const myBets = async (sql: SqlExecutor, userId: string, args: MyBetsArgs, nowMs: number) => {
  const open = args.tab === 'OPEN';
  const cutoff = new Date(nowMs - 30 * DAY_MS).toISOString();
  const where = `user_id = $1 AND status <> 'rejected' AND (status = ANY ($2::text[])) = $3
    AND ${args.archive === 'RECENT' ? 'placed_at >= $4' : 'placed_at < $4'}`;
  const params = [userId, OPEN_STATUSES, open, cutoff];
  const [page, count] = await Promise.all([
    sql.query<Row>(
      `SELECT ${ORDER_COLUMNS} FROM orders WHERE ${where} ORDER BY placed_at DESC, bet_id LIMIT $5 OFFSET $6`,
      [...params, args.pageSize, (args.page - 1) * args.pageSize],
    ),
    sql.query<{ total: number }>(`SELECT count(*)::int AS total FROM orders WHERE ${where}`, params),
  ]);
  return {
    items: await withLines(sql, page.rows),
    page: args.page,
    pageSize: args.pageSize,
    total: count.rows[0]?.total ?? 0,
  };
};

/** One order with its lines, when it belongs to `userId` (any user when null: staff). */
export const orderById = async (sql: SqlExecutor, betId: string, userId: string | null) => {
  const { rows } = await sql.query<Row>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE bet_id = $1 ${userId === null ? '' : 'AND user_id = $2'}`,
    userId === null ? [betId] : [betId, userId],
  );
  const [order] = await withLines(sql, rows);
  return order ?? null;
};

/**
 * The order as placed, from the `BetPlaced` event itself (the answer to `placeBet` needs no read
 * model, so it never waits for the projection).
 */
export const orderOfPlaced = (placed: BetPlaced['data']) => ({
  id: placed.betId,
  serial: placed.serial,
  status: 'awaiting',
  statusCode: 2,
  orderType: placed.orderType,
  payType: placed.payType === 2 ? 'CREDIT' : 'BALANCE',
  stake: placed.stake,
  payPayable: placed.payPayable,
  virtualPayAmount: placed.virtualPayAmount,
  totalOdds: placed.quote.totalOdds,
  taxRate: Number(placed.terms.taxRatePercent),
  potentialProfit: placed.quote.profit,
  potentialReward: placed.quote.reward,
  rewardPercent: placed.quote.rewardPercent,
  potentialTax: placed.quote.tax,
  potentialReturn: placed.quote.afterTaxAmount,
  payout: null,
  reward: null,
  tax: null,
  credited: null,
  rejectCode: null,
  abnormalInfo: null,
  cancelReason: null,
  placedAt: placed.at,
  settledAt: null,
  lines: placed.legs.map((leg, legIndex) => ({
    legIndex,
    matchId: leg.matchId,
    selectionId: leg.selectionId,
    marketId: leg.marketId,
    home: leg.home,
    away: leg.away,
    marketName: leg.marketName,
    selectionName: leg.selectionName,
    odds: leg.leg.odds,
    startTime: leg.startTime,
    eventStatus: leg.eventStatus,
    outcome: 0,
    voidFactor: null,
    rule: null,
  })),
});
