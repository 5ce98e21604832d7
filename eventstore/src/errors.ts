import type { ExpectedVersion } from './types.ts';

/**
 * Coded event-store errors (plain `code` strings; house style). `UNSUPPORTED_SERVER`: the store's server
 * lacks a feature the port needs (KurrentDB older than 25.1 for `appendToStreams`, docs/kurrentdb.md).
 */
export type EventStoreErrorCode =
  'WRONG_EXPECTED_VERSION' | 'EVENT_ID_CONFLICT' | 'INVALID_APPEND' | 'UNSUPPORTED_SERVER';

export class EventStoreError extends Error {
  constructor(
    readonly code: EventStoreErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'EventStoreError';
  }
}

/** The stream's version did not match the expected version: reload, decide again, retry (bounded). */
export const wrongExpectedVersion = (
  stream: string,
  expected: ExpectedVersion,
  actual: number,
): EventStoreError =>
  new EventStoreError(
    'WRONG_EXPECTED_VERSION',
    `stream ${stream}: expected version ${String(expected)}, actual ${actual}`,
    { stream, expected, actual },
  );

export const isWrongExpectedVersion = (error: unknown): error is EventStoreError =>
  error instanceof EventStoreError && error.code === 'WRONG_EXPECTED_VERSION';
