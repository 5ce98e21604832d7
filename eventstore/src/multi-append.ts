/**
 * The checks every adapter makes on an `EventStore.appendToStreams` call before touching its
 * storage (architecture.md §3 "The port"; issue 14 item 1), and the expected-version rule, shared by the
 * in-memory and KurrentDB adapters so that they refuse the same calls with the same codes.
 */
import { randomUUID } from 'node:crypto';
import { EventStoreError } from './errors.ts';
import type { EventMetadata, ExpectedVersion, StreamAppendRequest } from './types.ts';

/** An event of a {@link PreparedStreamAppend}: its id fixed, its metadata complete. */
export interface PreparedEvent {
  readonly eventId: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
  /** True when the caller gave the id (a retry may find it stored); false when generated here. */
  readonly suppliedId: boolean;
}

/** One request of the call, checked. */
export interface PreparedStreamAppend {
  readonly streamName: string;
  readonly expectedVersion: ExpectedVersion;
  readonly events: readonly PreparedEvent[];
}

/**
 * An event's full metadata: our defaults (a fresh correlation id, no causation, the `system` actor),
 * then the request's shared metadata, then the event's own — as every adapter of the port does.
 */
const completeMetadata = (
  own: Partial<EventMetadata> | undefined,
  shared: Partial<EventMetadata> | undefined,
): EventMetadata => ({
  correlationId: randomUUID(),
  causationId: null,
  actor: 'system',
  ...shared,
  ...own,
});

/** Throws `INVALID_APPEND` unless `expected` is a whole number ≥ 0 or one of the named states. */
export const checkExpectedVersion = (streamName: string, expected: ExpectedVersion): void => {
  if (typeof expected === 'number') {
    if (Number.isSafeInteger(expected) && expected >= 0) return;
    throw new EventStoreError(
      'INVALID_APPEND',
      `append to ${streamName}: expected version must be a whole number >= 0, got ${expected}`,
    );
  }
  if (expected === 'no_stream' || expected === 'stream_exists' || expected === 'any') return;
  throw new EventStoreError(
    'INVALID_APPEND',
    `append to ${streamName}: unknown expected version ${String(expected)}`,
  );
};

/**
 * True when a stream at version `current` (0 = absent) satisfies `expected`: a number must equal it
 * (0 = the stream must not exist), `no_stream` needs 0, `stream_exists` more than 0, `any` anything.
 */
export const expectedVersionMatches = (expected: ExpectedVersion, current: number): boolean => {
  if (typeof expected === 'number') return expected === current;
  if (expected === 'no_stream') return current === 0;
  if (expected === 'stream_exists') return current > 0;
  return true;
};

/**
 * Checks an `appendToStreams` call and fixes its ids and metadata. Throws an `EventStoreError`:
 * `INVALID_APPEND` when a stream appears twice or an expected version is malformed;
 * `EVENT_ID_CONFLICT` when one event id appears twice in the call.
 */
export const prepareStreamAppends = (appends: readonly StreamAppendRequest[]): PreparedStreamAppend[] => {
  const streams = new Set<string>();
  const ids = new Set<string>();
  return appends.map((request) => {
    if (streams.has(request.streamName))
      throw new EventStoreError(
        'INVALID_APPEND',
        `appendToStreams: stream ${request.streamName} appears twice in one call`,
        { stream: request.streamName },
      );
    streams.add(request.streamName);
    checkExpectedVersion(request.streamName, request.expectedVersion);
    const events = request.events.map((event): PreparedEvent => {
      const eventId = event.eventId ?? randomUUID();
      if (ids.has(eventId))
        throw new EventStoreError(
          'EVENT_ID_CONFLICT',
          `appendToStreams: event id ${eventId} appears twice in one call`,
          { stream: request.streamName, eventId },
        );
      ids.add(eventId);
      return {
        eventId,
        type: event.type,
        data: event.data === undefined ? null : event.data,
        metadata: completeMetadata(event.metadata, request.metadata),
        suppliedId: event.eventId !== undefined,
      };
    });
    return { streamName: request.streamName, expectedVersion: request.expectedVersion, events };
  });
};
