/**
 * Progressive login delays (issue 15 item 5; delays.ts): wrong passwords for a player's phone make the
 * next attempt wait seconds, doubling up to a cap — never the quarter-hour lock-out the probe could
 * inflict on any player — and an IP that fails too often waits too.
 */
import { normalizeTzPhone } from '@bashiri/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delayAfter, LOGIN_DELAYS } from './delays.ts';
import { openTestApp } from './testing.ts';
import type { GqlResult, TestApp } from './testing.ts';

const LOGIN = `mutation ($phone: String!, $password: String!) { login(phone: $phone, password: $password) { token } }`;
const REGISTER = `mutation ($input: RegisterInput!) { register(input: $input) { token } }`;
const CODE = 'mutation ($phone: String!) { requestSmsCode(phone: $phone, purpose: REGISTER) }';
type Ext = { code?: string; details?: { retryAfterSeconds?: number } };
const errorOf = (r: GqlResult) => r.errors?.[0]?.extensions as Ext | undefined;

describe('progressive delays after failed player logins', () => {
  let t: TestApp;
  let seq = 0;
  const register = async () => {
    const phone = `0746${String(100_000 + ++seq).slice(-6)}`;
    await t.gql(CODE, { phone });
    const code = await t.smsCode(normalizeTzPhone(phone)!, 'register');
    const r = await t.gql(REGISTER, {
      input: { phone, password: 'pass1', confirmPassword: 'pass1', code, adult: true, acceptTerms: true },
    });
    expect(r.errors).toBeUndefined();
    return phone;
  };
  beforeAll(async () => {
    t = await openTestApp();
  });
  afterAll(async () => t.close());

  it('makes the owner wait seconds, not a quarter of an hour, after a stranger guessed', async () => {
    const phone = await register();
    for (let i = 0; i < LOGIN_DELAYS.phone.free; i++)
      expect(errorOf(await t.gql(LOGIN, { phone, password: 'wrong' }))?.code).toBe('LOGIN_FAILED');
    const waiting = errorOf(await t.gql(LOGIN, { phone, password: 'pass1' }));
    expect(waiting?.code).toBe('RATE_LIMITED');
    expect(waiting?.details?.retryAfterSeconds).toBeLessThanOrEqual(1);
    t.advance(1_000);
    const owner = await t.gql<{ login: { token: string } }>(LOGIN, { phone, password: 'pass1' });
    expect(owner.errors).toBeUndefined();
    expect(owner.data!.login.token).toBeTruthy();
  });

  it('doubles the wait with each further failure, up to the cap', async () => {
    const phone = await register();
    for (let i = 0; i < LOGIN_DELAYS.phone.free; i++) await t.gql(LOGIN, { phone, password: 'wrong' });
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const refused = errorOf(await t.gql(LOGIN, { phone, password: 'wrong' }));
      waits.push(refused?.details?.retryAfterSeconds ?? 0);
      t.advance(waits.at(-1)! * 1000);
      expect(errorOf(await t.gql(LOGIN, { phone, password: 'wrong' }))?.code).toBe('LOGIN_FAILED');
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });

  it('delays an IP that fails across many phones, not other IPs', async () => {
    const ip = '198.51.100.9';
    for (let i = 0; i < LOGIN_DELAYS.ip.free; i++)
      await t.gql(LOGIN, { phone: `0747${String(200_000 + i)}`, password: 'wrong' }, { ip });
    expect(errorOf(await t.gql(LOGIN, { phone: '0747300000', password: 'wrong' }, { ip }))?.code).toBe(
      'RATE_LIMITED',
    );
    const phone = await register();
    expect(
      (await t.gql(LOGIN, { phone, password: 'pass1' }, { ip: '198.51.100.10' })).errors,
    ).toBeUndefined();
  });

  it('computes the schedule', () => {
    const rule = LOGIN_DELAYS.phone;
    expect([9, 10, 11, 12, 40].map((n) => delayAfter(n, rule))).toEqual([0, 1_000, 2_000, 4_000, 60_000]);
  });
});
