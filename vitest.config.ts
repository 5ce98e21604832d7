import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './eventstore/src/testing/longest-first-sequencer.ts';
import { parseDatabaseUrls } from './eventstore/src/testing/worker-database.ts';

/**
 * Test tiers by file name (DEVELOPERS.md "How we work"):
 * - unit: pure code, no IO;
 * - int: real PostgreSQL (DATABASE_URL) or embedded PGlite when it is not set;
 * - e2e: real browser against a real server.
 */
const exclude = ['**/node_modules/**', '**/dist/**'];

/** Timeouts of the integration projects (ms); `INT_TIMEOUT_MS` raises them on a loaded machine. */
const INT_TIMEOUT_MS = Number(process.env.INT_TIMEOUT_MS ?? 60_000);

/**
 * PostgreSQL servers of the integration projects, one per worker (decision 0192): `INT_DATABASE_URLS`,
 * comma-separated, each URL on a cluster (server) of its own. `.ci/run` passes the CI database and a
 * throwaway second cluster it makes (`.ci/with-int-cluster`, which also works locally).
 */
const INT_DATABASE_URLS = parseDatabaseUrls(process.env.INT_DATABASE_URLS);

/**
 * Workers of the integration projects: one per URL of `INT_DATABASE_URLS`, else one (as before).
 * Two workers on ONE cluster fail (27 November: promotion, casino wallet, racing void and
 * projection-runner integration tests, quickly and only beside other files): the global log shows only
 * events of transactions older than the oldest one still open anywhere in the cluster
 * (`tx_id < pg_snapshot_xmin(pg_current_snapshot())`, eventstore/src/sql/store.ts), in any database or
 * schema, so another file's open transaction holds back this file's readers, and a test that catches up
 * once and expects events reads none (docs/benchmarks.md "CI time: browser tests on the server's clock").
 * So each worker gets its own cluster: `eventstore/src/testing/int-worker-setup.ts` sets `DATABASE_URL`
 * to the URL of the worker's `VITEST_POOL_ID`. `VITEST_WORKERS` overrides the count (at most one per
 * URL). The end-to-end files run after them, on the same clusters (`E2E_WORKERS`, decision 0212).
 */
/**
 * Workers of a tier that runs one per cluster: the count set in `variable`, by default one per URL of
 * `INT_DATABASE_URLS` (else one); refused when it names more workers than clusters.
 */
const workersPerCluster = (variable: 'VITEST_WORKERS' | 'E2E_WORKERS'): number => {
  const workers = Number(process.env[variable] ?? Math.max(1, INT_DATABASE_URLS.length));
  if (INT_DATABASE_URLS.length > 0 && workers > INT_DATABASE_URLS.length)
    throw new Error(
      `${variable}=${workers} but INT_DATABASE_URLS names ${INT_DATABASE_URLS.length} cluster(s)`,
    );
  return workers;
};
const WORKERS = workersPerCluster('VITEST_WORKERS');
/**
 * Set up in every project that retries: prints a retried attempt's errors, and with
 * `FORCE_RETRY=1` fails each test's first attempt on purpose (the retry-safety audit).
 */
const RETRY_SETUP = 'eventstore/src/testing/retry-setup.ts';
const INT_SETUP = ['eventstore/src/testing/int-worker-setup.ts', RETRY_SETUP];

/**
 * `expect.poll` of the integration projects: up to 30 s (vitest's default is 1 s, which a loaded 2-core CI
 * machine can miss for work that takes milliseconds; a poll ends as soon as its check holds).
 */
const INT_POLL = { timeout: 30_000, interval: 50 };

/**
 * Where the unit files run (decision 0210). By default in the integration group (`groupOrder` 1, so the
 * same `maxWorkers`: vitest gives one to a whole group), after every integration file
 * (`LongestFirstSequencer`): as the integration files run out, each worker takes unit files, so in CI
 * the unit tier has two workers right after the int files instead of one after the e2e files (vitest
 * runs a one-worker isolated group last). A unit file needs no cluster, and an int file still gets a
 * pool id from 1 to `WORKERS` (no unit file starts before the last int file has).
 * `UNIT_BESIDE_INT=0` gives them their own group as before (decision 0151): `UNIT_WORKERS` (default 1)
 * workers, `UNIT_POOL=threads` for worker threads.
 */
const UNIT_BESIDE_INT = process.env.UNIT_BESIDE_INT !== '0';
const UNIT_WORKERS = UNIT_BESIDE_INT ? WORKERS : Number(process.env.UNIT_WORKERS ?? 1);
const UNIT_POOL = process.env.UNIT_POOL === 'threads' ? 'threads' : 'forks';
/**
 * The unit files share a worker process and its module graph (`isolate: false`; decision 0210): a fresh
 * child process per file spent more CPU importing (vitest's "import" 98 s of a 299 s run, 180 CPU-s in
 * all) than the tests themselves; one process per worker halves the tier's CPU. `UNIT_ISOLATE=1`
 * goes back to a process per file (to tell a leak between files from a bug).
 */
const UNIT_ISOLATE = process.env.UNIT_ISOLATE === '1';
/**
 * Time limit of a unit test (ms): 30 s, not vitest's 5 s. Two unit workers (and the last int files)
 * share the two cores: a story render (`web-admin/src/stories.unit`, a happy-dom render and a
 * `waitFor`) took over 5 s at load 12 on the shared machine and failed on the limit, not on a check.
 * No unit test measures time (a hang still fails, at 30 s).
 */
