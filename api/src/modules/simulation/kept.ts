/**
 * Kept season simulations (issue 17 item 7; docs/simulations.md "Back office"): when `bashiri simulate
 * --keep` writes a run into a store, it also appends the run's report there, so the back office can list
 * the runs and open them next to the run's own bet and wallet streams. Two streams, appended together
 * (one `appendToStreams`, all or nothing):
 * - `simulation-runs` (the index): one {@link SimulationRunListed} per kept run, its summary;
 * - `simulation-<runId>`: one {@link SimulationRunKept} holding the whole report.
 * The report's shape is the domain's `SimulationReport` (domain/src/simulation/report.ts), which the
 * simulator builds.
 */
import type { SimulationReport, SimulationTotals } from '@bashiri/domain';
import type { EventData, EventStore } from '@bashiri/eventstore';

/** The index stream of kept runs. */
export const SIMULATION_RUNS_STREAM = 'simulation-runs';
/** The stream of one kept run's report (`runId` as the simulator derives it from name and seed). */
export const simulationRunStream = (runId: string): string => `simulation-${runId}`;

/** Summary of a kept run in the index stream. `keptAt` ISO-8601 UTC; `comparedWith` the what-if partner's run id. */
export interface SimulationRunSummaryData {
  readonly runId: string;
  readonly name: string;
  readonly seed: number;
  readonly leagues: readonly string[];
  readonly seasons: readonly string[];
  readonly keptAt: string;
  readonly stopped: boolean;
  readonly bettors: number;
  readonly totals: SimulationTotals;
  readonly comparedWith: string | null;
}

/** Index event: a run was kept. */
export interface SimulationRunListed {
  readonly type: 'SimulationRunListed';
  readonly data: SimulationRunSummaryData;
}
/** The run's own event: its whole report. */
export interface SimulationRunKept {
  readonly type: 'SimulationRunKept';
  readonly data: {
    readonly runId: string;
    readonly keptAt: string;
    readonly comparedWith: string | null;
    readonly report: SimulationReport;
  };
}

const summaryOf = (
  report: SimulationReport,
  keptAt: string,
  comparedWith: string | null,
): SimulationRunSummaryData => ({
  runId: report.runId,
  name: report.scenario.name,
  seed: report.scenario.seed,
  leagues: report.scenario.leagues,
  seasons: report.scenario.seasons,
  keptAt,
  stopped: report.stopped,
  bettors: report.bettors,
  totals: report.totals,
  comparedWith,
});

/**
 * Keeps `report` in `store`: its own stream (which must not exist yet: a run is kept once, else
 * `WRONG_EXPECTED_VERSION`) and a line in the index, in one all-or-nothing append. `keptAt` ISO-8601.
 */
export const keepSimulationReport = async (
  store: Pick<EventStore, 'appendToStreams'>,
  report: SimulationReport,
  keptAt: string,
  comparedWith: string | null = null,
): Promise<void> => {
  const meta = { actor: 'system:simulation', causationId: null };
  const kept: EventData = {
    type: 'SimulationRunKept',
    data: { runId: report.runId, keptAt, comparedWith, report } satisfies SimulationRunKept['data'],
    metadata: meta,
  };
  const listed: EventData = {
    type: 'SimulationRunListed',
    data: summaryOf(report, keptAt, comparedWith) satisfies SimulationRunListed['data'],
    metadata: meta,
  };
  await store.appendToStreams([
    { streamName: simulationRunStream(report.runId), events: [kept], expectedVersion: 'no_stream' },
    { streamName: SIMULATION_RUNS_STREAM, events: [listed], expectedVersion: 'any' },
  ]);
};

/** Every kept run, newest first (read from the index stream). */
export const listSimulationRuns = async (store: EventStore): Promise<SimulationRunSummaryData[]> => {
  const out: SimulationRunSummaryData[] = [];
  let from = 1;
  for (;;) {
    const page = await store.readStream(SIMULATION_RUNS_STREAM, { from, maxCount: 500 });
    for (const e of page.events)
      if (e.type === 'SimulationRunListed') out.push(e.data as SimulationRunSummaryData);
    if (page.events.length < 500) break;
    from = page.events[page.events.length - 1]!.streamPosition + 1;
  }
  return out.reverse();
};

/** One kept run's report, or null when no run `runId` was kept. */
export const readSimulationRun = async (
  store: EventStore,
  runId: string,
): Promise<SimulationRunKept['data'] | null> => {
  const { events } = await store.readStream(simulationRunStream(runId), { maxCount: 1 });
  const e = events[0];
  return e?.type === 'SimulationRunKept' ? (e.data as SimulationRunKept['data']) : null;
};
