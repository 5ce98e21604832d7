import { describe, expect, it } from 'vitest';
import { airtelEnquiry, airtelInitiation } from './airtel-codes.ts';
import { mpesaPayment, mpesaQuery } from './mpesa-codes.ts';
import { selcomNotSuccess, selcomPaymentStatus } from './selcom-codes.ts';
import { tigoDisburse, tigoPush, tigoStatus } from './tigo-codes.ts';
import { msisdn255, national9 } from './http.ts';

const airtel = (code: string, success: boolean, tx: object = {}, statusCode = success ? '200' : '400') => ({
  data: { transaction: tx },
  status: { code: statusCode, response_code: code, success },
});

describe('Airtel codes (mobile-money.md §2)', () => {
  it.each([
    [airtel('DP00800001006', true), 'deposit', { status: 'pending' }],
    [
      airtel('DP00900001001', true, { airtel_money_id: 'A1', status: 'TS' }),
      'payout',
      { status: 'succeeded' },
    ],
    [
      airtel('DP00900001000', true, { status: 'TA' }),
      'payout',
      { status: 'ambiguous', code: 'DP00900001000' },
    ],
    [airtel('DP00900001011', false), 'payout', { status: 'ambiguous', code: 'DUPLICATE_ID' }],
    [airtel('DP00900001017', false), 'payout', { status: 'ambiguous', code: 'DUPLICATE_ID' }],
    [airtel('DP00900001007', false), 'payout', { status: 'failed', reason: 'insufficient float' }],
    [airtel('DP00800001013', false), 'deposit', { status: 'failed', code: 'DP00800001013' }],
    [{}, 'payout', { status: 'ambiguous', code: 'UNREADABLE' }],
  ] as const)('initiation %j (%s) → %j', (body, direction, expected) => {
    expect(airtelInitiation(body, direction, 100)).toMatchObject(expected);
  });

  it.each([
    ['TS', 'DP00800001001', 100, { status: 'succeeded', amount: 100 }],
    ['TS', 'DP00800001001', undefined, { status: 'ambiguous', code: 'AMOUNT_UNKNOWN' }],
    ['TF', 'DP00800001002', 100, { status: 'failed', code: 'DP00800001002', reason: 'wrong PIN' }],
    ['TE', 'DP00800001024', 100, { status: 'failed', code: 'TE' }],
    ['TA', 'DP00800001000', 100, { status: 'ambiguous', code: 'TA' }],
    ['TIP', 'DP00800001006', 100, { status: 'pending' }],
  ] as const)('enquiry %s → %j', (status, code, amount, expected) => {
    expect(airtelEnquiry(airtel(code, true, { status, airtel_money_id: 'A1' }), amount)).toMatchObject(
      expected,
    );
  });

  it('enquiry not found → failed NOT_FOUND', () => {
    expect(airtelEnquiry(airtel('DP00800001025', false), 1)).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('M-Pesa codes (§3)', () => {
  it.each([
    ['INS-0', { status: 'succeeded', providerRef: 'T1' }],
    ['INS-10', { status: 'ambiguous', code: 'DUPLICATE_ID' }],
    ['INS-9', { status: 'ambiguous', code: 'INS-9' }],
    ['INS-1', { status: 'ambiguous' }],
    ['INS-6', { status: 'failed', code: 'INS-6' }],
    ['INS-2006', { status: 'failed', reason: 'insufficient balance' }],
    ['INS-996', { status: 'failed', reason: 'API used outside its usage time' }],
  ])('%s → %j', (code, expected) => {
    expect(mpesaPayment({ output_ResponseCode: code, output_TransactionID: 'T1' }, 5)).toMatchObject(
      expected,
    );
  });
  it.each([
    ['Completed', { status: 'succeeded', amount: 5 }],
    ['Cancelled', { status: 'failed', code: 'CANCELLED' }],
    ['Expired', { status: 'failed', code: 'EXPIRED' }],
    ['N/A', { status: 'failed', code: 'NOT_FOUND' }],
    ['Pending', { status: 'pending' }],
  ])('query %s → %j', (status, expected) => {
    const body = {
      output_ResponseCode: 'INS-0',
      output_ResponseTransactionStatus: status,
      output_TransactionID: 'T1',
    };
    expect(mpesaQuery(body, 5)).toMatchObject(expected);
  });
});

describe('Tigo codes (§4)', () => {
  it('push', () => {
    expect(tigoPush({ ResponseCode: 'BILLER-18-0000-S', ResponseStatus: true })).toMatchObject({
      status: 'pending',
    });
    expect(tigoPush({ ResponseCode: 'DebitMandate-10-2020-V' })).toMatchObject({ code: 'DUPLICATE_ID' });
    expect(tigoPush({ ResponseCode: 'BILLER-18-3019-E' })).toMatchObject({ status: 'failed' });
    expect(tigoPush('<html>')).toMatchObject({ status: 'ambiguous' });
  });
  it('status', () => {
    expect(tigoStatus({ TransactionStatus: 'SUCCESS', MFSTransactionID: 'M', Amount: '10' })).toMatchObject({
      status: 'succeeded',
      amount: 10,
    });
    expect(tigoStatus({ TransactionStatus: 'NOT_FOUND' })).toMatchObject({ code: 'NOT_FOUND' });
  });
  it.each([
    ['error000', 'succeeded'],
    ['error011', 'ambiguous'],
    ['error001', 'ambiguous'],
    ['error100', 'ambiguous'],
    ['error111', 'ambiguous'],
    ['error013', 'failed'],
    ['error016', 'failed'],
  ])('disburse %s → %s', (code, status) => {
    expect(tigoDisburse({ TXNSTATUS: code, TXNID: 'X' }, 1).status).toBe(status);
  });
});

describe('Selcom codes (§6)', () => {
  it.each([
    [{ result: 'FAIL', resultcode: '409' }, { code: 'DUPLICATE_ID' }],
    [
      { result: 'AMBIGOUS', resultcode: '999' },
      { status: 'ambiguous', code: '999' },
    ],
    [
      { result: 'INPROGRESS', resultcode: '927' },
      { status: 'ambiguous', code: '927' },
    ],
    [
      { result: 'FAIL', resultcode: '056' },
      { status: 'failed', code: '056' },
    ],
    [{ resulcode: '111' }, { status: 'ambiguous', code: '111' }],
  ])('%j → %j', (body, expected) => {
    expect(selcomNotSuccess(body)).toMatchObject(expected);
  });
  it.each([
    ['COMPLETED', 'succeeded'],
    ['PENDING', 'pending'],
    ['INPROGRESS', 'ambiguous'],
    ['USERCANCELLED', 'failed'],
    ['REJECTED', 'failed'],
    ['CANCELLED', 'failed'],
  ])('payment_status %s → %s', (payment_status, status) => {
    expect(selcomPaymentStatus({ payment_status, reference: 'R', amount: '10' }).status).toBe(status);
  });
});

describe('phone formats (§1)', () => {
  it('Airtel 9 digits, others 255…', () => {
    expect(national9('+255 712 345 678')).toBe('712345678');
    expect(msisdn255('0712345678')).toBe('255712345678');
  });
});
