/**
 * Settling a racing round in chunks (issue 19 "Speed"; docs/racing.md "Settlement in chunks"; decisions
 * 0100, 0184, 0194): many orders over a few players, the drawn round walked in lanes of players a chunk
 * at a time — every order listed in the lane's `RacingSettlementAdvanced` (its cursor: losers by id,
 * winners with their figures), each winner's credit through the batched money path in the same append;
 * orders placed before the read model kept their terms settled on their own streams as before — each
 * order settled exactly once (its own `RacingBetSettled` or one listing, never both, never twice), paid
 * once, racing coin conserved: when a walk crashes between chunks and resumes from its cursor, when two
 * walkers of the same lanes run at once, when a player's own movement races a chunk (the chunk is then
 * read again and retried whole), and when every order is queued again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@bashiri/eventstore/testing';
import type { TestDatabase } from '@bashiri/eventstore/testing';
import { RacingBetType, tenOfTenTickets, walletStream } from '@bashiri/domain';
import type { RacingSelection, RacingSettlementAdvanced } from '@bashiri/domain';
import { isWrongExpectedVersion } from '@bashiri/eventstore';
import type { EventStore } from '@bashiri/eventstore';
import { startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import type { AppServices } from '../../services.ts';
import { walletOf } from '../wallet/index.ts';
import { drainRacingSettlement, placeRacingBet, racingBetStream, runRacingScheduler } from './index.ts';
import { tenOfTenCount } from './settlement.ts';
import { racingSettleStream } from './projection.ts';

const ROUND = '20261125-241';
const PLAYERS = ['chunk-a', 'chunk-b', 'chunk-c', 'chunk-d'];
const FUNDS = 100_000;
const ORDERS = 60;

/** The k-th order's picks: every bet type, winners and losers whatever the draw. */
const selectionOf = (k: number): { selection: RacingSelection; single: number } => {
  const car = (k % 10) + 1;
  switch (k % 5) {
    case 0:
      return { selection: { betType: RacingBetType.Champion, positions: [[car]] }, single: 100 };
    case 1:
      return { selection: { betType: RacingBetType.OddEven, options: ['odd'] }, single: 200 };
    case 2:
      return { selection: { betType: RacingBetType.BigSmall, options: ['big', 'small'] }, single: 100 };
    case 3:
      return {
        selection: { betType: RacingBetType.ChampionAndRunnerUp, positions: [[car], [(car % 10) + 1]] },
        single: 100,
      };
    default:
      return {
        selection: {
          betType: RacingBetType.LuckRacing,
          positions: Array.from({ length: 10 }, (_, i) => [((i + k) % 10) + 1]),
        },
        single: 300,
      };
  }
};

/** A test app on a fresh database with ORDERS racing orders of PLAYERS placed in ROUND, drawn, none settled. */
const drawnRound = async () => {
  let now = Date.parse('2026-11-25T09:00:01Z');
  const betIds: string[] = [];
  let staked = 0;
  const db = await openTestDatabase(process.env['DATABASE_URL'] ? 'postgres' : 'pglite');
  const t = await startTestApp({ sql: db.sql, now: () => now });
  await t.services.projections.settle();
  for (const userId of PLAYERS)
    await walletOf(t.services).run({
      type: 'AdjustPocket',
      userId,
      pocket: 'racingCoin',
      amount: FUNDS,
      reference: 'test',
      reason: 'test funds',
      movementId: `fund:${userId}`,
      at: new Date(now).toISOString(),
      actor: { kind: 'staff', id: 'test' },
    });
  await runRacingScheduler(t.services);
  await t.services.projections.settle();
  for (let k = 0; k < ORDERS; k++) {
    const { selection, single } = selectionOf(k);
    const answer = await placeRacingBet(t.services, PLAYERS[k % PLAYERS.length]!, {
      requestId: `chunk-${k}`,
      roundId: ROUND,
      selection,
      singleAmount: single,
      device: { utcOffsetMinutes: 180, nowMs: now },
    });
    if (!answer.ok) throw new Error(answer.error.code);
    betIds.push(answer.placed.betId);
    staked += answer.placed.amount;
  }
  now = Date.parse('2026-11-25T09:03:00Z');
  // Close and draw; the scheduler's own settle step is kept from settling any order (its appends of
  // order and settlement streams fail), so the walks below find every order pending.
  const drawOnly: EventStore = {
    ...t.services.store,
    appendToStreams: async (requests) => {
      if (requests.some((r) => /^racing(bet|settle)-/.test(r.streamName))) throw new Error('not yet');
      return t.services.store.appendToStreams(requests);
    },
  };
  await runRacingScheduler({ ...t.services, store: drawOnly }).catch(() => undefined);
  await t.services.projections.settle();
  // Every fourth order as if placed before migration 006 (no terms in the read model): the walk
  // settles such a winner on its own stream (decision 0184), the others in its listing (0194).
  await t.services.sql.query('UPDATE racing_orders SET terms = NULL WHERE bet_id = ANY ($1::text[])', [
    betIds.filter((_, k) => k % 4 === 0),
  ]);
  return { db, t, betIds, staked, now };
};

