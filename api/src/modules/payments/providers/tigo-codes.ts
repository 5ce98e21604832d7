/**
 * Tigo / Mixx answers → port Outcomes (mobile-money.md §4 tables, §9.6). Pure.
 */
import type { Outcome } from '../port.ts';
import { obj, str } from './http.ts';

export const TIGO_PUSH_REASONS: Readonly<Record<string, string>> = {
  'BILLER-18-3040-E': 'wrong BillerMSISDN',
  'BILLER-18-3018-E': 'amount sum failure',
  'BILLER-18-3019-E': 'amount below minimum or above maximum',
  'BILLER-18-3020-E': 'frequency',
  'BILLER-18-3021-E': 'bad biller credentials',
  'BILLER-18-3022-E': 'biller not active',
  'DebitMandate-10-2004-V': 'invalid MSISDN',
  'DebitMandate-10-2005-E': 'not registered',
  'DebitMandate-10-3000-E': 'wrong username or password',
};

export const TIGO_DISBURSE_REASONS: Readonly<Record<string, string>> = {
  error010: 'invalid reference',
  error012: 'invalid amount',
  error013: 'insufficient float',
  error014: 'amount too high',
  error015: 'amount too low',
  error016: 'invalid payment',
};

/**
 * Push answer: BILLER-18-0000-S → pending; DebitMandate-10-2020-V ("invalid ReferenceID", what a
 * re-used id gets) → ambiguous DUPLICATE_ID, so an enquiry decides; unreadable → ambiguous; any other
 * code → failed.
 */
export const tigoPush = (json: unknown): Outcome => {
  const b = obj(json);
  const code = str(b.ResponseCode);
  if (code === 'BILLER-18-0000-S' && b.ResponseStatus !== false) return { status: 'pending', code };
  if (code === 'DebitMandate-10-2020-V') return { status: 'ambiguous', code: 'DUPLICATE_ID' };
  if (!code) return { status: 'ambiguous', code: 'UNREADABLE' };
  return {
    status: 'failed',
    code,
    reason: TIGO_PUSH_REASONS[code] ?? str(b.ResponseDescription) ?? 'refused',
    definite: true,
  };
};

/** Status answer (our stand-in API, §4 has none): SUCCESS / FAILED / PENDING / AMBIGUOUS / NOT_FOUND. */
export const tigoStatus = (json: unknown): Outcome => {
  const b = obj(json);
  const amount = Number(str(b.Amount));
  switch (str(b.TransactionStatus)) {
    case 'SUCCESS': {
      const ref = str(b.MFSTransactionID);
      return ref && amount > 0
        ? { status: 'succeeded', providerRef: ref, amount }
        : { status: 'ambiguous', code: 'UNREADABLE' };
    }
    case 'FAILED':
      return { status: 'failed', code: 'FAILED', reason: str(b.Description) || 'failed', definite: true };
    case 'PENDING':
      return { status: 'pending' };
    case 'NOT_FOUND':
      return { status: 'failed', code: 'NOT_FOUND', reason: 'not found', definite: true };
    default:
      return { status: 'ambiguous', code: str(b.TransactionStatus) ?? str(b.ResponseCode) ?? 'UNREADABLE' };
  }
};

/**
 * REQMFCI answer `{TXNSTATUS, TXNID, MESSAGE}`: error000 → succeeded; error011 (reference locked: the id
 * was used) → ambiguous DUPLICATE_ID; error001 / error100 / error111 (service unavailable, general, no
 * response) → ambiguous, never re-sent; the other errorNNN → failed.
 */
export const tigoDisburse = (fields: Readonly<Record<string, string>>, amount: number): Outcome => {
  const code = fields.TXNSTATUS ?? '';
  if (code === 'error000' && fields.TXNID) return { status: 'succeeded', providerRef: fields.TXNID, amount };
  if (code === 'error011') return { status: 'ambiguous', code: 'DUPLICATE_ID' };
  const reason = TIGO_DISBURSE_REASONS[code];
  if (!reason) return { status: 'ambiguous', code: code || 'UNREADABLE' };
  return { status: 'failed', code, reason, definite: true };
};
