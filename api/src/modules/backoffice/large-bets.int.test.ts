import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, staff, startBettingTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { insertTestMatch } from '../../testing/catalogue-fixtures.ts';
import { settleExports } from './exports.ts';
import { creditTestPlayer, registerTestPlayer } from './testing.ts';

const HOUR = 3_600_000;
const ORDERS = `query ($filter: OrderFilter) {
  orders(filter: $filter, pageSize: 50, sort: STAKE_ASC) { total totalStake items { id stake largeBet } } }`;
const ORDER = `query ($id: ID!) { order(id: $id) { id largeBet } }`;
const SET_BET = `mutation ($input: BetConfigInput!) { setBetConfig(input: $input) { minimumBetAmount } }`;
const PLACE = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { status code order { id } } }`;

type Orders = {
  orders: { total: number; totalStake: number; items: { id: string; stake: number; largeBet: boolean }[] };
};

describe('staff orders: large bets by the order warning amount (spec §9)', () => {
  let t: TestApp;
  let now = Date.parse('2026-11-21T09:00:00Z');
  const viewer = staff('20', ['orders.view']);
  const editor = staff('21', ['config.edit']);
  const bets: Record<number, string> = {};

  const list = async (filter?: object) => {
    const answer = await t.gql<Orders>(ORDERS, { filter }, viewer);
    expect(answer.errors).toBeUndefined();
    return answer.data!.orders;
  };
  const flags = async (filter?: object) =>
    (await list(filter)).items.map((o) => [o.stake, o.largeBet] as const);
  const setWarning = async (orderWarningAmount: number | null) => {
    now += 1000;
    const answer = await t.gql(SET_BET, { input: { orderWarningAmount } }, editor);
    expect(answer.errors).toBeUndefined();
  };

  beforeAll(async () => {
    t = await startBettingTestApp({ now: () => now });
    await registerTestPlayer(t, 'u1', '+255781000011');
    await creditTestPlayer(t, 'u1', 100_000, 'c-u1');
    for (const [i, stake] of [4_900, 5_000, 5_100].entries()) {
      const match = await insertTestMatch(t.services.sql, {
        home: `Home ${i}`,
        away: `Away ${i}`,
        startTime: new Date(now + (i + 1) * HOUR),
      });
      const answer = await t.gql<{ placeBet: { status: string; order: { id: string } } }>(
        PLACE,
        {
          input: {
            requestId: `r${i}`,
            payType: 'BALANCE',
            amount: stake,
            selections: [{ selectionId: match.outcomes.home, odds: '2.00' }],
            oddsChange: 'NONE',
          },
        },
        player('u1'),
      );
      expect(answer.data!.placeBet.status).toBe('PLACED');
      bets[stake] = answer.data!.placeBet.order.id;
      now += 1000;
    }
    await t.services.projections.settle();
  });
  afterAll(async () => t.close());

  it('flags nothing while no warning amount is set; the large-bet filter then matches nothing', async () => {
    expect(await flags()).toEqual([
      [4_900, false],
      [5_000, false],
      [5_100, false],
    ]);
    expect((await list({ largeBet: true })).total).toBe(0);
    expect((await list({ largeBet: false })).total).toBe(3);
  });

  it('flags stakes at and above the warning amount in force; the filter and totals keep to them', async () => {
    await setWarning(5_000);
    expect(await flags()).toEqual([
      [4_900, false],
      [5_000, true],
      [5_100, true],
    ]);
    const large = await list({ largeBet: true });
    expect(large).toMatchObject({ total: 2, totalStake: 10_100 });
    expect(large.items.map((o) => o.id)).toEqual([bets[5_000], bets[5_100]]);
    expect((await list({ largeBet: false })).items.map((o) => o.id)).toEqual([bets[4_900]]);
    // Combined with another filter (AND).
    expect((await list({ largeBet: true, userId: 'u1', statuses: ['awaiting'] })).total).toBe(2);
    const detail = await t.gql<{ order: { largeBet: boolean } }>(ORDER, { id: bets[5_000] }, viewer);
    expect(detail.data!.order.largeBet).toBe(true);
    const small = await t.gql<{ order: { largeBet: boolean } }>(ORDER, { id: bets[4_900] }, viewer);
    expect(small.data!.order.largeBet).toBe(false);
    // An orders export with the filter writes the large bets only.
    const exporter = staff('22', ['export.run', 'orders.view']);
    const started = await t.gql<{ startExport: { id: string } }>(
      `mutation ($filter: ExportFilter) { startExport(kind: ORDERS, filter: $filter) { id } }`,
      { filter: { orders: { largeBet: true } } },
      exporter,
    );
    expect(started.errors).toBeUndefined();
    await settleExports(t.services);
    const file = await t.app.inject({
      method: 'GET',
      url: `/admin/exports/${started.data!.startExport.id}/file`,
      headers: {
        'x-test-viewer': JSON.stringify({
          kind: 'staff',
          staffId: '22',
          sessionId: 'test-22',
          permissions: ['export.run', 'orders.view'],
        }),
      },
    });
    expect(file.statusCode).toBe(200);
    const rows = parse(file.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.stake)).toEqual(['5000', '5100']);
  });

  it('follows the configuration in force now: a higher amount, then none', async () => {
    await setWarning(5_001);
    expect(await flags()).toEqual([
      [4_900, false],
      [5_000, false],
      [5_100, true],
    ]);
    await setWarning(null);
    expect((await list({ largeBet: true })).total).toBe(0);
    expect((await flags()).every(([, large]) => !large)).toBe(true);
  });

  it('is not shown to players: the staff list refuses them and their own bets carry no flag', async () => {
    await setWarning(1_000);
    const refused = await t.gql(ORDERS, {}, player('u1'));
    expect(refused.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    const own = await t.gql<{ myBets: { items: { id: string; largeBet: boolean | null }[] } }>(
      '{ myBets(tab: OPEN) { items { id largeBet } } }',
      {},
      player('u1'),
    );
    expect(own.errors).toBeUndefined();
    expect(own.data!.myBets.items).toHaveLength(3);
    expect(own.data!.myBets.items.every((o) => o.largeBet === null)).toBe(true);
    // Staff see them flagged at the same moment.
    expect((await list({ largeBet: true })).total).toBe(3);
  });
});
