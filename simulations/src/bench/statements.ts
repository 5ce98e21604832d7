/**
 * A SQL client that counts the statements (round trips to PostgreSQL) sent through it, for the HTTP
 * benches' "statements per bet / call / acceptance" figures: every `query` counts one, a transaction two
 * (its BEGIN and its COMMIT). Each statement is also counted by its prepared name or first words, so
 * `BENCH_COUNT_STATEMENTS=1` can print which request step or projection sends the most — unless
 * `byStatement: false` (bench:casino without BENCH_COUNT_STATEMENTS): then the total alone, one increment
 * per statement, with no name built from each statement's text on the server's CPU.
 */
import type { SqlClient, SqlExecutor } from '@bashiri/eventstore';

/** The counting client and its counters. */
export interface CountingSql {
  /** The client to open the server's services on. */
  readonly sql: SqlClient;
  /** Statements counted since the start or the last {@link reset}. */
  total(): number;
  /** Starts counting again from zero (e.g. after a bench's setup). */
  reset(): void;
  /** The `limit` most frequent statements, one per line: count, then name or first words. */
  report(limit?: number): string;
}

/** Options of {@link countingSql}. */
export interface CountingOptions {
  /** Characters of a statement's text that name it when it has no prepared name (default 90). */
  readonly keyLength?: number;
  /**
   * Whether to count each statement by name as well (default true). `false` counts the total only, with
   * no name built per statement: {@link CountingSql.report} is then empty.
   */
  readonly byStatement?: boolean;
}

/** Wraps `inner`, counting what it sends (see the module comment and {@link CountingOptions}). */
export const countingSql = (inner: SqlClient, options: CountingOptions = {}): CountingSql => {
  const { keyLength = 90, byStatement: named = true } = options;
  let total = 0;
  const byStatement = new Map<string, number>();
  const count = (key: string, trips: number) => {
    total += trips;
    byStatement.set(key, (byStatement.get(key) ?? 0) + trips);
  };
  const wrap = <E extends SqlExecutor>(executor: E): E =>
    ({
      ...executor,
      query: named
        ? (text: string, params?: readonly unknown[], name?: string) => {
            count(name ?? text.replace(/\s+/g, ' ').trim().slice(0, keyLength), 1);
            return executor.query(text, params, name);
          }
        : (text: string, params?: readonly unknown[], name?: string) => {
            total += 1;
            return executor.query(text, params, name);
          },
    }) as E;
  const sql: SqlClient = {
    ...wrap(inner),
    transaction: (fn) => {
      if (named) count('BEGIN … COMMIT', 2);
      else total += 2;
      return inner.transaction((tx) => fn(wrap(tx)));
    },
    withConnection: (fn) => inner.withConnection((connection) => fn(wrap(connection))),
  };
  return {
    sql,
    total: () => total,
    reset: () => {
      total = 0;
      byStatement.clear();
    },
    report: (limit = 30) =>
      [...byStatement]
        .sort((a, b) => b[1] - a[1])
        .slice(0, limit)
        .map(([key, n]) => `${String(n).padStart(8)}  ${key}`)
        .join('\n'),
  };
};
