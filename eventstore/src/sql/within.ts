/**
 * Commands inside one SQL transaction (SQL stores only): load, decide and append through the caller's
 * transaction, so several aggregates change together or not at all (a bet placed and its stake
 * debited), and a process manager's effects commit with its checkpoint (architecture.md §3
 * "Process managers"). Concurrency: the append checks the loaded version; a conflict throws
 * `WRONG_EXPECTED_VERSION` and the caller retries the whole transaction.
 */
import { deterministicEventId, foldStream, toEventData } from '../aggregate.ts';
import type { CommandDecider, CommandOutcome, HandleCommandOptions } from '../aggregate.ts';
import type { Aggregated, EventData, EventMetadata, Evolver } from '../types.ts';
import type { SqlExecutor } from './client.ts';
import { appendWith, readStreamWith } from './store.ts';
import type { StreamAppend } from './store.ts';

/** Folds `streamName` read through `tx`, from `from` (a cached state and version) when given. */
export const aggregateStreamWithin = <State, Event extends { type: string; data: unknown }>(
  tx: SqlExecutor,
  streamName: string,
  evolver: Evolver<State, Event>,
  from?: Aggregated<State>,
): Promise<Aggregated<State>> =>
  foldStream(
    (position, maxCount) => readStreamWith(tx, streamName, { from: position, maxCount }),
    evolver,
    from,
  );

/**
 * One primary-key range probe per stream (a LATERAL subquery with its own ORDER BY is never flattened
 * into a join). Written as a plain join, the planner, with no statistics on `es_events` (PGlite has no
 * autovacuum, and a server's may be off or behind), guessed ~1/200 of the table per stream and
 * hash-joined the whole table: a scan per settlement batch, slower as the log grew (bench:feed,
 * docs/benchmarks.md, decision 0001 §3). This shape probes the index from an empty table up, in generic and custom
 * plans alike (`plans.int.test.ts`).
 */
const READ_STREAMS_AFTER_SQL = `SELECT e.stream_name, e.stream_position::text, e.event_type, e.data
  FROM unnest($1::text[], $2::bigint[]) WITH ORDINALITY AS f(name, after, ord)
  CROSS JOIN LATERAL (
    SELECT s.stream_name, s.stream_position, s.event_type, s.data FROM es_events s
    WHERE s.stream_name = f.name AND s.stream_position > f.after
    ORDER BY s.stream_position
  ) AS e
  ORDER BY f.ord, e.stream_position`;

/**
 * Folds many streams in one query: each from its known state (`known`, e.g. a cache) or from the start.
 * Returns every stream asked for (an absent stream as the initial state, version 0).
 */
export const aggregateStreamsWithin = async <State, Event extends { type: string; data: unknown }>(
  tx: SqlExecutor,
  streamNames: readonly string[],
  evolver: Evolver<State, Event>,
  known: (streamName: string) => Aggregated<State> | undefined = () => undefined,
): Promise<Map<string, Aggregated<State>>> => {
  const result = new Map<string, Aggregated<State>>();
  for (const name of new Set(streamNames))
    result.set(name, known(name) ?? { state: evolver.initialState(), version: 0 });
  if (result.size === 0) return result;
  const names = [...result.keys()];
  const { rows } = await tx.query<{
    stream_name: string;
    stream_position: string;
    event_type: string;
    data: unknown;
  }>(READ_STREAMS_AFTER_SQL, [names, names.map((n) => result.get(n)!.version)], 'es_read_streams_after');
  for (const row of rows) {
    const current = result.get(row.stream_name)!;
    result.set(row.stream_name, {
      state: evolver.evolve(current.state, { type: row.event_type, data: row.data } as Event),
      version: Number(row.stream_position),
    });
  }
  return result;
};

/** Options of {@link handleCommandWithin}. */
export interface WithinOptions<State> extends Omit<HandleCommandOptions<State>, 'retries'> {
  /**
   * The stream's state as loaded earlier in this same transaction: used as it is, with no read. If
   * another transaction appended since, the append's version check refuses and the caller retries.
   */
  readonly current?: Aggregated<State>;
}

/**
 * Load, decide, append in `tx`. No retries here: a conflict aborts the caller's transaction, which
 * retries as a whole. Event ids derive from `idempotencyKey` when given.
 */
export const handleCommandWithin = async <
  State,
  Command,
  Event extends { type: string; data: unknown },
  Refusal,
>(
  tx: SqlExecutor,
  streamName: string,
  decider: CommandDecider<State, Command, Event, Refusal>,
  command: Command,
  options: WithinOptions<State> = {},
): Promise<CommandOutcome<State, Event, Refusal>> => {
  const { state, version } =
    options.current ?? (await aggregateStreamWithin(tx, streamName, decider, options.from));
  const decision = decider.decide(command, state);
  if (!decision.ok) return { ok: false, error: decision.error, state, version };
  if (decision.events.length === 0) return { ok: true, state, version, events: [], append: null };
  const events = toEventData(streamName, decision.events, options.idempotencyKey);
  const append = await appendWith(tx, streamName, events, {
    expectedVersion: version,
    ...(options.metadata ? { metadata: options.metadata as Partial<EventMetadata> } : {}),
  });
  const newState = decision.events.reduce(decider.evolve, state);
  return { ok: true, state: newState, version: append.nextExpectedVersion, events: decision.events, append };
};

/** One command of {@link decideMany}. */
export interface ManyItem<Command> {
  readonly streamName: string;
  readonly command: Command;
  /** Seeds the event ids, as in {@link handleCommandWithin}. */
  readonly idempotencyKey: string;
  readonly metadata?: Partial<EventMetadata>;
}

export type ManyOutcome<State, Event, Refusal> =
  | { readonly ok: true; readonly state: State; readonly events: readonly Event[] }
  | { readonly ok: false; readonly error: Refusal };

/**
 * Decides `items` in order against `loaded` states (updated in place as events are decided), and
 * gathers each stream's new events into one {@link StreamAppend} at the version it was loaded at —
 * for {@link appendManyWith}. Pure apart from `loaded`.
 */
export const decideMany = <State, Command, Event extends { type: string; data: unknown }, Refusal>(
  decider: CommandDecider<State, Command, Event, Refusal>,
  loaded: Map<string, Aggregated<State>>,
  items: readonly ManyItem<Command>[],
): { appends: StreamAppend[]; outcomes: ManyOutcome<State, Event, Refusal>[] } => {
  const pending = new Map<string, { expectedVersion: number; events: EventData[] }>();
  const outcomes = items.map(
    ({ streamName, command, idempotencyKey, metadata }): ManyOutcome<State, Event, Refusal> => {
      const current = loaded.get(streamName) ?? { state: decider.initialState(), version: 0 };
      const decision = decider.decide(command, current.state);
      if (!decision.ok) return { ok: false, error: decision.error };
      const append = pending.get(streamName) ?? { expectedVersion: current.version, events: [] };
      decision.events.forEach((event, index) =>
        append.events.push({
          type: event.type,
          data: event.data,
          eventId: deterministicEventId(`${streamName}|${idempotencyKey}`, index),
          ...(metadata ? { metadata } : {}),
        }),
      );
      pending.set(streamName, append);
      const state = decision.events.reduce(decider.evolve, current.state);
      loaded.set(streamName, { state, version: current.version + decision.events.length });
      return { ok: true, state, events: decision.events };
    },
  );
  return {
    appends: [...pending].map(([streamName, a]) => ({
      streamName,
      expectedVersion: a.expectedVersion,
      events: a.events,
    })),
    outcomes,
  };
};
