/**
 * Back-office lists over read models (issue 8 item 2; spec §2 admin screens): bills of every player
 * (spec §3 "Bill entry"), SMS sent (spec §3 "SMS"), the staff audit log, and players with balances
 * (spec §3 "User": `player_accounts` joined with `wallet_balances`), agents and their invited users.
 * Each list has a WHERE builder shared with its CSV export.
 */
import { REPORTED } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';
import { codedError } from '../../graphql/errors.ts';
import { addEatDayRange, paging, phoneFilter, total, Where } from './common.ts';

// ---------------------------------------------------------------- bills

export interface BillFilter {
  readonly userId?: string | null;
  readonly phone?: string | null;
  readonly billTypes?: readonly number[] | null;
  readonly pocket?: string | null;
  readonly reference?: string | null;
  readonly fromDate?: string | null;
  readonly toDate?: string | null;
}

const POCKETS = ['balance', 'creditMoney', 'racingCoin', 'debt'];

export const billWhere = (filter: BillFilter | null | undefined): Where => {
  const f = filter ?? {};
  const where = new Where();
  if (f.userId) where.add('b.user_id = ?', f.userId);
  if (f.phone?.trim()) where.add('pa.phone = ?', phoneFilter(f.phone));
  // int[]: any GraphQL Int; a type outside the smallint range matches nothing instead of crashing.
  if (f.billTypes?.length) where.add('b.bill_type = ANY (?::int[])', f.billTypes);
  if (f.pocket) {
    if (!POCKETS.includes(f.pocket))
      throw codedError('BAD_INPUT', 'pocket: balance, creditMoney, racingCoin or debt', { field: 'pocket' });
    where.add('b.pocket = ?', f.pocket);
  }
  if (f.reference?.trim()) where.add('b.reference = ?', f.reference.trim());
  addEatDayRange(where, 'b.at', f.fromDate, f.toDate);
  return where;
};

const BILL_FROM = 'FROM bills b LEFT JOIN player_accounts pa ON pa.user_id = b.user_id';
const BILL_COLUMNS = `b.id::text AS id, b.user_id AS "userId", pa.phone AS "userPhone", b.bill_type AS "billType",
  b.pocket, b.amount::text AS amount, b.balance_before::text AS "balanceBefore", b.balance_after::text AS "balanceAfter",
  b.remark, b.reference, b.movement_id AS "movementId", b.actor, b.at`;

const numeric = <T extends Record<string, unknown>>(row: T, keys: readonly string[]): T => {
  const out: Record<string, unknown> = { ...row };
  for (const k of keys) if (out[k] !== null && out[k] !== undefined) out[k] = Number(out[k]);
  return out as T;
};

export const listBills = async (
  sql: SqlExecutor,
  args: { filter?: BillFilter | null; page?: number | null; pageSize?: number | null },
) => {
  const p = paging(args.page, args.pageSize);
  const where = billWhere(args.filter);
  const [rows, sums] = await Promise.all([
    sql.query<Record<string, unknown>>(
      `SELECT ${BILL_COLUMNS} ${BILL_FROM} ${where} ORDER BY b.at DESC, b.id DESC LIMIT ${p.pageSize} OFFSET ${p.offset}`,
      where.params,
    ),
    sql.query<{ total: number; amount: string }>(
      `SELECT count(*)::int AS total, coalesce(sum(b.amount), 0)::text AS amount ${BILL_FROM} ${where}`,
      where.params,
    ),
  ]);
  return {
    items: rows.rows.map((r) => numeric(r, ['amount', 'balanceBefore', 'balanceAfter'])),
    page: p.page,
    pageSize: p.pageSize,
    total: total(sums.rows),
    totalAmount: Number(sums.rows[0]?.amount ?? 0),
  };
};

// ---------------------------------------------------------------- SMS

