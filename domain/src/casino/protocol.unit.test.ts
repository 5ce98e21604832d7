import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { domainError } from '../errors.ts';
import {
  CASINO_HEADERS,
  CASINO_SIGNATURE_WINDOW_MS,
  casinoOk,
  casinoRefusal,
  casinoRoundCommandOf,
  casinoSignature,
  casinoStatusOf,
  parseCasinoRequest,
  signCasinoRequest,
  timingSafeEqualHex,
  verifyCasinoSignature,
} from './protocol.ts';

const SECRET = 'sandbox-secret-1';
const NOW = 1_795_000_000_000;
const BET = {
  sessionToken: 'st-1',
  gameId: 'crash',
  roundId: 'r1',
  transactionId: 'b1',
  currency: 'TZS',
  amount: 1_000,
};

describe('casino protocol: signature', () => {
  it('is HMAC-SHA256 over body|timestamp (the example of docs/casino.md)', () => {
    const body = JSON.stringify(BET);
    // Reference value computed independently with node:
    // createHmac('sha256', SECRET).update(`${body}|${NOW}`).digest('hex')
    expect(casinoSignature(SECRET, String(NOW), body)).toBe(
      'b6e99e6074142cb9f8cb331ba7852f9c8b05078b330210b677e4f3f09e661ffd',
    );
    expect(casinoSignature(SECRET, String(NOW), body)).toBe(
      createHmac('sha256', SECRET).update(`${body}|${NOW}`).digest('hex'),
    );
  });
  it('verifies what signCasinoRequest signed, within the window', () => {
    const body = JSON.stringify(BET);
    const h = signCasinoRequest('sandbox', SECRET, body, NOW);
    expect(h[CASINO_HEADERS.provider]).toBe('sandbox');
    const ok = {
      secret: SECRET,
      body,
      timestamp: h[CASINO_HEADERS.timestamp],
      signature: h[CASINO_HEADERS.signature],
    };
    expect(verifyCasinoSignature({ ...ok, nowMs: NOW })).toBeUndefined();
    expect(verifyCasinoSignature({ ...ok, nowMs: NOW + CASINO_SIGNATURE_WINDOW_MS })).toBeUndefined();
    expect(verifyCasinoSignature({ ...ok, nowMs: NOW + CASINO_SIGNATURE_WINDOW_MS + 1 })?.code).toBe(
      'CASINO_TIMESTAMP_OUT_OF_WINDOW',
    );
    expect(verifyCasinoSignature({ ...ok, nowMs: NOW - CASINO_SIGNATURE_WINDOW_MS - 1 })?.code).toBe(
      'CASINO_TIMESTAMP_OUT_OF_WINDOW',
    );
  });
  it('refuses a changed body, a changed timestamp, another secret, and missing or malformed headers', () => {
    const body = JSON.stringify(BET);
    const h = signCasinoRequest('sandbox', SECRET, body, NOW);
    const ok = {
      secret: SECRET,
      body,
      timestamp: h[CASINO_HEADERS.timestamp],
      signature: h[CASINO_HEADERS.signature],
      nowMs: NOW,
    };
    expect(verifyCasinoSignature({ ...ok, body: body.replace('1000', '9000') })?.code).toBe(
      'CASINO_SIGNATURE_INVALID',
    );
    expect(verifyCasinoSignature({ ...ok, timestamp: String(NOW + 1) })?.code).toBe(
      'CASINO_SIGNATURE_INVALID',
    );
    expect(verifyCasinoSignature({ ...ok, secret: 'other' })?.code).toBe('CASINO_SIGNATURE_INVALID');
    expect(verifyCasinoSignature({ ...ok, signature: undefined })?.code).toBe('CASINO_SIGNATURE_MISSING');
    expect(verifyCasinoSignature({ ...ok, timestamp: '12.5' })?.code).toBe('CASINO_TIMESTAMP_INVALID');
    expect(verifyCasinoSignature({ ...ok, signature: ok.signature.slice(0, 63) })?.code).toBe(
      'CASINO_SIGNATURE_INVALID',
    );
    expect(verifyCasinoSignature({ ...ok, signature: ok.signature.toUpperCase() })).toBeUndefined();
  });
  it('property: any change of one body character breaks the signature', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 60 }),
        fc.nat(),
        fc.string({ minLength: 1, maxLength: 1 }),
        (body, at, ch) => {
          const i = at % body.length;
          fc.pre(body[i] !== ch);
          const signature = casinoSignature(SECRET, String(NOW), body);
          const changed = body.slice(0, i) + ch + body.slice(i + 1);
          return (
            verifyCasinoSignature({
              secret: SECRET,
              body: changed,
              timestamp: String(NOW),
              signature,
              nowMs: NOW,
            })?.code === 'CASINO_SIGNATURE_INVALID'
          );
        },
      ),
    );
  });
  it('timingSafeEqualHex: equal only for the same hex, whatever the case', () => {
    expect(timingSafeEqualHex('ab12', 'AB12')).toBe(true);
    expect(timingSafeEqualHex('ab12', 'ab13')).toBe(false);
    expect(timingSafeEqualHex('ab12', 'ab1')).toBe(false);
    expect(timingSafeEqualHex('ab12', 'ab120')).toBe(false);
    expect(timingSafeEqualHex('', '')).toBe(true);
  });
});

