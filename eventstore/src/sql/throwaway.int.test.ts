import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventStoreError } from '../errors.ts';
import { createThrowawayPgliteEventStore } from './adapters.ts';
import { createPgliteClient } from './client.ts';
import { migrateEventStore } from './store.ts';

/** The throwaway simulation store (decisions 0125 and 0160): tuned, and started from a cached image. */
describe('createThrowawayPgliteEventStore', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bashiri-throwaway-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const tuning = async (store: Awaited<ReturnType<typeof createThrowawayPgliteEventStore>>) => {
    const { rows } = await store.sql.query<{ persistence: string; indexes: string }>(
      `SELECT relpersistence AS persistence,
         (SELECT string_agg(indexname, ',' ORDER BY indexname) FROM pg_indexes WHERE tablename = 'es_events') AS indexes
       FROM pg_class WHERE relname = 'es_events'`,
    );
    return rows[0];
  };

  it('writes the image of the tuned empty store once, and the next store starts from it empty', async () => {
    const first = await createThrowawayPgliteEventStore({ imageDir: dir });
    const images = await readdir(dir);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(/^throwaway-event-store-[0-9a-f]{20}\.tgz$/);
    await first.appendToStream('wallet-1', [{ type: 'Deposited', data: { amount: 5 } }]);
    await first.close();

    const second = await createThrowawayPgliteEventStore({ imageDir: dir });
    try {
      expect(await readdir(dir)).toEqual(images);
      // The image was taken before any append, with the tuning of decision 0125 in it.
      expect((await second.readStream('wallet-1')).events).toEqual([]);
      expect(await tuning(second)).toEqual({
        persistence: 'u',
        indexes: 'es_events_event_id_key,es_events_pkey',
      });
      // Versions and ids are checked as on any store.
      const id = '0b8f2f3e-6a43-5c1e-9d3f-1a2b3c4d5e6f';
      await second.appendToStreams([
        { streamName: 'wallet-1', expectedVersion: 0, events: [{ type: 'A', data: {}, eventId: id }] },
      ]);
      await expect(
        second.appendToStreams([
          { streamName: 'wallet-1', expectedVersion: 0, events: [{ type: 'B', data: {} }] },
        ]),
      ).rejects.toBeInstanceOf(EventStoreError);
      await expect(
        second.appendToStreams([
          { streamName: 'bet-1', expectedVersion: 0, events: [{ type: 'C', data: {}, eventId: id }] },
        ]),
      ).rejects.toThrow();
      expect((await second.readStream('wallet-1')).events.map((e) => e.type)).toEqual(['A']);
    } finally {
      await second.close();
    }
  });

  it('opens the database the image holds (no initdb, no migration to apply)', async () => {
    await (await createThrowawayPgliteEventStore({ imageDir: dir })).close();
    const [name] = await readdir(dir);
    // An image of the same name with a marker table: a store started afresh would not have it.
    const marked = await createPgliteClient();
    await migrateEventStore(marked);
    await marked.query('CREATE TABLE image_marker (n int)');
    const image = await marked.dumpImage();
    await marked.close();
    await writeFile(join(dir, name!), new Uint8Array(await image.arrayBuffer()));

    const store = await createThrowawayPgliteEventStore({ imageDir: dir });
    try {
      expect((await store.sql.query('SELECT count(*)::int AS n FROM image_marker')).rows).toEqual([{ n: 0 }]);
    } finally {
      await store.close();
    }
  });

  it('starts afresh from a damaged image and writes a good one', async () => {
    await (await createThrowawayPgliteEventStore({ imageDir: dir })).close();
    const [name] = await readdir(dir);
    await writeFile(join(dir, name!), 'not a tarball');
    const store = await createThrowawayPgliteEventStore({ imageDir: dir });
    expect(await tuning(store)).toEqual({
      persistence: 'u',
      indexes: 'es_events_event_id_key,es_events_pkey',
    });
    await store.close();
    const again = await createThrowawayPgliteEventStore({ imageDir: dir });
    expect(await tuning(again)).toEqual({
      persistence: 'u',
      indexes: 'es_events_event_id_key,es_events_pkey',
    });
    await again.close();
  });
});
