import { describe, expect, it } from 'vitest';
import type { RecordedEvent, SqlExecutor } from '@bashiri/eventstore';
import { promotionProjection } from './projection.ts';

/** A transaction that records each statement instead of running it. */
const recording = () => {
  const statements: string[] = [];
  const tx: SqlExecutor = {
    query: async <Row>(text: string) => {
      statements.push(text);
      return { rows: [] as Row[], rowCount: 0 };
    },
  };
  return { tx, statements };
};

let position = 0;
const event = (streamName: string, type: string, data: Record<string, unknown>): RecordedEvent => ({
  eventId: `00000000-0000-4000-8000-${String(++position).padStart(12, '0')}`,
  type,
  data,
  metadata: {} as RecordedEvent['metadata'],
  streamName,
  streamPosition: 1,
  logPosition: String(position) as RecordedEvent['logPosition'],
  recordedAt: '2026-11-27T10:00:00.000Z',
});

const placed = (n: number) =>
  event(`bet-b${n}`, 'BetPlaced', {
    userId: `u${n}`,
    stake: 1_000,
    payType: 1,
    quote: { totalOdds: '2.50' },
    at: '2026-11-27T10:00:00.000Z',
  });
const stakeDebited = (n: number) =>
  event(`wallet-u${n}`, 'StakeDebited', { userId: `u${n}`, movementId: `m${n}`, lines: [] });

describe('promotion.triggers applies a batch in few statements (issue 21 speed)', () => {
  it('bets interleaved with the wallet events that write nothing here go as one statement', async () => {
    const events = Array.from({ length: 50 }, (_, n) => [placed(n), stakeDebited(n)]).flat();
    const { tx, statements } = recording();
    await promotionProjection.applyBatch!(events, tx);
    expect(statements).toHaveLength(1);
  });

  it('an event written one by one still cuts the run, so the log order is kept', async () => {
    const win = event('wallet-u1', 'WinningsCredited', {
      userId: 'u1',
      movementId: 'w1',
      at: '2026-11-27T10:00:00.000Z',
      lines: [{ pocket: 'balance', amount: 50_000 }],
    });
    const { tx, statements } = recording();
    await promotionProjection.applyBatch!([placed(1), stakeDebited(1), win, placed(2)], tx);
    expect(statements).toHaveLength(3);
    expect(statements[1]).toContain('promo_big_wins');
  });
});
