/**
 * Projects wallet events into `wallet_balances` and `bills` (issue 5 item 4: "bills from wallet
 * events"). Every wallet event carries its movement lines with the balance before and after, so the
 * projection copies facts and never recomputes money.
 */
import type { Movement, WalletEvent } from '@bashiri/domain';
import type { RecordedEvent, SqlExecutor } from '@bashiri/eventstore';
import type { Projection } from '@bashiri/projection-runner';

const COLUMN = {
  balance: 'balance',
  creditMoney: 'credit_money',
  racingCoin: 'racing_coin',
  debt: 'debt',
} as const;

const BILL_COLUMNS =
  'event_id, user_id, movement_id, event_type, bill_type, pocket, amount, balance_before, balance_after, reference, remark, actor, at, tax, gross';

/** Tax and gross of winnings (TZS), kept on their bills: only `WinningsCredited` has them. */
const winnings = (type: string, data: Movement): { tax: number | null; gross: number | null } => {
  if (type !== 'WinningsCredited') return { tax: null, gross: null };
  const { tax, gross } = data as Movement & { tax?: number; gross?: number };
  return { tax: tax ?? null, gross: gross ?? null };
};

/**
 * Applies a batch in three statements whatever its size: every bill line in one insert, and each
 * player's row set once to where the batch leaves it (the last version and time, and for each pocket
 * the balance after its last line; pockets the batch did not touch keep their value).
 */
const applyBatch = async (events: readonly RecordedEvent[], tx: SqlExecutor): Promise<void> => {
  const bills: object[] = [];
  const players = new Map<string, Record<string, unknown>>();
  for (const event of events) {
    const data = (event as unknown as WalletEvent).data as Movement;
    if (!data?.lines) continue;
    const row = players.get(data.userId) ?? { user_id: data.userId };
    row['wallet_version'] = event.streamPosition;
    row['updated_at'] = data.at;
    for (const line of data.lines) {
      bills.push({
        event_id: event.eventId,
        user_id: data.userId,
        movement_id: data.movementId,
        event_type: event.type,
        bill_type: data.billType,
        pocket: line.pocket,
        amount: line.amount,
        balance_before: line.before,
        balance_after: line.after,
        reference: data.reference,
        remark: data.reason,
        actor: `${data.actor.kind}:${data.actor.id}`,
        at: data.at,
        ...winnings(event.type, data),
      });
      row[COLUMN[line.pocket]] = line.after;
    }
    players.set(data.userId, row);
  }
  if (players.size === 0) return;
  const pockets = Object.values(COLUMN);
  // One projection runner holds the lease: no concurrent writer of these rows.
  await tx.query(
    `WITH x AS (SELECT * FROM jsonb_populate_recordset(NULL::wallet_balances, $1::jsonb)),
     updated AS (
       UPDATE wallet_balances w SET wallet_version = x.wallet_version, updated_at = x.updated_at,
         ${pockets.map((c) => `${c} = coalesce(x.${c}, w.${c})`).join(', ')}
       FROM x WHERE w.user_id = x.user_id RETURNING w.user_id
     )
     INSERT INTO wallet_balances (user_id, wallet_version, updated_at, ${pockets.join(', ')})
     SELECT x.user_id, x.wallet_version, x.updated_at, ${pockets.map((c) => `coalesce(x.${c}, 0)`).join(', ')}
     FROM x WHERE x.user_id NOT IN (SELECT user_id FROM updated)`,
    [JSON.stringify([...players.values()])],
  );
  if (bills.length > 0)
    await tx.query(
      `INSERT INTO bills (${BILL_COLUMNS}) SELECT ${BILL_COLUMNS} FROM jsonb_populate_recordset(NULL::bills, $1::jsonb)`,
      [JSON.stringify(bills)],
    );
};

/**
 * Least time between two background batches of `wallet_read_models`, ms (decision 0198): the bills and
 * balances read here are lists a person opens (the player's bills, the back office's users), never a
 * money decision (the wallet decides from its stream), and a staff adjustment catches up itself (read
 * your writes). Under a provider's steady calls each batch (a check of the log, BEGIN, lease, log read,
 * two writes, checkpoint, COMMIT) gathers five times as many movements as at the runner's 50 ms; an
 * idle read model still applies the first movement at once.
 */
export const WALLET_READ_MODELS_INTERVAL_MS = 250;

export const walletProjection: Projection = {
  name: 'wallet_read_models',
  filter: { streamPrefixes: ['wallet-'] },
  minIntervalMs: WALLET_READ_MODELS_INTERVAL_MS,
  applyBatch,
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
                            balance_after, reference, remark, actor, at, tax, gross)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
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
          winnings(event.type, data).tax,
          winnings(event.type, data).gross,
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
