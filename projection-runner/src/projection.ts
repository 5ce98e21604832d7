import type { LogFilter, RecordedEvent, SqlExecutor } from '@bashiri/eventstore';

/**
 * A projection: a named function from an event to read-model writes (issue 2 item 5). `apply` runs
 * inside the batch's transaction and must write only through `tx`; it may be called again for the same
 * event only after a rollback, so it needs no idempotency of its own.
 */
export interface Projection {
  /** Unique and stable: the checkpoint row's key. */
  readonly name: string;
  /** Only events of these streams reach `apply` (e.g. `{ streamPrefixes: ['wallet-'] }`). */
  readonly filter?: LogFilter;
  apply(event: RecordedEvent, tx: SqlExecutor): Promise<void>;
  /**
   * Optional: applies a whole batch (the events in log order) with as few statements as it can
   * (multi-row writes). Must leave the read model exactly as `apply` on each event in turn would; the
   * runner calls it instead of `apply` when present.
   */
  applyBatch?(events: readonly RecordedEvent[], tx: SqlExecutor): Promise<void>;
  /**
   * Optional: least time between the starts of two background batches of this projection, ms, in place
   * of the runner's `minIntervalMs` — longer for read models nobody reads within a moment of the event
   * (statistics, back-office lists), so a steady stream of appends pays their batch overhead less often
   * (decision 0176). `catchUp`/`settle` never wait.
   */
  readonly minIntervalMs?: number;
  /** Empties the read model for a rebuild from the start of the log. */
  reset(tx: SqlExecutor): Promise<void>;
}
