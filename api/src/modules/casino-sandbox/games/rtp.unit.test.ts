/**
 * Monte Carlo RTP through the real draw and settlement code (issue 22 §4). Seeds from crypto.randomBytes.
 * Tolerance: 4 standard errors of the sample (a false alarm about once in 16,000 runs per row).
 *
 * What it can catch: at cash-out 1.01x the SE over 40,000 rounds is about 0.1 points, so the tolerance
 * (≈ 0.4 points) fails a house edge off by half a point or more (e.g. 0 % or 2 % instead of 1 %); dice
 * at 98 % chance likewise (SE ≈ 0.07 points). The high-variance rows (10x) only catch gross
 * errors; the exact figures themselves are proven by the counting tests in crash/dice.unit.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { simulateCrashManualRtp, simulateCrashRtp, simulateDiceRtp, type GameRtpRow } from './simulate.ts';

const exactOf = (row: GameRtpRow): number => Number(row.exact.num) / Number(row.exact.den);
const seeds = () => randomBytes(32);
const ROUNDS = 40_000;
/** Simulation on a shared 2-core machine: allow time, never assert on it. */
const SLOW = { timeout: 60_000 };

describe('RTP by simulation through the real code', () => {
  it('crash: every cash-out target returns its exact RTP (99 %) within 4 standard errors', SLOW, () => {
    const rows = simulateCrashRtp(ROUNDS, seeds, [101, 150, 200, 1_000]);
    for (const row of rows) {
      expect(Math.abs(exactOf(row) - 0.99)).toBeLessThan(1e-9);
      expect(Math.abs(row.rtp - exactOf(row))).toBeLessThanOrEqual(4 * row.standardError);
    }
    // A 0 % house edge (RTP 100 %) at 1.01x would lie far outside the tolerance.
    const first = rows[0];
    if (!first) throw new Error('no row');
    expect(first.standardError).toBeLessThan(0.0013);
    expect(Math.abs(1 - first.rtp)).toBeGreaterThan(4 * first.standardError);
  });
  it(
    'crash by hand: a cash-out at any moment returns 99 % (the crash point shown is payable) within 4 SE',
    SLOW,
    () => {
      const rows = simulateCrashManualRtp(ROUNDS, seeds);
      for (const row of rows) {
        expect(Math.abs(exactOf(row) - 0.99)).toBeLessThan(1e-9);
        expect(Math.abs(row.rtp - exactOf(row))).toBeLessThanOrEqual(4 * row.standardError);
      }
      // Were the round to end as the crash point is shown (not paying it), 1.01x would return
      // 0.99 · 101/102 ≈ 98.03 %: far outside the tolerance.
      const first = rows[0];
      if (!first) throw new Error('no row');
      expect(first.label).toContain('1.01x');
      expect(Math.abs(0.99 * (101 / 102) - first.rtp)).toBeGreaterThan(4 * first.standardError);
    },
  );
  it('dice: every bet returns its exact RTP (99 % up to rounding) within 4 standard errors', SLOW, () => {
    const rows = simulateDiceRtp(ROUNDS, seeds, [
      { direction: 'under', target: 9_800 },
      { direction: 'under', target: 5_000 },
      { direction: 'over', target: 8_999 },
    ]);
    for (const row of rows) {
      expect(exactOf(row)).toBeGreaterThan(0.9899);
      expect(exactOf(row)).toBeLessThanOrEqual(0.99);
      expect(Math.abs(row.rtp - exactOf(row))).toBeLessThanOrEqual(4 * row.standardError);
    }
    expect(rows[0]?.standardError).toBeLessThan(0.0009);
  });
});
