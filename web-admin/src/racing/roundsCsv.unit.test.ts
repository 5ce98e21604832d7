/**
 * The racing rounds CSV (issue 19 item 4; decision 0062): voided rounds are exported with their status,
 * when and why they were voided, through the shared CSV rule (a formula in a void reason is
 * neutralised); other rounds leave those cells empty.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { RACING_ROUNDS_CSV_HEADER, racingRoundsCsv, type RacingRoundRow } from './roundsCsv.ts';

const round = (
  id: string,
  over: Partial<RacingRoundRow> = {},
  period: Partial<RacingRoundRow['period']> = {},
) =>
  ({
    period: {
      id,
      startingBetTime: '2026-11-25T09:00:00.000Z',
      endBetTime: '2026-11-25T09:02:40.000Z',
      drawTime: '2026-11-25T09:03:00.000Z',
      status: 3,
      seedHash: 'ab'.repeat(32),
      seed: null,
      lotteryCombination: null,
      settled: false,
      voided: false,
      ...period,
    },
    phase: 'SETTLED',
    voidedAt: null,
    voidReason: null,
    orders: 0,
    staked: 0,
    paid: 0,
    tax: 0,
    ggr: 0,
    ...over,
  }) as RacingRoundRow;

const read = (text: string) => parse(text, { columns: true }) as Record<string, string>[];

describe('racing rounds CSV', () => {
  it('lists a voided round with its status, time and reason beside a settled one', () => {
    const text = racingRoundsCsv([
      round(
        '20261125-241',
        {
          phase: 'VOIDED',
          voidedAt: '2026-11-25T09:01:00.000Z',
          voidReason: 'feed fault, draw lost',
          orders: 2,
          staked: 3_000,
          paid: 3_000,
        },
        { voided: true },
      ),
      round(
        '20261125-240',
        { orders: 1, staked: 1_000, paid: 0, tax: 0, ggr: 1_000 },
        { seed: 'cd'.repeat(32), lotteryCombination: '3,1,2,4,5,6,7,8,9,10', settled: true },
      ),
    ]);
    expect(text.split('\r\n')[0]).toBe(RACING_ROUNDS_CSV_HEADER.join(','));
    const [voided, settled] = read(text);
    expect(voided).toMatchObject({
      round: '20261125-241',
      status: 'voided',
      voided_at: '2026-11-25T09:01:00.000Z',
      void_reason: 'feed fault, draw lost',
      seed: '',
      lottery_combination: '',
      staked: '3000',
      paid: '3000',
      ggr: '0',
    });
    expect(settled).toMatchObject({
      round: '20261125-240',
      status: 'settled',
      voided_at: '',
      void_reason: '',
      lottery_combination: '3,1,2,4,5,6,7,8,9,10',
      ggr: '1000',
    });
  });

  it('neutralises a formula typed as a void reason', () => {
    const [row] = read(
      racingRoundsCsv([round('r', { phase: 'VOIDED', voidReason: '=HYPERLINK("x")' }, { voided: true })]),
    );
    expect(row!['void_reason']).toBe(`'=HYPERLINK("x")`);
  });
});
