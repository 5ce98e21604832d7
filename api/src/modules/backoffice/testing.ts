/**
 * Test helpers of the back-office tests: players registered through the account decider (so their
 * `account-` streams exist and the read model is projected), credited through `adjustWallet`.
 */
import { accountDecider, accountStream } from '@bashiri/domain';
import { handleCommand } from '@bashiri/eventstore';
import { staff } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';

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
  await t.services.projections.settle();
};

/** Credits a player's balance through the staff adjustment (bill type 2). */
export const creditTestPlayer = async (t: TestApp, userId: string, amount: number, requestId: string) => {
  const answer = await t.gql(
    `mutation ($input: AdjustWalletInput!) { adjustWallet(input: $input) { balance } }`,
    { input: { userId, pocket: 'BALANCE', amount, reason: 'test credit', requestId } },
    staff('cashier', ['users.adjust_money']),
  );
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  await t.services.projections.settle();
};
