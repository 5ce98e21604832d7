import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, staff, startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { walletOf } from './service.ts';

const ADJUST = `mutation ($input: AdjustWalletInput!) { adjustWallet(input: $input) { balance creditMoney racingCoin debt } }`;
const BILLS = `query ($pocket: BillPocket) { myBills(pocket: $pocket) { total items { billType amount balanceBefore balanceAfter remark reference } } }`;

describe('wallet: staff adjustments, balances and bills', () => {
  let t: TestApp;
  const cashier = staff('7', ['users.adjust_money', 'users.view']);
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('credits 10,000 with a reason once per request id, shows it in the wallet, the bills and the audit log', async () => {
    const input = {
      userId: 'u1',
      pocket: 'BALANCE',
      amount: 10_000,
      reason: 'welcome credit',
      requestId: 'req-1',
    };
    const first = await t.gql(ADJUST, { input }, cashier);
    expect(first).toEqual({
      data: { adjustWallet: { balance: 10_000, creditMoney: 0, racingCoin: 0, debt: 0 } },
    });
    const again = await t.gql(ADJUST, { input }, cashier);
    expect(again.data).toEqual(first.data);
    expect(await t.gql('{ myWallet { balance } }', {}, player('u1'))).toEqual({
      data: { myWallet: { balance: 10_000 } },
    });

    await t.services.projections.settle();
    const bills = await t.gql<{ myBills: { total: number; items: unknown[] } }>(
      BILLS,
      { pocket: 'BALANCE' },
      player('u1'),
    );
    expect(bills.data!.myBills).toEqual({
      total: 1,
      items: [
        {
          billType: 2,
          amount: 10_000,
          balanceBefore: 0,
          balanceAfter: 10_000,
          remark: 'welcome credit',
          reference: 'req-1',
        },
      ],
    });
    const auditRows = await t.services.sql.query(
      'SELECT actor, action, entity_id, reason, before, after FROM staff_audit_log',
    );
    expect(auditRows.rows).toEqual([
      {
        actor: 'staff:7',
        action: 'wallet.adjust',
        entity_id: 'u1',
        reason: 'welcome credit',
        before: { balance: 0 },
        after: { balance: 10_000 },
      },
    ]);
  });

  it('shows a withdrawal in flight as reserved, out of the balance, until it is refunded (issue 16 item 8)', async () => {
    const wallet = walletOf(t.services);
    // A player and payment of this attempt's own (a retry would find the first attempt's withdrawal
    // refunded and the credit's request answered).
    const userId = `u9-${randomUUID().slice(0, 8)}`;
    const paymentId = `p1-${userId}`;
    const base = {
      userId,
      at: new Date().toISOString(),
      actor: { kind: 'system', id: 'test' },
    } as const;
    await t.gql(
      ADJUST,
      { input: { userId, pocket: 'BALANCE', amount: 5_000, reason: 'test', requestId: `r9-${userId}` } },
      cashier,
    );
    expect(
      await wallet.run({
        ...base,
        type: 'ReserveWithdrawal',
        movementId: `w:${paymentId}`,
        paymentId,
        amount: 2_000,
      }),
    ).toMatchObject({ ok: true });
    const WALLET = '{ myWallet { balance reserved } }';
    expect((await t.gql(WALLET, {}, player(userId))).data).toEqual({
      myWallet: { balance: 3_000, reserved: 2_000 },
    });
    await wallet.run({
      ...base,
      type: 'RefundWithdrawal',
      movementId: `wr:${paymentId}`,
      paymentId,
      reason: 'failed',
    });
    expect((await t.gql(WALLET, {}, player(userId))).data).toEqual({
      myWallet: { balance: 5_000, reserved: 0 },
    });
  });

  it('refuses a debit below zero with INSUFFICIENT_FUNDS and writes nothing', async () => {
    const result = await t.gql(
      ADJUST,
      {
        input: {
          userId: 'u2',
          pocket: 'CREDIT_MONEY',
          amount: -500,
          reason: 'correction',
          requestId: 'req-2',
        },
      },
      cashier,
    );
    expect(result.errors?.[0]?.extensions?.code).toMatch(/^INSUFFICIENT/);
    expect((await t.services.store.readStream('wallet-u2')).streamExists).toBe(false);
  });

  it('refuses without the permission, without a reason, and for anonymous callers', async () => {
    const input = { userId: 'u1', pocket: 'BALANCE', amount: 1, reason: 'x', requestId: 'req-3' };
    expect((await t.gql(ADJUST, { input }, staff('8', ['users.view']))).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
    expect(
      (await t.gql(ADJUST, { input: { ...input, reason: ' ' } }, cashier)).errors?.[0]?.extensions?.code,
    ).toBe('REASON_REQUIRED');
    expect((await t.gql('{ myWallet { balance } }')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
