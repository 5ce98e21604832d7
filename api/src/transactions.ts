/**
 * Running commands that change several aggregates in one SQL transaction, safely under concurrency.
 */
import { isWrongExpectedVersion } from '@bashiri/eventstore';
import type { SqlClient, SqlExecutor } from '@bashiri/eventstore';

/** PostgreSQL errors that mean "someone else won; try again": unique violation, serialization, deadlock. */
const RETRYABLE = new Set(['23505', '40001', '40P01']);

/** True when `error` means another writer won a race (the work may be tried again on fresh reads). */
export const retryable = (error: unknown): boolean =>
  isWrongExpectedVersion(error) || RETRYABLE.has((error as { code?: string }).code ?? '');

/**
 * Runs `fn` in a transaction; when it loses a race (an expected-version conflict or a retryable
 * PostgreSQL error) the transaction is rolled back and `fn` runs again, at most `attempts` times.
 * `fn` must only touch the database through `tx`.
 */
export const transactionWithRetry = async <T>(
  sql: SqlClient,
  fn: (tx: SqlExecutor) => Promise<T>,
  attempts = 8,
): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await sql.transaction(fn);
    } catch (error) {
      if (!retryable(error) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
};

/**
 * Serialises work per key inside this process (one player's wallet): concurrent bets of one player
 * queue instead of racing each other into version conflicts. Across processes the expected-version
 * check still decides; this only keeps one process from fighting itself.
 */
export const keyedSerial = () => {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
};
