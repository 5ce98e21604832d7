/**
 * The event sink's worker thread (`sink.ts` {@link openWorkerSink}): owns the run's event store (PGlite
 * in this thread, or PostgreSQL from `DATABASE_URL`) and appends what the simulation thread posts, one
 * message at a time in arrival order, so a wallet's next matchday is never written before its previous
 * one. The first failed append is sticky: every later append answers the same error (nothing after a
 * hole is written). Messages: see `SinkRequest` / `SinkReply` in sink.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { keepSimulationReport } from '@bashiri/api';
import {
  createEventStoreFromEnv,
  createPgliteEventStore,
  createThrowawayPgliteEventStore,
  type EventStore,
} from '@bashiri/eventstore';
import {
  ownThreadCpuSeconds,
  type SinkReply,
  type SinkRequest,
  type SinkTarget,
  type SinkError,
} from './sink.ts';

const port = parentPort!;
const { target } = workerData as { target: SinkTarget };

const serialise = (e: unknown): SinkError => {
  const err = e instanceof Error ? e : new Error(String(e));
  const code = (err as { code?: unknown }).code;
  return { name: err.name, message: err.message, ...(typeof code === 'string' ? { code } : {}) };
};

const open = async (t: SinkTarget): Promise<EventStore> => {
  if (t.kind === 'env') return createEventStoreFromEnv();
  if (t.kind === 'pglite') return createPgliteEventStore(t.dir);
  // A store nobody reads (decision 0125): without WAL and log-order indexes, unless asked as migrated.
  return process.env.SIMULATION_SINK_AS_MIGRATED === '1'
    ? createPgliteEventStore()
    : createThrowawayPgliteEventStore();
};

let store: EventStore;
try {
  store = await open(target);
} catch (e) {
  port.postMessage({ kind: 'failed', error: serialise(e) } satisfies SinkReply);
  throw e;
}
let failure: SinkError | null = null;
let chain: Promise<void> = Promise.resolve();

const handle = async (request: SinkRequest): Promise<void> => {
  if (request.kind === 'close') {
    await store.close();
    const threadCpuSeconds = ownThreadCpuSeconds() ?? undefined;
    port.postMessage({ kind: 'reply', id: request.id, threadCpuSeconds } satisfies SinkReply);
    port.close();
    return;
  }
  if (failure) {
    port.postMessage({ kind: 'reply', id: request.id, error: failure } satisfies SinkReply);
    return;
  }
  try {
    if (request.kind === 'append') await store.appendToStreams(request.requests);
    else await keepSimulationReport(store, request.report, request.keptAt, request.comparedWith);
    port.postMessage({ kind: 'reply', id: request.id } satisfies SinkReply);
  } catch (e) {
    failure = serialise(e);
    port.postMessage({ kind: 'reply', id: request.id, error: failure } satisfies SinkReply);
  }
};

port.on('message', (request: SinkRequest) => {
  chain = chain.then(() => handle(request));
});
port.postMessage({ kind: 'ready' } satisfies SinkReply);