export interface SmsFilter {
  readonly phone?: string | null;
  readonly type?: string | null;
  readonly status?: string | null;
  readonly fromDate?: string | null;
  readonly toDate?: string | null;
}

/**
 * A phone number with its middle hidden, `+255712345678` → `+25571*****78`: enough for a caller to
 * recognise their own number, not enough to take over an account (issue 15 item 3).
 */
export const maskPhone = (phone: string): string =>
  phone.length <= 7
    ? '*'.repeat(phone.length)
    : `${phone.slice(0, 6)}${'*'.repeat(phone.length - 8)}${phone.slice(-2)}`;

/**
 * The back office's SMS list (spec §3 SMS). Codes are never returned (`code` is always null; the
 * stored text has the code masked, identity sms.ts); phone numbers are masked unless `revealPhones`
 * (the caller holds `users.phone`).
 */
export const listSms = async (
  sql: SqlExecutor,
  args: { filter?: SmsFilter | null; page?: number | null; pageSize?: number | null },
  options: { readonly revealPhones: boolean } = { revealPhones: false },
) => {
  const f = args.filter ?? {};
  const p = paging(args.page, args.pageSize);
  const where = new Where();
  if (f.phone?.trim()) where.add('phone = ?', phoneFilter(f.phone));
  if (f.type) where.add('type = ?', f.type);
  if (f.status) {
    if (f.status !== 'used' && f.status !== 'unused')
      throw codedError('BAD_INPUT', 'status: used or unused', { field: 'status' });
    where.add('status = ?', f.status);
  }
  addEatDayRange(where, 'sent_at', f.fromDate, f.toDate);
  const [rows, count] = await Promise.all([
    sql.query(
      `SELECT id::text, phone, area_code AS "areaCode", type, content, NULL::text AS code, status, sent_at AS "sentAt",
              expires_at AS "expiresAt", used_at AS "usedAt", ip
       FROM sms_messages ${where} ORDER BY sent_at DESC, id DESC LIMIT ${p.pageSize} OFFSET ${p.offset}`,
      where.params,
    ),
    sql.query<{ total: number }>(`SELECT count(*)::int AS total FROM sms_messages ${where}`, where.params),
  ]);
  const items = options.revealPhones
    ? rows.rows
    : rows.rows.map((row) => ({ ...row, phone: maskPhone(String((row as { phone: string }).phone)) }));
  return { items, page: p.page, pageSize: p.pageSize, total: total(count.rows) };
};

// ---------------------------------------------------------------- staff audit log

export interface AuditLogFilter {
  readonly actor?: string | null;
  readonly action?: string | null;
  readonly entity?: string | null;
  readonly entityId?: string | null;
  readonly fromDate?: string | null;
  readonly toDate?: string | null;
}

export const auditWhere = (filter: AuditLogFilter | null | undefined): Where => {
  const f = filter ?? {};
  const where = new Where();
  if (f.actor) where.add('actor = ?', f.actor);
  if (f.action) {
    if (f.action.endsWith('.')) where.add('starts_with(action, ?)', f.action);
    else where.add('action = ?', f.action);
  }
  if (f.entity) where.add('entity = ?', f.entity);
  if (f.entityId) where.add('entity_id = ?', f.entityId);
  addEatDayRange(where, 'at', f.fromDate, f.toDate);
  return where;
};

export const listAuditLog = async (
  sql: SqlExecutor,
  args: { filter?: AuditLogFilter | null; page?: number | null; pageSize?: number | null },
) => {
  const p = paging(args.page, args.pageSize, 20);
  const where = auditWhere(args.filter);
  const [rows, count] = await Promise.all([
    sql.query(
      `SELECT id::text, at, actor, ip, action, entity, entity_id AS "entityId", reason, before::text AS before,
              after::text AS after, request_id AS "requestId"
       FROM staff_audit_log ${where} ORDER BY at DESC, id DESC LIMIT ${p.pageSize} OFFSET ${p.offset}`,
      where.params,
    ),
    sql.query<{ total: number }>(`SELECT count(*)::int AS total FROM staff_audit_log ${where}`, where.params),
  ]);
  return { items: rows.rows, page: p.page, pageSize: p.pageSize, total: total(count.rows) };
};

