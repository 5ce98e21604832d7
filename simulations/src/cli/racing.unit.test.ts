import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runRacing, runRacingRtp, runRacingVerify, type RtpReportRow } from './racing.ts';

const SEED = 'a'.repeat(64);
const HASH = 'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb';
const ORDER = '4,5,8,1,3,2,7,6,10,9';
const seeds = (i: number) => createHash('sha256').update(`cli-${i}`).digest();
const textOf = (r: ReturnType<typeof runRacingVerify>) => (r !== 'usage' && r.ok ? r.text : r);
const errorOf = (r: ReturnType<typeof runRacingVerify>) => (r !== 'usage' && !r.ok ? r.error : r);

describe('racing verify', () => {
  it('given a seed and a round id, then prints the seed hash and the finishing order', () => {
    const text = textOf(runRacingVerify([SEED, '--round', 'r1']));
    expect(text).toContain(`seed hash    ${HASH}`);
    expect(text).toContain(`order        ${ORDER}   (champion first)`);
  });
  it('given the published hash and order, then says whether they check out', () => {
    expect(textOf(runRacingVerify([SEED, '--round', 'r1', '--hash', HASH, '--order', ORDER]))).toContain(
      'verified     yes',
    );
    const wrong = textOf(
      runRacingVerify([SEED, '--round', 'r1', '--hash', HASH, '--order', '5,4,8,1,3,2,7,6,10,9']),
    );
    expect(wrong).toContain('order        DOES NOT MATCH');
    expect(wrong).toContain('verified     no');
  });
  it('given a round id alone, then explains where its seed is revealed and the command to run', () => {
    expect(errorOf(runRacingVerify(['20261125-0042']))).toMatch(
      /^error: round 20261125-0042: its seed is revealed only after the draw .*Results page.*racing verify <seed> --round 20261125-0042$/,
    );
  });
  it('given a seed without a round id, then asks for it; a wrong command line is a usage error', () => {
    expect(errorOf(runRacingVerify([SEED]))).toBe(
      'error: --round <roundId> is required: the order depends on the round id',
    );
    expect(runRacingVerify([])).toBe('usage');
    expect(runRacingVerify([SEED, '--round'])).toBe('usage');
    expect(runRacing(['draw'], seeds)).toBe('usage');
  });
});

describe('racing rtp', () => {
  it('prints the exact and simulated RTP of every bet type', () => {
    const text = textOf(runRacingRtp(['--rounds', '2000'], seeds)) as string;
    expect(text.split('\n')[0]).toMatch(/^bet type\s+odds\s+exact RTP\s+simulated/);
    expect(text).toMatch(/1 champion\s+9\.69\s+96\.9000%/);
    expect(text).toMatch(/3 top three\s+56\s+7\.7777%/);
    expect(text).toMatch(/6 Luck Racing \(ten of ten\)\s+table\s+89\.7772%/);
    expect(text).toContain('2,000 rounds through the real draw and payout code');
  });
  it('--json gives the rows as numbers', () => {
    const text = textOf(runRacingRtp(['--rounds', '500', '--json'], seeds)) as string;
    const { rounds, rows } = JSON.parse(text) as { rounds: number; rows: RtpReportRow[] };
    expect(rounds).toBe(500);
    expect(rows.map((r) => r.exactPercent)).toEqual([
      '96.9000',
      '31.1111',
      '7.7777',
      '98.5000',
      '98.5000',
      '89.7772',
    ]);
    for (const r of rows)
      expect(r.differencePoints).toBeCloseTo(r.simulatedPercent - Number(r.exactPercent), 9);
  });
  it('refuses a bad round count and unknown options', () => {
    expect(errorOf(runRacingRtp(['--rounds', '1'], seeds))).toBe(
      'error: --rounds: a whole number from 2 to 100000000',
    );
    expect(errorOf(runRacingRtp(['--rounds', 'many'], seeds))).toBe(
      'error: --rounds: a whole number from 2 to 100000000',
    );
    expect(runRacingRtp(['--fast'], seeds)).toBe('usage');
  });
});
