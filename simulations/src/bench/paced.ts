/**
 * An open-loop ("paced") load schedule for the benches (decision 0205): work item `k` of `count` is DUE
 * at `start + k × intervalMs`, whether or not the server has answered the earlier ones, and is sent by
 * the first of `connections` free connections at its due time or, when every connection is still busy,
 * as soon as one frees up. The caller measures each item's latency from its due time (`run(k, due)`),
 * so the time an item waited for a free connection counts: a server that falls behind the offered rate
 * shows it in the latencies ("coordinated omission" corrected, as wrk2 and HdrHistogram measure), where a
 * closed loop — each connection sending its next call when the last one answered — would slow down with
 * the server and hide the wait.
 *
 * Clock and sleep are injected (milliseconds) so that `paced.unit.test.ts` runs the schedule on a fake
 * clock; the benches pass `performance.now` and a `setTimeout` sleep.
 */

/** Options of {@link runPaced}. */
export interface PacedOptions {
  /** Milliseconds between two items' due times (the offered rate is 1000 / intervalMs items per second). */
  readonly intervalMs: number;
  /** Items to send in all (item numbers 0 … count − 1, due in that order). */
  readonly count: number;
  /** Connections: at most this many items are in flight at once. */
  readonly connections: number;
  /** The clock, in milliseconds. */
  readonly now: () => number;
  /** Waits `ms` milliseconds. */
  readonly sleep: (ms: number) => Promise<void>;
  /**
   * Sends item `k` on connection `connection`; `due` is its due time on `now`'s clock (measure its
   * latency from there). A rejection ends the run with that error.
   */
  readonly run: (k: number, due: number, connection: number) => Promise<void>;
}

/** What {@link runPaced} reports: the schedule's start and end, and how late items were sent. */
export interface PacedResult {
  /** The due time of item 0 (ms, `now`'s clock). */
  readonly startedAt: number;
  /** When the last item's `run` ended (ms). */
  readonly endedAt: number;
  /** The largest delay between an item's due time and its sending (ms): the backlog at its worst. */
  readonly maxSendDelayMs: number;
}

/**
 * Runs the schedule described in the file header: `count` items due every `intervalMs`, on at most
 * `connections` at once, each sent at its due time or as soon as a connection frees up after it.
 * Throws `RangeError` for a non-positive interval, a negative count or fewer than one connection.
 */
export const runPaced = async (options: PacedOptions): Promise<PacedResult> => {
  const { intervalMs, count, connections, now, sleep, run } = options;
  if (!(intervalMs > 0)) throw new RangeError(`intervalMs must be positive, got ${intervalMs}`);
  if (!(count >= 0) || !Number.isInteger(count))
    throw new RangeError(`count must be a whole number ≥ 0, got ${count}`);
  if (!(connections >= 1)) throw new RangeError(`connections must be ≥ 1, got ${connections}`);
  const startedAt = now();
  let next = 0;
  let maxSendDelayMs = 0;
  const connection = async (c: number): Promise<void> => {
    for (;;) {
      const k = next;
      if (k >= count) return;
      next += 1;
      const due = startedAt + k * intervalMs;
      const early = due - now();
      if (early > 0) await sleep(early);
      maxSendDelayMs = Math.max(maxSendDelayMs, now() - due);
      await run(k, due, c);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(connections, Math.max(count, 1)) }, (_, c) => connection(c)),
  );
  return { startedAt, endedAt: now(), maxSendDelayMs };
};
