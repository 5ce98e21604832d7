/**
 * Projects wallet events into `wallet_balances` and `bills` (issue 5 item 4: "bills from wallet
 * events"). Every wallet event carries its movement lines with the balance before and after, so the
 * projection copies facts and never recomputes money.
 */
import type { Movement, WalletEvent } from '@bashiri/domain';
import type { Projection } from '@bashiri/projections';

const COLUMN = {
  balance: 'balance',
  creditMoney: 'credit_money',
  racingCoin: 'racing_coin',
  debt: 'debt',
} as const;

export const walletProjection: Projection = {
  name: 'wallet_read_models',
  filter: { streamPrefixes: ['wallet-'] },
  apply: async (event, tx) => {
    const data = (event as unknown as WalletEvent).data as Movement;
    if (!data?.lines) return;
    await tx.query(
      `INSERT INTO wallet_balances (user_id, wallet_version, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET wallet_version = $2, updated_at = $3`,
      [data.userId, event.streamPosition, data.at],
    );
    for (const line of data.lines) {
      await tx.query(
        `INSERT INTO bills (event_id, user_id, movement_id, event_type, bill_type, pocket, amount, balance_before,
                            balance_after, reference, remark, actor, at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          event.eventId,
          data.userId,
          data.movementId,
          event.type,
          data.billType,
          line.pocket,
          line.amount,
          line.before,
          line.after,
          data.reference,
          data.reason,
          `${data.actor.kind}:${data.actor.id}`,
          data.at,
        ],
      );
      await tx.query(`UPDATE wallet_balances SET ${COLUMN[line.pocket]} = $2 WHERE user_id = $1`, [
        data.userId,
        line.after,
      ]);
    }
  },
  reset: async (tx) => {
    await tx.query('DELETE FROM bills');
    await tx.query('DELETE FROM wallet_balances');
  },
};
