import { TOTP, Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, TEST_ADMIN } from '../identity/testing.ts';
import type { GqlResult, TestApp } from '../identity/testing.ts';
import { PERMISSION_CODES } from '../../auth/guard.ts';

const LOGIN = `mutation ($a: String!, $p: String!, $c: String) {
  staffLogin(account: $a, password: $p, totpCode: $c) { token permissions staff { id account totpBound role { name } } }
}`;
type Login = { staffLogin: { token: string; permissions: string[]; staff: { id: string; account: string } } };
const errorOf = (r: GqlResult) => r.errors?.[0]?.extensions;
const codeAt = (secret: string, ms: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: ms,
  });

/** Every staff operation with variables that would pass validation, and the permission it needs. */
const OPERATIONS: readonly [name: string, query: string, variables: Record<string, unknown>][] = [
  ['managers', '{ managers { id } }', {}],
  ['staffRoles', '{ staffRoles { id } }', {}],
  ['permissionTree', '{ permissionTree { id } }', {}],
  ['ipBlacklist', '{ ipBlacklist { ip } }', {}],
  ['unbindStaffTotp', 'mutation { unbindStaffTotp(staffId: "x", reason: "lost phone") }', {}],
  [
    'createManager',
    'mutation { createManager(input: { account: "newbie", password: "Staff-Pass-2026!" }) { id } }',
    {},
  ],
  ['updateManager', 'mutation { updateManager(id: "x", input: { name: "N" }) { id } }', {}],
  [
    'resetManagerPassword',
    'mutation { resetManagerPassword(id: "x", password: "Staff-Pass-2026!", confirmPassword: "Staff-Pass-2026!") }',
    {},
  ],
  ['createRole', 'mutation { createRole(input: { name: "r", nodeIds: [] }) { id } }', {}],
  ['updateRole', 'mutation { updateRole(id: "2", input: { name: "r", nodeIds: [] }) { id } }', {}],
  ['deleteRole', 'mutation { deleteRole(id: "2") }', {}],
  [
    'createPermissionNode',
    'mutation { createPermissionNode(input: { name: "n", type: BUTTON }) { id } }',
    {},
  ],
  [
    'updatePermissionNode',
    'mutation { updatePermissionNode(id: "1", input: { name: "n", type: ROUTE }) { id } }',
    {},
  ],
  ['deletePermissionNode', 'mutation { deletePermissionNode(id: "1") }', {}],
  ['addBlacklistedIp', 'mutation { addBlacklistedIp(ip: "192.0.2.9") { ip } }', {}],
  ['removeBlacklistedIp', 'mutation { removeBlacklistedIp(ip: "192.0.2.9") }', {}],
];

