import { describe, expect, it } from 'vitest';
import { lineHitCounts, ticketMatchHits } from './hits.ts';
import { jackpotPicks } from './fixtures.ts';
import { accumulatedJackpot, displayedJackpot, issuePool, prizePerLineAt, settlePool } from './pool.ts';
import { poolResultOf, type PoolMatchResult } from './results.ts';
import { lineTax, ticketPrize, ticketProgress } from './ticket-prize.ts';
import {
  DEFAULT_JACKPOT_TERMS as JP,
  DEFAULT_LUCKY_SIX_TERMS as L6,
  termsError,
  type PoolTerms,
} from './terms.ts';

const ones = (n: number, from = 1): Record<string, PoolMatchResult> =>
  Object.fromEntries(
    Array.from({ length: n }, (_, i) => [
      `m${i + from}`,
      { kind: 'outcome', outcome: '1' } as PoolMatchResult,
    ]),
  );

describe('pool: the money in (spec §9 increment, init_jackpot)', () => {
  it('pool = carried over + ⌊0.15 × stakes⌋; displayed jackpot = 200,000,000 + the top tier fund', () => {
    expect(issuePool(12_345_678, 40_000_000, JP.increment)).toBe(18_345_678);
    expect(issuePool(0, 1_999, JP.increment)).toBe(299); // 299.85 rounded down
    expect(accumulatedJackpot(JP, 18_345_678)).toBe(7_338_271);
    expect(displayedJackpot(JP, 18_345_678)).toBe(207_338_271);
    expect(displayedJackpot(JP, 0)).toBe(200_000_000);
  });
});

describe('pool: tiers (issue 18 "Pool")', () => {
  it('unwon top tier rolls over; lower tiers share their funds, rounded down; breakage rolls over', () => {
    const s = settlePool(JP, {
      carriedOver: 12_345_678,
      stakes: 40_000_000,
      winningLines: { 12: 3, 11: 41, 10: 388 },
    });
    expect(s.pool).toBe(18_345_678);
    expect(s.tiers.map((t) => [t.hits, t.fund, t.prizePerLine, t.paid, t.rolledOver, t.breakage])).toEqual([
      [13, 7_338_271, 0, 0, 7_338_271, 0],
      [12, 4_586_419, 1_528_806, 4_586_418, 0, 1],
      [11, 3_669_135, 89_491, 3_669_131, 0, 4],
      [10, 2_751_851, 7_092, 2_751_696, 0, 155],
    ]);
    expect(s.seedPaid).toBe(0);
    expect(s.rolledOver).toBe(7_338_271 + 2); // the 2 TZS no percentage took
    expect(s.breakage).toBe(160);
    expect(s.carryOver).toBe(7_338_433);
    expect(s.prizesPaid + s.rolledOver + s.breakage).toBe(s.pool);
  });

  it('a won jackpot shares the seed and the top fund', () => {
    const s = settlePool(JP, { carriedOver: 12_345_678, stakes: 40_000_000, winningLines: { 13: 2 } });
    expect(s.tiers[0]).toMatchObject({ seed: 200_000_000, prizePerLine: 103_669_135, breakage: 1 });
    expect(prizePerLineAt(s, 13)).toBe(103_669_135);
    expect(s.seedPaid).toBe(200_000_000);
    expect(s.prizesPaid + s.rolledOver + s.breakage).toBe(s.pool + s.seedPaid);
  });

  it('fixed tiers pay their amount from what the percentage tiers leave, pro rata when short', () => {
    const terms: PoolTerms = {
      ...JP,
      tiers: [
        { hits: 13, rewardType: 'poolPercent', proportion: '50' },
        { hits: 12, rewardType: 'poolPercent', proportion: '30' },
        { hits: 11, rewardType: 'fixed', proportion: '5000' },
        { hits: 10, rewardType: 'fixed', proportion: '1000' },
      ],
    };
    expect(termsError(terms)).toBeUndefined();
    const enough = settlePool(terms, {
      carriedOver: 0,
      stakes: 10_000_000,
      winningLines: { 11: 10, 10: 100 },
    });
    expect(enough.pool).toBe(1_500_000);
    expect(enough.tiers.map((t) => t.prizePerLine)).toEqual([0, 0, 5_000, 1_000]);
    expect(enough.rolledOver).toBe(750_000 + 450_000 + 300_000 - 150_000);
    const short = settlePool(terms, {
      carriedOver: 0,
      stakes: 10_000_000,
      winningLines: { 11: 40, 10: 200 },
    });
    // 300,000 left for claims of 400,000: each fixed prize × 3/4.
    expect(short.tiers.map((t) => t.prizePerLine)).toEqual([0, 0, 3_750, 750]);
    expect(short.prizesPaid + short.rolledOver + short.breakage).toBe(short.pool);
  });

  it('Lucky Six: 50% of stakes to the pool, tiers 6/5/4 share 50/30/20%', () => {
    const s = settlePool(L6, { carriedOver: 0, stakes: 5_000_000, winningLines: { 5: 7, 4: 120 } });
    expect(s.pool).toBe(2_500_000);
    expect(s.tiers.map((t) => [t.hits, t.prizePerLine, t.rolledOver, t.breakage])).toEqual([
      [6, 0, 1_250_000, 0],
      [5, 107_142, 0, 6],
      [4, 4_166, 0, 80],
    ]);
    expect(s.carryOver).toBe(1_250_086);
  });

  it('refuses a prize table that is not one (percentages over 100, top tier not guess_number, bad order)', () => {
    const over = { ...JP, tiers: [{ hits: 13, rewardType: 'poolPercent' as const, proportion: '101' }] };
    expect(termsError(over)?.code).toBe('JACKPOT_INVALID_TERMS');
    expect(termsError({ ...JP, tiers: JP.tiers.slice(1) })?.field).toBe('tiers');
    expect(termsError({ ...JP, tiers: [...JP.tiers].reverse() })?.code).toBe('JACKPOT_INVALID_TERMS');
    expect(termsError({ ...JP, increment: '1.5' })?.field).toBe('increment');
    expect(termsError(JP)).toBeUndefined();
    expect(termsError(L6)).toBeUndefined();
  });
});

