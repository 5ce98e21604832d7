/**
 * Commands inside one SQL transaction (SQL stores only): load, decide and append through the caller's
 * transaction, so several aggregates change together or not at all (a bet placed and its stake
 * debited), and a process manager's effects commit with its checkpoint (architecture.md §3
 * "Process managers"). Concurrency: the append checks the loaded version; a conflict throws
 * `WRONG_EXPECTED_VERSION` and the caller retries the whole transaction.
 */
import { deterministicEventId } from '../aggregate.ts';
import type { CommandDecider, CommandOutcome, HandleCommandOptions } from '../aggregate.ts';
import type { Aggregated, EventData, Evolver } from '../types.ts';
import type { SqlExecutor } from './client.ts';
import { appendWith, readStreamWith } from './store.ts';

const PAGE = 1_000;

/** Folds `streamName` read through `tx`, from `from` (a cached state and version) when given. */
export const aggregateStreamWithin = async <State, Event extends { type: string; data: unknown }>(
  tx: SqlExecutor,
  streamName: string,
  evolver: Evolver<State, Event>,
  from?: Aggregated<State>,
): Promise<Aggregated<State>> => {
  let state = from?.state ?? evolver.initialState();
  let version = from?.version ?? 0;
  for (;;) {
    const page = await readStreamWith(tx, streamName, { from: version + 1, maxCount: PAGE });
    for (const event of page.events) {
      state = evolver.evolve(state, { type: event.type, data: event.data } as Event);
      version = event.streamPosition;
    }
    if (page.events.length < PAGE) return { state, version };
  }
};

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
  options: Omit<HandleCommandOptions<State>, 'retries'> = {},
): Promise<CommandOutcome<State, Event, Refusal>> => {
  const { state, version } = await aggregateStreamWithin(tx, streamName, decider, options.from);
  const decision = decider.decide(command, state);
  if (!decision.ok) return { ok: false, error: decision.error, state, version };
  if (decision.events.length === 0) return { ok: true, state, version, events: [], append: null };
  const events: EventData[] = decision.events.map((event, index) => ({
    type: event.type,
    data: event.data,
    ...(options.idempotencyKey
      ? { eventId: deterministicEventId(`${streamName}|${options.idempotencyKey}`, index) }
      : {}),
  }));
  const append = await appendWith(tx, streamName, events, {
    expectedVersion: version,
    ...(options.metadata ? { metadata: options.metadata } : {}),
  });
  const newState = decision.events.reduce(decider.evolve, state);
  return { ok: true, state: newState, version: append.nextExpectedVersion, events: decision.events, append };
};
