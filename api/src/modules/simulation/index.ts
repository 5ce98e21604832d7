/**
 * The simulations module (issue 17 item 7; docs/simulations.md "Back office"): the back office's read of
 * the season simulations kept in this store (`kept.ts`). No tables: the runs are read from their streams.
 * Permission `simulations.view` (the analysts').
 */
import { readFileSync } from 'node:fs';
import type { IResolvers } from 'mercurius';
import { requireStaff } from '../../auth/guard.ts';
import type { QueryResolvers } from '../../graphql/generated.ts';
import type { ApiModule } from '../module.ts';
import type { SimulationTotals } from '@bashiri/domain';
import { listSimulationRuns, readSimulationRun, type SimulationRunSummaryData } from './kept.ts';

/** What other packages may use (the simulator keeps its reports with it). */
export {
  keepSimulationReport,
  listSimulationRuns,
  readSimulationRun,
  SIMULATION_RUNS_STREAM,
  simulationRunStream,
} from './kept.ts';
export type { SimulationRunSummaryData } from './kept.ts';

const groups = (byKey: Readonly<Record<string, SimulationTotals>>) =>
  Object.entries(byKey)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, totals]) => ({ key, totals }));

const summary = (s: SimulationRunSummaryData) => ({ ...s, leagues: [...s.leagues], seasons: [...s.seasons] });

const Query: QueryResolvers = {
  simulationRuns: async (_root, _args, ctx) => {
    requireStaff(ctx, 'simulations.view');
    return (await listSimulationRuns(ctx.services.store)).map(summary);
  },
  simulationRun: async (_root, args, ctx) => {
    requireStaff(ctx, 'simulations.view');
    const kept = await readSimulationRun(ctx.services.store, args.runId);
    if (!kept) return null;
    const { report } = kept;
    const { calibration: c } = report;
    return {
      summary: summary({
        runId: report.runId,
        name: report.scenario.name,
        seed: report.scenario.seed,
        leagues: report.scenario.leagues,
        seasons: report.scenario.seasons,
        keptAt: kept.keptAt,
        stopped: report.stopped,
        bettors: report.bettors,
        totals: report.totals,
        comparedWith: kept.comparedWith,
      }),
      matchdays: report.matchdays,
      matchdaysTotal: report.matchdaysTotal,
      matches: report.matches,
      operatorGgrTax: report.operatorGgrTax,
      ggrTaxPercent: report.scenario.ggrTaxPercent,
      scenarioJson: JSON.stringify(report.scenario),
      payments: report.payments,
      byMarketType: groups(report.byMarketType),
      byBehaviour: groups(report.byBehaviour),
      byLeague: groups(report.byLeague),
      byMonth: groups(report.byMonth),
      largestWins: [...report.largestWins],
      calibration: {
        matches: c.matches,
        compared: c.compared,
        brierOurs: c.brier.ours,
        brierMarket: c.brier.market,
        logLossOurs: c.logLoss.ours,
        logLossMarket: c.logLoss.market,
        reliability: c.reliability.map((b) => ({
          bin: b.bin,
          oursCount: b.ours.n,
          oursPredicted: b.ours.predicted,
          oursObserved: b.ours.observed,
          marketCount: b.market.n,
          marketPredicted: b.market.predicted,
          marketObserved: b.market.observed,
        })),
      },
    };
  },
};

export const simulationsModule: ApiModule = {
  name: 'simulations',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  resolvers: { Query } as IResolvers,
};
