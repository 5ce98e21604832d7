import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/given-when-then.ts';
import {
  promotionDecider,
  type CreatePromotion,
  type PromotionCommand,
  type PromotionEvent,
} from './decider.ts';

const spec = deciderSpec(promotionDecider);
const STAFF = { kind: 'staff', id: 's1' } as const;
const SYSTEM = { kind: 'system', id: 'promotions' } as const;
const P = 'promo-1';
const START = '2026-12-01T00:00:00.000Z';
const END = '2026-12-31T00:00:00.000Z';
const IN = '2026-12-10T12:00:00.000Z';

const create = (budget: number | null = 20_000): CreatePromotion => ({
  type: 'CreatePromotion',
  promotionId: P,
  at: '2026-11-25T00:00:00.000Z',
  actor: STAFF,
  kind: 'referral',
  name: 'Invite a friend',
  startsAt: START,
  endsAt: END,
  budget,
});
const created = (budget: number | null = 20_000): PromotionEvent => ({
  type: 'PromotionCreated',
  data: {
    promotionId: P,
    at: '2026-11-25T00:00:00.000Z',
    actor: STAFF,
    kind: 'referral',
    name: 'Invite a friend',
    startsAt: START,
    endsAt: END,
    budget,
  },
});
const grant = (userId: string, trigger: string, amount = 7_000, at = IN): PromotionCommand => ({
  type: 'GrantReward',
  promotionId: P,
  at,
  actor: SYSTEM,
  userId,
  trigger,
  amount,
  movementId: `referral:${userId}:${trigger}`,
});
const granted = (userId: string, trigger: string, amount = 7_000): PromotionEvent => ({
  type: 'RewardGranted',
  data: {
    promotionId: P,
    at: IN,
    actor: SYSTEM,
    userId,
    trigger,
    amount,
    movementId: `referral:${userId}:${trigger}`,
  },
});
const paused: PromotionEvent = { type: 'PromotionPaused', data: { promotionId: P, at: IN, actor: STAFF } };

describe('promotion aggregate', () => {
  it('creates a promotion with its period and budget', () => {
    spec.given().when(create()).then(created());
  });

  it('refuses a period whose end is not after its start', () => {
    spec
      .given()
      .when({ ...create(), endsAt: START })
      .thenRefused('PROMOTION_INVALID_PERIOD');
  });

  it('refuses creating twice and commands on a missing promotion', () => {
    spec.given(created()).when(create()).thenRefused('PROMOTION_ALREADY_EXISTS');
    spec.given().when(grant('a', 'b')).thenRefused('PROMOTION_NOT_FOUND');
  });

  it('grants a reward inside the period', () => {
    spec.given(created()).when(grant('a', 'f1')).then(granted('a', 'f1'));
  });

  it('refuses a reward without a valid instant or of 0 TZS', () => {
    spec
      .given(created())
      .when(grant('a', 'f1', 7_000, 'yesterday'))
      .thenRefused('INVALID_INSTANT');
    spec
      .given(created())
      .when(grant('a', 'f1', 0))
      .thenRefused('INVALID_AMOUNT');
    spec
      .given(created())
      .when(grant('a', 'f1', -5))
      .thenRefused('NEGATIVE_AMOUNT');
  });

  it('refuses a reward before the start and at or after the end', () => {
    spec
      .given(created())
      .when(grant('a', 'f1', 7_000, '2026-11-30T23:59:59.999Z'))
      .thenRefused('PROMOTION_NOT_STARTED');
    spec
      .given(created())
      .when(grant('a', 'f1', 7_000, END))
      .thenRefused('PROMOTION_ENDED');
  });

  it('refuses a reward while paused and grants it again after resume', () => {
    spec.given(created(), paused).when(grant('a', 'f1')).thenRefused('PROMOTION_PAUSED');
    const resumed: PromotionEvent = {
      type: 'PromotionResumed',
      data: { promotionId: P, at: IN, actor: STAFF },
    };
    spec
      .given(created(), paused)
      .when({ type: 'ResumePromotion', promotionId: P, at: IN, actor: STAFF })
      .then(resumed);
    spec.given(created(), paused, resumed).when(grant('a', 'f1')).then(granted('a', 'f1'));
  });

  it('pausing twice changes nothing; resuming a running promotion is refused', () => {
    spec
      .given(created(), paused)
      .when({ type: 'PausePromotion', promotionId: P, at: IN, actor: STAFF })
      .thenNothing();
    spec
      .given(created())
      .when({ type: 'ResumePromotion', promotionId: P, at: IN, actor: STAFF })
      .thenRefused('PROMOTION_NOT_PAUSED');
  });

  it('refuses the same player and trigger twice', () => {
    spec.given(created(), granted('a', 'f1')).when(grant('a', 'f1')).thenRefused('REWARD_ALREADY_GRANTED');
    spec.given(created(), granted('a', 'f1')).when(grant('a', 'f2')).then(granted('a', 'f2'));
  });

  it('refuses a reward that would pass the budget cap', () => {
    const err = spec
      .given(created(20_000), granted('a', 'f1'), granted('a', 'f2'))
      .when(grant('a', 'f3'))
      .thenRefused('PROMOTION_BUDGET_REACHED');
    expect(err.details).toEqual({ budget: 20_000, spent: 14_000, requested: 7_000 });
    spec
      .given(created(null), granted('a', 'f1'), granted('a', 'f2'))
      .when(grant('a', 'f3'))
      .then(granted('a', 'f3'));
  });

  it('refuses a budget below what is already granted', () => {
    spec
      .given(created(), granted('a', 'f1'))
      .when({ type: 'SetPromotionBudget', promotionId: P, at: IN, actor: STAFF, budget: 6_999 })
      .thenRefused('PROMOTION_BUDGET_REACHED');
  });

  it('reschedules, and grants follow the new period', () => {
    const moved: PromotionEvent = {
      type: 'PromotionScheduled',
      data: { promotionId: P, at: IN, actor: STAFF, startsAt: '2026-12-11T00:00:00.000Z', endsAt: END },
    };
    spec
      .given(created())
      .when({
        type: 'SchedulePromotion',
        promotionId: P,
        at: IN,
        actor: STAFF,
        startsAt: '2026-12-11T00:00:00.000Z',
        endsAt: END,
      })
      .then(moved);
    spec.given(created(), moved).when(grant('a', 'f1')).thenRefused('PROMOTION_NOT_STARTED');
  });
});
