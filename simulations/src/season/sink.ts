/**
 * Where the simulator's events go: the event-store port only. {@link appendBatch} takes a matchday's
 * streams (each wallet at its expected version, each new bet at 0) and writes them with the port's
 * multi-stream append, `appendToStreams` (all or nothing per call; on the SQL stores one statement per
 * call, prepared once, which also wakes the store's subscribers). Streams are sent in chunks of
 * {@link STREAMS_PER_BATCH}: a matchday of a 10,000-bettor season is a handful of statements instead of
 * one round trip per bet.
 */
import type { EventStore, StreamAppendRequest } from '@bashiri/eventstore';

/**
 * Largest number of streams per `appendToStreams` call. Bigger calls mean fewer statements; each one
 * is held in memory whole (~8 events a stream), so this bounds a call to a few MB.
 */
export const STREAMS_PER_BATCH = 250;

/**
 * Appends `requests` (each stream at its expected version) through `store.appendToStreams`, in chunks
 * of {@link STREAMS_PER_BATCH} streams, each chunk all or nothing. Throws the store's error (e.g.
 * `WRONG_EXPECTED_VERSION` when a kept store already holds the run).
 */
export const appendBatch = async (
  store: EventStore,
  requests: readonly StreamAppendRequest[],
): Promise<void> => {
  const work = requests.filter((r) => r.events.length > 0);
  for (let i = 0; i < work.length; i += STREAMS_PER_BATCH)
    await store.appendToStreams(work.slice(i, i + STREAMS_PER_BATCH));
};
