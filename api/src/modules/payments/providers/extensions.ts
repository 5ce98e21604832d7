/**
 * What the real APIs need beyond port.ts (told to the payments module's author in the issue report).
 */
import type { PaymentDirection, StatementLine } from '../port.ts';

/**
 * Optional third argument of `enquire`: Airtel's and M-Pesa's enquiries do not return the amount
 * (mobile-money.md §2 "Transaction enquiry", §3 "Responses"), yet a `succeeded` Outcome needs one.
 * Pass the amount we asked for; without it those adapters answer `ambiguous` with code
 * `AMOUNT_UNKNOWN` instead of guessing.
 */
export interface EnquiryContext {
  /** Whole TZS we requested. */
  readonly amount?: number;
}

/** Reads the common sandbox statement shape (`GET /_sandbox/statement`) into port lines. */
export const sandboxStatementLines = (json: unknown): StatementLine[] => {
  const txs = (json as { transactions?: unknown }).transactions;
  if (!Array.isArray(txs)) throw new Error('statement: no transactions array');
  return txs.map((t: Record<string, unknown>) => ({
    paymentId: String(t.reference),
    direction: (t.direction === 'payout' ? 'payout' : 'deposit') as PaymentDirection,
    amount: Number(t.amount),
    status: t.status === 'succeeded' ? 'succeeded' : t.status === 'failed' ? 'failed' : 'pending',
    ...(typeof t.id === 'string' ? { providerRef: t.id } : {}),
    at: String(t.time),
  }));
};
