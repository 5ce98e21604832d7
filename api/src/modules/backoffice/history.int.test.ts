import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, staff, startBettingTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { insertTestMatch } from '../../testing/catalogue-fixtures.ts';
import { startPaymentsHarness } from '../payments/testing.ts';
import type { PaymentsHarness } from '../payments/testing.ts';
import { walletOf } from '../wallet/index.ts';
import { creditTestPlayer, registerTestPlayer, settleOrders } from './testing.ts';

const HISTORY = `query ($stream: StreamRef!) { streamHistory(stream: $stream) { streamName version
  events { position eventId type at recordedAt actor reason correlationId causationId data metadata
           movements { pocket amount before after } } } }`;
const STATE_AT = `query ($stream: StreamRef!, $at: DateTime!) { stateAt(stream: $stream, at: $at) { streamName version lastEventAt state } }`;
const VERIFY = `query ($stream: StreamRef!) { verifyReadModel(stream: $stream) {
  streamName equal eventsReplayed tables rowsCompared pendingEvents differences { table key column expected actual } } }`;

interface Verification {
  equal: boolean;
  eventsReplayed: number;
  rowsCompared: number;
  pendingEvents: number;
  tables: string[];
  differences: {
    table: string;
    key: string;
    column: string;
    expected: string | null;
    actual: string | null;
  }[];
}

const auditor = staff('20', ['audit.view']);

