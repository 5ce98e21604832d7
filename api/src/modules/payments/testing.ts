/**
 * Test helpers of the payments module: a test app with a fake clock and fake providers, players in
 * `player_accounts`, balances, payment rows, delivering fake callbacks, advancing the worker.
 */
import { startTestApp, type TestApp } from '../../testing/app.ts';
import { walletOf } from '../wallet/index.ts';
import { setProviders } from './engine.ts';
import { fakeProviders, type FakeCallback, type FakeProvider } from './fake.ts';
import type { ProviderId } from './port.ts';
import { handleCallback, runDueFollowups } from './worker.ts';

export interface PaymentsHarness {
  readonly t: TestApp;
  readonly fakes: Record<ProviderId, FakeProvider>;
  /** Epoch ms of the fake clock. */
  now: number;
  addPlayer(
    userId: string,
    phone: string,
    network: number,
    flags?: { noWithdraw?: boolean; whitelisted?: boolean },
  ): Promise<void>;
  /**
   * Records `phone` (`+255…`) as verified by SMS for `userId`, as `verifyPaymentPhone` does once its owner
   * gave the code (identity payment-phones.ts): deposits may then prompt it (issue 15 item 6).
   */
  verifiedPhone(userId: string, phone: string): Promise<void>;
  balance(userId: string): Promise<number>;
  row(paymentId: string): Promise<Record<string, unknown>>;
  deliver(network: ProviderId, cb: FakeCallback): Promise<string>;
  /** Moves the clock `ms` forward and runs due follow-ups until none is due. */
  advance(ms: number): Promise<void>;
  close(): Promise<void>;
}

export const startPaymentsHarness = async (): Promise<PaymentsHarness> => {
  const h = { now: Date.parse('2026-03-02T06:00:00Z') } as PaymentsHarness;
  const t = await startTestApp({ now: () => h.now });
  const fakes = fakeProviders();
  for (const f of Object.values(fakes)) f.now = () => new Date(h.now).toISOString();
  setProviders(t.services, fakes);
  return Object.assign(h, {
    t,
    fakes,
    addPlayer: async (
      userId: string,
      phone: string,
      network: number,
      flags: { noWithdraw?: boolean; whitelisted?: boolean } = {},
    ) => {
      await t.services.sql.query(
        `INSERT INTO player_accounts (user_id, phone, network, invitation_code, created_at, no_withdraw, withdrawal_whitelist)
         VALUES ($1, $2, $3, $1, now(), $4, $5)`,
        [userId, phone, network, flags.noWithdraw ?? false, flags.whitelisted ?? false],
      );
    },
    verifiedPhone: async (userId: string, phone: string) => {
      await t.services.sql.query(
        'INSERT INTO player_payment_phones (user_id, phone, verified_at) VALUES ($1, $2, now()) ON CONFLICT DO NOTHING',
        [userId, phone],
      );
    },
    balance: async (userId: string) => (await walletOf(t.services).current(userId)).balance,
    row: async (paymentId: string) =>
      (
        await t.services.sql.query<Record<string, unknown>>('SELECT * FROM payments WHERE payment_id = $1', [
          paymentId,
        ])
      ).rows[0]!,
    deliver: (network: ProviderId, cb: FakeCallback) =>
      handleCallback(t.services, network, { headers: cb.headers, body: cb.body, rawBody: cb.rawBody }),
    advance: async (ms: number) => {
      h.now += ms;
      while ((await runDueFollowups(t.services)) > 0) {
        /* until nothing is due */
      }
    },
    close: () => t.close(),
  });
};

/** Credits `amount` TZS to a player by a staff adjustment (to have money to withdraw). */
export const fund = async (t: TestApp, userId: string, amount: number, id: string): Promise<void> => {
  const r = await walletOf(t.services).run({
    type: 'AdjustPocket',
    userId,
    movementId: `fund:${id}`,
    at: new Date(t.services.now()).toISOString(),
    actor: { kind: 'staff', id: 'test' },
    pocket: 'balance',
    amount,
    reference: id,
    reason: 'test funds',
  });
  if (!r.ok) throw new Error(r.error.code);
};

/** A statement that queues a payment's follow-up of `kind` (the step after recording it). */
export const followUpInsert =
  (kind: 'enquire' | 'send') =>
  (text: string): boolean =>
    text.includes('INSERT INTO payment_followups') && text.includes(`'${kind}'`);

/**
 * Runs `request` with the first SQL statement whose text matches `drop` failing as a dropped
 * connection does (issue 15: a crash between two steps of a request), then puts the executor back;
 * answers what `request` answered and how many statements were dropped (0 or 1).
 */
export const withDroppedStatement = async <T>(
  sql: TestApp['services']['sql'],
  drop: (text: string) => boolean,
  request: () => Promise<T>,
): Promise<{ answer: T; dropped: number }> => {
  const query = sql.query.bind(sql);
  let dropped = 0;
  (sql as { query: typeof sql.query }).query = (async (
    text: string,
    params?: readonly unknown[],
    name?: string,
  ) => {
    if (dropped === 0 && drop(text)) {
      dropped++;
      throw new Error('terminating connection due to administrator command');
    }
    return query(text, params, name);
  }) as typeof sql.query;
  try {
    return { answer: await request(), dropped };
  } finally {
    (sql as { query: typeof sql.query }).query = query;
  }
};
