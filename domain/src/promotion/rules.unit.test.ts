import { describe, expect, it } from 'vitest';
import { BONUS_BILL } from '../wallet/bill-types.ts';
import {
  activityAward,
  countSettledStake,
  creditExpiries,
  DEFAULT_REFERRAL_CONFIG as CFG,
  invitationBonus,
  invitationBonusAmount,
  orderBonus,
  referralReward,
  remainingOfGrants,
  selfReferralError,
  startReferral,
  welcomeBonus,
  type OrderBonusConfig,
  type PlayerFootprint,
  type QualifyingBet,
} from './rules.ts';

const AT = '2026-12-10T12:00:00.000Z';

describe('referral reward', () => {
  it('pays the inviter 7,000 TZS credit money (bill 10) once the friend settles 30,000', () => {
    let p = startReferral('inv', 'fr');
    p = countSettledStake(p, { betId: 'b1', stake: 20_000 });
    expect(referralReward(CFG, p, AT)).toBeNull();
    p = countSettledStake(p, { betId: 'b2', stake: 10_000 });
    expect(referralReward(CFG, p, AT)).toEqual({
      type: 'CreditBonus',
      userId: 'inv',
      movementId: 'referral:inv:fr',
      at: AT,
      actor: { kind: 'system', id: 'promotions' },
      kind: 'referral',
      pocket: 'creditMoney',
      reference: 'fr',
      amount: 7_000,
      reason: 'referral reward',
    });
    expect(BONUS_BILL.referral).toBe(10);
  });

  it('counts a redelivered settlement once', () => {
    let p = startReferral('inv', 'fr');
    p = countSettledStake(p, { betId: 'b1', stake: 20_000 });
    p = countSettledStake(p, { betId: 'b1', stake: 20_000 });
    expect(p.settledStakes).toBe(20_000);
    expect(referralReward(CFG, p, AT)).toBeNull();
  });
});

describe('invitation first-deposit bonus', () => {
  it('is 10% of the first deposit, rounded down, capped', () => {
    expect(invitationBonusAmount(CFG, 5_005)).toBe(500);
    expect(invitationBonusAmount(CFG, 1_000_000)).toBe(CFG.invitationBonusCap);
    expect(invitationBonus(CFG, { userId: 'fr', paymentId: 'pay-1', amount: 9, at: AT })).toBeNull();
    expect(invitationBonus(CFG, { userId: 'fr', paymentId: 'pay-1', amount: 20_000, at: AT })).toMatchObject({
      movementId: 'invitation:fr',
      kind: 'referral',
      pocket: 'creditMoney',
      amount: 2_000,
    });
  });
});

describe('self-referral', () => {
  const inviter: PlayerFootprint = {
    userId: 'inv',
    phone: '255712000001',
    devices: ['dev-a'],
    ips: [{ ip: '10.0.0.1', at: '2026-12-10T00:00:00.000Z' }],
  };
  const friend: PlayerFootprint = {
    userId: 'fr',
    phone: '255712000002',
    devices: ['dev-b'],
    ips: [{ ip: '10.0.0.2', at: '2026-12-10T01:00:00.000Z' }],
  };
  const reason = (f: PlayerFootprint) => selfReferralError(CFG, inviter, f)?.details?.['reason'];

  it('accepts a different person', () => {
    expect(selfReferralError(CFG, inviter, friend)).toBeUndefined();
  });
  it('refuses own code, same phone, same device, same IP within the window', () => {
    expect(selfReferralError(CFG, inviter, { ...friend, userId: 'inv' })?.code).toBe('SELF_REFERRAL');
    expect(reason({ ...friend, userId: 'inv' })).toBe('sameUser');
    expect(reason({ ...friend, phone: inviter.phone })).toBe('samePhone');
    expect(reason({ ...friend, devices: ['dev-x', 'dev-a'] })).toBe('sameDevice');
    expect(reason({ ...friend, ips: [{ ip: '10.0.0.1', at: '2026-12-11T00:00:00.000Z' }] })).toBe('sameIp');
  });
  it('accepts the same IP outside the window (e.g. a shared café later)', () => {
    expect(reason({ ...friend, ips: [{ ip: '10.0.0.1', at: '2026-12-11T00:00:00.001Z' }] })).toBeUndefined();
  });
});