describe('casino protocol: parsing', () => {
  it('parses a bet and maps it to the round command', () => {
    const parsed = parseCasinoRequest('bet', { ...BET, extra: 'ignored' });
    expect(parsed).toEqual({ ok: true, request: { method: 'bet', body: BET } });
    if (!parsed.ok) return;
    expect(casinoRoundCommandOf(parsed.request, { providerId: 'sandbox', userId: 'u1', at: 'T' })).toEqual({
      type: 'PlaceCasinoBet',
      providerId: 'sandbox',
      userId: 'u1',
      at: 'T',
      roundId: 'r1',
      gameId: 'crash',
      transactionId: 'b1',
      amount: 1_000,
    });
  });
  it('parses win, rollback, reward and balance', () => {
    const win = parseCasinoRequest('win', { ...BET, transactionId: 'w1', betTransactionId: 'b1', amount: 0 });
    expect(win.ok).toBe(true);
    const rollback = parseCasinoRequest('rollback', { ...BET, transactionId: 'rb1', betTransactionId: 'b1' });
    expect(
      rollback.ok && casinoRoundCommandOf(rollback.request, { providerId: 'p', userId: 'u', at: 'T' })?.type,
    ).toBe('RollbackCasinoBet');
    expect(parseCasinoRequest('reward', { ...BET, reason: 'tournament' }).ok).toBe(true);
    const balance = parseCasinoRequest('balance', { sessionToken: 'st-1', gameId: 'crash' });
    expect(
      balance.ok && casinoRoundCommandOf(balance.request, { providerId: 'p', userId: 'u', at: 'T' }),
    ).toBeUndefined();
  });
  it('refuses with stable codes', () => {
    const code = (method: string, body: unknown) => {
      const r = parseCasinoRequest(method, body);
      return r.ok ? 'ok' : r.error.code;
    };
    expect(code('deposit', BET)).toBe('CASINO_WRONG_SYNTAX');
    expect(code('bet', [BET])).toBe('CASINO_WRONG_SYNTAX');
    expect(code('bet', { ...BET, transactionId: undefined })).toBe('CASINO_WRONG_SYNTAX');
    expect(code('bet', { ...BET, amount: '1000' })).toBe('CASINO_WRONG_TYPES');
    expect(code('bet', { ...BET, roundId: 7 })).toBe('CASINO_WRONG_TYPES');
    expect(code('bet', { ...BET, transactionId: '' })).toBe('CASINO_WRONG_TYPES');
    expect(code('bet', { ...BET, transactionId: 'x'.repeat(129) })).toBe('CASINO_WRONG_TYPES');
    expect(code('bet', { ...BET, amount: -1 })).toBe('CASINO_AMOUNT_NEGATIVE');
    expect(code('bet', { ...BET, amount: 1.5 })).toBe('CASINO_AMOUNT_NOT_WHOLE_TZS');
    expect(code('bet', { ...BET, amount: 0 })).toBe('CASINO_AMOUNT_ZERO');
    expect(code('bet', { ...BET, currency: 'KES' })).toBe('CASINO_WRONG_CURRENCY');
    expect(code('win', { ...BET, betTransactionId: 'b1', amount: 0 })).toBe('ok');
  });
});

describe('casino protocol: answers', () => {
  it('maps domain codes to RS_* statuses', () => {
    expect(casinoStatusOf('INSUFFICIENT_FUNDS')).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    expect(casinoStatusOf('CASINO_BET_NOT_FOUND')).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(casinoStatusOf('CASINO_TRANSACTION_CONFLICT')).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(casinoStatusOf('CASINO_BET_SETTLED')).toBe('RS_ERROR_TRANSACTION_SETTLED');
    expect(casinoStatusOf('CASINO_TIMESTAMP_OUT_OF_WINDOW')).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect(casinoStatusOf('CASINO_PLAYER_NO_BET')).toBe('RS_ERROR_USER_DISABLED');
    expect(casinoStatusOf('LIMIT_STAKE_DAY')).toBe('RS_ERROR_LIMIT_REACHED');
    expect(casinoStatusOf('SOMETHING_ELSE')).toBe('RS_ERROR_UNKNOWN');
  });
  it('an ok answer carries the balance; not enough money carries it too; other refusals do not', () => {
    expect(casinoOk(4_000, 'b1')).toEqual({
      status: 'RS_OK',
      balance: 4_000,
      currency: 'TZS',
      transactionId: 'b1',
    });
    expect(casinoRefusal(domainError('INSUFFICIENT_FUNDS', 'x'), 300, 'b1')).toEqual({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      balance: 300,
      currency: 'TZS',
      transactionId: 'b1',
    });
    expect(casinoRefusal(domainError('CASINO_SIGNATURE_INVALID', 'x'), 300)).toEqual({
      status: 'RS_ERROR_INVALID_SIGNATURE',
    });
  });
});