describe('racing settlement in chunks', () => {
  let db: TestDatabase;
  let t: TestApp;
  let now = 0;
  const betIds: string[] = [];
  let staked = 0;

  beforeAll(async () => {
    const round = await drawnRound();
    ({ db, t, now, staked } = round);
    betIds.push(...round.betIds);
  }, 240_000);
  afterAll(async () => {
    await t.close();
    await db.dispose();
  });

  const events = async (stream: string) => (await t.services.store.readStream(stream)).events;
  const queued = async () =>
    (await t.services.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM racing_settle_queue')).rows[0]!
      .n;
  /** The events of the round's walk, lane by lane, for `lanes` lanes. */
  const walkEvents = async (lanes: number) =>
    Promise.all(
      Array.from({ length: lanes }, async (_, lane) =>
        (await events(racingSettleStream(ROUND, lane, lanes))).map(
          (e) => e as unknown as RacingSettlementAdvanced,
        ),
      ),
    );
  /** Orders settled so far in the event store: their own RacingBetSettled, or listed (lost or won) by the walk. */
  const settlements = async (lanes: number) => {
    const count = new Map<string, number>(betIds.map((id) => [id, 0]));
    for (const betId of betIds)
      for (const e of await events(racingBetStream(betId)))
        if (e.type === 'RacingBetSettled') count.set(betId, count.get(betId)! + 1);
    for (const lane of await walkEvents(lanes))
      for (const e of lane)
        for (const id of [...e.data.lost, ...(e.data.won ?? []).map((w) => w.betId)])
          count.set(id, (count.get(id) ?? 0) + 1);
    return count;
  };

  /** Services whose store crashes after the `crashAt`-th append has committed (the chunk's work is done). */
  const crashingAfter = (crashAt: number): AppServices => {
    let appends = 0;
    const store: EventStore = {
      ...t.services.store,
      appendToStreams: async (requests) => {
        const result = await t.services.store.appendToStreams(requests);
        if (++appends === crashAt) throw new Error('crash after the append');
        return result;
      },
    };
    return { ...t.services, store };
  };

  it('a walk that crashes between chunks resumes from its cursor; two walkers at once; a raced chunk', async () => {
    // Nothing queued: a drawn round's orders are walked, not queued (decision 0184).
    expect(await queued()).toBe(0);
    // Chunks of 7 in one lane: the second chunk's append commits, then the walker "crashes".
    await expect(drainRacingSettlement(crashingAfter(2), 7, 1)).rejects.toThrow('crash after the append');
    const [afterCrash] = await walkEvents(1);
    expect(afterCrash!.length).toBe(2);
    expect(afterCrash![1]!.data.after).toBe(afterCrash![0]!.data.through);
    // 14 orders walked, each settled once; none of the others yet.
    const early = await settlements(1);
    expect([...early.values()].filter((n) => n === 1).length).toBe(14);
    expect([...early.values()].every((n) => n <= 1)).toBe(true);
    // A walker decides its credits on the wallets it last wrote, unread (decision 0196). Its process
    // knows every player's wallet (it just moved each), then another process moves each again: the
    // walker's next chunk is decided on stale wallets, its append is refused (nothing of it written, not
    // even the cursor), and the chunk is read and retried whole. The walker stops after that chunk.
    let walking = false;
    let stale = 0;
    const walker: AppServices = {
      ...t.services,
      store: {
        ...t.services.store,
        appendToStreams: async (requests) => {
          const result = await t.services.store.appendToStreams(requests).catch((error: unknown) => {
            if (isWrongExpectedVersion(error)) stale++;
            throw error;
          });
          // Stops after the first chunk that paid (chunks of losers only pass).
          if (walking && requests.some((r) => r.streamName.startsWith('wallet-')))
            throw new Error('crash after the append');
          return result;
        },
      },
    };
    const adjust = (services: AppServices, userId: string, movementId: string) =>
      walletOf(services).run({
        type: 'AdjustPocket',
        userId,
        pocket: 'balance',
        amount: 1,
        reference: 'test',
        reason: 'a movement beside the walk',
        movementId,
        at: new Date(now).toISOString(),
        actor: { kind: 'staff', id: 'test' },
      });
    for (const userId of PLAYERS) await adjust(walker, userId, `walker-knows:${userId}`);
    for (const userId of PLAYERS) await adjust(t.services, userId, `elsewhere:${userId}`);
    walking = true;
    await expect(drainRacingSettlement(walker, 5, 1)).rejects.toThrow('crash after the append');
    expect(stale).toBe(1);
    const resumed = await settlements(1);
    const walked = [...resumed.values()].filter((n) => n === 1).length;
    expect(walked).toBeGreaterThanOrEqual(19);
    expect((walked - 14) % 5).toBe(0);
    expect([...resumed.values()].every((n) => n <= 1)).toBe(true);
    // A player's own movement races the next chunk: its append fails on the wallet's version, nothing of
    // it is written, and the chunk is read again and retried whole (its credits only with its cursor).
    let raced = false;
    const racing: EventStore = {
      ...t.services.store,
      appendToStreams: async (requests) => {
        const paying = requests.find((r) => r.streamName.startsWith('wallet-') && r.events.length > 0);
        if (!raced && paying) {
          raced = true;
          const userId = paying.streamName.slice('wallet-'.length);
          // The player's own movement (here a staff credit) commits first: the chunk's wallet version is stale.
          await walletOf(t.services).run({
            type: 'AdjustPocket',
            userId,
            pocket: 'balance',
            amount: 1,
            reference: 'test',
            reason: 'a movement racing the chunk',
            movementId: 'race-in-the-middle',
            at: new Date(now).toISOString(),
            actor: { kind: 'staff', id: 'test' },
          });
        }
        return t.services.store.appendToStreams(requests);
      },
    };
    // Two walkers of the same lane at once, each its own process (its own wallet caches: neither is
    // ahead by deciding unread), the first to append a paying chunk meets the race; chunks of 6 and 5:
    // each chunk is recorded once, the loser of a cursor race reads the cursor again and walks on from it.
    const second = { ...t.services, store: racing };
    const third = { ...t.services, store: racing };
    const done = await Promise.all([drainRacingSettlement(second, 6, 1), drainRacingSettlement(third, 5, 1)]);
    expect(raced).toBe(true);
    expect(done[0] + done[1]).toBe(ORDERS - walked);
    await t.services.projections.settle();
  });

  it('each order is settled once and paid once; racing coin is conserved; walking and queueing again write nothing', async () => {
    const check = async () => {
      const count = await settlements(1);
      for (const betId of betIds) expect(count.get(betId), betId).toBe(1);
      // The walk's chunks follow each other: each starts where the one before ended.
      const [lane] = await walkEvents(1);
      lane!.forEach((e, k) => expect(e.data.after).toBe(k === 0 ? null : lane![k - 1]!.data.through));
      const lost = new Set(lane!.flatMap((e) => e.data.lost));
      const won = new Map(lane!.flatMap((e) => (e.data.won ?? []).map((w) => [w.betId, w] as const)));
      const legacy = new Set(betIds.filter((_, k) => k % 4 === 0));
      let paid = 0;
      const payouts = new Map<string, number>();
      for (const betId of betIds) {
        const stream = await events(racingBetStream(betId));
        const listed = lost.has(betId) || won.has(betId);
        expect(
          stream.map((e) => e.type),
          betId,
        ).toEqual(listed ? ['RacingBetPlaced'] : ['RacingBetPlaced', 'RacingBetSettled']);
        // A winner with terms in the read model is listed by the walk; one without, on its own stream.
        if (won.has(betId)) expect(legacy.has(betId), betId).toBe(false);
        if (!listed) expect(legacy.has(betId), betId).toBe(true);
        const payout =
          won.get(betId)?.payout ?? (listed ? 0 : (stream[1]!.data as { payout: number }).payout);
        payouts.set(betId, payout);
        paid += payout;
      }
      expect(lost.size).toBeGreaterThan(0);
      expect(lost.size).toBeLessThan(ORDERS);
      expect(won.size).toBeGreaterThan(0);
      expect(betIds.some((id) => legacy.has(id) && !lost.has(id))).toBe(true);
      let coin = 0;
      for (const userId of PLAYERS) {
        const wallet = await events(walletStream(userId));
        for (const betId of betIds) {
          const results = wallet.filter(
            (e) => (e.data as { movementId: string }).movementId === `racing-result:${betId}`,
          );
          expect(results.length, betId).toBe(
            (
              await t.services.sql.query<{ user_id: string }>(
                'SELECT user_id FROM racing_orders WHERE bet_id = $1',
                [betId],
              )
            ).rows[0]!.user_id === userId && payouts.get(betId)! > 0
              ? 1
              : 0,
          );
        }
        coin += (await walletOf(t.services).current(userId)).racingCoin;
      }
      const credits = (await Promise.all(PLAYERS.map((u) => events(walletStream(u)))))
        .flat()
        .filter((e) => (e.data as { movementId: string }).movementId.startsWith('racing-result:'));
      expect(credits.length).toBe([...payouts.values()].filter((p) => p > 0).length);
      expect(paid).toBeGreaterThan(0);
      expect(coin).toBe(PLAYERS.length * FUNDS - staked + paid);
      const { rows } = await t.services.sql.query<{ settled: number; paid: string; lost: number }>(
        `SELECT count(*) FILTER (WHERE status = 4)::int AS settled, sum(payout)::text AS paid,
                count(*) FILTER (WHERE result = 3 AND payout = 0 AND gross = 0 AND tax = 0 AND profit = -amount
                                   AND bet_id = ANY ($2::text[]))::int AS lost
         FROM racing_orders WHERE round_id = $1`,
        [ROUND, [...lost]],
      );
      expect(rows[0]).toEqual({ settled: ORDERS, paid: String(paid), lost: lost.size });
      const round = await t.services.sql.query<{ paid: string; orders: number; staked: string }>(
        'SELECT paid::text, orders, staked::text FROM racing_rounds WHERE round_id = $1',
        [ROUND],
      );
      expect(round.rows[0]).toEqual({ paid: String(paid), orders: ORDERS, staked: String(staked) });
      return [
        (await Promise.all(PLAYERS.map((u) => events(walletStream(u))))).map((w) => w.length),
        (await walkEvents(1)).map((l) => l.length),
      ];
    };
    const versions = await check();
    // Walking again from the cursor finds nothing; every order queued again is left to the walk.
    for (const betId of betIds)
      await t.services.sql.query(
        'INSERT INTO racing_settle_queue (bet_id, round_id, user_id) SELECT bet_id, round_id, user_id FROM racing_orders WHERE bet_id = $1 ON CONFLICT DO NOTHING',
        [betId],
      );
    expect(await drainRacingSettlement(t.services, 9, 1)).toBe(ORDERS);
    await t.services.projections.settle();
    expect(await check()).toEqual(versions);
    expect(await queued()).toBe(0);
  });
});

describe('racing settlement walked in three lanes (the lanes share the walk read, decision 0206)', () => {
  let db: TestDatabase;
  let t: TestApp;
  const betIds: string[] = [];
  const LANES = 3;

  beforeAll(async () => {
    const round = await drawnRound();
    ({ db, t } = round);
    betIds.push(...round.betIds);
  }, 240_000);
  afterAll(async () => {
    await t.close();
    await db.dispose();
  });

  it('a lane that crashes resumes on its own read, two drains race; each order listed once, in its lane', async () => {
    // The third append (a chunk of one of the lanes) commits, then its lane "crashes"; the other lanes,
    // served by the shared read, walk on to their ends.
    let appends = 0;
    const crashing: AppServices = {
      ...t.services,
      store: {
        ...t.services.store,
        appendToStreams: async (requests) => {
          const result = await t.services.store.appendToStreams(requests);
          if (++appends === 3) throw new Error('crash after the append');
          return result;
        },
      },
    };
    await expect(drainRacingSettlement(crashing, 4, LANES)).rejects.toThrow('crash after the append');
    const early = new Map<string, number>();
    for (const lane of await Promise.all(
      Array.from({ length: LANES }, (_, lane) =>
        t.services.store.readStream(racingSettleStream(ROUND, lane, LANES)),
      ),
    ))
      for (const e of lane.events) {
        const d = (e as unknown as RacingSettlementAdvanced).data;
        for (const id of [...d.lost, ...(d.won ?? []).map((w) => w.betId)])
          early.set(id, (early.get(id) ?? 0) + 1);
      }
    expect([...early.values()].every((n) => n === 1)).toBe(true);
    expect(early.size).toBeGreaterThan(0);
    expect(early.size).toBeLessThan(ORDERS);
    // Two drains at once (each its own wallet caches): the crashed lane resumes from its cursor; the
    // lanes race each other's cursors, and each chunk is recorded once.
    await Promise.all([
      drainRacingSettlement({ ...t.services }, 4, LANES),
      drainRacingSettlement({ ...t.services }, 5, LANES),
    ]);
    await t.services.projections.settle();
    const { rows } = await t.services.sql.query<{
      bet_id: string;
      user_id: string;
      lane: number;
      payout: string;
    }>(
      `SELECT bet_id, user_id, (hashtext(user_id) & 2147483647) % $2 AS lane, payout::text
       FROM racing_orders WHERE round_id = $1`,
      [ROUND, LANES],
    );
    const laneOf = new Map(rows.map((r) => [r.bet_id, r.lane]));
    const listed = new Map<string, number>();
    for (let lane = 0; lane < LANES; lane++) {
      const events = (await t.services.store.readStream(racingSettleStream(ROUND, lane, LANES))).events.map(
        (e) => (e as unknown as RacingSettlementAdvanced).data,
      );
      // Each lane's chunks follow each other, and list only the orders of that lane's players.
      events.forEach((d, k) => expect(d.after).toBe(k === 0 ? null : events[k - 1]!.through));
      for (const d of events)
        for (const id of [...d.lost, ...(d.won ?? []).map((w) => w.betId)]) {
          expect(laneOf.get(id), id).toBe(lane);
          listed.set(id, (listed.get(id) ?? 0) + 1);
        }
    }
    // Every order settled exactly once: listed by its lane, or (no terms, winning) on its own stream.
    for (const betId of betIds) {
      const own = (await t.services.store.readStream(racingBetStream(betId))).events.filter(
        (e) => e.type === 'RacingBetSettled',
      ).length;
      expect((listed.get(betId) ?? 0) + own, betId).toBe(1);
    }
    // Each paying order credited once.
    const credits = (await Promise.all(PLAYERS.map((u) => t.services.store.readStream(walletStream(u)))))
      .flatMap((r) => r.events)
      .map((e) => (e.data as { movementId: string }).movementId)
      .filter((id) => id.startsWith('racing-result:'));
    expect(new Set(credits).size).toBe(credits.length);
    expect(credits.length).toBe(rows.filter((r) => Number(r.payout) > 0).length);
    expect(rows.every((r) => r.payout !== null)).toBe(true);
  });

  it('counts the ten-of-ten tickets of a round as the domain does, reading only those with the champion first', async () => {
    const order = [3, 1, 4, 10, 5, 9, 2, 6, 8, 7];
    const exact = order.map((car) => [car]);
    const luck = [
      exact, // all ten in place
      [[order[0]!, 8], ...exact.slice(1)], // all ten in place, two cars on the first position
      [[1], ...exact.slice(1)], // the champion missing from the first position
      [...exact.slice(0, 4), [1], ...exact.slice(5)], // the fifth car wrong
      [...exact.slice(0, 9), [order[9]!, 2]], // all ten in place, two cars on the last position
    ];
    const insert = (betId: string, betType: number, selection: RacingSelection) =>
      t.services.sql.query(
        `INSERT INTO racing_orders (bet_id, user_id, round_id, bet_type, selection, tickets, single_amount, amount,
                                    tax_rate, placed_at)
         VALUES ($1, 'pool-player', 'pool-round', $2, $3::jsonb, 1, 100, 100, '0', now())`,
        [betId, betType, JSON.stringify(selection)],
      );
    for (const [k, positions] of luck.entries())
      await insert(`pool-${k}`, RacingBetType.LuckRacing, { betType: RacingBetType.LuckRacing, positions });
    // Another bet type with the same positions is no ten-of-ten ticket.
    await insert('pool-champion', RacingBetType.Champion, {
      betType: RacingBetType.Champion,
      positions: [[order[0]!]],
    });
    const domain = luck.reduce(
      (n, positions) => n + tenOfTenTickets({ betType: RacingBetType.LuckRacing, positions }, order),
      0,
    );
    expect(domain).toBe(3);
    expect(await tenOfTenCount(t.services.sql, 'pool-round', order)).toBe(domain);
    expect(await tenOfTenCount(t.services.sql, 'pool-round', [1, ...order.filter((c) => c !== 1)])).toBe(0);
  });
});
