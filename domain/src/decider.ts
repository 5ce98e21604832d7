/**
 * The decider pattern (architecture.md §3 "Deciders"): an aggregate is three pure functions.
 * `decide` never throws for a business refusal: it returns a {@link Decision} whose failure carries
 * a {@link DomainError} with a stable `code` that the API maps to `extensions.code`.
 */
import type { DomainError } from './errors.ts';

/** An event as the domain produces it: a type name and JSON-serialisable data (TZS as integers, odds as decimal strings). */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

/** What `decide` answers: the new events (possibly none), or the business rule that refused the command. */
export type Decision<E> =
  { readonly ok: true; readonly events: readonly E[] } | { readonly ok: false; readonly error: DomainError };

export interface Decider<Command, Event, State> {
  /** The state of a stream that has no events. */
  initialState(): State;
  /** Folds one recorded event into the state. Must accept every event `decide` ever emitted, forever. */
  evolve(state: State, event: Event): State;
  /** Decides what happens when `command` meets `state`. Pure: time and ids come inside the command. */
  decide(command: Command, state: State): Decision<Event>;
}

/** A successful decision. */
export const accept = <E>(...events: E[]): Decision<E> => ({ ok: true, events });

/** A refused decision. */
export const refuse = <E = never>(error: DomainError): Decision<E> => ({ ok: false, error });

/** Replays `events` from the initial state: the state a stream's history yields. */
export const fold = <C, E, S>(
  decider: Decider<C, E, S>,
  events: Iterable<E>,
  from: S = decider.initialState(),
): S => {
  let state = from;
  for (const event of events) state = decider.evolve(state, event);
  return state;
};
