/**
 * The permission tree and roles (spec §3 Role, Permission node; §6): seeding from {@link PERMISSIONS},
 * and the permission codes a staff member holds (what {@link requireStaff} checks).
 */
import type { SqlExecutor } from '@bashiri/eventstore';
import { PERMISSION_CODES, PERMISSIONS } from '../../auth/guard.ts';
import type { PermissionCode } from '../../auth/guard.ts';
import type { StaffSetupStep } from '../../graphql/context.ts';

/** Roles created at first start (docs/auth.md "Roles"). The super administrator holds every node. */
export const SEED_ROLES: readonly {
  name: string;
  remarks: string;
  isSuper: boolean;
  codes: PermissionCode[];
}[] = [
  { name: 'super administrator', remarks: 'Every permission, present and future', isSuper: true, codes: [] },
  {
    name: 'customer service',
    remarks:
      'Views users, orders, bills and payments; messages players and answers the message board; no money actions',
    isSuper: false,
    codes: [
      'users.view',
      'orders.view',
      'bills.view',
      'payments.view',
      'sms.view',
      'content.view',
      'messages.send',
    ],
  },
  {
    name: 'agent',
    remarks: 'Own statistics and invited users',
    isSuper: false,
    codes: ['agents.view'],
  },
];

const areaOf = (code: string): string => code.split('.')[0]!;
const titleOf = (area: string): string => area.charAt(0).toUpperCase() + area.slice(1).replace(/_/g, ' ');

/**
 * Inserts the route node of each area (code = area, path `/<area>`) and a button node per permission
 * code under it; existing codes are left as staff edited them. Idempotent.
 */
export const seedPermissionTree = async (tx: SqlExecutor): Promise<void> => {
  const areas = [...new Set(PERMISSION_CODES.map(areaOf))];
  for (const [index, area] of areas.entries()) {
    await tx.query(
      `INSERT INTO staff_permission_nodes (code, name, path, type, sort, language_variable)
       VALUES ($1, $2, $3, 'route', $4, $5) ON CONFLICT (code) DO NOTHING`,
      [area, titleOf(area), `/${area}`, index, `menu.${area}`],
    );
  }
  for (const [index, code] of PERMISSION_CODES.entries()) {
    await tx.query(
      `INSERT INTO staff_permission_nodes (code, name, type, sort, language_variable, parent_id)
       SELECT $1::text, $2::text, 'button', $3::integer, $4::text, id FROM staff_permission_nodes WHERE code = $5
       ON CONFLICT (code) DO NOTHING`,
      [code, PERMISSIONS[code].label, index, `permission.${code}`, areaOf(code)],
    );
  }
};

/** Creates the {@link SEED_ROLES} that do not exist yet, each with its codes and their area nodes. */
export const seedRoles = async (tx: SqlExecutor): Promise<void> => {
  for (const role of SEED_ROLES) {
    const created = await tx.query<{ id: string }>(
      `INSERT INTO staff_roles (name, remarks, is_super) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING RETURNING id`,
      [role.name, role.remarks, role.isSuper],
    );
    const id = created.rows[0]?.id;
    if (!id || role.codes.length === 0) continue;
    const codes = [...new Set([...role.codes, ...role.codes.map(areaOf)])];
    await tx.query(
      `INSERT INTO staff_role_nodes (role_id, node_id)
       SELECT $1::bigint, id FROM staff_permission_nodes WHERE code = ANY($2::text[]) ON CONFLICT DO NOTHING`,
      [id, codes],
    );
  }
};

/**
 * The permission codes (route and button nodes) of an active staff member; empty when disabled,
 * without a role, or with a role holding nothing.
 */
export const permissionsOfStaff = async (sql: SqlExecutor, staffId: string): Promise<Set<string>> => {
  const result = await sql.query<{ code: string }>(
    `SELECT n.code FROM staff_accounts a
     JOIN staff_roles r ON r.id = a.role_id
     JOIN staff_permission_nodes n
       ON r.is_super OR n.id IN (SELECT node_id FROM staff_role_nodes WHERE role_id = r.id)
     WHERE a.id = $1 AND NOT a.disabled AND n.code IS NOT NULL`,
    [staffId],
  );
  return new Set(result.rows.map((r) => r.code));
};

/**
 * What a staff account must still do before it may use its permissions (issue 15 item 5; docs/auth.md
 * "Staff setup"), in order: `CHANGE_PASSWORD` while its password is one someone else chose (the
 * generated first administrator's, a manager's reset), then `BIND_TOTP` while no authenticator is bound
 * and `totpRequired`. Empty for an unknown account.
 */
export const staffSetupOf = async (
  sql: SqlExecutor,
  staffId: string,
  totpRequired: boolean,
): Promise<StaffSetupStep[]> => {
  const result = await sql.query<{ must_change_password: boolean; totp_bound: boolean }>(
    'SELECT must_change_password, totp_secret IS NOT NULL AS totp_bound FROM staff_accounts WHERE id = $1',
    [staffId],
  );
  const row = result.rows[0];
  if (!row) return [];
  return [
    ...(row.must_change_password ? (['CHANGE_PASSWORD'] as const) : []),
    ...(totpRequired && !row.totp_bound ? (['BIND_TOTP'] as const) : []),
  ];
};
