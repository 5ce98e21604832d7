/**
 * `BENCH_ALL=1 npm run bench:simulate` (issue 17 "Speed"): every season of the five leagues in the data
 * (`BENCH_SEASONS`, comma-separated, default the six complete seasons 2019-20 … 2024-25) with
 * `BENCH_BETTORS` (10,000) bettors, each season in its own worker thread with its own throwaway PGlite
 * in its own sink thread (`runSeasonsInParallel`, decision 0126), `BENCH_THREADS` seasons at a time
 * (default: the cores); `BENCH_MAX_MATCHDAYS` shortens each season (a quick check). Target: ≤ 10 minutes (`all_seconds`). Prints one line per season, then as its
 * LAST stdout line one JSON object: wall seconds, process CPU seconds, the busiest thread's CPU seconds
 * (the largest of any season's simulation or sink thread), bets and matches.
 */
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { runSeasonsInParallel, splitBySeason } from '../season/parallel.ts';
import { parseScenario } from '../season/scenario.ts';
import { DEFAULT_DATA_DIR } from '../season/simulate.ts';

/** The six complete seasons of the data (the 2025-26 files are partial). */
const SIX_SEASONS = ['2019-20', '2020-21', '2021-22', '2022-23', '2023-24', '2024-25'];

/** Runs the all-seasons benchmark and prints its lines (the last one JSON). */
export const benchAll = async (): Promise<void> => {
  const bettors = Number(process.env.BENCH_BETTORS ?? 10_000);
  const activity = Number(process.env.BENCH_ACTIVITY ?? 0.05);
  const seasons = process.env.BENCH_SEASONS ? process.env.BENCH_SEASONS.split(',') : SIX_SEASONS;
  const threads = Number(process.env.BENCH_THREADS ?? availableParallelism());
  const maxMatchdays = process.env.BENCH_MAX_MATCHDAYS ? Number(process.env.BENCH_MAX_MATCHDAYS) : undefined;
  const scenario = parseScenario({
    name: 'bench-all',
    leagues: ['E0', 'SP1', 'D1', 'I1', 'F1'],
    seasons,
    seed: 1,
    ...(maxMatchdays ? { maxMatchdays } : {}),
    bettors: {
      count: bettors,
      mix: { favourite: 0.35, longshot_acca: 0.25, value: 0.1, casual: 0.3 },
      activity,
    },
  });
  const cpuAtStart = process.cpuUsage();
  const started = performance.now();
  const outcomes = await runSeasonsInParallel(splitBySeason(scenario), {
    dataDir: DEFAULT_DATA_DIR,
    threads,
    onSeason: (o) =>
      process.stderr.write(
        `${o.seasons.join(',')}: ${o.matches} matches, ${o.totals.bets} bets in ${o.seconds.toFixed(1)} s (simulation thread ${o.simulationThreadSeconds ?? '?'} s CPU, sink thread ${o.sinkThreadSeconds ?? '?'} s CPU), at ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
      ),
  });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuAtStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const busiest = Math.max(
    0,
    ...outcomes.flatMap((o) => [o.simulationThreadSeconds ?? 0, o.sinkThreadSeconds ?? 0]),
  );
  const bets = outcomes.reduce((n, o) => n + o.totals.bets, 0);
  const matches = outcomes.reduce((n, o) => n + o.matches, 0);
  const handle = outcomes.reduce((n, o) => n + o.totals.handle, 0);
  const gross = outcomes.reduce((n, o) => n + o.totals.grossPayout, 0);
  console.log(
    `${seasons.length} seasons × 5 leagues, ${matches} matches, ${bettors} bettors (activity ${activity}), ${threads} at a time: ${bets} bets in ${seconds.toFixed(1)} s (CPU ${cpuSeconds.toFixed(1)} s); RTP ${((100 * gross) / Math.max(1, handle)).toFixed(2)}%`,
  );
  console.log(
    JSON.stringify({
      all_seconds: Number(seconds.toFixed(2)),
      cpu_seconds: Number(cpuSeconds.toFixed(2)),
      busiest_thread_cpu_seconds: busiest,
      threads,
      seasons: seasons.length,
      matches,
      bettors,
      activity,
      bets,
      bets_per_s: Math.round(bets / seconds),
    }),
  );
};
