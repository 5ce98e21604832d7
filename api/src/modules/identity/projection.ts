/**
 * The `player_accounts` read model (architecture.md §3 "Projections"): one row per `account-<userId>`
 * stream. Login time and IP and the default stake are not events; they are copied from
 * `player_credentials` on registration (and written to both by login), so a rebuild equals the live model.
 */
import type { AccountEvent } from '@bashiri/domain';
import type { RecordedEvent, SqlExecutor } from '@bashiri/eventstore';
import type { Projection } from '@bashiri/projection-runner';

const SET: Partial<Record<AccountEvent['type'], (data: never) => [column: string, value: unknown]>> = {
  DisabledChanged: (d: { disabled: boolean }) => ['disabled', d.disabled],
  NoBetChanged: (d: { noBet: boolean }) => ['no_bet', d.noBet],
  NoWithdrawChanged: (d: { noWithdraw: boolean }) => ['no_withdraw', d.noWithdraw],
  ReportedChanged: (d: { reported: number }) => ['reported', d.reported],
  ReturnScaleChanged: (d: { returnScale: string }) => ['return_scale', d.returnScale],
  WithdrawalWhitelistChanged: (d: { whitelisted: boolean }) => ['withdrawal_whitelist', d.whitelisted],
  InvitationCodeChanged: (d: { invitationCode: string }) => ['invitation_code', d.invitationCode],
  SuperiorChanged: (d: { superiorId: string | null }) => ['superior_id', d.superiorId],
  NoteChanged: (d: { note: string }) => ['note', d.note],
};

/**
 * Serialises, per player, the projection's first insert of a `player_accounts` row with the writers of
 * the login time, IP and default stake it copies from `player_credentials` (registration, login, default
 * stake). Without it the projection can read the credentials before registration commits them and insert
 * a row without the login time, which a rebuild would fill (the chaos verifier saw this, issue 15).
 * Taken inside the caller's transaction; released at its end.
 */
export const lockAccountRow = async (tx: SqlExecutor, userId: string): Promise<void> => {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('player_accounts:' || $1::text, 0))`, [
    userId,
  ]);
};

/** Keeps `player_accounts` from the account streams. */
export const playerAccountsProjection: Projection = {
  name: 'identity.player_accounts',
  filter: { streamPrefixes: ['account-'] },
  apply: async (recorded: RecordedEvent, tx: SqlExecutor) => {
    const event = { type: recorded.type, data: recorded.data } as AccountEvent;
    if (event.type === 'AccountRegistered') {
      const d = event.data;
      await lockAccountRow(tx, d.userId);
      await tx.query(
        `INSERT INTO player_accounts (user_id, phone, network, invitation_code, superior_id, created_at,
           default_bet_amount, last_login_at, last_login_ip, version)
         SELECT $1::text, $2::text, $3::smallint, $4::text, $5::text, $6::timestamptz, c.default_bet_amount,
           c.last_login_at, c.last_login_ip, $7::integer
         FROM (SELECT 1) one LEFT JOIN player_credentials c ON c.user_id = $1
         ON CONFLICT (user_id) DO NOTHING`,
        [d.userId, d.phone, d.network, d.invitationCode, d.superiorId, d.at, recorded.streamPosition],
      );
      return;
    }
    const set = SET[event.type];
    const userId = (event.data as { userId: string }).userId;
    if (!set) {
      await tx.query('UPDATE player_accounts SET version = $2 WHERE user_id = $1', [
        userId,
        recorded.streamPosition,
      ]);
      return;
    }
    const [column, value] = set(event.data as never);
    await tx.query(`UPDATE player_accounts SET ${column} = $2, version = $3 WHERE user_id = $1`, [
      userId,
      value,
      recorded.streamPosition,
    ]);
  },
  reset: async (tx) => {
    await tx.query('DELETE FROM player_accounts');
  },
};
