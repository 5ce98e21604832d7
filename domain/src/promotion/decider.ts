/**
 * The promotion aggregate (stream `promotion-<promotionId>`; issue 21, spec §1 "promotions", §6 back
 * office promotions). Staff create a promotion, schedule its start and end, pause and resume it, and set
 * a budget cap (TZS); the reward process managers ask it to grant each reward before issuing the wallet
 * command. Pure decider (domain/src/decider.ts): time comes inside the commands.
 */
import { accept, refuse, type Decider, type Decision, type DomainEvent } from '../decider.ts';
import { domainError } from '../errors.ts';
import { amountError, type Tzs } from '../money/tzs.ts';
import type { Actor } from '../wallet/events.ts';

/** A promotion kind and its bill type: welcome 8, referral 10, order 12, activity 17 (spec §4). */
export type PromotionKind = 'welcome' | 'referral' | 'order' | 'activity';

/** Stable refusal codes of the promotion aggregate. */
export const PromotionError = {
  NotFound: 'PROMOTION_NOT_FOUND',
  AlreadyExists: 'PROMOTION_ALREADY_EXISTS',
  InvalidPeriod: 'PROMOTION_INVALID_PERIOD',
  NotStarted: 'PROMOTION_NOT_STARTED',
  Ended: 'PROMOTION_ENDED',
  Paused: 'PROMOTION_PAUSED',
  NotPaused: 'PROMOTION_NOT_PAUSED',
  BudgetReached: 'PROMOTION_BUDGET_REACHED',
  AlreadyGranted: 'REWARD_ALREADY_GRANTED',
} as const;

interface Base {
  readonly promotionId: string;
  /** ISO-8601 instant of the command. */
  readonly at: string;
  readonly actor: Actor;
}

/** Creates a promotion with its period `[startsAt, endsAt)` (ISO) and budget cap (TZS, `null` = none). */
export interface CreatePromotion extends Base {
  readonly type: 'CreatePromotion';
  readonly kind: PromotionKind;
  readonly name: string;
  readonly startsAt: string;
  readonly endsAt: string;
  readonly budget: Tzs | null;
}
/** Moves the period. */
export interface SchedulePromotion extends Base {
  readonly type: 'SchedulePromotion';
  readonly startsAt: string;
  readonly endsAt: string;
}
export interface PausePromotion extends Base {
  readonly type: 'PausePromotion';
}
export interface ResumePromotion extends Base {
  readonly type: 'ResumePromotion';
}
/** Sets the budget cap (TZS, `null` = none); it may not go below what is already granted. */
export interface SetPromotionBudget extends Base {
  readonly type: 'SetPromotionBudget';
  readonly budget: Tzs | null;
}
/**
 * Grants one reward of `amount` TZS to `userId` for `trigger` (e.g. the friend's id, the registration):
 * refused outside the period, while paused, past the budget, or when that player/trigger already had it.
 * `movementId` is the wallet movement the money path will issue.
 */
export interface GrantReward extends Base {
  readonly type: 'GrantReward';
  readonly userId: string;
  readonly trigger: string;
  readonly amount: Tzs;
  readonly movementId: string;
}

export type PromotionCommand =
  CreatePromotion | SchedulePromotion | PausePromotion | ResumePromotion | SetPromotionBudget | GrantReward;

type Ev<T extends string, D> = DomainEvent<
  T,
  D & { readonly promotionId: string; readonly at: string; readonly actor: Actor }
>;
export type PromotionCreated = Ev<
  'PromotionCreated',
  { kind: PromotionKind; name: string; startsAt: string; endsAt: string; budget: Tzs | null }
>;
export type PromotionScheduled = Ev<'PromotionScheduled', { startsAt: string; endsAt: string }>;
export type PromotionPaused = Ev<'PromotionPaused', object>;
export type PromotionResumed = Ev<'PromotionResumed', object>;
export type PromotionBudgetSet = Ev<'PromotionBudgetSet', { budget: Tzs | null }>;
export type RewardGranted = Ev<
  'RewardGranted',
  { userId: string; trigger: string; amount: Tzs; movementId: string }
>;

export type PromotionEvent =
  | PromotionCreated
  | PromotionScheduled
  | PromotionPaused
  | PromotionResumed
  | PromotionBudgetSet
  | RewardGranted;

/** Folded state: `exists` false before creation; `granted` holds `<userId>|<trigger>` keys; `spent` TZS. */
export interface PromotionState {
  readonly exists: boolean;
  readonly kind: PromotionKind | null;
  readonly paused: boolean;
  readonly startsAt: string;
  readonly endsAt: string;
  readonly budget: Tzs | null;
  readonly spent: Tzs;
  readonly granted: ReadonlySet<string>;
}

const grantKey = (userId: string, trigger: string): string => `${userId}|${trigger}`;

const initialState = (): PromotionState => ({
  exists: false,
  kind: null,
  paused: false,
  startsAt: '',
  endsAt: '',
  budget: null,
  spent: 0,
  granted: new Set(),
});

