/**
 * Racing on the real server (issue 19): the scheduler opens, closes, draws and settles rounds on its
 * own clock; racing coin exchange and racing orders move money through the money path; a round's
 * orders are settled once however often the queues run; a restarted scheduler skips no round and runs
 * none twice; a revealed seed verifies; racing `no_bet` pauses new rounds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@bashiri/eventstore/testing';
import type { TestDatabase } from '@bashiri/eventstore/testing';
import { settleRacingOrder, verifyRound } from '@bashiri/domain';
import type { RacingBetPlaced } from '@bashiri/domain';
import { player, staff, startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { drainRacingSettlement, racingBetStream, racingRoundStream, runRacingScheduler } from './index.ts';
import { racingSettleStream } from './projection.ts';
import { SETTLE_WORKERS } from './settlement.ts';

/** 12:00 EAT on 25 November 2026: the start of round 20261125-241. */
const NOON_EAT = Date.parse('2026-11-25T09:00:00Z');
const EAT_DEVICE = (nowMs: number) => ({ utcOffsetMinutes: 180, now: new Date(nowMs).toISOString() });

const ADJUST = `mutation ($input: AdjustWalletInput!) { adjustWallet(input: $input) { balance } }`;
const WALLET = `{ myWallet { balance racingCoin } }`;
const CLOCK = `{ racingClock { paused serverTime period { id status seedHash seed startingBetTime endBetTime drawTime }
  lastDrawn { id seed seedHash lotteryCombination settled } } }`;
const EXCHANGE = `mutation ($input: ExchangeRacingCoinInput!) { exchangeRacingCoin(input: $input) {
  quote { direction amount taxRate tax credited } balance racingCoin } }`;
const BET = `mutation ($input: PlaceRacingBetInput!) { placeRacingBet(input: $input) {
  id roundId betType tickets singleAmount amount odds status result } }`;
interface Period {
  id: string;
  status: number;
  seed: string | null;
  seedHash: string;
  lotteryCombination: string;
  settled: boolean;
}
interface Clock {
  paused: boolean;
  period: Period;
  lastDrawn: Period;
}
interface Order {
  id: string;
  betType: string;
  amount: number;
  payout: number;
  status: number;
}
interface RoundReport {
  period: { id: string };
  orders: number;
  staked: number;
  paid: number;
  tax: number;
  ggr: number;
}

const MY_ORDERS = `{ myRacingOrders { total items { id betType amount payout tax result status } } }`;

