/**
 * Season-simulation benchmark (`npm run bench:simulate`; issue 17 "Speed"): the Premier League 2023-24
 * (380 matches) with 10,000 bettors on in-memory PGlite (in the event sink's worker thread, as
 * `bashiri simulate` runs), every bet through the real deciders and the event store.
 * Target: ≤ 30 s (`season_seconds`; `cpu_seconds` is the process's CPU, both threads). Prints a summary,
 * then as its LAST stdout line one JSON object. `BENCH_BETTORS` and `BENCH_ACTIVITY` change the population (defaults 10,000 and 0.05),
 * `BENCH_MAX_MATCHDAYS` shortens the season; `BENCH_POOL_SHARE` (default 0) adds that share of `pool_player`
 * bettors (jackpot and Lucky Six tickets, docs/simulations.md "Pool games"), `BENCH_CASH_OUT_SHARE` (default 0)
 * the chance that a single winning at half-time cashes out ("Cash-out"), `BENCH_RACING_SHARE` (default 0) that share
 * of `racing_player` bettors with `BENCH_RACING_ROUNDS` rounds a matchday (default 10; "Virtual racing"); `BENCH_REPORT_JSON=<file>` writes the report's JSON there (to compare two
 * versions of the code figure for figure).
 *
 * `BENCH_ALL=1`: every season of the five leagues (`BENCH_SEASONS`, default 2019-20 … 2024-25), one
 * worker thread per season (each with its own sink thread), `BENCH_THREADS` seasons at a time (default:
 * the cores); target ≤ 10 minutes (`all_seconds`). See simulate-all.ts.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { runSimulation } from '../season/engine.ts';
import { buildReport } from '../season/report.ts';
import { parseScenario } from '../season/scenario.ts';
import { DEFAULT_DATA_DIR } from '../season/simulate.ts';
import { openWorkerSink } from '../season/sink.ts';
import { benchAll } from './simulate-all.ts';
import { threadCpu } from './thread-cpu.ts';

if (process.env.BENCH_ALL === '1') await benchAll();
else await benchSeason();

/** The one-season benchmark (the default). */
async function benchSeason(): Promise<void> {
  const bettors = Number(process.env.BENCH_BETTORS ?? 10_000);
  const activity = Number(process.env.BENCH_ACTIVITY ?? 0.05);
  const scenario = parseScenario({
    name: 'bench-epl-2023-24',
    leagues: ['E0'],
    seasons: ['2023-24'],
    seed: 1,
    ...(process.env.BENCH_MAX_MATCHDAYS ? { maxMatchdays: Number(process.env.BENCH_MAX_MATCHDAYS) } : {}),
    bettors: {
      count: bettors,
      mix: {
        favourite: 0.35,
        longshot_acca: 0.25,
        value: 0.1,
        casual: 0.3,
        ...(process.env.BENCH_POOL_SHARE ? { pool_player: Number(process.env.BENCH_POOL_SHARE) } : {}),
        ...(process.env.BENCH_RACING_SHARE ? { racing_player: Number(process.env.BENCH_RACING_SHARE) } : {}),
      },
      activity,
      ...(process.env.BENCH_CASH_OUT_SHARE ? { cashOutShare: Number(process.env.BENCH_CASH_OUT_SHARE) } : {}),
    },
    ...(process.env.BENCH_RACING_ROUNDS
      ? { racing: { roundsPerDay: Number(process.env.BENCH_RACING_ROUNDS) } }
      : {}),
  });

  // The store lives in the sink's worker thread, as in `bashiri simulate`: inserts beside the simulation.
  const store = await openWorkerSink(
    process.env.BENCH_PGLITE_DIR ? { kind: 'pglite', dir: process.env.BENCH_PGLITE_DIR } : { kind: 'memory' },
  );
  const cpuAtStart = process.cpuUsage();
  const started = performance.now();
  let last = started;
  const result = await runSimulation(scenario, {
    store,
    dataDir: DEFAULT_DATA_DIR,
    onMatchday: (done, total) => {
      const now = performance.now();
      if (now - last > 5_000 || done === total) {
        process.stderr.write(`${done}/${total} matchdays, ${((now - started) / 1000).toFixed(1)} s\n`);
        last = now;
      }
    },
  });
  const report = buildReport(scenario, result);
  if (process.env.BENCH_REPORT_JSON)
    writeFileSync(process.env.BENCH_REPORT_JSON, JSON.stringify(report, null, 1));
  const seconds = (performance.now() - started) / 1000;
  // CPU of the whole process (both threads), user + system: comparable on a loaded machine, wall time is not.
  const cpu = process.cpuUsage(cpuAtStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;

  // Read while the sink's worker still runs (its thread leaves /proc when it ends).
  const threads = threadCpu();
  await store.close();
  console.log(
    `${result.matches} matches, ${result.matchdays} matchdays, ${bettors} bettors (activity ${activity}): ${report.totals.bets} bets in ${seconds.toFixed(1)} s (CPU ${cpuSeconds.toFixed(1)} s); RTP ${(report.totals.rtp * 100).toFixed(2)}%`,
  );
  if (threads.length > 0)
    console.log(
      `CPU per thread since start: ${threads.map((t) => `${t.name} ${t.seconds.toFixed(1)} s`).join(', ')}`,
    );
  console.log(
    JSON.stringify({
      season_seconds: Number(seconds.toFixed(2)),
      cpu_seconds: Number(cpuSeconds.toFixed(2)),
      busiest_thread_cpu_seconds: threads[0]?.seconds ?? null,
      matches: result.matches,
      bettors,
      activity,
      bets: report.totals.bets,
      ...(report.racing ? { racing_orders: report.racing.orders, racing_rounds: report.racing.rounds } : {}),
      bets_per_s: Math.round(report.totals.bets / seconds),
    }),
  );
}