const UNIT_TIMEOUT_MS = 30_000;

/**
 * Workers of the e2e project (decision 0212): one per URL of `INT_DATABASE_URLS` (CI: two, the int
 * workers' clusters, idle once the integration group has ended), else one. Each worker has its own
 * module graph, Chromium and cluster: the setup file `int-worker-setup.ts` points its `DATABASE_URL` at
 * the URL of its pool id, and the global setup makes the template on each (a file on one cluster would
 * hold back the global log's readers of a file on the other, as for the int files: decision 0192).
 * `E2E_WORKERS` overrides (`E2E_WORKERS=1`: one worker, as before 0212; at most one per URL).
 */
const E2E_WORKERS = workersPerCluster('E2E_WORKERS');

/**
 * Retries of a failed integration or browser test in CI (`CI=true`): one. A test that fails because
 * the code is broken fails both times, so CI stays red; a test that failed once from the load of a
 * 2-core machine (a lost click, a read model a moment behind another) is named in the report as
 * retried, and is made steady in the next change. Unit tests (pure code, money properties) never retry.
 * Locally nothing retries. A retried attempt's errors are printed (`RETRY_SETUP`), so the report says why
 * it failed. `FORCE_RETRY=1` also gives one retry (and fails every first attempt: a test that is not
 * retry-safe, e.g. one that reuses fixed ids in its file's database, then fails).
 */
const RETRY = process.env.CI || process.env.FORCE_RETRY === '1' ? 1 : 0;

/** The integration suites that run a second time with `TEST_EVENT_STORE=memory` (project `int-memory`). */
const MEMORY_STORE_SUITES = [
  'api/src/modules/betting/betting.int.test.ts',
  'api/src/modules/wallet/money-path.int.test.ts',
  'api/src/modules/wallet/wallet.int.test.ts',
  'api/src/modules/payments/deposits.int.test.ts',
  'api/src/modules/payments/withdrawals.int.test.ts',
  'api/src/modules/identity/identity.int.test.ts',
];

export default defineConfig({
  test: {
    // The integration files longest first, by the durations in eventstore/src/testing/int-durations.json,
    // so that the two int workers end together (decision 0203); `INT_LONGEST_FIRST=0` keeps vitest's
    // own order (its results cache, else the files' sizes).
    ...(process.env.INT_LONGEST_FIRST === '0' ? {} : { sequence: { sequencer: LongestFirstSequencer } }),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/*.unit.test.ts'],
          exclude,
          pool: UNIT_POOL,
          maxWorkers: UNIT_WORKERS,
          isolate: UNIT_ISOLATE,
          testTimeout: UNIT_TIMEOUT_MS,
          sequence: { groupOrder: UNIT_BESIDE_INT ? 1 : 0 },
        },
      },
      {
        test: {
          name: 'int',
          include: ['**/*.int.test.ts'],
          exclude,
          retry: RETRY,
          maxWorkers: WORKERS,
          setupFiles: INT_SETUP,
          sequence: { groupOrder: 1 },
          testTimeout: INT_TIMEOUT_MS,
          hookTimeout: INT_TIMEOUT_MS,
          expect: { poll: INT_POLL },
        },
      },
      {
        // The key integration suites once more with the events in the in-memory adapter of the port and
        // the read models in PGlite/PostgreSQL (issue 14 item 2; api/src/testing/app.ts): proves the
        // write side of betting, wallet, payments and identity uses nothing but the port.
        test: {
          name: 'int-memory',
          include: MEMORY_STORE_SUITES,
          exclude,
          retry: RETRY,
          maxWorkers: WORKERS,
          setupFiles: INT_SETUP,
          sequence: { groupOrder: 1 },
          testTimeout: INT_TIMEOUT_MS,
          hookTimeout: INT_TIMEOUT_MS,
          expect: { poll: INT_POLL },
          env: { TEST_EVENT_STORE: 'memory' },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['**/*.e2e.test.ts'],
          exclude,
          retry: RETRY,
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // The web apps are built, and with DATABASE_URL a migrated template database is made, once
          // before the first file (not in its beforeAll; decision 0193).
          globalSetup: ['api/src/testing/e2e-global-setup.ts'],
          // Each worker process runs its files one after another with one module graph (the server's
          // modules and playwright imported once, not per file) and one Chromium (e2e.ts sharedChromium);
          // each file still has its own server, database and browser contexts. The setup files point
          // DATABASE_URL at the worker's cluster (decision 0212) and restore process.env after each file
          // (decision 0193).
          // `E2E_ISOLATE=1` goes back to a fresh worker per file (to tell a leak between files from a bug).
          isolate: process.env.E2E_ISOLATE === '1',
          setupFiles: [...INT_SETUP, 'api/src/testing/e2e-setup-file.ts'],
          fileParallelism: E2E_WORKERS > 1,
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 2 },
          // A real browser on a busy 2-core machine: expect.poll waits up to 30 s (default 1 s).
          expect: { poll: { timeout: 30_000, interval: 100 } },
        },
      },
    ],
  },
});
