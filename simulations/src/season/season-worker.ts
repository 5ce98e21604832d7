/**
 * One season of a parallel run (`parallel.ts` {@link runSeasonsInParallel}), in a worker thread: runs
 * the scenario it is given (`workerData.scenario`, already parsed) as `bashiri simulate` does — the
 * store (throwaway in-memory PGlite) in its own event-sink worker thread — and posts back the report's
 * totals and counts, and the CPU seconds of its two threads. Messages: `SeasonReply` in parallel.ts.
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { runSimulation } from './engine.ts';
import type { SeasonReply, SeasonWork } from './parallel.ts';
import { buildReport } from './report.ts';
import { openWorkerSink, ownThreadCpuSeconds } from './sink.ts';

const port = parentPort!;
const { scenario, dataDir } = workerData as SeasonWork;

try {
  const store = await openWorkerSink({ kind: 'memory' });
  const started = performance.now();
  try {
    const result = await runSimulation(scenario, { store, dataDir });
    const report = buildReport(scenario, result);
    await store.close();
    port.postMessage({
      kind: 'done',
      seasons: scenario.seasons,
      seconds: (performance.now() - started) / 1000,
      matches: result.matches,
      matchdays: result.matchdays,
      totals: report.totals,
      simulationThreadSeconds: ownThreadCpuSeconds(),
      sinkThreadSeconds: store.threadCpuSeconds(),
    } satisfies SeasonReply);
  } catch (e) {
    await store.close().catch(() => undefined);
    throw e;
  }
} catch (e) {
  port.postMessage({
    kind: 'failed',
    seasons: scenario.seasons,
    message: e instanceof Error ? e.message : String(e),
  } satisfies SeasonReply);
}
