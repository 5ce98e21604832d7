/** The cash-out records read model's row of one event (records.ts; docs/cash-out.md §10). */
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@bashiri/eventstore';
import { cashOutRecordOf, cashOutRecordsProjection } from './projection.ts';

const recorded = (type: string, data: unknown, streamPosition = 3): RecordedEvent => ({
  eventId: 'e1',
  type,
  data,
  metadata: {} as RecordedEvent['metadata'],
  streamName: 'bet-b1',
  streamPosition,
  logPosition: 1n as unknown as RecordedEvent['logPosition'],
  recordedAt: '2026-11-27T05:00:00.000Z',
});

const pricing = {
  configVersion: 'v1',
  runningStake: 10_000,
  potentialPayout: 31_500,
  probability: 0.7983,
  fairValue: 25_147,
  marginPercent: 5,
  offerValue: 23_889,
  offered: 9_555,
  tolerance: 'ACCEPT_HIGHER',
  legs: [],
};

describe('cash-out records', () => {
  it('a partial cash-out: the part, the money, the fair value of the part and the margin kept', () => {
    const row = cashOutRecordOf(
      recorded('BetPartCashedOut', {
        betId: 'b1',
        at: '2026-11-27T05:00:00.000Z',
        part: 4_000,
        gross: 9_555,
        tax: 555,
        amount: 9_000,
        earlySettlementOdds: '2.38',
        cashOutNo: 1,
        rewardForfeited: true,
        pricing,
        remainingStake: 6_000,
        offerId: 'o1',
        actor: { kind: 'player', id: 'u1' },
      }),
    );
    // The worked example of docs/cash-out.md §5: ⌊25,147 × 4,000 ÷ 10,000⌋ = 10,058; kept 10,058 − 9,555.
    expect(row).toEqual([
      'b1',
      3,
      '2026-11-27T05:00:00.000Z',
      false,
      1,
      4_000,
      9_555,
      555,
      9_000,
      6_000,
      '2.38',
      10_000,
      31_500,
      0.7983,
      10_058,
      5,
      503,
      9_555,
      'ACCEPT_HIGHER',
      'o1',
      'player:u1',
    ]);
  });

  it('an unpriced full cash-out from before decision 0019: gross = amount, no tax, no pricing', () => {
    const row = cashOutRecordOf(
      recorded('BetCashedOut', {
        betId: 'b2',
        at: '2026-11-20T10:00:00.000Z',
        amount: 7_000,
        offerId: 'o2',
        actor: { kind: 'staff', id: '9' },
      }),
    );
    expect(row).toEqual([
      'b2',
      3,
      '2026-11-20T10:00:00.000Z',
      true,
      null,
      null,
      7_000,
      0,
      7_000,
      0,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      'o2',
      'staff:9',
    ]);
  });

  it('other events make no row', () => {
    expect(cashOutRecordOf(recorded('BetSettled', { betId: 'b1' }))).toBeNull();
  });

  it('a batch writes its cash-outs in one statement per 500, the rows in order, other events skipped', async () => {
    const sent: { text: string; params: readonly unknown[] }[] = [];
    const tx = {
      query: async (text: string, params?: readonly unknown[]) => {
        sent.push({ text, params: params ?? [] });
        return { rows: [], rowCount: 0 };
      },
    };
    const cashOut = (k: number) =>
      recorded(
        'BetCashedOut',
        {
          betId: `b${k}`,
          at: '2026-11-27T05:00:00.000Z',
          amount: k,
          offerId: `o${k}`,
          actor: { kind: 'player', id: 'u' },
        },
        k,
      );
    const events = Array.from({ length: 1_001 }, (_, k) =>
      k % 2 === 0 ? cashOut(k) : recorded('BetPlaced', { betId: `b${k}` }, k),
    );
    await cashOutRecordsProjection.applyBatch!(events, tx as never);
    const rows = events.map(cashOutRecordOf).filter((r) => r !== null);
    expect(rows).toHaveLength(501);
    expect(sent).toHaveLength(2); // 500 + 1 rows
    expect(sent[0]!.params).toEqual(rows.slice(0, 500).flat());
    expect(sent[1]!.params).toEqual(rows[500]);
    expect(sent[0]!.text).toContain('$10500)');
    expect(sent[1]!.text).toMatch(/VALUES \(\$1, [^)]*\$21\) ON CONFLICT/);
    sent.length = 0;
    await cashOutRecordsProjection.applyBatch!([recorded('BetPlaced', { betId: 'x' })], tx as never);
    expect(sent).toHaveLength(0);
  });
});
