/**
 * The events a simulated run writes, as the event store takes them (docs/simulations.md "Events"):
 * each id derives from the stream and the event's position, so a repeated run writes the same ids and
 * the store refuses a second copy. Shared by the football bets and wallets (engine.ts) and the pool
 * tickets and issues (pool.ts).
 */
import { deterministicEventId, type EventData } from '@bashiri/eventstore';

/** Event data of `events` appended to `stream` after its version `from` (0 for a new stream). */
export const toData = (
  stream: string,
  events: readonly { type: string; data: unknown }[],
  from: number,
): EventData[] =>
  events.map((e, i) => ({
    type: e.type,
    data: e.data,
    eventId: deterministicEventId(stream, from + i + 1),
    metadata: { actor: 'system:simulation', causationId: null },
  }));
