import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { deciderSpec } from '../testing/given-when-then.ts';
import type { AccountActor } from '../account/events.ts';
import type { ProtectionCommand } from './commands.ts';
import type { ProtectionEvent } from './events.ts';
import {
  isCoolingOff,
  isSelfExcluded,
  marketingAllowed,
  nextRealityCheckAt,
  protectionDecider,
  protectionStatus,
  protectionStream,
  realityCheckDue,
} from './index.ts';

const spec = deciderSpec(protectionDecider);
const PLAYER: AccountActor = { kind: 'player', id: 'u1' };
const STAFF: AccountActor = { kind: 'staff', id: 'cs-3' };
const T0 = '2026-01-10T09:00:00.000Z';
const plus = (hours: number, from = T0) => new Date(Date.parse(from) + hours * 3_600_000).toISOString();
const by = { userId: 'u1', actor: PLAYER };

const setLimit = (
  kind: 'depositDay' | 'lossWeek' | 'stakeBet' | 'sessionMinutes',
  value: number | null,
  at = T0,
) => ({ type: 'SetLimit', ...by, at, kind, value }) as const;
const limitSet = (value: number, previous: number | null = null, at = T0): ProtectionEvent => ({
  type: 'LimitSet',
  data: { ...by, at, kind: 'depositDay', value, previous },
});
const raiseRequested = (value: number | null, current = 5_000, at = T0): ProtectionEvent => ({
  type: 'LimitChangeRequested',
  data: { ...by, at, kind: 'depositDay', value, current, confirmableFrom: plus(24, at) },
});

