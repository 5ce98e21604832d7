/**
 * Enforcement of the protections on the one money path (issue 23 "enforced on every money path";
 * docs/responsible-gambling.md "Enforcement"). Pure: the server gives the protection state, the usage
 * (`usage.ts`) and the attempted movement with its instant, and gets allow or a coded refusal with the
 * amount left. Withdrawals are never refused here.
 */
import { domainError, type DomainError } from '../errors.ts';
import { amountError } from '../money/tzs.ts';
import { toEpochMs, isoOf, periodBounds } from './eat.ts';
import { LIMIT_KINDS, type LimitKind, type ProtectionState } from './events.ts';
import { isCoolingOff, isSelfExcluded } from './status.ts';
import { netLoss, usageAt, type ProtectionUsage } from './usage.ts';

/**
 * A movement of money the player asks for: a deposit, a stake of some product (sports bet, jackpot
 * ticket, racing bet, casino bet, cash-out re-stake), or a withdrawal.
 */
export type ProtectedMovementKind =
  'deposit' | 'bet' | 'jackpotTicket' | 'racingBet' | 'casinoBet' | 'cashOutRestake' | 'withdrawal';

export const STAKE_MOVEMENTS: readonly ProtectedMovementKind[] = [
  'bet',
  'jackpotTicket',
  'racingBet',
  'casinoBet',
  'cashOutRestake',
];

/** An attempted movement: integer TZS `amount` at instant `at`; `sessionStartedAt` for the session limit. */
export interface AttemptedMovement {
  readonly kind: ProtectedMovementKind;
  readonly amount: number;
  readonly at: string | number;
  /** When the player's current session (login) started; without it the session limit is not checked. */
  readonly sessionStartedAt?: string | number | null;
}

/**
 * The answer: allowed, with `left` the most (TZS) the limits on this kind of movement still allow AFTER
 * it: the smallest room left in a period, or the per-bet limit itself (null when no limit applies); or refused with a {@link DomainError} whose `details`
 * hold `left` (what may still be moved, ≥ 0), `limit`, `used`, `period` and `resetsAt` (ISO-8601 end of
 * the period) for a limit, or `until` for a cool-off or self-exclusion.
 */
export type ProtectionCheck =
  { readonly ok: true; readonly left: number | null } | { readonly ok: false; readonly error: DomainError };

/** Stable refusal codes of {@link checkMovement} (clients translate them; never rename). */
export const PROTECTION_REFUSAL_CODES = [
  'SELF_EXCLUDED',
  'COOL_OFF',
  'LIMIT_DEPOSIT_DAY',
  'LIMIT_DEPOSIT_WEEK',
  'LIMIT_DEPOSIT_MONTH',
  'LIMIT_LOSS_DAY',
  'LIMIT_LOSS_WEEK',
  'LIMIT_LOSS_MONTH',
  'LIMIT_STAKE_BET',
  'LIMIT_STAKE_DAY',
  'LIMIT_SESSION',
] as const;
export type ProtectionRefusalCode = (typeof PROTECTION_REFUSAL_CODES)[number];

/** Limits that apply to a movement, tightest order for ties: per bet, day, week, month. */
const DEPOSIT_LIMITS: readonly LimitKind[] = ['depositDay', 'depositWeek', 'depositMonth'];
const STAKE_LIMITS: readonly LimitKind[] = ['stakeBet', 'stakeDay', 'lossDay', 'lossWeek', 'lossMonth'];

interface Room {
  readonly kind: LimitKind;
  readonly limit: number;
  readonly used: number;
  readonly left: number;
}

const roomOf = (kind: LimitKind, limit: number, usage: ProtectionUsage): Room => {
  const { measure, period } = LIMIT_KINDS[kind];
  if (period === 'bet' || period === 'session') return { kind, limit, used: 0, left: limit };
  const p = usage[period];
  const used = measure === 'deposit' ? p.deposits : measure === 'stake' ? p.stakes : netLoss(p);
  return { kind, limit, used, left: Math.max(0, limit - used) };
};

const refusal = (error: DomainError): ProtectionCheck => ({ ok: false, error });

/**
 * Checks an attempted movement against the protections at `attempt.at`, in this order: withdrawals are
 * allowed; `INVALID_AMOUNT`/`NEGATIVE_AMOUNT`; `INVALID_TIME` (an unreadable instant is refused, never let through);
 * `SELF_EXCLUDED`; `COOL_OFF`; for stakes `LIMIT_SESSION`
 * (the session has lasted the limit); then the limit with the least room left among those on the
 * movement (deposits: `LIMIT_DEPOSIT_DAY|WEEK|MONTH`; stakes: `LIMIT_STAKE_BET`, `LIMIT_STAKE_DAY`,
 * `LIMIT_LOSS_DAY|WEEK|MONTH`, loss counted as stakes minus returns plus this stake), refused when the
 * amount is above its room. `usage` may be stale: periods ended before `at` count as empty.
 */
