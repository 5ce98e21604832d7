import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectedVersionMatches, prepareStreamAppends } from './multi-append.ts';
import type { ExpectedVersion } from './types.ts';

describe('prepareStreamAppends', () => {
  it('keeps supplied ids, generates the others, and completes metadata: defaults < request < event', () => {
    const id = randomUUID();
    const [bet, wallet] = prepareStreamAppends([
      {
        streamName: 'bet-1',
        expectedVersion: 0,
        metadata: { actor: 'player:1', correlationId: 'c' },
        events: [{ type: 'Placed', data: { stake: 1_000 }, eventId: id, metadata: { causationId: 'cmd' } }],
      },
      { streamName: 'wallet-1', expectedVersion: 'any', events: [{ type: 'Debited', data: undefined }] },
    ]);
    expect(bet!.events[0]).toEqual({
      eventId: id,
      type: 'Placed',
      data: { stake: 1_000 },
      metadata: { correlationId: 'c', causationId: 'cmd', actor: 'player:1' },
      suppliedId: true,
    });
    expect(wallet!.events[0]).toMatchObject({
      data: null,
      suppliedId: false,
      metadata: { causationId: null, actor: 'system' },
    });
    expect(wallet!.events[0]!.eventId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a stream twice (INVALID_APPEND), an id twice (EVENT_ID_CONFLICT) and a malformed version (INVALID_APPEND)', () => {
    const id = randomUUID();
    expect(() =>
      prepareStreamAppends([
        { streamName: 'a', expectedVersion: 'any', events: [] },
        { streamName: 'a', expectedVersion: 'any', events: [] },
      ]),
    ).toThrow(expect.objectContaining({ code: 'INVALID_APPEND' }));
    expect(() =>
      prepareStreamAppends([
        { streamName: 'a', expectedVersion: 'any', events: [{ type: 'A', data: {}, eventId: id }] },
        { streamName: 'b', expectedVersion: 'any', events: [{ type: 'B', data: {}, eventId: id }] },
      ]),
    ).toThrow(expect.objectContaining({ code: 'EVENT_ID_CONFLICT' }));
    for (const bad of [-1, 1.5, Number.NaN, 'latest' as ExpectedVersion])
      expect(() => prepareStreamAppends([{ streamName: 'a', expectedVersion: bad, events: [] }])).toThrow(
        expect.objectContaining({ code: 'INVALID_APPEND' }),
      );
  });
});

describe('expectedVersionMatches', () => {
  it('a number only its version; no_stream only 0; stream_exists anything above 0; any everything', () => {
    fc.assert(
      fc.property(fc.nat(50), fc.nat(50), (expected, current) => {
        expect(expectedVersionMatches(expected, current)).toBe(expected === current);
        expect(expectedVersionMatches('no_stream', current)).toBe(current === 0);
        expect(expectedVersionMatches('stream_exists', current)).toBe(current > 0);
        expect(expectedVersionMatches('any', current)).toBe(true);
      }),
    );
  });
});
