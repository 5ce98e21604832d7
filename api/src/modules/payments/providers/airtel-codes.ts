/**
 * Airtel response bodies → port Outcomes (mobile-money.md §2 tables, §0.2, §0.3, §9.6). Pure.
 * Table in docs/mobile-money-sandboxes.md "Airtel".
 */
import type { Outcome, PaymentDirection } from '../port.ts';
import { obj, str } from './http.ts';

/** DP… codes that mean "the id is already known": enquire, never a failure (§9.6). */
const DUPLICATE = new Set(['DP00900001011', 'DP00900001017', 'DP00800001017']);
/** DP… codes that mean "unknown, keep asking" (§2: 000 ambiguous). */
const AMBIGUOUS = new Set(['DP00800001000', 'DP00900001000']);
const PENDING = new Set(['DP00800001006', 'DP00900001006']);
const NOT_FOUND = new Set(['DP00800001025', 'DP00900001015']);

/** Short English reasons of the DP… codes (§2). */
export const AIRTEL_REASONS: Readonly<Record<string, string>> = {
  DP00800001002: 'wrong PIN',
  DP00800001003: 'wallet limit exceeded',
  DP00800001004: 'invalid amount',
  DP00800001005: 'PIN not entered',
  DP00800001007: 'insufficient balance',
  DP00800001008: 'refused',
  DP00800001010: 'payee not allowed',
  DP00800001024: 'timed out',
  DP00800001025: 'not found',
  DP00900001003: 'daily limit',
  DP00900001004: 'amount out of range',
  DP00900001005: 'failed or refused',
  DP00900001007: 'insufficient float',
  DP00900001009: 'invalid initiator',
  DP00900001010: 'payer not allowed',
  DP00900001012: 'bad MSISDN',
  DP00900001013: 'refused or validation error',
  DP00900001015: 'not found',
  DP00900001018: 'signature mismatch',
  DP00900001019: 'sender barred',
};

const failed = (code: string, message?: string): Outcome => ({
  status: 'failed',
  code,
  reason: AIRTEL_REASONS[code] ?? message ?? 'refused',
  definite: true,
});

/**
 * The answer to a push (`/merchant/v1/payments/`) or a disbursement. Reads `status.success`,
 * `status.response_code` and `data.transaction`, whatever the HTTP status (§0.3). A payout answered
 * DP00900001001 / TS is `succeeded` with `amount` (what we sent).
 */
export const airtelInitiation = (json: unknown, direction: PaymentDirection, amount: number): Outcome => {
  const status = obj(obj(json).status);
  const code = str(status.response_code) ?? '';
  const tx = obj(obj(obj(json).data).transaction);
  if (DUPLICATE.has(code)) return { status: 'ambiguous', code: 'DUPLICATE_ID' };
  if (AMBIGUOUS.has(code) || str(tx.status) === 'TA') return { status: 'ambiguous', code: code || 'TA' };
  if (status.success === true || str(status.code) === '200') {
    if (PENDING.has(code) || str(tx.status) === 'TIP') return { status: 'pending', code };
    const ref = str(tx.airtel_money_id);
    if (direction === 'payout' && (code === 'DP00900001001' || str(tx.status) === 'TS') && ref)
      return { status: 'succeeded', providerRef: ref, amount };
    if (direction === 'deposit' && code === 'DP00800001006') return { status: 'pending', code };
    return { status: 'ambiguous', code: code || 'UNREADABLE' };
  }
  if (code === '' && str(status.code) === undefined) return { status: 'ambiguous', code: 'UNREADABLE' };
  return failed(code || `HTTP_${str(status.code) ?? '400'}`, str(status.message));
};

/**
 * The answer to an enquiry (`/standard/v1/payments/{id}`, `/standard/v1/disbursements/{id}`):
 * TS → succeeded (amount from `expectedAmount`, which Airtel does not echo; none → ambiguous
 * AMOUNT_UNKNOWN); TF → failed (the DP… code); TE → failed EXPIRED; TA → ambiguous; TIP → pending;
 * not found → failed NOT_FOUND.
 */
export const airtelEnquiry = (json: unknown, expectedAmount: number | undefined): Outcome => {
  const status = obj(obj(json).status);
  const code = str(status.response_code) ?? '';
  const tx = obj(obj(obj(json).data).transaction);
  if (NOT_FOUND.has(code)) return failed('NOT_FOUND', 'not found');
  switch (str(tx.status)) {
    case 'TS': {
      const ref = str(tx.airtel_money_id);
      if (!ref || expectedAmount === undefined) return { status: 'ambiguous', code: 'AMOUNT_UNKNOWN' };
      return { status: 'succeeded', providerRef: ref, amount: expectedAmount };
    }
    case 'TF':
      return failed(code && !PENDING.has(code) ? code : 'TF', str(tx.message));
    case 'TE':
      return { status: 'failed', code: 'TE', reason: 'expired: PIN not entered', definite: true };
    case 'TA':
      return { status: 'ambiguous', code: 'TA' };
    case 'TIP':
      return { status: 'pending', code: 'TIP' };
    default:
      return { status: 'ambiguous', code: code || 'UNREADABLE' };
  }
};
