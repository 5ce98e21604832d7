import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CRASH_MAX,
  CRASH_MIN_TARGET,
  crashEndMs,
  crashExactRtp,
  crashExactRtpForStake,
  crashPoint,
  crashPointOfBits,
  manualCashOut,
  msToReach,
  multiplierAt,
  settleCrash,
  verifyCrash,
} from './crash.ts';
import { FairInputError, seedHash } from './fair.ts';

const TWO_52 = 2n ** 52n;
const SEED = '3f'.repeat(32);
const inputs = { serverSeed: SEED, clientSeed: 'player-1', nonce: 7 };

/** Independent re-implementation with node's crypto, from docs/casino.md "Crash". */
const crashByHand = (seed: string, client: string, nonce: number): number => {
  const block = createHmac('sha256', seed).update(`${client}:${nonce}:0`).digest();
  const h = block.readBigUInt64BE(0) >> 12n;
  const raw = (99n * TWO_52) / (TWO_52 - h);
  return Number(raw < 100n ? 100n : raw > 1_000_000n ? 1_000_000n : raw);
};

describe('crash point', () => {
  it('matches an independent computation with node crypto', () => {
    for (let nonce = 0; nonce < 50; nonce += 1)
      expect(crashPoint({ ...inputs, nonce })).toBe(crashByHand(SEED, 'player-1', nonce));
  });
  it('is 1.00x at h = 0, the maximum at h = 2^52 − 1', () => {
    expect(crashPointOfBits(0n)).toBe(100);
    expect(crashPointOfBits(TWO_52 - 1n)).toBe(CRASH_MAX);
  });
  it('reaches M for exactly floor(99·2^52/M) of the 2^52 values of h (the boundary, for several M)', () => {
    for (const m of [101, 150, 200, 777, 10_000, CRASH_MAX]) {
      const count = (99n * TWO_52) / BigInt(m);
      expect(crashPointOfBits(TWO_52 - count)).toBeGreaterThanOrEqual(m);
      expect(crashPointOfBits(TWO_52 - count - 1n)).toBeLessThan(m);
    }
  });
  it('never decreases as h grows (so the counting above covers every h)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: TWO_52 - 2n }),
        (h) => crashPointOfBits(h) <= crashPointOfBits(h + 1n),
      ),
    );
  });
  it('refuses malformed inputs', () => {
    expect(() => crashPoint({ ...inputs, serverSeed: 'xyz' })).toThrow(FairInputError);
    expect(() => crashPoint({ ...inputs, clientSeed: 'a:b' })).toThrow(FairInputError);
    expect(() => crashPoint({ ...inputs, nonce: -1 })).toThrow(FairInputError);
  });
});

describe('crash RTP (exact)', () => {
  it('is 99 % less at most target/(100·2^52) for every target', () => {
    for (const m of [101, 150, 200, 1_000, CRASH_MAX]) {
      const { num, den } = crashExactRtp(m);
      const deficit = 99n * den - 100n * num; // 100·(0.99 − rtp)·den
      expect(deficit >= 0n).toBe(true);
      expect(deficit * 100n * TWO_52 <= BigInt(m) * 100n * den).toBe(true);
    }
  });
});

describe('crash settlement and curve', () => {
  it('pays floor(stake · cash-out) when cashed out at or below the crash, else nothing', () => {
    expect(settleCrash(1_000, 250, 250)).toBe(2_500);
    expect(settleCrash(1_000, 250, 249)).toBe(0);
    expect(settleCrash(1_001, 150, 300)).toBe(1_501);
    expect(settleCrash(1_000, null, CRASH_MAX)).toBe(0);
    expect(settleCrash(1_000, 100, 500)).toBe(0);
    expect(settleCrash(1_000, 101, 100)).toBe(0);
  });
  it('rises from 1.00x; msToReach(M) is the first millisecond showing M', () => {
    expect(multiplierAt(0)).toBe(100);
    for (const m of [101, 200, 1_000, 50_000]) {
      expect(multiplierAt(msToReach(m))).toBeGreaterThanOrEqual(m);
      expect(multiplierAt(msToReach(m) - 1)).toBeLessThan(m);
    }
  });
});

