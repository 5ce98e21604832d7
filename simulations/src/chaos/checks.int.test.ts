/**
 * The chaos suite's product read-model check (`verifyProjectionsIn`, decision 0066): casino
 * transactions made through the signed wallet API verify equal to their rebuild, and a stored row
 * changed, deleted or added by hand is reported (so the check can fail).
 */
import { signCasinoRequest } from '@bashiri/domain';
import { modules, SANDBOX_PROVIDER, seedSandboxProvider } from '@bashiri/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, staff, startTestApp, type TestApp } from '@bashiri/api/testing/app';
import { checkCasinoRollbacks, verifyProjectionsIn } from './checks.ts';

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

  let sessionToken = '';
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
    sessionToken = launched.data!.launchCasinoGame.sessionToken;
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

  it('casino rollbacks: a refund, a repeat and a rollback of a bet never seen match their rows and bills; a wrong one is reported', async () => {
    const common = { sessionToken, gameId: 'crash', roundId: 'r3' };
    expect((await call('bet', { ...common, transactionId: 'b3', amount: 900 })).status).toBe('RS_OK');
    expect((await call('rollback', { ...common, transactionId: 'rb1', betTransactionId: 'b3' })).status).toBe(
      'RS_OK',
    );
    expect((await call('rollback', { ...common, transactionId: 'rb2', betTransactionId: 'b3' })).status).toBe(
      'RS_OK',
    );
    const lost = { sessionToken, gameId: 'crash', roundId: 'r4' };
    expect((await call('rollback', { ...lost, transactionId: 'rb3', betTransactionId: 'b4' })).status).toBe(
      'RS_OK',
    );
    expect((await call('bet', { ...lost, transactionId: 'b4', amount: 300 })).status).toBe(
      'RS_ERROR_TRANSACTION_ROLLED_BACK',
    );
    await t.services.projections.settle();
    const expected = [
      { userId: 'c1', transactionId: 'rb1', outcome: 'refunded', refund: 900 },
      { userId: 'c1', transactionId: 'rb2', outcome: 'alreadyRolledBack', refund: 0 },
      { userId: 'c1', transactionId: 'rb3', outcome: 'unknownBet', refund: 0 },
    ] as const;
    expect(await checkCasinoRollbacks(t.services.sql, SANDBOX_PROVIDER.id, expected)).toEqual([]);
    const wrong = await checkCasinoRollbacks(t.services.sql, SANDBOX_PROVIDER.id, [
      { userId: 'c1', transactionId: 'rb2', outcome: 'refunded', refund: 900 },
      { userId: 'c1', transactionId: 'rb9', outcome: 'unknownBet', refund: 0 },
    ]);
    expect(wrong).toEqual([
      'casino rollback rb2: alreadyRolledBack 0 TZS for c1, expected refunded 900 TZS for c1',
      'casino rollback rb2: bills none, expected 900 TZS',
      'casino rollback rb9 of c1 answered RS_OK but not recorded',
    ]);
  });
});