describe('racing on the server', () => {
  let db: TestDatabase;
  let t: TestApp;
  let now = NOON_EAT + 1_000;
  const alice = player('race-alice');

  const start = async () => {
    t = await startTestApp({ sql: db.sql, now: () => now });
    await t.services.projections.settle();
  };
  const tick = async () => {
    const steps = await runRacingScheduler(t.services);
    await t.services.projections.settle();
    return steps;
  };
  const wallet = async () =>
    (await t.gql<{ myWallet: { balance: number; racingCoin: number } }>(WALLET, {}, alice)).data!.myWallet;
  const exchange = (requestId: string, direction: string, amount: number, device = EAT_DEVICE(now)) =>
    t.gql<{ exchangeRacingCoin: { quote: { tax: number; credited: number }; racingCoin: number } }>(
      EXCHANGE,
      { input: { requestId, direction, amount, device } },
      alice,
    );
  const bet = (requestId: string, input: Record<string, unknown>) =>
    t.gql<{ placeRacingBet: { id: string; amount: number; tickets: number } }>(
      BET,
      { input: { requestId, roundId: '20261125-241', device: EAT_DEVICE(now), ...input } },
      alice,
    );
  const streamEvents = async (name: string) => (await t.services.store.readStream(name)).events;

  beforeAll(async () => {
    db = await openTestDatabase(process.env['DATABASE_URL'] ? 'postgres' : 'pglite');
    await start();
    await t.gql(
      ADJUST,
      {
        input: { userId: 'race-alice', pocket: 'BALANCE', amount: 10_000, reason: 'test', requestId: 'fund' },
      },
      staff('1', ['users.adjust_money']),
    );
  }, 240_000);
  afterAll(async () => {
    await t.close();
    await db.dispose();
  });

  it('opens the round of the slot with its seed hash published and no seed', async () => {
    const steps = await tick();
    expect(steps.filter((s) => s.step === 'open').map((s) => s.roundId)).toContain('20261125-241');
    const { racingClock } = (await t.gql<{ racingClock: Clock }>(CLOCK)).data!;
    expect(racingClock.period).toMatchObject({
      id: '20261125-241',
      status: 2,
      seed: null,
      startingBetTime: '2026-11-25T09:00:00.000Z',
      endBetTime: '2026-11-25T09:02:40.000Z',
      drawTime: '2026-11-25T09:03:00.000Z',
    });
    expect(racingClock.period.seedHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('exchanges balance to racing coin 1:1 and back with the tax, once per request, refusing bad amounts', async () => {
    const first = await exchange('x1', 'TO_RACING_COIN', 5_000);
    expect(first.errors).toBeUndefined();
    expect(await wallet()).toEqual({ balance: 5_000, racingCoin: 5_000 });
    await exchange('x1', 'TO_RACING_COIN', 5_000);
    expect(await wallet()).toEqual({ balance: 5_000, racingCoin: 5_000 });
    // More than the balance holds, nothing, a wrong time zone, a clock off by 10 minutes: nothing moves.
    expect((await exchange('x2', 'TO_RACING_COIN', 5_001)).errors?.[0]?.extensions?.code).toBe(
      'CONVERSION_FAILED',
    );
    expect((await exchange('x3', 'TO_RACING_COIN', 0)).errors?.[0]?.extensions?.code).toBe(
      'CONVERSION_AMOUNT_REQUIRED',
    );
    expect(
      (
        await exchange('x4', 'TO_RACING_COIN', 100, {
          utcOffsetMinutes: 60,
          now: new Date(now).toISOString(),
        })
      ).errors?.[0]?.extensions?.code,
    ).toBe('RACING_DEVICE_CLOCK');
    expect(
      (await exchange('x5', 'TO_RACING_COIN', 100, EAT_DEVICE(now + 600_000))).errors?.[0]?.extensions?.code,
    ).toBe('RACING_DEVICE_CLOCK');
    expect(await wallet()).toEqual({ balance: 5_000, racingCoin: 5_000 });
    // Back to the balance: 1,000 coin at 10 % → 100 tax, 900 credited.
    const back = await exchange('x6', 'TO_BALANCE', 1_000);
    expect(back.data!.exchangeRacingCoin.quote).toMatchObject({ tax: 100, credited: 900 });
    expect(await wallet()).toEqual({ balance: 5_900, racingCoin: 4_000 });
    const quote = await t.gql<{ racingExchangeQuote: { tax: number } }>(
      '{ racingExchangeQuote(direction: TO_BALANCE, amount: 1999) { tax credited } }',
      {},
      alice,
    );
    expect(quote.data!.racingExchangeQuote).toEqual({ tax: 199, credited: 1_800 });
  });

  it('places racing orders from racing coin, refusing bad picks and amounts with nothing charged', async () => {
    const champion = await bet('b1', { betType: 'CHAMPION', positions: [[3, 5]], singleAmount: 1_000 });
    expect(champion.errors).toBeUndefined();
    expect(champion.data!.placeRacingBet).toMatchObject({ tickets: 2, amount: 2_000 });
    // The same request again: the same order, charged once.
    expect((await bet('b1', { betType: 'CHAMPION', positions: [[3, 5]], singleAmount: 1_000 })).data).toEqual(
      champion.data,
    );
    const luck = await bet('b2', {
      betType: 'LUCK_RACING',
      positions: [[1], [2], [3], [4], [5], [6], [7], [8], [9], [10]],
      singleAmount: 300,
    });
    expect(luck.errors).toBeUndefined();
    const big = await bet('b3', { betType: 'BIG_SMALL', options: ['big'], singleAmount: 500 });
    expect(big.errors).toBeUndefined();
    expect(await wallet()).toEqual({ balance: 5_900, racingCoin: 4_000 - 2_000 - 300 - 500 });
    const refusals: [Record<string, unknown>, string][] = [
      [{ betType: 'CHAMPION', positions: [[11]], singleAmount: 100 }, 'RACING_CAR_OUT_OF_RANGE'],
      [{ betType: 'CHAMPION', positions: [[2, 2]], singleAmount: 100 }, 'RACING_DUPLICATE_CAR'],
      [{ betType: 'CHAMPION', positions: [[2]], singleAmount: 150 }, 'RACING_AMOUNT_STEP'],
      [{ betType: 'CHAMPION', positions: [[2]], singleAmount: 3_000_100 }, 'RACING_AMOUNT_OUT_OF_RANGE'],
      [{ betType: 'CHAMPION', positions: [[2]], singleAmount: 1_300 }, 'INSUFFICIENT_RACING_COIN'],
      [{ betType: 'ODD_EVEN', options: [], singleAmount: 100 }, 'RACING_NO_PICK'],
    ];
    for (const [input, code] of refusals) {
      const answer = await bet(`bad-${code}`, input);
      expect(answer.errors?.[0]?.extensions?.code, code).toBe(code);
    }
    expect(await wallet()).toEqual({ balance: 5_900, racingCoin: 1_200 });
    await t.services.projections.settle();
    expect(
      (await t.gql<{ myRacingOrders: { total: number } }>(MY_ORDERS, {}, alice)).data!.myRacingOrders.total,
    ).toBe(3);
  });

  it('a re-send of an accepted order or exchange answers the first result even when the device clock is off now; a new one is refused (docs/racing.md "Device clock")', async () => {
    const before = await wallet();
    const off = { utcOffsetMinutes: 60, now: new Date(now + 600_000).toISOString() };
    const first = (await bet('b1', { betType: 'CHAMPION', positions: [[3, 5]], singleAmount: 1_000 })).data;
    const again = await bet('b1', {
      betType: 'CHAMPION',
      positions: [[3, 5]],
      singleAmount: 1_000,
      device: off,
    });
    expect(again.errors).toBeUndefined();
    expect(again.data).toEqual(first);
    const repeat = await exchange('x1', 'TO_RACING_COIN', 5_000, off);
    expect(repeat.errors).toBeUndefined();
    expect(repeat.data!.exchangeRacingCoin.quote).toMatchObject({ tax: 0, credited: 5_000 });
    // A request that would place or move anything is still refused with that clock, nothing charged.
    const fresh = await bet('b-clock', {
      betType: 'CHAMPION',
      positions: [[1]],
      singleAmount: 100,
      device: off,
    });
    expect(fresh.errors?.[0]?.extensions?.code).toBe('RACING_DEVICE_CLOCK');
    expect((await exchange('x-clock', 'TO_RACING_COIN', 100, off)).errors?.[0]?.extensions?.code).toBe(
      'RACING_DEVICE_CLOCK',
    );
    expect(await wallet()).toEqual(before);
  });

  it('closes betting at the end bet time', async () => {
    now = Date.parse('2026-11-25T09:02:40Z');
    const steps = await tick();
    expect(steps).toContainEqual({ roundId: '20261125-241', step: 'close', outcome: 'done' });
    const late = await bet('b4', { betType: 'CHAMPION', positions: [[1]], singleAmount: 100 });
    expect(late.errors?.[0]?.extensions?.code).toBe('RACING_BETTING_CLOSED');
    expect((await wallet()).racingCoin).toBe(1_200);
  });

  it('draws at the draw time, reveals a seed that verifies, and settles every order into racing coin', async () => {
    now = Date.parse('2026-11-25T09:03:00Z');
    const steps = await tick();
    expect(steps.map((s) => `${s.roundId}:${s.step}`)).toEqual(
      expect.arrayContaining(['20261125-241:draw', '20261125-241:settle']),
    );
    const { racingClock } = (await t.gql<{ racingClock: Clock }>(CLOCK)).data!;
    const drawn = racingClock.lastDrawn;
    expect(drawn.id).toBe('20261125-241');
    expect(drawn.settled).toBe(true);
    const order = drawn.lotteryCombination.split(',').map(Number);
    expect(verifyRound(drawn.seed!, drawn.seedHash, drawn.id, order)).toMatchObject({ ok: true });
    // The next round is open already.
    expect(racingClock.period.id).toBe('20261125-242');

    const orders = (await t.gql<{ myRacingOrders: { items: Order[] } }>(MY_ORDERS, {}, alice)).data!
      .myRacingOrders.items;
    expect(orders.every((o) => o.status === 4)).toBe(true);
    let paid = 0;
    for (const o of orders) {
      const placed = (await streamEvents(racingBetStream(o.id)))[0]!.data as RacingBetPlaced['data'];
      const expected = settleRacingOrder({ ...placed, order, poolPerTicket: 0 });
      const poolShare = o.betType === 'LUCK_RACING' && order.every((c: number, i: number) => c === i + 1);
      if (!poolShare) expect(o.payout).toBe(expected.payout);
      paid += o.payout;
    }
    expect(await wallet()).toEqual({ balance: 5_900, racingCoin: 1_200 + paid });
  });

  it('settles each order once however often the queues run again', async () => {
    const before = await wallet();
    const ids = (
      await t.gql<{ myRacingOrders: { items: { id: string }[] } }>(MY_ORDERS, {}, alice)
    ).data!.myRacingOrders.items.map((o) => o.id);
    // Replay: the orders queued again and the round's steps queued again, twice.
    for (let run = 0; run < 2; run++) {
      for (const id of ids)
        await t.services.sql.query(
          `INSERT INTO racing_settle_queue (bet_id, round_id) VALUES ($1, '20261125-241') ON CONFLICT DO NOTHING`,
          [id],
        );
      await t.services.sql.query(
        `INSERT INTO racing_round_jobs (job_id, round_id, step) VALUES
           ('20261125-241:3', '20261125-241', 3), ('20261125-241:4', '20261125-241', 4) ON CONFLICT DO NOTHING`,
      );
      await Promise.all([drainRacingSettlement(t.services), runRacingScheduler(t.services)]);
      await drainRacingSettlement(t.services);
      await t.services.projections.settle();
    }
    expect(await wallet()).toEqual(before);
    // Each order settled once: its own RacingBetSettled, or listed once by its round's settlement walk
    // (lost, decision 0184; won with its figures, decision 0194), never both.
    const listed = (
      await Promise.all(
        Array.from({ length: SETTLE_WORKERS }, (_, lane) =>
          streamEvents(racingSettleStream('20261125-241', lane, SETTLE_WORKERS)),
        ),
      )
    )
      .flat()
      .flatMap((e) => {
        const d = e.data as { lost: string[]; won?: { betId: string }[] };
        return [...d.lost, ...(d.won ?? []).map((w) => w.betId)];
      });
    for (const id of ids) {
      const own = (await streamEvents(racingBetStream(id))).filter(
        (e) => e.type === 'RacingBetSettled',
      ).length;
      expect(own + listed.filter((l) => l === id).length, id).toBe(1);
    }
    const round = (await streamEvents(racingRoundStream('20261125-241'))).map((e) => e.type);
    expect(round).toEqual(['RoundScheduled', 'RoundBettingClosed', 'RoundDrawn', 'RoundSettled']);
  });

  it(
    'after a restart and a gap, runs every missed round once and none twice',
    { timeout: 240_000 },
    async () => {
      await t.close();
      now = Date.parse('2026-11-25T09:13:30Z'); // 10½ minutes later: rounds 242–244 passed, 245 running
      await start();
      await tick();
      await tick();
      const { rows } = await t.services.sql.query<{ round_id: string }>(
        'SELECT round_id FROM racing_slots ORDER BY round_id',
      );
      expect(rows.map((r) => r.round_id)).toEqual([
        '20261125-241',
        '20261125-242',
        '20261125-243',
        '20261125-244',
        '20261125-245',
        '20261125-246',
      ]);
      for (const id of ['242', '243', '244']) {
        const types = (await streamEvents(racingRoundStream(`20261125-${id}`))).map((e) => e.type);
        expect(types, id).toEqual(['RoundScheduled', 'RoundBettingClosed', 'RoundDrawn', 'RoundSettled']);
      }
      expect((await streamEvents(racingRoundStream('20261125-245'))).map((e) => e.type)).toEqual([
        'RoundScheduled',
      ]);
      const periods = await t.gql<{ racingPeriods: { total: number; items: { id: string }[] } }>(
        '{ racingPeriods(pageSize: 10) { total items { id } } }',
      );
      expect(periods.data!.racingPeriods.items.map((p) => p.id)).toEqual([
        '20261125-244',
        '20261125-243',
        '20261125-242',
        '20261125-241',
      ]);
    },
  );

  it('racing no_bet pauses new rounds; the hot/cold statistics cover the drawn rounds', async () => {
    now = Date.parse('2026-11-25T09:15:00Z'); // 245 drawn, 246 open
    await tick();
    const paused = await t.gql(
      'mutation { updateRacingConfig(input: { noBet: 1 }) { noBet } }',
      {},
      staff('1', ['config.edit']),
    );
    expect(paused.errors).toBeUndefined();
    now = Date.parse('2026-11-25T09:18:10Z'); // 246 drawn, 247 would open
    const steps = await tick();
    expect(steps).toContainEqual({ roundId: '20261125-247', step: 'open', outcome: 'paused' });
    expect((await t.services.store.readStream(racingRoundStream('20261125-247'))).streamExists).toBe(false);
    const clock = (await t.gql<{ racingClock: { paused: boolean; period: unknown } }>(CLOCK)).data!
      .racingClock;
    expect(clock).toMatchObject({ paused: true, period: null });
    const stats = await t.gql<{ racingHotCold: { rounds: number; cars: { wins: number }[] } }>(
      '{ racingHotCold { rounds cars { car wins } } }',
    );
    expect(stats.data!.racingHotCold.rounds).toBe(6);
    expect(stats.data!.racingHotCold.cars.reduce((n, c) => n + c.wins, 0)).toBe(6);
    const bad = await t.gql(
      'mutation { updateRacingConfig(input: { champion: "0.5" }) { noBet } }',
      {},
      staff('1', ['config.edit']),
    );
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'RACING_CONFIG_INVALID', field: 'champion' });
  });

  it('shows staff the rounds with stakes, payouts and GGR, and the orders with filters', async () => {
    const rounds = await t.gql<{ racingRounds: { items: RoundReport[] } }>(
      '{ racingRounds(pageSize: 50) { items { period { id seed } orders staked paid tax ggr } } }',
      {},
      staff('2', ['orders.view']),
    );
    const first = rounds.data!.racingRounds.items.find((r) => r.period.id === '20261125-241');
    expect(first).toMatchObject({ orders: 3, staked: 2_800 });
    expect(first!.ggr).toBe(first!.staked - first!.paid - first!.tax);
    const orders = await t.gql<{ racingOrders: { total: number } }>(
      '{ racingOrders(filter: { betType: CHAMPION }) { total items { id userId } } }',
      {},
      staff('2', ['orders.view']),
    );
    expect(orders.data!.racingOrders.total).toBe(1);
    for (const [field, value] of [
      ['status', 32_768],
      ['result', 0],
      ['status', 1],
    ] as const) {
      const bad = await t.gql(
        `{ racingOrders(filter: { ${field}: ${value} }) { total } }`,
        {},
        staff('2', ['orders.view']),
      );
      expect(bad.errors?.[0]?.extensions, `${field} ${value}`).toMatchObject({ code: 'BAD_INPUT', field });
    }
  });
});
