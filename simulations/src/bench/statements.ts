/**
 * A SQL client that counts the statements (round trips to PostgreSQL) sent through it, for the HTTP
 * benches' "statements per bet / call / acceptance" figures: every `query` counts one, a transaction two
 * (its BEGIN and its COMMIT). Each statement is also counted by its prepared name or first words, so
 * `BENCH_COUNT_STATEMENTS=1` can print which request step or projection sends the most.
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

/** Wraps `inner`; `keyLength` characters of a statement's text name it when it has no prepared name. */
export const countingSql = (inner: SqlClient, keyLength = 90): CountingSql => {
  let total = 0;
  const byStatement = new Map<string, number>();
  const count = (key: string, trips = 1) => {
    total += trips;
    byStatement.set(key, (byStatement.get(key) ?? 0) + trips);
  };
  const wrap = <E extends SqlExecutor>(executor: E): E =>
    ({
      ...executor,
      query: (text: string, params?: readonly unknown[], name?: string) => {
        count(name ?? text.replace(/\s+/g, ' ').trim().slice(0, keyLength));
        return executor.query(text, params, name);
      },
    }) as E;
  const sql: SqlClient = {
    ...wrap(inner),
    transaction: (fn) => {
      count('BEGIN … COMMIT', 2);
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
