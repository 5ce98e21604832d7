/**
 * Properties of the protections (issue 23 "What to build" 1): no sequence of deposits and bets ever
 * passes a limit in force; a raise never applies before its cooling period nor without the player's
 * confirmation; a lowering applies at once; a cooling-off or self-excluded account never stakes or
 * deposits; withdrawals are never refused. Usage is checked against an oracle that recomputes the EAT
 * periods by day numbers, independently of `eat.ts`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProtectionCommand } from './commands.ts';
import {
  addUsage,
  checkMovement,
  emptyUsage,
  LIMIT_KIND_NAMES,
  LIMIT_RAISE_COOLING_MS,
  protectionDecider,
  STAKE_MOVEMENTS,
  type AttemptedMovement,
  type LimitKind,
  type ProtectionEvent,
  type ProtectionState,
  type ProtectionUsage,
} from './index.ts';

const START = Date.parse('2026-01-01T00:00:00Z');
const by = { userId: 'u1', actor: { kind: 'player', id: 'u1' } } as const;
const MONEY_LIMITS = LIMIT_KIND_NAMES.filter((k) => k !== 'sessionMinutes');

type Step =
  | { readonly wait: number; readonly do: 'limit'; readonly kind: LimitKind; readonly value: number | null }
  | { readonly wait: number; readonly do: 'confirm' | 'cancel'; readonly kind: LimitKind }
  | { readonly wait: number; readonly do: 'coolOff'; readonly period: '24h' | '7d' | '30d' | '6w' }
  | { readonly wait: number; readonly do: 'exclude'; readonly period: '6m' | '1y' | '5y' | 'permanent' }
  | { readonly wait: number; readonly do: 'reopen' }
  | {
      readonly wait: number;
      readonly do: 'move';
      readonly kind: AttemptedMovement['kind'];
      readonly amount: number;
    }
  | { readonly wait: number; readonly do: 'return'; readonly amount: number };

/** Minutes to wait before a step: often none, sometimes hours, sometimes days or months. */
const wait = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 90 }) },
  { weight: 2, arbitrary: fc.integer({ min: 60, max: 3 * 1_440 }) },
  { weight: 1, arbitrary: fc.integer({ min: 23 * 60, max: 25 * 60 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1_440, max: 200 * 1_440 }) },
);
const moneyKind = fc.constantFrom(...MONEY_LIMITS);
/** Round amounts (multiples of 500) collide with round limits, so sequences often land exactly on a limit. */
const round = (max: number) => fc.integer({ min: 1, max: max / 500 }).map((n) => n * 500);
const amount = fc.oneof(
  fc.integer({ min: 1, max: 6_000 }),
  round(6_000),
  round(6_000).map((n) => n + 1),
  fc.constant(0),
);
const limitValue = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 20_000 }) },
  { weight: 3, arbitrary: round(20_000) },
  { weight: 1, arbitrary: fc.constant(null) },
);
const movementKind = fc.constantFrom<AttemptedMovement['kind']>('deposit', 'withdrawal', ...STAKE_MOVEMENTS);

/** Limit changes on `kinds`, movements and returns. */
const stepsOn = (kinds: fc.Arbitrary<LimitKind>, moves = 6): fc.Arbitrary<Step> =>
  fc.oneof(
    fc.record({ wait, do: fc.constant('limit' as const), kind: kinds, value: limitValue }),
    fc.record({ wait, do: fc.constantFrom('confirm' as const, 'cancel' as const), kind: kinds }),
    {
      weight: moves,
      arbitrary: fc.record({ wait, do: fc.constant('move' as const), kind: movementKind, amount }),
    },
    fc.record({ wait, do: fc.constant('return' as const), amount: fc.integer({ min: -2_000, max: 8_000 }) }),
  );
const moneySteps = stepsOn(moneyKind);
/** A limit change followed, up to 48 hours later, by a confirmation of it: raises meet the 24-hour mark. */
const changeThenConfirm = (kinds: fc.Arbitrary<LimitKind>): fc.Arbitrary<Step[]> =>
  fc.tuple(kinds, limitValue, fc.integer({ min: 0, max: 48 * 60 })).map(([kind, value, later]) => [
    { wait: 0, do: 'limit', kind, value },
    { wait: later, do: 'confirm', kind },
  ]);
const raiseKinds = fc.constantFrom<LimitKind>('depositDay', 'lossWeek');
const raiseSequences = fc
  .array(
    fc.oneof(
      stepsOn(raiseKinds, 1).map((s) => [s]),
      changeThenConfirm(raiseKinds),
    ),
    { maxLength: 30 },
  )
  .map((chunks) => chunks.flat());
