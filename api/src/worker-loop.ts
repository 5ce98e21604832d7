/**
 * A background worker: runs `work` now, then again after every wake-up or at most `pollMs` later,
 * until stopped. Errors are reported and the loop goes on (the work is retried next round).
 */
export interface WorkerLoopOptions {
  readonly pollMs: number;
  /** Subscribes to wake-ups (e.g. `store.onAppended`); returns the unsubscribe. */
  readonly wakeOn?: (wake: () => void) => () => void;
  readonly onError: (error: unknown) => void;
}

/** Starts the loop; the returned function stops it and resolves when the current round has ended. */
export const startWorkerLoop = (
  work: () => Promise<unknown>,
  options: WorkerLoopOptions,
): (() => Promise<void>) => {
  let running = true;
  let wake: (() => void) | null = null;
  const unsubscribe = options.wakeOn?.(() => wake?.());
  const loop = (async () => {
    while (running) {
      try {
        await work();
      } catch (error) {
        options.onError(error);
      }
      if (!running) break;
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
