/**
 * Settling a racing round in chunks (issue 19 "Speed"; docs/racing.md "Settlement in chunks"; decision
 * 0100): many orders over a few players, settled several chunks at a time through the batched money
 * path, each order paid exactly once and racing coin conserved — when a chunk crashes after its append
 * and is leased again, when two workers drain at once, when the whole queue is replayed, and when a
 * player's own movement races a chunk (the chunk then goes one movement at a time).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@bashiri/eventstore/testing';
import type { TestDatabase } from '@bashiri/eventstore/testing';
import { RacingBetType, walletStream } from '@bashiri/domain';
import type { RacingSelection } from '@bashiri/domain';
import type { EventStore } from '@bashiri/eventstore';
import { startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import type { AppServices } from '../../services.ts';
import { walletOf } from '../wallet/index.ts';
import { drainRacingSettlement, placeRacingBet, racingBetStream, runRacingScheduler } from './index.ts';

const ROUND = '20261125-241';
const PLAYERS = ['chunk-a', 'chunk-b', 'chunk-c', 'chunk-d'];
const FUNDS = 100_000;
const ORDERS = 40;

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

describe('racing settlement in chunks', () => {
  let db: TestDatabase;
  let t: TestApp;
  let now = Date.parse('2026-11-25T09:00:01Z');
  const betIds: string[] = [];
  let staked = 0;

  beforeAll(async () => {
    db = await openTestDatabase(process.env['DATABASE_URL'] ? 'postgres' : 'pglite');
    t = await startTestApp({ sql: db.sql, now: () => now });
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
    // Close and draw (the projection queues every order); the scheduler's own settle step is kept from
    // settling any order (its appends of order streams fail), so the chunks below find them all queued.
    const drawOnly: EventStore = {
      ...t.services.store,
      appendToStreams: async (requests) => {
        if (requests.some((r) => r.streamName.startsWith('racingbet-'))) throw new Error('not yet');
        return t.services.store.appendToStreams(requests);
      },
    };
    await runRacingScheduler({ ...t.services, store: drawOnly }).catch(() => undefined);
    await t.services.projections.settle();
  }, 240_000);
  afterAll(async () => {
    await t.close();
    await db.dispose();
  });

  const events = async (stream: string) => (await t.services.store.readStream(stream)).events;
  const queued = async () =>
    (await t.services.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM racing_settle_queue')).rows[0]!
      .n;

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

  it('a chunk that crashes after its append is leased again and pays nothing twice; two workers at once', async () => {
    expect(await queued()).toBe(ORDERS);
    // Chunks of 7 on one worker: the second chunk's append commits, then the worker "crashes" before
    // the queue delete.
    await expect(drainRacingSettlement(crashingAfter(2), 7, 1)).rejects.toThrow('crash after the append');
    expect(await queued()).toBe(ORDERS - 7);
    // A player's own movement races the next chunk: its append fails on the wallet's version and the
    // chunk goes one movement at a time.
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
    const second = { ...t.services, store: racing };
    // Two workers drain at once (one of them meets the race), chunks of 6.
    const done = await Promise.all([drainRacingSettlement(second, 6), drainRacingSettlement(t.services, 6)]);
    expect(raced).toBe(true);
    expect(done[0] + done[1]).toBe(ORDERS - 7);
    expect(await queued()).toBe(0);
    await t.services.projections.settle();
  });

  it('each order is settled once and paid once; racing coin is conserved; a replay of every chunk writes nothing', async () => {
    const check = async () => {
      let paid = 0;
      for (const betId of betIds) {
        const types = (await events(racingBetStream(betId))).map((e) => e.type);
        expect(types, betId).toEqual(['RacingBetPlaced', 'RacingBetSettled']);
        const settled = (await events(racingBetStream(betId)))[1]!.data as { payout: number };
        paid += settled.payout;
      }
      let coin = 0;
      for (const userId of PLAYERS) {
        const wallet = await events(walletStream(userId));
        for (const betId of betIds) {
          const results = wallet.filter(
            (e) => (e.data as { movementId: string }).movementId === `racing-result:${betId}`,
          );
          expect(results.length, betId).toBeLessThanOrEqual(1);
        }
        coin += (await walletOf(t.services).current(userId)).racingCoin;
      }
      const credits = (await Promise.all(PLAYERS.map((u) => events(walletStream(u)))))
        .flat()
        .filter((e) => (e.data as { movementId: string }).movementId.startsWith('racing-result:'));
      expect(credits.length).toBe(
        (await Promise.all(betIds.map(async (id) => (await events(racingBetStream(id)))[1]!.data))).filter(
          (d) => (d as { payout: number }).payout > 0,
        ).length,
      );
      expect(paid).toBeGreaterThan(0);
      expect(coin).toBe(PLAYERS.length * FUNDS - staked + paid);
      const { rows } = await t.services.sql.query<{ settled: number; paid: string }>(
        `SELECT count(*) FILTER (WHERE status = 4)::int AS settled, sum(payout)::text AS paid
         FROM racing_orders WHERE round_id = $1`,
        [ROUND],
      );
      expect(rows[0]).toEqual({ settled: ORDERS, paid: String(paid) });
      const round = await t.services.sql.query<{ paid: string; orders: number; staked: string }>(
        'SELECT paid::text, orders, staked::text FROM racing_rounds WHERE round_id = $1',
        [ROUND],
      );
      expect(round.rows[0]).toEqual({ paid: String(paid), orders: ORDERS, staked: String(staked) });
      return (await Promise.all(PLAYERS.map((u) => events(walletStream(u))))).map((w) => w.length);
    };
    const versions = await check();
    // The projection replays its queue inserts: every order queued again, drained in other chunks.
    for (const betId of betIds)
      await t.services.sql.query(
        'INSERT INTO racing_settle_queue (bet_id, round_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [betId, ROUND],
      );
    expect(await drainRacingSettlement(t.services, 9)).toBe(ORDERS);
    await t.services.projections.settle();
    expect(await check()).toEqual(versions);
  });
});
