/** The server's native HMAC (node:crypto) against the domain's pure-code reference (issue 22 §2 signature). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hmacSha256Hex, signCasinoRequest, verifyCasinoSignature, CASINO_HEADERS } from '@bashiri/domain';
import { nativeHmacSha256Hex } from './wallet-api.ts';

describe('casino wallet signature on the server', () => {
  it('node’s HMAC-SHA256 equals the domain’s for any key and message (UTF-8, emoji, empty)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        fc.string({ unit: 'grapheme', maxLength: 500 }),
        (k, m) => {
          expect(nativeHmacSha256Hex(k, m)).toBe(hmacSha256Hex(k, m));
        },
      ),
    );
  });

  it('verifies with the native HMAC what a provider signed, and refuses a changed body', () => {
    const now = 1_795_000_000_000;
    const body = JSON.stringify({
      sessionToken: 'st',
      gameId: 'crash',
      roundId: 'r',
      transactionId: 't',
      amount: 5,
    });
    const h = signCasinoRequest('sandbox', 'secret-ü', body, now);
    const checked = {
      secret: 'secret-ü',
      timestamp: h[CASINO_HEADERS.timestamp],
      signature: h[CASINO_HEADERS.signature],
      nowMs: now,
      hmac: nativeHmacSha256Hex,
    };
    expect(verifyCasinoSignature({ ...checked, body })).toBeUndefined();
    expect(verifyCasinoSignature({ ...checked, body: body.replace('5', '6') })?.code).toBe(
      'CASINO_SIGNATURE_INVALID',
    );
  });
});