describe('manual cash-out', () => {
  it('gets the multiplier shown at that moment, the crash point included, never after the crash', () => {
    const crash = 250;
    expect(manualCashOut(msToReach(200), crash)).toEqual({
      kind: 'cashedOut',
      at: multiplierAt(msToReach(200)),
    });
    expect(manualCashOut(msToReach(250), crash)).toEqual({ kind: 'cashedOut', at: 250 });
    expect(manualCashOut(crashEndMs(250) - 1, crash)).toEqual({ kind: 'cashedOut', at: 250 });
    expect(manualCashOut(crashEndMs(250), crash)).toEqual({ kind: 'crashed' });
    expect(manualCashOut(0, 100)).toEqual({ kind: 'crashed' });
  });
  it('is refused (the round runs on) while the multiplier still shows 1.00x, never settled as a loss', () => {
    expect(manualCashOut(0, 250)).toEqual({ kind: 'tooEarly' });
    expect(manualCashOut(msToReach(101) - 1, 101)).toEqual({ kind: 'tooEarly' });
    expect(manualCashOut(msToReach(101), 101)).toEqual({ kind: 'cashedOut', at: 101 });
  });
  it('property: a cash-out is paid iff the multiplier shown is at most the crash point, from 1.01x, never less than the stake', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 20_000 }),
        fc.integer({ min: 0, max: 120_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (crash, ms, stake) => {
          const shown = multiplierAt(ms);
          const out = manualCashOut(ms, crash);
          if (shown < CRASH_MIN_TARGET) return out.kind === (crash === 100 ? 'crashed' : 'tooEarly');
          if (shown > crash) return out.kind === 'crashed';
          if (out.kind !== 'cashedOut' || out.at !== shown) return false;
          const win = settleCrash(stake, out.at, crash);
          return win === Math.floor((stake * out.at) / 100) && win >= stake;
        },
      ),
    );
  });
  it('property: the round ends the first millisecond the multiplier passes the crash point', () => {
    fc.assert(
      fc.property(fc.integer({ min: 101, max: CRASH_MAX - 1 }), (crash) => {
        const end = crashEndMs(crash);
        return multiplierAt(end - 1) <= crash && multiplierAt(end) > crash;
      }),
    );
    expect(multiplierAt(crashEndMs(CRASH_MAX) + 60_000)).toBe(CRASH_MAX);
  });
  it('exact RTP of a manual cash-out at the moment showing M equals the automatic one (99 %), by counting', () => {
    // A manual cash-out showing M is paid iff crash ≥ M: count the h giving crash ≥ M at the boundary.
    for (const m of [101, 102, 150, 199, 1_000]) {
      const count = (99n * TWO_52) / BigInt(m);
      const h = TWO_52 - count; // smallest h reaching M
      const paid = manualCashOut(msToReach(m), crashPointOfBits(h));
      const missed = manualCashOut(msToReach(m), crashPointOfBits(h - 1n));
      expect(paid).toEqual({ kind: 'cashedOut', at: m });
      expect(missed).toEqual({ kind: 'crashed' });
    }
  });
  it('exact RTP with the whole-TZS rounding: 99 % for stakes in hundreds, lower for odd small stakes', () => {
    const rtp = (f: { num: bigint; den: bigint }) => Number(f.num) / Number(f.den);
    const a = crashExactRtpForStake(10_000, 150);
    const b = crashExactRtp(150);
    expect(a.num * b.den).toBe(b.num * a.den);
    expect(rtp(crashExactRtpForStake(1, 150))).toBeCloseTo(0.66, 6);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 101, max: CRASH_MAX }),
        (stake, m) => {
          const withRounding = crashExactRtpForStake(stake, m);
          const exact = crashExactRtp(m);
          return withRounding.num * exact.den <= exact.num * withRounding.den;
        },
      ),
    );
  });
});

describe('crash verification', () => {
  it('accepts the round as drawn; refuses another seed, hash or crash point', () => {
    const crash = crashPoint(inputs);
    expect(verifyCrash(inputs, seedHash(SEED), crash).ok).toBe(true);
    expect(verifyCrash(inputs, seedHash(SEED), crash + 1)).toMatchObject({
      ok: false,
      hashMatches: true,
      crashMatches: false,
    });
    expect(verifyCrash({ ...inputs, serverSeed: 'a'.repeat(64) }, seedHash(SEED), crash).hashMatches).toBe(
      false,
    );
    expect(verifyCrash({ ...inputs, serverSeed: 'nope' }, seedHash(SEED), crash).ok).toBe(false);
  });
});
