/**
 * Orders for staff (issue 8 item 2 "orders"; spec §2 orders and order detail, §3 "Order", "Order detail
 * line", §4 order status and type, §7 order_list/inquire, cancel_order, add): the list across players
 * with filters, sorting and totals; one order with its lines; cancelling an order through the bet
 * aggregate; a staff bet for a chosen player through the player's own placement code.
 */
import { betDecider, betStream, orderWarningAmount } from '@bashiri/domain';
import { aggregateStream } from '@bashiri/eventstore';
import type { BetState, Tzs } from '@bashiri/domain';
import { MAX_SELECTIONS } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import { codedError, fromDomainError } from '../../graphql/errors.ts';
import { audit } from '../audit/index.ts';
import { ORDER_COLUMNS, orderOfPlaced, withLines } from '../betting/index.ts';
import { configInForce } from '../betting/index.ts';
import { placeBet } from '../betting/index.ts';
import type { OddsChangePolicy, PlaceBetAnswer } from '../betting/index.ts';
import { cancelBet } from '../betting/index.ts';
import type { StaffViewer } from '../../auth/guard.ts';
import { addEatDayRange, paging, phoneFilter, total, Where } from './common.ts';

/** GraphQL `OrderFilter`. */
export interface OrderFilter {
  readonly toBeCounted?: boolean | null;
  readonly statuses?: readonly string[] | null;
  readonly statusCode?: number | null;
  readonly orderType?: string | null;
  readonly userId?: string | null;
  readonly phone?: string | null;
  readonly serial?: string | null;
  readonly fromDate?: string | null;
  readonly toDate?: string | null;
  readonly matchId?: string | null;
  /** true = only large bets (stake ≥ the order warning amount in force, spec §9); false = only the others. */
  readonly largeBet?: boolean | null;
  /** true = only bets with a cash-out (partial or full), false = only the others. */
  readonly cashedOut?: boolean | null;
}

const OPEN = ['unpaid', 'awaiting', 'abnormal', 'delayed'];
const ORDER_TYPES = ['user', 'admin', 'random'];

/** Sort keys → SQL (ties broken by bet id so pages never overlap). */
export const ORDER_SORT: Readonly<Record<string, string>> = {
  PLACED_DESC: 'o.placed_at DESC, o.bet_id DESC',
  PLACED_ASC: 'o.placed_at ASC, o.bet_id ASC',
  STAKE_DESC: 'o.stake DESC, o.bet_id DESC',
  STAKE_ASC: 'o.stake ASC, o.bet_id ASC',
  SETTLED_DESC: 'o.settled_at DESC NULLS LAST, o.bet_id DESC',
  CREDITED_DESC: 'o.credited DESC NULLS LAST, o.bet_id DESC',
};

/**
 * The order warning amount in force at `atMs`, TZS, or null when none is set (spec §9 "order warning
 * amount"): what makes a bet a "large bet" in the staff lists. Read once per request.
 */
export const warningAmountInForce = async (sql: SqlExecutor, atMs: number): Promise<Tzs | null> =>
  orderWarningAmount((await configInForce(sql, atMs)).config);

/**
 * SQL of the "large bet" flag over `orders o` with the warning amount (TZS or null) at parameter
 * `placeholder`: the stake is at least the amount; false when none is set.
 */
const largeBetSql = (placeholder: string) => `coalesce(o.stake >= ${placeholder}::bigint, false)`;

/**
 * The WHERE of an order filter over `orders o`; `warningAmount` (TZS, null = none) is the order warning
 * amount in force, for the `largeBet` filter. Errors: BAD_INPUT, INVALID_PHONE.
 */
export const orderWhere = (filter: OrderFilter | null | undefined, warningAmount: Tzs | null): Where => {
  const where = new Where();
  const f = filter ?? {};
  if (f.toBeCounted === true) where.add('o.status = ANY (?::text[])', OPEN);
  if (f.toBeCounted === false) where.add('NOT (o.status = ANY (?::text[]))', OPEN);
  if (f.statuses?.length) where.add('o.status = ANY (?::text[])', f.statuses);
  if (f.statusCode !== null && f.statusCode !== undefined) {
    if (!Number.isInteger(f.statusCode) || f.statusCode < 1 || f.statusCode > 6)
      throw codedError('BAD_INPUT', 'statusCode: 1 to 6 (spec §4)', { field: 'statusCode' });
    where.add('o.status_code = ?', f.statusCode);
  }
  if (f.orderType) {
    if (!ORDER_TYPES.includes(f.orderType))
      throw codedError('BAD_INPUT', 'orderType: user, admin or random', { field: 'orderType' });
    where.add('o.order_type = ?', f.orderType);
  }
  if (f.userId) where.add('o.user_id = ?', f.userId);
  if (f.phone?.trim()) where.add('pa.phone = ?', phoneFilter(f.phone));
  if (f.serial?.trim()) where.add('o.serial = ?', f.serial.trim());
  if (f.matchId) where.add('o.bet_id IN (SELECT bet_id FROM order_lines WHERE match_id = ?)', f.matchId);
  addEatDayRange(where, 'o.placed_at', f.fromDate, f.toDate);
  if (f.largeBet === true) where.add(largeBetSql('?'), warningAmount);
  if (f.largeBet === false) where.add(`NOT ${largeBetSql('?')}`, warningAmount);
  if (f.cashedOut === true) where.add('o.cash_outs > 0');
  if (f.cashedOut === false) where.add('o.cash_outs = 0');
  return where;
};

