/**
 * Deposits and withdrawals through the real adapters and the provider sandboxes over HTTP on loopback,
 * with callbacks coming back to our `/payments/callback/:network` route — as `npm start` runs them.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, staff, startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { setProviders } from './engine.ts';
import { createProviders, sandboxProviderConfigs } from './providers/index.ts';
import { startSandboxes } from './sandboxes/index.ts';
import type { SandboxHandle } from './sandboxes/index.ts';
import { TEST_PHONES } from './sandboxes/scenario.ts';
import { startPaymentsWorker } from './worker.ts';

const DEPOSIT = `mutation ($i: DepositInput!) { deposit(input: $i) { id status } }`;
const WITHDRAW = `mutation ($i: WithdrawInput!) { withdraw(input: $i) { id status } }`;
const STATE = `query { myWallet { balance } deposits: myPayments(kind: DEPOSIT) { items { status payStatus } }
  withdrawals: myPayments(kind: WITHDRAWAL) { items { status payStatus } } }`;

/** The server listening on loopback, with the real adapters pointed at freshly started sandboxes. */
const listenWithSandboxes = async (): Promise<{ t: TestApp; sandboxes: SandboxHandle }> => {
  const t = await startTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const callbackBaseUrl = `http://127.0.0.1:${port}/payments/callback`;
  const sandboxes = await startSandboxes({
    callbackBaseUrl,
    defaults: { pinDelayMs: 50, callbackDelayMs: 20 },
  });
  setProviders(
    t.services,
    createProviders(sandboxProviderConfigs(sandboxes.urls, sandboxes.publicKeyBase64, callbackBaseUrl)),
  );
  return { t, sandboxes };
};

describe('payments through the provider sandboxes over HTTP', () => {
  let t: TestApp;
  let sandboxes: SandboxHandle;
  let stopWorker: () => Promise<void>;
  beforeAll(async () => {
    ({ t, sandboxes } = await listenWithSandboxes());
    stopWorker = startPaymentsWorker(t.services, 100);
  });
  afterAll(async () => {
    await stopWorker();
    await sandboxes.stop();
    await t.close();
  });

  it.each([
    ['Tigo', 3, '+255712000301'],
    ['Airtel', 4, '+255782000302'],
    ['Vodacom', 6, '+255752000303'],
    ['Halotel', 7, '+255622000304'],
  ])(
    '%s: a deposit is credited once after its callback and enquiry; a withdrawal is paid out',
    async (_name, network, networkPhone) => {
      // A player and phone of this attempt's own (a retry would meet its first attempt's account): the
      // network's prefix, other digits (never a built-in test phone `PP00000NN`).
      const userId = `sandbox-${network}-${randomUUID().slice(0, 8)}`;
      const phone = `${networkPhone.slice(0, 8)}${String(randomInt(100_000)).padStart(5, '0')}`;
      const me = player(userId);
      await t.services.sql.query(
        `INSERT INTO player_accounts (user_id, phone, network, invitation_code, created_at) VALUES ($1, $2, $3, $1, now())`,
        [userId, phone, network],
      );
      const deposit = await t.gql(DEPOSIT, { i: { requestId: 'd1', network, phone, amount: 5_000 } }, me);
      expect(deposit.errors).toBeUndefined();
      await expect
        .poll(
          async () => (await t.gql<{ myWallet: { balance: number } }>(STATE, {}, me)).data?.myWallet.balance,
          { timeout: 20_000 },
        )
        .toBe(5_000);
      const withdrawal = await t.gql(WITHDRAW, { i: { requestId: 'w1', network, amount: 2_000 } }, me);
      expect(withdrawal.errors).toBeUndefined();
      await expect
        .poll(
          async () =>
            (await t.gql<{ withdrawals: { items: { status: string }[] } }>(STATE, {}, me)).data?.withdrawals
              .items[0]?.status,
          {
            timeout: 20_000,
          },
        )
        .toBe('confirmed');
      const end = await t.gql<{ myWallet: { balance: number }; deposits: { items: unknown[] } }>(
        STATE,
        {},
        me,
      );
      expect(end.data).toMatchObject({
        myWallet: { balance: 3_000 },
        deposits: { items: [{ status: 'confirmed', payStatus: 2 }] },
      });
    },
  );
});

describe('reconciliation against the sandboxes’ statements', () => {
  let t: TestApp;
  let sandboxes: SandboxHandle;
  beforeAll(async () => {
    ({ t, sandboxes } = await listenWithSandboxes());
  });
  afterAll(async () => {
    await sandboxes.stop();
    await t.close();
  });

  it('lists a payment the network settled without telling us, and staff resolve it with a reason', async () => {
    // A player and Halotel phone of this attempt's own (a retry would meet its first attempt's account),
    // given the scenario of test phone 06: ambiguous, never resolves by itself.
    const userId = `recon-${randomUUID().slice(0, 8)}`;
    const phone = `+2556220${String(randomInt(100_000)).padStart(5, '0')}`;
    sandboxes.control.when({ msisdn: phone, network: 'halotel' }, TEST_PHONES['06']!);
    await t.services.sql.query(
      `INSERT INTO player_accounts (user_id, phone, network, invitation_code, created_at) VALUES ($1, $2, 7, $1, now())`,
      [userId, phone],
    );
    const deposit = await t.gql<{ deposit: { id: string } }>(
      DEPOSIT,
      { i: { requestId: 'r1', network: 7, phone, amount: 7_000 } },
      player(userId),
    );
    const paymentId = deposit.data!.deposit.id;
    await expect
      .poll(() => sandboxes.control.find('halotel', paymentId)?.status, { timeout: 10_000 })
      .toBeDefined();
    sandboxes.control.resolve('halotel', paymentId, 'succeeded'); // charged, no callback

    const staffer = staff('1', ['payments.view', 'payments.approve']);
    const now = Date.now();
    const run = await t.gql<{ runReconciliation: number }>(
      'mutation ($f: DateTime!, $t: DateTime!) { runReconciliation(from: $f, to: $t) }',
      { f: new Date(now - 3_600_000).toISOString(), t: new Date(now + 3_600_000).toISOString() },
      staffer,
    );
    expect(run.data?.runReconciliation).toBeGreaterThanOrEqual(1);
    const items = await t.gql<{ reconciliationItems: { id: string; paymentId: string; kind: string }[] }>(
      '{ reconciliationItems { id paymentId kind } }',
      {},
      staffer,
    );
    const item = items.data!.reconciliationItems.find((i) => i.paymentId === paymentId);
    expect(item?.kind).toMatch(/status/i);
    const resolved = await t.gql(
      'mutation ($id: ID!) { resolveReconciliationItem(id: $id, reason: "checked with Halotel: paid; credited by enquiry") { resolvedBy resolution } }',
      { id: item!.id },
      staffer,
    );
    expect(resolved.errors).toBeUndefined();
    const audit = await t.services.sql.query(`SELECT action FROM staff_audit_log WHERE entity_id = $1`, [
      item!.id,
    ]);
    expect(audit.rows.length).toBe(1);
  });
});
