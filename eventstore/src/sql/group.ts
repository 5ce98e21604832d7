/**
 * Group commit's scheduler (decision 0007): concurrent calls go to one runner together. Kept apart from
 * `grouped.ts` (which needs the SQL store) so the store itself can group its appends.
 */
import DataLoader from 'dataloader';
import type { SqlExecutor } from './client.ts';

/** How groups are formed. */
export interface GroupOptions {
  /** Most requests in one group (default 64). */
  readonly maxBatch?: number;
  /** Most groups at the database at once (default 4); more requests wait and form the next group. */
  readonly maxInFlight?: number;
}

/**
 * Runs a group: one answer per item, in the items' order; an `Error` in place of an answer rejects
 * that item's promise only. A throw rejects every item of the group.
 */
export type GroupRunner<I, O> = (items: readonly I[]) => Promise<ReadonlyArray<O | Error>>;

/**
 * A function that sends `item` to `run` together with the items of concurrent calls (see the module
 * comment) and resolves with its own answer.
 */
export const createGrouper = <I, O>(
  run: GroupRunner<I, O>,
  { maxBatch = 64, maxInFlight = 4 }: GroupOptions = {},
): ((item: I) => Promise<O>) => {
  if (!(maxBatch >= 1) || !(maxInFlight >= 1))
    throw new RangeError('maxBatch and maxInFlight must be at least 1');
  /** Groups sent or about to be sent. */
  let active = 0;
  /** Groups formed while `maxInFlight` were out, in the order they formed. */
  const waiting: (() => void)[] = [];
  const finished = (): void => {
    const next = waiting.shift();
    if (next) setImmediate(next);
    else active--;
  };
  const loader = new DataLoader<I, O, I>(
    async (items) => {
      try {
        return await run(items);
      } finally {
        finished();
      }
    },
    {
      cache: false,
      maxBatchSize: maxBatch,
      batchScheduleFn: (dispatch) => {
        if (active < maxInFlight) {
          active++;
          setImmediate(dispatch);
        } else waiting.push(dispatch);
      },
    },
  );
  return (item) => loader.load(item);
};

/**
 * A grouped call per SQL client: `run(executor, items)` runs a group of the items sent through the same
 * `executor` (a pool, never a transaction: the members of a group are different requests). Answers
 * `(executor, item) => answer`; each executor gets its own grouper on first use.
 */
export const groupedPerExecutor = <I, O>(
  run: (executor: SqlExecutor, items: readonly I[]) => Promise<ReadonlyArray<O | Error>>,
  options?: GroupOptions,
): ((executor: SqlExecutor, item: I) => Promise<O>) => {
  const groupers = new WeakMap<SqlExecutor, (item: I) => Promise<O>>();
  return (executor, item) => {
    let call = groupers.get(executor);
    if (!call) {
      call = createGrouper<I, O>((items) => run(executor, items), options);
      groupers.set(executor, call);
    }
    return call(item);
  };
};
