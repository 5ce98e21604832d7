/**
 * Protection `decide` (issue 23; docs/responsible-gambling.md "Rules"). Refusals, all {@link DomainError}s:
 * `INVALID_TIME`, `FORBIDDEN` (another player, or the system), `PLAYER_ONLY` (limits, reality check and
 * re-opening are the player's own), `REASON_REQUIRED` (staff recording a cool-off or exclusion),
 * `PROTECTION_USER_MISMATCH`, `UNKNOWN_LIMIT`, `INVALID_LIMIT`, `NO_PENDING_LIMIT_CHANGE`,
 * `LIMIT_COOLING_PERIOD` (details `confirmableFrom`), `INVALID_REALITY_CHECK`, `UNKNOWN_PERIOD`,
 * `ALREADY_COOLING_OFF` / `ALREADY_SELF_EXCLUDED` (a new one must end later; details `until`),
 * `SELF_EXCLUDED` (a cool-off while excluded, or a re-opening before the period ends; details `until`),
 * `EXCLUSION_PERMANENT`, `NOT_SELF_EXCLUDED`. Repeating a change that is already in place is accepted
 * with no events.
 */
import { accept, refuse, type Decision } from '../decider.ts';
import { domainError, type DomainError } from '../errors.ts';
import type * as C from './commands.ts';
import { addEatMonths, toEpochMs, isInstant, isoOf } from './eat.ts';
import {
  COOL_OFF_MS,
  EXCLUSION_MONTHS,
  LIMIT_KINDS,
  LIMIT_RAISE_COOLING_MS,
  REALITY_CHECK_MINUTES,
  REOPEN_WAIT_MS,
  SESSION_LIMIT_MINUTES,
  type LimitKind,
  type ProtectionEvent,
  type ProtectionState,
} from './events.ts';
import { exclusionPeriodOver, isCoolingOff, isSelfExcluded } from './status.ts';

type D = Decision<ProtectionEvent>;

/** Refusal codes of the decider a player may meet on the profile page or by SMS (clients translate them). */
export const PROTECTION_DECISION_CODES = [
  'LIMIT_COOLING_PERIOD',
  'NO_PENDING_LIMIT_CHANGE',
  'INVALID_LIMIT',
  'INVALID_REALITY_CHECK',
  'ALREADY_COOLING_OFF',
  'ALREADY_SELF_EXCLUDED',
  'SELF_EXCLUDED',
  'EXCLUSION_PERMANENT',
  'NOT_SELF_EXCLUDED',
  'UNKNOWN_PERIOD',
] as const;

const blank = (text: string | null | undefined) => (text ?? '').trim() === '';

/** Who may give the command: the player themselves; staff too (with a reason) where `staffAllowed`. */
const actorError = (c: C.ProtectionCommand, staffAllowed: boolean): DomainError | undefined => {
  if (c.actor.kind === 'player')
    return c.actor.id === c.userId
      ? undefined
      : domainError('FORBIDDEN', 'a player may change only their own protections', { field: 'actor' });
  if (c.actor.kind === 'staff') {
    if (!staffAllowed)
      return domainError('PLAYER_ONLY', 'only the player may change limits or re-open', { field: 'actor' });
    return 'reason' in c && !blank(c.reason)
      ? undefined
      : domainError('REASON_REQUIRED', 'a reason is required', { field: 'reason' });
  }
  return domainError('FORBIDDEN', 'protections are changed by the player or staff', { field: 'actor' });
};

const guard = (c: C.ProtectionCommand, s: ProtectionState, staffAllowed: boolean) =>
  !isInstant(c.at)
    ? domainError('INVALID_TIME', 'at: an ISO-8601 instant with a zone', { field: 'at' })
    : s.userId !== null && s.userId !== c.userId
      ? domainError('PROTECTION_USER_MISMATCH', `stream belongs to ${s.userId}`, { field: 'userId' })
      : actorError(c, staffAllowed);

