import { randomInt } from 'node:crypto';
import { fixtureDecider, fixtureStream } from '@bashiri/domain';
import { handleCommand } from '@bashiri/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, staff, startBettingTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { insertTestMatch } from '../../testing/catalogue-fixtures.ts';
import type { TestMatch } from '../../testing/catalogue-fixtures.ts';
import { drainSettlementQueue } from '../betting/index.ts';
import { creditTestPlayer, registerTestPlayer, settleOrders } from './testing.ts';

const HOUR = 3_600_000;
const ORDERS = `query ($filter: OrderFilter, $page: Int, $pageSize: Int, $sort: OrderSort) {
  orders(filter: $filter, page: $page, pageSize: $pageSize, sort: $sort) {
    total totalStake totalCredited page pageSize
    items { id serial userId userPhone orderType status statusCode stake credited matchCount placedAt cancelReason
            lines { matchId selectionName odds outcome eventStatus } } } }`;
const ORDER = `query ($id: ID!) { order(id: $id) { id serial status statusCode orderType placedBy cancelReason credited
  stake payPayable totalOdds taxRate potentialReturn earlySettlementOdds matchCount
  lines { legIndex matchId selectionId marketId home away marketName selectionName odds startTime eventStatus outcome } } }`;
const PLACE = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { status code order { id serial } } }`;
const ADMIN_PLACE = `mutation ($userId: ID!, $input: AdminPlaceBetInput!) {
  adminPlaceBet(userId: $userId, input: $input) { status code order { id orderType stake } } }`;
const CANCEL = `mutation ($id: ID!, $reason: String!) { cancelOrder(id: $id, reason: $reason) { id status statusCode cancelReason credited } }`;
const WALLET = `query ($userId: ID!) { wallet(userId: $userId) { balance } }`;

describe('staff orders: list, detail, cancel, admin and random bets', () => {
  let t: TestApp;
  let now = Date.parse('2026-11-21T09:00:00Z');
  let a: TestMatch;
  let b: TestMatch;
  const viewer = staff('10', ['orders.view', 'users.view', 'audit.view']);
  const canceller = staff('11', ['orders.cancel', 'orders.view']);
  const placer = staff('12', ['orders.place', 'orders.random']);
  let betA = '';
  let betB = '';

  const place = async (userId: string, requestId: string, amount: number, selections: object[]) => {
    const answer = await t.gql<{ placeBet: { status: string; order: { id: string } } }>(
      PLACE,
      { input: { requestId, payType: 'BALANCE', amount, selections, oddsChange: 'NONE' } },
      player(userId),
    );
    expect(answer.data!.placeBet.status).toBe('PLACED');
    return answer.data!.placeBet.order.id;
  };

  /** A user id and a phone of this attempt's own (a retry must not meet its first attempt's player). */
  const ownPlayer = () => ({
    userId: `u${randomInt(1_000_000)}`,
    phone: `+25578${String(randomInt(10_000_000)).padStart(7, '0')}`,
  });

  beforeAll(async () => {
    t = await startBettingTestApp({ now: () => now });
    a = await insertTestMatch(t.services.sql, {
      home: 'Simba SC',
      away: 'Young Africans',
      startTime: new Date(now + HOUR),
    });
    b = await insertTestMatch(t.services.sql, {
      home: 'Azam FC',
      away: 'KMC',
      startTime: new Date(now + 2 * HOUR),
    });
    await registerTestPlayer(t, 'u1', '+255781000001');
    await registerTestPlayer(t, 'u2', '+255781000002');
    await creditTestPlayer(t, 'u1', 20_000, 'c-u1');
    await creditTestPlayer(t, 'u2', 20_000, 'c-u2');
    betA = await place('u1', 'r1', 1_000, [{ selectionId: a.outcomes.home, odds: '2.00' }]);
    now += 60_000;
    betB = await place('u2', 'r2', 2_000, [
      { selectionId: a.outcomes.away, odds: '3.60' },
      { selectionId: b.outcomes.home, odds: '2.00' },
    ]);
    await settleOrders(t, [betA, betB]);
  });
  afterAll(async () => t.close());

  it('lists every player orders with filters, sorting, totals and the detail lines', async () => {
    const all = await t.gql<{
      orders: { total: number; totalStake: number; items: Record<string, unknown>[] };
    }>(ORDERS, {}, viewer);
    expect(all.errors).toBeUndefined();
    expect(all.data!.orders).toMatchObject({ total: 2, totalStake: 3_000, page: 1, pageSize: 10 });
    expect(all.data!.orders.items.map((o) => o.id)).toEqual([betB, betA]);
    expect(all.data!.orders.items[0]).toMatchObject({
      userId: 'u2',
      userPhone: '+255781000002',
      orderType: 'user',
      status: 'awaiting',
      statusCode: 2,
      matchCount: 2,
    });

    const byPhone = await t.gql<{ orders: { items: { id: string }[] } }>(
      ORDERS,
      { filter: { phone: '0781000001' } },
      viewer,
    );
    expect(byPhone.data!.orders.items.map((o) => o.id)).toEqual([betA]);
    const asc = await t.gql<{ orders: { items: { id: string }[] } }>(ORDERS, { sort: 'STAKE_ASC' }, viewer);
    expect(asc.data!.orders.items.map((o) => o.id)).toEqual([betA, betB]);
    const byMatch = await t.gql<{ orders: { total: number } }>(
      ORDERS,
      { filter: { matchId: b.matchId } },
      viewer,
    );
    expect(byMatch.data!.orders.total).toBe(1);
    const open = await t.gql<{ orders: { total: number } }>(
      ORDERS,
      { filter: { toBeCounted: true } },
      viewer,
    );
    expect(open.data!.orders.total).toBe(2);
    const eatDay = await t.gql<{ orders: { total: number } }>(
      ORDERS,
      { filter: { fromDate: '2026-11-21', toDate: '2026-11-21' } },
      viewer,
    );
    expect(eatDay.data!.orders.total).toBe(2);
    const dayBefore = await t.gql<{ orders: { total: number } }>(
      ORDERS,
      { filter: { toDate: '2026-11-20' } },
      viewer,
    );
    expect(dayBefore.data!.orders.total).toBe(0);
    const badDate = await t.gql(ORDERS, { filter: { fromDate: '21/11/2026' } }, viewer);
    expect(badDate.errors![0]!.extensions!.code).toBe('BAD_INPUT');
    const page2 = await t.gql<{ orders: { items: { id: string }[] } }>(
      ORDERS,
      { page: 2, pageSize: 1 },
      viewer,
    );
    expect(page2.data!.orders.items.map((o) => o.id)).toEqual([betA]);

    const detail = await t.gql<{ order: Record<string, unknown> & { lines: unknown[] } }>(
      ORDER,
      { id: betB },
      viewer,
    );
    expect(detail.data!.order).toMatchObject({
      id: betB,
      placedBy: 'player:u2',
      stake: 2_000,
      payPayable: 2_000,
      totalOdds: '7.20',
      matchCount: 2,
      earlySettlementOdds: null,
    });
    expect(detail.data!.order.lines).toEqual([
      expect.objectContaining({
        legIndex: 0,
        matchId: a.matchId,
        home: 'Simba SC',
        away: 'Young Africans',
        odds: '3.60',
        eventStatus: 1,
        outcome: 0,
      }),
      expect.objectContaining({ legIndex: 1, matchId: b.matchId, odds: '2.00', outcome: 0 }),
    ]);
  });

  it('refuses players, visitors and staff without the permission', async () => {
    for (const who of [null, player('u1'), staff('13', ['users.view'])]) {
      const answer = await t.gql(ORDERS, {}, who);
      expect(answer.errors![0]!.extensions!.code).toBe(
        who?.kind === 'staff' ? 'FORBIDDEN' : 'UNAUTHENTICATED',
      );
      const detail = await t.gql(ORDER, { id: betA }, who);
      expect(detail.errors![0]!.extensions!.code).toMatch(/FORBIDDEN|UNAUTHENTICATED/);
    }
    const cancel = await t.gql(CANCEL, { id: betA, reason: 'x' }, viewer);
    expect(cancel.errors![0]!.extensions!.code).toBe('FORBIDDEN');
  });

  it('cancels an order with a reason: the stake comes back once, repeating changes nothing, audited', async () => {
    // A player and bet of this attempt's own (a retry would find the first attempt's bet cancelled).
    const { userId, phone } = ownPlayer();
    await registerTestPlayer(t, userId, phone);
    await creditTestPlayer(t, userId, 20_000, `c-${userId}`);
    const bet = await place(userId, `r-${userId}`, 1_000, [{ selectionId: a.outcomes.home, odds: '2.00' }]);
    const balance = async () =>
      (await t.gql<{ wallet: { balance: number } }>(WALLET, { userId }, viewer)).data!.wallet.balance;
    expect(await balance()).toBe(19_000);
    const noReason = await t.gql(CANCEL, { id: bet, reason: '  ' }, canceller);
    expect(noReason.errors![0]!.extensions!.code).toBe('REASON_REQUIRED');
    const unknown = await t.gql(CANCEL, { id: 'nope', reason: 'x' }, canceller);
    expect(unknown.errors![0]!.extensions!.code).toBe('BET_NOT_FOUND');

    const first = await t.gql<{ cancelOrder: Record<string, unknown> }>(
      CANCEL,
      { id: bet, reason: 'match fixing suspected' },
      canceller,
    );
    expect(first.errors).toBeUndefined();
    expect(first.data!.cancelOrder).toEqual({
      id: bet,
      status: 'cancelled',
      statusCode: 4,
      cancelReason: 'match fixing suspected',
      credited: 1_000,
    });
    const again = await t.gql<{ cancelOrder: Record<string, unknown> }>(
      CANCEL,
      { id: bet, reason: 'again' },
      canceller,
    );
    expect(again.data!.cancelOrder).toMatchObject({
      status: 'cancelled',
      cancelReason: 'match fixing suspected',
    });
    expect(await balance()).toBe(20_000);
    const { rows: refunds } = await t.services.sql.query(
      `SELECT amount::int FROM bills WHERE user_id = $1 AND movement_id = $2`,
      [userId, `bet-${bet}:cancel:refund`],
    );
    expect(refunds).toEqual([{ amount: 1_000 }]);
    const { rows: audits } = await t.services.sql.query(
      `SELECT actor, reason FROM staff_audit_log WHERE action = 'order.cancel' AND entity_id = $1`,
      [bet],
    );
    expect(audits).toEqual([{ actor: 'staff:11', reason: 'match fixing suspected' }]);
    const { events } = await t.services.store.readStream(`bet-${bet}`);
    expect(events.filter((e) => e.type === 'BetCancelled')).toHaveLength(1);
    expect(events.at(-1)!.metadata.actor).toBe('staff:11');
  });

  it('cancels a settled winning bet: the winnings are reversed and the stake refunded', async () => {
    // A player, matches and bet of this attempt's own: the test records the matches' results and cancels
    // the bet (a retry would find both done).
    const { userId, phone } = ownPlayer();
    await registerTestPlayer(t, userId, phone);
    await creditTestPlayer(t, userId, 20_000, `c-${userId}`);
    const first = await insertTestMatch(t.services.sql, {
      home: 'Simba SC',
      away: 'Young Africans',
      startTime: new Date(now + HOUR),
    });
    const second = await insertTestMatch(t.services.sql, {
      home: 'Azam FC',
      away: 'KMC',
      startTime: new Date(now + 2 * HOUR),
    });
    const bet = await place(userId, `r-${userId}`, 2_000, [
      { selectionId: first.outcomes.away, odds: '3.60' },
      { selectionId: second.outcomes.home, odds: '2.00' },
    ]);
    await settleOrders(t, [bet]);
    await handleCommand(t.services.store, fixtureStream(second.matchId), fixtureDecider, {
      type: 'RecordResult',
      matchId: second.matchId,
      actor: { kind: 'staff', id: '1' },
      at: new Date(now + 4 * HOUR).toISOString(),
      halfTime: { home: 1, away: 0 },
      fullTime: { home: 2, away: 0 },
    });
    await handleCommand(t.services.store, fixtureStream(first.matchId), fixtureDecider, {
      type: 'RecordResult',
      matchId: first.matchId,
      actor: { kind: 'staff', id: '1' },
      at: new Date(now + 4 * HOUR).toISOString(),
      halfTime: { home: 0, away: 1 },
      fullTime: { home: 0, away: 2 },
    });
    now += 4 * HOUR;
    for (let round = 0; round < 400; round++) {
      await t.services.projections.settle();
      await drainSettlementQueue(t.services);
      const { rows } = await t.services.sql.query(
        `SELECT 1 FROM orders WHERE bet_id = $1 AND status = 'settled'`,
        [bet],
      );
      if (rows.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const won = await t.gql<{ order: { status: string; credited: number } }>(ORDER, { id: bet }, viewer);
    expect(won.data!.order.status).toBe('settled');
    const credited = won.data!.order.credited;
    expect(credited).toBeGreaterThan(2_000);
    const balanceOf = async () =>
      (await t.gql<{ wallet: { balance: number } }>(WALLET, { userId }, viewer)).data!.wallet.balance;
    expect(await balanceOf()).toBe(18_000 + credited);
    const cancelled = await t.gql<{ cancelOrder: { status: string } }>(
      CANCEL,
      { id: bet, reason: 'void' },
      canceller,
    );
    expect(cancelled.data!.cancelOrder.status).toBe('cancelled');
    expect(await balanceOf()).toBe(20_000);
  });

  it('places an admin bet for a chosen player with the player placement, once per request id', async () => {
    now = Date.parse('2026-11-21T09:30:00Z');
    const c = await insertTestMatch(t.services.sql, {
      home: 'Namungo',
      away: 'Geita Gold',
      startTime: new Date(now + HOUR),
    });
    const input = {
      requestId: 'adm-1',
      payType: 'BALANCE',
      amount: 500,
      selections: [{ selectionId: c.outcomes.draw, odds: '3.40' }],
      reason: 'phone bet for the customer',
    };
    const noReason = await t.gql(ADMIN_PLACE, { userId: 'u1', input: { ...input, reason: '' } }, placer);
    expect(noReason.errors![0]!.extensions!.code).toBe('REASON_REQUIRED');
    const nobody = await t.gql(ADMIN_PLACE, { userId: 'ghost', input }, placer);
    expect(nobody.errors![0]!.extensions!.code).toBe('ACCOUNT_NOT_FOUND');
    await registerTestPlayer(t, 'u3', '+255781000003');
    await t.services.sql.query(`UPDATE player_accounts SET disabled = true WHERE user_id = 'u3'`);
    const disabled = await t.gql(ADMIN_PLACE, { userId: 'u3', input }, placer);
    expect(disabled.errors![0]!.extensions!.code).toBe('ACCOUNT_DISABLED');
    const refused = await t.gql(ADMIN_PLACE, { userId: 'u1', input }, viewer);
    expect(refused.errors![0]!.extensions!.code).toBe('FORBIDDEN');

    const first = await t.gql<{
      adminPlaceBet: { status: string; order: { id: string; orderType: string } };
    }>(ADMIN_PLACE, { userId: 'u1', input }, placer);
    expect(first.data!.adminPlaceBet).toMatchObject({
      status: 'PLACED',
      order: { orderType: 'admin', stake: 500 },
    });
    const again = await t.gql<{ adminPlaceBet: { order: { id: string } } }>(
      ADMIN_PLACE,
      { userId: 'u1', input },
      placer,
    );
    expect(again.data!.adminPlaceBet.order.id).toBe(first.data!.adminPlaceBet.order.id);
    await settleOrders(t, [first.data!.adminPlaceBet.order.id]);
    const admins = await t.gql<{ orders: { items: { userId: string }[] } }>(
      ORDERS,
      { filter: { orderType: 'admin' } },
      viewer,
    );
    expect(admins.data!.orders.items).toEqual([expect.objectContaining({ userId: 'u1' })]);
    const detail = await t.gql<{ order: { placedBy: string } }>(
      ORDER,
      { id: first.data!.adminPlaceBet.order.id },
      viewer,
    );
    expect(detail.data!.order.placedBy).toBe('staff:12');
    // u1's bet of the setup (1,000) is still open.
    expect(
      (await t.gql<{ wallet: { balance: number } }>(WALLET, { userId: 'u1' }, viewer)).data!.wallet.balance,
    ).toBe(18_500);
    const { rows } = await t.services.sql.query(
      `SELECT count(*)::int AS n FROM staff_audit_log WHERE action = 'order.admin_place'`,
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('random betting: setup CRUD with validation, a run places random bets once per request id', async () => {
    const CREATE = `mutation ($input: RandomBetSetupInput!) { createRandomBetSetup(input: $input) { id orderCount minBetAmount maxBetAmount minOdds note } }`;
    const setup = {
      orderCount: 4,
      minBetAmount: 100,
      maxBetAmount: 500,
      startRangeDays: 2,
      liveOnly: false,
      includeStringBets: true,
      minOdds: '1.50',
      note: 'warm the lists',
    };
    const bad = await t.gql(CREATE, { input: { ...setup, minBetAmount: 150 } }, placer);
    expect(bad.errors![0]!.extensions).toMatchObject({ code: 'BAD_INPUT', field: 'minBetAmount' });
    const created = await t.gql<{ createRandomBetSetup: { id: string } }>(CREATE, { input: setup }, placer);
    expect(created.data!.createRandomBetSetup).toMatchObject({
      orderCount: 4,
      minOdds: '1.50',
      note: 'warm the lists',
    });
    const id = created.data!.createRandomBetSetup.id;
    const randomOrders = async () =>
      (await t.gql<{ orders: { total: number } }>(ORDERS, { filter: { orderType: 'random' } }, viewer)).data!
        .orders.total;
    // The random orders before this attempt's run (a retry finds its first attempt's).
    const randomBefore = await randomOrders();
    const runId = `run-${randomInt(1_000_000)}`;
    const updated = await t.gql<{ updateRandomBetSetup: { orderCount: number } }>(
      `mutation ($id: ID!, $input: RandomBetSetupInput!) { updateRandomBetSetup(id: $id, input: $input) { orderCount } }`,
      { id, input: { ...setup, orderCount: 3 } },
      placer,
    );
    expect(updated.data!.updateRandomBetSetup.orderCount).toBe(3);

    const RUN = `mutation ($id: ID!, $userIds: [ID!]!, $requestId: ID!) { runRandomBetSetup(id: $id, userIds: $userIds, requestId: $requestId) {
      candidateSelections placed { id orderType stake lines { odds } } refused { userId code } } }`;
    const run = await t.gql<{
      runRandomBetSetup: {
        candidateSelections: number;
        placed: { id: string; orderType: string; stake: number; lines: { odds: string }[] }[];
      };
    }>(RUN, { id, userIds: ['u1', 'u2'], requestId: runId }, placer);
    expect(run.errors).toBeUndefined();
    const placed = run.data!.runRandomBetSetup.placed;
    expect(placed).toHaveLength(3);
    for (const order of placed) {
      expect(order.orderType).toBe('random');
      expect(order.stake % 100).toBe(0);
      expect(order.stake).toBeGreaterThanOrEqual(100);
      expect(order.stake).toBeLessThanOrEqual(500);
      for (const line of order.lines) expect(Number(line.odds)).toBeGreaterThanOrEqual(1.5);
    }
    const repeat = await t.gql<{ runRandomBetSetup: { placed: { id: string }[] } }>(
      RUN,
      { id, userIds: ['u1', 'u2'], requestId: runId },
      placer,
    );
    expect(repeat.data!.runRandomBetSetup.placed.map((o) => o.id)).toEqual(placed.map((o) => o.id));
    await settleOrders(
      t,
      placed.map((o) => o.id),
    );
    expect(await randomOrders()).toBe(randomBefore + 3);
    const unknownUser = await t.gql(RUN, { id, userIds: ['ghost'], requestId: 'run-2' }, placer);
    expect(unknownUser.errors![0]!.extensions!.code).toBe('BAD_INPUT');
    const disabledUser = await t.gql(RUN, { id, userIds: ['u1', 'u3'], requestId: 'run-3' }, placer);
    expect(disabledUser.errors![0]!.extensions!.code).toBe('BAD_INPUT');
    const deleted = await t.gql(`mutation ($id: ID!) { deleteRandomBetSetup(id: $id) }`, { id }, placer);
    expect(deleted.data).toEqual({ deleteRandomBetSetup: true });
    const list = await t.gql(`{ randomBetSetups { id } }`, {}, placer);
    expect(list.data).toEqual({ randomBetSetups: [] });
  });
});
