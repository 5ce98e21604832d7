/**
 * Voiding a racing round on the real server (decision 0062; docs/racing.md "Voiding a round"): staff
 * void a round that has not drawn and every order of it is returned exactly once into racing coin
 * through the money path (bill type 14, result 4, status 3); a repeat void moves nothing; the round
 * shows as voided, the scheduler neither draws nor settles it; a drawn round cannot be voided; a round
 * whose draw failed (its seed lost) can. Property (fast-check): over any set of orders from several
 * players, the refunds add up to the stakes, each order is refunded once, and voiding again (and
 * running the settlement queue again) changes nothing.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@bashiri/eventstore/testing';
import type { TestDatabase } from '@bashiri/eventstore/testing';
import { walletStream, BillType, RacingOrderStatus, RacingResult } from '@bashiri/domain';
import { player, staff, startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { drainRacingSettlement, runRacingScheduler } from './index.ts';

/** 12:00 EAT on 25 November 2026: the start of round 20261125-241 (a round every 180 s by default). */
const NOON_EAT = Date.parse('2026-11-25T09:00:00Z');
const PERIOD_MS = 180_000;
const EAT_DEVICE = (nowMs: number) => ({ utcOffsetMinutes: 180, now: new Date(nowMs).toISOString() });
const PLAYERS = ['void-p0', 'void-p1', 'void-p2'] as const;
const COIN = 1_000_000;

const BET = `mutation ($input: PlaceRacingBetInput!) { placeRacingBet(input: $input) { id amount } }`;
const VOID = `mutation ($r: ID!, $why: String!) { voidRacingRound(roundId: $r, reason: $why) { id status voided seed } }`;
const CLOCK = `{ racingClock { period { id voided seed } } }`;
const ORDERS = `{ myRacingOrders(pageSize: 50) { items { id roundId amount payout result status } } }`;
interface Order {
  id: string;
  roundId: string;
  amount: number;
  payout: number | null;
  result: number;
  status: number;
}

