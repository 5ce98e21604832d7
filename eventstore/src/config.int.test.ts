import { describe, expect, it } from 'vitest';
import { createEventStoreFromConfig } from './config.ts';
import { createPgliteClient } from './sql/client.ts';

describe('createEventStoreFromConfig', () => {
  it('opens the in-memory store', async () => {
    const store = await createEventStoreFromConfig({ kind: 'memory' });
    expect(store.kind).toBe('memory');
    await store.close();
  });

  it('opens a KurrentDB store lazily (no connection until first use)', async () => {
    const store = await createEventStoreFromConfig({
      kind: 'kurrentdb',
      kurrentdbUrl: 'kurrentdb://127.0.0.1:1?tls=false',
    });
    expect(store.kind).toBe('kurrentdb');
    await store.close();
  });

  it('names what is missing', async () => {
    await expect(createEventStoreFromConfig({ kind: 'kurrentdb' })).rejects.toThrow(/KURRENTDB_URL/);
    await expect(createEventStoreFromConfig({ kind: 'sql' })).rejects.toThrow(/SQL client/);
    await expect(createEventStoreFromConfig({ kind: 'other' as 'sql' })).rejects.toThrow(
      /unknown EVENT_STORE/,
    );
  });

  it('opens the SQL store on the given client, migrated', async () => {
    const sql = await createPgliteClient();
    const store = await createEventStoreFromConfig({ kind: 'sql', sql });
    expect(store.kind).toBe('pglite');
    await store.appendToStream('s', [{ type: 'A', data: {} }]);
    await store.close();
    await sql.close();
  });
});
