/**
 * The simulation report (issue 17 item 4; docs/simulations.md "Report"): totals and breakdowns
 * computed from the settled bets' own `BetSettled` amounts (TZS integers), and the calibration of our
 * 1X2 probabilities next to the bookmakers' closing prices. The report's shape and the definitions of
 * its figures (handle, GGR, hold, RTP, taxes) are the domain's `SimulationReport`
 * (domain/src/simulation/report.ts), which the back office reads back from a kept run.
 */
import type {
  SimulationCashOut,
  SimulationCalibration,
  SimulationPoolIssue,
  SimulationPools,
  SimulationPoolTotals,
  SimulationReport,
  SimulationTotals,
} from '@bashiri/domain';
import type { CashOutRecord } from './cashout.ts';
import type { PoolRunResult } from './pool.ts';
import { racingReport } from './racing.ts';
import type { BetRecord, CalibrationRow, SimulationResult } from './engine.ts';
import type { Scenario } from './scenario.ts';

/** The report of a run of this simulator: the domain's report shape with the whole scenario. */
export type Report = SimulationReport<Scenario>;

const grossOf = (b: BetRecord) => b.settlement.payout + b.settlement.reward;

/** Totals of a group of settled bets. */
export const totalsOf = (bets: readonly BetRecord[]): SimulationTotals => {
  let handle = 0;
  let grossPayout = 0;
  let withholdingTax = 0;
  let accaBonus = 0;
  let credited = 0;
  for (const b of bets) {
    handle += b.stake;
    grossPayout += grossOf(b);
    withholdingTax += b.settlement.tax;
    accaBonus += b.settlement.reward;
    credited += b.settlement.credited;
  }
  const ggr = handle - grossPayout;
  return {
    bets: bets.length,
    handle,
    grossPayout,
    ggr,
    hold: handle === 0 ? 0 : ggr / handle,
    rtp: handle === 0 ? 0 : grossPayout / handle,
    withholdingTax,
    accaBonus,
    credited,
  };
};

const groupBy = (
  bets: readonly BetRecord[],
  key: (b: BetRecord) => string,
): Record<string, SimulationTotals> => {
  const groups = new Map<string, BetRecord[]>();
  for (const b of bets) {
    const k = key(b);
    const list = groups.get(k);
    if (list) list.push(b);
    else groups.set(k, [b]);
  }
  return Object.fromEntries([...groups.keys()].sort().map((k) => [k, totalsOf(groups.get(k)!)]));
};

/** Totals of pool-game issues (settled and cancelled count as issues; open ones only in `openStakes`). */
export const poolTotalsOf = (issues: readonly SimulationPoolIssue[]): SimulationPoolTotals => {
  const settled = issues.filter((i) => i.status === 'settled');
  const sum = (f: (i: SimulationPoolIssue) => number, set = settled) => set.reduce((a, i) => a + f(i), 0);
  const handle = sum((i) => i.stakes);
  const grossPrizes = sum((i) => i.prizesPaid);
  const ggr = handle - grossPrizes;
  // The carry-over of each game's last settled or cancelled issue: what its next issue would start with.
  const last = new Map<string, number>();
  for (const i of issues) if (i.status !== 'open') last.set(i.game, i.carryOver);
  return {
    issues: issues.filter((i) => i.status !== 'open').length,
    tickets: sum((i) => i.tickets),
    lines: sum((i) => i.lines),
    handle,
    grossPrizes,
    withholdingTax: sum((i) => i.withholdingTax),
    credited: sum((i) => i.credited),
    ggr,
    hold: handle === 0 ? 0 : ggr / handle,
    seedPaid: sum((i) => i.seedPaid),
    jackpotsWon: settled.filter((i) => i.jackpotWon).length,
    openStakes: sum(
      (i) => i.stakes,
      issues.filter((i) => i.status === 'open'),
    ),
    carryOverAtEnd: [...last.values()].reduce((a, b) => a + b, 0),
  };
};

/** The pool-games section of a report. */
export const poolsReport = (pools: PoolRunResult): SimulationPools => {
  const games = [...new Set(pools.issues.map((i) => i.game))].sort();
  return {
    totals: poolTotalsOf(pools.issues),
    byGame: Object.fromEntries(games.map((g) => [g, poolTotalsOf(pools.issues.filter((i) => i.game === g))])),
    issues: pools.issues,
    rejectedTickets: pools.rejectedTickets,
  };
};