const blockSteps: fc.Arbitrary<Step> = fc.oneof(
  moneySteps,
  fc.record({
    wait,
    do: fc.constant('coolOff' as const),
    period: fc.constantFrom('24h' as const, '7d' as const, '30d' as const, '6w' as const),
  }),
  fc.record({
    wait,
    do: fc.constant('exclude' as const),
    period: fc.constantFrom('6m' as const, '1y' as const, '5y' as const, 'permanent' as const),
  }),
  fc.record({ wait, do: fc.constant('reopen' as const) }),
);

const commandOf = (step: Step, at: string): ProtectionCommand | undefined => {
  const b = { ...by, at };
  switch (step.do) {
    case 'limit':
      return { type: 'SetLimit', ...b, kind: step.kind, value: step.value };
    case 'confirm':
      return { type: 'ConfirmLimitChange', ...b, kind: step.kind };
    case 'cancel':
      return { type: 'CancelLimitChange', ...b, kind: step.kind };
    case 'coolOff':
      return { type: 'StartCoolOff', ...b, period: step.period, reason: '' };
    case 'exclude':
      return { type: 'SelfExclude', ...b, period: step.period, reason: '' };
    case 'reopen':
      return { type: 'RequestReopen', ...b };
    default:
      return undefined;
  }
};

// ---- oracle: EAT periods by day numbers (epoch day 0, 1970-01-01, was a Thursday) ----
const EAT = 3 * 3_600_000;
const dayNo = (ms: number) => Math.floor((ms + EAT) / 86_400_000);
const periodNo = (period: 'day' | 'week' | 'month', ms: number) => {
  if (period === 'day') return dayNo(ms);
  if (period === 'week') return Math.floor((dayNo(ms) + 3) / 7);
  const d = new Date(ms + EAT);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};
interface Moved {
  readonly kind: 'deposit' | 'stake' | 'return';
  readonly amount: number;
  readonly at: number;
}
const oracleUsed = (moved: readonly Moved[], kind: LimitKind, now: number): number => {
  const period = kind.endsWith('Day') ? 'day' : kind.endsWith('Week') ? 'week' : 'month';
  const inPeriod = moved.filter((m) => periodNo(period, m.at) === periodNo(period, now));
  const sum = (k: Moved['kind']) => inPeriod.filter((m) => m.kind === k).reduce((s, m) => s + m.amount, 0);
  return kind.startsWith('deposit')
    ? sum('deposit')
    : kind.startsWith('stake')
      ? sum('stake')
      : sum('stake') - sum('return');
};

interface Run {
  state: ProtectionState;
  usage: ProtectionUsage;
  readonly moved: Moved[];
  readonly events: { event: ProtectionEvent; before: ProtectionState }[];
}

/** Plays the steps; `onMove` sees each attempt with the state, time and answer. */
const play = (
  steps: readonly Step[],
  onMove: (
    run: Run,
    step: Extract<Step, { do: 'move' }>,
    now: number,
    check: ReturnType<typeof checkMovement>,
  ) => void = () => {},
): Run => {
  const run: Run = { state: protectionDecider.initialState(), usage: emptyUsage(), moved: [], events: [] };
  let now = START;
  for (const step of steps) {
    now += step.wait * 60_000;
    const at = new Date(now).toISOString();
    const command = commandOf(step, at);
    if (command) {
      const decision = protectionDecider.decide(command, run.state);
      if (decision.ok)
        for (const event of decision.events) {
          run.events.push({ event, before: run.state });
          run.state = protectionDecider.evolve(run.state, event);
        }
    } else if (step.do === 'return') {
      run.moved.push({ kind: 'return', amount: step.amount, at: now });
      run.usage = addUsage(run.usage, { kind: 'return', amount: step.amount, at });
    } else if (step.do === 'move') {
      const check = checkMovement(run.state, run.usage, { kind: step.kind, amount: step.amount, at });
      onMove(run, step, now, check);
      if (check.ok && step.kind !== 'withdrawal') {
        const kind = step.kind === 'deposit' ? 'deposit' : 'stake';
        run.moved.push({ kind, amount: step.amount, at: now });
        run.usage = addUsage(run.usage, { kind, amount: step.amount, at });
      }
    }
  }
  return run;
};

