/**
 * The welcome message reaches a player who registers through the real identity flow (SMS code,
 * AccountRegistered event, projections), and the unread badge counts it (docs/content.md "Messages").
 */
import { randomInt } from 'node:crypto';
import { normalizeTzPhone } from '@bashiri/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestApp } from '../identity/testing.ts';
import type { TestApp } from '../identity/testing.ts';
import { seedContent } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
  await seedContent(t.services.sql, t.services.now() - 1000);
});
afterAll(async () => t.close());

it('a newly registered player finds the welcome message in their language', async () => {
  // A number of this attempt's own (a retry in CI registers again in the same database).
  const phone = `07541${String(randomInt(100_000)).padStart(5, '0')}`;
  await t.gql('mutation ($phone: String!) { requestSmsCode(phone: $phone, purpose: REGISTER) }', { phone });
  const code = await t.smsCode(normalizeTzPhone(phone)!, 'register');
  const registered = await t.gql<{ register: { token: string } }>(
    'mutation ($input: RegisterInput!) { register(input: $input) { token } }',
    { input: { phone, password: 'pass1', confirmPassword: 'pass1', code, adult: true, acceptTerms: true } },
  );
  expect(registered.errors).toBeUndefined();
  const token = registered.data!.register.token;
  await t.services.projections.settle();

  const inbox = await t.gql<{ unreadMessageCount: number; myMessages: { content: { title: string }[] } }>(
    '{ unreadMessageCount myMessages { content { title body } } }',
    {},
    { token },
  );
  expect(inbox.errors).toBeUndefined();
  expect(inbox.data!.unreadMessageCount).toBe(1);
  expect(inbox.data!.myMessages.content[0]!.title).toBe('Karibu Bashiri!');
  const english = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { authorization: `Bearer ${token}`, locale: 'en-US' },
    payload: { query: '{ myMessages { content { title } } }' },
  });
  expect(english.json().data.myMessages.content[0].title).toBe('Welcome to Bashiri!');
});
