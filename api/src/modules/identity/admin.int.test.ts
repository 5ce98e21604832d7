import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, TEST_ADMIN } from './testing.ts';
import type { GqlResult, TestApp } from './testing.ts';

const errorOf = (r: GqlResult) => r.errors?.[0]?.extensions;
const STAFF_LOGIN = 'mutation ($a: String!, $p: String!) { staffLogin(account: $a, password: $p) { token } }';
const UPDATE = `mutation ($u: ID!, $p: PlayerPatch!, $r: String!) {
  updatePlayer(userId: $u, patch: $p, reason: $r) { id disabled noBet note returnScale invitationCode }
}`;
const RESET = `mutation ($u: ID!) { resetPlayerPassword(userId: $u, password: "pass9", confirmPassword: "pass9", reason: "locked out") }`;
const LOGIN = 'mutation ($phone: String!, $p: String!) { login(phone: $phone, password: $p) { token } }';

describe('staff administration of players (spec §5 Admin reset, §6)', () => {
  let t: TestApp;
  let admin: string;
  let cs: string;
  let userId: string;
  let playerToken: string;
  const phone = '0755000111';
  /**
   * Registers a player, from an address of its own (registrations are rate-limited per IP). The tests
   * that change a player take one of their own per attempt (`FORCE_RETRY=1`, CI's retry: a retried
   * attempt runs in the same app, where the first attempt's flags, events and password stay).
   */
  let registered = 0;
  const registerPlayer = async (localPhone: string) => {
    registered += 1;
    const ip = `198.51.100.${registered}`;
    await t.gql(
      'mutation ($p: String!) { requestSmsCode(phone: $p, purpose: REGISTER) }',
      { p: localPhone },
      { ip },
    );
    const code = await t.smsCode(`+255${localPhone.slice(1)}`, 'register');
    const r = await t.gql<{ register: { token: string; player: { id: string } } }>(
      'mutation ($i: RegisterInput!) { register(input: $i) { token player { id } } }',
      {
        i: {
          phone: localPhone,
          password: 'pass1',
          confirmPassword: 'pass1',
          code,
          adult: true,
          acceptTerms: true,
        },
      },
      { ip },
    );
    if (!r.data) throw new Error(JSON.stringify(r));
    return { userId: r.data.register.player.id, token: r.data.register.token, phone: localPhone };
  };
  /** A player of this attempt alone, on a phone of its own. */
  const freshPlayer = () => registerPlayer(`07550002${String(registered).padStart(2, '0')}`);

  beforeAll(async () => {
    t = await openTestApp();
    const adminLogin = await t.gql<{ staffLogin: { token: string } }>(STAFF_LOGIN, {
      a: TEST_ADMIN.account,
      p: TEST_ADMIN.password,
    });
    if (!adminLogin.data) throw new Error(JSON.stringify(adminLogin));
    admin = adminLogin.data.staffLogin.token;
    await t.gql(
      'mutation { createManager(input: { account: "cs.agent", password: "Staff-Pass-2026!", roleId: "2" }) { id } }',
      {},
      { token: admin },
    );
    cs = (
      await t.gql<{ staffLogin: { token: string } }>(STAFF_LOGIN, { a: 'cs.agent', p: 'Staff-Pass-2026!' })
    ).data!.staffLogin.token;
    ({ userId, token: playerToken } = await registerPlayer(phone));
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists players for customer service, searchable by phone', async () => {
    const page = await t.gql<{ players: { count: number; content: { id: string }[] } }>(
      '{ players(search: " 0755000111 ") { count content { id } } }',
      {},
      { token: cs },
    );
    expect(page.data!.players).toEqual({ count: 1, content: [{ id: userId }] });
    expect(errorOf(await t.gql('{ players { count } }'))?.code).toBe('UNAUTHENTICATED');
    expect(errorOf(await t.gql('{ players { count } }', {}, { token: playerToken }))?.code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('refuses flag changes and password resets without users.edit', async () => {
    expect(errorOf(await t.gql(UPDATE, { u: userId, p: { noBet: true }, r: 'x' }, { token: cs }))?.code).toBe(
      'FORBIDDEN',
    );
    expect(errorOf(await t.gql(RESET, { u: userId }, { token: cs }))?.code).toBe('FORBIDDEN');
    expect(errorOf(await t.gql(UPDATE, { u: userId, p: { noBet: true }, r: 'x' }))?.code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('changes flags as Account events with reason, audits, and disabling ends the sessions', async () => {
    const { userId, token: playerToken, phone } = await freshPlayer();
    expect(
      errorOf(await t.gql(UPDATE, { u: userId, p: { noBet: true }, r: ' ' }, { token: admin })),
    ).toMatchObject({
      code: 'REASON_REQUIRED',
      field: 'reason',
    });
    expect(
      errorOf(await t.gql(UPDATE, { u: userId, p: { returnScale: '1.5' }, r: 'r' }, { token: admin })),
    ).toMatchObject({
      code: 'INVALID_RETURN_SCALE',
      field: 'returnScale',
    });
    const r = await t.gql(
      UPDATE,
      { u: userId, p: { noBet: true, note: 'VIP', returnScale: '007', disabled: true }, r: 'fraud review' },
      { token: admin, ip: '203.0.113.9' },
    );
    expect(r.data).toEqual({
      updatePlayer: {
        id: userId,
        disabled: true,
        noBet: true,
        note: 'VIP',
        returnScale: '7',
        invitationCode: expect.any(String),
      },
    });
    expect((await t.gql('{ me { id } }', {}, { token: playerToken })).data).toEqual({ me: null });
    expect(errorOf(await t.gql(LOGIN, { phone, p: 'pass1' }))?.code).toBe('ACCOUNT_DISABLED');
    const events = await t.services.store.readStream(`account-${userId}`);
    expect(events.events.map((e) => e.type)).toEqual([
      'AccountRegistered',
      'DisabledChanged',
      'NoBetChanged',
      'ReturnScaleChanged',
      'NoteChanged',
    ]);
    const audit = await t.services.sql.query<{ ip: string; reason: string }>(
      `SELECT ip, reason FROM staff_audit_log WHERE action = 'user.update' AND entity_id = $1`,
      [userId],
    );
    expect(audit.rows).toEqual([{ ip: '203.0.113.9', reason: 'fraud review' }]);
    await t.gql(UPDATE, { u: userId, p: { disabled: false }, r: 'cleared' }, { token: admin });
  });

  it('resets a player password (admin reset) and ends their sessions', async () => {
    const { userId, phone } = await freshPlayer();
    const token = (await t.gql<{ login: { token: string } }>(LOGIN, { phone, p: 'pass1' })).data!.login.token;
    expect((await t.gql(RESET, { u: userId }, { token: admin })).data).toEqual({ resetPlayerPassword: true });
    expect((await t.gql('{ me { id } }', {}, { token })).data).toEqual({ me: null });
    expect((await t.gql(LOGIN, { phone, p: 'pass9' })).errors).toBeUndefined();
    expect(errorOf(await t.gql(RESET, { u: 'nobody' }, { token: admin }))?.code).toBe('ACCOUNT_NOT_FOUND');
  });
});
