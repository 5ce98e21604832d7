/**
 * The chaos suite's product read-model check (`verifyProjectionsIn`, decision 0066): casino
 * transactions made through the signed wallet API verify equal to their rebuild, and a stored row
 * changed, deleted or added by hand is reported (so the check can fail).
 */
import { signCasinoRequest } from '@bashiri/domain';
import { modules, SANDBOX_PROVIDER, seedSandboxProvider } from '@bashiri/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, staff, startTestApp, type TestApp } from '@bashiri/api/testing/app';
import { verifyProjectionsIn } from './checks.ts';

describe('chaos: product read models against a rebuild', () => {
  let t: TestApp;
  const now = Date.parse('2026-11-26T10:00:00Z');

  const call = async (method: string, body: Record<string, unknown>) => {
    const text = JSON.stringify({ currency: 'TZS', ...body });
    const res = await t.app.inject({
      method: 'POST',
      url: `/casino/wallet/${method}`,
      headers: {
        'content-type': 'application/json',
        ...signCasinoRequest(SANDBOX_PROVIDER.id, SANDBOX_PROVIDER.secret, text, now),
      },
      payload: text,
    });
    return res.json() as { status: string };
  };

  beforeAll(async () => {
    t = await startTestApp({ now: () => now });
    await t.services.projections.settle();
    await seedSandboxProvider(t.services.sql);
    const funded = await t.gql(
      'mutation ($i: AdjustWalletInput!) { adjustWallet(input: $i) { balance } }',
      { i: { userId: 'c1', pocket: 'BALANCE', amount: 10_000, reason: 'test', requestId: 'fund-c1' } },
      staff('s1', ['users.adjust_money']),
    );
    expect(funded.errors).toBeUndefined();
    const launched = await t.gql<{ launchCasinoGame: { sessionToken: string } }>(
      'mutation { launchCasinoGame(providerId: "sandbox", gameId: "crash") { sessionToken } }',
      {},
      player('c1'),
    );
    const sessionToken = launched.data!.launchCasinoGame.sessionToken;
    const common = { sessionToken, gameId: 'crash', roundId: 'r1' };
    expect((await call('bet', { ...common, transactionId: 'b1', amount: 1_000 })).status).toBe('RS_OK');
    expect(
      (await call('win', { ...common, transactionId: 'w1', betTransactionId: 'b1', amount: 2_500 })).status,
    ).toBe('RS_OK');
    expect((await call('bet', { ...common, roundId: 'r2', transactionId: 'b2', amount: 700 })).status).toBe(
      'RS_OK',
    );
    await t.services.projections.settle();
  });
  afterAll(async () => t?.close());

  it('equal after the load; a changed, then a deleted and an invented row are reported', async () => {
    const clean = await verifyProjectionsIn(t.services, modules);
    expect(clean.mismatches).toEqual([]);
    expect(clean.rows['casino_transactions']).toBe(3);
    expect(clean.events['casino-transactions']).toBe(3);

    await t.services.sql.query(
      `UPDATE casino_transactions SET amount = amount + 1 WHERE transaction_id = 'w1'`,
    );
    const changed = await verifyProjectionsIn(t.services, modules);
    expect(changed.mismatches).toHaveLength(1);
    expect(changed.mismatches[0]).toMatch(
      /^casino_transactions: 1 rebuilt rows not stored, 1 stored rows not rebuilt/,
    );

    await t.services.sql.query(`DELETE FROM casino_transactions WHERE transaction_id = 'w1'`);
    const deleted = await verifyProjectionsIn(t.services, modules);
    expect(deleted.mismatches[0]).toMatch(
      /^casino_transactions: 1 rebuilt rows not stored, 0 stored rows not rebuilt/,
    );

    await t.services.sql.query(
      `INSERT INTO casino_transactions
         (provider_id, transaction_id, round_id, game_id, user_id, kind, amount, movement, reference, outcome, at)
       SELECT provider_id, 'invented', round_id, game_id, user_id, 'win', 9999, 9999, 'b2', NULL, at
       FROM casino_transactions WHERE transaction_id = 'b2'`,
    );
    const invented = await verifyProjectionsIn(t.services, modules);
    expect(invented.mismatches[0]).toMatch(
      /1 rebuilt rows not stored, 1 stored rows not rebuilt; .*"invented"/,
    );
  });
});