const STAFF_COLUMNS = `${ORDER_COLUMNS}, o.user_id AS "userId", pa.phone AS "userPhone"`;
const FROM = 'FROM orders o LEFT JOIN player_accounts pa ON pa.user_id = o.user_id';

/**
 * A page of orders of every player, with the totals of all matching orders. Each order carries
 * `largeBet`: its stake is at least `warningAmount` (TZS, the order warning amount in force; null = none).
 */
export const listOrders = async (
  sql: SqlExecutor,
  args: { filter?: OrderFilter | null; page?: number | null; pageSize?: number | null; sort?: string | null },
  warningAmount: Tzs | null,
) => {
  const p = paging(args.page, args.pageSize);
  const where = orderWhere(args.filter, warningAmount);
  const order = ORDER_SORT[args.sort ?? 'PLACED_DESC'] ?? ORDER_SORT.PLACED_DESC!;
  // The flag's parameter follows the filter's, in the page query only (the totals do not use it).
  const flag = largeBetSql(`$${where.params.length + 1}`);
  const [rows, sums] = await Promise.all([
    sql.query<Record<string, unknown> & { id: string }>(
      `SELECT ${STAFF_COLUMNS}, ${flag} AS "largeBet" ${FROM} ${where}
       ORDER BY ${order} LIMIT ${p.pageSize} OFFSET ${p.offset}`,
      [...where.params, warningAmount],
    ),
    sql.query<{ total: number; stake: string; credited: string }>(
      `SELECT count(*)::int AS total, coalesce(sum(o.stake), 0)::text AS stake,
              coalesce(sum(o.credited), 0)::text AS credited ${FROM} ${where}`,
      where.params,
    ),
  ]);
  return {
    items: await withLines(sql, rows.rows),
    page: p.page,
    pageSize: p.pageSize,
    total: total(sums.rows),
    totalStake: Number(sums.rows[0]?.stake ?? 0),
    totalCredited: Number(sums.rows[0]?.credited ?? 0),
  };
};

/** Who placed the bet (`BetPlaced` actor), from the bet's own first event. */
const placedByOf = (state: BetState): string | null =>
  state.status === 'none' ? null : `${state.placed.actor.kind}:${state.placed.actor.id}`;

/**
 * One order with its lines, who placed it and its `largeBet` flag (stake ≥ the order warning amount in
 * force now, spec §9), or null.
 */
export const staffOrder = async (services: AppServices, betId: string) => {
  const warningAmount = await warningAmountInForce(services.sql, services.now());
  const { rows } = await services.sql.query<Record<string, unknown> & { id: string }>(
    `SELECT ${STAFF_COLUMNS}, ${largeBetSql('$2')} AS "largeBet" ${FROM} WHERE o.bet_id = $1`,
    [betId, warningAmount],
  );
  const [order] = await withLines(services.sql, rows);
  if (!order) return null;
  const { state } = await aggregateStream(services.store, betStream(betId), betDecider);
  return { ...order, placedBy: placedByOf(state) };
};

/** Spec early-settlement odds: the cash-out amount over the stake, truncated to 2 decimals. */
export const earlySettlementOdds = (order: {
  status?: unknown;
  credited?: unknown;
  stake?: unknown;
  earlySettlementOdds?: unknown;
}): string | null => {
  // Recorded by the cash-out itself (gross ÷ part, decision 0019), partial ones too.
  if (typeof order.earlySettlementOdds === 'string') return order.earlySettlementOdds;
  if (order.status !== 'cashedOut' || typeof order.credited !== 'number' || typeof order.stake !== 'number')
    return null;
  if (order.stake <= 0) return null;
  const hundredths = (BigInt(order.credited) * 100n) / BigInt(order.stake);
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
};

/**
 * Voids a bet with a reason (spec §7 cancel_order): `CancelBet` on the bet stream and the wallet
 * commands its `BetCancelled` event implies (refund of the stake once, reversal of an earlier
 * settlement), through the betting module's `cancelBet` (the money path), then the audit row. A
 * cancelled bet again changes nothing.
 * Returns the order as the read model shows it once projected.
 */
