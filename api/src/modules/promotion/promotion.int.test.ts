/**
 * The promotion module end to end on the real server (PGlite, or PostgreSQL with DATABASE_URL): real
 * registrations, deposits, bets and settlements; the reward process manager drained by the test.
 * Every bonus is paid exactly once under replay (a redelivered queue item, a rebuilt projection), caps
 * hold, a self-referral is refused and shown to staff, and unspent credit money expires (bill 18).
 */
import { accountDecider, accountStream, fixtureDecider, fixtureStream } from '@bashiri/domain';
import type { WalletCommand } from '@bashiri/domain';
import { handleCommand } from '@bashiri/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, staff, startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { insertTestMatch } from '../../testing/catalogue-fixtures.ts';
import type { TestMatch } from '../../testing/catalogue-fixtures.ts';
import { drainSettlementQueue, seedBettingConfig } from '../betting/index.ts';
import { modules } from '../index.ts';
import { walletOf } from '../wallet/index.ts';
import { drainRewards, promotionProjection, queueExpiries, seedPromotions } from './index.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.parse('2026-12-01T06:00:00Z');
const PLACE = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { status code } }`;
const SYSTEM = { kind: 'system', id: 'test' } as const;
const STAFF = staff('s1', ['config.edit', 'users.view', 'users.adjust_money', 'agents.view']);

// Workers are left out so that the test decides when bets settle and rewards are paid.
const testModules = modules.map((m) => {
  if (m.name !== 'betting' && m.name !== 'promotion') return m;
  const { start: _start, ...rest } = m;
  return rest;
});

describe('promotions: referral, invitation, welcome, order, activity, expiry — each paid once', () => {
  let t: TestApp;
  let now = START;
  let m1: TestMatch;
  const iso = () => new Date(now).toISOString();
  let phoneNo = 0;
  const register = async (userId: string, superiorId: string | null = null) => {
    phoneNo += 1;
    await handleCommand(t.services.store, accountStream(userId), accountDecider, {
      type: 'Register',
      userId,
      phone: `+2557420000${String(phoneNo).padStart(2, '0')}`,
      network: 6,
      passwordHashRef: `ref-${userId}`,
      invitationCode: `INV${userId.toUpperCase()}`,
      superiorId,
      at: iso(),
    });
  };
  const wallet = async (command: WalletCommand) => {
    const result = await walletOf(t.services).run(command);
    expect(result.ok).toBe(true);
  };
  const deposit = (userId: string, id: string, amount: number) =>
    wallet({
      type: 'CreditDeposit',
      userId,
      movementId: id,
      at: iso(),
      actor: SYSTEM,
      paymentId: id,
      channel: 'push',
      amount,
    });
  /** Projections, then the reward queue, as the worker would. */
  const react = async () => {
    await t.services.projections.settle();
    await drainRewards(t.services);
    await t.services.projections.settle();
  };
  const pockets = async (userId: string) => {
    const w = await walletOf(t.services).current(userId);
    return { balance: w.balance, creditMoney: w.creditMoney };
  };
  const bills = async (userId: string, billType: number) =>
    (
      await t.services.sql.query<{ amount: string }>(
        'SELECT amount::text FROM bills WHERE user_id = $1 AND bill_type = $2 ORDER BY at',
        [userId, billType],
      )
    ).rows.map((r) => Number(r.amount));
  const place = async (
    userId: string,
    requestId: string,
    amount: number,
    selectionId: string,
    odds: string,
  ) => {
    const placed = await t.gql<{ placeBet: { status: string; code: string | null } }>(
      PLACE,
      {
        input: {
          requestId,
          payType: 'BALANCE',
          amount,
          selections: [{ selectionId, odds }],
          oddsChange: 'NONE',
        },
      },
      player(userId),
    );
    expect(placed.data!.placeBet).toEqual({ status: 'PLACED', code: null });
  };
  /** Replays every trigger: the projection is rebuilt (it queues every trigger again) and drained. */
  const replayEverything = async () => {
    await t.services.projections.rebuild(promotionProjection);
    await react();
  };

  beforeAll(async () => {
    t = await startTestApp({ now: () => now, modules: testModules });
    await t.services.projections.settle();
    await seedBettingConfig(t.services.sql);
    await seedPromotions(t.services);
    m1 = await insertTestMatch(t.services.sql, {
      home: 'Simba',
      away: 'Yanga',
      startTime: new Date(START + 3 * HOUR),
    });
  });
  afterAll(() => t?.close());

  it('pays the welcome bonus (bill 8, credit money) once per player, however often it is replayed', async () => {
    await register('w1');
    await react();
    expect(await pockets('w1')).toEqual({ balance: 0, creditMoney: 1_000 });
    await t.services.sql.query(
      `INSERT INTO promo_queue (key, kind, user_id, at) VALUES ('welcome:w1', 'welcome', 'w1', $1)`,
      [iso()],
    );
    await react();
    await replayEverything();
    expect(await bills('w1', 8)).toEqual([1_000]);
    expect(await pockets('w1')).toEqual({ balance: 0, creditMoney: 1_000 });
  });

  it('links a friend, pays the 10% first-deposit bonus (capped) and the 7,000 referral free bet once', async () => {
    await register('inviter');
    await register('friend', 'inviter');
    await register('rich', 'inviter');
    await react();
    await deposit('friend', 'dep-f1', 40_000);
    await deposit('rich', 'dep-r1', 250_000);
    await react();
    await deposit('friend', 'dep-f2', 10_000); // not the first deposit: no bonus
    await react();
    expect(await bills('friend', 10)).toEqual([4_000]);
    expect(await bills('rich', 10)).toEqual([10_000]); // 25,000 capped at 10,000

    // The friend's settled stakes reach 30,000: 10,000 + 15,000 do not, 5,000 more do.
    now = START + HOUR;
    await place('friend', 'fb1', 10_000, m1.outcomes.home, '2.00');
    await place('friend', 'fb2', 15_000, m1.outcomes.draw, '3.40');
    await place('friend', 'fb3', 5_000, m1.outcomes.away, '3.60');
    await react();
    expect(await bills('inviter', 10)).toEqual([]);
    const referrals = `{ myReferrals { invitationCode link invited qualifying earned qualifyingStakes reward
      friends { phone settledStakes status reward } } }`;
    const before = await t.gql<{ myReferrals: { friends: { settledStakes: number }[] } }>(
      referrals,
      {},
      player('inviter'),
    );
    expect(before.data!.myReferrals.friends.map((f) => f.settledStakes).sort()).toEqual([0, 0]);

    now = START + 5 * HOUR;
    await handleCommand(t.services.store, fixtureStream(m1.matchId), fixtureDecider, {
      type: 'RecordResult',
      matchId: m1.matchId,
      actor: { kind: 'staff', id: 's1' },
      at: iso(),
      halfTime: { home: 0, away: 0 },
      fullTime: { home: 2, away: 1 },
    });
    await t.services.projections.settle();
    await drainSettlementQueue(t.services);
    await react();
    expect(await bills('inviter', 10)).toEqual([7_000]);

    await replayEverything();
    await replayEverything();
    expect(await bills('inviter', 10)).toEqual([7_000]);
    expect(await bills('friend', 10)).toEqual([4_000]);
    expect(await bills('rich', 10)).toEqual([10_000]);

    const after = await t.gql<{ myReferrals: Record<string, unknown> }>(referrals, {}, player('inviter'));
    expect(after.data!.myReferrals).toMatchObject({
      invitationCode: 'INVINVITER',
      link: '/register?v=INVINVITER',
      invited: 2,
      qualifying: 1,
      earned: 7_000,
      qualifyingStakes: 30_000,
      reward: 7_000,
    });
    const friends = (
      after.data!.myReferrals as { friends: { phone: string; settledStakes: number; status: string }[] }
    ).friends;
    expect(friends.map((f) => [f.settledStakes, f.status]).sort()).toEqual([
      [0, 'PENDING'],
      [30_000, 'REWARDED'],
    ]);
    for (const f of friends) expect(f.phone).toMatch(/^07\d\d\*\*\*\d{3}$/);
  });

  it('refuses a self-referral (shared device) and shows it to staff; nothing is paid', async () => {
    await register('selfA');
    await register('selfB', 'selfA');
    await react();
    for (const id of ['selfA', 'selfB']) {
      const r = await t.gql('mutation { reportDevice(fingerprint: "device-42") }', {}, player(id));
      expect(r.errors).toBeUndefined();
    }
    await deposit('selfB', 'dep-s1', 50_000);
    await react();
    expect(await bills('selfB', 10)).toEqual([]);
    const listed = await t.gql<{
      referralRelations: { items: { friendId: string; status: string; refusalReason: string }[] };
    }>('{ referralRelations(status: REFUSED) { items { friendId status refusalReason } } }', {}, STAFF);
    expect(listed.data!.referralRelations.items).toEqual([
      { friendId: 'selfB', status: 'REFUSED', refusalReason: 'sameDevice' },
    ]);
    const asPlayer = await t.gql('{ referralRelations { total } }', {}, player('selfA'));
    expect(asPlayer.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('pays the order bonus (bill 12) once for a balance bet meeting stake and odds', async () => {
    await register('bettor');
    await deposit('bettor', 'dep-b1', 20_000);
    await react();
    const m2 = await insertTestMatch(t.services.sql, {
      home: 'Azam',
      away: 'KMC',
      startTime: new Date(now + 3 * HOUR),
      odds: { away: '3.60', home: '1.50' },
    });
    await place('bettor', 'ob1', 4_000, m2.outcomes.away, '3.60'); // stake too low
    await place('bettor', 'ob2', 5_000, m2.outcomes.home, '1.50'); // odds too low
    await react();
    expect(await bills('bettor', 12)).toEqual([]);
    await place('bettor', 'ob3', 5_000, m2.outcomes.away, '3.60');
    await place('bettor', 'ob4', 6_000, m2.outcomes.away, '3.60');
    await react();
    await replayEverything();
    expect(await bills('bettor', 12)).toEqual([700]);
  });

  it('grants activity awards (bill 17) once per player, within the budget cap', async () => {
    const save = await t.gql<{ savePromotion: { id: string; budget: number } }>(
      `mutation ($input: PromotionInput!) { savePromotion(input: $input) { id budget version } }`,
      {
        input: {
          id: 'festival',
          kind: 'ACTIVITY',
          name: 'Festival award',
          startsAt: new Date(now - HOUR).toISOString(),
          endsAt: new Date(now + 30 * DAY).toISOString(),
          budget: 1_500,
          amount: 1_000,
          titleSw: 'Zawadi ya tamasha',
          titleEn: 'Festival award',
          titleZh: '节日奖励',
        },
      },
      STAFF,
    );
    expect(save.errors).toBeUndefined();
    const award = (userId: string, amount = 1_000) =>
      t.gql<{ grantActivityAward: { status: string; code: string | null } }>(
        `mutation ($input: ActivityAwardInput!) { grantActivityAward(input: $input) { status code amount } }`,
        { input: { promotionId: 'festival', userId, amount, reason: 'festival' } },
        STAFF,
      );
    expect((await award('w1')).data!.grantActivityAward).toMatchObject({ status: 'PAID' });
    expect((await award('w1')).data!.grantActivityAward).toMatchObject({ status: 'ALREADY' });
    await t.services.projections.settle();
    expect((await award('bettor')).data!.grantActivityAward).toEqual({
      status: 'REFUSED',
      code: 'PROMOTION_BUDGET_REACHED',
      amount: null,
    });
    expect(await bills('w1', 17)).toEqual([1_000]);
    expect(await bills('bettor', 17)).toEqual([]);
    expect((await award('w1')).data!.grantActivityAward).toMatchObject({ status: 'ALREADY' });
    const forbidden = await t.gql(
      `mutation { grantActivityAward(input: { promotionId: "festival", userId: "x", amount: 1, reason: "r" }) { status } }`,
      {},
      staff('s2', ['users.view']),
    );
    expect(forbidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('expires what is left of a grant after the configured days (bill 18), once', async () => {
    await register('exp');
    await react();
    expect(await pockets('exp')).toEqual({ balance: 0, creditMoney: 1_000 });
    now += 8 * DAY;
    expect(await queueExpiries(t.services)).toBeGreaterThan(0);
    await react();
    expect(await pockets('exp')).toEqual({ balance: 0, creditMoney: 0 });
    expect(await bills('exp', 18)).toEqual([-1_000]);
    await t.services.sql.query(
      `INSERT INTO promo_queue (key, kind, user_id, ref, at) VALUES ('expiry:welcome:welcome:exp', 'expiry', 'exp', 'welcome:welcome:exp', now())
       ON CONFLICT DO NOTHING`,
    );
    await queueExpiries(t.services);
    await react();
    expect(await bills('exp', 18)).toEqual([-1_000]);
  });

  it('lets an agent read its own invited players and figures, and nobody else’s', async () => {
    const own = await t.gql<{ agentPlayers: { total: number; items: { phone: string }[] } }>(
      '{ agentPlayers(agentId: "inviter") { total items { userId phone status } } }',
      {},
      player('inviter'),
    );
    expect(own.data!.agentPlayers.total).toBe(2);
    expect(own.data!.agentPlayers.items[0]!.phone).toContain('***');
    const other = await t.gql('{ agentPlayers(agentId: "inviter") { total } }', {}, player('friend'));
    expect(other.errors?.[0]?.extensions?.code).toBe('AGENT_NOT_OWN');
    const stats = await t.gql<{ agentSelfStats: { invitedPlayers: number; totalDeposit: number } }>(
      '{ agentSelfStats(agentId: "inviter", from: "2026-12-01", to: "2026-12-31") { invitedPlayers totalDeposit betAmount } }',
      {},
      player('inviter'),
    );
    expect(stats.errors).toBeUndefined();
    expect(stats.data!.agentSelfStats).toMatchObject({
      invitedPlayers: 2,
      totalDeposit: 300_000,
      betAmount: 30_000,
    });
  });

  it('lists running promotions in the player’s language, and the week’s big winners masked', async () => {
    const list = await t.gql<{ promotions: { id: string; title: string }[] }>(
      '{ promotions(language: "en") { id kind title amount minStake minOdds } }',
    );
    expect(list.data!.promotions.map((p) => p.id).sort()).toEqual([
      'festival',
      'order-bonus',
      'purse',
      'referral',
      'welcome',
    ]);
    const sw = await t.gql<{ promotions: { id: string; title: string }[] }>('{ promotions { id title } }');
    expect(sw.data!.promotions.find((p) => p.id === 'welcome')!.title).toContain('Bonasi');
    const purse = await t.gql<{ myPurse: { shown: boolean; bonus: number } }>(
      '{ myPurse { shown bonus target } }',
      {},
      player('w1'),
    );
    expect(purse.data!.myPurse).toMatchObject({ shown: false, bonus: 3_000 });
  });

  it('grants nothing to a self-excluded or cooling-off player (issue 23: closed for play and marketing)', async () => {
    await register('coolinv');
    await register('coolfr', 'coolinv');
    await register('excl');
    const excluded = await t.gql(
      'mutation { selfExclude(length: MONTHS_6, confirm: true) { userId } }',
      {},
      player('excl'),
    );
    expect(excluded.errors).toBeUndefined();
    await react();
    // The welcome bonus: refused to the self-excluded player, paid to the others.
    expect(await bills('excl', 8)).toEqual([]);
    expect(await bills('coolfr', 8)).toEqual([1_000]);
    expect(await bills('coolinv', 8)).toEqual([1_000]);
    // A staff award inside the campaign's budget (500 left) is refused with its code.
    const award = await t.gql<{ grantActivityAward: unknown }>(
      `mutation ($input: ActivityAwardInput!) { grantActivityAward(input: $input) { status code amount } }`,
      { input: { promotionId: 'festival', userId: 'excl', amount: 100, reason: 'festival' } },
      STAFF,
    );
    expect(award.data!.grantActivityAward).toEqual({
      status: 'REFUSED',
      code: 'MARKETING_CLOSED',
      amount: null,
    });
    expect(await bills('excl', 17)).toEqual([]);

    // The inviter cools off; the friend's first deposit still earns the friend's bonus, but the
    // friend's 30,000 settled stakes earn the cooled-off inviter nothing.
    const cooled = await t.gql(
      'mutation { startCoolOff(length: DAYS_7, confirm: true) { userId } }',
      {},
      player('coolinv'),
    );
    expect(cooled.errors).toBeUndefined();
    await deposit('coolfr', 'dep-c1', 40_000);
    await react();
    expect(await bills('coolfr', 10)).toEqual([4_000]);
    const m = await insertTestMatch(t.services.sql, {
      home: 'Azam',
      away: 'Coastal',
      startTime: new Date(now + 3 * HOUR),
    });
    await place('coolfr', 'cf1', 30_000, m.outcomes.home, '2.00');
    now += 5 * HOUR;
    await handleCommand(t.services.store, fixtureStream(m.matchId), fixtureDecider, {
      type: 'RecordResult',
      matchId: m.matchId,
      actor: { kind: 'staff', id: 's1' },
      at: iso(),
      halfTime: { home: 0, away: 0 },
      fullTime: { home: 1, away: 0 },
    });
    await t.services.projections.settle();
    await drainSettlementQueue(t.services);
    await react();
    await replayEverything();
    expect(await bills('coolinv', 10)).toEqual([]);
    expect((await pockets('coolinv')).creditMoney).toBe(1_000);
  });

  it('pays the purse bonus (3,000, bill 17) once to a player the purse rule shows, at the target', async () => {
    // Registered before 2023-09-17 EAT without superior 1: the purse shows (spec §2 purse icon rule).
    await handleCommand(t.services.store, accountStream('veteran'), accountDecider, {
      type: 'Register',
      userId: 'veteran',
      phone: '+255742009901',
      network: 6,
      passwordHashRef: 'ref-veteran',
      invitationCode: 'INVVETERAN',
      superiorId: null,
      at: '2023-01-10T09:00:00.000Z',
    });
    await react();
    await deposit('veteran', 'dep-v1', 40_000);
    const m = await insertTestMatch(t.services.sql, {
      home: 'Namungo',
      away: 'Singida',
      startTime: new Date(now + 3 * HOUR),
    });
    await place('veteran', 'v1', 20_000, m.outcomes.home, '2.00');
    await place('veteran', 'v2', 10_000, m.outcomes.under, '1.90');
    await react();
    const purse = () =>
      t.gql<{ myPurse: { shown: boolean; settledStakes: number; reached: boolean } }>(
        '{ myPurse { shown settledStakes reached } }',
        {},
        player('veteran'),
      );
    expect((await purse()).data!.myPurse).toEqual({ shown: true, settledStakes: 0, reached: false });
    now += 5 * HOUR;
    await handleCommand(t.services.store, fixtureStream(m.matchId), fixtureDecider, {
      type: 'RecordResult',
      matchId: m.matchId,
      actor: { kind: 'staff', id: 's1' },
      at: iso(),
      halfTime: { home: 0, away: 0 },
      fullTime: { home: 0, away: 1 },
    });
    await t.services.projections.settle();
    await drainSettlementQueue(t.services);
    await react();
    expect((await purse()).data!.myPurse).toEqual({ shown: true, settledStakes: 30_000, reached: true });
    expect(await bills('veteran', 17)).toEqual([3_000]);
    await t.services.sql.query(
      `INSERT INTO promo_queue (key, kind, user_id, at) VALUES ('purse:veteran', 'purse', 'veteran', now())
       ON CONFLICT DO NOTHING`,
    );
    await react();
    await replayEverything();
    expect(await bills('veteran', 17)).toEqual([3_000]);
    expect((await pockets('veteran')).creditMoney).toBe(3_000); // no welcome bonus ran in 2023
    // A player registered now reaches the same stakes (the cool-off test's friend): no purse.
    expect(await bills('coolfr', 17)).toEqual([]);
  });

  it('sums the bonus cost per promotion kind per EAT day for the statistics chart', async () => {
    const cost = await t.gql<{
      promotionCostByDay: { day: string; kind: string; amount: number; count: number }[];
    }>(
      '{ promotionCostByDay(from: "2026-11-01", to: "2027-01-31") { day kind amount count } }',
      {},
      staff('s3', ['stats.view']),
    );
    expect(cost.errors).toBeUndefined();
    const items = cost.data!.promotionCostByDay;
    expect(new Set(items.map((i) => i.kind))).toEqual(new Set(['WELCOME', 'REFERRAL', 'ORDER', 'ACTIVITY']));
    for (const i of items) expect(i.day).toMatch(/^2026-12-\d\d$/);
    // The same money as the wallet's bills of the reward types (an independent read model).
    const billed = await t.services.sql.query<{ total: string; n: string }>(
      'SELECT coalesce(sum(amount), 0)::text AS total, count(*)::text AS n FROM bills WHERE bill_type IN (8, 10, 12, 17)',
    );
    expect(items.reduce((sum, i) => sum + i.amount, 0)).toBe(Number(billed.rows[0]!.total));
    expect(items.reduce((sum, i) => sum + i.count, 0)).toBe(Number(billed.rows[0]!.n));
    const welcomeDay1 = items.find((i) => i.day === '2026-12-01' && i.kind === 'WELCOME');
    expect(welcomeDay1?.amount).toBeGreaterThanOrEqual(1_000);
    const bad = await t.gql(
      '{ promotionCostByDay(from: "2026-12-31", to: "2026-12-01") { day } }',
      {},
      staff('s3', ['stats.view']),
    );
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    const forbidden = await t.gql(
      '{ promotionCostByDay(from: "2026-12-01", to: "2026-12-31") { day } }',
      {},
      STAFF,
    );
    expect(forbidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
  it('puts the bonus cost beside the GGR of the same EAT days, as the bills say (decision 0083)', async () => {
    await t.services.projections.settle();
    const share = await t.gql<{
      bonusCostShare: {
        days: { day: string; bonusCost: number; ggr: number; percentOfGgr: number | null }[];
        bonusCost: number;
        ggr: number;
        percentOfGgr: number | null;
      };
    }>(
      '{ bonusCostShare(from: "2026-11-25", to: "2027-01-10") { days { day bonusCost ggr percentOfGgr } bonusCost ggr percentOfGgr } }',
      {},
      staff('s3', ['stats.view']),
    );
    expect(share.errors).toBeUndefined();
    const result = share.data!.bonusCostShare;
    // Every day of the range, ascending.
    expect(result.days).toHaveLength(47);
    expect(result.days[0]!.day).toBe('2026-11-25');
    expect(result.days.at(-1)!.day).toBe('2027-01-10');
    // The same figures straight from the wallet's bills, per EAT day: the rewards (bill types 8, 10,
    // 12, 17), and stakes taken − stakes refunded − winnings before tax (credited + tax withheld).
    const eatDay = "to_char((at AT TIME ZONE 'UTC') + interval '3 hours', 'YYYY-MM-DD')";
    const reversed = await t.services.sql.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM bills WHERE event_type = 'SettlementReversed'",
    );
    expect(reversed.rows[0]!.n).toBe('0'); // no correction here: the sums below need no reversal terms
    const billed = await t.services.sql.query<{ day: string; bonus: string; ggr: string }>(
      `SELECT ${eatDay} AS day,
              coalesce(sum(amount) FILTER (WHERE bill_type IN (8, 10, 12, 17)), 0)::text AS bonus,
              (coalesce(sum(-amount) FILTER (WHERE event_type = 'StakeDebited'), 0)
               - coalesce(sum(amount) FILTER (WHERE event_type = 'StakeRefunded'), 0)
               - coalesce(sum(amount + coalesce(tax, 0)) FILTER (WHERE event_type = 'WinningsCredited'), 0))::text AS ggr
         FROM bills GROUP BY 1`,
    );
    const byDay = new Map(billed.rows.map((r) => [r.day, { bonus: Number(r.bonus), ggr: Number(r.ggr) }]));
    for (const d of result.days) {
      const b = byDay.get(d.day) ?? { bonus: 0, ggr: 0 };
      expect({ day: d.day, bonusCost: d.bonusCost, ggr: d.ggr }).toEqual({
        day: d.day,
        bonusCost: b.bonus,
        ggr: b.ggr,
      });
      expect(d.percentOfGgr).toBe(b.ggr > 0 ? Math.round((b.bonus * 10_000) / b.ggr) / 100 : null);
    }
    // The test's days had bets and rewards: figures to compare, not only zeros.
    expect(result.days.some((d) => d.ggr !== 0 && d.bonusCost > 0)).toBe(true);
    expect(result.bonusCost).toBe(result.days.reduce((sum, d) => sum + d.bonusCost, 0));
    expect(result.ggr).toBe(result.days.reduce((sum, d) => sum + d.ggr, 0));
    expect(result.percentOfGgr).toBe(
      result.ggr > 0 ? Math.round((result.bonusCost * 10_000) / result.ggr) / 100 : null,
    );
    const forbidden = await t.gql(
      '{ bonusCostShare(from: "2026-12-01", to: "2026-12-31") { ggr } }',
      {},
      STAFF,
    );
    expect(forbidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
