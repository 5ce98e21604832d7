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

const COLUMNS = `bet_id, stream_position, at, full_cash_out, cash_out_no, part, gross, tax,
    net, remaining_stake, early_settlement_odds, running_stake, potential_payout, probability, fair_value,
    margin_percent, margin, offered, tolerance, offer_id, actor`;
const WIDTH = 21;
/** Rows per statement of a batch (21 parameters each, far below PostgreSQL's 65,535). */
const ROWS_PER_STATEMENT = 500;

/** One INSERT of `rows` (each {@link cashOutRecordOf}); a row already there is kept. */
const insertRows = async (tx: SqlExecutor, rows: readonly (readonly unknown[])[]): Promise<void> => {
  for (let from = 0; from < rows.length; from += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(from, from + ROWS_PER_STATEMENT);
    const values = chunk
      .map((_, r) => `(${Array.from({ length: WIDTH }, (_, c) => `$${r * WIDTH + c + 1}`).join(', ')})`)
      .join(', ');
    await tx.query(
      `INSERT INTO cashout_records (${COLUMNS}) VALUES ${values} ON CONFLICT (bet_id, stream_position) DO NOTHING`,
      chunk.flat(),
    );
  }
};

/**
 * `cashout_records` from the `bet-` streams: a batch of events in one statement (per 500 cash-outs),
 * not one per event (decision 0145).
 */
export const cashOutRecordsProjection: Projection = {
  name: 'cashout_records',
  filter: { streamPrefixes: ['bet-'] },
  // The back office's cash-outs list: a quarter of a second of lag is unseen, and a batch under a
  // steady stream of cash-outs gathers five times as many as at the runner's 50 ms (decision 0176).
  minIntervalMs: 250,
  apply: async (event: RecordedEvent, tx: SqlExecutor) => {
    const row = cashOutRecordOf(event);
    if (row) await insertRows(tx, [row]);
  },
  applyBatch: async (events: readonly RecordedEvent[], tx: SqlExecutor) => {
    const rows = events.map(cashOutRecordOf).filter((r): r is readonly unknown[] => r !== null);
    if (rows.length > 0) await insertRows(tx, rows);
  },
  reset: async (tx) => {
    await tx.query('DELETE FROM cashout_records');
  },
};
