/**
 * Whether a stream's state this process holds is still the stream as it is now (decision 0187), for
 * the facts a stake is checked against without reading them again: the player's protections
 * (`protection-<userId>`) on the money path, the account's no-bet and disabled flags (`account-<userId>`)
 * on the casino's bets.
 *
 * A state is **confirmed** by a read whose start came after every append to the stream this process
 * has heard of; it stops being confirmed when the store wakes this process for an append to the stream
 * (`EventStore.onAppended`: this process's own appends name their streams at once; another process's
 * are heard through PostgreSQL's notification, which names none, so every confirmation is dropped), and
 * after {@link FRESHNESS_MAX_AGE_MS} in any case (a lost notification, a reconnection).
 *
 * Reads, not writes, confirm: a writer that keeps its own state (the protection module's `remember`)
 * still has the next stake read once. Ticks are a process-wide counter: a read started at tick `t`
 * confirms only if no append to its stream was heard after `t`.
 */
import type { EventStore } from '@bashiri/eventstore';

/**
 * Longest a confirmed state is used without reading the stream again, ms: the backstop for an append
 * whose notification was never heard (decision 0187).
 */
export const FRESHNESS_MAX_AGE_MS = 5_000;
/** Streams whose last heard append is kept; older ones fold into one floor tick. */
const TRACKED = 20_000;

/** The freshness of the streams of one prefix (see the module comment), keyed by the id after it. */
export interface Freshness {
  /** The tick to take before a read whose result may confirm (pass it to {@link confirm}). */
  begin(): number;
  /** Marks the state read from `id`'s stream, by a read begun at `tick`, confirmed at `nowMs`. */
  confirm(id: string, tick: number, nowMs: number): void;
  /** True when `id`'s state was confirmed and nothing since has (or may have) appended to its stream. */
  current(id: string, nowMs: number): boolean;
  /**
   * How long ago, ms, `id`'s state was confirmed, while it is {@link current}; `undefined` when it is
   * not (never confirmed, an append heard since, or expired). A holder renews an ageing confirmation
   * ahead of its expiry with this (the casino's `freshFacts`, decision 0208).
   */
  ageMs(id: string, nowMs: number): number | undefined;
}

/** Freshness of the streams `<prefix><id>` of `store` (one tracker per store and prefix). */
export const streamFreshness = (store: EventStore, prefix: string): Freshness => {
  let tick = 0;
  /** Ticks at or below it may have missed an append (a notification without streams, an eviction). */
  let floor = 0;
  const heard = new Map<string, number>();
  const confirmed = new Map<string, { tick: number; at: number }>();
  store.onAppended((streams) => {
    tick += 1;
    if (!streams) {
      floor = tick;
      confirmed.clear();
      return;
    }
    for (const stream of streams) {
      if (!stream.startsWith(prefix)) continue;
      const id = stream.slice(prefix.length);
      heard.delete(id);
      heard.set(id, tick);
      confirmed.delete(id);
      if (heard.size > TRACKED) {
        const [oldest, at] = heard.entries().next().value!;
        heard.delete(oldest);
        floor = Math.max(floor, at);
      }
    }
  });
  return {
    begin: () => {
      tick += 1;
      return tick;
    },
    confirm: (id, at, nowMs) => {
      if (at <= floor || at <= (heard.get(id) ?? 0)) return;
      confirmed.delete(id);
      confirmed.set(id, { tick: at, at: nowMs });
      if (confirmed.size > TRACKED) confirmed.delete(confirmed.keys().next().value!);
    },
    current: (id, nowMs) => {
      const c = confirmed.get(id);
      return !!c && c.tick > floor && nowMs - c.at < FRESHNESS_MAX_AGE_MS;
    },
    ageMs: (id, nowMs) => {
      const c = confirmed.get(id);
      return c && c.tick > floor && nowMs - c.at < FRESHNESS_MAX_AGE_MS
        ? Math.max(0, nowMs - c.at)
        : undefined;
    },
  };
};
