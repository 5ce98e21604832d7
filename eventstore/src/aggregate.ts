/**
 * Loading aggregates and running commands against the port (architecture.md §3 "Deciders").
 */
import { hash } from 'node:crypto';
import { isWrongExpectedVersion } from './errors.ts';
import type {
  Aggregated,
  AppendResult,
  EventData,
  EventMetadata,
  EventStore,
  Evolver,
  ReadStreamResult,
  RecordedEvent,
  StreamReadRequest,
} from './types.ts';

const PAGE = 1_000;

/** Reads up to `maxCount` events of one stream from position `from`: `store.readStream` or its SQL twin. */
export type ReadStreamPage = (
  from: number,
  maxCount: number,
) => Promise<{ readonly events: readonly RecordedEvent[] }>;

/**
 * Folds a stream page by page from `from` (a known state and its version) or from the start. The one
 * fold behind {@link aggregateStream} and the SQL stores' in-transaction loading.
 */
export const foldStream = async <State, Event extends { type: string; data: unknown }>(
  readPage: ReadStreamPage,
  evolver: Evolver<State, Event>,
  from?: Aggregated<State>,
): Promise<Aggregated<State>> => {
  let state = from?.state ?? evolver.initialState();
  let version = from?.version ?? 0;
  for (;;) {
    const page = await readPage(version + 1, PAGE);
    for (const event of page.events) {
      state = evolver.evolve(state, { type: event.type, data: event.data } as Event);
      version = event.streamPosition;
    }
    if (page.events.length < PAGE) return { state, version };
  }
};

/**
 * Folds a stream with `evolver`, page by page. Pass `from` (a state and its version, e.g. a snapshot
 * or a cached value) to read only the events after it, so loading stays cheap as history grows.
 * The evolver receives `{ type, data }` of each recorded event.
 */
export const aggregateStream = <State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamName: string,
  evolver: Evolver<State, Event>,
  from?: Aggregated<State>,
): Promise<Aggregated<State>> =>
  foldStream(
    (position, maxCount) => store.readStream(streamName, { from: position, maxCount }),
    evolver,
    from,
  );

/**
 * Several streams, each forwards from its `from`, in the requests' order: the store's own
 * `readStreams` when it has one (one round trip), else one `readStream` per stream, concurrently.
 */
export const readStreams = (
  store: EventStore,
  requests: readonly StreamReadRequest[],
): Promise<ReadStreamResult[]> =>
  store.readStreams
    ? store.readStreams(requests)
    : Promise.all(requests.map((r) => store.readStream(r.streamName, { from: r.from ?? 1 })));

/**
 * Folds several streams with one {@link readStreams}: each from its known state (`known`, e.g. a cache
 * or snapshot) or from the start. Answers every stream asked for (an absent one as the initial state at
 * version 0).
 */
export const aggregateStreams = async <State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamNames: readonly string[],
  evolver: Evolver<State, Event>,
  known: (streamName: string) => Aggregated<State> | undefined = () => undefined,
): Promise<Map<string, Aggregated<State>>> => {
  const start = new Map<string, Aggregated<State>>();
  for (const name of new Set(streamNames))
    start.set(name, known(name) ?? { state: evolver.initialState(), version: 0 });
  if (start.size === 0) return start;
  const names = [...start.keys()];
  const reads = await readStreams(
    store,
    names.map((streamName) => ({ streamName, from: start.get(streamName)!.version + 1 })),
  );
  return new Map(names.map((name, k) => [name, foldEvents(start.get(name)!, reads[k]!.events, evolver)]));
};

/** `from` with `events` (recorded after its version) folded in. */
export const foldEvents = <State, Event extends { type: string; data: unknown }>(
  from: Aggregated<State>,
  events: readonly RecordedEvent[],
  evolver: Evolver<State, Event>,
): Aggregated<State> =>
  events.reduce(
    (current, event) => ({
      state: evolver.evolve(current.state, { type: event.type, data: event.data } as Event),
      version: event.streamPosition,
    }),
    from,
  );