describe('protection: limits (issue 23 "Limits")', () => {
  it('has its own stream per player', () => {
    expect(protectionStream('u1')).toBe('protection-u1');
  });

  it('applies a first limit at once, with its time', () => {
    const state = spec.given().when(setLimit('depositDay', 5_000)).then(limitSet(5_000));
    expect(state.limits).toEqual({ depositDay: 5_000 });
  });

  it('applies a lower limit at once', () => {
    spec
      .given(limitSet(5_000))
      .when(setLimit('depositDay', 3_000, plus(1)))
      .then(limitSet(3_000, 5_000, plus(1)));
  });

  it('holds a raise for 24 hours, then applies it only when the player confirms', () => {
    const state = spec
      .given(limitSet(5_000))
      .when(setLimit('depositDay', 10_000))
      .then(raiseRequested(10_000));
    expect(state.limits.depositDay).toBe(5_000);
    const confirm = { type: 'ConfirmLimitChange', ...by, kind: 'depositDay' } as const;
    spec
      .given(limitSet(5_000), raiseRequested(10_000))
      .when({ ...confirm, at: plus(23.99) })
      .thenRefused('LIMIT_COOLING_PERIOD', {
        details: { kind: 'depositDay', confirmableFrom: plus(24), value: 10_000 },
      });
    const after = spec
      .given(limitSet(5_000), raiseRequested(10_000))
      .when({ ...confirm, at: plus(30) })
      .then({
        type: 'LimitChangeConfirmed',
        data: { ...by, at: plus(30), kind: 'depositDay', value: 10_000, previous: 5_000 },
      });
    expect(after.limits.depositDay).toBe(10_000);
    expect(after.pending).toEqual({});
  });

  it('treats a removal like a raise', () => {
    spec.given(limitSet(5_000)).when(setLimit('depositDay', null)).then(raiseRequested(null));
    const state = spec
      .given(limitSet(5_000), raiseRequested(null))
      .when({ type: 'ConfirmLimitChange', ...by, kind: 'depositDay', at: plus(24) })
      .thenAccepted().state;
    expect(state.limits).toEqual({});
  });

  it('cancels a pending raise when the player lowers the limit, sets it again, or cancels', () => {
    const lowered = spec
      .given(limitSet(5_000), raiseRequested(10_000))
      .when(setLimit('depositDay', 4_000, plus(2)))
      .then(limitSet(4_000, 5_000, plus(2)));
    expect(lowered.pending).toEqual({});
    spec
      .given(limitSet(5_000), raiseRequested(10_000))
      .when(setLimit('depositDay', 5_000, plus(2)))
      .then(limitSet(5_000, 5_000, plus(2)));
    spec
      .given(limitSet(5_000), raiseRequested(10_000))
      .when({ type: 'CancelLimitChange', ...by, kind: 'depositDay', at: plus(2) })
      .then({ type: 'LimitChangeCancelled', data: { ...by, at: plus(2), kind: 'depositDay' } });
  });

  it('restarts the 24 hours when the player asks for another raise, not for the same one', () => {
    spec
      .given(limitSet(5_000), raiseRequested(10_000))
      .when(setLimit('depositDay', 20_000, plus(5)))
      .then(raiseRequested(20_000, 5_000, plus(5)));
    spec
      .given(limitSet(5_000), raiseRequested(10_000))
      .when(setLimit('depositDay', 10_000, plus(5)))
      .thenNothing();
  });

  it('changes nothing for the same limit, or removing none', () => {
    spec.given(limitSet(5_000)).when(setLimit('depositDay', 5_000)).thenNothing();
    spec.given().when(setLimit('depositDay', null)).thenNothing();
    spec
      .given(limitSet(5_000))
      .when({ type: 'CancelLimitChange', ...by, kind: 'depositDay', at: T0 })
      .thenNothing();
  });

  it('refuses a confirmation with nothing pending', () => {
    spec
      .given(limitSet(5_000))
      .when({ type: 'ConfirmLimitChange', ...by, kind: 'depositDay', at: T0 })
      .thenRefused('NO_PENDING_LIMIT_CHANGE');
  });

  it.each([
    [setLimit('depositDay', -1), 'INVALID_LIMIT'],
    [setLimit('depositDay', 10.5), 'INVALID_LIMIT'],
    [setLimit('sessionMinutes', 5), 'INVALID_LIMIT'],
    [setLimit('sessionMinutes', 1_441), 'INVALID_LIMIT'],
    [{ ...setLimit('depositDay', 1), kind: 'depositYear' as 'depositDay' }, 'UNKNOWN_LIMIT'],
    [{ ...setLimit('depositDay', 1), at: '2026-01-10 09:00' }, 'INVALID_TIME'],
    [{ ...setLimit('depositDay', 1), actor: STAFF }, 'PLAYER_ONLY'],
    [{ ...setLimit('depositDay', 1), actor: { kind: 'player', id: 'u2' } }, 'FORBIDDEN'],
    [{ ...setLimit('depositDay', 1), actor: { kind: 'system', id: 'job' } }, 'FORBIDDEN'],
    [
      { ...setLimit('depositDay', 1), userId: 'u2', actor: { kind: 'player', id: 'u2' } },
      'PROTECTION_USER_MISMATCH',
    ],
  ] as [ProtectionCommand, string][])('refuses %o with %s', (command, code) => {
    spec.given(limitSet(5_000)).when(command).thenRefused(code);
  });

  it('accepts a limit of 0 (no deposits at all) and session limits in minutes', () => {
    spec.given().when(setLimit('depositDay', 0)).thenAccepted();
    expect(spec.given().when(setLimit('sessionMinutes', 120)).thenAccepted().state.limits).toEqual({
      sessionMinutes: 120,
    });
  });
});

describe('protection: reality check', () => {
  it('defaults to 60 minutes and lets the player choose 10 to 240', () => {
    const state = spec
      .given()
      .when({ type: 'SetRealityCheck', ...by, at: T0, minutes: 30 })
      .then({ type: 'RealityCheckIntervalSet', data: { ...by, at: T0, minutes: 30 } });
    expect(protectionDecider.initialState().realityCheckMinutes).toBe(60);
    expect(nextRealityCheckAt(state, T0)).toBe(plus(0.5));
    expect(nextRealityCheckAt(state, T0, plus(1))).toBe(plus(1.5));
    expect(realityCheckDue(state, T0, plus(0.49))).toBe(false);
    expect(realityCheckDue(state, T0, plus(0.5))).toBe(true);
    spec
      .given()
      .when({ type: 'SetRealityCheck', ...by, at: T0, minutes: 60 })
      .thenNothing();
    for (const minutes of [9, 241, 30.5])
      spec
        .given()
        .when({ type: 'SetRealityCheck', ...by, at: T0, minutes })
        .thenRefused('INVALID_REALITY_CHECK');
  });
});

