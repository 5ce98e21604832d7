/**
 * The payload of a cross-process wake-up (decision 0217, store.ts `parseAppendNotice`): what each kind of
 * notification wakes. The coalescing and the names' budget are checked against PostgreSQL in
 * sql-adapters.int.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { parseAppendNotice } from './store.ts';

describe('parseAppendNotice', () => {
  it("reads a notice's sender and streams", () => {
    expect(parseAppendNotice(JSON.stringify({ origin: 'a', streams: ['wallet-1', 'racing-2'] }))).toEqual({
      origin: 'a',
      streams: ['wallet-1', 'racing-2'],
    });
  });

  it('names no streams for a notice without them, a bare store id, a gap or a foreign payload', () => {
    expect(parseAppendNotice(JSON.stringify({ origin: 'a' }))).toEqual({ origin: 'a', streams: undefined });
    expect(parseAppendNotice('3f1c2a')).toEqual({ origin: '3f1c2a' });
    expect(parseAppendNotice(undefined)).toEqual({});
    expect(parseAppendNotice('')).toEqual({});
    expect(parseAppendNotice('{not json')).toEqual({});
    expect(parseAppendNotice(JSON.stringify({ origin: 7, streams: ['a', 2] }))).toEqual({
      origin: undefined,
      streams: undefined,
    });
  });
});
