import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import type { WalletEvent } from '../wallet/events.ts';
import type { ProtectionEvent, ProtectionState } from './events.ts';
import {
  addEatMonths,
  addUsage,
  checkMovement,
  emptyUsage,
  LIMIT_KINDS,
  limitsView,
  realityCheckSummary,
  PROTECTION_REFUSAL_CODES,
  periodBounds,
  periodKey,
  protectionDecider,
  usageAt,
  usageMovementOf,
  usageOf,
  type AttemptedMovement,
  type LimitKind,
} from './index.ts';

const by = { userId: 'u1', actor: { kind: 'player', id: 'u1' } } as const;
const T0 = '2026-01-10T09:00:00+03:00'; // a Saturday
const limits = (values: Partial<Record<LimitKind, number>>, at = '2026-01-01T00:00:00Z'): ProtectionState =>
  fold(
    protectionDecider,
    Object.entries(values).map(([kind, value]): ProtectionEvent => ({
      type: 'LimitSet',
      data: { ...by, at, kind: kind as LimitKind, value, previous: null },
    })),
  );
const attempt = (kind: AttemptedMovement['kind'], amount: number, at = T0): AttemptedMovement => ({
  kind,
  amount,
  at,
});

describe('periods in East Africa Time (UTC+3)', () => {
  it('starts the day at 00:00 EAT (21:00 UTC the evening before)', () => {
    expect(periodKey('day', '2026-01-09T20:59:59.999Z')).toBe('2026-01-09');
    expect(periodKey('day', '2026-01-09T21:00:00.000Z')).toBe('2026-01-10');
    expect(periodBounds('day', T0)).toEqual({
      start: Date.parse('2026-01-10T00:00:00+03:00'),
      end: Date.parse('2026-01-11T00:00:00+03:00'),
    });
  });
  it('starts the week on Monday 00:00 EAT and the month on the 1st 00:00 EAT', () => {
    expect(periodKey('week', T0)).toBe('2026-01-05');
    expect(periodKey('week', '2026-01-11T23:59:00+03:00')).toBe('2026-01-05');
    expect(periodKey('week', '2026-01-12T00:00:00+03:00')).toBe('2026-01-12');
    expect(periodKey('week', '2026-01-04T23:00:00+03:00')).toBe('2025-12-29');
    expect(periodKey('month', '2026-01-31T23:59:59+03:00')).toBe('2026-01');
    expect(periodKey('month', '2026-01-31T21:00:00Z')).toBe('2026-02');
    expect(periodBounds('month', '2025-12-31T22:00:00Z').end).toBe(Date.parse('2026-02-01T00:00:00+03:00'));
  });
  it('adds calendar months on the EAT clock, ending on the last day of a shorter month', () => {
    expect(new Date(addEatMonths('2027-08-31T23:30:00+03:00', 6)).toISOString()).toBe(
      '2028-02-29T20:30:00.000Z',
    );
    // 31 January 01:00 EAT is still 30 January in UTC: the EAT date decides
    expect(new Date(addEatMonths('2026-01-31T01:00:00+03:00', 1)).toISOString()).toBe(
      '2026-02-27T22:00:00.000Z',
    );
  });
});

describe('usage accumulator', () => {
  it('adds deposits, stakes and returns per period and starts a new period afresh', () => {
    const usage = usageOf([
      { kind: 'deposit', amount: 5_000, at: '2026-01-10T08:00:00+03:00' },
      { kind: 'stake', amount: 1_000, at: '2026-01-10T09:00:00+03:00' },
      { kind: 'return', amount: 300, at: '2026-01-10T10:00:00+03:00' },
      { kind: 'stake', amount: 700, at: '2026-01-11T10:00:00+03:00' },
    ]);
    expect(usage.day).toEqual({ key: '2026-01-11', deposits: 0, stakes: 700, returns: 0 });
    expect(usage.week).toEqual({ key: '2026-01-05', deposits: 5_000, stakes: 1_700, returns: 300 });
    expect(usageAt(usage, '2026-01-12T00:00:00+03:00').week).toEqual({
      key: '2026-01-12',
      deposits: 0,
      stakes: 0,
      returns: 0,
    });
    expect(usageAt(usage, '2026-01-12T00:00:00+03:00').month.stakes).toBe(1_700);
  });
  it('ignores a late movement of a period already over', () => {
    const usage = addUsage(emptyUsage(), { kind: 'stake', amount: 100, at: '2026-01-11T10:00:00+03:00' });
    expect(addUsage(usage, { kind: 'stake', amount: 50, at: '2026-01-10T10:00:00+03:00' }).day.stakes).toBe(
      100,
    );
  });
  it('reads wallet events: deposit, stake, winnings, refund and a reversal leaving debt', () => {
    const m = {
      userId: 'u1',
      movementId: 'm',
      billType: 1,
      reference: 'r',
      reason: '',
      actor: by.actor,
      at: T0,
    } as const;
    const line = (pocket: 'balance' | 'debt' | 'racingCoin', amount: number) => ({
      pocket,
      amount,
      before: 0,
      after: 0,
    });
    const events = [
      { type: 'DepositCredited', data: { ...m, lines: [line('balance', 5_000)], channel: 'push' } },
      {
        type: 'StakeDebited',
        data: { ...m, lines: [line('racingCoin', -400)], product: 'racing', payType: 1 },
      },
      {
        type: 'WinningsCredited',
        data: { ...m, lines: [line('balance', 900)], product: 'single', gross: 1_000, tax: 100 },
      },
      { type: 'StakeRefunded', data: { ...m, lines: [line('balance', 200)], product: 'single', payType: 1 } },
      {
        type: 'SettlementReversed',
        data: {
          ...m,
          lines: [line('balance', -300), line('debt', 600)],
          requested: 900,
          tax: 0,
          shortfall: 600,
        },
      },
      { type: 'WithdrawalReserved', data: { ...m, lines: [line('balance', -1_000)], amount: 1_000 } },
    ] as unknown as WalletEvent[];
    expect(events.map(usageMovementOf).map((u) => u && [u.kind, u.amount])).toEqual([
      ['deposit', 5_000],
      ['stake', 400],
      ['return', 900],
      ['return', 200],
      ['return', -900],
      undefined,
    ]);
  });
});

