/**
 * The seamless-wallet API over HTTP (issue 22 §2, "Bad input and faults"; docs/casino.md): signature
 * and timestamp window, idempotency by transaction id (a repeat answers the first result), unknown-bet
 * win and rollback, whole TZS, session token, the no-bet flag, stake range, bills 22 and 23 through the
 * money path, concurrent bet/rollback, rate limits, and a property over random call interleavings.
 */
import { randomInt, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import {
  CASINO_HEADERS,
  accountStream,
  protectionDecider,
  protectionStream,
  signCasinoRequest,
} from '@bashiri/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { player, staff, startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import type { SqlEventStore } from '@bashiri/eventstore';
import { FRESHNESS_MAX_AGE_MS } from '../wallet/index.ts';
import { FRESH_FACTS_RENEW_AFTER_MS, freshFactsOf } from './fresh-facts.ts';
import { SANDBOX_PROVIDER, seedSandboxProvider } from './index.ts';
import { heldCasinoRounds } from './wallet-api.ts';

const CREDIT = `mutation ($input: AdjustWalletInput!) { adjustWallet(input: $input) { balance } }`;
const STAKE_LIMIT = `mutation ($v: Int) { setProtectionLimit(kind: STAKE_BET, value: $v) { canPlay } }`;
const noBetChanged = (userId: string, noBet: boolean) => ({
  type: 'NoBetChanged',
  data: { userId, actor: { kind: 'staff', id: 'test' }, reason: 'test', at: new Date().toISOString(), noBet },
});
const LAUNCH = `mutation ($p: ID!, $g: ID!, $demo: Boolean) { launchCasinoGame(providerId: $p, gameId: $g, demo: $demo) { url sessionToken demo expiresAt } }`;

describe('casino seamless-wallet API', () => {
  let t: TestApp;
  let now = Date.parse('2026-11-26T10:00:00Z');
  const cashier = staff('1', ['users.adjust_money']);
  let seq = 0;
  const id = (p: string) => `${p}-${(seq += 1)}`;
  /**
   * A player id of this attempt's own: a retry must not meet its first attempt's wallet, rounds,
   * transactions and flags.
   */
  const own = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

  const call = async (
    method: string,
    body: Record<string, unknown>,
    opts: {
      signedAt?: number;
      secret?: string;
      provider?: string;
      raw?: string;
      ip?: string;
      on?: TestApp;
    } = {},
  ) => {
    const text = opts.raw ?? JSON.stringify({ currency: 'TZS', ...body });
    const headers = signCasinoRequest(
      opts.provider ?? SANDBOX_PROVIDER.id,
      opts.secret ?? SANDBOX_PROVIDER.secret,
      text,
      opts.signedAt ?? now,
    );
    const res = await (opts.on ?? t).app.inject({
      method: 'POST',
      url: `/casino/wallet/${method}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: text,
      ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    });
    return {
      http: res.statusCode,
      ...(res.json() as { status: string; balance?: number; transactionId?: string }),
    };
  };
  const fund = async (userId: string, amount: number) => {
    const r = await t.gql(
      CREDIT,
      {
        input: { userId, pocket: 'BALANCE', amount, reason: 'test', requestId: id(`fund-${userId}`) },
      },
      cashier,
    );
    expect(r.errors).toBeUndefined();
  };
  const launch = async (userId: string, gameId = 'crash') => {
    const r = await t.gql<{ launchCasinoGame: { sessionToken: string; url: string } }>(
      LAUNCH,
      { p: 'sandbox', g: gameId },
      player(userId),
    );
    expect(r.errors).toBeUndefined();
    return r.data!.launchCasinoGame.sessionToken;
  };
  const bills = async (userId: string) =>
    (
      await t.services.sql.query<{ bill_type: number; amount: number }>(
        `SELECT bill_type, amount::int AS amount FROM bills WHERE user_id = $1 AND pocket = 'balance' ORDER BY id`,
        [userId],
      )
    ).rows;
  const settle = () => t.services.projections.settle();

  beforeAll(async () => {
    t = await startTestApp({ now: () => now });
    await t.services.projections.settle();
    await seedSandboxProvider(t.services.sql);
  });
  afterAll(async () => t?.close());

  it('launch gives a sandbox URL with a session token; balance answers RS_OK with the balance', async () => {
    const u = own('u1');
    await fund(u, 10_000);
    const r = await t.gql<{ launchCasinoGame: { url: string; sessionToken: string; demo: boolean } }>(
      LAUNCH,
      { p: 'sandbox', g: 'crash' },
      player(u),
    );
    expect(r.data!.launchCasinoGame.url).toMatch(
      /^\/casino-sandbox\/play\/crash\?token=cst_[0-9a-f]{32}&lang=sw&mode=real$/,
    );
    const token = r.data!.launchCasinoGame.sessionToken;
    expect(await call('balance', { sessionToken: token, gameId: 'crash' })).toMatchObject({
      http: 200,
      status: 'RS_OK',
      balance: 10_000,
      currency: 'TZS',
    });
  });

  it('signature: a body changed after signing, a wrong secret, a missing header, an old timestamp (replay) are refused', async () => {
    const u = own('u1');
    const token = await launch(u);
    const body = { sessionToken: token, gameId: 'crash' };
    expect((await call('balance', body, { secret: 'not-the-secret-at-all' })).status).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
    expect((await call('balance', body, { signedAt: now - 31_000 })).status).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
    expect((await call('balance', body, { signedAt: now + 31_000 })).status).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
    expect((await call('balance', body, { signedAt: now - 29_000 })).status).toBe('RS_OK');
    const text = JSON.stringify(body);
    const headers = signCasinoRequest('sandbox', SANDBOX_PROVIDER.secret, text, now);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/casino/wallet/balance',
      headers: { 'content-type': 'application/json', ...headers },
      payload: text.replace('crash', 'dice'),
    });
    expect(tampered.json().status).toBe('RS_ERROR_INVALID_SIGNATURE');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/casino/wallet/balance',
      headers: { 'content-type': 'application/json', [CASINO_HEADERS.provider]: 'sandbox' },
      payload: text,
    });
    expect(unsigned.json().status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect((await call('balance', body, { provider: 'nobody' })).status).toBe('RS_ERROR_INVALID_PARTNER');
  });

  it('a replayed bet (same signed request, inside the window) debits once and answers the first result', async () => {
    const u = own('u2');
    await fund(u, 5_000);
    const token = await launch(u);
    const bet = {
      sessionToken: token,
      gameId: 'crash',
      roundId: id('r'),
      transactionId: id('tx'),
      amount: 1_000,
    };
    const first = await call('bet', bet);
    expect(first).toMatchObject({ status: 'RS_OK', balance: 4_000, transactionId: bet.transactionId });
    // Another movement in between: the repeat still answers the first result (balance after the first).
    await fund(u, 500);
    const again = await call('bet', bet);
    expect(again).toMatchObject({ status: 'RS_OK', balance: 4_000, transactionId: bet.transactionId });
    // Same id, other content: a duplicate transaction, nothing moves.
    expect((await call('bet', { ...bet, amount: 999 })).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    await settle();
    expect((await bills(u)).filter((b) => b.bill_type === 22)).toEqual([{ bill_type: 22, amount: -1_000 }]);
    expect((await call('balance', { sessionToken: token, gameId: 'crash' })).balance).toBe(4_500);
  });

  it('win credits bill 23; a win for an unknown bet, a second win and a rollback after the win are refused', async () => {
    const u = own('u3');
    await fund(u, 5_000);
    const token = await launch(u);
    const roundId = id('r');
    const common = { sessionToken: token, gameId: 'crash', roundId };
    expect(
      (await call('win', { ...common, transactionId: id('w'), betTransactionId: 'never-sent', amount: 100 }))
        .status,
    ).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    await call('bet', { ...common, transactionId: 'b1', amount: 2_000 });
    expect(
      await call('win', { ...common, transactionId: 'w1', betTransactionId: 'b1', amount: 4_700 }),
    ).toMatchObject({
      status: 'RS_OK',
      balance: 7_700,
    });
    expect(
      (await call('win', { ...common, transactionId: 'w2', betTransactionId: 'b1', amount: 1 })).status,
    ).toBe('RS_ERROR_TRANSACTION_SETTLED');
    expect((await call('rollback', { ...common, transactionId: 'rb1', betTransactionId: 'b1' })).status).toBe(
      'RS_ERROR_TRANSACTION_SETTLED',
    );
    // The win repeated: the first result.
    expect(
      await call('win', { ...common, transactionId: 'w1', betTransactionId: 'b1', amount: 4_700 }),
    ).toMatchObject({
      status: 'RS_OK',
      balance: 7_700,
    });
    await settle();
    expect((await bills(u)).slice(1)).toEqual([
      { bill_type: 22, amount: -2_000 },
      { bill_type: 23, amount: 4_700 },
    ]);
  });

  it('rollback refunds an open bet once; a rollback of an unknown bet is OK and the late bet is refused', async () => {
    const u = own('u4');
    await fund(u, 3_000);
    const token = await launch(u);
    const common = { sessionToken: token, gameId: 'crash', roundId: id('r') };
    await call('bet', { ...common, transactionId: 'b1', amount: 1_000 });
    expect(await call('rollback', { ...common, transactionId: 'rb1', betTransactionId: 'b1' })).toMatchObject(
      {
        status: 'RS_OK',
        balance: 3_000,
      },
    );
    expect(await call('rollback', { ...common, transactionId: 'rb2', betTransactionId: 'b1' })).toMatchObject(
      {
        status: 'RS_OK',
        balance: 3_000,
      },
    );
    expect(
      (await call('win', { ...common, transactionId: 'w1', betTransactionId: 'b1', amount: 5 })).status,
    ).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await call('rollback', { ...common, transactionId: 'rb3', betTransactionId: 'b9' })).toMatchObject(
      {
        status: 'RS_OK',
        balance: 3_000,
      },
    );
    expect((await call('bet', { ...common, transactionId: 'b9', amount: 500 })).status).toBe(
      'RS_ERROR_TRANSACTION_ROLLED_BACK',
    );
    await settle();
    expect((await bills(u)).slice(1)).toEqual([
      { bill_type: 22, amount: -1_000 },
      { bill_type: 23, amount: 1_000 },
    ]);
  });

  it('amounts: above the balance, negative, fractional, text, zero; stake outside the game range; wrong currency', async () => {
    const u = own('u5');
    await fund(u, 1_000);
    const token = await launch(u);
    const common = { sessionToken: token, gameId: 'crash', roundId: id('r') };
    expect(await call('bet', { ...common, transactionId: id('b'), amount: 1_500 })).toMatchObject({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      balance: 1_000,
    });
    for (const amount of [-100, 100.5, '100', 0])
      expect((await call('bet', { ...common, transactionId: id('b'), amount })).status).toBe(
        'RS_ERROR_WRONG_TYPES',
      );
    expect((await call('bet', { ...common, transactionId: id('b'), amount: 50 })).status).toBe(
      'RS_ERROR_LIMIT_REACHED',
    );
    expect(
      (await call('bet', { ...common, transactionId: id('b'), amount: 200, currency: 'KES' })).status,
    ).toBe('RS_ERROR_WRONG_CURRENCY');
    expect((await call('bet', {}, { raw: '{not json' })).status).toBe('RS_ERROR_WRONG_SYNTAX');
    // The refused bet (not enough money) was not remembered: the same id succeeds once funded.
    const b = { ...common, transactionId: 'retry-me', amount: 1_200 };
    expect((await call('bet', b)).status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    await fund(u, 500);
    expect(await call('bet', b)).toMatchObject({ status: 'RS_OK', balance: 300 });
  });

  it("staff's edits of the provider and its games reach the very next call (the cached facts are refreshed)", async () => {
    const u = own('u11');
    await fund(u, 5_000);
    const token = await launch(u);
    const editor = staff('3', ['config.edit']);
    const SAVE_PROVIDER = `mutation ($input: CasinoProviderInput!) { saveCasinoProvider(input: $input) { id } }`;
    const SAVE_GAME = `mutation ($input: CasinoGameInput!) { saveCasinoGame(input: $input) { gameId } }`;
    const saveProvider = async (fields: { enabled: boolean; secret?: string }) =>
      expect(
        (
          await t.gql(
            SAVE_PROVIDER,
            {
              input: {
                id: SANDBOX_PROVIDER.id,
                name: SANDBOX_PROVIDER.name,
                launchUrl: SANDBOX_PROVIDER.launchUrl,
                ...fields,
              },
            },
            editor,
          )
        ).errors,
      ).toBeUndefined();
    const common = { sessionToken: token, gameId: 'crash' };
    const bet = (amount: number, opts: { secret?: string } = {}) =>
      call('bet', { ...common, roundId: id('r'), transactionId: id('b'), amount }, opts);
    // Read (and cached) once: a bet of 2,000 is inside the crash game's range.
    expect((await bet(2_000)).status).toBe('RS_OK');
    await saveProvider({ enabled: false });
    expect((await bet(100)).status).toBe('RS_ERROR_INVALID_PARTNER');
    await saveProvider({ enabled: true, secret: 'a-new-secret-for-this-test-0001' });
    expect((await bet(100)).status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect((await bet(100, { secret: 'a-new-secret-for-this-test-0001' })).status).toBe('RS_OK');
    await saveProvider({ enabled: true, secret: SANDBOX_PROVIDER.secret });
    const crash = (
      await t.services.sql.query<Record<string, unknown>>(
        `SELECT category, name_sw AS "nameSw", name_en AS "nameEn", name_zh AS "nameZh", thumbnail,
           rtp_percent::text AS "rtpPercent", volatility, min_stake::int AS "minStake", sort_order AS "sortOrder",
           max_stake::int AS "maxStake", visible, popular, is_new AS "isNew"
         FROM casino_games WHERE provider_id = 'sandbox' AND game_id = 'crash'`,
      )
    ).rows[0]!;
    const saved = await t.gql(
      SAVE_GAME,
      { input: { ...crash, providerId: 'sandbox', gameId: 'crash', maxStake: 1_000 } },
      editor,
    );
    expect(saved.errors).toBeUndefined();
    expect((await bet(1_500)).status).toBe('RS_ERROR_LIMIT_REACHED');
    expect((await bet(1_000)).status).toBe('RS_OK');
    const restored = await t.gql(
      SAVE_GAME,
      { input: { ...crash, providerId: 'sandbox', gameId: 'crash' } },
      editor,
    );
    expect(restored.errors).toBeUndefined();
    expect((await bet(1_500)).status).toBe('RS_OK');
    await settle();
    expect((await bills(u)).map((b) => b.amount)).toEqual([5_000, -2_000, -100, -1_000, -1_500]);
  });

  it('session: unknown, demo, another game, expired (bet and balance refused; win still accepted)', async () => {
    const u = own('u6');
    await fund(u, 2_000);
    const token = await launch(u);
    const common = { sessionToken: token, gameId: 'crash', roundId: id('r') };
    expect((await call('balance', { sessionToken: 'cst_nope', gameId: 'crash' })).status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    const demo = await t.gql<{ launchCasinoGame: { sessionToken: string; demo: boolean } }>(LAUNCH, {
      p: 'sandbox',
      g: 'crash',
      demo: true,
    });
    expect(demo.data!.launchCasinoGame.demo).toBe(true);
    expect(
      (await call('balance', { sessionToken: demo.data!.launchCasinoGame.sessionToken, gameId: 'crash' }))
        .status,
    ).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await call('balance', { sessionToken: token, gameId: 'dice' })).status).toBe(
      'RS_ERROR_INVALID_GAME',
    );
    await call('bet', { ...common, transactionId: 'b1', amount: 500 });
    const saved = now;
    now += 4 * 3_600_000 + 1;
    try {
      expect((await call('bet', { ...common, transactionId: 'b2', amount: 500 })).status).toBe(
        'RS_ERROR_TOKEN_EXPIRED',
      );
      expect((await call('balance', { sessionToken: token, gameId: 'crash' })).status).toBe(
        'RS_ERROR_TOKEN_EXPIRED',
      );
      expect(
        await call('win', { ...common, transactionId: 'w1', betTransactionId: 'b1', amount: 900 }),
      ).toMatchObject({
        status: 'RS_OK',
        balance: 2_400,
      });
    } finally {
      now = saved;
    }
  });

  it("the player's no-bet flag refuses bets (RS_ERROR_USER_DISABLED) but not the win of an earlier bet", async () => {
    const u = own('u7');
    await fund(u, 2_000);
    await t.services.sql.query(
      `INSERT INTO player_accounts (user_id, phone, network, invitation_code, created_at) VALUES ($1, $2, 6, $1, now())`,
      [u, `+25570${String(randomInt(10_000_000)).padStart(7, '0')}`],
    );
    const token = await launch(u);
    const common = { sessionToken: token, gameId: 'crash', roundId: id('r') };
    await call('bet', { ...common, transactionId: 'b1', amount: 500 });
    // Staff set the flag: an account event (the read model follows it; the bet reads the stream).
    await t.services.store.appendToStream(accountStream(u), [noBetChanged(u, true)]);
    expect((await call('bet', { ...common, transactionId: 'b2', amount: 500 })).status).toBe(
      'RS_ERROR_USER_DISABLED',
    );
    expect((await call('bet', { ...common, transactionId: 'b1', amount: 500 })).status).toBe('RS_OK');
    expect(
      (await call('win', { ...common, transactionId: 'w1', betTransactionId: 'b1', amount: 1_000 })).balance,
    ).toBe(2_500);
  });

  it('a transaction id reused in another round of the player is a duplicate transaction, and moves nothing', async () => {
    const u = own('u10');
    await fund(u, 5_000);
    const token = await launch(u);
    const r1 = { sessionToken: token, gameId: 'crash', roundId: id('r') };
    const r2 = { sessionToken: token, gameId: 'crash', roundId: id('r') };
    expect((await call('bet', { ...r1, transactionId: 'reused', amount: 1_000 })).balance).toBe(4_000);
    expect((await call('bet', { ...r2, transactionId: 'reused', amount: 1_000 })).status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    expect((await call('balance', { sessionToken: token, gameId: 'crash' })).balance).toBe(4_000);
  });

  it('concurrent: a bet and its rollback race, and ten copies of one bet race; money moves at most once', async () => {
    const u = own('u8');
    await fund(u, 10_000);
    const token = await launch(u);
    for (let i = 0; i < 4; i += 1) {
      const common = { sessionToken: token, gameId: 'crash', roundId: id('race') };
      const [bet, rb] = await Promise.all([
        call('bet', { ...common, transactionId: `${common.roundId}-b`, amount: 1_000 }),
        call('rollback', {
          ...common,
          transactionId: `${common.roundId}-rb`,
          betTransactionId: `${common.roundId}-b`,
        }),
      ]);
      expect(rb.status).toBe('RS_OK');
      expect(['RS_OK', 'RS_ERROR_TRANSACTION_ROLLED_BACK']).toContain(bet.status);
    }
    expect((await call('balance', { sessionToken: token, gameId: 'crash' })).balance).toBe(10_000);
    const common = { sessionToken: token, gameId: 'crash', roundId: id('dup') };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('bet', { ...common, transactionId: 'same', amount: 700 })),
    );
    expect(answers.map((a) => [a.status, a.balance])).toEqual(
      Array.from({ length: 10 }, () => ['RS_OK', 9_300]),
    );
    await settle();
    const casinoBills = (await bills(u)).filter((b) => b.bill_type === 22 || b.bill_type === 23);
    expect(casinoBills.reduce((s, b) => s + b.amount, 0)).toBe(-700);
  });

  it('property: random duplicated, reordered and rolled-back calls; the balance equals the sum of applied movements', async () => {
    const u = own('u9');
    await fund(u, 1_000_000);
    const token = await launch(u);
    const op = fc.record({
      kind: fc.constantFrom('bet', 'win', 'rollback', 'repeat'),
      bet: fc.integer({ min: 0, max: 3 }),
      amount: fc.integer({ min: 100, max: 5_000 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        const roundId = id('prop');
        const start = (await call('balance', { sessionToken: token, gameId: 'crash' })).balance!;
        const common = { sessionToken: token, gameId: 'crash', roundId };
        const sent: [string, Record<string, unknown>][] = [];
        for (const o of ops) {
          let req: [string, Record<string, unknown>];
          if (o.kind === 'repeat' && sent.length > 0) req = sent[o.bet % sent.length]!;
          else if (o.kind === 'bet')
            req = ['bet', { ...common, transactionId: `${roundId}-b${o.bet}`, amount: o.amount }];
          else if (o.kind === 'win')
            req = [
              'win',
              {
                ...common,
                transactionId: `${roundId}-w${o.bet}`,
                betTransactionId: `${roundId}-b${o.bet}`,
                amount: o.amount,
              },
            ];
          else
            req = [
              'rollback',
              { ...common, transactionId: `${roundId}-rb${o.bet}`, betTransactionId: `${roundId}-b${o.bet}` },
            ];
          sent.push(req);
          const answer = await call(req[0], req[1]);
          expect(answer.status).toMatch(/^RS_/);
        }
        await settle();
        const { rows } = await t.services.sql.query<{ net: number }>(
          `SELECT coalesce(sum(movement), 0)::int AS net FROM casino_transactions WHERE round_id = $1`,
          [roundId],
        );
        const balance = (await call('balance', { sessionToken: token, gameId: 'crash' })).balance!;
        expect(balance).toBe(start + rows[0]!.net);
        const paid = await t.services.sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM bills WHERE movement_id LIKE 'casino:sandbox:%' AND reference = $1
           GROUP BY movement_id HAVING count(*) > 1`,
          [`sandbox:${roundId}`],
        );
        expect(paid.rows).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });

  it('rate limit: an address sending bad signatures is answered 429 for the rest of the window', async () => {
    const u = own('u1');
    const token = await launch(u);
    const body = { sessionToken: token, gameId: 'crash' };
    // Addresses of this attempt's own (a retry would find the first attempt's address still refused).
    const net = `10.9.${randomInt(256)}`;
    const [bad, good] = [`${net}.9`, `${net}.8`];
    for (let i = 0; i < 30; i += 1)
      expect((await call('balance', body, { secret: 'wrong-secret-wrong', ip: bad })).http).toBe(200);
    expect((await call('balance', body, { ip: bad })).http).toBe(429);
    expect((await call('balance', body, { ip: good })).status).toBe('RS_OK');
  });

  it("a provider's address is not held to the site's 600 calls a minute (the route has its own limits)", async () => {
    const u = own('u1');
    const token = await launch(u);
    const body = { sessionToken: token, gameId: 'crash' };
    const answers: { http: number; status: string }[] = [];
    for (let batch = 0; batch < 13; batch += 1)
      answers.push(
        ...(await Promise.all(Array.from({ length: 50 }, () => call('balance', body, { ip: '10.7.7.7' })))),
      );
    expect(answers).toHaveLength(650);
    expect(answers.filter((a) => a.http !== 200 || a.status !== 'RS_OK')).toEqual([]);
  });

  it('a win after its bet, and the next bet, in the same process are appended without reading a stream; the first bet reads', async () => {
    const u = own('u-opt');
    await fund(u, 5_000);
    const token = await launch(u);
    const common = { sessionToken: token, gameId: 'crash', roundId: id('r') };
    const store = t.services.store;
    const reads = [
      vi.spyOn(store, 'readStream'),
      ...(store.readStreams ? [vi.spyOn(store, 'readStreams')] : []),
    ];
    const readCount = () => reads.reduce((n, spy) => n + spy.mock.calls.length, 0);
    try {
      expect(await call('bet', { ...common, transactionId: 'ob1', amount: 1_000 })).toMatchObject({
        status: 'RS_OK',
        balance: 4_000,
      });
      expect(readCount()).toBeGreaterThan(0);
      // The round waits for its win: held (decision 0216).
      const held = heldCasinoRounds(t.services);
      expect(held).toBeGreaterThan(0);
      reads.forEach((spy) => spy.mockClear());
      expect(
        await call('win', { ...common, transactionId: 'ow1', betTransactionId: 'ob1', amount: 2_500 }),
      ).toMatchObject({ status: 'RS_OK', balance: 6_500 });
      expect(readCount()).toBe(0);
      // Its only bet settled, the round is no longer held.
      expect(heldCasinoRounds(t.services)).toBe(held - 1);
      // The next round's bet: the protections and flags read by the first bet are confirmed current
      // (decision 0187), the round is new: appended without reading a stream either.
      const next = { ...common, roundId: id('r') };
      expect(await call('bet', { ...next, transactionId: 'ob2', amount: 500 })).toMatchObject({
        status: 'RS_OK',
        balance: 6_000,
      });
      expect(readCount()).toBe(0);
    } finally {
      reads.forEach((spy) => spy.mockRestore());
    }
    await settle();
    expect((await bills(u)).filter((b) => b.bill_type === 22 || b.bill_type === 23)).toEqual([
      { bill_type: 22, amount: -1_000 },
      { bill_type: 23, amount: 2_500 },
      { bill_type: 22, amount: -500 },
    ]);
  });

  it('bets without a read still see what changed (decision 0187): a limit the player sets, a protection or no-bet event from another writer', async () => {
    const u = own('u-fresh');
    await fund(u, 10_000);
    const token = await launch(u);
    const bet = (amount: number) =>
      call('bet', { sessionToken: token, gameId: 'crash', roundId: id('r'), transactionId: id('b'), amount });
    // The first bet reads and confirms; the next ones are decided on what this process holds.
    expect((await bet(500)).status).toBe('RS_OK');
    expect((await bet(500)).status).toBe('RS_OK');
    // The player lowers the per-bet stake limit: the very next bet is refused.
    const limit = await t.gql(STAKE_LIMIT, { v: 400 }, player(u));
    expect(limit.errors).toBeUndefined();
    expect((await bet(500)).status).toBe('RS_ERROR_LIMIT_REACHED');
    expect((await bet(300)).status).toBe('RS_OK');
    expect((await bet(300)).status).toBe('RS_OK');
    // A cool-off appended by another writer (not through this process's protection module): the
    // append's wake-up drops the confirmation, the next bet reads it and is refused.
    const stream = protectionStream(u);
    const [held] = await Promise.all([t.services.store.readStream(stream)]);
    const state = held!.events.reduce(
      (s, e) => protectionDecider.evolve(s, e as never),
      protectionDecider.initialState(),
    );
    const cool = protectionDecider.decide(
      {
        type: 'StartCoolOff',
        userId: u,
        actor: { kind: 'player', id: u },
        at: new Date(now).toISOString(),
        period: '24h',
        reason: '',
      },
      state,
    );
    if (!cool.ok) throw new Error(cool.error.code);
    await t.services.store.appendToStream(stream, cool.events, { expectedVersion: held!.events.length });
    expect((await bet(300)).status).toBe('RS_ERROR_USER_DISABLED');
    await settle();
    const stakes = (await bills(u)).filter((b) => b.bill_type === 22).map((b) => b.amount);
    expect(stakes).toEqual([-500, -500, -300, -300]);
  });

  it('the no-bet flag set after bets without a read binds the next bet; another process is heard through its notification', async () => {
    const u = own('u-flag');
    await fund(u, 10_000);
    const token = await launch(u);
    const bet = (amount: number, on?: TestApp) =>
      call(
        'bet',
        { sessionToken: token, gameId: 'crash', roundId: id('r'), transactionId: id('b'), amount },
        on ? { on } : {},
      );
    expect((await bet(100)).status).toBe('RS_OK');
    expect((await bet(100)).status).toBe('RS_OK');
    await t.services.store.appendToStream(accountStream(u), [noBetChanged(u, true)]);
    expect((await bet(100)).status).toBe('RS_ERROR_USER_DISABLED');
    await t.services.store.appendToStream(accountStream(u), [noBetChanged(u, false)]);
    expect((await bet(100)).status).toBe('RS_OK');
    expect((await bet(100)).status).toBe('RS_OK');
    // Another server on the same database sets the flag: this one hears of it through the store's
    // notification, which names no stream (PostgreSQL's LISTEN; called here as it would be).
    const other = await startTestApp({ sql: t.services.sql, now: () => now });
    try {
      await other.services.store.appendToStream(accountStream(u), [noBetChanged(u, true)]);
      (t.services.store as Partial<SqlEventStore>).notifyAppended?.();
      await new Promise((resolve) => setImmediate(resolve));
      expect((await bet(100)).status).toBe('RS_ERROR_USER_DISABLED');
    } finally {
      await other.close();
    }
  });

  it('an ageing confirmation is renewed off the call (decision 0208): bets go on without a read past its 5 s, and the renewal reads what another writer appended', async () => {
    const u = own('u-renew');
    await fund(u, 10_000);
    const token = await launch(u);
    const bet = (amount: number) =>
      call('bet', { sessionToken: token, gameId: 'crash', roundId: id('r'), transactionId: id('b'), amount });
    const store = t.services.store;
    const reads = [
      vi.spyOn(store, 'readStream'),
      ...(store.readStreams ? [vi.spyOn(store, 'readStreams')] : []),
    ];
    const readCount = () => reads.reduce((n, spy) => n + spy.mock.calls.length, 0);
    const renewer = freshFactsOf(t.services);
    const saved = now;
    const other = await startTestApp({ sql: t.services.sql, now: () => now });
    try {
      // The first bet reads and confirms the protections and flags at `saved`.
      expect((await bet(100)).status).toBe('RS_OK');
      await renewer.flush();
      reads.forEach((spy) => spy.mockClear());
      // Younger than the renewal age: used as they are, nothing queued.
      now = saved + FRESH_FACTS_RENEW_AFTER_MS - 500;
      expect((await bet(100)).status).toBe('RS_OK');
      await renewer.flush();
      expect(readCount()).toBe(0);
      // Older: the bet is appended without a read, and its player's renewal is one grouped read.
      now = saved + FRESH_FACTS_RENEW_AFTER_MS + 500;
      expect((await bet(100)).status).toBe('RS_OK');
      expect(readCount()).toBe(0);
      await renewer.flush();
      expect(readCount()).toBe(1);
      reads.forEach((spy) => spy.mockClear());
      // Past the first confirmation's expiry, the renewed one still holds: no read in the call.
      now = saved + FRESHNESS_MAX_AGE_MS + 500;
      expect((await bet(100)).status).toBe('RS_OK');
      expect(readCount()).toBe(0);
      // Another server sets the no-bet flag, and this one hears nothing of it. The bet on the ageing
      // confirmation goes on (decision 0187's window) and queues the renewal, which reads the flag.
      await other.services.store.appendToStream(accountStream(u), [noBetChanged(u, true)]);
      now = saved + FRESH_FACTS_RENEW_AFTER_MS + 500 + FRESH_FACTS_RENEW_AFTER_MS + 100;
      expect((await bet(100)).status).toBe('RS_OK');
      await renewer.flush();
      expect((await bet(100)).status).toBe('RS_ERROR_USER_DISABLED');
    } finally {
      reads.forEach((spy) => spy.mockRestore());
      now = saved;
      await other.close();
    }
    await settle();
    const stakes = (await bills(u)).filter((b) => b.bill_type === 22).map((b) => b.amount);
    expect(stakes).toEqual([-100, -100, -100, -100, -100]);
  });

  it('another server on the same database: a call tried from a stale round or wallet is read and decided again (money once)', async () => {
    const u = own('u-two');
    const other = await startTestApp({ sql: t.services.sql, now: () => now });
    try {
      await fund(u, 10_000);
      const token = await launch(u);
      const round = { sessionToken: token, gameId: 'crash', roundId: id('r') };
      // This server takes the bet (it keeps the round and the wallet); the other one pays the win.
      expect((await call('bet', { ...round, transactionId: 'tb1', amount: 1_000 })).balance).toBe(9_000);
      const win = { ...round, transactionId: 'tw1', betTransactionId: 'tb1', amount: 3_000 };
      expect(await call('win', win, { on: other })).toMatchObject({ status: 'RS_OK', balance: 12_000 });
      // Its repeat here starts from the stale round and wallet: the first result, nothing paid again.
      expect(await call('win', win)).toMatchObject({ status: 'RS_OK', balance: 12_000 });
      // A second win of the settled round, tried here from the stale round: refused as settled.
      expect(
        (await call('win', { ...round, transactionId: 'tw2', betTransactionId: 'tb1', amount: 5 })).status,
      ).toBe('RS_ERROR_TRANSACTION_SETTLED');
      // A new round here, then the other server moves the wallet (a bet of another round) before its
      // win arrives here: the win, tried on the wallet this server knows, is appended at the right version.
      const next = { sessionToken: token, gameId: 'crash', roundId: id('r') };
      expect((await call('bet', { ...next, transactionId: 'tb2', amount: 2_000 })).balance).toBe(10_000);
      const elsewhere = { sessionToken: token, gameId: 'crash', roundId: id('r') };
      expect(
        (await call('bet', { ...elsewhere, transactionId: 'tb3', amount: 500 }, { on: other })).balance,
      ).toBe(9_500);
      expect(
        await call('win', { ...next, transactionId: 'tw3', betTransactionId: 'tb2', amount: 700 }),
      ).toMatchObject({ status: 'RS_OK', balance: 10_200 });
      expect((await call('balance', { sessionToken: token, gameId: 'crash' })).balance).toBe(10_200);
      await settle();
      expect((await bills(u)).filter((b) => b.bill_type === 22 || b.bill_type === 23)).toEqual([
        { bill_type: 22, amount: -1_000 },
        { bill_type: 23, amount: 3_000 },
        { bill_type: 22, amount: -2_000 },
        { bill_type: 22, amount: -500 },
        { bill_type: 23, amount: 700 },
      ]);
    } finally {
      await other.close();
    }
  });
});
