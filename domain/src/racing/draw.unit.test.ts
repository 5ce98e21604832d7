import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  drawOrder,
  lotteryCombination,
  seedHash,
  serverSeedFromBytes,
  shuffleCars,
  uniformBelow,
  verifyRound,
} from './draw.ts';
import { isDomainFailure } from '../errors.ts';

/** The draw re-implemented from docs/racing.md "The draw" with node:crypto, independently of draw.ts. */
const documentedDraw = (seed: string, roundId: string): number[] => {
  const bytes: number[] = [];
  let block = 0;
  const next = (): number => {
    if (bytes.length === 0)
      bytes.push(...createHmac('sha256', seed).update(`${roundId}:${block++}`).digest());
    return bytes.shift() as number;
  };
  const cars = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  for (let i = 9; i >= 1; i -= 1) {
    const n = i + 1;
    let b = next();
    while (b >= 256 - (256 % n)) b = next();
    const j = b % n;
    [cars[i], cars[j]] = [cars[j] as number, cars[i] as number];
  }
  return cars;
};

const seedOf = (i: number): string => createHash('sha256').update(`draw-test-${i}`).digest('hex');

/** Chi-square critical value at upper tail p (Wilson–Hilferty), z the normal quantile of 1 − p. */
const chiSquareCritical = (df: number, z: number): number =>
  df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
const chiSquare = (counts: readonly number[], expected: number): number =>
  counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);

describe('racing draw (provably fair)', () => {
  it('given a seed, then its published hash is SHA-256 of the seed text (as `printf %s seed | sha256sum`)', () => {
    const seed = 'a'.repeat(64);
    expect(seedHash(seed)).toBe('ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb');
    expect(seedHash(seedOf(1))).toBe(createHash('sha256').update(seedOf(1)).digest('hex'));
  });

  it('given 32 random bytes, then the seed is their lowercase hex; other lengths are refused', () => {
    expect(serverSeedFromBytes(new Uint8Array(32).fill(171))).toBe('ab'.repeat(32));
    try {
      serverSeedFromBytes(new Uint8Array(16));
      expect.unreachable();
    } catch (e) {
      expect(isDomainFailure(e) && e.error.code).toBe('RACING_INVALID_SEED');
    }
  });

  it('given a seed and round id, then the order is the documented function (re-implemented with node:crypto)', () => {
    expect(drawOrder('a'.repeat(64), 'r1')).toEqual([4, 5, 8, 1, 3, 2, 7, 6, 10, 9]);
    for (let i = 0; i < 300; i += 1)
      expect(drawOrder(seedOf(i), `round-${i}`)).toEqual(documentedDraw(seedOf(i), `round-${i}`));
  });

  it('rejects the bytes that would bias the pick: for 10 choices, bytes 250–255 are skipped', () => {
    const stream = [255, 250, 249];
    expect(uniformBelow(10, () => stream.shift() as number)).toBe(9);
    expect(uniformBelow(2, () => 255)).toBe(1);
    const bytes = [7, 200];
    expect(uniformBelow(3, () => bytes.shift() as number)).toBe(1);
  });

  it('property: the draw is a permutation of cars 1–10 for any seed and round id', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.string(), (bytes, roundId) => {
        const order = drawOrder(serverSeedFromBytes(bytes), roundId);
        expect([...order].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      }),
    );
  });

  it('property: the shuffle is a permutation for any byte stream', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 249 }), { minLength: 9, maxLength: 9 }), (bytes) => {
        const order = shuffleCars(() => bytes.shift() ?? 0);
        expect(new Set(order).size).toBe(10);
      }),
    );
  });

  it('uniform: chi-square of the winner over 20,000 seeds and of (champion, runner-up) over 90,000', () => {
    // p = 0.0005 each side: a fair draw fails this once in 2,000 runs, and the seeds are fixed.
    const winners = new Array<number>(10).fill(0);
    const pairs = new Array<number>(100).fill(0);
    const bump = (counts: number[], k: number) => (counts[k] = (counts[k] as number) + 1);
    for (let i = 0; i < 90_000; i += 1) {
      const order = drawOrder(seedOf(i), `chi-${i}`);
      if (i < 20_000) bump(winners, (order[0] as number) - 1);
      bump(pairs, ((order[0] as number) - 1) * 10 + ((order[1] as number) - 1));
    }
    expect(chiSquare(winners, 2_000)).toBeLessThan(chiSquareCritical(9, 3.29));
    const offDiagonal = pairs.filter((_, k) => Math.floor(k / 10) !== k % 10);
    expect(pairs.filter((_, k) => Math.floor(k / 10) === k % 10).every((c) => c === 0)).toBe(true);
    expect(chiSquare(offDiagonal, 1_000)).toBeLessThan(chiSquareCritical(89, 3.29));
  });

  it('the chi-square check can fail: a draw that never lets car 10 win is caught', () => {
    const winners = new Array<number>(10).fill(0);
    for (let i = 0; i < 20_000; i += 1) {
      const order = drawOrder(seedOf(i), `chi-${i}`);
      const champion = order[0] === 10 ? (order[1] as number) : (order[0] as number);
      winners[champion - 1] = (winners[champion - 1] as number) + 1;
    }
    expect(chiSquare(winners, 2_000)).toBeGreaterThan(chiSquareCritical(9, 3.29));
  });

  describe('verifyRound', () => {
    const seed = seedOf(7);
    const order = drawOrder(seed, 'r7');
    it('given the revealed seed, its hash and the drawn order, then it verifies', () => {
      expect(verifyRound(seed, seedHash(seed), 'r7', order)).toMatchObject({
        ok: true,
        hashMatches: true,
        orderMatches: true,
      });
      expect(lotteryCombination(order)).toBe(order.join(','));
    });
    it('given a wrong hash, order or round id, then it does not verify and says which part failed', () => {
      expect(verifyRound(seed, seedHash(seedOf(8)), 'r7', order)).toMatchObject({
        ok: false,
        hashMatches: false,
        orderMatches: true,
      });
      const swapped = [order[1] as number, order[0] as number, ...order.slice(2)];
      expect(verifyRound(seed, seedHash(seed), 'r7', swapped)).toMatchObject({
        ok: false,
        hashMatches: true,
        orderMatches: false,
      });
      expect(verifyRound(seed, seedHash(seed), 'r8', order).orderMatches).toBe(false);
      expect(verifyRound('not-a-seed', seedHash(seed), 'r7', order).ok).toBe(false);
    });
  });
});
