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

/** Projection `casino-transactions` of the `casino-round-` streams. */
export const casinoTransactionsProjection: Projection = {
  name: 'casino-transactions',
  filter: { streamPrefixes: ['casino-round-'] },
  apply: async (event: RecordedEvent, tx: SqlExecutor) => {
    if (!KNOWN.has(event.type)) return;
    const r = rowOf(event as unknown as CasinoRoundEvent);
    await tx.query(
      `INSERT INTO casino_transactions
         (provider_id, transaction_id, round_id, game_id, user_id, kind, amount, movement, reference, outcome, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (provider_id, transaction_id) DO NOTHING`,
      [
        r.d.providerId,
        r.d.transactionId,
        r.d.roundId,
        r.d.gameId,
        r.d.userId,
        r.kind,
        r.amount,
        r.movement,
        r.reference,
        r.outcome,
        r.d.at,
      ],
    );
  },
  reset: async (tx) => {
    await tx.query('DELETE FROM casino_transactions');
  },
};
