import type { EventStore, RecordedEvent, SubscribeOptions } from './types.ts';

/**
 * Catch-up then live delivery built on `readAll` + `onAppended`: reads batches until nothing new is
 * visible, then sleeps until a wake-up or the poll interval, whichever comes first. Exactly-once and
 * in order as long as `readAll` is (the SQL stores guarantee it with the (tx_id, position) filter).
 */
export async function* subscribeByPolling(
  store: EventStore,
  options: SubscribeOptions,
): AsyncGenerator<RecordedEvent> {
  const batchSize = options.batchSize ?? 100;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  let after = options.after ?? null;
  let woken: boolean;
  let wakeUp: (() => void) | null = null;
  const stop = store.onAppended(() => {
    woken = true;
    wakeUp?.();
  });
  const onAbort = () => wakeUp?.();
  options.signal?.addEventListener('abort', onAbort);
  try {
    while (!options.signal?.aborted) {
      woken = false;
      const { events, position } = await store.readAll({
        after,
        maxCount: batchSize,
        filter: options.filter,
      });
      after = position;
      for (const event of events) {
        if (options.signal?.aborted) return;
        yield event;
      }
      if (events.length === batchSize || woken) continue;
      if (options.signal?.aborted) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollIntervalMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  } finally {
    stop();
    options.signal?.removeEventListener('abort', onAbort);
  }
}