describe('protection properties', () => {
  it('no sequence of deposits and bets ever passes a limit in force', () => {
    fc.assert(
      fc.property(fc.array(moneySteps, { maxLength: 60 }), (steps) => {
        play(steps, (run, step, now, check) => {
          if (!check.ok || step.kind === 'withdrawal' || step.amount === 0) return;
          const kind = step.kind === 'deposit' ? 'deposit' : 'stake';
          const after = [...run.moved, { kind, amount: step.amount, at: now } as const];
          for (const limit of MONEY_LIMITS) {
            const value = run.state.limits[limit];
            if (value === undefined || limit.startsWith('deposit') !== (kind === 'deposit')) continue;
            const used = limit === 'stakeBet' ? step.amount : oracleUsed(after, limit, now);
            expect(used, `${limit} ${value}`).toBeLessThanOrEqual(value);
          }
          if (check.left !== null) expect(check.left).toBeGreaterThanOrEqual(0);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('a refusal by a limit tells exactly what is left: that much is then allowed, one more is not', () => {
    fc.assert(
      fc.property(fc.array(moneySteps, { maxLength: 40 }), (steps) => {
        play(steps, (run, step, now, check) => {
          if (check.ok || !String(check.error.code).startsWith('LIMIT_')) return;
          const left = Number(check.error.details?.left);
          const at = new Date(now).toISOString();
          expect(left).toBeLessThan(step.amount);
          expect(checkMovement(run.state, run.usage, { kind: step.kind, amount: left, at }).ok).toBe(true);
          expect(checkMovement(run.state, run.usage, { kind: step.kind, amount: left + 1, at }).ok).toBe(
            false,
          );
        });
      }),
      { numRuns: 200 },
    );
  });

  it('a raise or removal never applies before its 24-hour cooling period, nor without confirmation', () => {
    fc.assert(
      fc.property(raiseSequences, (steps) => {
        for (const { event, before } of play(steps).events) {
          const after = protectionDecider.evolve(before, event);
          for (const kind of MONEY_LIMITS) {
            const was = before.limits[kind];
            const now = after.limits[kind];
            const looser = was !== undefined && (now === undefined || now > was);
            if (!looser) continue;
            expect(event.type).toBe('LimitChangeConfirmed');
            const pending = before.pending[kind];
            expect(pending?.value ?? null).toBe(now ?? null);
            expect(Date.parse(event.data.at) - Date.parse(pending?.requestedAt ?? '')).toBeGreaterThanOrEqual(
              LIMIT_RAISE_COOLING_MS,
            );
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a lowering (or a first limit) always applies at once', () => {
    fc.assert(
      fc.property(
        fc.array(moneySteps, { maxLength: 30 }),
        moneyKind,
        fc.integer({ min: 0, max: 20_000 }),
        (steps, kind, value) => {
          const { state, events } = play(steps);
          const last = events.at(-1)?.event.data.at ?? new Date(START).toISOString();
          const current = state.limits[kind];
          fc.pre(current === undefined || value <= current);
          const decision = protectionDecider.decide(
            { type: 'SetLimit', ...by, at: last, kind, value },
            state,
          );
          expect(decision.ok).toBe(true);
          if (!decision.ok) return;
          const after = decision.events.reduce(protectionDecider.evolve, state);
          expect(after.limits[kind]).toBe(value);
          expect(after.pending[kind]).toBeUndefined();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a cooling-off or self-excluded account never stakes or deposits; withdrawals are never refused', () => {
    fc.assert(
      fc.property(fc.array(blockSteps, { maxLength: 60 }), (steps) => {
        play(steps, (run, step, now, check) => {
          if (step.kind === 'withdrawal') {
            expect(check).toEqual({ ok: true, left: null });
            return;
          }
          const blocks = run.events.map((e) => e.event);
          const coolingOff = blocks.some(
            (e) =>
              e.type === 'CoolOffStarted' && Date.parse(e.data.at) <= now && now < Date.parse(e.data.until),
          );
          const excluded = blocks.some((e, i) => {
            if (e.type !== 'SelfExclusionStarted' || Date.parse(e.data.at) > now) return false;
            const reopened = blocks
              .slice(i + 1)
              .some((r) => r.type === 'ReopenRequested' && Date.parse(r.data.reopensAt) <= now);
            return !reopened;
          });
          if (coolingOff || excluded) {
            expect(check.ok).toBe(false);
            if (!check.ok) expect(['SELF_EXCLUDED', 'COOL_OFF']).toContain(check.error.code);
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it('a re-opening never takes effect before the period is over plus 24 hours, and never for permanent', () => {
    fc.assert(
      fc.property(fc.array(blockSteps, { maxLength: 60 }), (steps) => {
        const { events } = play(steps);
        for (const { event, before } of events) {
          if (event.type !== 'ReopenRequested') continue;
          const until = before.exclusion?.until;
          expect(until).not.toBeNull();
          expect(Date.parse(event.data.at)).toBeGreaterThanOrEqual(Date.parse(until ?? ''));
          expect(Date.parse(event.data.reopensAt) - Date.parse(event.data.at)).toBe(24 * 3_600_000);
        }
      }),
      { numRuns: 200 },
    );
  });
});
