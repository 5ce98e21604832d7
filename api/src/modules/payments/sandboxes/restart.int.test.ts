/**
 * Issue 15 item 10: the provider sandboxes keep their state in their own tables, so a deposit in flight
 * when the server stops is resolved after the restart by enquiry — as a real provider would answer —
 * instead of being failed as unknown to the provider. Two lives of the app on one database.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@bashiri/eventstore/testing';
import type { TestDatabase } from '@bashiri/eventstore/testing';
import { player, startTestApp } from '../../../testing/app.ts';
import type { TestApp } from '../../../testing/app.ts';
import { walletOf } from '../../wallet/index.ts';
import { setProviders } from '../engine.ts';
import { createProviders, sandboxProviderConfigs } from '../providers/index.ts';
import { runDueFollowups } from '../worker.ts';
import { openSandboxStore, startSandboxes } from './index.ts';
import type { SandboxHandle, Scenario } from './index.ts';

const DEPOSIT = `mutation ($i: DepositInput!) { deposit(input: $i) { id status } }`;

/** One life of the server: the app listening on loopback, with sandboxes whose state is in `db`. */
interface Life {
  readonly t: TestApp;
  readonly sandboxes: SandboxHandle;
  /** Epoch ms of the app's clock (the sandboxes use the real one). */
  clock: number;
  stop(): Promise<void>;
}
/**
 * One life of the server. `sandboxLagMs` sets the sandboxes' clock that many ms behind the real one, so a
 * transaction they create looks older than it is to the next life (which resumes it by its creation time).
 */
const live = async (
  db: TestDatabase,
  rules: Record<string, Scenario> = {},
  sandboxLagMs = 0,
): Promise<Life> => {
  const life = { clock: Date.now() } as Life;
  const t = await startTestApp({ sql: db.sql, now: () => life.clock });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  const callbackBaseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/payments/callback`;
  const sandboxes = await startSandboxes({
    callbackBaseUrl,
    defaults: { pinDelayMs: 50, callbackDelayMs: 20 },
    ...(sandboxLagMs ? { clock: () => Date.now() - sandboxLagMs } : {}),
    store: await openSandboxStore(t.services.sql),
  });
  for (const [msisdn, scenario] of Object.entries(rules)) sandboxes.control.when({ msisdn }, scenario);
  setProviders(
    t.services,
    createProviders(sandboxProviderConfigs(sandboxes.urls, sandboxes.publicKeyBase64, callbackBaseUrl)),
  );
  running.add(life);
  return Object.assign(life, {
    t,
    sandboxes,
    stop: async () => {
      running.delete(life);
      await sandboxes.stop();
      await t.close();
    },
  });
};
/** Lives not stopped yet: a failed attempt's are stopped after it, so a retry never runs beside them. */
const running = new Set<Life>();
afterEach(async () => {
  for (const life of [...running]) await life.stop();
});

const statusOf = async (t: TestApp, paymentId: string) =>
  (
    await t.services.sql.query<{ status: string }>('SELECT status FROM payments WHERE payment_id = $1', [
      paymentId,
    ])
  ).rows[0]?.status;

describe.each([
  ['Airtel', 4, 'airtel', '+255682000401'],
  ['Halotel', 7, 'halotel', '+255622000402'],
] as const)('%s: a deposit in flight across a restart', (_name, network, sandbox, phone) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });
  afterAll(async () => {
    await db.dispose();
  });

  it('paid while the server was down (no callback reached it): the enquiry after the restart credits it once', async () => {
    const first = await live(db, { [phone]: { callback: { mode: 'missing' } } });
    // Unique per attempt: a retried test meets the first attempt's rows in the same database.
    const userId = `restart-paid-${network}-${randomUUID().slice(0, 8)}`;
    await first.t.services.sql.query(
      `INSERT INTO player_accounts (user_id, phone, network, invitation_code, created_at) VALUES ($1, $2, $3, $1, now())`,
      [userId, phone, network],
    );
    const deposit = await first.t.gql<{ deposit: { id: string } }>(
      DEPOSIT,
      { i: { requestId: `paid-${userId}`, network, phone, amount: 5_000 } },
      player(userId),
    );
    const paymentId = deposit.data!.deposit.id;
    await expect.poll(() => first.sandboxes.control.find(sandbox, paymentId)?.status).toBe('succeeded');
    await first.stop(); // the crash: nobody heard of the payment

    const second = await live(db);
    try {
      expect(second.sandboxes.control.find(sandbox, paymentId)?.status).toBe('succeeded');
      second.clock += 60_000; // the follow-up enquiry is due
      while ((await runDueFollowups(second.t.services)) > 0) {
        /* until nothing is due */
      }
      expect(await statusOf(second.t, paymentId)).toBe('confirmed');
      expect((await walletOf(second.t.services).current(userId)).balance).toBe(5_000);
    } finally {
      await second.stop();
    }
  });

  it('still at the PIN prompt at the crash: the prompt resumes after the restart and the deposit is credited', async () => {
    // The customer takes PROMPT_MS at the prompt, far longer than a deposit request takes even on a busy
    // CI machine, so it is surely still pending at the crash. The first life's sandbox clock lags by
    // PROMPT_MS less one second, so the restarted sandbox (on the real clock) finds the customer's answer
    // due one second after the prompt was sent and resumes it at once.
    const PROMPT_MS = 120_000;
    // The scenario is the deposit's own phone (a rule on another phone left this prompt at the default
    // 50 ms, and a deposit request slower than that on a loaded machine found it paid already).
    const promptPhone = `${phone.slice(0, -1)}9`;
    const first = await live(db, { [promptPhone]: { pinDelayMs: PROMPT_MS } }, PROMPT_MS - 1_000);
    const userId = `restart-prompt-${network}-${randomUUID().slice(0, 8)}`;
    await first.t.services.sql.query(
      `INSERT INTO player_accounts (user_id, phone, network, invitation_code, created_at) VALUES ($1, $2, $3, $1, now())`,
      [userId, promptPhone, network],
    );
    const deposit = await first.t.gql<{ deposit: { id: string } }>(
      DEPOSIT,
      { i: { requestId: `prompt-${userId}`, network, phone: promptPhone, amount: 7_000 } },
      player(userId),
    );
    const paymentId = deposit.data!.deposit.id;
    expect(first.sandboxes.control.find(sandbox, paymentId)?.status).toBe('pending');
    await first.stop();

    const second = await live(db);
    try {
      // The callback of the resumed prompt reaches the new server, whose enquiry credits the deposit.
      await expect
        .poll(async () => (await walletOf(second.t.services).current(userId)).balance, { timeout: 30_000 })
        .toBe(7_000);
      second.clock += 600_000;
      while ((await runDueFollowups(second.t.services)) > 0) {
        /* nothing may credit it twice */
      }
      expect(await statusOf(second.t, paymentId)).toBe('confirmed');
      expect((await walletOf(second.t.services).current(userId)).balance).toBe(7_000);
    } finally {
      await second.stop();
    }
  });
});
