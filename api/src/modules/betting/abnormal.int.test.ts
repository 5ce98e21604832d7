import { betStream, fixtureDecider, fixtureStream } from '@bashiri/domain';
import { handleCommand } from '@bashiri/eventstore';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, staff, startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { insertTestMatch } from '../../testing/catalogue-fixtures.ts';
import type { TestMatch } from '../../testing/catalogue-fixtures.ts';
import { modules } from '../index.ts';
import { abnormalCheck, abnormalLevelAt, flagOverdueBets } from './abnormal.ts';
import { seedBettingConfig } from './config.ts';
import { bettingModule } from './index.ts';
import { drainSettlementQueue, startSettlementWorker } from './settlement.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const PLACE = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { status code order { id } } }`;

// The background worker is left out: the test runs the check itself with a fake clock.
const { start: _worker, ...bettingWithoutWorker } = bettingModule;
const testModules = modules.map((m) => (m.name === 'betting' ? bettingWithoutWorker : m));

describe('abnormalLevelAt (spec §4 abnormal bet info)', () => {
  it('gives the highest level reached, null before 120 min', () => {
    const start = Date.parse('2026-11-21T12:00:00Z');
    expect(abnormalLevelAt(start, start + 119 * MINUTE + 59_999)).toBeNull();
    expect(abnormalLevelAt(start, start + 120 * MINUTE)).toBe('120m');
    expect(abnormalLevelAt(start, start + 150 * MINUTE - 1)).toBe('120m');
    expect(abnormalLevelAt(start, start + 150 * MINUTE)).toBe('150m');
    expect(abnormalLevelAt(start, start + 5 * HOUR)).toBe('5h');
    expect(abnormalLevelAt(start, start + 24 * HOUR - 1)).toBe('5h');
    expect(abnormalLevelAt(start, start + 24 * HOUR)).toBe('24h');
    expect(abnormalLevelAt(start, start + 90 * 24 * HOUR)).toBe('24h');
  });
});