describe('voiding a racing round', () => {
  let db: TestDatabase;
  let t: TestApp;
  let now = NOON_EAT + 1_000;
  const canceller = staff('7', ['orders.cancel', 'users.adjust_money']);

  const tick = async () => {
    const steps = await runRacingScheduler(t.services);
    await t.services.projections.settle();
    return steps;
  };
  /** The round whose betting window holds `now` (round ids: EAT date and slot number). */
  const roundAt = (ms: number) => `20261125-${String(Math.floor((ms - NOON_EAT) / PERIOD_MS) + 241)}`;
  const coinOf = async (userId: string) => {
    const r = await t.gql<{ myWallet: { racingCoin: number } }>(
      '{ myWallet { racingCoin } }',
      {},
      player(userId),
    );
    if (!r.data?.myWallet) throw new Error(`myWallet of ${userId}: ${JSON.stringify(r.errors)}`);
    return r.data.myWallet.racingCoin;
  };
  const ordersOf = async (userId: string) =>
    (await t.gql<{ myRacingOrders: { items: Order[] } }>(ORDERS, {}, player(userId))).data!.myRacingOrders
      .items;
  const voidRound = (roundId: string, why = 'feed fault') => t.gql(VOID, { r: roundId, why }, canceller);
  /** The racing-coin refunds (bill type 14 StakeRefunded) in a player's wallet stream, by order id. */
  const refundsOf = async (userId: string) =>
    (await t.services.store.readStream(walletStream(userId))).events
      .filter((e) => e.type === 'StakeRefunded')
      .map((e) => {
        const d = e.data as { reference: string; billType: number; lines: { amount: number }[] };
        return {
          reference: d.reference,
          billType: d.billType,
          amount: d.lines.reduce((n, l) => n + l.amount, 0),
        };
      });
  /** Moves the clock to the next round's betting window and opens it. */
  const nextRound = async () => {
    now = NOON_EAT + Math.ceil((now - NOON_EAT + 1) / PERIOD_MS) * PERIOD_MS + 1_000;
    await tick();
    return roundAt(now);
  };

  beforeAll(async () => {
    db = await openTestDatabase(process.env['DATABASE_URL'] ? 'postgres' : 'pglite');
    t = await startTestApp({ sql: db.sql, now: () => now });
    await t.services.projections.settle();
    for (const userId of PLAYERS) {
      await t.gql(
        `mutation ($input: AdjustWalletInput!) { adjustWallet(input: $input) { balance } }`,
        { input: { userId, pocket: 'BALANCE', amount: COIN, reason: 'test', requestId: `fund-${userId}` } },
        canceller,
      );
      const exchanged = await t.gql(
        `mutation ($input: ExchangeRacingCoinInput!) { exchangeRacingCoin(input: $input) { racingCoin } }`,
        {
          input: {
            requestId: `x-${userId}`,
            direction: 'TO_RACING_COIN',
            amount: COIN,
            device: EAT_DEVICE(now),
          },
        },
        player(userId),
      );
      expect(exchanged.errors).toBeUndefined();
    }
    await tick();
  }, 240_000);
  afterAll(async () => {
    await t.close();
    await db.dispose();
  });

  it('returns every order of an open round once, shows it voided, and the scheduler never draws it', async () => {
    const roundId = roundAt(now);
    const placed = await t.gql<{ placeRacingBet: { id: string } }>(
      BET,
      {
        input: {
          requestId: 'v1',
          roundId,
          betType: 'CHAMPION',
          positions: [[3, 5]],
          singleAmount: 1_000,
          device: EAT_DEVICE(now),
        },
      },
      player('void-p0'),
    );
    expect(placed.errors).toBeUndefined();
    expect(await coinOf('void-p0')).toBe(COIN - 2_000);
    // Without the permission: refused, nothing moves.
    const refused = await t.gql(VOID, { r: roundId, why: 'x' }, staff('8', ['orders.view']));
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await t.gql(VOID, { r: roundId, why: ' ' }, canceller)).errors?.[0]?.extensions?.code).toBe(
      'RACING_VOID_REASON',
    );
    const voided = await voidRound(roundId);
    expect(voided.errors).toBeUndefined();
    expect(voided.data).toEqual({ voidRacingRound: { id: roundId, status: 3, voided: true, seed: null } });
    expect(await coinOf('void-p0')).toBe(COIN);
    const [order] = await ordersOf('void-p0');
    expect(order).toMatchObject({
      roundId,
      amount: 2_000,
      payout: 2_000,
      result: RacingResult.Refunded,
      status: RacingOrderStatus.Returned,
    });
    const refunds = await refundsOf('void-p0');
    expect(refunds).toEqual([
      expect.objectContaining({
        amount: 2_000,
        billType: BillType.VirtualRacingResult,
        reference: order!.id,
      }),
    ]);
    // The player's screen: the round clock shows it voided; betting on it is closed.
    expect((await t.gql<{ racingClock: { period: unknown } }>(CLOCK)).data!.racingClock.period).toEqual({
      id: roundId,
      voided: true,
      seed: null,
    });
    const late = await t.gql(
      BET,
      {
        input: {
          requestId: 'v2',
          roundId,
          betType: 'CHAMPION',
          positions: [[1]],
          singleAmount: 100,
          device: EAT_DEVICE(now),
        },
      },
      player('void-p0'),
    );
    expect(late.errors?.[0]?.extensions?.code).toBe('RACING_BETTING_CLOSED');
    // Past its draw time: the scheduler skips its draw and settle; the seed stays secret.
    now += PERIOD_MS;
    const steps = await tick();
    expect(steps.filter((s) => s.roundId === roundId && s.outcome === 'done')).toEqual([]);
    const round = await t.services.store.readStream(`racing-${roundId}`);
    expect(round.events.map((e) => e.type)).toEqual(['RoundScheduled', 'RoundVoided']);
    expect(await coinOf('void-p0')).toBe(COIN);
    // The back office's rounds list (and its CSV) keeps the voided round: its phase, when and why.
    const voidedAt = (round.events[1]!.data as { at: string }).at;
    const listed = await t.gql<{ racingRounds: { items: unknown[] } }>(
      `{ racingRounds(pageSize: 50) { items { period { id voided } phase voidedAt voidReason orders staked paid } } }`,
      {},
      staff('9', ['orders.view']),
    );
    expect(listed.errors).toBeUndefined();
    expect(listed.data!.racingRounds.items).toContainEqual({
      period: { id: roundId, voided: true },
      phase: 'VOIDED',
      voidedAt: new Date(voidedAt).toISOString(),
      voidReason: 'feed fault',
      orders: 1,
      staked: 2_000,
      paid: 2_000,
    });
    expect(listed.data!.racingRounds.items).toContainEqual(
      expect.objectContaining({ phase: 'SCHEDULED', voidedAt: null, voidReason: null }),
    );
  });

  it('refuses to void a drawn round, and voids a round whose draw failed', async () => {
    const drawnId = await nextRound();
    now += PERIOD_MS; // its draw (and the next round's opening)
    await tick();
    expect((await voidRound(drawnId)).errors?.[0]?.extensions?.code).toBe('RACING_ROUND_DRAWN');
    // The next round loses its seed: its draw fails (the step is retried), staff void it.
    const failing = roundAt(now);
    const placed = await t.gql(
      BET,
      {
        input: {
          requestId: 'f1',
          roundId: failing,
          betType: 'BIG_SMALL',
          options: ['big', 'small'],
          singleAmount: 500,
          device: EAT_DEVICE(now),
        },
      },
      player('void-p1'),
    );
    expect(placed.errors).toBeUndefined();
    await db.sql.query('DELETE FROM racing_seeds WHERE round_id = $1', [failing]);
    now += PERIOD_MS;
    await expect(tick()).rejects.toThrow(/no stored seed/);
    expect((await voidRound(failing, 'seed lost')).errors).toBeUndefined();
    expect(await coinOf('void-p1')).toBe(COIN);
    await tick();
    expect((await ordersOf('void-p1'))[0]).toMatchObject({ roundId: failing, result: 4, status: 3 });
  });

  it('property: refunds add up to the stakes, once each; voiding again changes nothing', async () => {
    const orderArb = fc.record({
      who: fc.constantFrom(...PLAYERS),
      kind: fc.constantFrom('CHAMPION', 'BIG_SMALL', 'TOP_THREE'),
      car: fc.integer({ min: 1, max: 10 }),
      hundreds: fc.integer({ min: 1, max: 30 }),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(orderArb, { minLength: 0, maxLength: 6 }),
        fc.boolean(),
        async (orders, closeFirst) => {
          run += 1;
          const roundId = await nextRound();
          const before = Object.fromEntries(
            await Promise.all(PLAYERS.map(async (p) => [p, await coinOf(p)])),
          );
          const refundsBefore = Object.fromEntries(
            await Promise.all(PLAYERS.map(async (p) => [p, (await refundsOf(p)).length])),
          );
          let staked = 0;
          const ids: string[] = [];
          for (const [i, o] of orders.entries()) {
            const input =
              o.kind === 'BIG_SMALL'
                ? { betType: o.kind, options: [o.car > 5 ? 'big' : 'small'] }
                : o.kind === 'TOP_THREE'
                  ? { betType: o.kind, positions: [[o.car], [(o.car % 10) + 1], [((o.car + 1) % 10) + 1]] }
                  : { betType: o.kind, positions: [[o.car]] };
            const answer = await t.gql<{ placeRacingBet: { id: string; amount: number } }>(
              BET,
              {
                input: {
                  requestId: `p${run}-${i}`,
                  roundId,
                  singleAmount: o.hundreds * 100,
                  device: EAT_DEVICE(now),
                  ...input,
                },
              },
              player(o.who),
            );
            expect(answer.errors).toBeUndefined();
            staked += answer.data!.placeRacingBet.amount;
            ids.push(answer.data!.placeRacingBet.id);
          }
          if (closeFirst) {
            now += PERIOD_MS - 10_000; // betting closed, before the draw
            await tick();
          }
          expect((await voidRound(roundId)).errors).toBeUndefined();
          // Again: the void, the settlement queue, the scheduler. Nothing more moves.
          expect((await voidRound(roundId, 'again')).errors).toBeUndefined();
          await drainRacingSettlement(t.services);
          await tick();
          let refunded = 0;
          for (const p of PLAYERS) {
            expect(await coinOf(p)).toBe(before[p]);
            const fresh = (await refundsOf(p)).slice(refundsBefore[p]);
            refunded += fresh.reduce((sum, r) => sum + r.amount, 0);
            for (const r of fresh) expect(r.billType).toBe(BillType.VirtualRacingResult);
            const refs = fresh.map((r) => r.reference);
            expect(new Set(refs).size).toBe(refs.length);
          }
          expect(refunded).toBe(staked);
          const mine = (await Promise.all(PLAYERS.map(ordersOf))).flat().filter((o) => o.roundId === roundId);
          expect(mine.map((o) => o.id).sort()).toEqual([...ids].sort());
          for (const o of mine) expect([o.result, o.status, o.payout]).toEqual([4, 3, o.amount]);
        },
      ),
      { numRuns: 8 },
    );
  }, 240_000);
});