// ---------------------------------------------------------------- users with balances

export interface UserFilter {
  readonly phone?: string | null;
  readonly invitationCode?: string | null;
  readonly superiorId?: string | null;
  readonly agentsOnly?: boolean | null;
  readonly disabled?: boolean | null;
  readonly noBet?: boolean | null;
  readonly noWithdraw?: boolean | null;
  readonly reported?: number | null;
  readonly withdrawalWhitelist?: boolean | null;
  readonly registeredFrom?: string | null;
  readonly registeredTo?: string | null;
  readonly minBalance?: number | null;
  readonly maxBalance?: number | null;
}

export const USER_SORT: Readonly<Record<string, string>> = {
  CREATED_DESC: 'pa.created_at DESC, pa.user_id DESC',
  CREATED_ASC: 'pa.created_at ASC, pa.user_id ASC',
  BALANCE_DESC: 'coalesce(w.balance, 0) DESC, pa.user_id DESC',
  BALANCE_ASC: 'coalesce(w.balance, 0) ASC, pa.user_id ASC',
  LAST_LOGIN_DESC: 'pa.last_login_at DESC NULLS LAST, pa.user_id DESC',
};

export const userWhere = (filter: UserFilter | null | undefined): Where => {
  const f = filter ?? {};
  const where = new Where();
  const digits = (f.phone ?? '').replace(/\D/g, '').replace(/^0/, '');
  if (digits) where.add('pa.phone LIKE ?', `%${digits}%`);
  if (f.invitationCode?.trim()) where.add('upper(pa.invitation_code) = upper(?)', f.invitationCode.trim());
  if (f.superiorId) where.add('pa.superior_id = ?', f.superiorId);
  if (f.agentsOnly) where.add('EXISTS (SELECT 1 FROM player_accounts i WHERE i.superior_id = pa.user_id)');
  for (const [column, value] of [
    ['disabled', f.disabled],
    ['no_bet', f.noBet],
    ['no_withdraw', f.noWithdraw],
    ['withdrawal_whitelist', f.withdrawalWhitelist],
  ] as const) {
    if (value !== null && value !== undefined) where.add(`pa.${column} = ?`, value);
  }
  if (f.reported !== null && f.reported !== undefined) {
    if (f.reported !== REPORTED.NO && f.reported !== REPORTED.YES)
      throw codedError('INVALID_REPORTED_FLAG', 'reported: 1 not reported or 2 reported', {
        field: 'reported',
      });
    where.add('pa.reported = ?', f.reported);
  }
  addEatDayRange(where, 'pa.created_at', f.registeredFrom, f.registeredTo, 'registeredFrom');
  if (f.minBalance !== null && f.minBalance !== undefined)
    where.add('coalesce(w.balance, 0) >= ?', f.minBalance);
  if (f.maxBalance !== null && f.maxBalance !== undefined)
    where.add('coalesce(w.balance, 0) <= ?', f.maxBalance);
  return where;
};

const USER_FROM = `FROM player_accounts pa LEFT JOIN wallet_balances w ON w.user_id = pa.user_id
  LEFT JOIN player_accounts sup ON sup.user_id = pa.superior_id`;
const USER_COLUMNS = `pa.user_id AS id, pa.phone, pa.network, pa.invitation_code AS "invitationCode",
  pa.superior_id AS "superiorId", sup.phone AS "superiorPhone",
  (SELECT count(*)::int FROM player_accounts i WHERE i.superior_id = pa.user_id) AS "invitedCount",
  pa.disabled, pa.no_bet AS "noBet", pa.no_withdraw AS "noWithdraw", pa.reported, pa.return_scale AS "returnScale",
  pa.withdrawal_whitelist AS "withdrawalWhitelist", pa.note, coalesce(w.balance, 0)::text AS balance,
  coalesce(w.credit_money, 0)::text AS "creditMoney", coalesce(w.racing_coin, 0)::text AS "racingCoin",
  coalesce(w.debt, 0)::text AS debt, pa.created_at AS "createdAt", pa.last_login_at AS "lastLoginAt",
  pa.last_login_ip AS "lastLoginIp"`;

