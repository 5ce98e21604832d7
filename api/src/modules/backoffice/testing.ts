/**
 * Test helpers of the back-office tests: players registered through the account decider (so their
 * `account-` streams exist and the read model is projected), credited through `adjustWallet`.
 */
import { accountDecider, accountStream } from '@bashiri/domain';
import { handleCommand } from '@bashiri/eventstore';
import { staff } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';

/**
 * Runs the projections until `query` (returning one row `{ ok: boolean }`) answers true. On a shared
 * PostgreSQL server another test's open transaction can hold events back from the projections for a
 * moment (readers see only what is below the oldest open transaction), so one pass may not be enough.
 */
export const settleUntil = async (t: TestApp, query: string, params: unknown[] = [], timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await t.services.projections.settle();
    const { rows } = await t.services.sql.query<{ ok: boolean }>(query, params);
    if (rows[0]?.ok) return;
    if (Date.now() > deadline)
      throw new Error(`projections did not reach: ${query} ${JSON.stringify(params)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** Registers a player `+2557…` with invitation code `INV<userId>`; settles the projections. */
export const registerTestPlayer = async (
  t: TestApp,
  userId: string,
  phone: string,
  options: { superiorId?: string | null; at?: string } = {},
): Promise<void> => {
  const outcome = await handleCommand(t.services.store, accountStream(userId), accountDecider, {
    type: 'Register',
    userId,
    phone,
    network: 4,
    passwordHashRef: `argon2id:test-${userId}`,
    invitationCode: `INV${userId.toUpperCase()}`,
    superiorId: options.superiorId ?? null,
    at: options.at ?? new Date(t.services.now()).toISOString(),
  });
  if (!outcome.ok) throw new Error(`register ${userId}: ${JSON.stringify(outcome.error)}`);
  await settleUntil(t, 'SELECT EXISTS (SELECT 1 FROM player_accounts WHERE user_id = $1) AS ok', [userId]);
};

/** Credits a player's balance through the staff adjustment (bill type 2). */
export const creditTestPlayer = async (t: TestApp, userId: string, amount: number, requestId: string) => {
  const answer = await t.gql(
    `mutation ($input: AdjustWalletInput!) { adjustWallet(input: $input) { balance } }`,
    { input: { userId, pocket: 'BALANCE', amount, reason: 'test credit', requestId } },
    staff('cashier', ['users.adjust_money']),
  );
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  await settleUntil(t, 'SELECT EXISTS (SELECT 1 FROM bills WHERE movement_id = $1) AS ok', [
    `staff:${requestId}`,
  ]);
};

/** Runs the projections until every bet in `betIds` is in the orders list. */
export const settleOrders = (t: TestApp, betIds: readonly string[]) =>
  settleUntil(t, 'SELECT count(*) = $2 AS ok FROM orders WHERE bet_id = ANY ($1::text[])', [
    betIds,
    betIds.length,
  ]);
