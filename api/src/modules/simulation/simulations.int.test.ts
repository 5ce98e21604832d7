/**
 * The back office's read of kept season simulations (issue 17 item 7): a kept report is listed and
 * opened with its figures as kept, an unknown run is null, a run is kept once, and the queries need
 * `simulations.view`. The report below is an input shaped as the simulator writes it (its own int test,
 * simulations/src/season/simulate.int.test.ts, keeps a real run and opens its bets).
 */
import type { SimulationReport } from '@bashiri/domain';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff, startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { keepSimulationReport } from './index.ts';

const totals = (bets: number, handle: number, grossPayout: number) => ({
  bets,
  handle,
  grossPayout,
  ggr: handle - grossPayout,
  hold: (handle - grossPayout) / handle,
  rtp: grossPayout / handle,
  withholdingTax: Math.floor((grossPayout - handle / 2) / 10),
  accaBonus: 300,
  credited: grossPayout - Math.floor((grossPayout - handle / 2) / 10),
});

const reportOf = (runId: string, name: string, handle: number, grossPayout: number): SimulationReport => ({
  scenario: {
    name,
    seed: 42,
    leagues: ['E0'],
    seasons: ['2023-24'],
    ggrTaxPercent: 25,
    marginPercent: { default: 6, '1x2': 5 },
    config: { taxRatePercent: 10 },
  },
  runId,
  stopped: false,
  matchdays: 2,
  matchdaysTotal: 2,
  matches: 10,
  bettors: 80,
  totals: totals(20, handle, grossPayout),
  operatorGgrTax: 12_500,
  payments: { deposits: 400_000, depositCount: 40, withdrawals: 50_000, withdrawalCount: 2, rejectedBets: 1 },
  byMarketType: {
    multiple: totals(8, handle / 2, grossPayout / 4),
    '1x2': totals(12, handle / 2, (grossPayout * 3) / 4),
  },
  byBehaviour: { value: totals(20, handle, grossPayout) },
  byLeague: { E0: totals(20, handle, grossPayout) },
  byMonth: { '2023-08': totals(20, handle, grossPayout) },
  largestWins: [
    {
      betId: `${runId}-b7`,
      userId: `${runId}-u3`,
      behaviour: 'value',
      stake: 10_000,
      totalOdds: '3.10',
      grossPayout: 31_000,
      credited: 28_900,
      legs: 1,
      description: 'Arsenal–Chelsea 1x2 home @ 3.10',
    },
  ],
  calibration: {
    matches: 10,
    compared: 9,
    brier: { ours: 0.55, market: 0.54 },
    logLoss: { ours: 0.98, market: null },
    reliability: [
      {
        bin: '0–10%',
        ours: { n: 2, predicted: 0.08, observed: 0 },
        market: { n: 3, predicted: 0.07, observed: 0 },
      },
    ],
  },
});

const LIST = `{ simulationRuns { runId name seed leagues seasons keptAt stopped bettors comparedWith totals { bets handle ggr rtp } } }`;
const RUN = `query ($runId: ID!) { simulationRun(runId: $runId) {
  summary { runId name comparedWith totals { bets handle grossPayout ggr hold rtp withholdingTax accaBonus credited } }
  matchdays matchdaysTotal matches operatorGgrTax ggrTaxPercent scenarioJson
  payments { deposits depositCount withdrawals withdrawalCount rejectedBets }
  byMarketType { key totals { bets handle rtp } } byBehaviour { key } byLeague { key } byMonth { key }
  largestWins { betId userId stake totalOdds grossPayout credited legs description }
  calibration { matches compared brierOurs brierMarket logLossOurs logLossMarket
    reliability { bin oursCount oursPredicted oursObserved marketCount marketPredicted marketObserved } }
  racing { rounds orders handle grossPayout ggr hold rtp taxRatePercent withholdingTax convertTaxRatePercent
    coinBought coinSold exchangeTax coinHeldAtEnd
    byBetType { betType odds orders handle rtp exactRtp exactPoolRtp }
    largestWins { betId betType amount grossPayout credited description } } } }`;

/** A run's virtual racing as the simulator reports it (docs/simulations.md "Virtual racing"). */
const RACING: NonNullable<SimulationReport['racing']> = {
  roundsPerDay: 10,
  rounds: 20,
  orders: 2,
  tickets: 3,
  handle: 1_300,
  grossPayout: 9_690,
  ggr: -8_390,
  hold: -8_390 / 1_300,
  rtp: 9_690 / 1_300,
  taxRatePercent: '10',
  withholdingTax: 869,
  credited: 8_821,
  convertTaxRatePercent: '12.5',
  coinBought: 5_000,
  coinSold: 4_000,
  exchangeTax: 500,
  coinHeldAtEnd: 8_521,
  tenOfTenTickets: 0,
  poolPaid: 0,
  rejectedOrders: 0,
  byBetType: [
    {
      betType: 1,
      odds: '9.69',
      orders: 1,
      tickets: 2,
      handle: 1_000,
      grossPayout: 9_690,
      ggr: -8_690,
      rtp: 9.69,
      exactRtp: 0.969,
      exactPoolRtp: 0,
      withholdingTax: 869,
    },
    {
      betType: 6,
      odds: null,
      orders: 1,
      tickets: 1,
      handle: 300,
      grossPayout: 0,
      ggr: 300,
      rtp: 0,
      exactRtp: 0.89685433,
      exactPoolRtp: 0.00091857,
      withholdingTax: 0,
    },
  ],
  largestWins: [
    {
      betId: 'simtesta-r1',
      userId: 'simtesta-u3',
      betType: 1,
      amount: 1_000,
      grossPayout: 9_690,
      credited: 8_821,
      description: 'type 1 {3,5} · order 3,1,2,4,5,6,7,8,9,10',
    },
  ],
};