export const checkMovement = (
  state: ProtectionState,
  usage: ProtectionUsage,
  attempt: AttemptedMovement,
): ProtectionCheck => {
  if (attempt.kind === 'withdrawal') return { ok: true, left: null };
  const bad = amountError(attempt.amount);
  if (bad) return refusal(bad);
  const now = toEpochMs(attempt.at);
  const started = attempt.sessionStartedAt == null ? null : toEpochMs(attempt.sessionStartedAt);
  if (!Number.isFinite(now) || (started !== null && !Number.isFinite(started)))
    return refusal(
      domainError('INVALID_TIME', 'at and sessionStartedAt: ISO-8601 instants or epoch ms', { field: 'at' }),
    );
  if (isSelfExcluded(state, now))
    return refusal(
      domainError('SELF_EXCLUDED', 'the account is self-excluded: no betting and no deposits', {
        details: {
          left: 0,
          until: state.exclusion?.until ?? null,
          reopensAt: state.exclusion?.reopensAt ?? null,
        },
      }),
    );
  if (isCoolingOff(state, now))
    return refusal(
      domainError('COOL_OFF', 'the player is cooling off: no betting and no deposits', {
        details: { left: 0, until: state.coolOff?.until ?? null },
      }),
    );
  const stake = attempt.kind !== 'deposit';
  const session = state.limits.sessionMinutes;
  if (stake && session !== undefined && started !== null) {
    const played = Math.floor((now - started) / 60_000);
    if (played >= session)
      return refusal(
        domainError('LIMIT_SESSION', `session time limit of ${session} minutes reached`, {
          details: { left: 0, limit: session, used: played, period: 'session', unit: 'minute' },
        }),
      );
  }
  const current = usageAt(usage, now);
  const rooms = (stake ? STAKE_LIMITS : DEPOSIT_LIMITS).flatMap((kind) => {
    const limit = state.limits[kind];
    return limit === undefined ? [] : [roomOf(kind, limit, current)];
  });
  const tightest = rooms.reduce<Room | undefined>(
    (a, r) => (a === undefined || r.left < a.left ? r : a),
    undefined,
  );
  if (!tightest) return { ok: true, left: null };
  if (attempt.amount > tightest.left) {
    const { code, period } = LIMIT_KINDS[tightest.kind];
    return refusal(
      domainError(code, `${tightest.kind} limit of ${tightest.limit} TZS: ${tightest.left} TZS left`, {
        field: 'amount',
        details: {
          left: tightest.left,
          limit: tightest.limit,
          used: tightest.used,
          period,
          ...(period === 'bet' || period === 'session'
            ? {}
            : { resetsAt: isoOf(periodBounds(period, now).end) }),
        },
      }),
    );
  }
  const after = rooms.map((r) => (LIMIT_KINDS[r.kind].period === 'bet' ? r.limit : r.left - attempt.amount));
  return { ok: true, left: Math.min(...after) };
};

/** One limit as the profile and the back office show it at an instant. */
export interface LimitView {
  readonly kind: LimitKind;
  /** The limit in force: TZS, or minutes for `sessionMinutes`. */
  readonly limit: number;
  /** Used in the current period (TZS; net loss may be negative); 0 for per-bet and session limits. */
  readonly used: number;
  /** Room left in the period (≥ 0); the limit itself for per-bet and session limits. */
  readonly left: number;
  /** ISO-8601 end of the current period, or null for per-bet and session limits. */
  readonly resetsAt: string | null;
}

/**
 * The limits in force with their usage in the current periods at `now` (issue 23 item 3: "the limits,
 * their usage this period"), in {@link LIMIT_KINDS} order.
 */
export const limitsView = (
  state: ProtectionState,
  usage: ProtectionUsage,
  now: string | number,
): readonly LimitView[] => {
  const current = usageAt(usage, now);
  return (Object.keys(LIMIT_KINDS) as LimitKind[]).flatMap((kind) => {
    const limit = state.limits[kind];
    if (limit === undefined) return [];
    const { period } = LIMIT_KINDS[kind];
    const room = roomOf(kind, limit, current);
    const resetsAt = period === 'bet' || period === 'session' ? null : isoOf(periodBounds(period, now).end);
    return [{ ...room, resetsAt }];
  });
};