describe('protection: cool-off (24 h, 7 d, 30 d, 6 weeks)', () => {
  const coolOff = (period: '24h' | '7d' | '30d' | '6w', at = T0) =>
    ({ type: 'StartCoolOff', ...by, at, period, reason: '' }) as const;
  const started = (hours: number, period: '24h' | '7d' | '30d' | '6w' = '24h', at = T0): ProtectionEvent => ({
    type: 'CoolOffStarted',
    data: { ...by, at, period, until: plus(hours, at), reason: '' },
  });

  it.each([
    ['24h', 24],
    ['7d', 168],
    ['30d', 720],
    ['6w', 1_008],
  ] as const)('%s ends %i hours later, by the clock alone', (period, hours) => {
    const state = spec.given().when(coolOff(period)).then(started(hours, period));
    expect(isCoolingOff(state, plus(hours - 0.001))).toBe(true);
    expect(isCoolingOff(state, plus(hours))).toBe(false);
    expect(protectionStatus(state, plus(1))).toMatchObject({ coolingOffUntil: plus(hours), canPlay: false });
    expect(marketingAllowed(state, plus(1))).toBe(false);
    expect(marketingAllowed(state, plus(hours))).toBe(true);
  });

  it('can be lengthened but never shortened; a new one may start after the last ended', () => {
    spec
      .given(started(24))
      .when(coolOff('7d', plus(1)))
      .then(started(168, '7d', plus(1)));
    spec
      .given(started(168, '7d'))
      .when(coolOff('24h', plus(1)))
      .thenRefused('ALREADY_COOLING_OFF', { details: { until: plus(168) } });
    spec
      .given(started(24))
      .when(coolOff('24h', plus(25)))
      .then(started(24, '24h', plus(25)));
  });

  it('may be recorded by staff with a reason, never lifted (there is no command to end it)', () => {
    spec
      .given()
      .when({ ...coolOff('24h'), actor: STAFF })
      .thenRefused('REASON_REQUIRED');
    spec
      .given()
      .when({ ...coolOff('24h'), actor: STAFF, reason: ' player called ' })
      .then({
        type: 'CoolOffStarted',
        data: { ...by, actor: STAFF, at: T0, period: '24h', until: plus(24), reason: 'player called' },
      });
    spec
      .given()
      .when({ ...coolOff('24h'), period: '2d' as '24h' })
      .thenRefused('UNKNOWN_PERIOD');
  });
});

