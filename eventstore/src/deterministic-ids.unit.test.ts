/**
 * `deterministicEventId` (aggregate.ts): the ids stored events already carry must come out the same, so
 * the one-shot hash is checked against the earlier way (a Hash object, the bits set in its bytes).
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deterministicEventId } from './aggregate.ts';

/** The id as made before session 18: the uuid's version and variant bits set in the digest's bytes. */
const idBefore = (seed: string, index = 0): string => {
  const digest = createHash('sha1').update(`${seed}#${index}`).digest();
  digest[6] = (digest[6]! & 0x0f) | 0x50;
  digest[8] = (digest[8]! & 0x3f) | 0x80;
  const hex = digest.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

describe('deterministicEventId', () => {
  it('is the id made before, for any seed and index', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.nat({ max: 1_000 }), (seed, index) => {
        expect(deterministicEventId(seed, index)).toBe(idBefore(seed, index));
      }),
      { numRuns: 2_000 },
    );
  });

  it('is a version 5 uuid, index 0 by default', () => {
    const id = deterministicEventId('wallet-u1|casino:sandbox:r1-b');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(id).toBe(deterministicEventId('wallet-u1|casino:sandbox:r1-b', 0));
    // A known id, pinned: the stored events' ids must never change.
    expect(id).toBe('938aa25a-9249-56f4-afb6-24db89dbdf73');
  });
});
