/**
 * Seasons in parallel worker threads (decision 0126) and the throwaway sink store (decision 0125):
 * each season run in its own worker — with a throwaway PGlite in its own sink thread, its log indexes
 * dropped and its tables unlogged — gives the same totals as the same season run with a migrated
 * store in this thread; and the throwaway store still refuses a wrong expected version.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createPgliteEventStore } from '@bashiri/eventstore';
import { describe, expect, it } from 'vitest';
import { runSimulation } from './engine.ts';
import { runSeasonsInParallel, splitBySeason } from './parallel.ts';
import { buildReport } from './report.ts';
import { parseScenario } from './scenario.ts';
import { DEFAULT_DATA_DIR } from './simulate.ts';
import { openWorkerSink } from './sink.ts';

/** Worker threads booting tsx on a loaded machine: minutes. */
const SLOW = 600_000;

const hasData = ['2022-23', '2023-24'].every((s) => existsSync(join(DEFAULT_DATA_DIR, `E0-${s}.csv`)));

const scenario = parseScenario({
  name: 'parallel',
  leagues: ['E0'],
  seasons: ['2022-23', '2023-24'],
  maxMatchdays: 2,
  seed: 7,
  bettors: { count: 60, mix: { favourite: 1, longshot_acca: 1, value: 1, casual: 1 }, activity: 0.5 },
});

describe.skipIf(!hasData)('seasons in parallel worker threads', () => {
  it(
    'each season in its own worker (throwaway sink store) gives the totals of that season run in this thread',
    async () => {
      const seasons = splitBySeason(scenario);
      expect(seasons.map((s) => [s.name, s.seasons])).toEqual([
        ['parallel-2022-23', ['2022-23']],
        ['parallel-2023-24', ['2023-24']],
      ]);
      const outcomes = await runSeasonsInParallel(seasons, { dataDir: DEFAULT_DATA_DIR, threads: 2 });
      for (const [k, season] of seasons.entries()) {
        const store = await createPgliteEventStore();
        try {
          const direct = buildReport(
            season,
            await runSimulation(season, { store, dataDir: DEFAULT_DATA_DIR }),
          );
          expect(outcomes[k]!.seasons).toEqual(season.seasons);
          expect(outcomes[k]!.totals).toEqual(direct.totals);
          expect(direct.totals.bets).toBeGreaterThan(0);
        } finally {
          await store.close();
        }
      }
    },
    SLOW,
  );

  it(
    'the throwaway store still checks expected versions',
    async () => {
      const sink = await openWorkerSink({ kind: 'memory' });
      try {
        const append = (expectedVersion: number) =>
          sink.appendToStreams([
            { streamName: 'wallet-t-u1', expectedVersion, events: [{ type: 'Tested', data: { n: 1 } }] },
          ]);
        await append(0);
        await expect(append(0)).rejects.toMatchObject({ code: 'WRONG_EXPECTED_VERSION' });
      } finally {
        await sink.close();
      }
    },
    SLOW,
  );
});
