/**
 * A background worker: runs `work` now, then again after every wake-up or at most `pollMs` later,
 * until stopped. Errors are reported and the loop goes on (the work is retried next round).
 */
export interface WorkerLoopOptions {
  readonly pollMs: number;
  /** Subscribes to wake-ups (e.g. `store.onAppended`); returns the unsubscribe. */
  readonly wakeOn?: (wake: () => void) => () => void;
  readonly onError: (error: unknown) => void;
  /**
   * Least time between the starts of two rounds when wake-ups keep coming, ms (default 0). Under a
   * steady stream of appends a worker woken by each would run round after round, each paying its
   * fixed statements; a wake-up during a round is remembered and served at most this soon after it
   * began. After a quiet spell a wake-up starts a round at once.
   */
  readonly minIntervalMs?: number;
}

/** Starts the loop; the returned function stops it and resolves when the current round has ended. */
export const startWorkerLoop = (
  work: () => Promise<unknown>,
  options: WorkerLoopOptions,
): (() => Promise<void>) => {
  let running = true;
  let wake: (() => void) | null = null;
  let pending = false;
  const unsubscribe = options.wakeOn?.(() => {
    pending = true;
    wake?.();
  });
  const loop = (async () => {
    while (running) {
      pending = false;
      const started = Date.now();
      try {
        await work();
      } catch (error) {
        options.onError(error);
      }
      if (!running) break;
      if (pending) {
        const rest = started + (options.minIntervalMs ?? 0) - Date.now();
        if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  })();
  return async () => {
    running = false;
    unsubscribe?.();
    (wake as (() => void) | null)?.();
    await loop;
  };
};
