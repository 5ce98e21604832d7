/**
 * `readStream` answers a stream's events and its version from one snapshot (store.ts readStreamWith):
 * a caller folds the events and appends at `currentVersion`, so a version past the events read would let
 * it append on a state that misses the last append (a racing settlement walk listed a chunk twice that
 * way under CI load, session 15, when the two were read by two statements side by side on a pool).
 */
import { describe, expect, it } from 'vitest';
import { openTestDatabase, postgresUrl } from '../testing/databases.ts';
import { openSqlEventStore } from './adapters.ts';

const APPENDS = 400;
const WRITERS = 4;

describe.each([
  ['PostgreSQL', 'postgres' as const],
  ['PGlite', 'pglite' as const],
])('%s: readStream while others append', (_name, kind) => {
  it.skipIf(kind === 'postgres' && !postgresUrl())(
    'the version answered is always the last event read (backwards, max 1) and the end of a forward read',
    async () => {
      const db = await openTestDatabase(kind);
      const store = await openSqlEventStore(db.sql);
      try {
        const stream = 'snapshot-1';
        let appended = 0;
        let torn = 0;
        let reads = 0;
        const writer = async () => {
          while (appended < APPENDS) {
            appended++;
            await store.appendToStream(stream, [{ type: 'Tick', data: {} }]);
          }
        };
        const reader = async () => {
          while (appended < APPENDS) {
            const last = await store.readStream(stream, { direction: 'backwards', maxCount: 1 });
            const all = await store.readStream(stream);
            reads += 2;
            if ((last.events[0]?.streamPosition ?? 0) !== last.currentVersion) torn++;
            if ((all.events.at(-1)?.streamPosition ?? 0) !== all.currentVersion) torn++;
            expect(all.events.map((e) => e.streamPosition)).toEqual(
              Array.from({ length: all.events.length }, (_, i) => i + 1),
            );
          }
        };
        await Promise.all([
          ...Array.from({ length: WRITERS }, writer),
          ...Array.from({ length: WRITERS }, reader),
        ]);
        expect(reads).toBeGreaterThan(0);
        expect(torn).toBe(0);
        const end = await store.readStream(stream, { direction: 'backwards', maxCount: 1 });
        expect(end.currentVersion).toBe(end.events[0]!.streamPosition);
        expect(await store.readStream('snapshot-none')).toMatchObject({
          events: [],
          currentVersion: 0,
          streamExists: false,
        });
      } finally {
        await store.close();
        await db.dispose();
      }
    },
  );
});