describe('welcome and order bonuses', () => {
  it('welcome bonus is bill 8 credit money, one per player and promotion', () => {
    const c = welcomeBonus({ promotionId: 'w1', amount: 1_000 }, 'u1', AT);
    expect(c).toMatchObject({
      kind: 'signup',
      movementId: 'welcome:w1:u1',
      amount: 1_000,
      pocket: 'creditMoney',
    });
    expect(BONUS_BILL.signup).toBe(8);
  });

  const cfg: OrderBonusConfig = {
    promotionId: 'o1',
    minStake: 5_000,
    minOdds: '3.00',
    from: '2026-12-01T00:00:00.000Z',
    until: '2026-12-08T00:00:00.000Z',
    freeBet: 2_000,
  };
  const bet: QualifyingBet = {
    userId: 'u1',
    betId: 'b1',
    stake: 5_000,
    odds: '3',
    placedAt: '2026-12-07T23:59:59.999Z',
    payType: 1,
  };
  it('order bonus: stake ≥ X on odds ≥ Y within the period earns a free bet (bill 12)', () => {
    expect(orderBonus(cfg, bet, AT)).toMatchObject({
      kind: 'order',
      movementId: 'order:o1:u1',
      amount: 2_000,
      reference: 'b1',
    });
    expect(BONUS_BILL.order).toBe(12);
  });
  it('order bonus: not for a smaller stake, lower odds, outside the period, or a free bet', () => {
    expect(orderBonus(cfg, { ...bet, stake: 4_999 }, AT)).toBeNull();
    expect(orderBonus(cfg, { ...bet, odds: '2.99' }, AT)).toBeNull();
    expect(orderBonus(cfg, { ...bet, placedAt: cfg.until }, AT)).toBeNull();
    expect(orderBonus(cfg, { ...bet, payType: 2 }, AT)).toBeNull();
  });
});

describe('credit-money expiry', () => {
  const grants = [
    { movementId: 'welcome:w1:u1', amount: 1_000, at: '2026-12-01T00:00:00.000Z' },
    { movementId: 'referral:u1:f1', amount: 7_000, at: '2026-12-05T00:00:00.000Z' },
  ];
  it('spending takes the oldest grant first', () => {
    expect(remainingOfGrants(grants, 7_500)).toEqual([500, 7_000]);
    expect(remainingOfGrants(grants, 3_000)).toEqual([0, 3_000]);
  });
  it('expires only what is left of a due grant, as its own movement', () => {
    expect(creditExpiries('u1', grants, 7_500, 7, '2026-12-08T00:00:00.000Z')).toEqual([
      {
        userId: 'u1',
        movementId: 'expiry:welcome:w1:u1',
        reference: 'welcome:w1:u1',
        amount: 500,
        at: '2026-12-08T00:00:00.000Z',
      },
    ]);
    expect(creditExpiries('u1', grants, 3_000, 7, '2026-12-08T00:00:00.000Z')).toEqual([]);
  });
});

describe('activity award', () => {
  it('is bill 17 credit money, once per player and campaign, booked under the granting actor', () => {
    const staff = { kind: 'staff', id: 's1' } as const;
    const c = activityAward(
      { promotionId: 'a1', userId: 'u1', amount: 500, reason: 'derby quiz' },
      staff,
      AT,
    );
    expect(c).toMatchObject({
      kind: 'activity',
      movementId: 'activity:a1:u1',
      amount: 500,
      actor: staff,
      pocket: 'creditMoney',
    });
    expect(BONUS_BILL.activity).toBe(17);
  });
});
