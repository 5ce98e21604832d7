/**
 * The worked examples of docs/pool-games.md are computed here by the domain code: every row
 * `| <example key> | <amount> |` of the doc's example tables must equal what the code computes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatTzs } from '../money/tzs.ts';
import { jackpotPicks } from './fixtures.ts';
import { lineHitCounts } from './hits.ts';
import { ticketShape } from './picks.ts';
import { displayedJackpot, issuePool, settlePool } from './pool.ts';
import type { PoolMatchResult } from './results.ts';
import { ticketPrize } from './ticket-prize.ts';
import { DEFAULT_JACKPOT_TERMS as JP, DEFAULT_LUCKY_SIX_TERMS as L6 } from './terms.ts';

const doc = readFileSync(new URL('../../../docs/pool-games.md', import.meta.url), 'utf8');

const results = (over: Record<string, PoolMatchResult>): Record<string, PoolMatchResult> => ({
  ...Object.fromEntries(
    Array.from({ length: 13 }, (_, i) => [`m${i + 1}`, { kind: 'outcome', outcome: '1' }]),
  ),
  ...over,
});

const examples = (): Record<string, number> => {
  const shape = ticketShape(jackpotPicks(13, [2, 7]), JP.betAmount);
  const pool = issuePool(12_345_678, 40_000_000, JP.increment);
  const lost = settlePool(JP, {
    carriedOver: 12_345_678,
    stakes: 40_000_000,
    winningLines: { 12: 3, 11: 41, 10: 388 },
  });
  const table = lost.tiers.map((t) => ({ hits: t.hits, prizePerLine: t.prizePerLine }));
  const counts = lineHitCounts(jackpotPicks(13, [2, 7]), results({ m2: { kind: 'outcome', outcome: '2' } }));
  const prize = ticketPrize(counts, table, JP.betAmount, 10, JP.maxAddBalance);
  const won = settlePool(JP, { carriedOver: 12_345_678, stakes: 40_000_000, winningLines: { 13: 2 } });
  const wonLine = ticketPrize(
    { lines: [...Array<number>(13).fill(0), 1], pending: 0 },
    [{ hits: 13, prizePerLine: won.tiers[0]?.prizePerLine ?? 0 }],
    JP.betAmount,
    10,
    JP.maxAddBalance,
  );
  const six = settlePool(L6, { carriedOver: 0, stakes: 5_000_000, winningLines: { 5: 7, 4: 120 } });
  const tier = (s: typeof lost, hits: number) => s.tiers.find((t) => t.hits === hits);
  return {
    'A lines': shape.lines,
    'A stake': shape.stake,
    'B pool': pool,
    'B displayed jackpot': displayedJackpot(JP, pool),
    'C fund 13': tier(lost, 13)?.fund ?? -1,
    'C fund 12': tier(lost, 12)?.fund ?? -1,
    'C fund 11': tier(lost, 11)?.fund ?? -1,
    'C fund 10': tier(lost, 10)?.fund ?? -1,
    'C prize per line 12': tier(lost, 12)?.prizePerLine ?? -1,
    'C prize per line 11': tier(lost, 11)?.prizePerLine ?? -1,
    'C prize per line 10': tier(lost, 10)?.prizePerLine ?? -1,
    'C prizes paid': lost.prizesPaid,
    'C rolled over': lost.rolledOver,
    'C breakage': lost.breakage,
    'C carry over': lost.carryOver,
    'D lines with 12': counts.lines[12] ?? -1,
    'D lines with 11': counts.lines[11] ?? -1,
    'D gross': prize.gross,
    'D tax': prize.tax,
    'D net': prize.net,
    'E prize per line 13': won.tiers[0]?.prizePerLine ?? -1,
    'E seed paid': won.seedPaid,
    'E tax': wonLine.tax,
    'E net': wonLine.net,
    'E needs approval': wonLine.needsApproval ? 1 : 0,
    'F pool': six.pool,
    'F prize per line 5': tier(six, 5)?.prizePerLine ?? -1,
    'F prize per line 4': tier(six, 4)?.prizePerLine ?? -1,
    'F carry over': six.carryOver,
  };
};

describe('docs/pool-games.md worked examples', () => {
  it.each(Object.entries(examples()))('%s = %s', (key, value) => {
    expect(doc).toContain(`| ${key} | ${formatTzs(value)} |`);
  });
});
