/**
 * Refreshes `int-durations.json` (the order of the integration files, longest first; decision 0203,
 * longest-first-sequencer.ts) from vitest's results cache after a full run of the integration projects:
 *
 *   npx vitest run --project int --project int-memory   # on two clusters, as CI runs them
 *   npx tsx eventstore/src/testing/int-durations.ts [results.json]
 *
 * The cache (`node_modules/.vite/vitest/<hash>/results.json`, the newest when no path is given) holds each
 * file's last duration in ms, keyed `project:path`; the table keeps the int and int-memory ones, in
 * seconds with one decimal. Only the order matters, so the figures of a loaded machine do as well as
 * quiet ones as long as they come from one run.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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
const durations = Object.fromEntries(
  cache.results
    .filter(([key, result]) => /^int(-memory)?:/.test(key) && typeof result.duration === 'number')
    .map(([key, result]) => [key, Math.round(result.duration! / 100) / 10] as const)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)),
);
const target = new URL('./int-durations.json', import.meta.url);
writeFileSync(
  target,
  `${JSON.stringify({ source: 'vitest results cache (seconds per file)', durations }, null, 2)}\n`,
);
console.log(`${Object.keys(durations).length} integration files → ${target.pathname}`);
