/**
 * Verifying another phone to pay from (issue 15 item 6; payment-phones.ts): a code goes by SMS to the
 * other phone, and only that code verifies it; the player's own number needs none; the list is the
 * player's own.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from './testing.ts';
import type { GqlResult, TestApp } from './testing.ts';

const OWN = '+255712300001';
const OTHER = '+255713300002';
const codeOf = (r: GqlResult<unknown>) => r.errors?.[0]?.extensions?.code;

describe('payment phones', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await openTestApp();
    await t.gql('mutation ($p: String!) { requestSmsCode(phone: $p, purpose: REGISTER) }', { p: OWN });
    const registered = await t.gql<{ register: { token: string } }>(
      `mutation ($input: RegisterInput!) { register(input: $input) { token } }`,
      {
        input: {
          phone: OWN,
          password: 'pass1234',
          confirmPassword: 'pass1234',
          code: await t.smsCode(OWN, 'register'),
          adult: true,
          acceptTerms: true,
        },
      },
    );
    expect(registered.errors, JSON.stringify(registered.errors)).toBeUndefined();
    token = registered.data!.register.token;
  }, 300_000);
  afterAll(async () => t?.close());

  const as = <T>(query: string, variables: Record<string, unknown> = {}) =>
    t.gql<T>(query, variables, { token });

  it('needs no code for the player’s own number', async () => {
    const r = await as('mutation ($p: String!) { requestPaymentPhoneCode(phone: $p) }', { p: '0712300001' });
    expect(codeOf(r)).toBe('PAYMENT_PHONE_OWN');
  });

  it('verifies another phone only with the code sent to it', async () => {
    // A number of this attempt's own: a retry in CI would find the first attempt's code still cooling down.
    const other = `+2557133${String(randomInt(100_000)).padStart(5, '0')}`;
    const sent = await as('mutation ($p: String!) { requestPaymentPhoneCode(phone: $p) }', { p: other });
    expect(sent.errors).toBeUndefined();
    const code = await t.smsCode(other, 'payment_phone');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await as(
      'mutation ($p: String!, $c: String!) { verifyPaymentPhone(phone: $p, code: $c) }',
      {
        p: other,
        c: wrong,
      },
    );
    expect(codeOf(refused)).toBe('SMS_CODE_INVALID');
    expect((await as<{ paymentPhones: string[] }>('{ paymentPhones }')).data!.paymentPhones).toEqual([]);
    const ok = await as<{ verifyPaymentPhone: string[] }>(
      'mutation ($p: String!, $c: String!) { verifyPaymentPhone(phone: $p, code: $c) }',
      { p: other, c: code },
    );
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.verifyPaymentPhone).toEqual([other]);
    // A code is used once.
    const again = await as(
      'mutation ($p: String!, $c: String!) { verifyPaymentPhone(phone: $p, code: $c) }',
      {
        p: other,
        c: code,
      },
    );
    expect(codeOf(again)).toBe('SMS_CODE_INVALID');
    const removed = await as<{ removePaymentPhone: string[] }>(
      'mutation ($p: String!) { removePaymentPhone(phone: $p) }',
      { p: other },
    );
    expect(removed.data!.removePaymentPhone).toEqual([]);
  });

  it('is for logged-in players only', async () => {
    const r = await t.gql('mutation ($p: String!) { requestPaymentPhoneCode(phone: $p) }', { p: OTHER });
    expect(codeOf(r)).toBe('UNAUTHENTICATED');
  });
});
