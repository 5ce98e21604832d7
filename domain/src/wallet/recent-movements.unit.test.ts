/**
 * The idempotency window's index (recent-movements.ts, decision 0214): whatever windows are made and
 * asked, in whatever order — a chain, older states asked again, branches made from them — membership
 * answers exactly `ids.includes(id)`, and the windows are the arrays the earlier fold made.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { walletDecider } from './decider.ts';
import { walletCommands as w } from './fixtures.ts';
import { isRecentMovement, RECENT_MOVEMENTS, rememberMovement } from './recent-movements.ts';

/** The window as the fold made it before the index (events.ts until session 18). */
const rememberedBefore = (ids: readonly string[], id: string): readonly string[] =>
  ids.length < RECENT_MOVEMENTS ? [...ids, id] : [...ids.slice(ids.length - RECENT_MOVEMENTS + 1), id];

/** Few distinct ids, so that repeats inside and across the window are common. */
const movementId = fc.integer({ min: 0, max: 400 }).map((n) => `casino:sandbox:t${n}`);

/** Make a window from an earlier one (`from` picks it), or ask one (`at` picks it) about an id. */
const step = fc.oneof(
  fc.record({ kind: fc.constant('remember' as const), from: fc.nat(), id: movementId }),
  fc.record({ kind: fc.constant('ask' as const), at: fc.nat(), id: movementId }),
  // Mostly extend and ask the newest window, as the money path does.
  fc.record({ kind: fc.constant('extend' as const), id: movementId }),
  fc.record({ kind: fc.constant('askNewest' as const), id: movementId }),
);

describe('recent movement ids', () => {
  it('answer as includes, on chains, older windows and branches alike', () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 300, maxLength: 1_200 }),
        fc.array(movementId, { maxLength: 60 }),
        (steps, start) => {
          const windows: (readonly string[])[] = [start.slice(0, RECENT_MOVEMENTS)];
          const reference: (readonly string[])[] = [start.slice(0, RECENT_MOVEMENTS)];
          for (const s of steps) {
            if (s.kind === 'ask' || s.kind === 'askNewest') {
              const k = s.kind === 'ask' ? s.at % windows.length : windows.length - 1;
              expect(isRecentMovement(windows[k]!, s.id)).toBe(reference[k]!.includes(s.id));
              continue;
            }
            const k = s.kind === 'extend' ? windows.length - 1 : s.from % windows.length;
            windows.push(rememberMovement(windows[k]!, s.id));
            reference.push(rememberedBefore(reference[k]!, s.id));
            expect(windows.at(-1)).toEqual(reference.at(-1));
          }
          // Every window ever made, asked again at the end (oldest first), about every id it holds and one it does not.
          windows.forEach((ids, k) => {
            for (const id of reference[k]!) expect(isRecentMovement(ids, id)).toBe(true);
            expect(isRecentMovement(ids, 'casino:sandbox:never')).toBe(false);
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  it('answer as includes along one long chain with repeats, as the money path asks', () => {
    const alphabet = Array.from({ length: 60 }, (_, n) => `casino:sandbox:t${n}`);
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...alphabet), { minLength: RECENT_MOVEMENTS + 50, maxLength: 700 }),
        (ids) => {
          let window: readonly string[] = [];
          isRecentMovement(window, alphabet[0]!);
          for (const id of ids) {
            window = rememberMovement(window, id);
            for (const asked of alphabet)
              expect(isRecentMovement(window, asked)).toBe(window.includes(asked));
          }
        },
      ),
      { numRuns: 10 },
    );
  });

  it('leaves the window it was given as it was', () => {
    const full = Array.from({ length: RECENT_MOVEMENTS }, (_, k) => `m${k}`);
    expect(isRecentMovement(full, 'm0')).toBe(true);
    const next = rememberMovement(full, 'm256');
    expect(full).toHaveLength(RECENT_MOVEMENTS);
    expect(full[0]).toBe('m0');
    expect(isRecentMovement(next, 'm0')).toBe(false);
    expect(isRecentMovement(full, 'm0')).toBe(true);
    expect(isRecentMovement(next, 'm256')).toBe(true);
  });

  it('lets the wallet decider drop a repeat whose first call is anywhere in the window', () => {
    let state = walletDecider.initialState();
    for (let k = 0; k < RECENT_MOVEMENTS + 20; k++) {
      const decision = walletDecider.decide(w.deposit(`p${k}`, 100), state);
      if (!decision.ok) throw new Error(decision.error.code);
      state = decision.events.reduce(walletDecider.evolve, state);
    }
    // p20 is the oldest still held, p19 the newest already dropped.
    const repeat = walletDecider.decide(w.deposit('p20', 100), state);
    expect(repeat.ok && repeat.events).toEqual([]);
    const beyond = walletDecider.decide(w.deposit('p19', 100), state);
    expect(beyond.ok && beyond.events.length).toBe(1);
  });
});