export const listUsers = async (
  sql: SqlExecutor,
  args: { filter?: UserFilter | null; page?: number | null; pageSize?: number | null; sort?: string | null },
) => {
  const p = paging(args.page, args.pageSize);
  const where = userWhere(args.filter);
  const order = USER_SORT[args.sort ?? 'CREATED_DESC'] ?? USER_SORT.CREATED_DESC!;
  const [rows, count] = await Promise.all([
    sql.query<Record<string, unknown>>(
      `SELECT ${USER_COLUMNS} ${USER_FROM} ${where} ORDER BY ${order} LIMIT ${p.pageSize} OFFSET ${p.offset}`,
      where.params,
    ),
    sql.query<{ total: number }>(`SELECT count(*)::int AS total ${USER_FROM} ${where}`, where.params),
  ]);
  return {
    items: rows.rows.map((r) => numeric(r, ['balance', 'creditMoney', 'racingCoin', 'debt'])),
    page: p.page,
    pageSize: p.pageSize,
    total: total(count.rows),
  };
};

// ---------------------------------------------------------------- export row sources

/** SQL of each export kind's rows (all columns as text-friendly values), with its WHERE. */
export const exportSources = {
  bills: (filter: BillFilter | null | undefined) => ({
    where: billWhere(filter),
    select: `SELECT b.movement_id, b.user_id, pa.phone, b.bill_type, b.pocket, b.amount, b.balance_before, b.balance_after,
      b.remark, b.reference, b.actor, b.at ${BILL_FROM}`,
    order: 'b.at, b.id',
  }),
  users: (filter: UserFilter | null | undefined) => ({
    where: userWhere(filter),
    select: `SELECT pa.user_id, pa.phone, pa.network, pa.invitation_code, pa.superior_id, pa.disabled, pa.no_bet,
      pa.no_withdraw, pa.reported, pa.return_scale, pa.withdrawal_whitelist, pa.note, coalesce(w.balance, 0) AS balance,
      coalesce(w.credit_money, 0) AS credit_money, coalesce(w.racing_coin, 0) AS racing_coin, pa.created_at,
      pa.last_login_at, pa.last_login_ip ${USER_FROM}`,
    order: 'pa.created_at, pa.user_id',
  }),
  auditLog: (filter: AuditLogFilter | null | undefined) => ({
    where: auditWhere(filter),
    select: `SELECT id, at, actor, ip, action, entity, entity_id, reason, before::text AS before, after::text AS after,
      request_id FROM staff_audit_log`,
    order: 'at, id',
  }),
  payments: (
    filter:
      | {
          kind?: string | null;
          userId?: string | null;
          status?: string | null;
          fromDate?: string | null;
          toDate?: string | null;
        }
      | null
      | undefined,
  ) => {
    const f = filter ?? {};
    const where = new Where();
    if (f.kind) {
      if (f.kind !== 'deposit' && f.kind !== 'withdrawal')
        throw codedError('BAD_INPUT', 'kind: deposit or withdrawal', { field: 'kind' });
      where.add('kind = ?', f.kind);
    }
    if (f.userId) where.add('user_id = ?', f.userId);
    if (f.status) where.add('status = ?', f.status);
    addEatDayRange(where, 'created_at', f.fromDate, f.toDate);
    return {
      where,
      select: `SELECT payment_id, kind, user_id, network, phone, amount, status, pay_status, provider_ref, provider_status,
        approval, review, flag, note, created_at, updated_at, paid_at FROM payments`,
      order: 'created_at, payment_id',
    };
  },
};

