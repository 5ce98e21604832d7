/**
 * Reading payments for GraphQL (issue 6 item 6): rows of `payments` as the `Payment` type, player and
 * staff lists with filters and totals (TZS).
 */
import type { Payment } from '../../graphql/generated.ts';
import type { SqlExecutor } from '@bashiri/eventstore';
import { codedError } from '../../graphql/errors.ts';

/** A `payments` row as the GraphQL `Payment`. */
export const paymentOf = (r: Record<string, unknown>): Payment => {
  const row = r as unknown as PaymentRow;
  return {
    id: row.payment_id,
    kind: row.kind === 'deposit' ? 'DEPOSIT' : 'WITHDRAWAL',
    userId: row.user_id,
    network: row.network,
    phone: row.phone,
    amount: Number(row.amount),
    status: row.status,
    payStatus: row.pay_status,
    providerRef: row.provider_ref,
    providerStatus: row.provider_status,
    approval: String(row.approval).toUpperCase(),
    review: row.review,
    flag: row.flag,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    paidAt: row.paid_at,
  };
};

/** A `payments` row (migrations/001: amount is bigint, read as text). */
interface PaymentRow {
  readonly payment_id: string;
  readonly kind: 'deposit' | 'withdrawal';
  readonly user_id: string;
  readonly network: number;
  readonly phone: string;
  readonly amount: string | number;
  readonly status: string;
  readonly pay_status: number;
  readonly provider_ref: string | null;
  readonly provider_status: string | null;
  readonly approval: string;
  readonly review: boolean;
  readonly flag: string | null;
  readonly created_at: Date;
  readonly updated_at: Date;
  readonly paid_at: Date | null;
}

/** One payment row, or NOT_FOUND (also when `userId` is given and it is not theirs). */
export const paymentRow = async (tx: SqlExecutor, id: string, userId?: string) => {
  const { rows } = await tx.query<Record<string, unknown>>('SELECT * FROM payments WHERE payment_id = $1', [
    id,
  ]);
  const row = rows[0];
  if (!row || (userId !== undefined && row.user_id !== userId))
    throw codedError('NOT_FOUND', 'no such payment');
  return paymentOf(row);
};

/** Staff filter (GraphQL `PaymentFilter`). */
export interface Filter {
  status?: string | null;
  network?: number | null;
  userId?: string | null;
  from?: string | null;
  to?: string | null;
  review?: boolean | null;
  waitingApproval?: boolean | null;
}

/** A page of payments of one kind, with count and TZS totals over every page. */
export const paymentPage = async (
  tx: SqlExecutor,
  kind: 'DEPOSIT' | 'WITHDRAWAL',
  filter: Filter,
  pageArg?: number | null,
  sizeArg?: number | null,
) => {
  const page = Math.min(100_000, Math.max(1, Math.floor(pageArg ?? 1)));
  const sane = (t: string | null | undefined) =>
    !t || (Date.parse(t) >= Date.UTC(2000, 0, 1) && Date.parse(t) <= Date.UTC(2100, 0, 1));
  if (!sane(filter.from) || !sane(filter.to))
    throw codedError('BAD_INPUT', 'dates: years 2000–2099', { field: 'from' });
  if (filter.network && ![3, 4, 6, 7].includes(filter.network))
    throw codedError('BAD_INPUT', 'network: 3, 4, 6 or 7', { field: 'network' });
  const size = Math.min(100, Math.max(1, Math.floor(sizeArg ?? 10)));
  const where = ['kind = $1'];
  const params: unknown[] = [kind === 'DEPOSIT' ? 'deposit' : 'withdrawal'];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (filter.status) add('status = ?', filter.status);
  if (filter.network) add('network = ?', filter.network);
  if (filter.userId) add('user_id = ?', filter.userId);
  if (filter.from) add('created_at >= ?', filter.from);
  if (filter.to) add('created_at < ?', filter.to);
  if (filter.review !== null && filter.review !== undefined) add('review = ?', filter.review);
  if (filter.waitingApproval) where.push(`approval = 'waiting'`);
  const w = where.join(' AND ');
  const [items, totals] = await Promise.all([
    tx.query<Record<string, unknown>>(
      `SELECT * FROM payments WHERE ${w} ORDER BY created_at DESC, payment_id LIMIT ${size} OFFSET ${(page - 1) * size}`,
      params,
    ),
    tx.query<{ total: number; amount: string; paid: string }>(
      `SELECT count(*)::int AS total, COALESCE(sum(amount), 0)::text AS amount,
         COALESCE(sum(amount) FILTER (WHERE status = 'confirmed'), 0)::text AS paid FROM payments WHERE ${w}`,
      params,
    ),
  ]);
  const t = totals.rows[0];
  return {
    items: items.rows.map(paymentOf),
    page,
    pageSize: size,
    total: t?.total ?? 0,
    totalAmount: Number(t?.amount ?? 0),
    paidAmount: Number(t?.paid ?? 0),
  };
};
