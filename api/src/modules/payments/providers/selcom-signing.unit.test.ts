import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { eatTimestamp } from '@bashiri/domain';
import { selcomSign, selcomVerify } from './selcom-signing.ts';

const at = Date.UTC(2026, 10, 21, 15, 30, 0);

describe('Selcom signing', () => {
  it('signs "timestamp=…&k=v…" with HMAC-SHA256, base64, EAT timestamp', () => {
    const h = selcomSign('key', 'secret', at, { order_id: 'A1', amount: 5000 });
    expect(h.timestamp).toBe('2026-11-21T18:30:00+03:00');
    expect(eatTimestamp(at)).toBe(h.timestamp);
    expect(h.authorization).toBe(`SELCOM ${Buffer.from('key').toString('base64')}`);
    expect(h['signed-fields']).toBe('order_id,amount');
    const expected = createHmac('sha256', 'secret')
      .update('timestamp=2026-11-21T18:30:00+03:00&order_id=A1&amount=5000')
      .digest('base64');
    expect(h.digest).toBe(expected);
  });

  it('verifies; refuses a tampered field, a wrong secret, a stale timestamp, a missing header', () => {
    const data = { transid: 'T1', order_id: 'A1', payment_status: 'COMPLETED' };
    const h = selcomSign('key', 'secret', at, data);
    expect(selcomVerify(h, data, { secret: 'secret', apiKey: 'key', now: at })).toBe(true);
    expect(selcomVerify(h, { ...data, payment_status: 'X' }, { secret: 'secret' })).toBe(false);
    expect(selcomVerify(h, data, { secret: 'other' })).toBe(false);
    expect(selcomVerify(h, data, { secret: 'secret', now: at + 3_600_000 })).toBe(false);
    expect(selcomVerify({ ...h, digest: undefined }, data, { secret: 'secret' })).toBe(false);
    expect(selcomVerify(h, data, { secret: 'secret', apiKey: 'nope' })).toBe(false);
  });
});
