/**
 * A player's own invitation code (spec §1 "invitation code", §2 /my_referrals; issue 21), as the player
 * sees it right after registering. The `player_accounts` read model holds it once the identity
 * projection has applied the registration (and any staff change, `InvitationCodeChanged`); until then
 * the registration's own row in `player_credentials` (written in the registration's transaction) holds
 * the code it was given. Read from the read model alone, a page opened in the first moments after
 * registering showed an empty code (a CI rehearsal's browser test read '' on a loaded machine;
 * docs/benchmarks.md "Test hygiene (helper, session 17)").
 */
import type { SqlExecutor } from '@bashiri/eventstore';

/** The invitation code of player `userId`: the read model's, else the registration's; '' when unknown. */
export const invitationCodeOf = async (sql: SqlExecutor, userId: string): Promise<string> =>
  (
    await sql.query<{ code: string | null }>(
      `SELECT coalesce(
         (SELECT invitation_code FROM player_accounts WHERE user_id = $1),
         (SELECT invitation_code FROM player_credentials WHERE user_id = $1)) AS code`,
      [userId],
    )
  ).rows[0]?.code ?? '';
