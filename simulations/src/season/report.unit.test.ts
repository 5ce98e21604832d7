import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Settlement } from '@bashiri/domain';
import { describe, expect, it } from 'vitest';
import type { BetRecord, CalibrationRow } from './engine.ts';
import { calibrate, totalsOf } from './report.ts';
import { writeAtomically } from './simulate.ts';

const bet = (stake: number, payout: number, reward: number, tax: number): BetRecord => ({
  betId: `b${stake}`,
  userId: 'u',
  behaviour: 'casual',
  league: 'E0',
  month: '2023-08',
  marketType: '1x2',
  legs: 1,
  stake,
  totalOdds: '2.00',
  description: '',
  settlement: { payout, reward, tax, credited: payout + reward - tax } as Settlement,
});

describe('report totals', () => {
  it('GGR = handle − (payout + reward); hold and RTP are its ratios', () => {
    const t = totalsOf([bet(1000, 0, 0, 0), bet(2000, 3900, 100, 200), bet(500, 500, 0, 0)]);
    expect(t).toMatchObject({
      bets: 3,
      handle: 3500,
      grossPayout: 4500,
      ggr: -1000,
      withholdingTax: 200,
      accaBonus: 100,
      credited: 4300,
    });
    expect(t.rtp).toBeCloseTo(4500 / 3500, 12);
    expect(t.hold + t.rtp).toBeCloseTo(1, 12);
  });
  it('no bets: zero ratios, not NaN', () => {
    expect(totalsOf([])).toMatchObject({ handle: 0, hold: 0, rtp: 0 });
  });
});

describe('calibration', () => {
  const row = (
    ours: [number, number, number],
    market: [number, number, number] | null,
    outcome: 0 | 1 | 2,
  ): CalibrationRow => ({
    matchId: 'm',
    league: 'E0',
    ours,
    market,
    outcome,
  });
  it('Brier and log loss of ours and the market on the same matches', () => {
    const c = calibrate([row([0.5, 0.3, 0.2], [0.6, 0.25, 0.15], 0), row([0.2, 0.3, 0.5], null, 2)]);
    expect(c.compared).toBe(1);
    expect(c.brier.ours).toBeCloseTo(0.25 + 0.09 + 0.04, 12);
    expect(c.brier.market).toBeCloseTo(0.16 + 0.0625 + 0.0225, 12);
    expect(c.logLoss.ours).toBeCloseTo(-Math.log(0.5), 12);
    expect(c.reliability).toHaveLength(10);
    expect(c.reliability[5]!.ours).toEqual({ n: 1, predicted: 0.5, observed: 1 });
  });
});

describe('atomic writes', () => {
  it('leave the whole file and no temporary file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'atomic-'));
    writeAtomically(join(dir, 'r', 'report.json'), '{"a":1}');
    expect(readFileSync(join(dir, 'r', 'report.json'), 'utf8')).toBe('{"a":1}');
    expect(readdirSync(join(dir, 'r'))).toEqual(['report.json']);
  });
  it('a failed write leaves nothing behind', () => {
    const dir = mkdtempSync(join(tmpdir(), 'atomic-'));
    const target = join(dir, 'report.json');
    writeAtomically(join(target, 'x'), 'first'); // report.json is now a folder: renaming onto it fails
    expect(() => writeAtomically(target, 'second')).toThrow();
    expect(readdirSync(dir)).toEqual(['report.json']);
    expect(existsSync(join(target, 'x'))).toBe(true);
  });
});
