// @vitest-environment happy-dom
/**
 * The Simulations screens (issue 17 item 7) against a fake server: the list links each kept run; a run
 * shows its GGR, RTP, RTP per market type, tax and calibration, links each largest win to the bet's
 * audit history, and compares itself with its what-if partner (B − A); texts follow the language.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomShims } from '../testing/dom-shims.ts';
import { StoryFrame } from '../testing/StoryFrame.tsx';
import { SimulationRunPage, SimulationsPage, type SimulationReport } from './SimulationsPage.tsx';

beforeAll(installDomShims);

/** Rendering antd tables and recharts in happy-dom is slow on a busy machine. */
const SLOW = 60_000;
const WAIT = { timeout: 30_000 };
afterEach(cleanup);

const totals = (bets: number, handle: number, grossPayout: number) => ({
  bets,
  handle,
  grossPayout,
  ggr: handle - grossPayout,
  hold: (handle - grossPayout) / handle,
  rtp: grossPayout / handle,
  withholdingTax: 4_000,
  accaBonus: 300,
  credited: grossPayout - 4_000,
});

const run = (
  runId: string,
  name: string,
  grossPayout: number,
  comparedWith: string | null,
): SimulationReport => ({
  summary: {
    runId,
    name,
    seed: 42,
    leagues: ['E0'],
    seasons: ['2023-24'],
    keptAt: '2026-11-27T05:00:00.000Z',
    stopped: false,
    bettors: 80,
    comparedWith,
    totals: totals(20, 1_000_000, grossPayout),
  },
  matchdays: 2,
  matchdaysTotal: 2,
  matches: 10,
  operatorGgrTax: 12_500,
  ggrTaxPercent: 25,
  scenarioJson: JSON.stringify({ name, seed: 42, marginPercent: { default: 6 } }),
  payments: { deposits: 400_000, depositCount: 40, withdrawals: 50_000, withdrawalCount: 2, rejectedBets: 1 },
  byMarketType: [
    { key: '1x2', totals: totals(12, 500_000, grossPayout - 200_000) },
    { key: 'multiple', totals: totals(8, 500_000, 200_000) },
  ],
  byBehaviour: [{ key: 'value', totals: totals(20, 1_000_000, grossPayout) }],
  byLeague: [{ key: 'E0', totals: totals(20, 1_000_000, grossPayout) }],
  byMonth: [{ key: '2023-08', totals: totals(20, 1_000_000, grossPayout) }],
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
    brierOurs: 0.5512,
    brierMarket: 0.5431,
    logLossOurs: 0.98,
    logLossMarket: 0.97,
    reliability: [
      {
        bin: '0–10%',
        oursCount: 2,
        oursPredicted: 0.08,
        oursObserved: 0,
        marketCount: 3,
        marketPredicted: 0.07,
        marketObserved: 0,
      },
    ],
  },
  pools: null,
  cashOut: null,
  racing: null,
});

const poolTotals = (issues: number, handle: number, grossPrizes: number, jackpotsWon: number) => ({
  issues,
  tickets: issues * 40,
  lines: issues * 90,
  handle,
  grossPrizes,
  withholdingTax: 1_200,
  credited: grossPrizes - 1_200,
  ggr: handle - grossPrizes,
  hold: (handle - grossPrizes) / handle,
  seedPaid: 0,
  jackpotsWon,
  openStakes: 3_000,
  carryOverAtEnd: 41_775,
});

