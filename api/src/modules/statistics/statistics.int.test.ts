import { accountDecider, accountStream, fixtureDecider, fixtureStream } from '@bashiri/domain';
import type { AccountCommand, WalletCommand } from '@bashiri/domain';
import { handleCommand } from '@bashiri/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, staff, startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { insertTestMatch } from '../../testing/catalogue-fixtures.ts';
import type { TestMatch } from '../../testing/catalogue-fixtures.ts';
import { seedBettingConfig } from '../betting/index.ts';
import { bettingModule } from '../betting/index.ts';
import { drainSettlementQueue } from '../betting/index.ts';
import { modules } from '../index.ts';
import { walletOf } from '../wallet/index.ts';
import { statisticsProjection } from './projection.ts';

const HOUR = 3_600_000;
const FIGURES = `date hour from to stakes creditStakes stakeRefunds payouts tax grossPayouts ggr netAfterTax bonuses
  deposits depositCount withdrawals withdrawalCount withdrawalsReserved withdrawalRefunds staffAdjustments
  betsPlaced betsSettled newRegistrations activePlayers`;
const HOURLY = `query ($date: String!) { statsHourly(date: $date) { date hours { ${FIGURES} } total { ${FIGURES} } } }`;
const DAILY = `query ($from: String!, $to: String!) { statsDaily(from: $from, to: $to) { from to days { ${FIGURES} } total { ${FIGURES} } } }`;
const AGENTS = `query ($from: String!, $to: String!, $page: Int, $pageSize: Int) {
  agentStats(from: $from, to: $to, page: $page, pageSize: $pageSize) {
    from to page pageSize total
    items { agentId account name phone invitedPlayers totalDeposit totalWithdraw bettors betCount betAmount playerProfitLoss }
    totals { agents invitedPlayers totalDeposit totalWithdraw bettors betCount betAmount playerProfitLoss } } }`;