describe('replayable audit history: wallet, bet and account streams', () => {
  let t: TestApp;
  let now = Date.parse('2026-11-21T08:00:00Z');
  let betId = '';

  /**
   * Registers `userId`, credits 10,000 (request `credit-<userId>`), an hour later places a 2,500 bet
   * (request `bet-<userId>`), settles the projections; returns the bet's id.
   */
  const playerWithBet = async (userId: string, phone: string): Promise<string> => {
    await registerTestPlayer(t, userId, phone);
    await creditTestPlayer(t, userId, 10_000, `credit-${userId}`);
    now += 3_600_000;
    const match = await insertTestMatch(t.services.sql, {
      home: 'Mtibwa Sugar',
      away: 'Tanzania Prisons',
      startTime: new Date(now + 3_600_000),
    });
    const placed = await t.gql<{ placeBet: { order: { id: string } } }>(
      `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { order { id } } }`,
      {
        input: {
          requestId: `bet-${userId}`,
          payType: 'BALANCE',
          amount: 2_500,
          selections: [{ selectionId: match.outcomes.home, odds: '2.00' }],
        },
      },
      player(userId),
    );
    const id = placed.data!.placeBet.order.id;
    await settleOrders(t, [id]);
    return id;
  };

  beforeAll(async () => {
    t = await startBettingTestApp({ now: () => now });
    betId = await playerWithBet('h1', '+255781000101');
  });
  afterAll(async () => t.close());

  it('lists a wallet stream in order with actor, reason, ids and each pocket before and after', async () => {
    const answer = await t.gql<{
      streamHistory: {
        streamName: string;
        version: number;
        events: {
          type: string;
          actor: string;
          reason: string | null;
          at: string;
          causationId: string | null;
          data: string;
          movements: { pocket: string; amount: number; before: number; after: number }[];
        }[];
      };
    }>(HISTORY, { stream: { kind: 'WALLET', id: 'h1' } }, auditor);
    expect(answer.errors).toBeUndefined();
    const history = answer.data!.streamHistory;
    expect(history.streamName).toBe('wallet-h1');
    expect(history.version).toBe(2);
    expect(history.events.map((e) => e.type)).toEqual(['StaffAdjusted', 'StakeDebited']);
    expect(history.events[0]).toMatchObject({
      actor: 'staff:cashier',
      reason: 'test credit',
      causationId: 'staff:credit-h1',
      at: '2026-11-21T08:00:00.000Z',
      movements: [{ pocket: 'balance', amount: 10_000, before: 0, after: 10_000 }],
    });
    expect(history.events[1]).toMatchObject({
      actor: 'player:h1',
      movements: [{ pocket: 'balance', amount: -2_500, before: 10_000, after: 7_500 }],
    });
    expect(JSON.parse(history.events[1]!.data)).toMatchObject({ reference: betId });

    const page2 = await t.gql<{ streamHistory: { version: number; events: { type: string }[] } }>(
      `query { streamHistory(stream: { kind: WALLET, id: "h1" }, fromPosition: 2, maxCount: 1) { version events { type } } }`,
      {},
      auditor,
    );
    expect(page2.data!.streamHistory).toEqual({ version: 2, events: [{ type: 'StakeDebited' }] });
    const missing = await t.gql(HISTORY, { stream: { kind: 'WALLET', id: 'nobody' } }, auditor);
    expect(missing.errors![0]!.extensions!.code).toBe('NOT_FOUND');
    for (const who of [null, player('h1'), staff('21', ['orders.view'])]) {
      const refused = await t.gql(HISTORY, { stream: { kind: 'WALLET', id: 'h1' } }, who);
      expect(refused.errors![0]!.extensions!.code).toMatch(/^(FORBIDDEN|UNAUTHENTICATED)$/);
      const refusedVerify = await t.gql(VERIFY, { stream: { kind: 'WALLET', id: 'h1' } }, who);
      expect(refusedVerify.errors![0]!.extensions!.code).toMatch(/^(FORBIDDEN|UNAUTHENTICATED)$/);
    }
  });

  it('folds the state as it was at an instant with the domain evolve', async () => {
    const at = async (instant: string) =>
      (
        await t.gql<{ stateAt: { version: number; state: string; lastEventAt: string | null } }>(
          STATE_AT,
          { stream: { kind: 'WALLET', id: 'h1' }, at: instant },
          auditor,
        )
      ).data!.stateAt;
    const before = await at('2026-11-21T07:59:59Z');
    expect(before.version).toBe(0);
    expect(JSON.parse(before.state)).toMatchObject({ balance: 0 });
    const afterCredit = await at('2026-11-21T08:30:00Z');
    expect(afterCredit).toMatchObject({ version: 1, lastEventAt: '2026-11-21T08:00:00.000Z' });
    expect(JSON.parse(afterCredit.state)).toMatchObject({ balance: 10_000 });
    const latest = await at('2026-11-21T12:00:00Z');
    expect(JSON.parse(latest.state)).toMatchObject({ balance: 7_500 });

    const bet = await t.gql<{ stateAt: { state: string } }>(
      STATE_AT,
      { stream: { kind: 'BET', id: betId }, at: '2026-11-21T12:00:00Z' },
      auditor,
    );
    expect(JSON.parse(bet.data!.stateAt.state)).toMatchObject({
      status: 'awaiting',
      placed: { stake: 2_500 },
    });
    const badInstant = await t.gql(
      STATE_AT,
      { stream: { kind: 'WALLET', id: 'h1' }, at: 'yesterday' },
      auditor,
    );
    expect(badInstant.errors).toBeDefined();
  });

  it('verifies the wallet, bet and account read models equal their rebuild from the events', async () => {
    // A player and bet of this attempt's own: the test adds a movement to the wallet (a retry would
    // find its first attempt's).
    const userId = `hv${randomInt(1_000_000)}`;
    const ownBet = await playerWithBet(userId, `+25578${String(randomInt(10_000_000)).padStart(7, '0')}`);
    for (const [kind, id, tables] of [
      ['WALLET', userId, ['wallet_balances', 'bills']],
      ['BET', ownBet, ['orders', 'order_lines']],
      ['ACCOUNT', userId, ['player_accounts']],
    ] as const) {
      const answer = await t.gql<{ verifyReadModel: Verification }>(
        VERIFY,
        { stream: { kind, id } },
        auditor,
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data!.verifyReadModel).toMatchObject({
        equal: true,
        differences: [],
        pendingEvents: 0,
        tables,
      });
      expect(answer.data!.verifyReadModel.rowsCompared).toBeGreaterThan(0);
      expect(answer.data!.verifyReadModel.eventsReplayed).toBeGreaterThan(0);
    }
    // The rebuild ran in a rolled-back transaction: the real tables are untouched.
    const { rows } = await t.services.sql.query(`SELECT count(*)::int AS n FROM bills WHERE user_id = $1`, [
      userId,
    ]);
    expect(rows).toEqual([{ n: 2 }]);

    // A movement the projection has not reached yet is counted as pending, not reported as a difference.
    const moved = await walletOf(t.services).run({
      type: 'AdjustPocket',
      userId,
      movementId: 'staff:late-1',
      at: new Date(now).toISOString(),
      actor: { kind: 'staff', id: '1' },
      pocket: 'balance',
      amount: 100,
      reference: 'late-1',
      reason: 'not projected yet',
    });
    expect(moved.ok).toBe(true);
    const pending = await t.gql<{ verifyReadModel: Verification }>(
      VERIFY,
      { stream: { kind: 'WALLET', id: userId } },
      auditor,
    );
    expect(pending.data!.verifyReadModel).toMatchObject({ equal: true, eventsReplayed: 2, pendingEvents: 1 });
  });

  it('detects a tampered bill, a tampered order, a deleted line and a forged row', async () => {
    await t.services.sql.query(
      `UPDATE bills SET balance_after = 99999, remark = 'edited' WHERE user_id = 'h1' AND bill_type = 2`,
    );
    const wallet = await t.gql<{ verifyReadModel: Verification }>(
      VERIFY,
      { stream: { kind: 'WALLET', id: 'h1' } },
      auditor,
    );
    expect(wallet.data!.verifyReadModel.equal).toBe(false);
    expect(
      wallet.data!.verifyReadModel.differences.map((d) => [d.table, d.column, d.expected, d.actual]),
    ).toEqual(
      expect.arrayContaining([
        ['bills', 'balance_after', '"10000"', '"99999"'],
        ['bills', 'remark', '"test credit"', '"edited"'],
      ]),
    );
    await t.services.sql.query(
      `INSERT INTO bills (event_id, user_id, movement_id, event_type, bill_type, pocket, amount, balance_before,
         balance_after, reference, remark, actor, at)
       VALUES (gen_random_uuid(), 'h1', 'forged', 'PocketAdjusted', 2, 'balance', 1000000, 0, 1000000, 'x', 'gift', 'staff:x', now())`,
    );
    const forged = await t.gql<{ verifyReadModel: Verification }>(
      VERIFY,
      { stream: { kind: 'WALLET', id: 'h1' } },
      auditor,
    );
    expect(forged.data!.verifyReadModel.differences).toContainEqual(
      expect.objectContaining({ table: 'bills', column: '*', expected: null }),
    );

    await t.services.sql.query(`UPDATE orders SET stake = 1 WHERE bet_id = $1`, [betId]);
    await t.services.sql.query(`DELETE FROM order_lines WHERE bet_id = $1`, [betId]);
    const bet = await t.gql<{ verifyReadModel: Verification }>(
      VERIFY,
      { stream: { kind: 'BET', id: betId } },
      auditor,
    );
    expect(bet.data!.verifyReadModel.equal).toBe(false);
    expect(bet.data!.verifyReadModel.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ table: 'orders', column: 'stake', expected: '"2500"', actual: '"1"' }),
        expect.objectContaining({
          table: 'order_lines',
          key: `bet_id=${betId},leg_index=0`,
          column: '*',
          actual: null,
        }),
      ]),
    );
  });
});