/** The cash-out section of a report: sums over the cashed-out bets. */
export const cashOutReport = (
  records: readonly CashOutRecord[],
  marginPercent: number,
): SimulationCashOut => {
  const sum = (f: (r: CashOutRecord) => number) => records.reduce((a, r) => a + f(r), 0);
  const stakes = sum((r) => r.stake);
  const valuePaid = sum((r) => r.value);
  const fairValue = sum((r) => r.fairValue);
  return {
    marginPercent,
    cashOuts: records.length,
    stakes,
    valuePaid,
    withholdingTax: sum((r) => r.tax),
    credited: sum((r) => r.net),
    fairValue,
    marginEarned: fairValue - valuePaid,
    ggr: stakes - valuePaid,
    wouldHavePaid: sum((r) => r.wouldHavePaid),
  };
};

const BINS = 10;

/** Brier, log loss and reliability of our probabilities and the market's (same matches for both). */
export const calibrate = (rows: readonly CalibrationRow[]): SimulationCalibration => {
  const compared = rows.filter((r) => r.market !== null);
  const score = (probs: (r: CalibrationRow) => readonly number[], set: readonly CalibrationRow[]) => {
    let brier = 0;
    let logLoss = 0;
    for (const r of set) {
      const p = probs(r);
      for (let k = 0; k < 3; k++) brier += (p[k]! - (r.outcome === k ? 1 : 0)) ** 2;
      logLoss += -Math.log(Math.max(p[r.outcome]!, 1e-12));
    }
    return set.length === 0 ? null : { brier: brier / set.length, logLoss: logLoss / set.length };
  };
  const set = compared.length > 0 ? compared : rows;
  const ours = score((r) => r.ours, set) ?? { brier: 0, logLoss: 0 };
  const market = score((r) => r.market!, compared);
  const bins = (probs: (r: CalibrationRow) => readonly number[] | null) => {
    const acc = Array.from({ length: BINS }, () => ({ n: 0, p: 0, o: 0 }));
    for (const r of set) {
      const p = probs(r);
      if (!p) continue;
      for (let k = 0; k < 3; k++) {
        const b = acc[Math.min(BINS - 1, Math.floor(p[k]! * BINS))]!;
        b.n += 1;
        b.p += p[k]!;
        b.o += r.outcome === k ? 1 : 0;
      }
    }
    return acc.map((b) => ({ n: b.n, predicted: b.n ? b.p / b.n : 0, observed: b.n ? b.o / b.n : 0 }));
  };
  const o = bins((r) => r.ours);
  const m = bins((r) => r.market);
  return {
    matches: rows.length,
    compared: compared.length,
    brier: { ours: ours.brier, market: market?.brier ?? null },
    logLoss: { ours: ours.logLoss, market: market?.logLoss ?? null },
    reliability: o.map((b, i) => ({ bin: `${i * 10}–${(i + 1) * 10}%`, ours: b, market: m[i]! })),
  };
};

/** Builds the report of a run. */
export const buildReport = (scenario: Scenario, result: SimulationResult): Report => {
  const byMonth = groupBy(result.bets, (b) => b.month);
  const operatorGgrTax = Object.values(byMonth).reduce(
    (s, t) => s + (t.ggr > 0 ? Math.floor((t.ggr * scenario.ggrTaxPercent) / 100) : 0),
    0,
  );
  const largestWins = [...result.bets]
    .sort((a, b) => grossOf(b) - grossOf(a) || a.betId.localeCompare(b.betId))
    .slice(0, 10)
    .filter((b) => grossOf(b) > b.stake)
    .map((b) => ({
      betId: b.betId,
      userId: b.userId,
      behaviour: b.behaviour,
      stake: b.stake,
      totalOdds: b.totalOdds,
      grossPayout: grossOf(b),
      credited: b.settlement.credited,
      legs: b.legs,
      description: b.description,
    }));
  return {
    scenario,
    runId: result.runId,
    stopped: result.stopped,
    matchdays: result.matchdays,
    matchdaysTotal: result.matchdaysTotal,
    matches: result.matches,
    bettors: result.bettors,
    totals: totalsOf(result.bets),
    operatorGgrTax,
    payments: result.payments,
    byMarketType: groupBy(result.bets, (b) => b.marketType),
    byBehaviour: groupBy(result.bets, (b) => b.behaviour),
    byLeague: groupBy(result.bets, (b) => b.league),
    byMonth,
    largestWins,
    calibration: calibrate(result.calibration),
    ...(result.pools ? { pools: poolsReport(result.pools) } : {}),
    ...(scenario.bettors.cashOutShare > 0
      ? { cashOut: cashOutReport(result.cashOuts, scenario.cashOutMarginPercent) }
      : {}),
    ...(result.racing ? { racing: racingReport(result.racing) } : {}),
  };
};
