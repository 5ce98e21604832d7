/**
 * Staff passwords (issue 15 item 5; password-policy.ts): at least 12 characters and not common, for a
 * new manager, a reset and one's own change; players keep the spec's 4-character minimum.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, TEST_ADMIN } from '../identity/testing.ts';
import type { GqlResult, TestApp } from '../identity/testing.ts';
import { checkStaffPassword } from './password-policy.ts';

const LOGIN = `mutation ($a: String!, $p: String!) { staffLogin(account: $a, password: $p) { token staff { id } } }`;
const CREATE = `mutation ($a: String!, $p: String!) { createManager(input: { account: $a, password: $p }) { id } }`;
const codeOf = (r: GqlResult) => r.errors?.[0]?.extensions?.code;
/** A suffix of this attempt's own for the accounts a test creates (a retry in CI runs in the same database). */
const attempt = () => String(randomInt(1_000_000));

describe('staff password policy', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await openTestApp();
    admin = (
      await t.gql<{ staffLogin: { token: string } }>(LOGIN, { a: TEST_ADMIN.account, p: TEST_ADMIN.password })
    ).data!.staffLogin.token;
  });
  afterAll(async () => t.close());

  it('refuses a short or common password for a new manager', async () => {
    expect(codeOf(await t.gql(CREATE, { a: 'short.one', p: 'pass1' }, { token: admin }))).toBe(
      'PASSWORD_TOO_SHORT',
    );
    expect(codeOf(await t.gql(CREATE, { a: 'eleven.one', p: 'x7#Kq9!mZ2a' }, { token: admin }))).toBe(
      'PASSWORD_TOO_SHORT',
    );
    for (const p of ['password1234', 'qwertyuiop123', 'common.one2024'])
      expect(codeOf(await t.gql(CREATE, { a: 'common.one', p }, { token: admin })), p).toBe(
        'PASSWORD_TOO_COMMON',
      );
    expect(
      (await t.gql(CREATE, { a: `strong.${attempt()}`, p: 'Staff-Pass-2026!' }, { token: admin })).errors,
    ).toBeUndefined();
  });

  it('refuses a weak password on reset and on one’s own change', async () => {
    const account = `changer.${attempt()}`;
    const created = await t.gql<{ createManager: { id: string } }>(
      'mutation ($a: String!, $p: String!) { createManager(input: { account: $a, password: $p, roleId: "2" }) { id } }',
      { a: account, p: 'Staff-Pass-2026!' },
      { token: admin },
    );
    const id = created.data!.createManager.id;
    const reset = await t.gql(
      'mutation ($id: ID!) { resetManagerPassword(id: $id, password: "password1234", confirmPassword: "password1234") }',
      { id },
      { token: admin },
    );
    expect(codeOf(reset)).toBe('PASSWORD_TOO_COMMON');
    const own = (await t.gql<{ staffLogin: { token: string } }>(LOGIN, { a: account, p: 'Staff-Pass-2026!' }))
      .data!.staffLogin.token;
    const change = await t.gql(
      'mutation { staffChangePassword(oldPassword: "Staff-Pass-2026!", newPassword: "short", confirmPassword: "short") }',
      {},
      { token: own },
    );
    expect(codeOf(change)).toBe('PASSWORD_TOO_SHORT');
  });

  it('checks without a server', () => {
    expect(() => checkStaffPassword('Bashiri12345', null)).toThrow(/common/);
    expect(() => checkStaffPassword('Correct-Horse-9b', null)).not.toThrow();
  });
});
