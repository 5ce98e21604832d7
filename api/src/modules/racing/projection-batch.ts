/**
 * The racing projection's batch apply (issue 19 "Speed"; projection-runner `applyBatch`): a settled
 * round is tens of thousands of `RacingBetSettled` events, and a busy round as many `RacingBetPlaced`;
 * each run of consecutive events of one of those two types is written in a few multi-row statements
 * (orders by `jsonb_to_recordset`, the round's totals once per round), every other event through the
 * per-event `apply`, in log order. The read model ends exactly as `apply` on each event in turn leaves
 * it: amounts are copied from the events (integer TZS), totals are sums of the same amounts.
 */
import { RacingOrderStatus } from '@bashiri/domain';
import type { RacingBetPlaced, RacingBetSettled } from '@bashiri/domain';
import type { RecordedEvent, SqlExecutor } from '@bashiri/eventstore';

/** The event types written in runs; everything else goes through the per-event apply. */
const BATCHED = new Set(['RacingBetSettled', 'RacingBetPlaced']);

/** Sums `amounts` per round (TZS). */
const perRound = (rows: readonly { roundId: string; amounts: readonly number[] }[]) => {
  const totals = new Map<string, number[]>();
  for (const { roundId, amounts } of rows) {
    const sum = totals.get(roundId) ?? amounts.map(() => 0);
    amounts.forEach((a, k) => (sum[k]! += a));
    totals.set(roundId, sum);
  }
  return [...totals].map(([round_id, sums]) => ({ round_id, sums }));
};

const applySettled = async (events: readonly RacingBetSettled[], tx: SqlExecutor): Promise<void> => {
  const rows = events.map(({ data: d }) => ({
    bet_id: d.betId,
    gross: d.gross,
    profit: d.profit,
    tax: d.tax,
    payout: d.payout,
    result: d.result,
    settled_at: d.at,
  }));
  await tx.query(
    `UPDATE racing_orders o SET gross = x.gross, profit = x.profit, tax = x.tax, payout = x.payout,
            result = x.result, status = $2, settled_at = x.settled_at
     FROM jsonb_to_recordset($1::jsonb) AS x(bet_id text, gross bigint, profit bigint, tax bigint,
          payout bigint, result smallint, settled_at timestamptz)
     WHERE o.bet_id = x.bet_id`,
    [JSON.stringify(rows), RacingOrderStatus.Settled],
  );
  const totals = perRound(events.map(({ data: d }) => ({ roundId: d.roundId, amounts: [d.payout, d.tax] })));
  await tx.query(
    `UPDATE racing_rounds r SET paid = r.paid + x.paid, tax = r.tax + x.tax
     FROM jsonb_to_recordset($1::jsonb) AS x(round_id text, paid bigint, tax bigint)
     WHERE r.round_id = x.round_id`,
    [JSON.stringify(totals.map((t) => ({ round_id: t.round_id, paid: t.sums[0], tax: t.sums[1] })))],
  );
};

const applyPlaced = async (events: readonly RacingBetPlaced[], tx: SqlExecutor): Promise<void> => {
  const rows = events.map(({ data: d }) => ({
    bet_id: d.betId,
    user_id: d.userId,
    round_id: d.roundId,
    bet_type: d.selection.betType,
    selection: d.selection,
    tickets: d.tickets,
    single_amount: d.singleAmount,
    amount: d.amount,
    odds: d.terms.odds,
    tax_rate: d.terms.taxRate,
    placed_at: d.at,
    terms: d.terms,
  }));
  await tx.query(
    `INSERT INTO racing_orders (bet_id, user_id, round_id, bet_type, selection, tickets, single_amount,
                                amount, odds, tax_rate, placed_at, settle_by_queue, terms)
     SELECT x.bet_id, x.user_id, x.round_id, x.bet_type, x.selection, x.tickets, x.single_amount, x.amount,
            x.odds, x.tax_rate, x.placed_at, r.round_id IS NOT NULL, x.terms
     FROM jsonb_to_recordset($1::jsonb) AS x(bet_id text, user_id text, round_id text, bet_type smallint,
          selection jsonb, tickets integer, single_amount bigint, amount bigint, odds text, tax_rate text,
          placed_at timestamptz, terms jsonb)
     -- Placed after its round was drawn or voided: settled through the queue, not the walk (decision 0184).
     LEFT JOIN racing_rounds r ON r.round_id = x.round_id AND (r.seed IS NOT NULL OR r.phase = 'voided')
     ON CONFLICT (bet_id) DO NOTHING`,
    [JSON.stringify(rows)],
  );
  // As the per-event apply: every event counts on its round (a replayed insert included).
  const totals = perRound(events.map(({ data: d }) => ({ roundId: d.roundId, amounts: [1, d.amount] })));
  await tx.query(
    `UPDATE racing_rounds r SET orders = r.orders + x.orders, staked = r.staked + x.staked
     FROM jsonb_to_recordset($1::jsonb) AS x(round_id text, orders integer, staked bigint)
     WHERE r.round_id = x.round_id`,
    [JSON.stringify(totals.map((t) => ({ round_id: t.round_id, orders: t.sums[0], staked: t.sums[1] })))],
  );
  // Placed after its round was drawn or voided (in log order): queue it now.
  await tx.query(
    `INSERT INTO racing_settle_queue (bet_id, round_id, user_id)
     SELECT x.bet_id, r.round_id, x.user_id FROM jsonb_to_recordset($1::jsonb) AS x(bet_id text, round_id text, user_id text)
     JOIN racing_rounds r ON r.round_id = x.round_id AND (r.seed IS NOT NULL OR r.phase = 'voided')
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(rows.map((r) => ({ bet_id: r.bet_id, round_id: r.round_id, user_id: r.user_id })))],
  );
};

/**
 * Applies `events` (log order) as `apply` on each would: runs of `RacingBetSettled` or `RacingBetPlaced`
 * (a run ends where the type changes or an order repeats) in a few statements each, the rest one by one.
 */
export const applyRacingBatch = async (
  events: readonly RecordedEvent[],
  tx: SqlExecutor,
  apply: (event: RecordedEvent, tx: SqlExecutor) => Promise<void>,
): Promise<void> => {
  let run: RecordedEvent[] = [];
  let ids = new Set<string>();
  const flush = async () => {
    if (run.length === 0) return;
    const batch = run;
    run = [];
    ids = new Set();
    if (batch[0]!.type === 'RacingBetSettled') await applySettled(batch as unknown as RacingBetSettled[], tx);
    else await applyPlaced(batch as unknown as RacingBetPlaced[], tx);
  };
  for (const event of events) {
    if (!BATCHED.has(event.type)) {
      await flush();
      await apply(event, tx);
      continue;
    }
    const betId = (event.data as { betId: string }).betId;
    if (run.length > 0 && (run[0]!.type !== event.type || ids.has(betId))) await flush();
    run.push(event);
    ids.add(betId);
  }
  await flush();
};