// ---------------------------------------------------------------- system log

export interface SystemLogFilter {
  readonly type?: number | null;
  readonly source?: string | null;
  readonly userId?: string | null;
  readonly search?: string | null;
  readonly fromDate?: string | null;
  readonly toDate?: string | null;
}

const MAX_LOG_CONTENT = 4_000;

/**
 * Records a client's report (spec §7 log/add). `source` is `admin` for staff, else `player`.
 * Errors: BAD_INPUT.
 */
export const appendSystemLog = async (
  sql: SqlExecutor,
  entry: {
    type: number;
    content: string;
    source: string;
    userAgent: string | null;
    userId: string | null;
    ip: string | null;
    at: number;
  },
): Promise<void> => {
  if (!Number.isInteger(entry.type) || entry.type < 1 || entry.type > 99)
    throw codedError('BAD_INPUT', 'type: 1 to 99', { field: 'type' });
  const content = (entry.content ?? '').trim();
  if (!content) throw codedError('BAD_INPUT', 'content is required', { field: 'content' });
  await sql.query(
    `INSERT INTO system_log (at, type, content, source, user_agent, user_id, ip) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      new Date(entry.at),
      entry.type,
      content.slice(0, MAX_LOG_CONTENT),
      entry.source,
      entry.userAgent?.slice(0, 300) ?? null,
      entry.userId,
      entry.ip,
    ],
  );
};

export const listSystemLog = async (
  sql: SqlExecutor,
  args: { filter?: SystemLogFilter | null; page?: number | null; pageSize?: number | null },
) => {
  const f = args.filter ?? {};
  const p = paging(args.page, args.pageSize, 20);
  const where = new Where();
  if (f.type !== null && f.type !== undefined) {
    // reportClientLog stores types 1–99 (smallint column): anything else is bad input, not a crash
    if (!Number.isInteger(f.type) || f.type < 1 || f.type > 99)
      throw codedError('BAD_INPUT', 'type: 1 to 99', { field: 'type' });
    where.add('type = ?', f.type);
  }
  if (f.source) where.add('source = ?', f.source);
  if (f.userId) where.add('user_id = ?', f.userId);
  if (f.search?.trim()) where.add(`strpos(lower(content), lower(?)) > 0`, f.search.trim());
  addEatDayRange(where, 'at', f.fromDate, f.toDate);
  const [rows, count] = await Promise.all([
    sql.query(
      `SELECT id::text, at, type, content, source, user_agent AS "userAgent", user_id AS "userId", ip
       FROM system_log ${where} ORDER BY at DESC, id DESC LIMIT ${p.pageSize} OFFSET ${p.offset}`,
      where.params,
    ),
    sql.query<{ total: number }>(`SELECT count(*)::int AS total FROM system_log ${where}`, where.params),
  ]);
  return { items: rows.rows, page: p.page, pageSize: p.pageSize, total: total(count.rows) };
};

// ---------------------------------------------------------------- cash-outs (issue 20 item 4)

/** GraphQL `CashOutRecordFilter`: the player (id or phone), a bet, EAT days of the cash-out. */
export interface CashOutRecordFilter {
  readonly userId?: string | null;
  readonly phone?: string | null;
  readonly betId?: string | null;
  readonly fromDate?: string | null;
  readonly toDate?: string | null;
}

/** WHERE of the cash-out list and its export. Errors: BAD_INPUT (dates), INVALID_PHONE. */
export const cashOutWhere = (filter: CashOutRecordFilter | null | undefined): Where => {
  const f = filter ?? {};
  const where = new Where();
  if (f.userId) where.add('o.user_id = ?', f.userId);
  if (f.phone?.trim()) where.add('pa.phone = ?', phoneFilter(f.phone));
  if (f.betId?.trim()) where.add('c.bet_id = ?', f.betId.trim());
  addEatDayRange(where, 'c.at', f.fromDate, f.toDate);
  return where;
};

const CASH_OUT_FROM = `FROM cashout_records c JOIN orders o ON o.bet_id = c.bet_id
  LEFT JOIN player_accounts pa ON pa.user_id = o.user_id`;
const CASH_OUT_COLUMNS = `c.bet_id AS "betId", c.stream_position AS "streamPosition", o.serial::text AS serial,
  o.user_id AS "userId", pa.phone AS "userPhone", o.stake::text AS stake, c.at, c.full_cash_out AS "full",
  c.cash_out_no AS "cashOutNo", c.part::text AS part, c.gross::text AS gross, c.tax::text AS tax, c.net::text AS net,
  c.remaining_stake::text AS "remainingStake", c.early_settlement_odds AS "earlySettlementOdds",
  c.running_stake::text AS "runningStake", c.potential_payout::text AS "potentialPayout", c.probability,
  c.fair_value::text AS "fairValue", c.margin_percent AS "marginPercent", c.margin::text AS margin,
  c.offered::text AS offered, c.tolerance, c.offer_id AS "offerId", c.actor`;
const CASH_OUT_MONEY = [
  'stake',
  'part',
  'gross',
  'tax',
  'net',
  'remainingStake',
  'runningStake',
  'potentialPayout',
  'fairValue',
  'margin',
  'offered',
];

/**
 * Cash-outs of every player, newest first (page size 1–100), with the sums of the matching rows:
 * gross paid, tax, net credited and the margin kept (TZS). Errors: BAD_INPUT, INVALID_PHONE.
 */
export const listCashOuts = async (
  sql: SqlExecutor,
  args: { filter?: CashOutRecordFilter | null; page?: number | null; pageSize?: number | null },
) => {
  const p = paging(args.page, args.pageSize);
  const where = cashOutWhere(args.filter);
  const [rows, sums] = await Promise.all([
    sql.query<Record<string, unknown>>(
      `SELECT ${CASH_OUT_COLUMNS} ${CASH_OUT_FROM} ${where}
        ORDER BY c.at DESC, c.bet_id DESC, c.stream_position DESC LIMIT ${p.pageSize} OFFSET ${p.offset}`,
      where.params,
    ),
    sql.query<{ total: number; gross: string; tax: string; net: string; margin: string }>(
      `SELECT count(*)::int AS total, coalesce(sum(c.gross), 0)::text AS gross, coalesce(sum(c.tax), 0)::text AS tax,
         coalesce(sum(c.net), 0)::text AS net, coalesce(sum(c.margin), 0)::text AS margin ${CASH_OUT_FROM} ${where}`,
      where.params,
    ),
  ]);
  const s = sums.rows[0];
  return {
    items: rows.rows.map((r) => numeric(r, CASH_OUT_MONEY)),
    page: p.page,
    pageSize: p.pageSize,
    total: total(sums.rows),
    totalGross: Number(s?.gross ?? 0),
    totalTax: Number(s?.tax ?? 0),
    totalNet: Number(s?.net ?? 0),
    totalMargin: Number(s?.margin ?? 0),
  };
};

/** SQL of the CASH_OUTS export (the list's filter, oldest first). */
export const cashOutExportSource = (filter: CashOutRecordFilter | null | undefined) => ({
  where: cashOutWhere(filter),
  select: `SELECT c.at, c.bet_id, o.serial, o.user_id, pa.phone, o.stake, c.cash_out_no, c.full_cash_out, c.part,
    c.gross, c.tax, c.net, c.remaining_stake, c.early_settlement_odds, c.running_stake, c.potential_payout,
    c.probability, c.fair_value, c.margin_percent, c.margin, c.offered, c.tolerance, c.offer_id, c.actor
    ${CASH_OUT_FROM}`,
  order: 'c.at, c.bet_id, c.stream_position',
});
