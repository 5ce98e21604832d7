import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { crashPoint, diceRoll, seedHash } from '@bashiri/api/casino-games';
import { runCasino, runCasinoRtp, runCasinoVerify, type CasinoRtpRow } from './casino.ts';

const SEED = 'a'.repeat(64);
const seeds = (i: number) => createHash('sha256').update(`casino-cli-${i}`).digest();
const textOf = (r: ReturnType<typeof runCasinoVerify>) => (r !== 'usage' && r.ok ? r.text : r);
const errorOf = (r: ReturnType<typeof runCasinoVerify>) => (r !== 'usage' && !r.ok ? r.error : r);

describe('casino rtp', () => {
  it('prints the exact and simulated RTP of crash targets and dice bets', () => {
    const text = textOf(runCasinoRtp(['--rounds', '3000'], seeds)) as string;
    expect(text.split('\n')[0]).toMatch(/^game\s+bet\s+exact RTP\s+simulated\s+± SE\s+diff\s+within 4 SE/);
    expect(text).toMatch(/crash\s+cash out at 1\.01x\s+99\.0000%/);
    expect(text).toMatch(/crash\s+cash out at 10\.00x\s+99\.0000%/);
    expect(text).toMatch(/crash\s+by hand at 166 ms \(1\.01x\)\s+99\.0000%/);
    expect(text).toMatch(/dice\s+under 50\.00 \(50\.00% chance\)\s+99\.0000%/);
    expect(text).toMatch(/dice\s+under 1\.00 \(1\.00% chance\)\s+99\.0000%/);
    expect(text).toContain('3,000 rounds per game through the real draw and settlement code');
  });
  it('--json gives the rows as numbers', () => {
    const text = textOf(runCasinoRtp(['--rounds', '500', '--json'], seeds)) as string;
    const { rounds, rows } = JSON.parse(text) as { rounds: number; rows: CasinoRtpRow[] };
    expect(rounds).toBe(500);
    expect(rows.map((r) => `${r.game} ${r.exactPercent}`)).toEqual([
      'crash 99.0000',
      'crash 99.0000',
      'crash 99.0000',
      'crash 99.0000',
      'crash 99.0000',
      'crash 99.0000',
      'crash 99.0000',
      'crash 99.0000',
      'dice 99.0000',
      'dice 99.0000',
      'dice 98.9996',
      'dice 99.0000',
    ]);
    for (const r of rows)
      expect(r.differencePoints).toBeCloseTo(r.simulatedPercent - Number(r.exactPercent), 9);
  });
  it('refuses a bad round count and unknown options', () => {
    expect(errorOf(runCasinoRtp(['--rounds', '1'], seeds))).toBe(
      'error: --rounds: a whole number from 2 to 100000000',
    );
    expect(runCasinoRtp(['--fast'], seeds)).toBe('usage');
    expect(runCasino(['spin'], seeds)).toBe('usage');
  });
});

describe('casino verify', () => {
  it('prints the seed hash and the crash point or roll', () => {
    const inputs = { serverSeed: SEED, clientSeed: 'me', nonce: 4 };
    expect(textOf(runCasinoVerify(['crash', SEED, '--client', 'me', '--nonce', '4']))).toBe(
      `seed hash ${seedHash(SEED)}\ncrash point ${(crashPoint(inputs) / 100).toFixed(2)}x\n`,
    );
    expect(textOf(runCasinoVerify(['dice', SEED, '--client', 'me', '--nonce', '4']))).toBe(
      `seed hash ${seedHash(SEED)}\nroll ${(diceRoll(inputs) / 100).toFixed(2)}\n`,
    );
  });
  it('refuses bad inputs', () => {
    expect(errorOf(runCasinoVerify(['crash', 'xyz', '--client', 'me', '--nonce', '4']))).toBe(
      'error: the seed is 64 lowercase hex characters',
    );
    expect(errorOf(runCasinoVerify(['crash', SEED]))).toBe('error: --client and --nonce are required');
    expect(errorOf(runCasinoVerify(['dice', SEED, '--client', 'a:b', '--nonce', '1']))).toBe(
      'error: client seed: 1 to 64 characters, no colon',
    );
    expect(runCasinoVerify(['mines', SEED])).toBe('usage');
  });
});
