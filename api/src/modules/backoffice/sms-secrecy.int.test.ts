/**
 * SMS codes are never readable (issue 15 item 3): the database holds only a hash of each code and a
 * masked text, the back office's SMS list returns no code to anyone (the super administrator
 * included), and customer service — without `users.phone` — sees masked phone numbers.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, TEST_ADMIN } from '../identity/testing.ts';
import type { TestApp } from '../identity/testing.ts';
import { maskPhone } from './lists.ts';

const LOGIN = `mutation ($a: String!, $p: String!) { staffLogin(account: $a, password: $p) { token } }`;
const SMS_LIST = `{ smsMessages(pageSize: 50) { items { phone content code status type } } }`;
type SmsList = {
  smsMessages: { items: { phone: string; content: string; code: string | null; status: string }[] };
};

describe('SMS codes and phones in the back office', () => {
  let t: TestApp;
  let admin: string;
  let cs: string;
  const phone = '+255712345678';
  let code: string;

  beforeAll(async () => {
    t = await openTestApp();
    admin = (
      await t.gql<{ staffLogin: { token: string } }>(LOGIN, { a: TEST_ADMIN.account, p: TEST_ADMIN.password })
    ).data!.staffLogin.token;
    const roles = await t.gql<{ staffRoles: { id: string; name: string }[] }>(
      '{ staffRoles { id name } }',
      {},
      { token: admin },
    );
    const role = roles.data!.staffRoles.find((r) => r.name === 'customer service')!.id;
    const password = 'customer-service-1';
    const created = await t.gql(
      'mutation ($r: ID!, $p: String!) { createManager(input: { account: "cs.sms", password: $p, roleId: $r }) { id } }',
      { r: role, p: password },
      { token: admin },
    );
    expect(created.errors).toBeUndefined();
    cs = (await t.gql<{ staffLogin: { token: string } }>(LOGIN, { a: 'cs.sms', p: password })).data!
      .staffLogin.token;
    await t.gql('mutation ($p: String!) { requestSmsCode(phone: $p, purpose: REGISTER) }', { p: phone });
    code = await t.smsCode(phone, 'register');
  });
  afterAll(async () => t.close());

  it('stores no code in clear, only a hash, and masks it in the recorded text', async () => {
    const rows = await t.services.sql.query<{ code: string | null; code_hash: string; content: string }>(
      'SELECT code, code_hash, content FROM sms_messages WHERE phone = $1',
      [phone],
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.code).toBeNull();
    expect(rows.rows[0]!.code_hash).toMatch(/^\$argon2id\$/);
    expect(rows.rows[0]!.content).not.toContain(code);
    expect(JSON.stringify(rows.rows)).not.toContain(code);
  });

  it('returns no code to customer service and masks the phone', async () => {
    const list = await t.gql<SmsList>(SMS_LIST, {}, { token: cs });
    expect(list.errors).toBeUndefined();
    const item = list.data!.smsMessages.items.find((i) => i.phone === maskPhone(phone))!;
    expect(item).toBeDefined();
    expect(item.code).toBeNull();
    expect(item.status).toBe('unused');
    expect(JSON.stringify(list.data)).not.toContain(code);
    expect(JSON.stringify(list.data)).not.toContain(phone);
  });

  it('returns no code to the super administrator either, but the full phone', async () => {
    const list = await t.gql<SmsList>(SMS_LIST, {}, { token: admin });
    expect(list.data!.smsMessages.items.some((i) => i.phone === phone)).toBe(true);
    expect(JSON.stringify(list.data)).not.toContain(code);
  });

  it('still accepts the code the player received', async () => {
    // A phone and code of this attempt's own: registering uses them up (a retry would find the phone
    // taken). Stored as the one above, hashed.
    const own = `+25571${String(randomInt(10_000_000)).padStart(7, '0')}`;
    await t.gql('mutation ($p: String!) { requestSmsCode(phone: $p, purpose: REGISTER) }', { p: own });
    const ownCode = await t.smsCode(own, 'register');
    const { rows } = await t.services.sql.query<{ code: string | null }>(
      'SELECT code FROM sms_messages WHERE phone = $1',
      [own],
    );
    expect(rows).toEqual([{ code: null }]);
    const registered = await t.gql<{ register: { token: string } }>(
      `mutation ($input: RegisterInput!) { register(input: $input) { token } }`,
      {
        input: {
          phone: own,
          password: 'pw12',
          confirmPassword: 'pw12',
          code: ownCode,
          adult: true,
          acceptTerms: true,
        },
      },
    );
    expect(registered.errors).toBeUndefined();
    expect(registered.data!.register.token).toBeTruthy();
  });

  it('masks the middle of a phone number', () => {
    expect(maskPhone('+255712345678')).toBe('+25571*****78');
  });
});
