/**
 * Given/when/then for deciders (architecture.md §3 "Deciders", house style: a test for every decision).
 * Test-only: imports vitest, so it is never exported from `domain/src/index.ts`.
 *
 * ```ts
 * const spec = deciderSpec(walletDecider);
 * spec.given(deposited).when(debitStake).then(stakeDebited);
 * spec.given(deposited).when(debitStake).thenRefused('INSUFFICIENT_FUNDS');
 * ```
 */
import { expect } from 'vitest';
import { fold, type Decider, type Decision } from '../decider.ts';
import type { DomainError } from '../errors.ts';

/** What `when` returns: assertions on the decision, plus the raw decision and states for custom checks. */
export interface WhenResult<E, S> {
  /** The state folded from the `given` events. */
  readonly state: S;
  readonly decision: Decision<E>;
  /** Asserts acceptance with exactly `expected` events (deep equality); returns the state after them. */
  then(...expected: E[]): S;
  /** Asserts acceptance with no events (an idempotent repeat or a no-op); returns the unchanged state. */
  thenNothing(): S;
  /** Asserts a refusal with `code`, and optionally that the error contains `partial` (field, details). */
  thenRefused(code: string, partial?: Partial<DomainError>): DomainError;
  /** Asserts acceptance (any events) and returns them with the state after them. */
  thenAccepted(): { events: readonly E[]; state: S };
}

/** Builds given/when/then helpers for one decider. `given` takes the recorded history, oldest first. */
export const deciderSpec = <C, E, S>(decider: Decider<C, E, S>) => {
  const run = (state: S, command: C): WhenResult<E, S> => {
    const decision = decider.decide(command, state);
    const accepted = (): readonly E[] => {
      if (!decision.ok) throw new Error(`expected acceptance, refused: ${JSON.stringify(decision.error)}`);
      return decision.events;
    };
    return {
      state,
      decision,
      then: (...expected) => {
        expect(accepted()).toEqual(expected);
        return fold(decider, expected, state);
      },
      thenNothing: () => {
        expect(accepted()).toEqual([]);
        return state;
      },
      thenRefused: (code, partial) => {
        if (decision.ok)
          throw new Error(`expected refusal ${code}, accepted: ${JSON.stringify(decision.events)}`);
        expect(decision.error.code).toBe(code);
        if (partial) expect(decision.error).toMatchObject(partial);
        return decision.error;
      },
      thenAccepted: () => {
        const events = accepted();
        return { events, state: fold(decider, events, state) };
      },
    };
  };
  return {
    given: (...events: E[]) => ({ when: (command: C) => run(fold(decider, events), command) }),
    /** Starts from an explicit state (a snapshot) instead of a history. */
    givenState: (state: S) => ({ when: (command: C) => run(state, command) }),
  };
};