/** Run A also had pool players and half-time cash-outs (docs/simulations.md "Pool games", "Cash-out"). */
const withPools = (report: SimulationReport): SimulationReport => ({
  ...report,
  pools: {
    totals: poolTotals(3, 270_000, 60_000, 0),
    byGame: [
      { game: 'jackpot', totals: poolTotals(2, 200_000, 45_000, 0) },
      { game: 'luckysix', totals: poolTotals(1, 70_000, 15_000, 0) },
    ],
    issues: [
      {
        game: 'jackpot',
        issueId: 'simtesta-jp1',
        identifier: 'SIMJP0001',
        firstKickoff: '2023-08-11T19:00:00.000Z',
        status: 'settled',
        tickets: 40,
        lines: 90,
        stakes: 90_000,
        carriedOver: 0,
        pool: 13_500,
        prizesPaid: 5_400,
        seedPaid: 0,
        rolledOver: 8_000,
        breakage: 100,
        carryOver: 8_100,
        withholdingTax: 0,
        credited: 5_400,
        jackpotWon: false,
      },
    ],
    rejectedTickets: 2,
  },
  cashOut: {
    marginPercent: 5,
    cashOuts: 12,
    stakes: 24_000,
    valuePaid: 31_350,
    withholdingTax: 735,
    credited: 30_615,
    fairValue: 33_000,
    marginEarned: 1_650,
    ggr: -7_350,
    wouldHavePaid: 36_000,
  },
  racing: {
    roundsPerDay: 10,
    rounds: 1_140,
    orders: 2,
    tickets: 3,
    handle: 2_300,
    grossPayout: 1_970,
    ggr: 330,
    hold: 330 / 2_300,
    rtp: 1_970 / 2_300,
    taxRatePercent: '10',
    withholdingTax: 97,
    credited: 1_873,
    convertTaxRatePercent: '12.5',
    coinBought: 5_000,
    coinSold: 4_000,
    exchangeTax: 500,
    coinHeldAtEnd: 573,
    tenOfTenTickets: 0,
    poolPaid: 0,
    rejectedOrders: 0,
    byBetType: [
      {
        betType: 1,
        odds: '9.69',
        orders: 1,
        tickets: 2,
        handle: 2_000,
        grossPayout: 0,
        ggr: 2_000,
        rtp: 0,
        exactRtp: 0.969,
        exactPoolRtp: 0,
        withholdingTax: 0,
      },
      {
        betType: 4,
        odds: '1.97',
        orders: 1,
        tickets: 1,
        handle: 1_000,
        grossPayout: 1_970,
        ggr: -970,
        rtp: 1.97,
        exactRtp: 0.985,
        exactPoolRtp: 0,
        withholdingTax: 97,
      },
      {
        betType: 6,
        odds: null,
        orders: 0,
        tickets: 0,
        handle: 0,
        grossPayout: 0,
        ggr: 0,
        rtp: 0,
        exactRtp: 0.89685433,
        exactPoolRtp: 0.00091857,
        withholdingTax: 0,
      },
    ],
    largestWins: [
      {
        betId: 'simtesta-r2',
        userId: 'simtesta-u9',
        betType: 4,
        amount: 1_000,
        grossPayout: 1_970,
        credited: 1_873,
        description: 'type 4 odd · order 3,1,2,4,5,6,7,8,9,10',
      },
    ],
  },
});

const A = withPools(run('simtesta', 'tax10', 950_000, 'simtestb'));
const B = run('simtestb', 'tax15', 930_000, 'simtesta');
const answer = (operation: string, variables: Record<string, unknown>) => {
  if (operation === 'SimulationRuns') return { simulationRuns: [B.summary, A.summary] };
  if (operation === 'SimulationRun')
    return { simulationRun: variables.runId === 'simtesta' ? A : variables.runId === 'simtestb' ? B : null };
  return null;
};

const openRun = (runId: string, language: 'en-US' | 'sw' = 'en-US') =>
  render(
    createElement(StoryFrame, {
      answer,
      language,
      path: `/simulations/${runId}`,
      children: createElement(
        Routes,
        null,
        createElement(Route, { path: '/simulations/:runId', element: createElement(SimulationRunPage) }),
      ),
    }),
  );

