/**
 * The simulations module (issue 17 item 7; docs/simulations.md "Back office"): the back office's read of
 * the season simulations kept in this store (`kept.ts`), and runs started from the back office in a
 * child process (`launch.ts`, decision 0092). No tables: the runs are read from their streams.
 * Permissions `simulations.view` (the analysts': read, follow runs) and `simulations.run` (start one).
 */
import { readFileSync } from 'node:fs';
import type { IResolvers } from 'mercurius';
import { requireStaff } from '../../auth/guard.ts';
import type { EventStore } from '@bashiri/eventstore';
import type { MutationResolvers, QueryResolvers } from '../../graphql/generated.ts';
import type { ApiModule } from '../module.ts';
import type { SimulationTotals } from '@bashiri/domain';
import { createSimulationLauncher, storedScenarios, type Launch, type SimulationLauncher } from './launch.ts';
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
export { SIMULATION_BUSY, SIMULATION_RUN_EXISTS, SIMULATION_SCENARIO_INVALID } from './launch.ts';
export type { LaunchError, LaunchScenario, LaunchToChild, LaunchToParent } from './launch.ts';

/** One launcher per store (per server; the tests start several servers in one process). */
const launchers = new WeakMap<EventStore, SimulationLauncher>();
const launcherOf = (store: EventStore): SimulationLauncher => {
  let launcher = launchers.get(store);
  if (!launcher) {
    launcher = createSimulationLauncher(store);
    launchers.set(store, launcher);
  }
  return launcher;
};
const launchOut = (l: Launch) => ({ ...l, leagues: [...l.leagues], seasons: [...l.seasons] });

const groups = (byKey: Readonly<Record<string, SimulationTotals>>) =>
  Object.entries(byKey)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, totals]) => ({ key, totals }));

const summary = (s: SimulationRunSummaryData) => ({ ...s, leagues: [...s.leagues], seasons: [...s.seasons] });

const Mutation: MutationResolvers = {
  startSimulationRun: async (_root, args, ctx) => {
    const viewer = requireStaff(ctx, 'simulations.run');
    return launchOut(await launcherOf(ctx.services.store).start(args.scenario, viewer.staffId));
  },
};

const Query: QueryResolvers = {
  simulationLaunches: (_root, _args, ctx) => {
    requireStaff(ctx, 'simulations.view');
    return launcherOf(ctx.services.store).list().map(launchOut);
  },
  simulationScenarios: (_root, _args, ctx) => {
    requireStaff(ctx, 'simulations.run');
    return storedScenarios();
  },
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
      pools: report.pools
        ? {
            totals: report.pools.totals,
            byGame: Object.entries(report.pools.byGame).map(([game, totals]) => ({ game, totals })),
            issues: [...report.pools.issues],
            rejectedTickets: report.pools.rejectedTickets,
          }
        : null,
      cashOut: report.cashOut ?? null,
      racing: report.racing ?? null,
    };
  },
};

export const simulationsModule: ApiModule = {
  name: 'simulations',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  resolvers: { Query, Mutation } as IResolvers,
  // A server stop ends the runs in progress after their current matchday (each keeps a stopped report).
  start: async (services) => async () => launchers.get(services.store)?.stopAll(),
};
