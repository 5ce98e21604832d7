/**
 * The rolling-bet hold of bet placement (spec §9 "rolling-bet delay on mobile and desktop";
 * docs/betting.md "Placing a bet"): a player's bet with a selection in play is checked, held for the
 * delay of its channel outside the wallet queue, checked again and only then debited and recorded with
 * the odds at acceptance. The services' `sleep` is replaced by a hook that records the hold and can
 * change the catalogue "during" it; one test really waits a 1 s delay.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@bashiri/eventstore';
import { player, staff, startBettingTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { insertTestMatch } from '../../testing/catalogue-fixtures.ts';
import type { TestMatch } from '../../testing/catalogue-fixtures.ts';
import { placeBet } from './placement.ts';

const PLACE = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) {
  status code nobetList { selectionId code currentOdds } order { id totalOdds liveHoldSeconds lines { odds } } } }`;
const CREDIT = `mutation ($input: AdjustWalletInput!) { adjustWallet(input: $input) { balance } }`;
const SET_BET = `mutation ($input: BetConfigInput!) { setBetConfig(input: $input) {
  liveBetDelaySecondsMobile liveBetDelaySecondsDesktop } }`;
const MINUTE = 60_000;

type Answer = {
  status: string;
  code: string | null;
  nobetList: { selectionId: string; code: string; currentOdds: string | null }[];
  order: { id: string; totalOdds: string; liveHoldSeconds: number | null; lines: { odds: string }[] } | null;
};

describe('rolling-bet hold: live bets are held, checked again, then accepted or refused', () => {
  let t: TestApp;
  let now = Date.parse('2026-11-21T15:00:00Z');
  /** Milliseconds of every hold asked for, in order. */
  let slept: number[] = [];
  /** What happens "during" a hold; null = a real timer. */
  let duringHold: ((ms: number) => Promise<void>) | null = null;
  const cashier = staff('1', ['users.adjust_money']);
  const editor = staff('2', ['config.edit']);
  let users = 0;

  /** A fresh player with `amount` TZS. */
  const playerWith = async (amount: number): Promise<string> => {
    const userId = `live${++users}`;
    await t.gql(
      CREDIT,
      { input: { userId, pocket: 'BALANCE', amount, reason: 'test credit', requestId: `c-${userId}` } },
      cashier,
    );
    return userId;
  };
  const balanceOf = async (userId: string): Promise<number> =>
    (await t.gql<{ myWallet: { balance: number } }>('{ myWallet { balance } }', {}, player(userId))).data!
      .myWallet.balance;
  const place = async (
    userId: string,
    requestId: string,
    selectionId: string,
    odds: string,
    extra: { oddsChange?: string; channel?: string } = {},
  ): Promise<Answer> => {
    const answer = await t.gql<{ placeBet: Answer }>(
      PLACE,
      {
        input: {
          requestId,
          payType: 'BALANCE',
          amount: 1_000,
          selections: [{ selectionId, odds }],
          oddsChange: 'NONE',
          ...extra,
        },
      },
      player(userId),
    );
    expect(answer.errors).toBeUndefined();
    const order = answer.data!.placeBet.order;
    if (order) lastPlaced.set(order.id, order.liveHoldSeconds);
    return answer.data!.placeBet;
  };
  /**
   * `liveHoldSeconds` of bet `id` as the player's bet detail and the staff order detail show it, and
   * from the placement answer when the bet was placed by {@link place} in this test (else undefined).
   */
  const liveHold = async (id: string) => {
    const userId = (
      await t.services.sql.query<{ user_id: string }>('SELECT user_id FROM orders WHERE bet_id = $1', [id])
    ).rows[0]!.user_id;
    const mine = await t.gql<{ myBet: { liveHoldSeconds: number | null } }>(
      'query ($id: ID!) { myBet(id: $id) { liveHoldSeconds } }',
      { id },
      player(userId),
    );
    const officer = await t.gql<{ order: { liveHoldSeconds: number | null } }>(
      'query ($id: ID!) { order(id: $id) { liveHoldSeconds } }',
      { id },
      staff('3', ['orders.view']),
    );
    return {
      placed: lastPlaced.get(id),
      mine: mine.data!.myBet.liveHoldSeconds,
      staff: officer.data!.order.liveHoldSeconds,
    };
  };
  /** `order.liveHoldSeconds` of the placement answers, by bet id. */
  const lastPlaced = new Map<string, number | null>();
  /** A match in play (kicked off 30 minutes ago, status 2) with live markets. */
  const liveMatch = (name: string): Promise<TestMatch> =>
    insertTestMatch(t.services.sql, {
      home: `${name} Home`,
      away: `${name} Away`,
      startTime: new Date(now - 30 * MINUTE),
      status: 2,
    });
  const setOdds = (outcomeId: string, odds: string) =>
    t.services.sql.query('UPDATE outcomes SET odds = $2 WHERE id = $1', [outcomeId, odds]);
  /** The events of `userId`'s bets, read through the event-store port (whatever the adapter). */
  const betEvents = async (userId: string) => {
    const all: RecordedEvent[] = [];
    for (let after: string | null = null; ;) {
      const page = await t.services.store.readAll({
        after,
        maxCount: 1_000,
        filter: { streamPrefixes: ['bet-'] },
      });
      all.push(...page.events);
      if (page.events.length < 1_000) break;
      after = page.position;
    }
    const mine = new Set(
      all
        .filter((e) => e.type === 'BetPlaced' && (e.data as { userId?: string }).userId === userId)
        .map((e) => e.streamName),
    );
    return all
      .filter((e) => mine.has(e.streamName))
      .map((e) => ({ event_type: e.type, data: e.data as Record<string, unknown> }));
  };

  beforeAll(async () => {
    t = await startBettingTestApp({
      now: () => now,
      sleep: async (ms) => {
        slept.push(ms);
        if (duringHold) await duringHold(ms);
        else await new Promise((resolve) => setTimeout(resolve, ms));
      },
    });
    const set = await t.gql(
      SET_BET,
      { input: { liveBetDelaySecondsMobile: 3, liveBetDelaySecondsDesktop: 7 } },
      editor,
    );
    expect(set.data).toEqual({
      setBetConfig: { liveBetDelaySecondsMobile: 3, liveBetDelaySecondsDesktop: 7 },
    });
  });
  beforeEach(() => {
    slept = [];
    duringHold = async () => {};
  });
  afterAll(async () => t.close());

  it('holds a live single for the desktop delay, then debits it and records the hold on the bet', async () => {
    const m = await liveMatch('Held');
    const userId = await playerWith(5_000);
    duringHold = async () => {
      // Nothing is debited or recorded while the bet is held.
      expect(await balanceOf(userId)).toBe(5_000);
      expect(await betEvents(userId)).toEqual([]);
    };
    const answer = await place(userId, 'r1', m.outcomes.home, '2.00', { channel: 'DESKTOP' });
    expect(answer).toMatchObject({ status: 'PLACED', order: { totalOdds: '2.00' } });
    expect(slept).toEqual([7_000]);
    expect(await balanceOf(userId)).toBe(4_000);
    const placed = (await betEvents(userId)).find((e) => e.event_type === 'BetPlaced');
    expect(placed?.data).toMatchObject({ liveDelaySeconds: 7, legs: [{ eventStatus: 2 }] });
    // The answer, the player's bet and the staff order detail all show the hold.
    await t.services.projections.settle();
    expect(await liveHold(answer.order!.id)).toEqual({ placed: 7, mine: 7, staff: 7 });
  });

  it('picks the delay of the channel: MOBILE 3 s, DESKTOP (also when no channel is sent) 7 s', async () => {
    const m = await liveMatch('Channel');
    const userId = await playerWith(5_000);
    expect(await place(userId, 'm1', m.outcomes.home, '2.00', { channel: 'MOBILE' })).toMatchObject({
      status: 'PLACED',
    });
    expect(await place(userId, 'd1', m.outcomes.home, '2.00')).toMatchObject({ status: 'PLACED' });
    expect(slept).toEqual([3_000, 7_000]);
    expect(await balanceOf(userId)).toBe(3_000);
  });

  it('does not hold a pre-match bet', async () => {
    const m = await insertTestMatch(t.services.sql, {
      home: 'Later Home',
      away: 'Later Away',
      startTime: new Date(now + 60 * MINUTE),
    });
    const userId = await playerWith(5_000);
    duringHold = async () => {
      throw new Error('a pre-match bet must not be held');
    };
    expect(await place(userId, 'p1', m.outcomes.home, '2.00', { channel: 'MOBILE' })).toMatchObject({
      status: 'PLACED',
    });
    expect(slept).toEqual([]);
    const placed = (await betEvents(userId)).find((e) => e.event_type === 'BetPlaced');
    expect(placed?.data).not.toHaveProperty('liveDelaySeconds');
    await t.services.projections.settle();
    const id = (placed!.data as { betId: string }).betId;
    expect(await liveHold(id)).toEqual({ placed: null, mine: null, staff: null });
  });

  it('refuses at once, without a hold, what is already refused', async () => {
    const m = await liveMatch('Refused');
    const userId = await playerWith(5_000);
    expect(await place(userId, 'x1', m.outcomes.home, '2.50')).toMatchObject({
      status: 'REJECTED',
      code: 'SELECTIONS_UNAVAILABLE',
      nobetList: [{ selectionId: m.outcomes.home, code: 'ODDS_CHANGED', currentOdds: '2.00' }],
    });
    expect(slept).toEqual([]);
  });

  it('refuses a bet whose market is suspended, or whose match ends, during the hold; no money moves', async () => {
    const m = await liveMatch('Suspended');
    const userId = await playerWith(5_000);
    duringHold = async () => {
      await t.services.sql.query(
        'UPDATE markets SET status_id = 2 WHERE id = (SELECT market_id FROM outcomes WHERE id = $1)',
        [m.outcomes.home],
      );
    };
    expect(await place(userId, 's1', m.outcomes.home, '2.00')).toMatchObject({
      status: 'REJECTED',
      code: 'SELECTIONS_UNAVAILABLE',
      nobetList: [{ selectionId: m.outcomes.home, code: 'SELECTION_SUSPENDED' }],
      order: null,
    });
    const ended = await liveMatch('Ended');
    duringHold = async () => {
      await t.services.sql.query('UPDATE matches SET status = 3 WHERE id = $1', [ended.matchId]);
    };
    expect(await place(userId, 's2', ended.outcomes.over, '1.90')).toMatchObject({
      status: 'REJECTED',
      nobetList: [{ selectionId: ended.outcomes.over, code: 'MATCH_NOT_OPEN' }],
    });
    expect(slept).toEqual([7_000, 7_000]);
    expect(await balanceOf(userId)).toBe(5_000);
    expect(await betEvents(userId)).toEqual([]);
  });

  it('checks odds moved during the hold against the policy: NONE refuses, ACCEPT_ANY takes the new odds, ACCEPT_HIGHER only higher', async () => {
    const m = await liveMatch('Odds');
    const userId = await playerWith(10_000);
    const moveTo = (odds: string) => {
      duringHold = () => setOdds(m.outcomes.home, odds).then(() => undefined);
    };

    moveTo('2.20');
    expect(await place(userId, 'o1', m.outcomes.home, '2.00', { oddsChange: 'NONE' })).toMatchObject({
      status: 'REJECTED',
      code: 'SELECTIONS_UNAVAILABLE',
      nobetList: [{ selectionId: m.outcomes.home, code: 'ODDS_CHANGED', currentOdds: '2.20' }],
    });
    expect(await balanceOf(userId)).toBe(10_000);

    moveTo('1.80');
    expect(await place(userId, 'o2', m.outcomes.home, '2.20', { oddsChange: 'ACCEPT_ANY' })).toMatchObject({
      status: 'PLACED',
      order: { totalOdds: '1.80', lines: [{ odds: '1.80' }] },
    });

    moveTo('1.60');
    expect(await place(userId, 'o3', m.outcomes.home, '1.80', { oddsChange: 'ACCEPT_HIGHER' })).toMatchObject(
      {
        status: 'REJECTED',
        nobetList: [{ selectionId: m.outcomes.home, code: 'ODDS_CHANGED', currentOdds: '1.60' }],
      },
    );

    moveTo('1.75');
    expect(await place(userId, 'o4', m.outcomes.home, '1.60', { oddsChange: 'ACCEPT_HIGHER' })).toMatchObject(
      {
        status: 'PLACED',
        order: { totalOdds: '1.75' },
      },
    );
    expect(slept).toHaveLength(4);
    expect(await balanceOf(userId)).toBe(8_000);
  });

  it('moves money once when the same request id comes twice during the hold, in one process or two', async () => {
    const m = await liveMatch('Twice');
    const userId = await playerWith(5_000);
    // Both requests are held at once: the first hold waits until the second is held too.
    let release!: () => void;
    const bothHeld = new Promise<void>((resolve) => (release = resolve));
    duringHold = async () => {
      if (slept.length >= 2) release();
      await bothHeld;
    };
    const [one, two] = await Promise.all([
      place(userId, 'same', m.outcomes.home, '2.00'),
      place(userId, 'same', m.outcomes.home, '2.00'),
    ]);
    expect(slept).toEqual([7_000, 7_000]);
    expect(one).toMatchObject({ status: 'PLACED' });
    expect(two.order!.id).toBe(one.order!.id);

    // Another process (its own wallet queue and cache): the bet stream's version 0 decides.
    const other = { ...t.services };
    slept = [];
    const bothHeldAgain = new Promise<void>((resolve) => (release = resolve));
    duringHold = async () => {
      if (slept.length >= 2) release();
      await bothHeldAgain;
    };
    const input = {
      requestId: 'again',
      payType: 1 as const,
      amount: 1_000,
      selections: [{ selectionId: m.outcomes.home, odds: '2.00' }],
      oddsChange: 'NONE' as const,
      channel: 'MOBILE' as const,
    };
    const [a, b] = await Promise.all([placeBet(t.services, userId, input), placeBet(other, userId, input)]);
    expect(slept).toEqual([3_000, 3_000]);
    expect(a.status).toBe('PLACED');
    expect(b).toMatchObject({ status: 'PLACED', betId: a.betId });
    expect(await balanceOf(userId)).toBe(3_000);
    expect((await betEvents(userId)).filter((e) => e.event_type === 'StakePaid')).toHaveLength(2);
  });

  it("does not block the player's other requests while a bet is held", async () => {
    const m = await liveMatch('Other');
    const userId = await playerWith(5_000);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    duringHold = () => held;
    const live = place(userId, 'h1', m.outcomes.home, '2.00');
    await expect.poll(() => slept.length).toBe(1);
    // A pre-match bet of the same player goes through while the live one waits.
    const later = await insertTestMatch(t.services.sql, {
      home: 'Free Home',
      away: 'Free Away',
      startTime: new Date(now + 60 * MINUTE),
    });
    expect(await place(userId, 'h2', later.outcomes.home, '2.00')).toMatchObject({ status: 'PLACED' });
    expect(await balanceOf(userId)).toBe(4_000);
    release();
    expect(await live).toMatchObject({ status: 'PLACED' });
    expect(await balanceOf(userId)).toBe(3_000);
  });

  it('really waits a configured 1 s delay end to end through GraphQL', async () => {
    await t.gql(SET_BET, { input: { liveBetDelaySecondsDesktop: 1 } }, editor);
    now += 1_000; // the new version starts a millisecond after the first one (same instant taken)
    const m = await liveMatch('Real');
    const userId = await playerWith(5_000);
    duringHold = null;
    const started = performance.now();
    expect(await place(userId, 'real', m.outcomes.home, '2.00', { channel: 'DESKTOP' })).toMatchObject({
      status: 'PLACED',
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect(slept).toEqual([1_000]);
    expect(await balanceOf(userId)).toBe(4_000);
  });
});
