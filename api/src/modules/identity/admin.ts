/**
 * Staff administration of players (spec §5 Admin reset, §6 admin actions): list, flags, password.
 * Each change appends its Account decider commands with the staff actor and reason through the port, then
 * its audit row (permission `users.view` / `users.edit`).
 */
import type { AccountCommand, ReportedFlag } from '@bashiri/domain';
import { codedError } from '../../graphql/errors.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { audit } from '../audit/index.ts';
import { requireStaff } from '../../auth/guard.ts';
import { afterAccountAppend, appendAccountCommands } from './accounts.ts';
import { checkNewPassword, hashPassword } from '../../auth/passwords.ts';
import { findPlayer, playerOf, staffResetPlayerPassword } from './players.ts';
import type { PlayerRow } from './players.ts';
import { revokeAllSessions } from '../../auth/sessions.ts';

/** Players, newest first, optionally matching `search` in phone or invitation code. */
export const listPlayers = async (
  ctx: GraphQLContext,
  input: { search?: string | null; page?: number | null; pageSize?: number | null },
) => {
  requireStaff(ctx, 'users.view');
  const page = Math.max(1, input.page ?? 1);
  const size = Math.min(100, Math.max(1, input.pageSize ?? 10));
  const search = (input.search ?? '').trim();
  const where = search ? `WHERE phone LIKE $1 OR upper(invitation_code) = upper($2)` : '';
  const params = search ? [`%${search.replace(/[%_\\]/g, '').replace(/^0/, '')}%`, search] : [];
  const count = await ctx.services.sql.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM player_accounts ${where}`,
    params,
  );
  const rows = await ctx.services.sql.query<PlayerRow>(
    `SELECT * FROM player_accounts ${where} ORDER BY created_at DESC, user_id
     LIMIT ${size} OFFSET ${(page - 1) * size}`,
    params,
  );
  return { count: Number(count.rows[0]!.n), page, content: rows.rows.map(playerOf) };
};

/** A patch of player flags (admin.graphql `PlayerPatch`). */
export interface PlayerPatch {
  disabled?: boolean | null;
  noBet?: boolean | null;
  noWithdraw?: boolean | null;
  reported?: number | null;
  returnScale?: string | null;
  withdrawalWhitelist?: boolean | null;
  invitationCode?: string | null;
  superiorId?: string | null;
  note?: string | null;
}

const commandsOf = (
  userId: string,
  patch: PlayerPatch,
  base: { actor: { kind: 'staff'; id: string }; reason: string; at: string },
): AccountCommand[] => {
  const c = { userId, ...base };
  const out: AccountCommand[] = [];
  if (patch.disabled != null) out.push({ type: 'SetDisabled', ...c, disabled: patch.disabled });
  if (patch.noBet != null) out.push({ type: 'SetNoBet', ...c, noBet: patch.noBet });
  if (patch.noWithdraw != null) out.push({ type: 'SetNoWithdraw', ...c, noWithdraw: patch.noWithdraw });
  if (patch.reported != null)
    out.push({ type: 'SetReported', ...c, reported: patch.reported as ReportedFlag });
  if (patch.returnScale != null) out.push({ type: 'SetReturnScale', ...c, returnScale: patch.returnScale });
  if (patch.withdrawalWhitelist != null)
    out.push({ type: 'SetWithdrawalWhitelist', ...c, whitelisted: patch.withdrawalWhitelist });
  if (patch.invitationCode != null)
    out.push({ type: 'SetInvitationCode', ...c, invitationCode: patch.invitationCode });
  if (patch.superiorId != null)
    out.push({ type: 'SetSuperior', ...c, superiorId: patch.superiorId.trim() || null });
  if (patch.note != null) out.push({ type: 'SetNote', ...c, note: patch.note });
  return out;
};

/** Applies `patch` to a player with `reason`; see admin.graphql `updatePlayer`. */
export const updatePlayer = async (
  ctx: GraphQLContext,
  userId: string,
  patch: PlayerPatch,
  reason: string,
) => {
  const viewer = requireStaff(ctx, 'users.edit');
  if (!reason.trim()) throw codedError('REASON_REQUIRED', 'a reason is required', { field: 'reason' });
  const now = ctx.services.now();
  const before = await findPlayer(ctx, userId);
  if (!before) throw codedError('ACCOUNT_NOT_FOUND', 'no such player', { field: 'userId' });
  const commands = commandsOf(userId, patch, {
    actor: { kind: 'staff', id: viewer.staffId },
    reason: reason.trim(),
    at: new Date(now).toISOString(),
  });
  const code = patch.invitationCode?.trim();
  if (code) {
    const taken = await ctx.services.sql.query(
      `SELECT 1 FROM player_accounts WHERE upper(invitation_code) = upper($1) AND user_id <> $2
       UNION SELECT 1 FROM player_credentials WHERE upper(invitation_code) = upper($1) AND user_id <> $2`,
      [code, userId],
    );
    if (taken.rows.length > 0)
      throw codedError('INVITATION_CODE_TAKEN', 'another player has this code', {
        field: 'invitationCode',
      });
  }
  // Every change in one append through the port (all or nothing), then — after it — the sessions and
  // the audit row (decision 0008 §5: the events carry the actor and reason).
  const events = await appendAccountCommands(ctx.services, commands, {
    actor: `staff:${viewer.staffId}`,
    correlationId: ctx.requestId,
    causationId: null,
  });
  await ctx.services.sql.transaction(async (tx) => {
    if (patch.disabled === true) await revokeAllSessions(tx, 'player', userId, now);
    await audit(tx, {
      actor: `staff:${viewer.staffId}`,
      ip: ctx.ip ?? null,
      requestId: ctx.requestId,
      action: 'user.update',
      entity: 'user',
      entityId: userId,
      reason: reason.trim(),
      before: playerOf(before),
      after: { patch, events: events.map((e) => e.type) },
    });
  });
  await afterAccountAppend(ctx.services);
  return playerOf((await findPlayer(ctx, userId))!);
};

/** Sets a player's password (spec §5 Admin reset); see admin.graphql `resetPlayerPassword`. */
export const resetPlayerPassword = async (
  ctx: GraphQLContext,
  input: { userId: string; password: string; confirmPassword: string; reason: string },
): Promise<boolean> => {
  const viewer = requireStaff(ctx, 'users.edit');
  checkNewPassword(input.password, input.confirmPassword);
  if (!input.reason.trim()) throw codedError('REASON_REQUIRED', 'a reason is required', { field: 'reason' });
  const hash = await hashPassword(input.password);
  const now = ctx.services.now();
  await staffResetPlayerPassword(
    ctx,
    input.userId,
    hash,
    { kind: 'staff', id: viewer.staffId },
    input.reason.trim(),
    now,
    (tx) =>
      audit(tx, {
        actor: `staff:${viewer.staffId}`,
        ip: ctx.ip ?? null,
        requestId: ctx.requestId,
        action: 'user.reset_password',
        entity: 'user',
        entityId: input.userId,
        reason: input.reason.trim(),
      }),
  );
  await afterAccountAppend(ctx.services);
  return true;
};
