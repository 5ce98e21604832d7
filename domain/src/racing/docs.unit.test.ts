import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rtpPercent, rtpTable } from './rtp.ts';
import { DEFAULT_RACING_CONFIG } from './rules.ts';

const doc = readFileSync(new URL('../../../docs/racing.md', import.meta.url), 'utf8');
const tableRows = (): string[][] => {
  const start = doc.indexOf('<!-- rtp-table:start -->');
  const end = doc.indexOf('<!-- rtp-table:end -->');
  return doc
    .slice(start, end)
    .split('\n')
    .filter((line) => /^\| \d/.test(line))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
};

describe('docs/racing.md RTP table', () => {
  it('shows the odds, winning chances and exact RTP the code computes for the default config', () => {
    const rows = rtpTable(DEFAULT_RACING_CONFIG);
    const expected = [
      ...rows.map((r) => [
        r.odds ?? 'table',
        `${r.winningChance.num.toFixed()}/${r.winningChance.den.toFixed()}`,
        `${rtpPercent(r.rtp, 4)}%`,
      ]),
      ['pool', '1/3628800', `${rtpPercent(rows[5]!.poolRtp, 4)}%`],
    ];
    expect(tableRows().map((cells) => cells.slice(1))).toEqual(expected);
  });
});