const HEX_DIGITS = '0123456789abcdef';

/**
 * A uuid derived from `seed` and `index` (RFC 4122 version 5 layout over SHA-1): the same command
 * retried produces the same event ids, so the store's idempotency makes the retry a no-op
 * (architecture.md §3 "Process managers"). The first 16 bytes of SHA-1 of the UTF-8 `<seed>#<index>`,
 * the version nibble set to 5 (hex digit 12) and the variant bits to `10` (hex digit 16). Node's one-shot
 * `hash` in hex, the two digits set in the text: a quarter of the CPU of a Hash object and a Buffer, and
 * two ids are made per casino wallet call (deterministic-ids.unit.test.ts checks the bytes against that
 * way).
 */
export const deterministicEventId = (seed: string, index = 0): string => {
  const hex = hash('sha1', `${seed}#${index}`, 'hex');
  const variant = HEX_DIGITS[(Number.parseInt(hex[16]!, 16) & 0x3) | 0x8]!;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * Decided events as data to append; with `idempotencyKey` their ids derive from it, so the same
 * command retried appends nothing new.
 */
export const toEventData = (
  streamName: string,
  events: readonly { type: string; data: unknown }[],
  idempotencyKey?: string,
): EventData[] =>
  events.map((event, index) => ({
    type: event.type,
    data: event.data,
    ...(idempotencyKey ? { eventId: deterministicEventId(`${streamName}|${idempotencyKey}`, index) } : {}),
  }));

/** A decider as `handleCommand` needs it: refusals come back as values, not exceptions. */
export interface CommandDecider<State, Command, Event, Refusal> extends Evolver<State, Event> {
  decide(
    command: Command,
    state: State,
  ):
    | { readonly ok: true; readonly events: readonly Event[] }
    | { readonly ok: false; readonly error: Refusal };
}

export type CommandOutcome<State, Event, Refusal> =
  | {
      readonly ok: true;
      readonly state: State;
      readonly version: number;
      readonly events: readonly Event[];
      readonly append: AppendResult | null;
    }
  | { readonly ok: false; readonly error: Refusal; readonly state: State; readonly version: number };

export interface HandleCommandOptions<State> {
  /** Seed for deterministic event ids (e.g. the client's requestId or the triggering event id). */
  readonly idempotencyKey?: string;
  readonly metadata?: Partial<EventMetadata>;
  /** Concurrency retries before giving up (default 5). */
  readonly retries?: number;
  /** A known state and version to start from (cache or snapshot). */
  readonly from?: Aggregated<State>;
}

/**
 * Load, decide, append with the loaded version as the expected version; on a concurrency conflict
 * reload and decide again, at most `retries` times (then the conflict is thrown).
 */
export const handleCommand = async <State, Command, Event extends { type: string; data: unknown }, Refusal>(
  store: EventStore,
  streamName: string,
  decider: CommandDecider<State, Command, Event, Refusal>,
  command: Command,
  options: HandleCommandOptions<State> = {},
): Promise<CommandOutcome<State, Event, Refusal>> => {
  const retries = options.retries ?? 5;
  let from = options.from;
  for (let attempt = 0; ; attempt++) {
    const { state, version } = await aggregateStream(store, streamName, decider, from);
    const decision = decider.decide(command, state);
    if (!decision.ok) return { ok: false, error: decision.error, state, version };
    if (decision.events.length === 0) return { ok: true, state, version, events: [], append: null };
    const events = toEventData(streamName, decision.events, options.idempotencyKey);
    try {
      const append = await store.appendToStream(streamName, events, {
        expectedVersion: version,
        ...(options.metadata ? { metadata: options.metadata } : {}),
      });
      const newState = decision.events.reduce(decider.evolve, state);
      return {
        ok: true,
        state: newState,
        version: append.nextExpectedVersion,
        events: decision.events,
        append,
      };
    } catch (error) {
      if (!isWrongExpectedVersion(error) || attempt >= retries) throw error;
      from = undefined;
    }
  }
};