describe('checkMovement (the money path)', () => {
  it('refuses a deposit above the daily limit with the amount left and when it resets', () => {
    const usage = usageOf([{ kind: 'deposit', amount: 2_000, at: '2026-01-10T07:00:00+03:00' }]);
    expect(checkMovement(limits({ depositDay: 5_000 }), usage, attempt('deposit', 6_000))).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'LIMIT_DEPOSIT_DAY',
        details: {
          left: 3_000,
          limit: 5_000,
          used: 2_000,
          period: 'day',
          resetsAt: '2026-01-10T21:00:00.000Z',
        },
      }),
    });
    expect(checkMovement(limits({ depositDay: 5_000 }), usage, attempt('deposit', 3_000))).toEqual({
      ok: true,
      left: 0,
    });
    expect(
      checkMovement(
        limits({ depositDay: 5_000 }),
        usage,
        attempt('deposit', 3_000, '2026-01-11T00:00:00+03:00'),
      ),
    ).toEqual({
      ok: true,
      left: 2_000,
    });
  });

  it('names the tightest limit: the one with the least room left', () => {
    const usage = usageOf([{ kind: 'deposit', amount: 9_000, at: '2026-01-06T10:00:00+03:00' }]);
    const state = limits({ depositDay: 5_000, depositWeek: 10_000, depositMonth: 50_000 });
    const r = checkMovement(state, usage, attempt('deposit', 2_000));
    expect(r.ok ? r : r.error).toMatchObject({
      code: 'LIMIT_DEPOSIT_WEEK',
      details: { left: 1_000, period: 'week' },
    });
  });

  it('counts the loss as stakes minus returns: winnings give room back', () => {
    const state = limits({ lossDay: 1_000 });
    const lost = usageOf([{ kind: 'stake', amount: 800, at: '2026-01-10T08:00:00+03:00' }]);
    expect(checkMovement(state, lost, attempt('bet', 300))).toMatchObject({
      ok: false,
      error: { code: 'LIMIT_LOSS_DAY', details: { left: 200, used: 800 } },
    });
    const won = addUsage(lost, { kind: 'return', amount: 1_500, at: '2026-01-10T08:30:00+03:00' });
    expect(checkMovement(state, won, attempt('bet', 1_700))).toEqual({ ok: true, left: 0 });
    expect(checkMovement(state, won, attempt('deposit', 1_000_000))).toEqual({ ok: true, left: null });
  });

  it('checks the stake per bet and per day on every stake product', () => {
    const state = limits({ stakeBet: 1_000, stakeDay: 3_000 });
    const usage = usageOf([{ kind: 'stake', amount: 2_500, at: '2026-01-10T08:00:00+03:00' }]);
    for (const kind of ['bet', 'jackpotTicket', 'racingBet', 'casinoBet', 'cashOutRestake'] as const) {
      expect(checkMovement(state, emptyUsage(), attempt(kind, 1_500))).toMatchObject({
        ok: false,
        error: { code: 'LIMIT_STAKE_BET' },
      });
      expect(checkMovement(state, usage, attempt(kind, 600))).toMatchObject({
        ok: false,
        error: { code: 'LIMIT_STAKE_DAY', details: { left: 500 } },
      });
      expect(checkMovement(state, usage, attempt(kind, 500))).toEqual({ ok: true, left: 0 });
    }
  });

  it('refuses stakes once the session has lasted its limit; deposits stay open', () => {
    const state = limits({ sessionMinutes: 60 });
    const session = { sessionStartedAt: '2026-01-10T08:00:00+03:00' };
    expect(
      checkMovement(state, emptyUsage(), { ...attempt('bet', 100, '2026-01-10T08:59:59+03:00'), ...session }),
    ).toEqual({ ok: true, left: null });
    expect(checkMovement(state, emptyUsage(), { ...attempt('bet', 100), ...session })).toMatchObject({
      ok: false,
      error: { code: 'LIMIT_SESSION', details: { left: 0, limit: 60, used: 60, unit: 'minute' } },
    });
    expect(checkMovement(state, emptyUsage(), { ...attempt('deposit', 100), ...session }).ok).toBe(true);
  });

  it('refuses bets and deposits while cooling off or excluded, never withdrawals', () => {
    const coolOff = fold(protectionDecider, [
      {
        type: 'CoolOffStarted',
        data: { ...by, at: T0, period: '24h', until: '2026-01-11T06:00:00.000Z', reason: '' },
      },
    ]);
    expect(checkMovement(coolOff, emptyUsage(), attempt('bet', 100))).toMatchObject({
      ok: false,
      error: { code: 'COOL_OFF', details: { left: 0, until: '2026-01-11T06:00:00.000Z' } },
    });
    expect(checkMovement(coolOff, emptyUsage(), attempt('deposit', 100, '2026-01-11T06:00:00.000Z')).ok).toBe(
      true,
    );
    const excluded = fold(protectionDecider, [
      { type: 'SelfExclusionStarted', data: { ...by, at: T0, period: 'permanent', until: null, reason: '' } },
    ]);
    expect(checkMovement(excluded, emptyUsage(), attempt('jackpotTicket', 100))).toMatchObject({
      ok: false,
      error: { code: 'SELF_EXCLUDED' },
    });
    for (const state of [coolOff, excluded, limits({ depositDay: 0, lossDay: 0 })])
      expect(checkMovement(state, emptyUsage(), attempt('withdrawal', 1_000_000))).toEqual({
        ok: true,
        left: null,
      });
  });

  it('lists every refusal code, one per limit kind plus cool-off and self-exclusion', () => {
    expect([...PROTECTION_REFUSAL_CODES].sort()).toEqual(
      ['SELF_EXCLUDED', 'COOL_OFF', ...Object.values(LIMIT_KINDS).map((k) => k.code)].sort(),
    );
  });

  it('refuses an unreadable time rather than letting the movement through', () => {
    const coolOff = fold(protectionDecider, [
      {
        type: 'CoolOffStarted',
        data: { ...by, at: T0, period: '24h', until: '2026-01-11T06:00:00.000Z', reason: '' },
      },
    ]);
    expect(checkMovement(coolOff, emptyUsage(), attempt('bet', 100, 'yesterday'))).toMatchObject({
      ok: false,
      error: { code: 'INVALID_TIME' },
    });
    expect(
      checkMovement(limits({ sessionMinutes: 30 }), emptyUsage(), {
        ...attempt('bet', 100),
        sessionStartedAt: 'noon',
      }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID_TIME' } });
  });

  it('refuses an amount that is not whole TZS', () => {
    expect(checkMovement(limits({}), emptyUsage(), attempt('bet', 10.5))).toMatchObject({
      ok: false,
      error: { code: 'INVALID_AMOUNT' },
    });
    expect(checkMovement(limits({}), emptyUsage(), attempt('deposit', -1))).toMatchObject({
      ok: false,
      error: { code: 'NEGATIVE_AMOUNT' },
    });
  });
});

