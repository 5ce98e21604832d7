/**
 * Kept season simulations (issue 17 item 7; docs/simulations.md "Back office"): when `bashiri simulate
 * --keep` writes a run into a store, it also appends the run's report there, so the back office can list
 * the runs and open them next to the run's own bet and wallet streams. Two streams, appended together
 * (one `appendToStreams`, all or nothing):
 * - `simulation-runs` (the index): one {@link SimulationRunListed} per kept run, its summary;
 * - `simulation-<runId>`: one {@link SimulationRunKept} holding the whole report.
 * The shapes below are what the reader relies on; the report JSON of `simulations/` satisfies them.
 */
import type { EventData, EventStore } from '@bashiri/eventstore';

/** The index stream of kept runs. */
export const SIMULATION_RUNS_STREAM = 'simulation-runs';
/** The stream of one kept run's report (`runId` as the simulator derives it from name and seed). */
export const simulationRunStream = (runId: string): string => `simulation-${runId}`;

/** Money figures of a group of simulated bets: whole TZS; `hold` and `rtp` as fractions (0.05 = 5%). */
export interface KeptTotals {
  readonly bets: number;
  readonly handle: number;
  readonly grossPayout: number;
  readonly ggr: number;
  readonly hold: number;
  readonly rtp: number;
  readonly withholdingTax: number;
  readonly accaBonus: number;
  readonly credited: number;
}

/** One reliability bin (10% of predicted probability): count, mean prediction, observed frequency. */
export interface KeptBin {
  readonly n: number;
  readonly predicted: number;
  readonly observed: number;
}

/** The report as kept (the simulator's `Report`, docs/simulations.md "Report"). */
export interface KeptReport {
  readonly scenario: {
    readonly name: string;
    readonly seed: number;
    readonly leagues: readonly string[];
    readonly seasons: readonly string[];
    readonly ggrTaxPercent: number;
    readonly marginPercent: Readonly<Record<string, number>>;
    readonly config?: Readonly<Record<string, unknown>>;
  };
  readonly runId: string;
  readonly stopped: boolean;
  readonly matchdays: number;
  readonly matchdaysTotal: number;
  readonly matches: number;
  readonly bettors: number;
  readonly totals: KeptTotals;
  readonly operatorGgrTax: number;
  readonly payments: {
    readonly deposits: number;
    readonly depositCount: number;
    readonly withdrawals: number;
    readonly withdrawalCount: number;
    readonly rejectedBets: number;
  };
  readonly byMarketType: Readonly<Record<string, KeptTotals>>;
  readonly byBehaviour: Readonly<Record<string, KeptTotals>>;
  readonly byLeague: Readonly<Record<string, KeptTotals>>;
  readonly byMonth: Readonly<Record<string, KeptTotals>>;
  readonly largestWins: readonly {
    readonly betId: string;
    readonly userId: string;
    readonly behaviour: string;
    readonly stake: number;
    readonly totalOdds: string;
    readonly grossPayout: number;
    readonly credited: number;
    readonly legs: number;
    readonly description: string;
  }[];
  readonly calibration: {
    readonly matches: number;
    readonly compared: number;
    readonly brier: { readonly ours: number; readonly market: number | null };
    readonly logLoss: { readonly ours: number; readonly market: number | null };
    readonly reliability: readonly {
      readonly bin: string;
      readonly ours: KeptBin;
      readonly market: KeptBin;
    }[];
  };
}

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
  readonly totals: KeptTotals;
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
    readonly report: KeptReport;
  };
}

const summaryOf = (
  report: KeptReport,
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
  report: KeptReport,
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
