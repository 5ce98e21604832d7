/**
 * Refreshes `int-durations.json` (the order of the integration and e2e files, longest first; decisions
 * 0203 and 0212, longest-first-sequencer.ts) from vitest's results cache after a full run of the
 * integration projects, or of the e2e project:
 *
 *   npx vitest run --project int --project int-memory   # on two clusters, as CI runs them
 *   npx tsx eventstore/src/testing/int-durations.ts [results.json]
 *
 * The cache (`node_modules/.vite/vitest/<hash>/results.json`, the newest when no path is given) holds each
 * file's last duration in ms, keyed `project:path`; the table keeps the int, int-memory and e2e ones, in
 * seconds with one decimal, and keeps the entries of the table the cache does not have (a run of one
 * tier leaves the other's order as it was). Only the order within a tier matters, so the figures of a
 * loaded machine do as well as quiet ones as long as each tier's come from one run.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDurations } from './longest-first-sequencer.ts';

const cacheDir = 'node_modules/.vite/vitest';
const newestCache = (): string => {
  const files = readdirSync(cacheDir)
    .map((dir) => join(cacheDir, dir, 'results.json'))
    .filter((file) => {
      try {
        return statSync(file).isFile();
      } catch {
        return false;
      }
    })
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!files[0])
    throw new Error(`no vitest results cache under ${cacheDir}: run the integration tests first`);
  return files[0];
};

const source = process.argv[2] ?? newestCache();
const cache = JSON.parse(readFileSync(source, 'utf8')) as {
  results: [string, { duration?: number }][];
};
const target = new URL('./int-durations.json', import.meta.url);
// The table as it is (the sequencer's own reader): entries the cache lacks are kept.
const table = Object.fromEntries(loadDurations(target));
const fresh = cache.results
  .filter(([key, result]) => /^(int|int-memory|e2e):/.test(key) && typeof result.duration === 'number')
  .map(([key, result]) => [key, Math.round(result.duration! / 100) / 10] as const);
const durations = Object.fromEntries(
  Object.entries({ ...table, ...Object.fromEntries(fresh) }).sort(
    (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1),
  ),
);
writeFileSync(
  target,
  `${JSON.stringify({ source: 'vitest results cache (seconds per file)', durations }, null, 2)}\n`,
);
console.log(`${Object.keys(durations).length} integration and e2e files → ${target.pathname}`);