const kindError = (kind: LimitKind): DomainError | undefined =>
  Object.hasOwn(LIMIT_KINDS, kind)
    ? undefined
    : domainError('UNKNOWN_LIMIT', `kind: one of ${Object.keys(LIMIT_KINDS).join(', ')}`, {
        field: 'kind',
        details: { kind },
      });

const valueError = (kind: LimitKind, value: number | null): DomainError | undefined => {
  if (value === null) return undefined;
  const session = kind === 'sessionMinutes';
  const ok = session
    ? Number.isSafeInteger(value) && value >= SESSION_LIMIT_MINUTES.min && value <= SESSION_LIMIT_MINUTES.max
    : Number.isSafeInteger(value) && value >= 0;
  return ok
    ? undefined
    : domainError(
        'INVALID_LIMIT',
        session
          ? `value: whole minutes from ${SESSION_LIMIT_MINUTES.min} to ${SESSION_LIMIT_MINUTES.max}`
          : 'value: whole TZS, 0 or more',
        { field: 'value', details: { value, ...(session ? SESSION_LIMIT_MINUTES : {}) } },
      );
};

const base = (c: C.ProtectionCommand) => ({ userId: c.userId, actor: c.actor, at: c.at });

const setLimit = (c: C.SetLimit, s: ProtectionState): D => {
  const bad = guard(c, s, false) ?? kindError(c.kind) ?? valueError(c.kind, c.value);
  if (bad) return refuse(bad);
  const current = s.limits[c.kind];
  const pending = s.pending[c.kind];
  if (current === undefined) {
    if (c.value === null) return accept();
    return accept({ type: 'LimitSet', data: { ...base(c), kind: c.kind, value: c.value, previous: null } });
  }
  if (c.value !== null && c.value <= current) {
    if (c.value === current && !pending) return accept();
    return accept({
      type: 'LimitSet',
      data: { ...base(c), kind: c.kind, value: c.value, previous: current },
    });
  }
  if (pending && pending.value === c.value) return accept();
  return accept({
    type: 'LimitChangeRequested',
    data: {
      ...base(c),
      kind: c.kind,
      value: c.value,
      current,
      confirmableFrom: isoOf(toEpochMs(c.at) + LIMIT_RAISE_COOLING_MS),
    },
  });
};

const confirmLimitChange = (c: C.ConfirmLimitChange, s: ProtectionState): D => {
  const bad = guard(c, s, false) ?? kindError(c.kind);
  if (bad) return refuse(bad);
  const pending = s.pending[c.kind];
  const current = s.limits[c.kind];
  if (!pending || current === undefined)
    return refuse(
      domainError('NO_PENDING_LIMIT_CHANGE', `no raise or removal of ${c.kind} is waiting`, {
        field: 'kind',
      }),
    );
  if (toEpochMs(c.at) < toEpochMs(pending.confirmableFrom))
    return refuse(
      domainError('LIMIT_COOLING_PERIOD', `the change can be confirmed from ${pending.confirmableFrom}`, {
        field: 'kind',
        details: { kind: c.kind, confirmableFrom: pending.confirmableFrom, value: pending.value },
      }),
    );
  return accept({
    type: 'LimitChangeConfirmed',
    data: { ...base(c), kind: c.kind, value: pending.value, previous: current },
  });
};

const cancelLimitChange = (c: C.CancelLimitChange, s: ProtectionState): D => {
  const bad = guard(c, s, false) ?? kindError(c.kind);
  if (bad) return refuse(bad);
  return s.pending[c.kind]
    ? accept({ type: 'LimitChangeCancelled', data: { ...base(c), kind: c.kind } })
    : accept();
};

const setRealityCheck = (c: C.SetRealityCheck, s: ProtectionState): D => {
  const bad = guard(c, s, false);
  if (bad) return refuse(bad);
  const { min, max } = REALITY_CHECK_MINUTES;
  if (!Number.isSafeInteger(c.minutes) || c.minutes < min || c.minutes > max)
    return refuse(
      domainError('INVALID_REALITY_CHECK', `minutes: whole minutes from ${min} to ${max}`, {
        field: 'minutes',
        details: { minutes: c.minutes, min, max },
      }),
    );
  if (s.realityCheckMinutes === c.minutes) return accept();
  return accept({ type: 'RealityCheckIntervalSet', data: { ...base(c), minutes: c.minutes } });
};

