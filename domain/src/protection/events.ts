/**
 * Player protections: events, state and `evolve` (stream `protection-<userId>`, decision 0020; issue 23;
 * docs/responsible-gambling.md). Every change is an event carrying its instant `at` (ISO-8601) and its
 * actor. Amounts are integer TZS; the session limit and the reality-check interval are whole minutes.
 * Time-bound states (cooling periods, cool-off, self-exclusion) are kept as instants and read against a
 * clock by `status.ts`: nothing ends by an event of its own.
 */
import type { AccountActor } from '../account/events.ts';
import type { ProtectionPeriod } from './eat.ts';

/**
 * The limits a player can set: deposits, net loss (stakes minus returns) per day, week and month; stake
 * per bet and per day (TZS); session time (minutes).
 */
export type LimitKind =
  | 'depositDay'
  | 'depositWeek'
  | 'depositMonth'
  | 'lossDay'
  | 'lossWeek'
  | 'lossMonth'
  | 'stakeBet'
  | 'stakeDay'
  | 'sessionMinutes';

/** What a limit caps: deposits, net loss or stakes (TZS), or session time (minutes). */
export type LimitMeasure = 'deposit' | 'loss' | 'stake' | 'session';

/** Measure, period (`bet` for one stake, `session` for one login) and refusal code of every limit kind. */
export const LIMIT_KINDS: Readonly<
  Record<LimitKind, { measure: LimitMeasure; period: ProtectionPeriod | 'bet' | 'session'; code: string }>
> = {
  depositDay: { measure: 'deposit', period: 'day', code: 'LIMIT_DEPOSIT_DAY' },
  depositWeek: { measure: 'deposit', period: 'week', code: 'LIMIT_DEPOSIT_WEEK' },
  depositMonth: { measure: 'deposit', period: 'month', code: 'LIMIT_DEPOSIT_MONTH' },
  lossDay: { measure: 'loss', period: 'day', code: 'LIMIT_LOSS_DAY' },
  lossWeek: { measure: 'loss', period: 'week', code: 'LIMIT_LOSS_WEEK' },
  lossMonth: { measure: 'loss', period: 'month', code: 'LIMIT_LOSS_MONTH' },
  stakeBet: { measure: 'stake', period: 'bet', code: 'LIMIT_STAKE_BET' },
  stakeDay: { measure: 'stake', period: 'day', code: 'LIMIT_STAKE_DAY' },
  sessionMinutes: { measure: 'session', period: 'session', code: 'LIMIT_SESSION' },
};
export const LIMIT_KIND_NAMES = Object.keys(LIMIT_KINDS) as readonly LimitKind[];

/** How long a raise or removal of a limit waits before the player may confirm it: 24 hours. */
export const LIMIT_RAISE_COOLING_MS = 24 * 3_600_000;
/** How long a request to re-open a self-excluded account waits: 24 hours. */
export const REOPEN_WAIT_MS = 24 * 3_600_000;
/** Session-limit bounds (whole minutes): 10 minutes to 24 hours. */
export const SESSION_LIMIT_MINUTES = { min: 10, max: 1_440 } as const;
/** Reality-check interval (whole minutes): default 60, from 10 to 240. */
export const REALITY_CHECK_MINUTES = { default: 60, min: 10, max: 240 } as const;

/** Cool-off periods: 24 hours, 7 days, 30 days, 6 weeks (fixed lengths). */
export type CoolOffPeriod = '24h' | '7d' | '30d' | '6w';
export const COOL_OFF_MS: Readonly<Record<CoolOffPeriod, number>> = {
  '24h': 24 * 3_600_000,
  '7d': 7 * 24 * 3_600_000,
  '30d': 30 * 24 * 3_600_000,
  '6w': 42 * 24 * 3_600_000,
};

/** Self-exclusion periods: 6 months, 1 year, 5 years (calendar months on the EAT clock), or permanent. */
export type ExclusionPeriod = '6m' | '1y' | '5y' | 'permanent';
export const EXCLUSION_MONTHS: Readonly<Record<ExclusionPeriod, number | null>> = {
  '6m': 6,
  '1y': 12,
  '5y': 60,
  permanent: null,
};

interface Change {
  readonly userId: string;
  readonly actor: AccountActor;
  /** ISO-8601 instant given by the command. */
  readonly at: string;
}

