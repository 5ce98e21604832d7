/**
 * Casino transactions read model (issue 22 §6; docs/casino.md): one `casino_transactions` row per
 * provider transaction a `casino-round-<providerId>:<roundId>` stream accepted. Amounts are copied from
 * the events (whole TZS), never recomputed. The back office's rounds, transactions and GGR read it.
 */
import type { CasinoRoundEvent } from '@bashiri/domain';
import type { RecordedEvent, SqlExecutor } from '@bashiri/eventstore';
import type { Projection } from '@bashiri/projection-runner';

/** The row of one round event: kind, amount as sent (or refunded), signed movement, reference, outcome. */
const rowOf = (event: CasinoRoundEvent) => {
  const d = event.data;
  switch (event.type) {
    case 'CasinoBetPlaced':
      return {
        kind: 'bet',
        amount: event.data.amount,
        movement: -event.data.amount,
        reference: null,
        outcome: null,
        d,
      };
    case 'CasinoWinCredited':
      return {
        kind: 'win',
        amount: event.data.amount,
        movement: event.data.amount,
        reference: event.data.betTransactionId,
        outcome: null,
        d,
      };
    case 'CasinoBetRolledBack':
      return {
        kind: 'rollback',
        amount: event.data.refund,
        movement: event.data.refund,
        reference: event.data.betTransactionId,
        outcome: event.data.outcome,
        d,
      };
    case 'CasinoRewardCredited':
      return {
        kind: 'reward',
        amount: event.data.amount,
        movement: event.data.amount,
        reference: null,
        outcome: null,
        d,
      };
  }
};

const KNOWN = new Set([
  'CasinoBetPlaced',
  'CasinoWinCredited',
  'CasinoBetRolledBack',
  'CasinoRewardCredited',
]);

const INSERT_ROWS = `INSERT INTO casino_transactions
    (provider_id, transaction_id, round_id, game_id, user_id, kind, amount, movement, reference, outcome, at)
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[],
                       $8::bigint[], $9::text[], $10::text[], $11::timestamptz[])
  ON CONFLICT (provider_id, transaction_id) DO NOTHING`;

/**
 * Writes the rows of `events` (other types skipped) in ONE statement: a provider sends thousands of
 * calls a second, one row each (issue 22 "Speed"); a repeat of a row already written changes nothing.
 */
const insertRows = async (events: readonly RecordedEvent[], tx: SqlExecutor): Promise<void> => {
  const rows = events
    .filter((event) => KNOWN.has(event.type))
    .map((event) => rowOf(event as unknown as CasinoRoundEvent));
  if (rows.length === 0) return;
  const column = <T>(pick: (r: (typeof rows)[number]) => T) => rows.map(pick);
  await tx.query(INSERT_ROWS, [
    column((r) => r.d.providerId),
    column((r) => r.d.transactionId),
    column((r) => r.d.roundId),
    column((r) => r.d.gameId),
    column((r) => r.d.userId),
    column((r) => r.kind),
    column((r) => r.amount),
    column((r) => r.movement),
    column((r) => r.reference),
    column((r) => r.outcome),
    column((r) => r.d.at),
  ]);
};

/** Least time between two background batches of `casino-transactions`, ms (decision 0195). */
export const CASINO_TRANSACTIONS_INTERVAL_MS = 250;

/** Projection `casino-transactions` of the `casino-round-` streams (a batch of events in one statement). */
export const casinoTransactionsProjection: Projection = {
  name: 'casino-transactions',
  filter: { streamPrefixes: ['casino-round-'] },
  // The back office's list of rounds and transactions and its GGR read it; no wallet call does (a repeat's
  // first result comes from the wallet stream, docs/casino.md). A quarter of a second of lag costs nothing,
  // and under a provider's steady calls each batch (one insert plus the runner's lease, log read,
  // checkpoint and transaction) gathers five times as many rows as at the runner's 50 ms (decisions 0176,
  // 0195).
  minIntervalMs: CASINO_TRANSACTIONS_INTERVAL_MS,
  apply: (event: RecordedEvent, tx: SqlExecutor) => insertRows([event], tx),
  applyBatch: insertRows,
  reset: async (tx) => {
    await tx.query('DELETE FROM casino_transactions');
  },
};