describe('Simulations screens', () => {
  it(
    'lists the kept runs, each linking to its report',
    async () => {
      render(
        createElement(StoryFrame, { answer, path: '/simulations', children: createElement(SimulationsPage) }),
      );
      const link = await screen.findByTestId('simulation-simtesta', {}, WAIT);
      expect(link.getAttribute('href')).toBe('/simulations/simtesta');
      expect(screen.getByTestId('simulation-simtestb').textContent).toBe('tax15');
      expect(screen.getByText('95.00%')).toBeTruthy();
    },
    SLOW,
  );

  it(
    "shows a run's GGR, RTP per market type, tax and calibration, links its bets to the audit history, and the what-if",
    async () => {
      openRun('simtesta');
      expect((await screen.findByTestId('simulation-ggr', {}, WAIT)).textContent).toMatch(/50,000/);
      expect(screen.getByTestId('simulation-rtp').textContent).toBe('95.00%');
      const totals = screen.getByTestId('simulation-totals');
      expect(within(totals).getByText(/Operator GGR tax \(25%\)/)).toBeTruthy();
      expect(within(totals).getByText(/12,500/)).toBeTruthy();
      const byMarket = screen.getByTestId('simulation-by-market');
      expect(within(byMarket).getByText('multiple')).toBeTruthy();
      expect(within(byMarket).getByText('40.00%')).toBeTruthy();
      expect(within(screen.getByTestId('simulation-calibration')).getByText('0.5431')).toBeTruthy();
      // The pool games per game and per issue, and the half-time cash-outs with the margin they earned.
      const pools = screen.getByTestId('simulation-pools');
      expect(within(pools).getByText('Lucky Six')).toBeTruthy();
      expect(within(pools).getByText('SIMJP0001')).toBeTruthy();
      expect(within(pools).getByText('77.78%')).toBeTruthy();
      expect(within(pools).getByText('13,500')).toBeTruthy();
      const cashOut = screen.getByTestId('simulation-cash-out');
      expect(within(cashOut).getByText('1,650')).toBeTruthy();
      expect(within(cashOut).getByText('-7,350')).toBeTruthy();
      // Virtual racing: totals in racing coin, the exchange tax, RTP per bet type measured next to exact.
      const racing = screen.getByTestId('simulation-racing');
      expect(within(racing).getByText('1140 (10 a matchday)')).toBeTruthy();
      expect(within(racing).getByText('Exchange tax (12.5%)')).toBeTruthy();
      expect(within(racing).getByText('573')).toBeTruthy();
      const types = screen.getByTestId('simulation-racing-types');
      expect(within(types).getByText('4 odd/even')).toBeTruthy();
      expect(within(types).getByText('197.00%')).toBeTruthy();
      expect(within(types).getByText('98.50%')).toBeTruthy();
      expect(within(types).getByText('89.78%')).toBeTruthy();
      expect(within(types).getByText('prize table')).toBeTruthy();
      const bet = screen.getByTestId('simulation-bet-simtesta-b7');
      expect(bet.getAttribute('href')).toBe('/audit/history?kind=BET&id=simtesta-b7');
      // The what-if partner (kept with --compare) is compared at once: GGR 50,000 → 70,000.
      const compare = await screen.findByTestId('simulation-compare', {}, WAIT);
      expect(within(compare).getByText('Difference (B − A)')).toBeTruthy();
      await waitFor(() => expect(within(compare).getByText(/^\+?20,000/)).toBeTruthy(), WAIT);
      // Racing only in A: its rows show A's figures and no difference.
      expect(within(compare).getByText('Virtual racing · Handle')).toBeTruthy();
      expect(within(compare).getByText('2,300')).toBeTruthy();
      expect(within(compare).getByText('-2.00%')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'speaks Swahili and says when a run is not kept',
    async () => {
      openRun('simtesta', 'sw');
      expect(await screen.findByText('Ushindi mkubwa zaidi', {}, WAIT)).toBeTruthy();
      expect(screen.getByText('Zawadi kuu na Bahati Sita')).toBeTruthy();
      cleanup();
      // A run without pool players or cash-outs shows neither section.
      openRun('simtestb');
      await screen.findByTestId('simulation-ggr', {}, WAIT);
      expect(screen.queryByTestId('simulation-pools')).toBeNull();
      expect(screen.queryByTestId('simulation-cash-out')).toBeNull();
      cleanup();
      openRun('nosuchrun');
      expect(await screen.findByText('No simulation nosuchrun is kept here.', {}, WAIT)).toBeTruthy();
    },
    SLOW,
  );
});