describe('replayable audit history: a payment', () => {
  let h: PaymentsHarness;
  beforeAll(async () => {
    h = await startPaymentsHarness();
  });
  afterAll(async () => h.close());

  it('lists a deposit stream and verifies its row, detecting a tampered amount', async () => {
    // A player, phone and request of this attempt's own (a retry would find its first attempt's).
    const userId = `pay${randomInt(1_000_000)}`;
    const digits = String(randomInt(1_000_000)).padStart(6, '0');
    await h.addPlayer(userId, `+255754${digits}`, 6);
    const deposit = await h.t.gql<{ deposit: { id: string } }>(
      `mutation ($input: DepositInput!) { deposit(input: $input) { id } }`,
      { input: { requestId: `dep-${userId}`, amount: 5_000, phone: `0754${digits}` } },
      player(userId),
    );
    const id = deposit.data!.deposit.id;
    h.fakes[6].customer(id, 'pay');
    await h.deliver(6, h.fakes[6].outbox.at(-1)!);
    const history = await h.t.gql<{ streamHistory: { events: { type: string; actor: string }[] } }>(
      HISTORY,
      { stream: { kind: 'PAYMENT', id } },
      auditor,
    );
    expect(history.errors).toBeUndefined();
    expect(history.data!.streamHistory.events[0]).toMatchObject({
      type: 'PaymentRequested',
      actor: `player:${userId}`,
    });
    expect(history.data!.streamHistory.events.length).toBeGreaterThan(1);

    const ok = await h.t.gql<{ verifyReadModel: Verification }>(
      VERIFY,
      { stream: { kind: 'PAYMENT', id } },
      auditor,
    );
    expect(ok.data!.verifyReadModel).toMatchObject({ equal: true, tables: ['payments'], rowsCompared: 1 });
    await h.t.services.sql.query(`UPDATE payments SET amount = 50000 WHERE payment_id = $1`, [id]);
    const tampered = await h.t.gql<{ verifyReadModel: Verification }>(
      VERIFY,
      { stream: { kind: 'PAYMENT', id } },
      auditor,
    );
    expect(tampered.data!.verifyReadModel.differences).toEqual([
      { table: 'payments', key: `payment_id=${id}`, column: 'amount', expected: '"5000"', actual: '"50000"' },
    ]);
  });
});
