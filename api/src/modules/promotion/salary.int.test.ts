/**
 * Agent salary end to end on the real server (PGlite, or PostgreSQL with DATABASE_URL; decision 0065):
 * real registrations, deposits, bets and settlements of an agent's players; the week's salary computed
 * at its close from the settled bets, paid once through the money path (bill type 2), seen by the agent.
 */
import { accountDecider, accountStream, fixtureDecider, fixtureStream } from '@bashiri/domain';
import { handleCommand } from '@bashiri/eventstore';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, staff, startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { insertTestMatch } from '../../testing/catalogue-fixtures.ts';
import type { TestMatch } from '../../testing/catalogue-fixtures.ts';
import { drainSettlementQueue, seedBettingConfig } from '../betting/index.ts';
import { modules } from '../index.ts';
import { walletOf } from '../wallet/index.ts';
import { closeSalaryPeriod } from './index.ts';

const HOUR = 3_600_000;
/** Tuesday 2026-12-01 09:00 EAT: the week of Monday 2026-11-30. */
const START = Date.parse('2026-12-01T06:00:00Z');
const WEEK = '2026-11-30';
const PLACE = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { status code } }`;
const SALARIES = `query ($p: String!) { agentSalaries(period: $p) { agentId period returnScale stakes returns net amount status paidAt } }`;
const PAY = `mutation ($a: ID!, $p: String!) { payAgentSalary(agentId: $a, period: $p) { status code amount } }`;
const STAFF = staff('s1', ['agents.view', 'users.adjust_money']);
const SYSTEM = { kind: 'system', id: 'test' } as const;

const testModules = modules.map((m) => {
  if (m.name !== 'betting' && m.name !== 'promotion') return m;
  const { start: _start, ...rest } = m;
  return rest;
});

interface SalaryView {
  agentId: string;
  returnScale: number;
  stakes: number;
  returns: number;
  net: number;
  amount: number;
  status: string;
  paidAt: string | null;
}

describe('agent salary: return scale × the players’ settled net loss per EAT week, paid once', () => {
  let t: TestApp;
  let now = START;
  let m1: TestMatch;
  let phoneNo = 0;
  const iso = () => new Date(now).toISOString();
  const register = async (userId: string, superiorId: string | null = null, returnScale?: string) => {
    phoneNo += 1;
    await handleCommand(t.services.store, accountStream(userId), accountDecider, {
      type: 'Register',
      userId,
      phone: `+2557430000${String(phoneNo).padStart(2, '0')}`,
      network: 6,
      passwordHashRef: `ref-${userId}`,
      invitationCode: `SAL${userId.toUpperCase()}`,
      superiorId,
      at: iso(),
    });
    if (returnScale)
      await handleCommand(t.services.store, accountStream(userId), accountDecider, {
        type: 'SetReturnScale',
        userId,
        actor: { kind: 'staff', id: 's1' },
        reason: 'agent contract',
        at: iso(),
        returnScale,
      });
  };
  const deposit = async (userId: string, amount: number) => {
    const r = await walletOf(t.services).run({
      type: 'CreditDeposit',
      userId,
      movementId: `dep-${userId}`,
      at: iso(),
      actor: SYSTEM,
      paymentId: `dep-${userId}`,
      channel: 'push',
      amount,
    });
    expect(r.ok).toBe(true);
  };
  const place = async (
    userId: string,
    requestId: string,
    amount: number,
    selectionId: string,
    odds: string,
  ) => {
    const placed = await t.gql<{ placeBet: { status: string } }>(
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
    expect(placed.data!.placeBet.status).toBe('PLACED');
  };
  const billSum = async (userIds: string[], billType: number) =>
    Number(
      (
        await t.services.sql.query<{ s: string }>(
          'SELECT coalesce(sum(amount), 0)::text AS s FROM bills WHERE user_id = ANY($1) AND bill_type = $2',
          [userIds, billType],
        )
      ).rows[0]!.s,
    );
  const salaries = async (period = WEEK) => {
    const r = await t.gql<{ agentSalaries: SalaryView[] }>(SALARIES, { p: period }, STAFF);
    expect(r.errors).toBeUndefined();
    return r.data!.agentSalaries;
  };

  beforeAll(async () => {
    t = await startTestApp({ now: () => now, modules: testModules });
    await t.services.projections.settle();
    await seedBettingConfig(t.services.sql);
    m1 = await insertTestMatch(t.services.sql, {
      home: 'Simba',
      away: 'Yanga',
      startTime: new Date(START + 3 * HOUR),
    });
  });
  afterAll(() => t?.close());

  it('computes the week at its close from the settled bets, pays it once, and the agent sees it', async () => {
    await register('ag', null, '10');
    await register('ag2', null, '25');
    await register('p1', 'ag');
    await register('p2', 'ag');
    await register('p3', 'ag2');
    await register('solo');
    await t.services.projections.settle();
    for (const u of ['p1', 'p2', 'p3', 'solo']) await deposit(u, 100_000);
    await place('p1', 'b1', 10_000, m1.outcomes.home, '2.00'); // wins
    await place('p2', 'b2', 20_000, m1.outcomes.draw, '3.40'); // loses
    await place('p2', 'b3', 5_000, m1.outcomes.away, '3.60'); // loses
    await place('p3', 'b4', 10_000, m1.outcomes.home, '2.00'); // wins: ag2's players won
    await place('solo', 'b5', 50_000, m1.outcomes.draw, '3.40'); // no agent: counts for nobody
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
    await t.services.projections.settle();

    // The week is open: nothing computed, nothing to pay.
    expect(await salaries()).toEqual([]);
    expect(
      (await t.gql<{ payAgentSalary: unknown }>(PAY, { a: 'ag', p: WEEK }, STAFF)).data!.payAgentSalary,
    ).toEqual({
      status: 'REFUSED',
      code: 'SALARY_NOT_FOUND',
      amount: null,
    });

    // Monday 2026-12-07 00:00 EAT closes the week.
    now = Date.parse('2026-12-06T21:00:00Z');
    const returned = await billSum(['p1', 'p2'], 1); // what the settlement credited (after tax)
    expect(returned).toBeGreaterThan(10_000);
    const net = 35_000 - returned;
    const rows = await salaries();
    expect(rows.map((r) => r.agentId)).toEqual(['ag', 'ag2']);
    expect(rows[0]).toMatchObject({
      agentId: 'ag',
      returnScale: 10,
      stakes: 35_000,
      returns: returned,
      net,
      amount: Math.floor((10 * net) / 100),
      status: 'DUE',
    });
    expect(rows[1]).toMatchObject({ agentId: 'ag2', returnScale: 25, amount: 0, status: 'NOTHING' });
    expect(rows[1]!.net).toBeLessThan(0);

    const before = (await walletOf(t.services).current('ag')).balance;
    const [a, b] = await Promise.all([
      t.gql<{ payAgentSalary: { status: string; amount: number | null } }>(PAY, { a: 'ag', p: WEEK }, STAFF),
      t.gql<{ payAgentSalary: { status: string; amount: number | null } }>(PAY, { a: 'ag', p: WEEK }, STAFF),
    ]);
    expect([a.data!.payAgentSalary.status, b.data!.payAgentSalary.status].sort()).toEqual([
      'ALREADY',
      'PAID',
    ]);
    const again = await t.gql<{ payAgentSalary: { status: string } }>(PAY, { a: 'ag', p: WEEK }, STAFF);
    expect(again.data!.payAgentSalary.status).toBe('ALREADY');
    const amount = rows[0]!.amount;
    expect((await walletOf(t.services).current('ag')).balance).toBe(before + amount);
    await t.services.projections.settle();
    expect(await billSum(['ag'], 2)).toBe(amount);

    const nothing = await t.gql<{ payAgentSalary: { status: string; code: string } }>(
      PAY,
      { a: 'ag2', p: WEEK },
      STAFF,
    );
    expect(nothing.data!.payAgentSalary).toMatchObject({ status: 'REFUSED', code: 'SALARY_NOTHING' });
    expect((await walletOf(t.services).current('ag2')).balance).toBe(0);

    // The agent sees it in its own statistics; another player may not.
    const own = await t.gql<{ agentSelfStats: { salaries: SalaryView[] } }>(
      '{ agentSelfStats(agentId: "ag", from: "2026-11-01", to: "2026-12-31") { salaries { period amount status paidAt } } }',
      {},
      player('ag'),
    );
    expect(own.errors).toBeUndefined();
    expect(own.data!.agentSelfStats.salaries).toEqual([
      { period: WEEK, amount, status: 'PAID', paidAt: expect.any(String) },
    ]);
    const other = await t.gql(
      '{ agentSelfStats(agentId: "ag", from: "2026-11-01", to: "2026-12-31") { betAmount } }',
      {},
      player('p1'),
    );
    expect(other.errors?.[0]?.extensions?.code).toBe('AGENT_NOT_OWN');

    // Its own salaries with the paid bill (decision 0082): the bill type 2 of the payment, nobody else's.
    const MINE = '{ myAgentSalaries { period returnScale net amount status billId } }';
    const mine = await t.gql<{ myAgentSalaries: { billId: string | null }[] }>(MINE, {}, player('ag'));
    expect(mine.errors).toBeUndefined();
    const salaryBill = await t.services.sql.query<{ id: string }>(
      "SELECT id::text FROM bills WHERE user_id = 'ag' AND bill_type = 2 AND pocket = 'balance'",
    );
    expect(salaryBill.rows).toHaveLength(1);
    expect(mine.data!.myAgentSalaries).toEqual([
      { period: WEEK, returnScale: 10, net, amount, status: 'PAID', billId: salaryBill.rows[0]!.id },
    ]);
    const unpaid = await t.gql<{ myAgentSalaries: unknown[] }>(MINE, {}, player('ag2'));
    expect(unpaid.data!.myAgentSalaries).toEqual([
      { period: WEEK, returnScale: 25, net: rows[1]!.net, amount: 0, status: 'NOTHING', billId: null },
    ]);
    expect(
      (await t.gql<{ myAgentSalaries: unknown[] }>(MINE, {}, player('p1'))).data!.myAgentSalaries,
    ).toEqual([]);
    expect((await t.gql(MINE, {})).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    // A rebuilt projection and a second close change nothing.
    await t.services.projections.rebuild((await import('./index.ts')).promotionProjection);
    expect(await closeSalaryPeriod(t.services, WEEK)).toBe(0);
    expect((await salaries())[0]).toMatchObject({ amount, status: 'PAID' });
  });

  it('refuses a period that is not a Monday, and callers without the permission', async () => {
    const bad = await t.gql(SALARIES, { p: '2026-12-01' }, STAFF);
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    const noPay = await t.gql(PAY, { a: 'ag', p: WEEK }, staff('s2', ['agents.view']));
    expect(noPay.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('property: each week’s salary = floor(scale/100 × max(0, stakes − returns)) of its settled bets', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 100 }),
        fc.array(
          fc.record({
            stake: fc.integer({ min: 1, max: 1_000_000 }),
            returns: fc.integer({ min: 0, max: 3_000_000 }),
          }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        async (scale, bets) => {
          run += 1;
          const agent = `pa${run}`;
          await register(agent, null, String(scale));
          await t.services.projections.settle();
          // A closed week of 2025 of its own (Mondays from 2025-01-06), settled bets of the agent's players.
          const monday = new Date(Date.parse('2025-01-06T00:00:00+03:00') + (run - 1) * 7 * 24 * HOUR);
          const period = new Date(monday.getTime() + 3 * HOUR).toISOString().slice(0, 10);
          await t.services.sql.query(
            `INSERT INTO promo_agent_bets (bet_id, user_id, agent_id, stake, returns, settled_at)
             SELECT $1 || '-' || x.i, 'x', $1, x.stake, x.returns, $2::timestamptz + (x.i || ' hours')::interval
             FROM jsonb_to_recordset($3::jsonb) AS x(i int, stake bigint, returns bigint)`,
            [agent, monday.toISOString(), JSON.stringify(bets.map((b, i) => ({ i, ...b })))],
          );
          const net = bets.reduce((s, b) => s + b.stake - b.returns, 0);
          const [row] = await salaries(period);
          expect(row).toMatchObject({
            agentId: agent,
            returnScale: scale,
            net,
            amount: Math.floor((scale * Math.max(0, net)) / 100),
          });
          expect(row!.status).toBe(row!.amount > 0 ? 'DUE' : 'NOTHING');
        },
      ),
      { numRuns: 8 },
    );
  });
});
