/**
 * Season-simulation benchmark (`npm run bench:simulate`; issue 17 "Speed"): the Premier League 2023-24
 * (380 matches) with 10,000 bettors on in-memory PGlite, every bet through the real deciders and the
 * event store. Target: ≤ 30 s (`season_seconds`). Prints a summary, then as its LAST stdout line one
 * JSON object. `BENCH_BETTORS` and `BENCH_ACTIVITY` change the population (defaults 10,000 and 0.05).
 */
import { performance } from 'node:perf_hooks';
import { createPgliteEventStore } from '@bashiri/eventstore';
import { runSimulation } from '../season/engine.ts';
import { buildReport } from '../season/report.ts';
import { parseScenario } from '../season/scenario.ts';
import { DEFAULT_DATA_DIR } from '../season/simulate.ts';

const bettors = Number(process.env.BENCH_BETTORS ?? 10_000);
const activity = Number(process.env.BENCH_ACTIVITY ?? 0.05);
const scenario = parseScenario({
  name: 'bench-epl-2023-24',
  leagues: ['E0'],
  seasons: ['2023-24'],
  seed: 1,
  bettors: {
    count: bettors,
    mix: { favourite: 0.35, longshot_acca: 0.25, value: 0.1, casual: 0.3 },
    activity,
  },
});

const store = await createPgliteEventStore(process.env.BENCH_PGLITE_DIR);
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
const seconds = (performance.now() - started) / 1000;
await store.close();
console.log(
  `${result.matches} matches, ${result.matchdays} matchdays, ${bettors} bettors (activity ${activity}): ${report.totals.bets} bets in ${seconds.toFixed(1)} s; RTP ${(report.totals.rtp * 100).toFixed(2)}%`,
);
console.log(
  JSON.stringify({
    season_seconds: Number(seconds.toFixed(2)),
    matches: result.matches,
    bettors,
    activity,
    bets: report.totals.bets,
    bets_per_s: Math.round(report.totals.bets / seconds),
  }),
);