export const cancelOrder = async (
  services: AppServices,
  staff: StaffViewer,
  input: { betId: string; reason: string; ip: string | null; requestId: string | null },
) => {
  const reason = input.reason?.trim() ?? '';
  if (!reason) throw codedError('REASON_REQUIRED', 'a reason is required', { field: 'reason' });
  const stream = betStream(input.betId);
  const result = await cancelBet(services, {
    betId: input.betId,
    staffId: staff.staffId,
    reason,
    requestId: input.requestId,
  });
  if (result.status === 'NOT_FOUND') throw codedError('BET_NOT_FOUND', 'no such order', { field: 'id' });
  if (result.status === 'REFUSED') throw fromDomainError(result.error);
  // The audit row is written by the call that wrote the cancellation, after it (decision 0008).
  if (result.written)
    await audit(services.sql, {
      actor: `staff:${staff.staffId}`,
      ip: input.ip,
      action: 'order.cancel',
      entity: 'order',
      entityId: input.betId,
      reason,
      before: { status: result.statusBefore },
      after: { status: 'cancelled', refund: result.refund },
      requestId: input.requestId,
    });
  await services.projections.settle();
  // The answer shows the cancellation even while the orders projection still lags behind the event.
  const { events } = await services.store.readStream(stream);
  const cancelled = events.find((e) => e.type === 'BetCancelled')?.data as
    { reason: string; refund: number; at: string } | undefined;
  const order = (await staffOrder(services, input.betId)) ?? orderOfPlaced(result.placed);
  return cancelled
    ? {
        ...order,
        status: 'cancelled',
        statusCode: 4,
        cancelReason: cancelled.reason,
        credited: cancelled.refund,
        settledAt: cancelled.at,
      }
    : order;
};

/** GraphQL `AdminPlaceBetInput`. */
export interface AdminPlaceBetInput {
  readonly requestId: string;
  readonly payType: 'BALANCE' | 'CREDIT';
  readonly amount: number;
  readonly selections: readonly { selectionId: string; odds: string }[];
  readonly oddsChange?: OddsChangePolicy | null;
  readonly reason: string;
}

/** The GraphQL `PlaceBetResult` of a placement answer. */
export const placeBetResult = (answer: PlaceBetAnswer) =>
  answer.status === 'PLACED'
    ? { status: 'PLACED', order: orderOfPlaced(answer.placed), nobetList: [] }
    : {
        status: 'REJECTED',
        order: null,
        code: answer.code,
        message: answer.message,
        nobetList: answer.nobetList,
      };

/**
 * A staff bet for `userId` (order type admin) with the player's money, through the player's own
 * placement code; audited once per bet. Errors: REASON_REQUIRED, ACCOUNT_NOT_FOUND, ACCOUNT_DISABLED,
 * TOO_MANY_SELECTIONS.
 */
export const adminPlaceBet = async (
  services: AppServices,
  staff: StaffViewer,
  userId: string,
  input: AdminPlaceBetInput,
  client: { ip: string | null; requestId: string | null },
) => {
  const reason = input.reason?.trim() ?? '';
  if (!reason) throw codedError('REASON_REQUIRED', 'a reason is required', { field: 'reason' });
  if (input.selections.length > MAX_SELECTIONS)
    throw codedError('TOO_MANY_SELECTIONS', `at most ${MAX_SELECTIONS} selections`, { field: 'selections' });
  const account = await services.sql.query<{ disabled: boolean }>(
    'SELECT disabled FROM player_accounts WHERE user_id = $1',
    [userId],
  );
  if (!account.rows[0]) throw codedError('ACCOUNT_NOT_FOUND', 'no such player', { field: 'userId' });
  if (account.rows[0].disabled)
    throw codedError('ACCOUNT_DISABLED', 'the account is disabled', { field: 'userId' });
  const answer = await placeBet(
    services,
    userId,
    {
      requestId: `admin:${input.requestId}`,
      payType: input.payType === 'CREDIT' ? 2 : 1,
      amount: input.amount,
      selections: input.selections,
      oddsChange: input.oddsChange ?? 'ACCEPT_ANY',
    },
    { kind: 'staff', id: staff.staffId },
    'admin',
  );
  if (answer.status === 'PLACED') {
    await services.sql.transaction(async (tx) => {
      const done = await tx.query(
        `SELECT 1 FROM staff_audit_log WHERE action = 'order.admin_place' AND entity_id = $1`,
        [answer.betId],
      );
      if (done.rows.length > 0) return;
      await audit(tx, {
        actor: `staff:${staff.staffId}`,
        ip: client.ip,
        action: 'order.admin_place',
        entity: 'order',
        entityId: answer.betId,
        reason,
        after: { userId, serial: answer.serial, stake: input.amount, payType: input.payType },
        requestId: client.requestId,
      });
    });
  }
  return placeBetResult(answer);
};