/** A limit applied at once (a new limit, or one lower than or equal to the one in force); clears a pending change of that kind. */
export type LimitSet = {
  readonly type: 'LimitSet';
  readonly data: Change & {
    readonly kind: LimitKind;
    readonly value: number;
    readonly previous: number | null;
  };
};
/** A raise (`value` above the limit in force) or a removal (`value` null) waiting from `at` until `confirmableFrom`. */
export type LimitChangeRequested = {
  readonly type: 'LimitChangeRequested';
  readonly data: Change & {
    readonly kind: LimitKind;
    readonly value: number | null;
    readonly current: number;
    readonly confirmableFrom: string;
  };
};
/** The player confirmed a pending raise or removal after its cooling period: it applies from `at`. */
export type LimitChangeConfirmed = {
  readonly type: 'LimitChangeConfirmed';
  readonly data: Change & {
    readonly kind: LimitKind;
    readonly value: number | null;
    readonly previous: number;
  };
};
/** The player withdrew a pending raise or removal; the limit in force stays. */
export type LimitChangeCancelled = {
  readonly type: 'LimitChangeCancelled';
  readonly data: Change & { readonly kind: LimitKind };
};
export type RealityCheckIntervalSet = {
  readonly type: 'RealityCheckIntervalSet';
  readonly data: Change & { readonly minutes: number };
};
/** No betting and no deposits from `at` until `until` (withdrawals open); cannot be lifted early. */
export type CoolOffStarted = {
  readonly type: 'CoolOffStarted';
  readonly data: Change & { readonly period: CoolOffPeriod; readonly until: string; readonly reason: string };
};
/** Closed for play and marketing from `at`; `until` null = permanent. Re-opening needs a request after `until`. */
export type SelfExclusionStarted = {
  readonly type: 'SelfExclusionStarted';
  readonly data: Change & {
    readonly period: ExclusionPeriod;
    readonly until: string | null;
    readonly reason: string;
  };
};
/** The player asked to re-open after the exclusion ended; the account re-opens at `reopensAt` (24 h later). */
export type ReopenRequested = {
  readonly type: 'ReopenRequested';
  readonly data: Change & { readonly reopensAt: string };
};

export type ProtectionEvent =
  | LimitSet
  | LimitChangeRequested
  | LimitChangeConfirmed
  | LimitChangeCancelled
  | RealityCheckIntervalSet
  | CoolOffStarted
  | SelfExclusionStarted
  | ReopenRequested;

/** A raise or removal waiting for its cooling period and the player's confirmation. */
export interface PendingLimitChange {
  /** The new value, or null for a removal. */
  readonly value: number | null;
  readonly requestedAt: string;
  /** `requestedAt` + 24 h: the player may confirm from then on. */
  readonly confirmableFrom: string;
}

/** A self-exclusion and, once asked for, its re-opening. */
export interface Exclusion {
  readonly period: ExclusionPeriod;
  readonly from: string;
  /** Null for permanent. */
  readonly until: string | null;
  /** When a re-opening was asked for, the instant it takes effect. */
  readonly reopensAt: string | null;
}

/**
 * Protection state: the limits in force (absent = none), pending raises and removals, the reality-check
 * interval, the latest cool-off and self-exclusion (possibly already over: read them with `status.ts`),
 * and the number of changes recorded. Plain JSON, bounded in size.
 */
export interface ProtectionState {
  readonly userId: string | null;
  readonly limits: Readonly<Partial<Record<LimitKind, number>>>;
  readonly pending: Readonly<Partial<Record<LimitKind, PendingLimitChange>>>;
  readonly realityCheckMinutes: number;
  readonly coolOff: { readonly period: CoolOffPeriod; readonly from: string; readonly until: string } | null;
  readonly exclusion: Exclusion | null;
  readonly changes: number;
}

export const initialProtectionState = (): ProtectionState => ({
  userId: null,
  limits: {},
  pending: {},
  realityCheckMinutes: REALITY_CHECK_MINUTES.default,
  coolOff: null,
  exclusion: null,
  changes: 0,
});

const without = <T>(record: Readonly<Partial<Record<LimitKind, T>>>, kind: LimitKind) => {
  const { [kind]: _gone, ...rest } = record;
  return rest as Partial<Record<LimitKind, T>>;
};

const withLimit = (limits: ProtectionState['limits'], kind: LimitKind, value: number | null) =>
  value === null ? without(limits, kind) : { ...limits, [kind]: value };

/** Folds one protection event into the state. */
export const evolveProtection = (state: ProtectionState, event: ProtectionEvent): ProtectionState => {
  const s = { ...state, userId: event.data.userId, changes: state.changes + 1 };
  switch (event.type) {
    case 'LimitSet':
      return {
        ...s,
        limits: withLimit(s.limits, event.data.kind, event.data.value),
        pending: without(s.pending, event.data.kind),
      };
    case 'LimitChangeRequested':
      return {
        ...s,
        pending: {
          ...s.pending,
          [event.data.kind]: {
            value: event.data.value,
            requestedAt: event.data.at,
            confirmableFrom: event.data.confirmableFrom,
          },
        },
      };
    case 'LimitChangeConfirmed':
      return {
        ...s,
        limits: withLimit(s.limits, event.data.kind, event.data.value),
        pending: without(s.pending, event.data.kind),
      };
    case 'LimitChangeCancelled':
      return { ...s, pending: without(s.pending, event.data.kind) };
    case 'RealityCheckIntervalSet':
      return { ...s, realityCheckMinutes: event.data.minutes };
    case 'CoolOffStarted':
      return { ...s, coolOff: { period: event.data.period, from: event.data.at, until: event.data.until } };
    case 'SelfExclusionStarted':
      return {
        ...s,
        exclusion: {
          period: event.data.period,
          from: event.data.at,
          until: event.data.until,
          reopensAt: null,
        },
      };
    case 'ReopenRequested':
      return s.exclusion ? { ...s, exclusion: { ...s.exclusion, reopensAt: event.data.reopensAt } } : s;
  }
};