describe('protection: self-exclusion (6 months, 1 year, 5 years, permanent)', () => {
  const exclude = (period: '6m' | '1y' | '5y' | 'permanent', at = T0) =>
    ({ type: 'SelfExclude', ...by, at, period, reason: '' }) as const;
  const excluded = (
    until: string | null,
    period: '6m' | '1y' | '5y' | 'permanent' = '6m',
    at = T0,
  ): ProtectionEvent => ({
    type: 'SelfExclusionStarted',
    data: { ...by, at, period, until, reason: '' },
  });
  const SIX_MONTHS = '2026-07-10T09:00:00.000Z';

  it.each([
    ['6m', SIX_MONTHS],
    ['1y', '2027-01-10T09:00:00.000Z'],
    ['5y', '2031-01-10T09:00:00.000Z'],
    ['permanent', null],
  ] as const)('%s runs until %s (calendar months, EAT)', (period, until) => {
    spec.given().when(exclude(period)).then(excluded(until, period));
  });

  it('counts months on the EAT calendar: 31 August + 6 months is the last day of February', () => {
    const at = '2026-08-31T10:00:00+03:00';
    expect(spec.given().when(exclude('6m', at)).thenAccepted().events[0]).toMatchObject({
      data: { until: '2027-02-28T07:00:00.000Z' },
    });
  });

  it('stays in force after the period until a re-opening is asked for and 24 hours pass', () => {
    const given = [excluded(SIX_MONTHS)];
    spec
      .given(...given)
      .when({ type: 'RequestReopen', ...by, at: plus(-1, SIX_MONTHS) })
      .thenRefused('SELF_EXCLUDED', { details: { until: SIX_MONTHS } });
    const late = plus(100, SIX_MONTHS);
    const asked = spec
      .given(...given)
      .when({ type: 'RequestReopen', ...by, at: late })
      .then({ type: 'ReopenRequested', data: { ...by, at: late, reopensAt: plus(24, late) } });
    expect(isSelfExcluded(fold(protectionDecider, given), plus(5_000, SIX_MONTHS))).toBe(true);
    expect(isSelfExcluded(asked, plus(23.9, late))).toBe(true);
    expect(isSelfExcluded(asked, plus(24, late))).toBe(false);
    expect(marketingAllowed(asked, plus(23, late))).toBe(false);
    expect(marketingAllowed(asked, plus(24, late))).toBe(true);
    spec
      .given(...given, { type: 'ReopenRequested', data: { ...by, at: late, reopensAt: plus(24, late) } })
      .when({ type: 'RequestReopen', ...by, at: plus(1, late) })
      .thenNothing();
  });

  it('never re-opens a permanent exclusion; staff cannot re-open at all', () => {
    spec
      .given(excluded(null, 'permanent'))
      .when({ type: 'RequestReopen', ...by, at: '2040-01-01T00:00:00Z' })
      .thenRefused('EXCLUSION_PERMANENT');
    spec
      .given(excluded(SIX_MONTHS))
      .when({ type: 'RequestReopen', userId: 'u1', actor: STAFF, at: plus(100, SIX_MONTHS) })
      .thenRefused('PLAYER_ONLY');
    spec
      .given()
      .when({ type: 'RequestReopen', ...by, at: T0 })
      .thenRefused('NOT_SELF_EXCLUDED');
  });

  it('can be lengthened, never shortened; a cool-off adds nothing while excluded', () => {
    spec
      .given(excluded(SIX_MONTHS))
      .when(exclude('1y', plus(1)))
      .thenAccepted();
    spec
      .given(excluded(SIX_MONTHS))
      .when(exclude('permanent', plus(1)))
      .thenAccepted();
    spec
      .given(excluded(null, 'permanent'))
      .when(exclude('5y', plus(1)))
      .thenRefused('ALREADY_SELF_EXCLUDED');
    spec
      .given(excluded('2027-01-10T09:00:00.000Z', '1y'))
      .when(exclude('6m', plus(1)))
      .thenRefused('ALREADY_SELF_EXCLUDED');
    spec
      .given(excluded(SIX_MONTHS))
      .when({ type: 'StartCoolOff', ...by, at: plus(1), period: '7d', reason: '' })
      .thenRefused('SELF_EXCLUDED');
  });

  it('closes play and marketing at once and shows in the status', () => {
    const state = spec.given().when(exclude('1y')).thenAccepted().state;
    expect(protectionStatus(state, plus(1))).toMatchObject({
      selfExclusion: { until: '2027-01-10T09:00:00.000Z', reopensAt: null },
      canPlay: false,
    });
    expect(marketingAllowed(state, plus(1))).toBe(false);
    expect(marketingAllowed(protectionDecider.initialState(), T0)).toBe(true);
  });
});

describe('protection: status', () => {
  it('lists pending raises with whether they may be confirmed yet', () => {
    const state = spec.given(limitSet(5_000)).when(setLimit('depositDay', 8_000)).thenAccepted().state;
    expect(protectionStatus(state, plus(1)).pending).toEqual([
      { kind: 'depositDay', value: 8_000, requestedAt: T0, confirmableFrom: plus(24), confirmable: false },
    ]);
    expect(protectionStatus(state, plus(24)).pending[0]?.confirmable).toBe(true);
  });
});
