import type { MovementLine, WalletEvent } from '@bashiri/domain';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, eatBucket, eatDayStart, isDate } from '@bashiri/domain';
import { walletFigures } from './projection.ts';

const base = {
  userId: 'u1',
  movementId: 'm1',
  reference: 'r1',
  reason: '',
  actor: { kind: 'system', id: 'test' },
  at: '2026-11-21T06:00:00.000Z',
} as const;
const line = (pocket: MovementLine['pocket'], amount: number, before = 10_000): MovementLine => ({
  pocket,
  amount,
  before,
  after: before + amount,
});
const event = (type: WalletEvent['type'], billType: number, lines: MovementLine[], extra = {}) =>
  ({ type, data: { ...base, billType, lines, ...extra } }) as unknown as WalletEvent;

describe('EAT buckets', () => {
  it('puts an instant in its East Africa date and hour (UTC+3)', () => {
    expect(eatBucket('2026-11-21T20:59:59.999Z')).toEqual({ day: '2026-11-21', hour: 23 });
    expect(eatBucket('2026-11-21T21:00:00.000Z')).toEqual({ day: '2026-11-22', hour: 0 });
    expect(eatBucket('2026-12-31T22:30:00+01:00')).toEqual({ day: '2027-01-01', hour: 0 });
    expect(new Date(eatDayStart('2026-11-22')).toISOString()).toBe('2026-11-21T21:00:00.000Z');
  });
  it('checks dates and counts days', () => {
    expect(isDate('2028-02-29')).toBe(true);
    expect(isDate('2026-02-29')).toBe(false);
    expect(isDate('2026-1-01')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-11-21', '2026-11-21')).toBe(1);
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(365);
    expect(daysBetween('2026-11-22', '2026-11-21')).toBe(0);
  });
});

describe('walletFigures', () => {
  it('counts stakes of both pockets and the credit-money part', () => {
    expect(walletFigures(event('StakeDebited', 3, [line('balance', -1_000)]))).toEqual({
      hourly: { stakes: 1_000, credit_stakes: 0 },
      agent: { stakes: 1_000, bet_count: 1 },
    });
    expect(walletFigures(event('StakeDebited', 4, [line('creditMoney', -500)])).hourly).toEqual({
      stakes: 500,
      credit_stakes: 500,
    });
  });

  it('counts payouts after tax, including a part that paid a debt', () => {
    const figures = walletFigures(
      event('WinningsCredited', 1, [line('debt', -300, 300), line('balance', 1_600, 0)], {
        gross: 2_000,
        tax: 100,
      }),
    );
    expect(figures).toEqual({ hourly: { payouts: 1_900, tax: 100 }, agent: { payouts: 1_900 } });
  });

  it('takes a reversed settlement back from payouts and tax, or from stake refunds on credit money', () => {
    const balance = event('SettlementReversed', 25, [line('balance', -1_000), line('debt', 900, 0)], {
      requested: 1_900,
      tax: 100,
      shortfall: 900,
    });
    expect(walletFigures(balance)).toEqual({
      hourly: { payouts: -1_900, tax: -100 },
      agent: { payouts: -1_900 },
    });
    const credit = event('SettlementReversed', 25, [line('creditMoney', -500)], {
      requested: 500,
      tax: 0,
      shortfall: 0,
    });
    expect(walletFigures(credit)).toEqual({
      hourly: { stake_refunds: -500 },
      agent: { stake_refunds: -500 },
    });
  });

  it('counts refunds, deposits, withdrawals, bonuses and staff changes by bill type', () => {
    expect(walletFigures(event('StakeRefunded', 1, [line('balance', 700)])).hourly).toEqual({
      stake_refunds: 700,
    });
    expect(
      walletFigures(event('DepositCredited', 11, [line('balance', 5_000)], { channel: 'ussd' })),
    ).toEqual({
      hourly: { deposits: 5_000, deposit_count: 1 },
      agent: { deposits: 5_000 },
    });
    expect(
      walletFigures(event('WithdrawalReserved', 7, [line('balance', -3_000)], { amount: 3_000 })),
    ).toEqual({
      hourly: { withdrawals_reserved: 3_000 },
      agent: {},
    });
    expect(walletFigures(event('WithdrawalConfirmed', 7, [], { amount: 3_000 }))).toEqual({
      hourly: { withdrawals: 3_000, withdrawal_count: 1 },
      agent: { withdrawals: 3_000 },
    });
    expect(
      walletFigures(event('WithdrawalRefunded', 9, [line('balance', 3_000)], { amount: 3_000 })).hourly,
    ).toEqual({
      withdrawal_refunds: 3_000,
    });
    expect(
      walletFigures(event('BonusCredited', 8, [line('creditMoney', 7_000)], { kind: 'signup' })).hourly,
    ).toEqual({
      bonuses: 7_000,
    });
    expect(walletFigures(event('StaffAdjusted', 2, [line('racingCoin', -200)])).hourly).toEqual({
      staff_adjustments: -200,
    });
    expect(walletFigures(event('DebtWrittenOff', 2, [line('debt', -400, 400)])).hourly).toEqual({
      staff_adjustments: 400,
    });
    expect(
      walletFigures(
        event('RacingCoinConverted', 15, [line('balance', -100), line('racingCoin', 100, 0)], {
          direction: 'toRacingCoin',
          taxRate: '0',
          tax: 0,
        }),
      ),
    ).toEqual({ hourly: {}, agent: {} });
  });
});
