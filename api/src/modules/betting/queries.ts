/**
 * Reading orders for players (spec §2 /order: Open and Settled tabs, archive within 30 days or before,
 * page size 10).
 */
import { OUTCOME, PAY_TYPE_CREDIT } from '@bashiri/domain';
import { scoreText } from '@bashiri/domain';
import type { BetPlaced, MatchFacts } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';

/** The `orders` columns as the GraphQL `Order` fields (staff lists reuse them). */
export const ORDER_COLUMNS = `bet_id AS id, serial, status, status_code AS "statusCode", order_type AS "orderType",
  CASE pay_type WHEN 2 THEN 'CREDIT' ELSE 'BALANCE' END AS "payType", stake::int, pay_payable::int AS "payPayable",
  virtual_pay_amount::int AS "virtualPayAmount", total_odds AS "totalOdds", tax_rate::float AS "taxRate",
  potential_profit::int AS "potentialProfit", potential_reward::int AS "potentialReward",
  reward_percent::float AS "rewardPercent", potential_tax::int AS "potentialTax", potential_return::int AS "potentialReturn",
  payout::int, reward::int, tax::int, credited::int, reject_code AS "rejectCode", abnormal_info AS "abnormalInfo",
  cancel_reason AS "cancelReason", placed_at AS "placedAt", settled_at AS "settledAt",
  live_hold_seconds AS "liveHoldSeconds", COALESCE(remaining_stake, stake)::int AS "remainingStake",
  cashed_out::int AS "cashedOut", cash_out_tax::int AS "cashOutTax", cash_outs AS "cashOuts",
  early_settlement_odds AS "earlySettlementOdds"`;

const LINE_COLUMNS = `l.bet_id, l.leg_index AS "legIndex", l.match_id AS "matchId", l.selection_id AS "selectionId",
  l.market_id AS "marketId", l.home, l.away, l.market_name AS "marketName", l.selection_name AS "selectionName", l.odds,
  l.start_time AS "startTime", l.event_status AS "eventStatus", l.outcome, l.void_factor AS "voidFactor", l.rule,
  f.facts, m.status AS m_status, m.match_minute AS m_minute, m.home_score AS m_home, m.away_score AS m_away,
  m.ht_home_score AS m_ht_home, m.ht_away_score AS m_ht_away`;

/**
 * GraphQL `LineMatch`: the leg's match as the catalogue shows it now (issue 16 item 1: the score on every
 * bet line, live or final), null when the match is not in the catalogue.
 */
export const lineMatchOf = (r: Record<string, unknown>) =>
  r['m_status'] === null || r['m_status'] === undefined
    ? null
    : {
        statusId: r['m_status'] as number,
        matchMinute: (r['m_minute'] as string | null) ?? null,
        homeScore: (r['m_home'] as number | null) ?? null,
        awayScore: (r['m_away'] as number | null) ?? null,
        htHomeScore: (r['m_ht_home'] as number | null) ?? null,
        htAwayScore: (r['m_ht_away'] as number | null) ?? null,
      };

/**
 * GraphQL `LegFacts` from the match facts settlement stored (domain `MatchFacts`; spec §4), shown once
 * the leg is settled; null for a pending leg or a match with no result.
 */
export const legFactsOf = (
  facts: MatchFacts | null,
  outcome: unknown,
): { status: string; score: string | null; halfTime: string | null; minute: number | null } | null => {
  if (!facts || outcome === OUTCOME.PENDING) return null;
  switch (facts.status) {
    case 'played':
      return {
        status: 'PLAYED',
        score: scoreText(facts.fullTime),
        halfTime: scoreText(facts.halfTime),
        minute: null,
      };
    case 'abandoned':
      return {
        status: 'ABANDONED',
        score: scoreText(facts.score),
        halfTime: facts.halfTime ? scoreText(facts.halfTime) : null,
        minute: facts.minute,
      };
    case 'postponed':
      return { status: 'POSTPONED', score: null, halfTime: null, minute: null };
    case 'cancelled':
      return { status: 'CANCELLED', score: null, halfTime: null, minute: null };
    default:
      return null;
  }
};

const OPEN_STATUSES = ['unpaid', 'awaiting', 'abnormal', 'delayed'];
const DAY_MS = 86_400_000;

type Row = Record<string, unknown> & { id: string };

/** Attaches each order's detail lines (one query). */
export const withLines = async (sql: SqlExecutor, orders: Row[]) => {
  if (orders.length === 0) return [];
  const { rows } = await sql.query<Record<string, unknown> & { bet_id: string }>(
    `SELECT ${LINE_COLUMNS} FROM order_lines l LEFT JOIN settlement_facts f ON f.match_id = l.match_id
       LEFT JOIN matches m ON l.match_id ~ '^[0-9]{1,18}$' AND m.id = l.match_id::bigint
     WHERE l.bet_id = ANY ($1::text[]) ORDER BY l.bet_id, l.leg_index`,
    [orders.map((o) => o.id)],
  );
  const lines = rows.map(({ facts, m_status, m_minute, m_home, m_away, m_ht_home, m_ht_away, ...line }) => ({
    ...line,
    facts: legFactsOf(facts as MatchFacts | null, line['outcome']),
    match: lineMatchOf({ m_status, m_minute, m_home, m_away, m_ht_home, m_ht_away }),
  }));
  return orders.map((order) => ({ ...order, lines: lines.filter((line) => line.bet_id === order.id) }));
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
  status: 'awaiting' as const,
  statusCode: 2,
  orderType: placed.orderType,
  payType: placed.payType === PAY_TYPE_CREDIT ? ('CREDIT' as const) : ('BALANCE' as const),
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
  liveHoldSeconds: placed.liveDelaySeconds ?? null,
  remainingStake: placed.stake,
  cashedOut: 0,
  cashOutTax: 0,
  cashOuts: 0,
  earlySettlementOdds: null,
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
    facts: null,
  })),
});
