/**
 * Several seasons at once, one worker thread per season (issue 17 "Speed": all six seasons of the five
 * leagues with 10,000 bettors, using every core; decision 0126). Each season is its own scenario (the
 * same leagues, bettors and seed, one season) run in `season-worker.ts` with its own throwaway PGlite
 * in its own event-sink thread; at most `threads` seasons run at a time (each season is two busy
 * threads: the simulation and its sink). Seasons are independent runs — each its own population and
 * wallets — so the result is the list of their totals, in the order given, and their sum.
 */
import { Worker } from 'node:worker_threads';
import type { SimulationTotals } from '@bashiri/domain';
import type { Scenario } from './scenario.ts';

/** What a season worker is given: its scenario (parsed) and the data folder. */
export interface SeasonWork {
  readonly scenario: Scenario;
  readonly dataDir: string;
}

/** A season worker's answer: its report's totals and counts, or why it failed. */
export type SeasonReply =
  | {
      readonly kind: 'done';
      readonly seasons: readonly string[];
      /** Wall seconds of the season in its worker (not counting start-up). */
      readonly seconds: number;
      readonly matches: number;
      readonly matchdays: number;
      readonly totals: SimulationTotals;
      /** CPU seconds of the season's simulation thread and of its sink's thread (Linux; else null). */
      readonly simulationThreadSeconds: number | null;
      readonly sinkThreadSeconds: number | null;
    }
  | { readonly kind: 'failed'; readonly seasons: readonly string[]; readonly message: string };

/** One finished season of {@link runSeasonsInParallel}. */
export type SeasonOutcome = Extract<SeasonReply, { kind: 'done' }>;

const WORKER_BOOT = new URL('./worker-boot.mjs', import.meta.url);
const SEASON_ENTRY = new URL('./season-worker.ts', import.meta.url).href;

/** `scenario` split into one scenario per season (name suffixed with the season), the rest unchanged. */
export const splitBySeason = (scenario: Scenario): Scenario[] =>
  scenario.seasons.map((season) => ({ ...scenario, name: `${scenario.name}-${season}`, seasons: [season] }));

/**
 * Runs each of `scenarios` in its own worker thread, at most `threads` (≥ 1) at a time, in the order
 * given; `onSeason` hears of each as it ends. Resolves to the outcomes in the order of `scenarios`.
 * Rejects with the first failure (the seasons still running are stopped), naming the season.
 */
export const runSeasonsInParallel = async (
  scenarios: readonly Scenario[],
  options: { readonly dataDir: string; readonly threads: number; onSeason?: (o: SeasonOutcome) => void },
): Promise<SeasonOutcome[]> => {
  const outcomes: SeasonOutcome[] = new Array(scenarios.length);
  const running = new Set<Worker>();
  let next = 0;
  let failed = false;
  const runOne = (index: number): Promise<void> =>
    new Promise((resolve, reject) => {
      const work: SeasonWork = { scenario: scenarios[index]!, dataDir: options.dataDir };
      const worker = new Worker(WORKER_BOOT, { workerData: { entry: SEASON_ENTRY, ...work } });
      running.add(worker);
      let answered = false;
      worker.on('message', (reply: SeasonReply) => {
        answered = true;
        if (reply.kind === 'done') {
          outcomes[index] = reply;
          options.onSeason?.(reply);
          resolve();
        } else reject(new Error(`simulation: season ${reply.seasons.join(',')}: ${reply.message}`));
      });
      worker.on('error', reject);
      worker.on('exit', (code) => {
        running.delete(worker);
        if (!answered) reject(new Error(`simulation: the season worker exited (${code}) without an answer`));
      });
    });
  const lane = async (): Promise<void> => {
    while (!failed && next < scenarios.length) await runOne(next++);
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.threads, scenarios.length)) }, lane));
  } catch (e) {
    failed = true;
    await Promise.all([...running].map((w) => w.terminate()));
    throw e;
  }
  return outcomes;
};
