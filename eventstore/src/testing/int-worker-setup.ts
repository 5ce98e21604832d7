/**
 * vitest `setupFiles` of the int, int-memory and e2e projects (vitest.config.ts, decisions 0192 and 0212):
 * with `INT_DATABASE_URLS` set, points `DATABASE_URL` at this worker's own PostgreSQL cluster before the
 * test file is loaded (every integration test reads `DATABASE_URL` when it opens a database, and child
 * processes it starts inherit it; an e2e file's server copies the run's template on it). Without
 * `INT_DATABASE_URLS` it changes nothing.
 */
import { databaseUrlForWorker, parseDatabaseUrls } from './worker-database.ts';

const urls = parseDatabaseUrls(process.env.INT_DATABASE_URLS);
if (urls.length > 0)
  process.env.DATABASE_URL = databaseUrlForWorker(urls, Number(process.env.VITEST_POOL_ID));
