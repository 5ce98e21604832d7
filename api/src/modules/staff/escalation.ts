/**
 * Limits between staff members (issue 15 item 4; docs/auth.md "Roles and escalation"): a staff member
 * grants only permissions they hold (roles, nodes, a manager's role), never touches an account holding
 * something they do not, and only a super administrator touches a super administrator or hands out the
 * super-administrator role. Each check runs inside the change's transaction and refuses with
 * `FORBIDDEN` (`details.reason` says which rule).
 */
import type { SqlExecutor } from '@bashiri/eventstore';
import { codedError } from '../../graphql/errors.ts';
import type { StaffViewer } from '../../auth/guard.ts';

const refuse = (reason: string, message: string, details: Record<string, unknown> = {}) =>
  codedError('FORBIDDEN', message, { details: { reason, ...details } });

/** True when the staff member `staffId` has the super-administrator role (and is not disabled). */
export const isSuperStaff = async (sql: SqlExecutor, staffId: string): Promise<boolean> => {
  const r = await sql.query(
    `SELECT 1 FROM staff_accounts a JOIN staff_roles r ON r.id = a.role_id
     WHERE a.id = $1 AND r.is_super AND NOT a.disabled`,
    [staffId],
  );
  return r.rows.length > 0;
};

/**
 * Refuses (`PERMISSION_NOT_HELD`) when any of `codes` is not among the viewer's own permissions; a super
 * administrator holds every permission, present and future (a new code included).
 */
export const assertHolds = async (
  sql: SqlExecutor,
  viewer: StaffViewer,
  codes: Iterable<string | null>,
): Promise<void> => {
  const missing = [...codes].filter((c): c is string => c !== null && !viewer.permissions.has(c));
  if (missing.length === 0 || (await isSuperStaff(sql, viewer.staffId))) return;
  throw refuse(
    'PERMISSION_NOT_HELD',
    `you may grant only permissions you hold; missing: ${missing.join(', ')}`,
    {
      missing,
    },
  );
};

/** The permission codes role `roleId` gives and whether it is the super role; null when there is none. */
export const roleGrants = async (
  sql: SqlExecutor,
  roleId: string,
): Promise<{ isSuper: boolean; codes: string[] } | null> => {
  const role = await sql.query<{ is_super: boolean }>(
    'SELECT is_super FROM staff_roles WHERE id = $1::bigint',
    [roleId],
  );
  if (!role.rows[0]) return null;
  const codes = await sql.query<{ code: string }>(
    role.rows[0].is_super
      ? 'SELECT code FROM staff_permission_nodes WHERE code IS NOT NULL'
      : `SELECT n.code FROM staff_role_nodes rn JOIN staff_permission_nodes n ON n.id = rn.node_id
         WHERE rn.role_id = $1::bigint AND n.code IS NOT NULL`,
    role.rows[0].is_super ? [] : [roleId],
  );
  return { isSuper: role.rows[0].is_super, codes: codes.rows.map((r) => r.code) };
};

/**
 * Refuses giving role `roleId` to a manager unless the viewer holds every permission it grants; the
 * super-administrator role only by a super administrator (`SUPER_ROLE`).
 */
export const assertCanAssignRole = async (
  sql: SqlExecutor,
  viewer: StaffViewer,
  roleId: string,
): Promise<void> => {
  const grants = await roleGrants(sql, roleId);
  if (!grants) return;
  if (grants.isSuper && !(await isSuperStaff(sql, viewer.staffId)))
    throw refuse('SUPER_ROLE', 'only a super administrator may give the super-administrator role');
  await assertHolds(sql, viewer, grants.codes);
};

/**
 * Refuses acting on manager `targetId` (edit, disable, reset password, unbind TOTP) when they are a super
 * administrator and the viewer is not (`SUPER_PROTECTED`), or hold a permission the viewer does not
 * (`ACCOUNT_ABOVE_YOURS`). Acting on oneself is the caller's own rule.
 */
export const assertCanManage = async (
  sql: SqlExecutor,
  viewer: StaffViewer,
  targetId: string,
): Promise<void> => {
  if (targetId === viewer.staffId) return;
  // The target's role as it stands, disabled or not: re-enabling a disabled account is touching it.
  const target = await sql.query<{ role_id: string | null }>(
    'SELECT role_id::text FROM staff_accounts WHERE id = $1',
    [targetId],
  );
  const roleId = target.rows[0]?.role_id;
  const grants = roleId ? await roleGrants(sql, roleId) : null;
  if (!grants) return;
  if (grants.isSuper && !(await isSuperStaff(sql, viewer.staffId)))
    throw refuse('SUPER_PROTECTED', 'a super administrator can be changed only by a super administrator');
  const above = grants.codes.filter((c) => !viewer.permissions.has(c));
  if (above.length > 0)
    throw refuse('ACCOUNT_ABOVE_YOURS', 'this manager holds permissions you do not', { missing: above });
};
