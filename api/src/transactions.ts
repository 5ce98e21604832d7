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

/** Options of {@link retryOnConflict}. */
export interface RetryOptions {
  /** Most runs of the work (default 8). */
  readonly attempts?: number;
  /** Other errors that mean "lost a race, try again" besides {@link retryable} ones. */
  readonly retryIf?: (error: unknown) => boolean;
  /** Called before each new attempt (drop cached state that proved stale). */
  readonly onConflict?: (error: unknown, attempt: number) => void;
}

/**
 * The one retry policy of the write side (issue 14): runs `work`; when it loses a race to another
 * writer (an expected-version conflict, a retryable PostgreSQL error, or `retryIf`), waits a short
 * random time growing with the attempt (0–5 ms × attempt, so racers spread out) and runs it again on
 * fresh reads, at most `attempts` times; then the last error is thrown. `work` must re-read what it
 * decides on.
 */
export const retryOnConflict = async <T>(
  work: (attempt: number) => Promise<T>,
  { attempts = 8, retryIf, onConflict }: RetryOptions = {},
): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work(attempt);
    } catch (error) {
      if (!(retryable(error) || retryIf?.(error)) || attempt >= attempts) throw error;
      onConflict?.(error, attempt);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
};

/**
 * Runs `fn` in a transaction under {@link retryOnConflict}: when it loses a race the transaction is
 * rolled back and `fn` runs again, at most `attempts` times. `fn` must only touch the database through
 * `tx`.
 */
export const transactionWithRetry = <T>(
  sql: SqlClient,
  fn: (tx: SqlExecutor) => Promise<T>,
  attempts = 8,
): Promise<T> => retryOnConflict(() => sql.transaction(fn), { attempts });

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
