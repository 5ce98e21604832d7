/**
 * M-Pesa `output_*` answers → port Outcomes (mobile-money.md §3 "Response codes", §9.2, §9.6). Pure.
 */
import type { Outcome } from '../port.ts';
import { obj, str } from './http.ts';

export const MPESA_REASONS: Readonly<Record<string, string>> = {
  'INS-1': 'internal error',
  'INS-2': 'invalid API key',
  'INS-6': 'transaction failed',
  'INS-9': 'request timeout',
  'INS-10': 'duplicate transaction',
  'INS-13': 'invalid shortcode',
  'INS-15': 'invalid amount',
  'INS-17': 'invalid reference length',
  'INS-18': 'invalid TransactionID',
  'INS-20': 'missing parameters',
  'INS-21': 'parameter validation failed',
  'INS-26': 'invalid currency',
  'INS-28': 'invalid ThirdPartyConversationID',
  'INS-990': 'customer value limit',
  'INS-991': 'customer count limit',
  'INS-992': 'multiple limits',
  'INS-993': 'organisation count limit',
  'INS-994': 'organisation value limit',
  'INS-995': 'API single-transaction limit',
  'INS-996': 'API used outside its usage time',
  'INS-997': 'API not enabled',
  'INS-998': 'invalid market',
  'INS-2006': 'insufficient balance',
  'INS-2051': 'MSISDN invalid',
};

/** Codes after which nothing is known (the customer may still pay; enquire). */
const AMBIGUOUS = new Set(['INS-1', 'INS-9']);

/**
 * C2B or B2C answer: INS-0 → succeeded (`output_TransactionID`, the amount we sent); INS-10 →
 * ambiguous DUPLICATE_ID; INS-1 / INS-9 / unreadable → ambiguous; every other INS code → failed.
 */
export const mpesaPayment = (json: unknown, amount: number): Outcome => {
  const b = obj(json);
  const code = str(b.output_ResponseCode);
  if (code === 'INS-0') {
    const ref = str(b.output_TransactionID);
    return ref ? { status: 'succeeded', providerRef: ref, amount } : { status: 'ambiguous', code: 'INS-0' };
  }
  if (code === 'INS-10') return { status: 'ambiguous', code: 'DUPLICATE_ID' };
  if (!code || AMBIGUOUS.has(code) || !code.startsWith('INS-'))
    return { status: 'ambiguous', code: code ?? 'UNREADABLE' };
  return {
    status: 'failed',
    code,
    reason: MPESA_REASONS[code] ?? str(b.output_ResponseDesc) ?? 'failed',
    definite: true,
  };
};

/**
 * `queryTransactionStatus` answer: `output_ResponseTransactionStatus` Completed → succeeded (amount from
 * `expectedAmount`, not echoed; none → ambiguous AMOUNT_UNKNOWN); Cancelled / Expired → failed; N/A →
 * failed NOT_FOUND; anything else → pending. A non-INS-0 answer → ambiguous.
 */
export const mpesaQuery = (json: unknown, expectedAmount: number | undefined): Outcome => {
  const b = obj(json);
  const code = str(b.output_ResponseCode);
  if (code !== 'INS-0') return { status: 'ambiguous', code: code ?? 'UNREADABLE' };
  const status = str(b.output_ResponseTransactionStatus);
  switch (status) {
    case 'Completed': {
      const ref = str(b.output_TransactionID);
      if (!ref || expectedAmount === undefined) return { status: 'ambiguous', code: 'AMOUNT_UNKNOWN' };
      return { status: 'succeeded', providerRef: ref, amount: expectedAmount };
    }
    case 'Cancelled':
    case 'Expired':
      return { status: 'failed', code: status.toUpperCase(), reason: status.toLowerCase(), definite: true };
    case 'N/A':
      return { status: 'failed', code: 'NOT_FOUND', reason: 'not found', definite: true };
    default:
      return { status: 'pending', code: status ?? 'UNKNOWN' };
  }
};
