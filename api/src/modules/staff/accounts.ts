/**
 * Staff accounts: login with optional TOTP, own password and authenticator, and the manager list
 * (spec §5 Admin login, §6; issue 5 item 3; docs/auth.md). Every change is audited in its transaction.
 */
import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from '@bashiri/eventstore';
import { codedError } from '../../graphql/errors.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { audit } from '../audit/index.ts';
import { enforceRates, RATE_LIMITS } from '../../auth/limiter.ts';
import { checkNewPassword, decoyHash, hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { openSession, revokeAllSessions } from '../../auth/sessions.ts';
import type { IssuedToken } from '../../auth/sessions.ts';
import { requireStaff } from '../../auth/guard.ts';
import type { StaffViewer } from '../../auth/guard.ts';
import { assertCanAssignRole, assertCanManage } from './escalation.ts';
import { checkStaffPassword } from './password-policy.ts';
import { staffTotpRequired } from '../../config.ts';
import type { StaffSetupStep } from '../../graphql/context.ts';
import { permissionsOfStaff, staffSetupOf } from './permissions.ts';

/** The new password equals the old one (issue 15 item 5: a temporary password must really change). */
export const PASSWORD_UNCHANGED = 'PASSWORD_UNCHANGED';
/** Unbinding one's own authenticator while staff TOTP is required (`STAFF_TOTP`). */
export const TOTP_MANDATORY = 'TOTP_MANDATORY';
import { newTotpSecret, totpStep } from './totp.ts';

/** A `staff_accounts` row joined with its role. */
interface StaffRow {
  id: string;
  account: string;
  name: string;
  password_hash: string;
  role_id: string | null;
  disabled: boolean;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: string | null;
  created_at: Date;
  last_login_at: Date | null;
  last_login_ip: string | null;
}

/** The role as GraphQL shows it. */
export interface RoleObject {
  id: string;
  name: string;
  remarks: string;
  isSuper: boolean;
  nodeIds: string[];
}

/** Every role with its node ids (all nodes for the super role). */
export const loadRoles = async (sql: SqlExecutor, onlyId?: string): Promise<RoleObject[]> => {
  const result = await sql.query<{
    id: string;
    name: string;
    remarks: string;
    is_super: boolean;
    node_ids: string[] | null;
  }>(
    `SELECT r.id::text, r.name, r.remarks, r.is_super,
       CASE WHEN r.is_super THEN (SELECT array_agg(id::text ORDER BY id) FROM staff_permission_nodes)
            ELSE (SELECT array_agg(node_id::text ORDER BY node_id) FROM staff_role_nodes WHERE role_id = r.id) END AS node_ids
     FROM staff_roles r WHERE ($1::bigint IS NULL OR r.id = $1::bigint) ORDER BY r.id`,
    [onlyId ?? null],
  );
  return result.rows.map((r) => ({
    id: r.id,
    name: r.name,
    remarks: r.remarks,
    isSuper: r.is_super,
    nodeIds: r.node_ids ?? [],
  }));
};

const memberOf = (row: StaffRow, roles: readonly RoleObject[]) => ({
  id: row.id,
  account: row.account,
  name: row.name,
  role: roles.find((r) => r.id === String(row.role_id)) ?? null,
  disabled: row.disabled,
  totpBound: row.totp_secret !== null,
  createdAt: row.created_at,
  lastLoginAt: row.last_login_at,
  lastLoginIp: row.last_login_ip,
});
export type StaffMemberObject = ReturnType<typeof memberOf>;

/** A public view of a row for audit before/after (no hashes, no secrets). */
const auditView = (row: StaffRow | null) =>
  row && {
    account: row.account,
    name: row.name,
    roleId: row.role_id === null ? null : String(row.role_id),
    disabled: row.disabled,
    totpBound: row.totp_secret !== null,
  };

const loadRow = async (sql: SqlExecutor, id: string, lock = false): Promise<StaffRow | null> =>
  (
    await sql.query<StaffRow>(
      `SELECT id, account, name, password_hash, role_id::text, disabled, totp_secret, totp_pending_secret,
         totp_last_step::text, created_at, last_login_at, last_login_ip
       FROM staff_accounts WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    )
  ).rows[0] ?? null;

/** One manager as GraphQL shows it. */
export const loadMember = async (sql: SqlExecutor, id: string): Promise<StaffMemberObject | null> => {
  const row = await loadRow(sql, id);
  return row ? memberOf(row, await loadRoles(sql)) : null;
};

/** The logged-in staff member, any permission (own password, own authenticator). */
export const requireStaffLogin = (ctx: GraphQLContext): StaffViewer => {
  const viewer = ctx.viewer;
  if (!viewer || viewer.kind !== 'staff') throw codedError('UNAUTHENTICATED', 'staff login required');
  return viewer;
};

/** The audit fields common to every staff action. */
export const auditBase = (ctx: GraphQLContext, viewer: { staffId: string }) => ({
  actor: `staff:${viewer.staffId}`,
  ip: ctx.ip ?? null,
  requestId: ctx.requestId,
});

/** Staff login (spec §5 Admin login; subscriber/adminlogin); see staff.graphql `staffLogin`. */
export const staffLogin = async (
  ctx: GraphQLContext,
  input: { account: string; password: string; totpCode?: string | null },
): Promise<
  IssuedToken & { member: StaffMemberObject; permissions: string[]; setupRequired: StaffSetupStep[] }
> => {
  const { sql } = ctx.services;
  const now = ctx.services.now();
  const account = input.account.trim().toLowerCase();
  if (!account) throw codedError('ACCOUNT_REQUIRED', 'enter your account', { field: 'account' });
  if (!input.password) throw codedError('PASSWORD_REQUIRED', 'enter your password', { field: 'password' });
  await enforceRates(
    sql,
    [
      [`staff-login:ip:${ctx.ip}`, RATE_LIMITS.loginPerIp],
      [`staff-login:account:${account}`, RATE_LIMITS.loginPerAccount],
    ],
    now,
  );
  const found = await sql.query<{ id: string; password_hash: string }>(
    'SELECT id, password_hash FROM staff_accounts WHERE account = $1',
    [account],
  );
  const candidate = found.rows[0];
  const ok = await verifyPassword(candidate?.password_hash ?? (await decoyHash()), input.password);
  if (!candidate || !ok) throw codedError('LOGIN_FAILED', 'wrong account or password');
  return sql.transaction(async (tx) => {
    const row = (await loadRow(tx, candidate.id, true))!;
    if (row.disabled) throw codedError('ACCOUNT_DISABLED', 'this account is disabled');
    if (row.totp_secret) {
      const code = (input.totpCode ?? '').trim();
      if (!code)
        throw codedError('TOTP_REQUIRED', 'enter the Google Authenticator code', { field: 'totpCode' });
      const step = totpStep(row.totp_secret, row.account, code, now);
      if (step === null || (row.totp_last_step !== null && step <= Number(row.totp_last_step)))
        throw codedError('TOTP_INVALID', 'the Google Authenticator code is wrong', { field: 'totpCode' });
      await tx.query('UPDATE staff_accounts SET totp_last_step = $2 WHERE id = $1', [row.id, step]);
    }
    const permissions = await permissionsOfStaff(tx, row.id);
    if (permissions.size === 0)
      throw codedError('NO_LOGIN_PERMISSION', 'no permission to log in, contact the administrator');
    await tx.query('UPDATE staff_accounts SET last_login_at = $2, last_login_ip = $3 WHERE id = $1', [
      row.id,
      new Date(now),
      ctx.ip ?? null,
    ]);
    const issued = await openSession(tx, 'staff', row.id, now, {
      ip: ctx.ip ?? null,
      userAgent: (ctx.request?.headers['user-agent'] as string | undefined)?.slice(0, 300) ?? null,
    });
    await audit(tx, {
      ...auditBase(ctx, { staffId: row.id }),
      action: 'staff.login',
      entity: 'staff',
      entityId: row.id,
    });
    const member = memberOf(
      { ...row, last_login_at: new Date(now), last_login_ip: ctx.ip ?? null },
      await loadRoles(tx),
    );
    const setupRequired = await staffSetupOf(tx, row.id, staffTotpRequired(ctx.services.config));
    return { ...issued, member, permissions: [...permissions].sort(), setupRequired };
  });
};

/** Own password change; ends the caller's sessions. */
export const staffChangePassword = async (
  ctx: GraphQLContext,
  input: { oldPassword: string; newPassword: string; confirmPassword: string },
): Promise<boolean> => {
  const viewer = requireStaffLogin(ctx);
  const { sql } = ctx.services;
  const now = ctx.services.now();
  checkNewPassword(input.newPassword, input.confirmPassword, {
    password: 'newPassword',
    confirm: 'confirmPassword',
  });
  const row = await loadRow(sql, viewer.staffId);
  checkStaffPassword(input.newPassword, row?.account ?? null, 'newPassword');
  if (!row || !(await verifyPassword(row.password_hash, input.oldPassword)))
    throw codedError('WRONG_PASSWORD', 'the old password is wrong', { field: 'oldPassword' });
  if (input.newPassword === input.oldPassword)
    throw codedError(PASSWORD_UNCHANGED, 'choose a password different from the old one', {
      field: 'newPassword',
    });
  const hash = await hashPassword(input.newPassword);
  await sql.transaction(async (tx) => {
    await tx.query(
      'UPDATE staff_accounts SET password_hash = $2, must_change_password = false WHERE id = $1',
      [viewer.staffId, hash],
    );
    await revokeAllSessions(tx, 'staff', viewer.staffId, now);
    await audit(tx, {
      ...auditBase(ctx, viewer),
      action: 'staff.change_password',
      entity: 'staff',
      entityId: viewer.staffId,
    });
  });
  return true;
};

/** Starts binding an authenticator: a pending secret the next code confirms. */
export const beginTotpBinding = async (ctx: GraphQLContext): Promise<{ secret: string; uri: string }> => {
  const viewer = requireStaffLogin(ctx);
  return ctx.services.sql.transaction(async (tx) => {
    const row = await loadRow(tx, viewer.staffId, true);
    if (!row) throw codedError('UNAUTHENTICATED', 'staff login required');
    if (row.totp_secret)
      throw codedError('TOTP_ALREADY_BOUND', 'an authenticator is already bound; unbind it first');
    const binding = newTotpSecret(row.account);
    await tx.query('UPDATE staff_accounts SET totp_pending_secret = $2 WHERE id = $1', [
      row.id,
      binding.secret,
    ]);
    await audit(tx, {
      ...auditBase(ctx, viewer),
      action: 'staff.totp_begin',
      entity: 'staff',
      entityId: row.id,
    });
    return binding;
  });
};

/** Confirms the pending secret with a current code; from then on login needs a code. */
export const confirmTotpBinding = async (ctx: GraphQLContext, code: string): Promise<boolean> => {
  const viewer = requireStaffLogin(ctx);
  const now = ctx.services.now();
  return ctx.services.sql.transaction(async (tx) => {
    const row = await loadRow(tx, viewer.staffId, true);
    if (!row?.totp_pending_secret) throw codedError('TOTP_NOT_STARTED', 'start the binding first');
    const step = totpStep(row.totp_pending_secret, row.account, code, now);
    if (step === null)
      throw codedError('TOTP_INVALID', 'the Google Authenticator code is wrong', { field: 'code' });
    await tx.query(
      'UPDATE staff_accounts SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_last_step = $2 WHERE id = $1',
      [row.id, step],
    );
    await audit(tx, {
      ...auditBase(ctx, viewer),
      action: 'staff.totp_bind',
      entity: 'staff',
      entityId: row.id,
      before: { totpBound: false },
      after: { totpBound: true },
    });
    return true;
  });
};

/** Unbinds the caller's authenticator, proven with a current code. */
export const unbindTotp = async (ctx: GraphQLContext, code: string): Promise<boolean> => {
  const viewer = requireStaffLogin(ctx);
  const now = ctx.services.now();
  return ctx.services.sql.transaction(async (tx) => {
    if (staffTotpRequired(ctx.services.config))
      throw codedError(TOTP_MANDATORY, 'Google Authenticator is required for staff and cannot be unbound');
    const row = await loadRow(tx, viewer.staffId, true);
    if (!row?.totp_secret) throw codedError('TOTP_NOT_BOUND', 'no authenticator is bound');
    const step = totpStep(row.totp_secret, row.account, code, now);
    if (step === null || (row.totp_last_step !== null && step <= Number(row.totp_last_step)))
      throw codedError('TOTP_INVALID', 'the Google Authenticator code is wrong', { field: 'code' });
    await tx.query('UPDATE staff_accounts SET totp_secret = NULL, totp_last_step = NULL WHERE id = $1', [
      row.id,
    ]);
    await audit(tx, {
      ...auditBase(ctx, viewer),
      action: 'staff.totp_unbind',
      entity: 'staff',
      entityId: row.id,
      before: { totpBound: true },
      after: { totpBound: false },
    });
    return true;
  });
};

/** Unbinds another manager's authenticator (permission `staff.edit`; spec §6 "unbind Google"). */
export const unbindStaffTotp = async (
  ctx: GraphQLContext,
  staffId: string,
  reason: string,
): Promise<boolean> => {
  const viewer = requireStaff(ctx, 'staff.edit');
  if (!reason.trim()) throw codedError('REASON_REQUIRED', 'a reason is required', { field: 'reason' });
  return ctx.services.sql.transaction(async (tx) => {
    const row = await loadRow(tx, staffId, true);
    if (!row) throw codedError('NOT_FOUND', 'no such manager', { field: 'staffId' });
    await assertCanManage(tx, viewer, staffId);
    await tx.query(
      'UPDATE staff_accounts SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL WHERE id = $1',
      [staffId],
    );
    await audit(tx, {
      ...auditBase(ctx, viewer),
      action: 'staff.totp_unbind',
      entity: 'staff',
      entityId: staffId,
      reason: reason.trim(),
      before: auditView(row),
      after: { ...auditView(row), totpBound: false },
    });
    return true;
  });
};

/** Every manager (permission `staff.view`). */
export const listManagers = async (ctx: GraphQLContext): Promise<StaffMemberObject[]> => {
  requireStaff(ctx, 'staff.view');
  const { sql } = ctx.services;
  const rows = await sql.query<StaffRow>(
    `SELECT id, account, name, password_hash, role_id::text, disabled, totp_secret, totp_pending_secret,
       totp_last_step::text, created_at, last_login_at, last_login_ip FROM staff_accounts ORDER BY created_at, account`,
  );
  const roles = await loadRoles(sql);
  return rows.rows.map((r) => memberOf(r, roles));
};

const ACCOUNT_NAME = /^[a-z0-9._-]{3,32}$/;

const checkRole = async (tx: SqlExecutor, roleId: string | null | undefined): Promise<string | null> => {
  if (roleId === null || roleId === undefined) return null;
  if (!/^\d{1,18}$/.test(roleId)) throw codedError('ROLE_NOT_FOUND', 'no such role', { field: 'roleId' });
  const found = await tx.query('SELECT 1 FROM staff_roles WHERE id = $1::bigint', [roleId]);
  if (found.rows.length === 0) throw codedError('ROLE_NOT_FOUND', 'no such role', { field: 'roleId' });
  return roleId;
};

/** Inserts a manager (no permission check, no audit): the first administrator and {@link createManager}. */
export const insertStaff = async (
  tx: SqlExecutor,
  input: {
    account: string;
    name: string;
    passwordHash: string;
    roleId: string | null;
    /** The password is someone else's choice: the account sets its own at first login (issue 15 item 5). */
    mustChangePassword?: boolean;
  },
): Promise<string | null> => {
  const id = randomUUID();
  const result = await tx.query(
    `INSERT INTO staff_accounts (id, account, name, password_hash, role_id, must_change_password)
     VALUES ($1, $2, $3, $4, $5::bigint, $6)
     ON CONFLICT (account) DO NOTHING`,
    [id, input.account, input.name, input.passwordHash, input.roleId, input.mustChangePassword ?? false],
  );
  return result.rowCount > 0 ? id : null;
};

/** Creates a manager (permission `staff.edit`). */
export const createManager = async (
  ctx: GraphQLContext,
  input: { account?: string | null; name?: string | null; password?: string | null; roleId?: string | null },
): Promise<StaffMemberObject> => {
  const viewer = requireStaff(ctx, 'staff.edit');
  const account = (input.account ?? '').trim().toLowerCase();
  if (!ACCOUNT_NAME.test(account))
    throw codedError('BAD_INPUT', 'account: 3–32 letters, digits, ".", "_" or "-"', { field: 'account' });
  checkNewPassword(input.password ?? '', input.password ?? '');
  checkStaffPassword(input.password!, account);
  const hash = await hashPassword(input.password!);
  const { sql } = ctx.services;
  const id = await sql.transaction(async (tx) => {
    const roleId = await checkRole(tx, input.roleId);
    if (roleId) await assertCanAssignRole(tx, viewer, roleId);
    const created = await insertStaff(tx, {
      account,
      name: (input.name ?? '').trim(),
      passwordHash: hash,
      roleId,
    });
    if (!created) throw codedError('ACCOUNT_TAKEN', 'this account name is taken', { field: 'account' });
    await audit(tx, {
      ...auditBase(ctx, viewer),
      action: 'staff.create',
      entity: 'staff',
      entityId: created,
      after: auditView(await loadRow(tx, created)),
    });
    return created;
  });
  return (await loadMember(sql, id))!;
};

/** Edits a manager's name, role, disabled flag (permission `staff.edit`); disabling ends their sessions. */
export const updateManager = async (
  ctx: GraphQLContext,
  id: string,
  input: { name?: string | null; roleId?: string | null; disabled?: boolean | null },
): Promise<StaffMemberObject> => {
  const viewer = requireStaff(ctx, 'staff.edit');
  const { sql } = ctx.services;
  const now = ctx.services.now();
  await sql.transaction(async (tx) => {
    const before = await loadRow(tx, id, true);
    if (!before) throw codedError('NOT_FOUND', 'no such manager', { field: 'id' });
    if (id === viewer.staffId && (input.disabled === true || input.roleId !== undefined))
      throw codedError('CONFLICT', 'you cannot disable yourself or change your own role', { field: 'id' });
    await assertCanManage(tx, viewer, id);
    const roleId = input.roleId === undefined ? before.role_id : await checkRole(tx, input.roleId);
    if (roleId && roleId !== before.role_id) await assertCanAssignRole(tx, viewer, roleId);
    const name = input.name === undefined || input.name === null ? before.name : input.name.trim();
    const disabled = input.disabled ?? before.disabled;
    await tx.query('UPDATE staff_accounts SET name = $2, role_id = $3::bigint, disabled = $4 WHERE id = $1', [
      id,
      name,
      roleId,
      disabled,
    ]);
    if (disabled && !before.disabled) await revokeAllSessions(tx, 'staff', id, now);
    await audit(tx, {
      ...auditBase(ctx, viewer),
      action: 'staff.update',
      entity: 'staff',
      entityId: id,
      before: auditView(before),
      after: auditView(await loadRow(tx, id)),
    });
  });
  return (await loadMember(sql, id))!;
};

/** Sets another manager's password (permission `staff.edit`); ends their sessions. */
export const resetManagerPassword = async (
  ctx: GraphQLContext,
  input: { id: string; password: string; confirmPassword: string },
): Promise<boolean> => {
  const viewer = requireStaff(ctx, 'staff.edit');
  checkNewPassword(input.password, input.confirmPassword);
  checkStaffPassword(input.password, null);
  const hash = await hashPassword(input.password);
  const now = ctx.services.now();
  return ctx.services.sql.transaction(async (tx) => {
    const row = await loadRow(tx, input.id, true);
    if (!row) throw codedError('NOT_FOUND', 'no such manager', { field: 'id' });
    await assertCanManage(tx, viewer, input.id);
    // A password someone else chose is temporary: its holder sets their own at the next login.
    await tx.query(
      'UPDATE staff_accounts SET password_hash = $2, must_change_password = true WHERE id = $1',
      [input.id, hash],
    );
    await revokeAllSessions(tx, 'staff', input.id, now);
    await audit(tx, {
      ...auditBase(ctx, viewer),
      action: 'staff.reset_password',
      entity: 'staff',
      entityId: input.id,
    });
    return true;
  });
};
