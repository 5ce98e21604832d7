/**
 * vitest `setupFiles` of the int and int-memory projects (vitest.config.ts, decision 0192): with
 * `INT_DATABASE_URLS` set, points `DATABASE_URL` at this worker's own PostgreSQL cluster before the test
 * file is loaded (every integration test reads `DATABASE_URL` when it opens a database, and child
 * processes it starts inherit it). Without `INT_DATABASE_URLS` it changes nothing.
 */
import { databaseUrlForWorker, parseDatabaseUrls } from './worker-database.ts';

const urls = parseDatabaseUrls(process.env.INT_DATABASE_URLS);
if (urls.length > 0)
  process.env.DATABASE_URL = databaseUrlForWorker(urls, Number(process.env.VITEST_POOL_ID));
