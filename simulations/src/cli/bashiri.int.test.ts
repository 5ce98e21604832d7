/**
 * The analysts' CLI as analysts run it: a separate process, JSON on stdin (docs/cli.md).
 * `--loglevel=error` keeps npm's own warnings about the machine's npm config off stderr, as
 * `npm run --silent` does.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

const cli = (
  args: string[],
  stdin: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn('npx', ['--loglevel=error', 'tsx', 'simulations/src/cli/bashiri.ts', ...args], {
      cwd: root,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });

const played = (home: number, away: number) => ({
  status: 'played',
  halfTime: { home: 0, away: 0 },
  fullTime: { home, away },
});

describe('bashiri quote', () => {
  it.concurrent('given a slip and config on stdin, when run, then the quote as JSON and exit 0', async () => {
    const input = {
      slip: {
        stake: 1000,
        payType: 1,
        selections: [
          { selectionId: 's1', matchId: 'm1', odds: '1.50' },
          { selectionId: 's2', matchId: 'm2', odds: '1.50' },
          { selectionId: 's3', matchId: 'm3', odds: '1.50' },
        ],
      },
      config: {
        taxRatePercent: 10,
        minimumBetAmount: 100,
        stringRewards: [{ strings: 3, cashBackPercent: 5 }],
      },
    };
    const { code, stdout, stderr } = await cli(['quote'], JSON.stringify(input));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(stdout)).toMatchObject({
      totalOdds: '3.37',
      profit: 2375,
      rewardPercent: 5,
      reward: 118,
      tax: 249,
    });
  });
  it.concurrent(
    'given a stake below the minimum, when run, then exit 1 and one line naming the field',
    async () => {
      const input = {
        slip: { stake: 200, payType: 1, selections: [{ selectionId: 's', matchId: 'm', odds: '2' }] },
        config: {},
      };
      const { code, stdout, stderr } = await cli(['quote'], JSON.stringify(input));
      expect({ code, stdout, stderr }).toEqual({
        code: 1,
        stdout: '',
        stderr: 'error: stake: must be at least 300\n',
      });
    },
  );
});

describe('bashiri settle', () => {
  it.concurrent(
    'given the betting-rules multiple with a void leg, when run, then 7,500 returned and each leg explained',
    async () => {
      const input = {
        bet: {
          stake: 1000,
          payType: 1,
          legs: [
            { market: '1x2', pick: 'home', odds: '1.50', match: played(2, 0) },
            { market: 'over_under', line: '2.5', pick: 'over', odds: '2.00', match: played(2, 1) },
            { market: 'both_teams_to_score', pick: 'yes', odds: '1.80', match: { status: 'postponed' } },
            { market: 'double_chance', pick: 'X2', odds: '2.50', match: played(1, 1) },
          ],
        },
        config: { taxRatePercent: 10 },
      };
      const { code, stdout, stderr } = await cli(['settle'], JSON.stringify(input));
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      const out = JSON.parse(stdout);
      expect(out).toMatchObject({ state: 'settled', payout: 7500, profit: 6500, tax: 650, credited: 6850 });
      expect(out.legs.map((l: { outcome: number }) => l.outcome)).toEqual([4, 4, 2, 4]);
      expect(out.legs[2]).toMatchObject({
        voidFactor: 1,
        deadHeatFactor: '1',
        rule: expect.stringContaining('postponed'),
      });
    },
  );
  it.concurrent(
    'given odds below 1.01 on the second leg, when run, then exit 1 and `legs[1].odds` named',
    async () => {
      const input = {
        bet: {
          stake: 1000,
          payType: 1,
          legs: [
            { market: '1x2', pick: 'home', odds: '1.50', match: played(2, 0) },
            { market: '1x2', pick: 'away', odds: '1.00', match: played(2, 0) },
          ],
        },
      };
      const { code, stdout, stderr } = await cli(['settle'], JSON.stringify(input));
      expect({ code, stdout, stderr }).toEqual({
        code: 1,
        stdout: '',
        stderr: 'error: legs[1].odds: must be a decimal >= 1.01\n',
      });
    },
  );
  it.concurrent('given text that is not JSON, when run, then exit 1 and one line', async () => {
    const { code, stdout, stderr } = await cli(['settle'], '{"bet": ');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^error: input: not valid JSON .*\n$/);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });
  it.concurrent('given an unknown command, when run, then exit 2 with the usage', async () => {
    const { code, stderr } = await cli(['price'], '{}');
    expect(code).toBe(2);
    expect(stderr).toMatch(/^error: unknown command price; usage: /);
  });
});

describe('bashiri racing', () => {
  it.concurrent(
    'given a seed and a round id, when verified, then the hash and the order on stdout, exit 0',
    async () => {
      const { code, stdout, stderr } = await cli(['racing', 'verify', 'a'.repeat(64), '--round', 'r1'], '');
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(stdout).toContain('ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb');
      expect(stdout).toContain('4,5,8,1,3,2,7,6,10,9');
    },
  );
  it.concurrent(
    'given a wrong racing command line, when run, then exit 2 with the racing usage',
    async () => {
      const { code, stderr } = await cli(['racing', 'replay'], '');
      expect(code).toBe(2);
      expect(stderr).toMatch(/^error: wrong racing command line; usage: .*racing verify <seed>/);
    },
  );
});