describe('staff (issue 5 item 3; spec §5 Admin login, §6)', () => {
  let t: TestApp;
  let admin: string;
  const login = (a: string, p: string, c?: string, ip?: string) =>
    t.gql<Login>(LOGIN, { a, p, c: c ?? null }, ip ? { ip } : {});
  const auditCount = async (action: string) =>
    Number(
      (
        await t.services.sql.query<{ n: string }>(
          'SELECT count(*)::text AS n FROM staff_audit_log WHERE action = $1',
          [action],
        )
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    t = await openTestApp();
    const r = await login(TEST_ADMIN.account, TEST_ADMIN.password);
    expect(r.errors).toBeUndefined();
    admin = r.data!.staffLogin.token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds the first administrator with every permission, the tree and the built-in roles', async () => {
    const me = await t.gql<{ staffMe: { permissions: string[]; staff: { role: { name: string } } } }>(
      '{ staffMe { permissions staff { role { name } } } }',
      {},
      { token: admin },
    );
    expect(me.data!.staffMe.staff.role.name).toBe('super administrator');
    expect(me.data!.staffMe.permissions).toEqual(expect.arrayContaining(PERMISSION_CODES));
    const roles = await t.gql<{ staffRoles: { name: string }[] }>(
      '{ staffRoles { name } }',
      {},
      { token: admin },
    );
    expect(roles.data!.staffRoles.map((r) => r.name)).toEqual([
      'super administrator',
      'customer service',
      'agent',
    ]);
    const tree = await t.gql<{
      permissionTree: { code: string; type: string; platform: string; parentId: string | null }[];
    }>('{ permissionTree { code type platform parentId } }', {}, { token: admin });
    const users = tree.data!.permissionTree.find((n) => n.code === 'users.adjust_money')!;
    expect(users).toMatchObject({ type: 'BUTTON', platform: 'pc' });
    expect(users.parentId).not.toBeNull();
    expect(await auditCount('staff.login')).toBeGreaterThan(0);
    expect(errorOf(await login(TEST_ADMIN.account, 'wrong'))?.code).toBe('LOGIN_FAILED');
    expect(errorOf(await login('nobody', 'wrong'))?.code).toBe('LOGIN_FAILED');
  });

  it('binds Google Authenticator, then requires a fresh code at login; unbinds', async () => {
    await t.gql(
      'mutation { createManager(input: { account: "totp.user", password: "Staff-Pass-2026!", roleId: "1" }) { id } }',
      {},
      { token: admin },
    );
    const token = (await login('totp.user', 'Staff-Pass-2026!')).data!.staffLogin.token;
    const begin = await t.gql<{ beginTotpBinding: { secret: string; uri: string } }>(
      'mutation { beginTotpBinding { secret uri } }',
      {},
      { token },
    );
    const { secret, uri } = begin.data!.beginTotpBinding;
    expect(uri).toMatch(/^otpauth:\/\/totp\/Bashiri:totp\.user\?.*secret=/);
    const confirm = 'mutation ($c: String!) { confirmTotpBinding(code: $c) }';
    expect(
      errorOf(
        await t.gql(
          confirm,
          { c: '000000' === codeAt(secret, t.services.now()) ? '111111' : '000000' },
          { token },
        ),
      )?.code,
    ).toBe('TOTP_INVALID');
    expect((await t.gql(confirm, { c: codeAt(secret, t.services.now()) }, { token })).data).toEqual({
      confirmTotpBinding: true,
    });

    expect(errorOf(await login('totp.user', 'Staff-Pass-2026!'))).toMatchObject({
      code: 'TOTP_REQUIRED',
      field: 'totpCode',
    });
    // The code used to confirm cannot be replayed.
    expect(
      errorOf(await login('totp.user', 'Staff-Pass-2026!', codeAt(secret, t.services.now())))?.code,
    ).toBe('TOTP_INVALID');
    t.advance(30_000);
    const ok = await login('totp.user', 'Staff-Pass-2026!', codeAt(secret, t.services.now()));
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.staffLogin.staff).toMatchObject({ totpBound: true });
    t.advance(30_000);
    const fresh = ok.data!.staffLogin.token;
    expect(
      (
        await t.gql(
          'mutation ($c: String!) { unbindTotp(code: $c) }',
          { c: codeAt(secret, t.services.now()) },
          { token: fresh },
        )
      ).data,
    ).toEqual({
      unbindTotp: true,
    });
    expect((await login('totp.user', 'Staff-Pass-2026!')).errors).toBeUndefined();
    expect(await auditCount('staff.totp_bind')).toBe(1);
    expect(await auditCount('staff.totp_unbind')).toBe(1);
  });

  it('refuses login to a role without any permission (spec §8)', async () => {
    const role = await t.gql<{ createRole: { id: string } }>(
      'mutation { createRole(input: { name: "nothing", nodeIds: [] }) { id } }',
      {},
      { token: admin },
    );
    await t.gql(
      'mutation ($r: ID!) { createManager(input: { account: "idle", password: "Staff-Pass-2026!", roleId: $r }) { id } }',
      { r: role.data!.createRole.id },
      { token: admin },
    );
    const r = await login('idle', 'Staff-Pass-2026!');
    expect(errorOf(r)?.code).toBe('NO_LOGIN_PERMISSION');
    expect(r.errors![0]!.message).toBe('no permission to log in, contact the administrator');
  });

  it('refuses every staff operation without its permission, and without a staff login', async () => {
    // Customer service: users.view, orders.view… but none of the operations above.
    const cs = await t.gql<{ staffRoles: { id: string; name: string }[] }>(
      '{ staffRoles { id name } }',
      {},
      { token: admin },
    );
    const csRole = cs.data!.staffRoles.find((r) => r.name === 'customer service')!.id;
    await t.gql(
      'mutation ($r: ID!) { createManager(input: { account: "cs1", password: "Staff-Pass-2026!", roleId: $r }) { id } }',
      { r: csRole },
      { token: admin },
    );
    const csLogin = await login('cs1', 'Staff-Pass-2026!');
    expect(csLogin.data!.staffLogin.permissions).toContain('users.view');
    expect(csLogin.data!.staffLogin.permissions).not.toContain('users.adjust_money');
    const token = csLogin.data!.staffLogin.token;
    const player = (await t.gql<{ me: null }>('{ me { id } }', {}, { token })).data;
    expect(player).toEqual({ me: null });
    const before = Number(
      (await t.services.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM staff_audit_log')).rows[0]!
        .n,
    );
    for (const [name, query, variables] of OPERATIONS) {
      const refused = await t.gql(query, variables, { token });
      expect({ name, code: errorOf(refused)?.code }).toEqual({ name, code: 'FORBIDDEN' });
      const anonymous = await t.gql(query, variables);
      expect({ name, code: errorOf(anonymous)?.code }).toEqual({ name, code: 'UNAUTHENTICATED' });
    }
    const after = Number(
      (await t.services.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM staff_audit_log')).rows[0]!
        .n,
    );
    expect(after).toBe(before);
  });

  it('writes an audit row with actor, IP and before/after for manager, role and node changes', async () => {
    const ip = '203.0.113.7';
    const created = await t.gql<{ createManager: { id: string } }>(
      'mutation { createManager(input: { account: "audited", name: "A", password: "Staff-Pass-2026!", roleId: "2" }) { id } }',
      {},
      { token: admin, ip },
    );
    const id = created.data!.createManager.id;
    await t.gql(
      'mutation ($id: ID!) { updateManager(id: $id, input: { name: "B", disabled: true }) { id } }',
      { id },
      { token: admin, ip },
    );
    const rows = await t.services.sql.query<{
      actor: string;
      ip: string;
      action: string;
      before: unknown;
      after: unknown;
    }>(
      `SELECT actor, ip, action, before, after FROM staff_audit_log WHERE entity = 'staff' AND entity_id = $1 ORDER BY id`,
      [id],
    );
    expect(rows.rows.map((r) => r.action)).toEqual(['staff.create', 'staff.update']);
    expect(rows.rows[1]).toMatchObject({
      actor: expect.stringMatching(/^staff:/),
      ip,
      before: { name: 'A', disabled: false },
      after: { name: 'B', disabled: true },
    });
    expect(JSON.stringify(rows.rows)).not.toContain('argon2');
    expect(errorOf(await login('audited', 'Staff-Pass-2026!'))?.code).toBe('ACCOUNT_DISABLED');

    const actions = ['permission_node.create', 'role.create', 'role.delete', 'permission_node.delete'];
    const counts = await Promise.all(actions.map(auditCount));
    const node = await t.gql<{ createPermissionNode: { id: string } }>(
      'mutation { createPermissionNode(input: { name: "Reports", code: "reports.view", type: ROUTE, path: "/reports" }) { id } }',
      {},
      { token: admin },
    );
    const nodeId = node.data!.createPermissionNode.id;
    expect(
      errorOf(
        await t.gql(
          'mutation { createPermissionNode(input: { name: " ", type: ROUTE }) { id } }',
          {},
          { token: admin },
        ),
      ),
    ).toMatchObject({
      code: 'NODE_NAME_REQUIRED',
      field: 'name',
    });
    const role = await t.gql<{ createRole: { id: string; nodeIds: string[] } }>(
      'mutation ($n: [ID!]!) { createRole(input: { name: "reporter", nodeIds: $n }) { id nodeIds } }',
      { n: [nodeId] },
      { token: admin },
    );
    expect(role.data!.createRole.nodeIds).toEqual([nodeId]);
    expect(
      errorOf(
        await t.gql('mutation { createRole(input: { name: "", nodeIds: [] }) { id } }', {}, { token: admin }),
      ),
    ).toMatchObject({
      code: 'ROLE_NAME_REQUIRED',
      field: 'name',
    });
    expect(
      errorOf(
        await t.gql(
          'mutation { updateRole(id: "1", input: { name: "x", nodeIds: [] }) { id } }',
          {},
          { token: admin },
        ),
      )?.code,
    ).toBe('ROLE_PROTECTED');
    await t.gql(
      'mutation ($id: ID!) { deleteRole(id: $id) }',
      { id: role.data!.createRole.id },
      { token: admin },
    );
    await t.gql('mutation ($id: ID!) { deletePermissionNode(id: $id) }', { id: nodeId }, { token: admin });
    for (const [i, action] of actions.entries())
      expect({ action, n: await auditCount(action) }).toEqual({ action, n: counts[i]! + 1 });
  });

  it("ends a manager's sessions when their password is reset", async () => {
    const created = await t.gql<{ createManager: { id: string } }>(
      'mutation { createManager(input: { account: "resetme", password: "Staff-Pass-2026!", roleId: "2" }) { id } }',
      {},
      { token: admin },
    );
    const token = (await login('resetme', 'Staff-Pass-2026!')).data!.staffLogin.token;
    expect((await t.gql('{ staffMe { staff { id } } }', {}, { token })).data!.staffMe).not.toBeNull();
    await t.gql(
      'mutation ($id: ID!) { resetManagerPassword(id: $id, password: "Staff-Pass-2027!", confirmPassword: "Staff-Pass-2027!") }',
      { id: created.data!.createManager.id },
      { token: admin },
    );
    expect((await t.gql('{ staffMe { staff { id } } }', {}, { token })).data).toEqual({ staffMe: null });
    expect((await login('resetme', 'Staff-Pass-2027!')).errors).toBeUndefined();
  });

  it('blocks every operation from a blacklisted IP', async () => {
    const bad = '198.51.100.23';
    expect(
      errorOf(await t.gql('mutation { addBlacklistedIp(ip: "not-an-ip") { ip } }', {}, { token: admin })),
    ).toMatchObject({
      code: 'BAD_INPUT',
      field: 'ip',
    });
    expect(
      errorOf(
        await t.gql(
          'mutation { addBlacklistedIp(ip: "192.0.2.1") { ip } }',
          {},
          { token: admin, ip: '192.0.2.1' },
        ),
      )?.code,
    ).toBe('CONFLICT');
    const added = await t.gql(
      'mutation ($ip: String!) { addBlacklistedIp(ip: $ip, note: "abuse") { ip note } }',
      { ip: bad },
      { token: admin },
    );
    expect(added.data).toEqual({ addBlacklistedIp: { ip: bad, note: 'abuse' } });
    expect(errorOf(await t.gql('{ health { status } }', {}, { ip: bad }))?.code).toBe('IP_BLOCKED');
    expect(
      errorOf(
        await t.gql('mutation { login(phone: "0745000000", password: "x1234") { token } }', {}, { ip: bad }),
      )?.code,
    ).toBe('IP_BLOCKED');
    expect(errorOf(await login(TEST_ADMIN.account, TEST_ADMIN.password, undefined, bad))?.code).toBe(
      'IP_BLOCKED',
    );
    expect(
      (await t.gql('mutation ($ip: String!) { removeBlacklistedIp(ip: $ip) }', { ip: bad }, { token: admin }))
        .data,
    ).toEqual({
      removeBlacklistedIp: true,
    });
    expect((await t.gql('{ health { status } }', {}, { ip: bad })).data).toEqual({
      health: { status: 'ok' },
    });
    expect(await auditCount('ip_blacklist.add')).toBe(1);
    expect(await auditCount('ip_blacklist.remove')).toBe(1);
  });

  it('rate-limits staff logins per account', async () => {
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 11; i++) codes.push(errorOf(await login('ghost', 'wrong'))?.code);
    expect(codes[9]).toBe('LOGIN_FAILED');
    expect(codes[10]).toBe('RATE_LIMITED');
  });
});
