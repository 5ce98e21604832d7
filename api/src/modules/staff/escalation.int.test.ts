/**
 * Privilege escalation between staff (issue 15 item 4; escalation.ts): what the probe did — a role
 * with only `staff.view` and `staff.edit` created a super administrator, reset a super
 * administrator's password, and `roles.edit` added any permission — is refused with FORBIDDEN, while
 * the super administrator keeps every power.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, TEST_ADMIN } from '../identity/testing.ts';
import type { GqlResult, TestApp } from '../identity/testing.ts';

const LOGIN = `mutation ($a: String!, $p: String!) { staffLogin(account: $a, password: $p) { token staff { id } } }`;
const PASSWORD = 'manager-password-1';
const reasonOf = (r: GqlResult) =>
  (r.errors?.[0]?.extensions as { details?: { reason?: string } })?.details?.reason;
const codeOf = (r: GqlResult) => r.errors?.[0]?.extensions?.code;

describe('staff cannot raise themselves or others above their own permissions', () => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let superRole: string;
  let csRole: string;
  let nodes: Map<string, string>;
  /** A manager holding `staff.view` + `staff.edit` only. */
  let staffEditor: string;
  /** A manager holding `roles.edit` only. */
  let roleEditor: string;
  let roleEditorRole: string;

  const login = async (account: string, password: string) => {
    const r = await t.gql<{ staffLogin: { token: string; staff: { id: string } } }>(LOGIN, {
      a: account,
      p: password,
    });
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    return r.data!.staffLogin;
  };
  const as = (token: string, query: string, variables: Record<string, unknown> = {}) =>
    t.gql(query, variables, { token });
  const createRole = async (name: string, codes: string[]) => {
    const r = await as(
      admin,
      'mutation ($n: String!, $ids: [ID!]!) { createRole(input: { name: $n, nodeIds: $ids }) { id } }',
      {
        n: name,
        ids: codes.map((c) => nodes.get(c)!),
      },
    );
    expect(r.errors).toBeUndefined();
    return (r.data as { createRole: { id: string } }).createRole.id;
  };
  const createManager = async (account: string, roleId: string) => {
    const r = await as(
      admin,
      'mutation ($a: String!, $p: String!, $r: ID) { createManager(input: { account: $a, password: $p, roleId: $r }) { id } }',
      {
        a: account,
        p: PASSWORD,
        r: roleId,
      },
    );
    expect(r.errors).toBeUndefined();
    return (await login(account, PASSWORD)).token;
  };

  beforeAll(async () => {
    t = await openTestApp();
    const session = await login(TEST_ADMIN.account, TEST_ADMIN.password);
    admin = session.token;
    adminId = session.staff.id;
    const roles = (await as(admin, '{ staffRoles { id name isSuper } }')).data as {
      staffRoles: { id: string; name: string; isSuper: boolean }[];
    };
    superRole = roles.staffRoles.find((r) => r.isSuper)!.id;
    csRole = roles.staffRoles.find((r) => r.name === 'customer service')!.id;
    const tree = (await as(admin, '{ permissionTree { id code } }')).data as {
      permissionTree: { id: string; code: string | null }[];
    };
    nodes = new Map(tree.permissionTree.filter((n) => n.code).map((n) => [n.code!, n.id]));
    staffEditor = await createManager(
      'staff.editor',
      await createRole('staff editors', ['staff', 'staff.view', 'staff.edit']),
    );
    roleEditorRole = await createRole('role editors', ['roles', 'roles.edit']);
    roleEditor = await createManager('role.editor', roleEditorRole);
  });
  afterAll(async () => t.close());

  it('refuses creating a super administrator without being one', async () => {
    const r = await as(
      staffEditor,
      'mutation ($r: ID) { createManager(input: { account: "evil.super", password: "evil-password-1", roleId: $r }) { id } }',
      { r: superRole },
    );
    expect(codeOf(r)).toBe('FORBIDDEN');
    expect(reasonOf(r)).toBe('SUPER_ROLE');
  });

  it('refuses giving a role that holds permissions the caller lacks', async () => {
    const r = await as(
      staffEditor,
      'mutation ($r: ID) { createManager(input: { account: "evil.cs", password: "evil-password-1", roleId: $r }) { id } }',
      { r: csRole },
    );
    expect(reasonOf(r)).toBe('PERMISSION_NOT_HELD');
  });

  it('allows creating a manager with no more than the caller holds', async () => {
    const r = await as(
      staffEditor,
      'mutation { createManager(input: { account: "plain.one", password: "plain-password-1" }) { id } }',
    );
    expect(r.errors).toBeUndefined();
  });

  it('refuses touching a super administrator: password, edit, disable, TOTP', async () => {
    const reset = await as(
      staffEditor,
      'mutation ($id: ID!) { resetManagerPassword(id: $id, password: "taken-over-pass", confirmPassword: "taken-over-pass") }',
      { id: adminId },
    );
    expect(reasonOf(reset)).toBe('SUPER_PROTECTED');
    const disable = await as(
      staffEditor,
      'mutation ($id: ID!) { updateManager(id: $id, input: { disabled: true }) { id } }',
      { id: adminId },
    );
    expect(reasonOf(disable)).toBe('SUPER_PROTECTED');
    const unbind = await as(
      staffEditor,
      'mutation ($id: ID!) { unbindStaffTotp(staffId: $id, reason: "lost") }',
      { id: adminId },
    );
    expect(reasonOf(unbind)).toBe('SUPER_PROTECTED');
    // The administrator's password still works.
    await login(TEST_ADMIN.account, TEST_ADMIN.password);
  });

  it('refuses touching an account holding a permission the caller lacks', async () => {
    const managers = (await as(admin, '{ managers { id account } }')).data as {
      managers: { id: string; account: string }[];
    };
    const target = managers.managers.find((m) => m.account === 'role.editor')!.id;
    const reset = await as(
      staffEditor,
      'mutation ($id: ID!) { resetManagerPassword(id: $id, password: "taken-over-pass", confirmPassword: "taken-over-pass") }',
      { id: target },
    );
    expect(reasonOf(reset)).toBe('ACCOUNT_ABOVE_YOURS');
  });

  it('refuses a role editor adding permissions they lack, to a new role or their own', async () => {
    const create = await as(
      roleEditor,
      'mutation ($ids: [ID!]!) { createRole(input: { name: "money", nodeIds: $ids }) { id } }',
      {
        ids: [nodes.get('users.adjust_money')!],
      },
    );
    expect(reasonOf(create)).toBe('PERMISSION_NOT_HELD');
    const own = await as(
      roleEditor,
      'mutation ($id: ID!, $ids: [ID!]!) { updateRole(id: $id, input: { name: "role editors", nodeIds: $ids }) { id } }',
      {
        id: roleEditorRole,
        ids: [nodes.get('roles')!, nodes.get('roles.edit')!, nodes.get('staff.edit')!],
      },
    );
    expect(reasonOf(own)).toBe('PERMISSION_NOT_HELD');
    const theirs = await as(roleEditor, 'mutation ($id: ID!) { deleteRole(id: $id) }', { id: csRole });
    expect(reasonOf(theirs)).toBe('PERMISSION_NOT_HELD');
  });

  it('refuses a role editor renaming or creating permission nodes they do not hold', async () => {
    const rename = await as(
      roleEditor,
      'mutation ($id: ID!) { updatePermissionNode(id: $id, input: { name: "x", code: "roles.edit2", type: BUTTON }) { id } }',
      {
        id: nodes.get('users.adjust_money')!,
      },
    );
    expect(reasonOf(rename)).toBe('PERMISSION_NOT_HELD');
    const intoHeld = await as(
      roleEditor,
      'mutation ($id: ID!) { updatePermissionNode(id: $id, input: { name: "x", code: "users.adjust_money", type: BUTTON }) { id } }',
      {
        id: nodes.get('roles.edit')!,
      },
    );
    expect(codeOf(intoHeld)).toBe('FORBIDDEN');
    const create = await as(
      roleEditor,
      'mutation { createPermissionNode(input: { name: "n", code: "export.everything", type: BUTTON }) { id } }',
    );
    expect(reasonOf(create)).toBe('PERMISSION_NOT_HELD');
    const remove = await as(roleEditor, 'mutation ($id: ID!) { deletePermissionNode(id: $id) }', {
      id: nodes.get('users')!,
    });
    expect(reasonOf(remove)).toBe('PERMISSION_NOT_HELD');
  });

  it('lets the super administrator do all of it', async () => {
    const r = await as(
      admin,
      'mutation ($r: ID) { createManager(input: { account: "second.super", password: "second-password-1", roleId: $r }) { id } }',
      { r: superRole },
    );
    expect(r.errors).toBeUndefined();
  });
});
