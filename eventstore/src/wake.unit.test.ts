import { describe, expect, it } from 'vitest';
import { createMemoryEventStore } from './memory/store.ts';
import { onlyFor, wakeConcerns } from './types.ts';

describe('wake-ups name the streams appended to', () => {
  it('wakeConcerns: unknown streams or an unfiltered reader always wake; else a prefix must match', () => {
    expect(wakeConcerns(undefined, ['bet-1'])).toBe(true);
    expect(wakeConcerns({ streamPrefixes: ['racing-'] }, undefined)).toBe(true);
    expect(wakeConcerns({ streamPrefixes: [] }, ['bet-1'])).toBe(true);
    expect(wakeConcerns({ streamPrefixes: ['racing-', 'racingbet-'] }, ['bet-1', 'wallet-u1'])).toBe(false);
    expect(wakeConcerns({ streamPrefixes: ['racing-'] }, ['wallet-u1', 'racing-42'])).toBe(true);
  });

  it('the memory store folds a burst of appends into one wake-up naming every stream written', async () => {
    const store = createMemoryEventStore();
    const heard: (readonly string[] | undefined)[] = [];
    const racing: number[] = [];
    store.onAppended((streams) => heard.push(streams));
    store.onAppended(onlyFor({ streamPrefixes: ['racing-'] }, () => racing.push(1)));
    await Promise.all([
      store.appendToStream('bet-1', [{ type: 'Placed', data: {} }]),
      store.appendToStreams([
        { streamName: 'wallet-u1', events: [{ type: 'Debited', data: {} }], expectedVersion: 'any' },
        { streamName: 'bet-2', events: [], expectedVersion: 'any' },
      ]),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heard.map((streams) => [...(streams ?? [])].sort())).toEqual([['bet-1', 'wallet-u1']]);
    expect(racing).toEqual([]);
    await store.appendToStream('racing-7', [{ type: 'Drawn', data: {} }]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(racing).toEqual([1]);
    await store.close();
  });
});
