/**
 * Where the simulator's events go: the event-store port only. {@link appendBatch} takes a matchday's
 * streams (each wallet at its expected version, each new bet at 0) and writes them with the port's
 * multi-stream append, `appendToStreams` (all or nothing per call; on the SQL stores one statement per
 * call, prepared once, which also wakes the store's subscribers). Streams are sent in chunks of
 * {@link STREAMS_PER_BATCH}: a matchday of a 10,000-bettor season is a handful of statements instead of
 * one round trip per bet.
 *
 * {@link openWorkerSink} puts the store in a worker thread (`sink-worker.ts`): the simulation thread
 * posts each matchday's appends and goes on with the next matchday while the worker inserts them, so
 * the simulation and the store's inserts (PGlite's WebAssembly PostgreSQL, about half of a season's CPU
 * time) run on two cores. The order of appends is kept, and the run ends only when the worker has
 * written everything (docs/simulations.md "Event store"; docs/benchmarks.md "bench:simulate").
 */
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { SimulationReport } from '@bashiri/domain';
import type { EventStore, StreamAppendRequest } from '@bashiri/eventstore';

/**
 * Largest number of streams per `appendToStreams` call. Bigger calls mean fewer statements; each one
 * is held in memory whole (~8 events a stream), so this bounds a call to a few MB.
 */
export const STREAMS_PER_BATCH = 250;

/** What the simulation needs of a store: the port's multi-stream append. */
export type EventSink = Pick<EventStore, 'appendToStreams'>;

/**
 * Appends `requests` (each stream at its expected version) through `sink.appendToStreams`, in chunks
 * of {@link STREAMS_PER_BATCH} streams, each chunk all or nothing. Throws the store's error (e.g.
 * `WRONG_EXPECTED_VERSION` when a kept store already holds the run). The chunks are all sent before
 * the first is awaited (a worker sink queues them in order; an in-thread store runs them in order).
 */
export const appendBatch = async (
  sink: EventSink,
  requests: readonly StreamAppendRequest[],
): Promise<void> => {
  const work = requests.filter((r) => r.events.length > 0);
  const calls: Promise<unknown>[] = [];
  for (let i = 0; i < work.length; i += STREAMS_PER_BATCH)
    calls.push(sink.appendToStreams(work.slice(i, i + STREAMS_PER_BATCH)));
  await Promise.all(calls);
};

/** The store a worker sink opens: in-memory PGlite, PGlite in a folder, or `createEventStoreFromEnv`. */
export type SinkTarget = { kind: 'memory' } | { kind: 'pglite'; dir: string } | { kind: 'env' };

/** An error crossing from the worker: its name, message and (store errors) code. */
export interface SinkError {
  readonly name: string;
  readonly message: string;
  readonly code?: string;
}

/** A message to the sink worker before it gets its id. */
type SinkMessage =
  | { kind: 'append'; requests: readonly StreamAppendRequest[] }
  | { kind: 'keep'; report: SimulationReport; keptAt: string; comparedWith: string | null }
  | { kind: 'close' };

/** Messages to the sink worker: each answered by a `reply` with the same id. */
export type SinkRequest = SinkMessage & { id: number };

/** Messages from the sink worker. */
export type SinkReply =
  | { kind: 'ready' }
  | { kind: 'failed'; error: SinkError }
  | { kind: 'reply'; id: number; error?: SinkError; threadCpuSeconds?: number };

/**
 * CPU seconds (user + system) of the calling thread, from Linux's /proc/thread-self (null elsewhere):
 * what the benches print beside wall time on a shared machine.
 */
export const ownThreadCpuSeconds = (): number | null => {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ ticks
  } catch {
    return null;
  }
};

/** A store in a worker thread: appends (in order), keeping a report, closing. */
export interface WorkerSink extends EventSink {
  /** Keeps `report` beside the run's events (`keepSimulationReport`, decision 0068). */
  keep(report: SimulationReport, keptAt: string, comparedWith: string | null): Promise<void>;
  /** Waits for every append sent, closes the store and ends the worker. */
  close(): Promise<void>;
  /** CPU seconds the worker's thread used, known once {@link close} has answered (Linux; else null). */
  threadCpuSeconds(): number | null;
}

const WORKER_BOOT = new URL('./worker-boot.mjs', import.meta.url);
const SINK_ENTRY = new URL('./sink-worker.ts', import.meta.url).href;

const revive = (e: SinkError): Error =>
  Object.assign(new Error(e.message), { name: e.name, ...(e.code ? { code: e.code } : {}) });

/**
 * Opens `target` in a worker thread. Appends are answered once the worker has written them (in the
 * order sent); the first failure is answered to that append and to every later one. The answer of an
 * append carries no positions (the simulator reads none): it resolves to an empty result.
 * Rejects when the store cannot be opened.
 */
export const openWorkerSink = async (target: SinkTarget): Promise<WorkerSink> => {
  const worker = new Worker(WORKER_BOOT, { workerData: { entry: SINK_ENTRY, target } });
  const waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  let next = 0;
  let dead: Error | null = null;
  let cpuSeconds: number | null = null;
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: SinkReply) => {
      if (reply.kind === 'ready') resolve();
      else if (reply.kind === 'failed') reject(revive(reply.error));
      else {
        const w = waiting.get(reply.id);
        waiting.delete(reply.id);
        if (reply.threadCpuSeconds !== undefined) cpuSeconds = reply.threadCpuSeconds;
        if (reply.error) w?.reject(revive(reply.error));
        else w?.resolve();
      }
    });
    const fail = (e: Error) => {
      dead ??= e;
      reject(e);
      for (const w of waiting.values()) w.reject(e);
      waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (waiting.size > 0 || code !== 0)
        fail(new Error(`simulation: the event sink's worker exited (${code})`));
    });
  });
  const send = (request: SinkMessage) => {
    if (dead) return Promise.reject(dead);
    const id = ++next;
    return new Promise<void>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } as SinkRequest);
    });
  };
  try {
    await ready;
  } catch (e) {
    await worker.terminate();
    throw e;
  }
  return {
    appendToStreams: async (requests) => {
      await send({ kind: 'append', requests });
      return { alreadyStored: false, streams: [] };
    },
    keep: (report, keptAt, comparedWith) => send({ kind: 'keep', report, keptAt, comparedWith }),
    close: () => send({ kind: 'close' }),
    threadCpuSeconds: () => cpuSeconds,
  };
};
