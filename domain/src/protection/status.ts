/**
 * Reading the protections against a clock (issue 23; docs/responsible-gambling.md): whether a cool-off or
 * self-exclusion is in force at an instant, which pending raises may be confirmed, marketing eligibility
 * and when the next reality check is due. `now` is an ISO-8601 instant or epoch milliseconds.
 */
import { toEpochMs, isoOf } from './eat.ts';
import type { LimitKind, PendingLimitChange, ProtectionState } from './events.ts';

/** True while a cool-off runs (`from` ≤ now < `until`). */
export const isCoolingOff = (state: ProtectionState, now: string | number): boolean =>
  state.coolOff !== null && toEpochMs(now) < toEpochMs(state.coolOff.until);

/**
 * True while the account is self-excluded: from the exclusion's start until it has been re-opened
 * (a request after the period and a 24-hour wait). The end of the period alone does not re-open it.
 */
export const isSelfExcluded = (state: ProtectionState, now: string | number): boolean =>
  state.exclusion !== null &&
  (state.exclusion.reopensAt === null || toEpochMs(now) < toEpochMs(state.exclusion.reopensAt));

/** True when the exclusion's period is over (never for permanent), so a re-opening may be requested. */
export const exclusionPeriodOver = (state: ProtectionState, now: string | number): boolean =>
  state.exclusion?.until != null && toEpochMs(now) >= toEpochMs(state.exclusion.until);

/** A pending raise or removal with whether the player may confirm it at `now`. */
export interface PendingLimitView extends PendingLimitChange {
  readonly kind: LimitKind;
  readonly confirmable: boolean;
}

/** What the player's profile, the back office and SMS `STATUS` show at `now`. */
export interface ProtectionStatus {
  /** Limits in force (TZS; `sessionMinutes` in minutes). */
  readonly limits: ProtectionState['limits'];
  readonly pending: readonly PendingLimitView[];
  readonly realityCheckMinutes: number;
  /** End of the running cool-off, or null. */
  readonly coolingOffUntil: string | null;
  /** The self-exclusion in force (until null = permanent), or null. */
  readonly selfExclusion: { readonly until: string | null; readonly reopensAt: string | null } | null;
  /** Whether betting and deposits are open at all (neither cooling off nor excluded). */
  readonly canPlay: boolean;
}

/** The protections as they stand at `now`. */
export const protectionStatus = (state: ProtectionState, now: string | number): ProtectionStatus => {
  const t = toEpochMs(now);
  const coolingOff = isCoolingOff(state, t);
  const excluded = isSelfExcluded(state, t);
  return {
    limits: state.limits,
    pending: Object.entries(state.pending).map(([kind, p]) => ({
      kind: kind as LimitKind,
      ...p,
      confirmable: t >= toEpochMs(p.confirmableFrom),
    })),
    realityCheckMinutes: state.realityCheckMinutes,
    coolingOffUntil: coolingOff && state.coolOff ? state.coolOff.until : null,
    selfExclusion:
      excluded && state.exclusion
        ? { until: state.exclusion.until, reopensAt: state.exclusion.reopensAt }
        : null,
    canPlay: !coolingOff && !excluded,
  };
};

/**
 * Whether the product may show this player marketing (promotions, banners, marketing messages) at `now`:
 * never while self-excluded or cooling off (issue 23). Service messages (payments, bets) are not marketing.
 */
export const marketingAllowed = (state: ProtectionState, now: string | number): boolean =>
  !isCoolingOff(state, now) && !isSelfExcluded(state, now);

/**
 * When the next reality check is due in a play session: every `realityCheckMinutes` after the session
 * started, counted from the last one the player acknowledged (`lastShownAt`) when there was one.
 * Returns an ISO-8601 instant.
 */
export const nextRealityCheckAt = (
  state: ProtectionState,
  sessionStartedAt: string | number,
  lastShownAt: string | number | null = null,
): string => isoOf(toEpochMs(lastShownAt ?? sessionStartedAt) + state.realityCheckMinutes * 60_000);

/** True when a reality check is due at `now` (see {@link nextRealityCheckAt}). */
export const realityCheckDue = (
  state: ProtectionState,
  sessionStartedAt: string | number,
  now: string | number,
  lastShownAt: string | number | null = null,
): boolean => toEpochMs(now) >= toEpochMs(nextRealityCheckAt(state, sessionStartedAt, lastShownAt));

/** What the reality-check dialog shows: time played, stakes and net result in the session. */
export interface RealityCheckSummary {
  /** Whole minutes since the session started. */
  readonly minutesPlayed: number;
  /** Stakes placed in the session (TZS). */
  readonly stakes: number;
  /** Returns credited in the session (TZS; winnings, refunds, minus reversals). */
  readonly returns: number;
  /** Returns minus stakes (TZS): positive when the player is ahead. */
  readonly net: number;
}

/**
 * The reality-check figures of a session: the stakes and returns among `movements` (see `usage.ts`)
 * from `sessionStartedAt` up to `now`; deposits do not count.
 */
export const realityCheckSummary = (
  sessionStartedAt: string | number,
  now: string | number,
  movements: Iterable<{
    readonly kind: 'deposit' | 'stake' | 'return';
    readonly amount: number;
    readonly at: string | number;
  }>,
): RealityCheckSummary => {
  const from = toEpochMs(sessionStartedAt);
  const to = toEpochMs(now);
  let stakes = 0;
  let returns = 0;
  for (const m of movements) {
    const t = toEpochMs(m.at);
    if (t < from || t > to) continue;
    if (m.kind === 'stake') stakes += m.amount;
    if (m.kind === 'return') returns += m.amount;
  }
  return { minutesPlayed: Math.floor((to - from) / 60_000), stakes, returns, net: returns - stakes };
};
