import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, TEST_ADMIN } from '../identity/testing.ts';
import type { TestApp } from '../identity/testing.ts';

/** The `users` view (migrations/002.do.users-view.sql): accounts with balances and flags, one row each. */
describe('users read model (accounts with balances and flags)', () => {
  let t: TestApp;
  let staffToken: string;
  beforeAll(async () => {
    t = await openTestApp();
    const login = await t.gql<{ staffLogin: { token: string } }>(
      'mutation ($a: String!, $p: String!) { staffLogin(account: $a, password: $p) { token } }',
      { a: TEST_ADMIN.account, p: TEST_ADMIN.password },
    );
    staffToken = login.data!.staffLogin.token;
  });
  afterAll(async () => t.close());

  const register = async (phone: string, invitationCode?: string) => {
    await t.gql('mutation ($p: String!) { requestSmsCode(phone: $p, purpose: REGISTER) }', { p: phone });
    const code = await t.smsCode(phone, 'register');
    const answer = await t.gql<{ register: { player: { id: string; invitationCode: string } } }>(
      'mutation ($i: RegisterInput!) { register(input: $i) { player { id invitationCode } } }',
      {
        i: {
          phone,
          password: 'pass1234',
          confirmPassword: 'pass1234',
          code,
          adult: true,
          acceptTerms: true,
          ...(invitationCode ? { invitationCode } : {}),
        },
      },
    );
    if (!answer.data) throw new Error(JSON.stringify(answer.errors));
    return answer.data.register.player;
  };

  it('joins each player account with its wallet pockets, zero before any movement', async () => {
    // Phones and requests of this attempt's own (a retry would find the first attempt's phones taken).
    const base = `+255754${String(randomInt(10_000)).padStart(4, '0')}`;
    const [agentPhone, invitedPhone] = [`${base}01`, `${base}02`];
    const attempt = randomUUID().slice(0, 8);
    const agent = await register(agentPhone);
    const invited = await register(invitedPhone, agent.invitationCode);
    const adjust = await t.gql(
      'mutation ($i: AdjustWalletInput!) { adjustWallet(input: $i) { balance } }',
      {
        i: {
          userId: agent.id,
          pocket: 'BALANCE',
          amount: 12_500,
          reason: 'test credit',
          requestId: `users-view-1-${attempt}`,
        },
      },
      { token: staffToken },
    );
    expect(adjust.errors).toBeUndefined();
    const bonus = await t.gql(
      'mutation ($i: AdjustWalletInput!) { adjustWallet(input: $i) { balance } }',
      {
        i: {
          userId: agent.id,
          pocket: 'CREDIT_MONEY',
          amount: 3_000,
          reason: 'bonus',
          requestId: `users-view-2-${attempt}`,
        },
      },
      { token: staffToken },
    );
    expect(bonus.errors).toBeUndefined();
    const flags = await t.gql(
      'mutation ($u: ID!) { updatePlayer(userId: $u, patch: { noBet: true, note: "watch" }, reason: "test") { id } }',
      { u: invited.id },
      { token: staffToken },
    );
    expect(flags.errors).toBeUndefined();
    await t.services.projections.settle();

    const rows = await t.services.sql.query<Record<string, unknown>>(
      `SELECT user_id, phone, superior_id, no_bet, no_withdraw, disabled, note, balance, credit_money,
              racing_coin, debt, invited_count
         FROM users WHERE user_id = ANY($1) ORDER BY phone`,
      [[agent.id, invited.id]],
    );
    expect(
      rows.rows.map((r) => ({
        ...r,
        balance: Number(r['balance']),
        credit_money: Number(r['credit_money']),
        racing_coin: Number(r['racing_coin']),
        debt: Number(r['debt']),
      })),
    ).toEqual([
      {
        user_id: agent.id,
        phone: agentPhone,
        superior_id: null,
        no_bet: false,
        no_withdraw: false,
        disabled: false,
        note: '',
        balance: 12_500,
        credit_money: 3_000,
        racing_coin: 0,
        debt: 0,
        invited_count: 1,
      },
      {
        user_id: invited.id,
        phone: invitedPhone,
        superior_id: agent.id,
        no_bet: true,
        no_withdraw: false,
        disabled: false,
        note: 'watch',
        balance: 0,
        credit_money: 0,
        racing_coin: 0,
        debt: 0,
        invited_count: 0,
      },
    ]);
    const count = await t.services.sql.query<{ n: number }>(
      'SELECT (SELECT count(*) FROM users)::int - (SELECT count(*) FROM player_accounts)::int AS n',
    );
    expect(count.rows[0]!.n).toBe(0);
  });
});
