/**
 * Selcom envelopes and `payment_status` → port Outcomes (mobile-money.md §6 "Response envelope",
 * §0.2, §9.5). Pure. `resultcode` 409 (duplicate order_id / transid) is the sandbox's choice [I].
 */
import type { Outcome } from '../port.ts';
import { obj, str } from './http.ts';

const INPROGRESS = new Set(['111', '927']);

/** `{result, resultcode}` of an envelope: SUCCESS/000, INPROGRESS/111|927, AMBIGOUS/999, FAIL/other. */
export const selcomResult = (json: unknown): { result: string; code: string; message: string } => {
  const b = obj(json);
  return {
    result: str(b.result) ?? '',
    code: str(b.resultcode) ?? str(b.resulcode) ?? '',
    message: str(b.message) ?? '',
  };
};

/**
 * An envelope that is not SUCCESS: 409 → ambiguous DUPLICATE_ID; 999 / AMBIGOUS, INPROGRESS (111, 927)
 * → ambiguous; unreadable → ambiguous; FAIL → failed with `resultcode`.
 */
export const selcomNotSuccess = (json: unknown): Outcome => {
  const { result, code, message } = selcomResult(json);
  if (code === '409') return { status: 'ambiguous', code: 'DUPLICATE_ID' };
  if (result === 'AMBIGOUS' || code === '999') return { status: 'ambiguous', code: '999' };
  if (result === 'INPROGRESS' || INPROGRESS.has(code)) return { status: 'ambiguous', code: code || '111' };
  if (result !== 'FAIL') return { status: 'ambiguous', code: code || 'UNREADABLE' };
  return { status: 'failed', code: code || 'FAIL', reason: message || 'failed', definite: true };
};

/**
 * A checkout order's `payment_status`: COMPLETED → succeeded (`reference`, `amount`); PENDING →
 * pending; INPROGRESS → ambiguous; CANCELLED / USERCANCELLED / REJECTED → failed.
 */
export const selcomPaymentStatus = (line: Record<string, unknown>): Outcome => {
  const status = str(line.payment_status) ?? '';
  const amount = Number(str(line.amount));
  switch (status) {
    case 'COMPLETED': {
      const ref = str(line.reference);
      return ref && amount > 0
        ? { status: 'succeeded', providerRef: ref, amount }
        : { status: 'ambiguous', code: 'COMPLETED_UNREADABLE' };
    }
    case 'PENDING':
      return { status: 'pending', code: status };
    case 'INPROGRESS':
      return { status: 'ambiguous', code: status };
    case 'CANCELLED':
    case 'USERCANCELLED':
    case 'REJECTED':
      return { status: 'failed', code: status, reason: status.toLowerCase(), definite: true };
    default:
      return { status: 'ambiguous', code: status || 'UNREADABLE' };
  }
};
