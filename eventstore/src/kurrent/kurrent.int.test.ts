/**
 * The event-store contracts (the port's, and appendToStreams') against a KurrentDB server (architecture.md §3 "Adapters"): runs when
 * `KURRENTDB_URL` is set (e.g. `kurrentdb://localhost:2113?tls=false`, docs/kurrentdb.md), otherwise
 * registers one skipped test saying so. Every contract test writes under its own random stream prefix,
 * so runs against a long-lived server do not see each other's streams.
 */
import { describe, it } from 'vitest';
import { appendToStreamsContract } from '../contract/append-to-streams.contract.ts';
import { eventStoreContract } from '../contract/event-store.contract.ts';
import { createKurrentEventStore } from './store.ts';

/** The skipped test's name when no server is configured. */
const SKIP_KURRENTDB_MESSAGE =
  'KURRENTDB_URL is not set: KurrentDB contract skipped (no server on this machine; see docs/kurrentdb.md)';

const kurrentUrl = process.env.KURRENTDB_URL || undefined;

if (kurrentUrl) {
  const kurrentFixture = async () => {
    const store = createKurrentEventStore({ connectionString: kurrentUrl });
    return { store, dispose: () => store.close() };
  };
  eventStoreContract('KurrentDB', kurrentFixture);
  // Needs KurrentDB 25.1 or later (multi-stream append); older servers fail it with UNSUPPORTED_SERVER.
  appendToStreamsContract('KurrentDB', kurrentFixture);
} else {
  describe('event-store contract: KurrentDB', () => {
    it.skip(SKIP_KURRENTDB_MESSAGE, () => undefined);
  });
}