const evolve = (s: PromotionState, e: PromotionEvent): PromotionState => {
  switch (e.type) {
    case 'PromotionCreated':
      return {
        ...s,
        exists: true,
        kind: e.data.kind,
        startsAt: e.data.startsAt,
        endsAt: e.data.endsAt,
        budget: e.data.budget,
      };
    case 'PromotionScheduled':
      return { ...s, startsAt: e.data.startsAt, endsAt: e.data.endsAt };
    case 'PromotionPaused':
      return { ...s, paused: true };
    case 'PromotionResumed':
      return { ...s, paused: false };
    case 'PromotionBudgetSet':
      return { ...s, budget: e.data.budget };
    case 'RewardGranted':
      return {
        ...s,
        spent: s.spent + e.data.amount,
        granted: new Set([...s.granted, grantKey(e.data.userId, e.data.trigger)]),
      };
  }
};

type D = Decision<PromotionEvent>;
const meta = (c: Base) => ({ promotionId: c.promotionId, at: c.at, actor: c.actor });

const periodError = (startsAt: string, endsAt: string) => {
  const a = Date.parse(startsAt);
  const b = Date.parse(endsAt);
  return Number.isNaN(a) || Number.isNaN(b) || a >= b
    ? domainError(PromotionError.InvalidPeriod, 'the end must come after the start', {
        field: 'endsAt',
        details: { startsAt, endsAt },
      })
    : undefined;
};

const budgetError = (budget: Tzs | null, spent: Tzs) => {
  if (budget === null) return undefined;
  const bad = amountError(budget, 'budget');
  if (bad) return bad;
  return budget < spent
    ? domainError(PromotionError.BudgetReached, `budget below what is already granted (${spent} TZS)`, {
        field: 'budget',
        details: { budget, spent },
      })
    : undefined;
};

const notFound = (c: Base) =>
  domainError(PromotionError.NotFound, `no promotion ${c.promotionId}`, {
    details: { promotionId: c.promotionId },
  });

const grant = (c: GrantReward, s: PromotionState): D => {
  const bad = amountError(c.amount);
  if (bad) return refuse(bad);
  const t = Date.parse(c.at);
  if (Number.isNaN(t))
    return refuse(
      domainError('INVALID_INSTANT', 'at: must be an ISO-8601 instant', {
        field: 'at',
        details: { at: c.at },
      }),
    );
  if (c.amount === 0)
    return refuse(
      domainError('INVALID_AMOUNT', 'amount: a reward must be more than 0 TZS', { field: 'amount' }),
    );
  if (t < Date.parse(s.startsAt))
    return refuse(
      domainError(PromotionError.NotStarted, 'the promotion has not started', {
        details: { startsAt: s.startsAt },
      }),
    );
  if (t >= Date.parse(s.endsAt))
    return refuse(
      domainError(PromotionError.Ended, 'the promotion has ended', { details: { endsAt: s.endsAt } }),
    );
  if (s.paused) return refuse(domainError(PromotionError.Paused, 'the promotion is paused'));
  if (s.granted.has(grantKey(c.userId, c.trigger)))
    return refuse(
      domainError(PromotionError.AlreadyGranted, 'this reward was already granted', {
        details: { userId: c.userId, trigger: c.trigger },
      }),
    );
  if (s.budget !== null && s.spent + c.amount > s.budget)
    return refuse(
      domainError(PromotionError.BudgetReached, 'the promotion budget is reached', {
        details: { budget: s.budget, spent: s.spent, requested: c.amount },
      }),
    );
  return accept({
    type: 'RewardGranted',
    data: { ...meta(c), userId: c.userId, trigger: c.trigger, amount: c.amount, movementId: c.movementId },
  });
};

const decide = (c: PromotionCommand, s: PromotionState): D => {
  if (c.type === 'CreatePromotion') {
    if (s.exists)
      return refuse(domainError(PromotionError.AlreadyExists, `promotion ${c.promotionId} exists`));
    const bad = periodError(c.startsAt, c.endsAt) ?? budgetError(c.budget, 0);
    if (bad) return refuse(bad);
    return accept({
      type: 'PromotionCreated',
      data: {
        ...meta(c),
        kind: c.kind,
        name: c.name,
        startsAt: c.startsAt,
        endsAt: c.endsAt,
        budget: c.budget,
      },
    });
  }
  if (!s.exists) return refuse(notFound(c));
  switch (c.type) {
    case 'SchedulePromotion': {
      const bad = periodError(c.startsAt, c.endsAt);
      if (bad) return refuse(bad);
      return accept({
        type: 'PromotionScheduled',
        data: { ...meta(c), startsAt: c.startsAt, endsAt: c.endsAt },
      });
    }
    case 'PausePromotion':
      return s.paused ? accept() : accept({ type: 'PromotionPaused', data: meta(c) });
    case 'ResumePromotion':
      return s.paused
        ? accept({ type: 'PromotionResumed', data: meta(c) })
        : refuse(domainError(PromotionError.NotPaused, 'the promotion is not paused'));
    case 'SetPromotionBudget': {
      const bad = budgetError(c.budget, s.spent);
      if (bad) return refuse(bad);
      return accept({ type: 'PromotionBudgetSet', data: { ...meta(c), budget: c.budget } });
    }
    case 'GrantReward':
      return grant(c, s);
  }
};

/** The promotion decider: create, schedule, pause/resume, budget cap, and grant-at-most-once. */
export const promotionDecider: Decider<PromotionCommand, PromotionEvent, PromotionState> = {
  initialState,
  evolve,
  decide,
};
