/**
 * One read of the log shared by the projections of a group (decision 0200, issue 19 "Speed"): the
 * members read the union of their filters through one {@link SharedLog}, which keeps a window of the
 * events read lately (every event of the union filter after the window's start, in log order) and joins
 * a read under way from the same position, so that members near the same checkpoint read each event of
 * the span once instead of once each. Each member still runs its own batch in its own transaction and
 * keeps only the events of its own filter (see `runner.ts`).
 *
 * Why events read by one member are right for another: the log is read in commit-safe order (the SQL
 * stores see only transactions older than every running one, event-store.md), so a read after a
 * position holds every event of the filter from that position up to its last event, whenever it was
 * made; a later read only adds events after it. The window therefore never skips an event, and a span
 * served from it only ends earlier than a fresh read would. A span not cut at the batch size always
 * ends with a read issued after the batch began, so `catchUp`/`settle` still apply every event visible
 * when they were called.
 */
import type { LogFilter, LogPosition, ReadAllResult, RecordedEvent } from '@bashiri/eventstore';

/** What a member's batch gets: its span of the log (all of the group's filter) and where it ends. */
export interface SharedSpan {
  /** The events after the position asked for, in log order, of the group's union filter. */
  readonly events: readonly RecordedEvent[];
  /** Where the next read starts (the last event of `events`, or the position asked for when none). */
  readonly position: LogPosition | null;
  /** True when more events may follow at once (the span was cut at the batch size). */
  readonly full: boolean;
}

/** A read of the log from a position, as one member made it (possibly joined by others). */
interface Read {
  readonly events: readonly RecordedEvent[];
  /** The read returned as many events as it asked for: more may follow. */
  readonly full: boolean;
}

/** Events kept at most (the window's oldest are dropped beyond it). */
const WINDOW_EVENTS = 4_000;
/** A window not extended for this long (ms) gives way to a read that does not join on to it. */
const STALE_WINDOW_MS = 2_000;

/** The union of filters: every stream any of them takes (no filter in one of them: every stream). */
export const unionFilter = (filters: readonly (LogFilter | undefined)[]): LogFilter | undefined => {
  const prefixes = new Set<string>();
  for (const filter of filters) {
    if (!filter?.streamPrefixes?.length) return undefined;
    for (const prefix of filter.streamPrefixes) prefixes.add(prefix);
  }
  return { streamPrefixes: [...prefixes] };
};

/** Reads up to `maxCount` events of the group's filter after `after` (the member's own transaction). */
export type ReadPage = (after: LogPosition | null, maxCount: number) => Promise<ReadAllResult>;

/** The shared reads of one group of projections (members named by their projection names). */
export interface SharedLog {
  readonly members: ReadonlySet<string>;
  readonly filter: LogFilter | undefined;
  /** A mark taken when a batch begins: a read issued after it sees everything visible then. */
  mark(): number;
  /**
   * The span after `after`, at most `maxCount` events: what the window holds from there, then a read
   * from the window's end (or from `after` when the window does not hold it) issued after `since` —
   * another member's from the same position, or `read`.
   */
  read(after: LogPosition | null, maxCount: number, since: number, read: ReadPage): Promise<SharedSpan>;
}

/**
 * The window: the group's events after `start`, every one of them (complete and in log order), so that
 * a member whose checkpoint is `start` or the position of one of them finds its span here.
 */
export const createSharedLog = (members: readonly string[], filter: LogFilter | undefined): SharedLog => {
  let start: LogPosition | null = null;
  let events: RecordedEvent[] = [];
  /** Position → index in `events` plus `base` (the events dropped so far). */
  const index = new Map<string, number>();
  let base = 0;
  let empty = true;
  let extendedAt = 0;
  const inflight = new Map<string, { issued: number; read: Promise<Read> }>();
  let issued = 0;

  const end = (): LogPosition | null => events.at(-1)?.logPosition ?? start;
  /** Where the span after `after` begins in `events`, or -1 when the window does not hold `after`. */
  const offsetOf = (after: LogPosition | null): number => {
    if (empty) return -1;
    if (after === start) return 0;
    const at = after === null ? undefined : index.get(after);
    return at === undefined ? -1 : at - base + 1;
  };
  const append = (more: readonly RecordedEvent[]) => {
    for (const e of more) {
      index.set(e.logPosition!, base + events.length);
      events.push(e);
    }
    if (events.length > WINDOW_EVENTS) {
      const drop = events.length - WINDOW_EVENTS;
      for (const e of events.slice(0, drop)) index.delete(e.logPosition!);
      start = events[drop - 1]!.logPosition;
      events = events.slice(drop);
      base += drop;
    }
  };
  /** Adds a read from `from` to the window when it joins on to it (or replaces a stale or empty one). */
  const merge = (from: LogPosition | null, read: Read) => {
    if (read.events.length === 0) return;
    const now = Date.now();
    const last = end();
    if (!empty && from === last) append(read.events);
    else {
      const k = empty ? -1 : read.events.findIndex((e) => e.logPosition === last);
      if (k >= 0) append(read.events.slice(k + 1));
      else if (empty || now - extendedAt > STALE_WINDOW_MS) {
        index.clear();
        base = 0;
        events = [];
        start = from;
        empty = false;
        append(read.events);
      } else return;
    }
    extendedAt = now;
  };

  /** A read from `from` issued after `since`: joined when another member's is under way, else issued. */
  const fresh = async (from: LogPosition | null, maxCount: number, since: number, readPage: ReadPage) => {
    const key = from ?? '';
    const running = inflight.get(key);
    if (running && running.issued > since) {
      try {
        return await running.read;
      } catch {
        // That member's read failed: read for ourselves.
      }
    }
    const mine = {
      issued: ++issued,
      read: readPage(from, maxCount).then((r): Read => ({
        events: r.events,
        full: r.events.length >= maxCount,
      })),
    };
    inflight.set(key, mine);
    try {
      const read = await mine.read;
      merge(from, read);
      return read;
    } finally {
      if (inflight.get(key) === mine) inflight.delete(key);
    }
  };

  const read: SharedLog['read'] = async (after, maxCount, since, readPage) => {
    const offset = offsetOf(after);
    // What the window holds after `after` (taken now: the window may move while the read runs).
    const head = offset < 0 ? [] : events.slice(offset, offset + maxCount);
    if (head.length >= maxCount) return { events: head, position: head.at(-1)!.logPosition, full: true };
    const from = offset < 0 ? after : end();
    const next = await fresh(from, maxCount, since, readPage);
    const span = head.concat(next.events.slice(0, maxCount - head.length));
    const cut = head.length + next.events.length > maxCount;
    return { events: span, position: span.at(-1)?.logPosition ?? after, full: cut || next.full };
  };

  return { members: new Set(members), filter, mark: () => issued, read };
};
