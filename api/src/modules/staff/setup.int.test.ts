/**
 * Staff setup before the back office opens (issue 15 item 5; docs/auth.md "Staff setup"): with
 * `STAFF_TOTP=required` an account without an authenticator may log in, but every operation needing a
 * permission answers STAFF_SETUP_REQUIRED until it binds one; a password someone else chose (a manager's
 * reset, the generated first administrator's) must be changed first. Own password and authenticator
 * stay reachable, and a required authenticator cannot be unbound.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '@bashiri/eventstore';
import { openTestDatabase } from '@bashiri/eventstore/testing';
import { openTestApp, TEST_ADMIN } from '../identity/testing.ts';
import type { GqlResult, TestApp } from '../identity/testing.ts';
import { seedStaff } from './first-admin.ts';
import { staffSetupOf } from './permissions.ts';
import { totpCode } from './totp.ts';

const LOGIN = `mutation ($a: String!, $p: String!, $c: String) {
  staffLogin(account: $a, password: $p, totpCode: $c) { token setupRequired staff { id } }
}`;
const ME = '{ staffMe { setupRequired permissions } }';
const MANAGERS = '{ managers { id account } }';
const codeOf = (r: GqlResult) => r.errors?.[0]?.extensions?.code;

type Login = { token: string; setupRequired: string[]; staff: { id: string } };

describe('staff setup with STAFF_TOTP=required', () => {
  let t: TestApp;
  const login = async (account: string, password: string, code?: string) => {
    const r = await t.gql<{ staffLogin: Login }>(LOGIN, { a: account, p: password, c: code ?? null });
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    return r.data!.staffLogin;
  };
  /** Binds an authenticator to the caller and returns its secret. */
  const bind = async (token: string): Promise<string> => {
    const begun = await t.gql<{ beginTotpBinding: { secret: string } }>(
      'mutation { beginTotpBinding { secret } }',
      {},
      { token },
    );
    expect(begun.errors).toBeUndefined();
    const secret = begun.data!.beginTotpBinding.secret;
    const me = await t.gql<{ staffMe: { setupRequired: string[] } }>(ME, {}, { token });
    expect(me.errors).toBeUndefined();
    const confirmed = await t.gql(
      'mutation ($c: String!) { confirmTotpBinding(code: $c) }',
      { c: totpCode(secret, TEST_ADMIN.account, t.services.now()) },
      { token },
    );
    expect(confirmed.errors, JSON.stringify(confirmed.errors)).toBeUndefined();
    return secret;
  };

  // An app of its own for each test and attempt: the tests bind the one administrator's authenticator,
  // which a retried attempt (CI's retry, `FORCE_RETRY=1`) in a shared app would find already bound.
  beforeEach(async () => {
    t = await openTestApp({ STAFF_TOTP: 'required' });
  });
  afterEach(async () => t?.close());

  it('refuses every permission until an authenticator is bound, then opens', async () => {
    const first = await login(TEST_ADMIN.account, TEST_ADMIN.password);
    expect(first.setupRequired).toEqual(['BIND_TOTP']);
    const refused = await t.gql(MANAGERS, {}, { token: first.token });
    expect(codeOf(refused)).toBe('STAFF_SETUP_REQUIRED');
    expect(refused.data?.['managers'] ?? null).toBeNull();
    const me = await t.gql<{ staffMe: { setupRequired: string[] } }>(ME, {}, { token: first.token });
    expect(me.data!.staffMe.setupRequired).toEqual(['BIND_TOTP']);

    const secret = await bind(first.token);
    // The same session opens at once: the setup is read on every request.
    const open = await t.gql(MANAGERS, {}, { token: first.token });
    expect(open.errors).toBeUndefined();
    // The next login needs a code, and the code cannot be unbound while required.
    const noCode = await t.gql(LOGIN, { a: TEST_ADMIN.account, p: TEST_ADMIN.password });
    expect(codeOf(noCode)).toBe('TOTP_REQUIRED');
    t.advance(31_000);
    const again = await login(
      TEST_ADMIN.account,
      TEST_ADMIN.password,
      totpCode(secret, 'admin', t.services.now()),
    );
    expect(again.setupRequired).toEqual([]);
    t.advance(31_000);
    const unbind = await t.gql(
      'mutation ($c: String!) { unbindTotp(code: $c) }',
      { c: totpCode(secret, 'admin', t.services.now()) },
      { token: again.token },
    );
    expect(codeOf(unbind)).toBe('TOTP_MANDATORY');
  });

  it('makes a manager whose password was reset change it before anything else', async () => {
    const secret = await bind((await login(TEST_ADMIN.account, TEST_ADMIN.password)).token);
    t.advance(31_000);
    const admin = await login(
      TEST_ADMIN.account,
      TEST_ADMIN.password,
      totpCode(secret, 'admin', t.services.now()),
    );
    const roles = await t.gql<{ staffRoles: { id: string; isSuper: boolean }[] }>(
      '{ staffRoles { id isSuper } }',
      {},
      { token: admin.token },
    );
    const role = roles.data!.staffRoles.find((r) => !r.isSuper)!;
    const created = await t.gql<{ createManager: { id: string } }>(
      'mutation ($r: ID) { createManager(input: { account: "clerk", password: "Clerk-Pass-2026!", roleId: $r }) { id } }',
      { r: role.id },
      { token: admin.token },
    );
    expect(created.errors, JSON.stringify(created.errors)).toBeUndefined();
    const reset = await t.gql(
      'mutation ($id: ID!) { resetManagerPassword(id: $id, password: "Temp-Pass-2026!", confirmPassword: "Temp-Pass-2026!") }',
      { id: created.data!.createManager.id },
      { token: admin.token },
    );
    expect(reset.errors).toBeUndefined();

    const clerk = await login('clerk', 'Temp-Pass-2026!');
    expect(clerk.setupRequired).toEqual(['CHANGE_PASSWORD', 'BIND_TOTP']);
    const change = (newPassword: string) =>
      t.gql(
        'mutation ($o: String!, $n: String!) { staffChangePassword(oldPassword: $o, newPassword: $n, confirmPassword: $n) }',
        { o: 'Temp-Pass-2026!', n: newPassword },
        { token: clerk.token },
      );
    expect(codeOf(await change('Temp-Pass-2026!'))).toBe('PASSWORD_UNCHANGED');
    expect((await change('Clerk-Own-Pass-77!')).errors).toBeUndefined();
    const after = await login('clerk', 'Clerk-Own-Pass-77!');
    expect(after.setupRequired).toEqual(['BIND_TOTP']);
  });
});

describe('the first administrator', () => {
  it('changes a generated password at the first login, not one from ADMIN_PASSWORD', async () => {
    const db = await openTestDatabase('pglite');
    try {
      await migrate(db.sql, {
        folder: new URL('./migrations/', import.meta.url),
        table: 'api_staff_schema_version',
      });
      await seedStaff(db.sql, { env: {}, log: () => undefined });
      const generated = await db.sql.query<{ id: string }>(
        "SELECT id FROM staff_accounts WHERE account = 'admin'",
      );
      expect(await staffSetupOf(db.sql, generated.rows[0]!.id, false)).toEqual(['CHANGE_PASSWORD']);
      await db.sql.query('DELETE FROM staff_accounts');
      await seedStaff(db.sql, { env: { ADMIN_PASSWORD: 'Chosen-By-Operator-1' }, log: () => undefined });
      const chosen = await db.sql.query<{ id: string }>(
        "SELECT id FROM staff_accounts WHERE account = 'admin'",
      );
      expect(await staffSetupOf(db.sql, chosen.rows[0]!.id, false)).toEqual([]);
      expect(await staffSetupOf(db.sql, chosen.rows[0]!.id, true)).toEqual(['BIND_TOTP']);
    } finally {
      await db.dispose();
    }
  });
});
