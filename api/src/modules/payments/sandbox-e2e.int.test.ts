/**
 * Deposits and withdrawals through the real adapters and the provider sandboxes over HTTP on loopback,
 * with callbacks coming back to our `/payments/callback/:network` route — as `npm start` runs them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { setProviders } from './engine.ts';
import { createProviders, sandboxProviderConfigs } from './providers/index.ts';
import { startSandboxes } from './sandboxes/index.ts';
import type { SandboxHandle } from './sandboxes/index.ts';
import { startPaymentsWorker } from './worker.ts';

const DEPOSIT = `mutation ($i: DepositInput!) { deposit(input: $i) { id status } }`;
const WITHDRAW = `mutation ($i: WithdrawInput!) { withdraw(input: $i) { id status } }`;
const STATE = `query { myWallet { balance } deposits: myPayments(kind: DEPOSIT) { items { status payStatus } }
  withdrawals: myPayments(kind: WITHDRAWAL) { items { status payStatus } } }`;

describe('payments through the provider sandboxes over HTTP', () => {
  let t: TestApp;
  let sandboxes: SandboxHandle;
  let stopWorker: () => Promise<void>;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const callbackBaseUrl = `http://127.0.0.1:${port}/payments/callback`;
    sandboxes = await startSandboxes({ callbackBaseUrl, defaults: { pinDelayMs: 50, callbackDelayMs: 20 } });
    setProviders(
      t.services,
      createProviders(sandboxProviderConfigs(sandboxes.urls, sandboxes.publicKeyBase64, callbackBaseUrl)),
    );
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
    async (_name, network, phone) => {
      const me = player(`sandbox-${network}`);
      await t.services.sql.query(
        `INSERT INTO player_accounts (user_id, phone, network, invitation_code, created_at) VALUES ($1, $2, $3, $1, now())`,
        [`sandbox-${network}`, phone, network],
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