describe('limitsView (the profile and back office)', () => {
  it('shows each limit in force with its usage, room and reset time', () => {
    const usage = usageOf([
      { kind: 'deposit', amount: 2_000, at: '2026-01-10T07:00:00+03:00' },
      { kind: 'stake', amount: 1_500, at: '2026-01-10T07:30:00+03:00' },
      { kind: 'return', amount: 2_000, at: '2026-01-10T08:00:00+03:00' },
    ]);
    const state = limits({ depositDay: 5_000, lossWeek: 1_000, stakeBet: 700, sessionMinutes: 90 });
    expect(limitsView(state, usage, T0)).toEqual([
      { kind: 'depositDay', limit: 5_000, used: 2_000, left: 3_000, resetsAt: '2026-01-10T21:00:00.000Z' },
      { kind: 'lossWeek', limit: 1_000, used: -500, left: 1_500, resetsAt: '2026-01-11T21:00:00.000Z' },
      { kind: 'stakeBet', limit: 700, used: 0, left: 700, resetsAt: null },
      { kind: 'sessionMinutes', limit: 90, used: 0, left: 90, resetsAt: null },
    ]);
    expect(limitsView(state, usage, '2026-01-12T00:00:00+03:00')[1]).toMatchObject({ used: 0, left: 1_000 });
  });
});

describe('realityCheckSummary', () => {
  it('sums the stakes and returns of the session only', () => {
    expect(
      realityCheckSummary('2026-01-10T08:00:00+03:00', '2026-01-10T09:30:00+03:00', [
        { kind: 'stake', amount: 999, at: '2026-01-10T07:59:00+03:00' },
        { kind: 'deposit', amount: 5_000, at: '2026-01-10T08:01:00+03:00' },
        { kind: 'stake', amount: 1_000, at: '2026-01-10T08:10:00+03:00' },
        { kind: 'return', amount: 400, at: '2026-01-10T09:00:00+03:00' },
        { kind: 'stake', amount: 500, at: '2026-01-10T09:20:00+03:00' },
      ]),
    ).toEqual({ minutesPlayed: 90, stakes: 1_500, returns: 400, net: -1_100 });
  });
});
