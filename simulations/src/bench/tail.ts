/**
 * Where an HTTP bench's latency tail comes from, measured inside the server process (issue 22 "Speed",
 * `bench:casino`): distributions of named spans (the wallet handler, the store's grouped reads and
 * appends, each statement kind, each projection batch), the event loop's delay
 * (`perf_hooks.monitorEventLoopDelay`: how late a timer fires, i.e. how long the loop was blocked) and
 * the garbage collector's pauses (`PerformanceObserver` on `gc` entries). All in milliseconds.
 *
 * The bench server records; the driver asks for a {@link TailReport} after the calls. Spans overlap
 * (a handler contains its read and append; concurrent handlers run at once): compare each span's
 * distribution with the client-side latency, never sum them.
 */
import { PerformanceObserver, createHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import type { RecordableHistogram } from 'node:perf_hooks';

/** Percentiles of one span kind, ms; `n` spans, `totalMs` their sum. */
export interface SpanSummary {
  readonly n: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
  readonly totalMs: number;
}

/** What {@link tailRecorder} answers. */
export interface TailReport {
  readonly spans: Readonly<Record<string, SpanSummary>>;
  /** Event-loop delay: how late a 1 ms timer fired (loop blocked by a task or a GC), ms. */
  readonly loopDelay: SpanSummary;
  /** GC pauses by kind (minor = scavenge, major = mark-compact, incremental, weakcb). */
  readonly gc: Readonly<Record<string, SpanSummary>>;
}

const NS_PER_MS = 1e6;

const summary = (h: RecordableHistogram | ReturnType<typeof monitorEventLoopDelay>, totalMs: number) => ({
  n: h.count,
  p50: Number((h.percentile(50) / NS_PER_MS).toFixed(2)),
  p90: Number((h.percentile(90) / NS_PER_MS).toFixed(2)),
  p99: Number((h.percentile(99) / NS_PER_MS).toFixed(2)),
  max: Number((h.max / NS_PER_MS).toFixed(2)),
  totalMs: Number(totalMs.toFixed(1)),
});

const GC_KINDS: Readonly<Record<number, string>> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weakcb' };

/** A recorder of spans, loop delay and GC pauses (see the module comment); `reset` starts afresh. */
export const tailRecorder = () => {
  let spans = new Map<string, { h: RecordableHistogram; total: number }>();
  let gc = new Map<string, { h: RecordableHistogram; total: number }>();
  let loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const add = (map: typeof spans, name: string, ms: number) => {
    let s = map.get(name);
    if (!s) {
      s = { h: createHistogram(), total: 0 };
      map.set(name, s);
    }
    s.h.record(Math.max(1, Math.round(ms * NS_PER_MS)));
    s.total += ms;
  };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as unknown as { detail?: { kind?: number } }).detail?.kind ?? 0;
      add(gc, GC_KINDS[kind] ?? `kind${kind}`, entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    /** Records one span of `name` lasting `ms`. */
    span: (name: string, ms: number) => add(spans, name, ms),
    /** Times the promise `run()` answers as a span of `name`. */
    timed: <T>(name: string, run: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      return run().finally(() => add(spans, name, performance.now() - started));
    },
    reset: () => {
      spans = new Map();
      gc = new Map();
      loop.disable();
      loop = monitorEventLoopDelay({ resolution: 1 });
      loop.enable();
    },
    report: (): TailReport => ({
      spans: Object.fromEntries([...spans].map(([k, s]) => [k, summary(s.h, s.total)])),
      // The loop's histogram counts samples, not ms: its total is not meaningful.
      loopDelay: summary(loop, 0),
      gc: Object.fromEntries([...gc].map(([k, s]) => [k, summary(s.h, s.total)])),
    }),
  };
};

/** The recorder's type. */
export type TailRecorder = ReturnType<typeof tailRecorder>;