const PLACE = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { status code } }`;

/** Every figure zero, for an empty period. */
const ZERO = {
  stakes: 0,
  creditStakes: 0,
  stakeRefunds: 0,
  payouts: 0,
  tax: 0,
  grossPayouts: 0,
  ggr: 0,
  netAfterTax: 0,
  bonuses: 0,
  deposits: 0,
  depositCount: 0,
  withdrawals: 0,
  withdrawalCount: 0,
  withdrawalsReserved: 0,
  withdrawalRefunds: 0,
  staffAdjustments: 0,
  betsPlaced: 0,
  betsSettled: 0,
  newRegistrations: 0,
  activePlayers: 0,
};

// 2026-11-21 09:10 EAT (06:10 UTC).
const START = Date.parse('2026-11-21T06:10:00Z');
const PHONES: Record<string, string> = {
  ag1: '+255741000001',
  ag2: '+255741000002',
  u1: '+255741000011',
  u2: '+255741000012',
  u3: '+255741000013',
  u4: '+255741000014',
};

// The settlement worker is left out so that the test decides when bets settle.
const { start: _worker, ...bettingWithoutWorker } = bettingModule;
const testModules = modules.map((m) => (m.name === 'betting' ? bettingWithoutWorker : m));

describe('statistics: hourly, daily and agent figures from real bets, payments and accounts', () => {
  let t: TestApp;
  let now = START;
  let a: TestMatch;
  let b: TestMatch;
  let c: TestMatch;
  const viewer = staff('s1', ['stats.view', 'agents.view']);
  const iso = () => new Date(now).toISOString();
  const account = (command: AccountCommand) =>
    handleCommand(t.services.store, accountStream(command.userId), accountDecider, command);
  const wallet = async (command: WalletCommand) => {
    const result = await walletOf(t.services).run(command);
    expect(result.ok).toBe(true);
  };
  const system = { kind: 'system', id: 'test' } as const;
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
  const result = async (match: TestMatch, ft: [number, number]) => {
    await handleCommand(t.services.store, fixtureStream(match.matchId), fixtureDecider, {
      type: 'RecordResult',
      matchId: match.matchId,
      actor: { kind: 'staff', id: 's1' },
      at: iso(),
      halfTime: { home: 0, away: 0 },
      fullTime: { home: ft[0], away: ft[1] },
    });
    await t.services.projections.settle();
    await drainSettlementQueue(t.services);
  };

  beforeAll(async () => {
    t = await startTestApp({ now: () => now, modules: testModules });
    await seedBettingConfig(t.services.sql);
    a = await insertTestMatch(t.services.sql, {
      home: 'Simba',
      away: 'Yanga',
      startTime: new Date(START + 2 * HOUR),
    });
    b = await insertTestMatch(t.services.sql, {
      home: 'Azam',
      away: 'KMC',
      startTime: new Date(START + 2 * HOUR),
    });
    c = await insertTestMatch(t.services.sql, {
      home: 'Namungo',
      away: 'Coastal',
      startTime: new Date(START + 30 * HOUR),
    });

    // 09:10 EAT: six registrations; u1, u2 invited by ag1, u4 by ag2; money in.
    for (const [userId, superiorId] of [
      ['ag1', null],
      ['ag2', null],
      ['u1', 'ag1'],
      ['u2', 'ag1'],
      ['u3', null],
      ['u4', 'ag2'],
    ] as const) {
      await account({
        type: 'Register',
        userId,
        phone: PHONES[userId]!,
        network: 6,
        passwordHashRef: `ref-${userId}`,
        invitationCode: `INV${userId.toUpperCase()}`,
        superiorId,
        at: iso(),
      });
    }
    await t.services.projections.settle();
    await wallet({
      type: 'AdjustPocket',
      userId: 'u1',
      movementId: 'adj-u1',
      at: iso(),
      actor: { kind: 'staff', id: 's1' },
      pocket: 'balance',
      amount: 10_000,
      reference: 'adj-u1',
      reason: 'test credit',
    });
    await wallet({
      type: 'CreditDeposit',
      userId: 'u2',
      movementId: 'dep-u2',
      at: iso(),
      actor: system,
      paymentId: 'p-u2',
      channel: 'push',
      amount: 20_000,
    });
    await wallet({
      type: 'CreditDeposit',
      userId: 'u3',
      movementId: 'dep-u3',
      at: iso(),
      actor: system,
      paymentId: 'p-u3',
      channel: 'ussd',
      amount: 5_000,
    });

    // 10:10 EAT: four bets.
    now = START + HOUR;
    await place('u1', 'b1', 1_000, a.outcomes.home, '2.00');
    await place('u2', 'b2', 2_000, a.outcomes.draw, '3.40');
    await place('u3', 'b3', 500, a.outcomes.away, '3.60');
    await place('u2', 'b4', 1_000, b.outcomes.over, '1.90');

    // 13:10 EAT: results; u1 wins 2,000 gross, 100 tax, 1,900 credited; the others lose.
    now = START + 4 * HOUR;
    await result(a, [2, 1]);
    await result(b, [1, 1]);

    // 14:10 EAT: u1 withdraws 1,500 (paid); u2's 3,000 withdrawal times out and is refunded.
    now = START + 5 * HOUR;
    await wallet({
      type: 'ReserveWithdrawal',
      userId: 'u1',
      movementId: 'w-u1',
      at: iso(),
      actor: { kind: 'player', id: 'u1' },
      paymentId: 'w1',
      amount: 1_500,
    });
    await wallet({
      type: 'ConfirmWithdrawal',
      userId: 'u1',
      movementId: 'w-u1-ok',
      at: iso(),
      actor: system,
      paymentId: 'w1',
    });
    await wallet({
      type: 'ReserveWithdrawal',
      userId: 'u2',
      movementId: 'w-u2',
      at: iso(),
      actor: { kind: 'player', id: 'u2' },
      paymentId: 'w2',
      amount: 3_000,
    });
    await wallet({
      type: 'RefundWithdrawal',
      userId: 'u2',
      movementId: 'w-u2-back',
      at: iso(),
      actor: system,
      paymentId: 'w2',
      reason: 'timed out',
    });

    // 23:59 EAT (20:59 UTC): u2 deposits 1,000, still on the 21st.
    now = Date.parse('2026-11-21T20:59:00Z');
    await wallet({
      type: 'CreditDeposit',
      userId: 'u2',
      movementId: 'dep-u2-late',
      at: iso(),
      actor: system,
      paymentId: 'p-u2-late',
      channel: 'push',
      amount: 1_000,
    });
    // 00:00 EAT on the 22nd: staff move u3 under ag1; 00:30 EAT u3 bets 500.
    now = Date.parse('2026-11-21T21:00:00Z');
    await account({
      type: 'SetSuperior',
      userId: 'u3',
      superiorId: 'ag1',
      actor: { kind: 'staff', id: 's1' },
      reason: 'agent request',
      at: iso(),
    });
    now = Date.parse('2026-11-21T21:30:00Z');
    await place('u3', 'b5', 500, c.outcomes.home, '2.00');
    await t.services.projections.settle();
  });
  afterAll(async () => t.close());

  it('counts every hour of the EAT day exactly', async () => {
    const { data, errors } = await t.gql<{
      statsHourly: { date: string; hours: Record<string, unknown>[]; total: Record<string, unknown> };
    }>(HOURLY, { date: '2026-11-21' }, viewer);
    expect(errors).toBeUndefined();
    const { hours, total } = data!.statsHourly;
    expect(hours).toHaveLength(24);
    expect(hours[0]).toMatchObject({
      hour: 0,
      from: '2026-11-20T21:00:00.000Z',
      to: '2026-11-20T22:00:00.000Z',
    });
    const busy = new Map(
      hours.filter((h) => h.activePlayers !== 0 || h.newRegistrations !== 0).map((h) => [h.hour, h]),
    );
    expect([...busy.keys()]).toEqual([9, 10, 13, 14, 23]);
    expect(busy.get(9)).toEqual({
      ...ZERO,
      date: '2026-11-21',
      hour: 9,
      from: '2026-11-21T06:00:00.000Z',
      to: '2026-11-21T07:00:00.000Z',
      deposits: 25_000,
      depositCount: 2,
      staffAdjustments: 10_000,
      newRegistrations: 6,
      activePlayers: 3,
    });
    expect(busy.get(10)).toMatchObject({
      ...ZERO,
      hour: 10,
      stakes: 4_500,
      ggr: 4_500,
      netAfterTax: 4_500,
      betsPlaced: 4,
      activePlayers: 3,
    });
    expect(busy.get(13)).toMatchObject({
      ...ZERO,
      hour: 13,
      payouts: 1_900,
      tax: 100,
      grossPayouts: 2_000,
      ggr: -2_000,
      netAfterTax: -1_900,
      betsSettled: 4,
      activePlayers: 1,
    });
    expect(busy.get(14)).toMatchObject({
      ...ZERO,
      hour: 14,
      withdrawals: 1_500,
      withdrawalCount: 1,
      withdrawalsReserved: 4_500,
      withdrawalRefunds: 3_000,
      activePlayers: 2,
    });
    expect(busy.get(23)).toMatchObject({
      ...ZERO,
      hour: 23,
      deposits: 1_000,
      depositCount: 1,
      activePlayers: 1,
    });
    expect(total).toEqual({
      date: '2026-11-21',
      hour: null,
      from: '2026-11-20T21:00:00.000Z',
      to: '2026-11-21T21:00:00.000Z',
      stakes: 4_500,
      creditStakes: 0,
      stakeRefunds: 0,
      payouts: 1_900,
      tax: 100,
      grossPayouts: 2_000,
      ggr: 2_500,
      netAfterTax: 2_600,
      bonuses: 0,
      deposits: 26_000,
      depositCount: 3,
      withdrawals: 1_500,
      withdrawalCount: 1,
      withdrawalsReserved: 4_500,
      withdrawalRefunds: 3_000,
      staffAdjustments: 10_000,
      betsPlaced: 4,
      betsSettled: 4,
      newRegistrations: 6,
      activePlayers: 3,
    });
  });

  it('gives one row per EAT day, the midnight boundary in EAT, and exact distinct players over the range', async () => {
    const { data } = await t.gql<{
      statsDaily: { days: Record<string, unknown>[]; total: Record<string, unknown> };
    }>(DAILY, { from: '2026-11-20', to: '2026-11-22' }, viewer);
    const { days, total } = data!.statsDaily;
    expect(days.map((d) => d.date)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    expect(days[0]).toEqual({
      ...ZERO,
      date: '2026-11-20',
      hour: null,
      from: '2026-11-19T21:00:00.000Z',
      to: '2026-11-20T21:00:00.000Z',
    });
    expect(days[1]).toMatchObject({
      stakes: 4_500,
      deposits: 26_000,
      betsPlaced: 4,
      betsSettled: 4,
      activePlayers: 3,
    });
    expect(days[2]).toMatchObject({
      ...ZERO,
      stakes: 500,
      ggr: 500,
      netAfterTax: 500,
      betsPlaced: 1,
      activePlayers: 1,
    });
    expect(total).toMatchObject({
      from: '2026-11-19T21:00:00.000Z',
      to: '2026-11-22T21:00:00.000Z',
      stakes: 5_000,
      ggr: 3_000,
      netAfterTax: 3_100,
      betsPlaced: 5,
      activePlayers: 3,
    });
  });

  it('reports agents by the superior in force when the money moved, with totals and pages', async () => {
    const day21 = await t.gql<{ agentStats: Record<string, unknown> }>(
      AGENTS,
      { from: '2026-11-21', to: '2026-11-21' },
      viewer,
    );
    expect(day21.data!.agentStats).toEqual({
      from: '2026-11-21',
      to: '2026-11-21',
      page: 1,
      pageSize: 10,
      total: 2,
      items: [
        {
          agentId: 'ag1',
          account: PHONES.ag1,
          name: null,
          phone: PHONES.ag1,
          invitedPlayers: 3,
          totalDeposit: 21_000,
          totalWithdraw: 1_500,
          bettors: 2,
          betCount: 3,
          betAmount: 4_000,
          playerProfitLoss: -2_100,
        },
        {
          agentId: 'ag2',
          account: PHONES.ag2,
          name: null,
          phone: PHONES.ag2,
          invitedPlayers: 1,
          totalDeposit: 0,
          totalWithdraw: 0,
          bettors: 0,
          betCount: 0,
          betAmount: 0,
          playerProfitLoss: 0,
        },
      ],
      totals: {
        agents: 2,
        invitedPlayers: 4,
        totalDeposit: 21_000,
        totalWithdraw: 1_500,
        bettors: 2,
        betCount: 3,
        betAmount: 4_000,
        playerProfitLoss: -2_100,
      },
    });
    const both = await t.gql<{
      agentStats: { items: Record<string, unknown>[]; totals: Record<string, unknown> };
    }>(AGENTS, { from: '2026-11-21', to: '2026-11-22', pageSize: 1 }, viewer);
    expect(both.data!.agentStats.items).toEqual([
      expect.objectContaining({
        agentId: 'ag1',
        bettors: 3,
        betCount: 4,
        betAmount: 4_500,
        playerProfitLoss: -2_600,
      }),
    ]);
    expect(both.data!.agentStats.totals).toMatchObject({ agents: 2, bettors: 3, betAmount: 4_500 });
    const page2 = await t.gql<{ agentStats: { items: { agentId: string }[] } }>(
      AGENTS,
      { from: '2026-11-21', to: '2026-11-22', page: 2, pageSize: 1 },
      viewer,
    );
    expect(page2.data!.agentStats.items.map((i) => i.agentId)).toEqual(['ag2']);
  });

  it('shows today by the server clock in EAT', async () => {
    const { data } = await t.gql<{ statsToday: { date: string; total: Record<string, unknown> } }>(
      `{ statsToday { date total { stakes betsPlaced activePlayers } } }`,
      {},
      viewer,
    );
    expect(data!.statsToday).toEqual({
      date: '2026-11-22',
      total: { stakes: 500, betsPlaced: 1, activePlayers: 1 },
    });
  });

  it('refuses without the permission, without staff login, and bad dates', async () => {
    const codes = async (
      query: string,
      variables: Record<string, unknown>,
      who: Parameters<TestApp['gql']>[2],
    ) => (await t.gql(query, variables, who)).errors?.map((e) => [e.extensions?.code, e.extensions?.field]);
    const day = { date: '2026-11-21' };
    const range = { from: '2026-11-21', to: '2026-11-21' };
    expect(await codes(HOURLY, day, staff('s2', ['agents.view']))).toEqual([['FORBIDDEN', undefined]]);
    expect(await codes(DAILY, range, staff('s2', ['agents.view']))).toEqual([['FORBIDDEN', undefined]]);
    expect(await codes('{ statsToday { date } }', {}, staff('s2', ['users.view']))).toEqual([
      ['FORBIDDEN', undefined],
    ]);
    expect(await codes(AGENTS, range, staff('s3', ['stats.view']))).toEqual([['FORBIDDEN', undefined]]);
    expect(await codes(HOURLY, day, player('u1'))).toEqual([['UNAUTHENTICATED', undefined]]);
    expect(await codes(AGENTS, range, null)).toEqual([['UNAUTHENTICATED', undefined]]);
    expect(await codes(HOURLY, { date: '2026-02-30' }, viewer)).toEqual([['BAD_INPUT', 'date']]);
    expect(await codes(DAILY, { from: '2026-11-22', to: '2026-11-21' }, viewer)).toEqual([
      ['BAD_INPUT', 'to'],
    ]);
    expect(await codes(DAILY, { from: '2025-01-01', to: '2026-11-21' }, viewer)).toEqual([
      ['BAD_INPUT', 'to'],
    ]);
    expect(await codes(AGENTS, { ...range, pageSize: 500 }, viewer)).toEqual([['BAD_INPUT', 'pageSize']]);
  });

  it('rebuilds from the log equal to the live read models', async () => {
    const snapshot = async () => ({
      hourly: (await t.services.sql.query('SELECT * FROM stats_hourly ORDER BY day, hour')).rows,
      players: (await t.services.sql.query('SELECT * FROM stats_hour_players ORDER BY day, hour, user_id'))
        .rows,
      accounts: (await t.services.sql.query('SELECT * FROM stats_accounts ORDER BY user_id')).rows,
      agents: (await t.services.sql.query('SELECT * FROM stats_agent_daily ORDER BY day, agent_id, user_id'))
        .rows,
    });
    const live = await snapshot();
    expect(live.hourly.length).toBeGreaterThan(0);
    await t.services.projections.rebuild(statisticsProjection);
    expect(await snapshot()).toEqual(live);
  });
});