describe('ticket prize: hits per line, tax per line, approval', () => {
  it('two doubles, one holding the result and one not: 2 lines of 11 hits, 2 of 10', () => {
    // Doubles 1X on m1 and m2; m1 ends X (one line of the double hits), m2 ends 2 (both miss).
    const results = {
      ...ones(13),
      m1: { kind: 'outcome', outcome: 'X' },
      m2: { kind: 'outcome', outcome: '2' },
    } as const;
    const counts = lineHitCounts(jackpotPicks(13, [1, 2]), results);
    expect(counts.lines.slice(10)).toEqual([0, 2, 2, 0]);
    expect(counts.lines.reduce((a, b) => a + b, 0)).toBe(4);
  });

  it('tax is 10% of each line prize less its 1,000 stake, rounded down; above 5,000,000 waits for approval', () => {
    expect(lineTax(1_528_806, 1_000, 10)).toBe(152_780);
    const counts = { lines: [...Array<number>(12).fill(0), 1, 0], pending: 0 };
    const prize = ticketPrize(counts, [{ hits: 12, prizePerLine: 1_528_806 }], 1_000, 10, 5_000_000);
    expect(prize).toMatchObject({ gross: 1_528_806, tax: 152_780, net: 1_376_026, needsApproval: false });
    const big = ticketPrize(
      { lines: [...Array<number>(13).fill(0), 1], pending: 0 },
      [{ hits: 13, prizePerLine: 103_669_135 }],
      1_000,
      10,
      5_000_000,
    );
    expect(big).toMatchObject({ gross: 103_669_135, tax: 10_366_813, net: 93_302_322, needsApproval: true });
    expect(lineTax(500, 1_000, 10)).toBe(0);
  });

  it('projects the prize per tier as results come in (live tracker)', () => {
    const picks = jackpotPicks(13, [1]);
    const progress = ticketProgress(JP, picks, ones(10), 18_345_678);
    // 10 matches decided, all 1: the double 1X on m1 puts its "1" line at 10 hits, its "X" line at 9.
    expect(progress.counts).toEqual({ lines: [...Array<number>(9).fill(0), 1, 1, 0, 0, 0], pending: 3 });
    expect(progress.bestHits).toBe(10);
    expect(progress.tiers).toEqual([
      { hits: 13, linesNow: 0, linesPossible: 1, prizePerLineCeiling: 207_338_271 },
      { hits: 12, linesNow: 0, linesPossible: 2, prizePerLineCeiling: 4_586_419 },
      { hits: 11, linesNow: 0, linesPossible: 2, prizePerLineCeiling: 3_669_135 },
      { hits: 10, linesNow: 1, linesPossible: 2, prizePerLineCeiling: 2_751_851 },
    ]);
  });
});

describe('results: void (issue 18 "Void matches")', () => {
  const kickOff = Date.parse('2026-06-06T15:00:00+03:00');
  const hour = 3_600_000;
  it('played → 90-minute outcome; cancelled or abandoned → void; not played 24 h after kick-off → void', () => {
    const played = {
      status: 'played',
      halfTime: { home: 0, away: 0 },
      fullTime: { home: 1, away: 1 },
    } as const;
    expect(poolResultOf('jackpot', played, kickOff, kickOff + 2 * hour)).toEqual({
      kind: 'outcome',
      outcome: 'X',
    });
    expect(poolResultOf('luckysix', played, kickOff, kickOff)).toEqual({ kind: 'outcome', outcome: '1-1' });
    expect(poolResultOf('jackpot', { status: 'cancelled' }, kickOff, kickOff)?.kind).toBe('void');
    expect(
      poolResultOf(
        'jackpot',
        { status: 'abandoned', minute: 30, score: { home: 0, away: 0 } },
        kickOff,
        kickOff,
      ),
    ).toEqual({
      kind: 'void',
      reason: 'abandoned',
    });
    expect(poolResultOf('jackpot', { status: 'postponed' }, kickOff, kickOff + 23 * hour)).toBeUndefined();
    expect(poolResultOf('jackpot', { status: 'not_started' }, kickOff, kickOff + 24 * hour)).toEqual({
      kind: 'void',
      reason: 'not_played_in_time',
    });
  });

  it('a void match counts correct for every line, double or single', () => {
    const results = { ...ones(13), m1: { kind: 'void', reason: 'cancelled' } as const };
    const counts = lineHitCounts(jackpotPicks(13, [1]), results);
    expect(counts.lines[13]).toBe(2);
  });
});

describe('hits per match (my tickets)', () => {
  it('hit, miss, void and pending, match by match', () => {
    const picks = jackpotPicks(4, [2]);
    const rows = ticketMatchHits(picks, {
      m1: { kind: 'outcome', outcome: '1' },
      m2: { kind: 'outcome', outcome: 'X' },
      m3: { kind: 'void', reason: 'abandoned' },
    });
    expect(rows.map((r) => r.hit)).toEqual(['hit', 'hit', 'void', 'pending']);
    expect(rows[3]?.result).toBeNull();
    expect(ticketMatchHits(picks, { m1: { kind: 'outcome', outcome: '2' } })[0]?.hit).toBe('miss');
  });
});