describe('abnormal bets: flagged at 120 min, 150 min, 5 h and 24 h without a result, exactly once each', () => {
  let t: TestApp;
  let now = Date.parse('2026-11-21T11:00:00Z');
  const bets: Record<string, string> = {};

  const place = async (key: string, selections: { selectionId: string; odds: string }[]) => {
    const placed = await t.gql<{ placeBet: { status: string; order: { id: string } | null } }>(
      PLACE,
      { input: { requestId: key, payType: 'BALANCE', amount: 1_000, selections, oddsChange: 'NONE' } },
      player('pa'),
    );
    expect(placed.data!.placeBet.status).toBe('PLACED');
    bets[key] = placed.data!.placeBet.order!.id;
  };
  const result = async (match: TestMatch) => {
    await handleCommand(t.services.store, fixtureStream(match.matchId), fixtureDecider, {
      type: 'RecordResult',
      matchId: match.matchId,
      actor: { kind: 'staff', id: '1' },
      at: new Date(now).toISOString(),
      halfTime: { home: 0, away: 0 },
      fullTime: { home: 1, away: 0 },
    });
    await t.services.projections.settle();
    await drainSettlementQueue(t.services);
    await t.services.projections.settle();
  };
  const check = async (at: number) => {
    now = at;
    await t.services.projections.settle();
    const flagged = await flagOverdueBets(t.services, 2);
    await t.services.projections.settle();
    return flagged;
  };
  const flags = async (key: string) =>
    (await t.services.store.readStream(betStream(bets[key]!))).events
      .filter((e) => e.type === 'SettlementDelayed')
      .map((e) => (e.data as { abnormalInfo: string; at: string }).abnormalInfo);
  const order = async (key: string) =>
    (
      await t.services.sql.query<{ status_code: number; abnormal_info: string | null }>(
        'SELECT status_code, abnormal_info FROM orders WHERE bet_id = $1',
        [bets[key]],
      )
    ).rows[0];
  /**
   * Brings every bet placed so far (every earlier test's and attempt's, each kicking off at most an hour
   * after `now`) to its last level, so that the counts of the checks that follow are the calling
   * attempt's own bets (a retry runs after its first attempt's bets).
   */
  const earlierBetsDone = async () => {
    await check(now + 26 * HOUR);
  };
  /** A key of this attempt's own (a retry must not meet its first attempt's bet). */
  const own = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

  /**
   * An attempt's own scenario: matches m and n kicking off at T (an hour after the clock), p at T + 30 min,
   * four bets on them, and at T + 100 min a result for n.
   */
  const scenario = async () => {
    await earlierBetsDone();
    const T = now + HOUR;
    const key = {
      single: own('single'),
      multiple: own('multiple'),
      resulted: own('resulted'),
      later: own('later'),
    };
    const m = await insertTestMatch(t.services.sql, { home: 'Simba', away: 'Yanga', startTime: new Date(T) });
    const n = await insertTestMatch(t.services.sql, { home: 'Azam', away: 'KMC', startTime: new Date(T) });
    const p = await insertTestMatch(t.services.sql, {
      home: 'Namungo',
      away: 'Pamba',
      startTime: new Date(T + 30 * MINUTE),
    });
    await place(key.single, [{ selectionId: m.outcomes.home, odds: '2.00' }]);
    await place(key.multiple, [
      { selectionId: m.outcomes.over, odds: '1.90' },
      { selectionId: n.outcomes.home, odds: '2.00' },
    ]);
    await place(key.resulted, [{ selectionId: n.outcomes.away, odds: '3.60' }]);
    await place(key.later, [{ selectionId: p.outcomes.draw, odds: '3.40' }]);
    now = T + 100 * MINUTE;
    await result(n);
    return { T, m, key };
  };
  /** The checks of a scenario's first day: each level flagged once at its threshold. */
  const throughTheDay = async ({ T, key }: Awaited<ReturnType<typeof scenario>>) => {
    expect(await check(T + 120 * MINUTE - 1)).toBe(0);
    expect(await check(T + 120 * MINUTE)).toBe(2);
    expect(await order(key.single)).toEqual({ status_code: 5, abnormal_info: '120m' });
    expect(await order(key.multiple)).toEqual({ status_code: 5, abnormal_info: '120m' });
    expect(await check(T + 121 * MINUTE)).toBe(0);
    expect(await check(T + 150 * MINUTE)).toBe(3);
    expect(await order(key.later)).toEqual({ status_code: 5, abnormal_info: '120m' });
    expect(await check(T + 5 * HOUR)).toBe(3);
    expect(await check(T + 5 * HOUR + 30 * MINUTE)).toBe(1);
    expect(await check(T + 24 * HOUR)).toBe(2);
    expect(await check(T + 24 * HOUR + 10 * MINUTE)).toBe(0);
  };

  beforeAll(async () => {
    t = await startTestApp({ now: () => now, modules: testModules });
    await seedBettingConfig(t.services.sql);
    await t.gql(
      `mutation { adjustWallet(input: { userId: "pa", pocket: BALANCE, amount: 100000, reason: "test", requestId: "c" }) { balance } }`,
      {},
      staff('1', ['users.adjust_money']),
    );
  });
  afterAll(async () => t.close());

  it('flags each level once at its threshold, in batches, and never a bet whose match has a result', async () => {
    const s = await scenario();
    await throughTheDay(s);
    const { key } = s;

    expect(await flags(key.single)).toEqual(['120m', '150m', '5h', '24h']);
    expect(await flags(key.multiple)).toEqual(['120m', '150m', '5h', '24h']);
    expect(await flags(key.later)).toEqual(['120m', '150m', '5h']);
    expect(await flags(key.resulted)).toEqual([]);
    expect(await order(key.single)).toEqual({ status_code: 5, abnormal_info: '24h' });
    expect(await order(key.resulted)).toEqual({ status_code: 4, abnormal_info: null });
  });

  it('settles a delayed bet normally when its result arrives, and flags it no more', async () => {
    // Its own scenario, flagged through the day as in the test above.
    const s = await scenario();
    await throughTheDay(s);
    const { T, m, key } = s;
    await result(m);
    expect(await order(key.single)).toEqual({ status_code: 4, abnormal_info: '24h' });
    expect(await order(key.multiple)).toEqual({ status_code: 4, abnormal_info: '24h' });
    expect(await check(T + 48 * HOUR)).toBe(1);
    expect(await flags(key.later)).toEqual(['120m', '150m', '5h', '24h']);
    expect(await flags(key.single)).toEqual(['120m', '150m', '5h', '24h']);
  });

  it('jumps straight to the level reached when the check did not run in between', async () => {
    await earlierBetsDone();
    const q = await insertTestMatch(t.services.sql, {
      home: 'KMC',
      away: 'Singida',
      startTime: new Date(now + HOUR),
    });
    const skipped = own('skipped');
    await place(skipped, [{ selectionId: q.outcomes.home, odds: '2.00' }]);
    expect(await check(now + HOUR + 6 * HOUR)).toBe(1);
    expect(await flags(skipped)).toEqual(['5h']);
  });

  it('runs at most once a minute of the server clock', async () => {
    await earlierBetsDone();
    const q = await insertTestMatch(t.services.sql, {
      home: 'Mashujaa',
      away: 'Tabora',
      startTime: new Date(now + HOUR),
    });
    const throttled = own('throttled');
    await place(throttled, [{ selectionId: q.outcomes.home, odds: '2.00' }]);
    const run = abnormalCheck(t.services);
    now += 3 * HOUR;
    await t.services.projections.settle();
    expect(await run()).toBe(1);
    now += 30 * MINUTE;
    await t.services.projections.settle();
    expect(await run()).toBe(1);
    now = now + 4 * HOUR;
    await t.services.projections.settle();
    expect(await run()).toBe(1);
    now += 59_999;
    expect(await run()).toBe(0);
    expect(await flags(throttled)).toEqual(['120m', '150m', '5h']);
  });

  it('is run by the settlement worker', async () => {
    const q = await insertTestMatch(t.services.sql, {
      home: 'Dodoma',
      away: 'Prisons',
      startTime: new Date(now + HOUR),
    });
    // A bet of its own per attempt (a retried test meets the first attempt's bet, flagged later).
    const key = own('worker');
    await place(key, [{ selectionId: q.outcomes.home, odds: '2.00' }]);
    now += 3 * HOUR + 30 * MINUTE;
    const stop = startSettlementWorker(t.services, 20);
    try {
      // Generous: the worker's first pass can take seconds on a loaded 2-core machine.
      const until = Date.now() + 60_000;
      while (Date.now() < until && (await flags(key)).length === 0)
        await new Promise((resolve) => setTimeout(resolve, 25));
    } finally {
      await stop();
    }
    expect(await flags(key)).toEqual(['150m']);
  });
});
