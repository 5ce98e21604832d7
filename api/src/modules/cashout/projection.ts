/**
 * The cash-out records read model (issue 20 item 4; docs/cash-out.md §10): one row per cash-out, full or
 * partial, from the bets' `BetCashedOut` / `BetPartCashedOut` events, for the staff cash-out list and
 * its CSV export (back-office module). Amounts are copied from the events (TZS), except the part's fair
 * value ⌊fairValue × part ÷ runningStake⌋ and the margin kept (fair value − gross).
 */
import type { BetEvent } from '@bashiri/domain';
import type { RecordedEvent, SqlExecutor } from '@bashiri/eventstore';
import type { Projection } from '@bashiri/projection-runner';

/** The row of one cash-out event, or null for any other event. Exported for the unit test. */
export const cashOutRecordOf = (event: RecordedEvent): readonly unknown[] | null => {
  const e = { type: event.type, data: event.data } as BetEvent;
  if (e.type !== 'BetCashedOut' && e.type !== 'BetPartCashedOut') return null;
  const d = e.data;
  const gross = d.gross ?? d.amount;
  const pricing = d.pricing ?? null;
  const part = d.part ?? null;
  const fair =
    pricing && part !== null && pricing.runningStake > 0
      ? Math.floor((pricing.fairValue * part) / pricing.runningStake)
      : null;
  return [
    d.betId,
    event.streamPosition,
    d.at,
    e.type === 'BetCashedOut',
    d.cashOutNo ?? null,
    part,
    gross,
    d.tax ?? 0,
    d.amount,
    e.type === 'BetCashedOut' ? 0 : e.data.remainingStake,
    d.earlySettlementOdds ?? null,
    pricing?.runningStake ?? null,
    pricing?.potentialPayout ?? null,
    pricing?.probability ?? null,
    fair,
    pricing?.marginPercent ?? null,
    fair === null ? null : fair - gross,
    pricing?.offered ?? null,
    pricing?.tolerance ?? null,
    d.offerId,
    `${d.actor.kind}:${d.actor.id}`,
  ];
};

const INSERT = `INSERT INTO cashout_records (bet_id, stream_position, at, full_cash_out, cash_out_no, part, gross, tax,
    net, remaining_stake, early_settlement_odds, running_stake, potential_payout, probability, fair_value,
    margin_percent, margin, offered, tolerance, offer_id, actor)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
  ON CONFLICT (bet_id, stream_position) DO NOTHING`;

/** `cashout_records` from the `bet-` streams. */
export const cashOutRecordsProjection: Projection = {
  name: 'cashout_records',
  filter: { streamPrefixes: ['bet-'] },
  apply: async (event: RecordedEvent, tx: SqlExecutor) => {
    const row = cashOutRecordOf(event);
    if (row) await tx.query(INSERT, [...row]);
  },
  reset: async (tx) => {
    await tx.query('DELETE FROM cashout_records');
  },
};
