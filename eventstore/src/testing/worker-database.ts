/**
 * One PostgreSQL server (cluster) per integration-test worker (decision 0192).
 *
 * The global log shows only events of transactions older than the oldest one open anywhere in the
 * cluster (`tx_id < pg_snapshot_xmin(pg_current_snapshot())`, eventstore/src/sql/store.ts), whatever the
 * database or schema, so two test files on one cluster hold back each other's readers. With
 * `INT_DATABASE_URLS` (comma-separated, one URL per worker, each on a cluster of its own; `.ci/run` and
 * `.ci/with-int-cluster` make it) the int projects run one worker per URL, and each worker's files use the
 * URL of its vitest pool id (`VITEST_POOL_ID`, 1 … maxWorkers, unique among the files running at one
 * moment) as their `DATABASE_URL`: files that run at the same time never share a cluster.
 */

/** The URLs of `INT_DATABASE_URLS` (comma-separated; blanks ignored), in order; `[]` when unset. */
export const parseDatabaseUrls = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url.length > 0);

/**
 * The URL of worker `poolId` (vitest's `VITEST_POOL_ID`, from 1): the `poolId`-th of `urls`. Throws when
 * the pool id is not a whole number from 1 to `urls.length`: a worker without a cluster of its own would
 * share one with another worker, the failure this exists to prevent.
 */
export const databaseUrlForWorker = (urls: readonly string[], poolId: number): string => {
  const url = Number.isInteger(poolId) && poolId >= 1 ? urls[poolId - 1] : undefined;
  if (url === undefined)
    throw new Error(
      `INT_DATABASE_URLS has ${urls.length} URL(s) but this is vitest worker ${poolId}: ` +
        'run at most one integration worker per URL (VITEST_WORKERS ≤ the number of URLs)',
    );
  return url;
};

/**
 * The PostgreSQL servers the files of a run with `workers` workers use (decision 0212: the e2e global
 * setup makes its template on each): with `INT_DATABASE_URLS` (`intDatabaseUrls`), the URLs of workers
 * 1 … `workers` ({@link databaseUrlForWorker}), else `databaseUrl` alone (every worker on it).
 */
export const databaseUrlsOfWorkers = (
  databaseUrl: string,
  intDatabaseUrls: string | undefined,
  workers: number,
): string[] => {
  const urls = parseDatabaseUrls(intDatabaseUrls).slice(0, Math.max(1, workers));
  return urls.length > 0 ? urls : [databaseUrl];
};
