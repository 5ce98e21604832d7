/**
 * Which adapter holds the events (architecture.md §3 "Adapters", §7; issue 14 item 2): one factory so
 * the server (and tests) pick the store by configuration and get the port, whatever the adapter.
 * Read models, checkpoints and the catalogue stay in the SQL database in every case.
 */
import { createKurrentEventStore } from './kurrent/store.ts';
import { createMemoryEventStore } from './memory/store.ts';
import { openSqlEventStore } from './sql/adapters.ts';
import type { SqlClient } from './sql/client.ts';
import type { EventStore } from './types.ts';

/**
 * The values of `EVENT_STORE`: `sql` = the SQL database of the read models (PostgreSQL, or PGlite when
 * `DATABASE_URL` is unset; the default); `kurrentdb` = a KurrentDB server at `KURRENTDB_URL` (25.1 or
 * later for `appendToStreams`, docs/kurrentdb.md); `memory` = this process only (tests).
 */
export const EVENT_STORE_KINDS = ['sql', 'kurrentdb', 'memory'] as const;
export type EventStoreKind = (typeof EVENT_STORE_KINDS)[number];

export interface EventStoreConfig {
  readonly kind: EventStoreKind;
  /** `kind: 'sql'`: the open SQL client; the event store's tables are migrated into it. */
  readonly sql?: SqlClient;
  /** `kind: 'kurrentdb'`: a connection string, e.g. `kurrentdb://localhost:2113?tls=false`. */
  readonly kurrentdbUrl?: string;
}

/**
 * Opens the event store `config.kind` names and answers the port. Throws an `Error` naming what is
 * missing (`sql` for `sql`, `kurrentdbUrl` for `kurrentdb`). The caller closes the store; a SQL store
 * leaves its client open (the caller owns it), a KurrentDB store disposes its own client.
 */
export const createEventStoreFromConfig = async (config: EventStoreConfig): Promise<EventStore> => {
  switch (config.kind) {
    case 'sql':
      if (!config.sql) throw new Error('EVENT_STORE=sql needs an open SQL client');
      return openSqlEventStore(config.sql);
    case 'kurrentdb':
      if (!config.kurrentdbUrl) throw new Error('EVENT_STORE=kurrentdb needs KURRENTDB_URL');
      return createKurrentEventStore({ connectionString: config.kurrentdbUrl });
    case 'memory':
      return createMemoryEventStore();
    default:
      throw new Error(`unknown EVENT_STORE ${String(config.kind)}`);
  }
};
