/**
 * Deposit prompts to other people's phones (issue 15 item 6; payments index.ts `limitDepositPrompts`):
 * the probe could push payment prompts to any stranger. Now a phone that is not the player's must be
 * verified by SMS first (identity payment-phones.ts, whose SMS flow payment-phones.int.test.ts checks),
 * and prompts to verified other phones are still limited per player and per phone.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player } from '../../testing/app.ts';
import { RATE_LIMITS } from '../../auth/limiter.ts';
import { startPaymentsHarness, type PaymentsHarness } from './testing.ts';

const DEPOSIT = `mutation ($input: DepositInput!) { deposit(input: $input) { id } }`;

describe('deposit prompt limits', () => {
  let h: PaymentsHarness;
  let n = 0;
  const deposit = (userId: string, phone?: string) =>
    h.t.gql(
      DEPOSIT,
      { input: { requestId: `lim-${++n}`, amount: 1_000, ...(phone ? { phone } : {}) } },
      player(userId),
    );
  beforeAll(async () => {
    h = await startPaymentsHarness();
    await h.addPlayer('lim-a', '+255712100001', 3);
  });
  afterAll(async () => h.close());

  const verified = (userId: string, phone: string) => h.verifiedPhone(userId, phone);

  it('refuses a prompt to a phone that is neither the player’s nor verified by SMS', async () => {
    const r = await deposit('lim-a', '+255712888888');
    expect(r.errors?.[0]?.extensions?.code).toBe('PHONE_NOT_VERIFIED');
    expect(r.errors?.[0]?.extensions?.field).toBe('phone');
    const rows = await h.t.services.sql.query("SELECT 1 FROM payments WHERE phone = '+255712888888'");
    expect(rows.rows).toHaveLength(0);
  });

  it('limits prompts to a verified other phone per player and per phone, not to one’s own', async () => {
    // Players and a stranger's phone of this attempt's own: a retried attempt
    // (eventstore/src/testing/retry-setup.ts) would meet the first one's used limits and SMS cooldowns.
    const phoneOf = () => `+2557128${String(randomInt(100_000)).padStart(5, '0')}`;
    const [a, b] = [`lim-a-${randomInt(1e9)}`, `lim-b-${randomInt(1e9)}`];
    const ownPhone = phoneOf();
    await h.addPlayer(a, ownPhone, 3);
    await h.addPlayer(b, phoneOf(), 3);
    const stranger = `+2557129${String(randomInt(100_000)).padStart(5, '0')}`;
    await verified(a, stranger);
    await verified(b, stranger);
    const max = RATE_LIMITS.depositOtherPhonePerPlayer.max;
    for (let i = 0; i < max; i++)
      expect((await deposit(a, stranger)).errors, `prompt ${i + 1}`).toBeUndefined();
    expect((await deposit(a, stranger)).errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    // The stranger's phone has had its prompts: another player cannot add more.
    expect((await deposit(b, stranger)).errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    // One's own number is not "another phone", in either form.
    expect((await deposit(a)).errors).toBeUndefined();
    expect((await deposit(a, `0${ownPhone.slice(4)}`)).errors).toBeUndefined();
  });
});
