/** `EVENT_STORE` / `KURRENTDB_URL` (issue 14 part 2; docs/running.md). */
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { checkEventStoreConfig } from './services.ts';

describe('EVENT_STORE configuration', () => {
  it('defaults to the SQL database, which the server accepts', () => {
    const config = loadConfig({});
    expect(config.EVENT_STORE).toBe('sql');
    expect(() => checkEventStoreConfig(config)).not.toThrow();
  });

  it('takes kurrentdb with a connection string, and memory', () => {
    const kurrent = loadConfig({
      EVENT_STORE: 'kurrentdb',
      KURRENTDB_URL: 'kurrentdb://localhost:2113?tls=false',
    });
    expect(kurrent).toMatchObject({
      EVENT_STORE: 'kurrentdb',
      KURRENTDB_URL: 'kurrentdb://localhost:2113?tls=false',
    });
    expect(loadConfig({ EVENT_STORE: 'memory' }).EVENT_STORE).toBe('memory');
    expect(
      loadConfig({ EVENT_STORE: 'kurrentdb', KURRENTDB_URL: 'esdb+discover://a:2113,b:2113' }).KURRENTDB_URL,
    ).toBe('esdb+discover://a:2113,b:2113');
  });

  it('refuses kurrentdb without KURRENTDB_URL, a malformed URL, and an unknown store, naming the variable', () => {
    expect(() => loadConfig({ EVENT_STORE: 'kurrentdb' })).toThrow(
      /KURRENTDB_URL: required when EVENT_STORE=kurrentdb/,
    );
    expect(() => loadConfig({ EVENT_STORE: 'kurrentdb', KURRENTDB_URL: 'http://x' })).toThrow(
      /KURRENTDB_URL/,
    );
    expect(() => loadConfig({ EVENT_STORE: 'mongo' })).toThrow(/EVENT_STORE/);
  });

  it('starts on any store of the port, and refuses memory beside a database that outlives the process', () => {
    for (const env of [
      { EVENT_STORE: 'sql' },
      { EVENT_STORE: 'kurrentdb', KURRENTDB_URL: 'kurrentdb://h:2113' },
      { EVENT_STORE: 'memory', PGLITE_DIR: 'memory://' },
    ])
      expect(() => checkEventStoreConfig(loadConfig(env))).not.toThrow();
    expect(() => checkEventStoreConfig(loadConfig({ EVENT_STORE: 'memory' }))).toThrow(
      /EVENT_STORE=memory loses every event.*PGLITE_DIR/,
    );
    expect(() =>
      checkEventStoreConfig(
        loadConfig({
          EVENT_STORE: 'memory',
          DATABASE_URL: 'postgres://u@h:5432/db',
          PGLITE_DIR: 'memory://',
        }),
      ),
    ).toThrow(/EVENT_STORE=memory loses every event.*DATABASE_URL/);
  });
});
