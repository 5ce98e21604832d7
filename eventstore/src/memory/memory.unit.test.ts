/**
 * The in-memory adapter against both contract suites (the port's, and appendToStreams'), plus what is
 * particular to it.
 */
import { describe, expect, it } from 'vitest';
import { appendToStreamsContract } from '../contract/append-to-streams.contract.ts';
import { eventStoreContract } from '../contract/event-store.contract.ts';
import { createMemoryEventStore } from './store.ts';

const memoryFixture = async () => {
  const store = createMemoryEventStore();
  return { store, dispose: () => store.close() };
};

eventStoreContract('in-memory', memoryFixture);
appendToStreamsContract('in-memory', memoryFixture);

describe('in-memory event store', () => {
  it('keeps no reference to the caller’s objects', async () => {
    const store = createMemoryEventStore();
    const data = { amount: 5 };
    await store.appendToStream('s', [{ type: 'A', data }]);
    data.amount = 6;
    const [read] = (await store.readStream<string, { amount: number }>('s')).events;
    expect(read!.data.amount).toBe(5);
    read!.data.amount = 7;
    expect((await store.readStream<string, { amount: number }>('s')).events[0]!.data.amount).toBe(5);
  });

  it('refuses a position it did not write, and reads past a filter to the end of the log', async () => {
    const store = createMemoryEventStore();
    await expect(store.readAll({ after: '1:2', maxCount: 1 })).rejects.toMatchObject({
      code: 'INVALID_APPEND',
    });
    await store.appendToStream('a-1', [{ type: 'A', data: {} }]);
    await store.appendToStream('b-1', [{ type: 'B', data: {} }]);
    const page = await store.readAll({ maxCount: 10, filter: { streamPrefixes: ['a-'] } });
    expect(page.events.map((e) => e.streamName)).toEqual(['a-1']);
    const next = await store.readAll({
      after: page.position,
      maxCount: 10,
      filter: { streamPrefixes: ['a-'] },
    });
    expect(next).toEqual({ events: [], position: page.position });
  });

  it('ends running subscriptions and wake-ups when closed', async () => {
    const store = createMemoryEventStore();
    let woken = 0;
    store.onAppended(() => woken++);
    const iterator = store.subscribeToAll({ pollIntervalMs: 10_000 })[Symbol.asyncIterator]();
    const pending = iterator.next();
    await store.close();
    expect(await pending).toEqual({ done: true, value: undefined });
    await store.appendToStream('s', [{ type: 'A', data: {} }]);
    await Promise.resolve();
    expect(woken).toBe(0);
  });
});