describe('kept simulations in the back office', () => {
  let t: TestApp;
  const analyst = staff('5', ['simulations.view']);
  /** A run id of this attempt's own. */
  const own = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('lists the kept runs newest first and opens one with its figures as kept', async () => {
    // Run ids of this attempt's own (a retry would find its first attempt's runs kept).
    const [ra, rb] = [own('simtesta'), own('simtestb')];
    const a = { ...reportOf(ra, 'tax10', 1_000_000, 950_000), racing: RACING };
    const b = reportOf(rb, 'tax15', 1_000_000, 930_000);
    await keepSimulationReport(t.services.store, a, '2026-11-27T05:00:00.000Z', rb);
    await keepSimulationReport(t.services.store, b, '2026-11-27T05:01:00.000Z', ra);

    const list = await t.gql<{
      simulationRuns: { runId: string; comparedWith: string; totals: { ggr: number } }[];
    }>(LIST, {}, analyst);
    expect(list.errors).toBeUndefined();
    const ours = list.data!.simulationRuns.filter((r) => [ra, rb].includes(r.runId));
    expect(ours.map((r) => r.runId)).toEqual([rb, ra]);
    expect(ours[0]).toMatchObject({ comparedWith: ra, totals: { ggr: 70_000 } });

    const run = await t.gql<{ simulationRun: Record<string, unknown> }>(RUN, { runId: ra }, analyst);
    expect(run.errors).toBeUndefined();
    const got = run.data!.simulationRun as {
      summary: { totals: Record<string, number>; comparedWith: string };
      byMarketType: { key: string; totals: { rtp: number } }[];
      largestWins: { betId: string }[];
      calibration: {
        brierMarket: number;
        logLossMarket: number | null;
        reliability: { oursCount: number }[];
      };
      scenarioJson: string;
      operatorGgrTax: number;
      ggrTaxPercent: number;
      payments: { rejectedBets: number };
    };
    expect(got.summary.totals).toEqual(a.totals);
    expect(got.summary.comparedWith).toBe(rb);
    expect(got.byMarketType.map((g) => g.key)).toEqual(['1x2', 'multiple']);
    expect(got.byMarketType[1]!.totals.rtp).toBeCloseTo(a.byMarketType.multiple!.rtp, 12);
    expect(got.largestWins[0]!.betId).toBe(`${ra}-b7`);
    expect(got.calibration).toMatchObject({ brierMarket: 0.54, logLossMarket: null });
    expect(got.calibration.reliability[0]!.oursCount).toBe(2);
    expect(JSON.parse(got.scenarioJson)).toEqual(a.scenario);
    expect(got.operatorGgrTax).toBe(12_500);
    expect(got.ggrTaxPercent).toBe(25);
    expect(got.payments.rejectedBets).toBe(1);
    // Virtual racing as kept: odds null for Luck Racing, rates as decimal text.
    expect(run.data!.simulationRun.racing).toEqual({
      rounds: 20,
      orders: 2,
      handle: 1_300,
      grossPayout: 9_690,
      ggr: -8_390,
      hold: RACING.hold,
      rtp: RACING.rtp,
      taxRatePercent: '10',
      withholdingTax: 869,
      convertTaxRatePercent: '12.5',
      coinBought: 5_000,
      coinSold: 4_000,
      exchangeTax: 500,
      coinHeldAtEnd: 8_521,
      byBetType: RACING.byBetType.map(({ betType, odds, orders, handle, rtp, exactRtp, exactPoolRtp }) => ({
        betType,
        odds,
        orders,
        handle,
        rtp,
        exactRtp,
        exactPoolRtp,
      })),
      largestWins: RACING.largestWins.map(({ userId: _u, ...w }) => w),
    });
    const other = await t.gql<{ simulationRun: { racing: unknown } }>(RUN, { runId: rb }, analyst);
    expect(other.data!.simulationRun.racing).toBeNull();

    const missing = await t.gql<{ simulationRun: unknown }>(RUN, { runId: 'nosuchrun' }, analyst);
    expect(missing.data!.simulationRun).toBeNull();
  });

  it('keeps a run once: a second keep of the same run is refused and lists nothing more', async () => {
    const runId = own('simtestc');
    const c = reportOf(runId, 'again', 500_000, 400_000);
    await keepSimulationReport(t.services.store, c, '2026-11-27T05:02:00.000Z');
    await expect(keepSimulationReport(t.services.store, c, '2026-11-27T05:03:00.000Z')).rejects.toMatchObject(
      {
        code: 'WRONG_EXPECTED_VERSION',
      },
    );
    const list = await t.gql<{ simulationRuns: { runId: string }[] }>(LIST, {}, analyst);
    expect(list.data!.simulationRuns.filter((r) => r.runId === runId)).toHaveLength(1);
  });

  it('refuses staff without simulations.view and anonymous callers', async () => {
    const refused = await t.gql(LIST, {}, staff('6', ['stats.view']));
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const anonymous = await t.gql(RUN, { runId: 'simtesta' }, null);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
