/**
 * Start-up seeding (docs/auth.md "First administrator"): the permission tree, the built-in roles, and,
 * when no staff account exists, the first administrator with the super-administrator role: account
 * ADMIN_ACCOUNT (default `admin`), password ADMIN_PASSWORD or, when unset, a random one logged once.
 */
import { randomBytes } from 'node:crypto';
import type { SqlClient } from '@bashiri/eventstore';
import { hashPassword } from '../../auth/passwords.ts';
import { insertStaff } from './accounts.ts';
import { seedPermissionTree, seedRoles } from './permissions.ts';

/** Where the first administrator's credentials come from. */
export interface FirstAdminOptions {
  readonly env: { readonly ADMIN_ACCOUNT?: string; readonly ADMIN_PASSWORD?: string };
  /** Receives the one line announcing the account (and a generated password); the services' logger (warn) by default. */
  readonly log: (line: string) => void;
}

/**
 * Seeds the tree and roles, then creates the first administrator if there is no staff at all. Returns
 * the account created, or null. Safe to run on every start and from several processes.
 */
export const seedStaff = async (sql: SqlClient, options: FirstAdminOptions): Promise<string | null> => {
  await sql.transaction(async (tx) => {
    await seedPermissionTree(tx);
    await seedRoles(tx);
  });
  const existing = await sql.query('SELECT 1 FROM staff_accounts LIMIT 1');
  if (existing.rows.length > 0) return null;
  const account = (options.env.ADMIN_ACCOUNT ?? '').trim().toLowerCase() || 'admin';
  const generated = !options.env.ADMIN_PASSWORD;
  const password = options.env.ADMIN_PASSWORD || randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const created = await sql.transaction(async (tx) => {
    const roles = await tx.query<{ id: string }>(
      'SELECT id::text FROM staff_roles WHERE is_super ORDER BY id LIMIT 1',
    );
    const again = await tx.query('SELECT 1 FROM staff_accounts LIMIT 1');
    if (again.rows.length > 0) return null;
    // A generated password was printed in the log: it is changed at the first login (issue 15 item 5).
    return insertStaff(tx, {
      account,
      name: 'Administrator',
      passwordHash,
      roleId: roles.rows[0]!.id,
      mustChangePassword: generated,
    });
  });
  if (!created) return null;
  options.log(
    generated
      ? `first administrator created: account "${account}", password "${password}" (shown only now; the first login asks for a new one)`
      : `first administrator created: account "${account}" with the password from ADMIN_PASSWORD`,
  );
  return account;
};