const periodError = (period: string, table: object): DomainError | undefined =>
  Object.hasOwn(table, period)
    ? undefined
    : domainError('UNKNOWN_PERIOD', `period: one of ${Object.keys(table).join(', ')}`, {
        field: 'period',
        details: { period },
      });

const startCoolOff = (c: C.StartCoolOff, s: ProtectionState): D => {
  const bad = guard(c, s, true) ?? periodError(c.period, COOL_OFF_MS);
  if (bad) return refuse(bad);
  if (isSelfExcluded(s, c.at))
    return refuse(
      domainError('SELF_EXCLUDED', 'the account is self-excluded; a cool-off adds nothing', {
        details: { until: s.exclusion?.until ?? null },
      }),
    );
  const until = toEpochMs(c.at) + COOL_OFF_MS[c.period];
  if (s.coolOff && isCoolingOff(s, c.at) && until <= toEpochMs(s.coolOff.until))
    return refuse(
      domainError('ALREADY_COOLING_OFF', `cooling off until ${s.coolOff.until}`, {
        field: 'period',
        details: { until: s.coolOff.until },
      }),
    );
  return accept({
    type: 'CoolOffStarted',
    data: { ...base(c), period: c.period, until: isoOf(until), reason: c.reason.trim() },
  });
};

const selfExclude = (c: C.SelfExclude, s: ProtectionState): D => {
  const bad = guard(c, s, true) ?? periodError(c.period, EXCLUSION_MONTHS);
  if (bad) return refuse(bad);
  const months = EXCLUSION_MONTHS[c.period];
  const until = months === null ? null : addEatMonths(c.at, months);
  const current = s.exclusion;
  if (current && isSelfExcluded(s, c.at)) {
    const longer =
      current.until !== null &&
      (until === null || until > Math.max(toEpochMs(current.until), toEpochMs(c.at)));
    if (!longer)
      return refuse(
        domainError('ALREADY_SELF_EXCLUDED', `self-excluded until ${current.until ?? 'permanent'}`, {
          field: 'period',
          details: { until: current.until },
        }),
      );
  }
  return accept({
    type: 'SelfExclusionStarted',
    data: {
      ...base(c),
      period: c.period,
      until: until === null ? null : isoOf(until),
      reason: c.reason.trim(),
    },
  });
};

const requestReopen = (c: C.RequestReopen, s: ProtectionState): D => {
  const bad = guard(c, s, false);
  if (bad) return refuse(bad);
  const ex = s.exclusion;
  if (!ex || !isSelfExcluded(s, c.at))
    return refuse(domainError('NOT_SELF_EXCLUDED', 'the account is not self-excluded'));
  if (ex.until === null)
    return refuse(domainError('EXCLUSION_PERMANENT', 'a permanent self-exclusion is never re-opened'));
  if (!exclusionPeriodOver(s, c.at))
    return refuse(
      domainError('SELF_EXCLUDED', `self-excluded until ${ex.until}`, { details: { until: ex.until } }),
    );
  if (ex.reopensAt !== null) return accept();
  return accept({
    type: 'ReopenRequested',
    data: { ...base(c), reopensAt: isoOf(toEpochMs(c.at) + REOPEN_WAIT_MS) },
  });
};

/** Decides a protection command against the player's protection state. */
export const decideProtection = (c: C.ProtectionCommand, s: ProtectionState): D => {
  switch (c.type) {
    case 'SetLimit':
      return setLimit(c, s);
    case 'ConfirmLimitChange':
      return confirmLimitChange(c, s);
    case 'CancelLimitChange':
      return cancelLimitChange(c, s);
    case 'SetRealityCheck':
      return setRealityCheck(c, s);
    case 'StartCoolOff':
      return startCoolOff(c, s);
    case 'SelfExclude':
      return selfExclude(c, s);
    case 'RequestReopen':
      return requestReopen(c, s);
  }
};
