/**
 * The player protections on the money path (issue 23 "enforced on every money path"; decision 0048;
 * docs/responsible-gambling.md "Enforcement"). `moveMoney` reads the tail of `protection-<userId>` in
 * the same round trip as the wallet (no extra query), keeps the state per player in this process (only
 * later events are read), folds the player's usage (deposits, stakes, returns per EAT day, week, month)
 * from the wallet events it reads anyway, and checks every wallet command a decision pays with the
 * domain's pure `checkMovement`. A refusal is the wallet's refusal: the product puts its code in its
 * answer exactly as it does `INSUFFICIENT_FUNDS`.
 *
 * Which commands are checked (by wallet command and bill type, decision 0003):
 * - `DebitStake`: a stake of its product — single (3) / multiple (4) → `bet`, jackpot (5) →
 *   `jackpotTicket`, racing (13) → `racingBet`, casino (22) → `casinoBet`; a movement that declares
 *   `protection: 'cashOutRestake'` (or another kind) has its stakes checked as that kind.
 * - `CreditDeposit` (6, 11): counted, never refused on the path: the money has left the player's
 *   mobile wallet already. Deposits are refused when asked for ({@link checkProtection}).
 * - Everything else (withdrawals 7, refunds 9, results 1/14/23/25, bonuses, staff changes, racing-coin
 *   conversions): never refused; results count as returns for the loss limits.
 */
import {
  addUsage,
  checkMovement,
  emptyUsage,
  LIMIT_KINDS,
  protectionDecider,
  protectionStream,
  usageMovementOf,
  walletStream,
} from '@bashiri/domain';
import type {
  AttemptedMovement,
  DomainError,
  ProtectedMovementKind,
  ProtectionCheck,
  ProtectionEvent,
  ProtectionState,
  ProtectionUsage,
  StakeProduct,
  WalletCommand,
  WalletEvent,
} from '@bashiri/domain';
import { foldEvents, readStreams } from '@bashiri/eventstore';
import type { Aggregated, RecordedEvent } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import { playerSessionStartedAt } from '../../auth/sessions.ts';
import { streamFreshness } from './freshness.ts';
import type { Freshness } from './freshness.ts';

/** The protection kind of a stake by product (decision 0003 bill types 3, 4, 5, 13, 22). */
export const STAKE_PROTECTION_KIND: Readonly<Record<StakeProduct, ProtectedMovementKind>> = {
  single: 'bet',
  multiple: 'bet',
  jackpot: 'jackpotTicket',
  racing: 'racingBet',
  casino: 'casinoBet',
};

/** A refused attempt, as the statistics count it (issue 23 "every attempt refused by a limit is counted"). */
export interface ProtectionRefusal {
  readonly userId: string;
  readonly code: string;
  readonly kind: ProtectedMovementKind;
  /** TZS asked for. */
  readonly amount: number;
  /** ISO-8601 instant of the attempt. */
  readonly at: string;
  /** What the limits still allowed (TZS), when a limit refused. */
  readonly left: number | null;
}

interface UsageAt {
  readonly version: number;
  readonly usage: ProtectionUsage;
}

/** The per-process protection cache of one server (see the module comment). */
export interface ProtectionGate {
  /** The last protection state this process read for `userId` (a starting point: later events are read). */
  known(userId: string): Aggregated<ProtectionState> | undefined;
  /** Keeps a state read or just written (the protection module calls it after each command). */
  remember(userId: string, value: Aggregated<ProtectionState>): void;
  /** Usage folded up to wallet version `version`, if this process has it. */
  usage(userId: string): UsageAt | undefined;
  rememberUsage(userId: string, value: UsageAt): void;
  /** Records refused attempts in `protection_refusals` for the statistics (a failure is logged, not thrown). */
  refused(refusals: readonly ProtectionRefusal[]): Promise<void>;
  /**
   * Whether {@link known} is the protection stream as it is now (decision 0187): confirmed by the money
   * path's reads, dropped when an append to the stream is heard, and after 2 s. Keyed by user id.
   */
  readonly freshness: Freshness;
}

const CACHE_LIMIT = 20_000;
const gates = new WeakMap<AppServices, ProtectionGate>();

const bounded = <T>() => {
  const map = new Map<string, T>();
  return {
    get: (key: string) => map.get(key),
    set: (key: string, value: T) => {
      map.delete(key);
      map.set(key, value);
      if (map.size > CACHE_LIMIT) map.delete(map.keys().next().value!);
    },
  };
};

/** The protection gate of a running server (one per `AppServices`). */
export const protectionGateOf = (services: AppServices): ProtectionGate => {
  const existing = gates.get(services);
  if (existing) return existing;
  const states = bounded<Aggregated<ProtectionState>>();
  const usages = bounded<UsageAt>();
  const gate: ProtectionGate = {
    freshness: streamFreshness(services.store, protectionStream('')),
    known: (userId) => states.get(userId),
    remember: (userId, value) => {
      const held = states.get(userId);
      if (!held || held.version <= value.version) states.set(userId, value);
    },
    usage: (userId) => usages.get(userId),
    rememberUsage: (userId, value) => usages.set(userId, value),
    refused: async (refusals) => {
      for (const r of refusals) {
        try {
          await services.sql.query(
            `INSERT INTO protection_refusals (user_id, code, kind, amount, left_amount, at)
             VALUES ($1, $2, $3, $4, $5, $6)`,
            [r.userId, r.code, r.kind, r.amount, r.left, r.at],
          );
        } catch (err) {
          services.logger.error({ err }, 'protection refusal not recorded');
        }
      }
    },
  };
  gates.set(services, gate);
  return gate;
};

/** True when a protection state has a limit counted over a period (so the usage is needed). */
export const needsUsage = (state: ProtectionState): boolean =>
  Object.keys(state.limits).some((kind) => {
    const { period } = LIMIT_KINDS[kind as keyof typeof LIMIT_KINDS];
    return period !== 'bet' && period !== 'session';
  });

/** True when a protection state restricts anything at all (limits, cool-off, exclusion). */
const restricts = (state: ProtectionState): boolean =>
  state.coolOff !== null || state.exclusion !== null || Object.keys(state.limits).length > 0;

/** Folds wallet events (recorded, oldest first) into usage. */
export const foldUsage = (usage: ProtectionUsage, events: readonly { type: string; data: unknown }[]) =>
  events.reduce((u, e) => {
    const movement = usageMovementOf(e as WalletEvent);
    return movement ? addUsage(u, movement) : u;
  }, usage);

/**
 * The usage at wallet version `walletVersion`: from this process's fold when it is at that version or
 * can be brought there with `tail` (the wallet events just read, from `tailFrom` on), else folded from the
 * whole wallet stream (one extra read, once per player and process).
 */
export const usageFor = async (
  services: AppServices,
  userId: string,
  walletVersion: number,
  tail: readonly RecordedEvent[],
  tailFrom: number,
): Promise<ProtectionUsage> => {
  const gate = protectionGateOf(services);
  const held = gate.usage(userId);
  if (held && held.version === walletVersion) return held.usage;
  let usage: ProtectionUsage;
  if (held && held.version >= tailFrom - 1 && held.version < walletVersion) {
    usage = foldUsage(
      held.usage,
      tail.filter((e) => e.streamPosition > held.version),
    );
  } else if (tailFrom === 1) {
    usage = foldUsage(emptyUsage(), tail);
  } else {
    const [all] = await readStreams(services.store, [{ streamName: walletStream(userId), from: 1 }]);
    usage = foldUsage(
      emptyUsage(),
      all!.events.filter((e) => e.streamPosition <= walletVersion),
    );
  }
  gate.rememberUsage(userId, { version: walletVersion, usage });
  return usage;
};

/** The protections of one decision: checks each wallet command as it is paid. */
export interface DecisionGuard {
  /** The refusal of `command`, or null. */
  check(command: WalletCommand): DomainError | null;
  /** Counts the events of a paid command towards the usage of the commands after it. */
  paid(events: readonly { type: string; data: unknown }[]): void;
  /** Refusals seen (reported once the movement ends). */
  readonly refusals: readonly ProtectionRefusal[];
  /** The usage after the commands paid (null when no period limit is set). */
  readonly usage: ProtectionUsage | null;
}

/** The attempted movement a wallet command is, or null when protections never refuse it. */
export const attemptOf = (
  command: WalletCommand,
  declared?: ProtectedMovementKind,
  sessionStartedAt: string | null = null,
): AttemptedMovement | null =>
  command.type === 'DebitStake'
    ? {
        kind: declared ?? STAKE_PROTECTION_KIND[command.product],
        amount: command.amount,
        at: command.at,
        sessionStartedAt,
      }
    : null;

/**
 * `guard` that also notes whether a stake was checked through it (`staked()`): a movement decided on a
 * protection state that was not read must not pay a stake on it (decisions 0187 for one movement and
 * 0196 for a batch) — the caller reads, or confirms the state current, and decides again.
 */
export const watchingStakes = (
  guard: DecisionGuard,
  declared: ProtectedMovementKind | undefined,
): { readonly watching: DecisionGuard; readonly staked: () => boolean } => {
  let staked = false;
  const watching: DecisionGuard = {
    get refusals() {
      return guard.refusals;
    },
    get usage() {
      return guard.usage;
    },
    check: (command) => {
      if (attemptOf(command, declared)) staked = true;
      return guard.check(command);
    },
    paid: (events) => guard.paid(events),
  };
  return { watching, staked: () => staked };
};

/** True when a protection state has a session-time limit (so the session's start is needed). */
export const needsSession = (state: ProtectionState): boolean => state.limits.sessionMinutes !== undefined;

/**
 * When the player's current session started (the latest live login, decision 0072), read only for a
 * player with a session-time limit; null otherwise or without a live session.
 */
export const sessionStartFor = async (
  services: AppServices,
  userId: string,
  state: ProtectionState,
): Promise<string | null> =>
  needsSession(state) ? playerSessionStartedAt(services.sql, userId, services.now()) : null;

const refusalOf = (userId: string, attempt: AttemptedMovement, error: DomainError): ProtectionRefusal => {
  const left = (error.details as { left?: unknown } | undefined)?.left;
  return {
    userId,
    code: error.code,
    kind: attempt.kind,
    amount: attempt.amount,
    at: typeof attempt.at === 'number' ? new Date(attempt.at).toISOString() : attempt.at,
    left: typeof left === 'number' ? left : null,
  };
};

/**
 * A guard over `state` and `usage` (null when no period limit is set) for one decision; `declared` is
 * the movement's own kind for its stakes (`MoneyMovement.protection`); `sessionStartedAt` the start of
 * the player's current session (ISO-8601; null: the session-time limit is not checked).
 */
export const decisionGuard = (
  userId: string,
  state: ProtectionState,
  usage: ProtectionUsage | null,
  declared?: ProtectedMovementKind,
  sessionStartedAt: string | null = null,
): DecisionGuard => {
  let current = usage;
  const refusals: ProtectionRefusal[] = [];
  const active = restricts(state);
  return {
    refusals,
    get usage() {
      return current;
    },
    check: (command) => {
      if (!active) return null;
      const attempt = attemptOf(command, declared, sessionStartedAt);
      if (!attempt) return null;
      const result: ProtectionCheck = checkMovement(state, current ?? emptyUsage(), attempt);
      if (result.ok) return null;
      refusals.push(refusalOf(userId, attempt, result.error));
      return result.error;
    },
    paid: (events) => {
      if (current) current = foldUsage(current, events);
    },
  };
};

/** The player's usage at the wallet's current version (the gate's fold, brought up to date). */
export const protectionUsageOf = async (services: AppServices, userId: string): Promise<ProtectionUsage> => {
  const gate = protectionGateOf(services);
  const held = gate.usage(userId);
  const from = (held?.version ?? 0) + 1;
  const [wallet] = await readStreams(services.store, [{ streamName: walletStream(userId), from }]);
  const events = wallet!.events;
  const usage =
    events.length === 0 ? (held?.usage ?? emptyUsage()) : foldUsage(held?.usage ?? emptyUsage(), events);
  if (events.length > 0) gate.rememberUsage(userId, { version: events.at(-1)!.streamPosition, usage });
  return usage;
};

/**
 * Checks an attempt that is not (yet) a wallet command — a deposit when the player asks for it, or a
 * product's check before it sends a request out — against the protections as the event store holds
 * them now and the usage at the wallet's current version; a stake without `sessionStartedAt` is
 * checked against the player's current session (decision 0072). `pending` (TZS) is added to the amount: e.g.
 * deposits asked for and not yet credited. Records a refusal for the statistics.
 */
export const checkProtection = async (
  services: AppServices,
  userId: string,
  attempt: AttemptedMovement,
  pending = 0,
): Promise<ProtectionCheck> => {
  const gate = protectionGateOf(services);
  const knownP = gate.known(userId) ?? { state: protectionDecider.initialState(), version: 0 };
  const [tail] = await readStreams(services.store, [
    { streamName: protectionStream(userId), from: knownP.version + 1 },
  ]);
  const protection = foldEvents<ProtectionState, ProtectionEvent>(knownP, tail!.events, protectionDecider);
  gate.remember(userId, protection);
  if (!restricts(protection.state)) return { ok: true, left: null };
  const usage = needsUsage(protection.state) ? await protectionUsageOf(services, userId) : emptyUsage();
  const session =
    attempt.kind === 'deposit' || attempt.sessionStartedAt !== undefined
      ? {}
      : { sessionStartedAt: await sessionStartFor(services, userId, protection.state) };
  const result = checkMovement(protection.state, usage, {
    ...attempt,
    ...session,
    amount: attempt.amount + pending,
  });
  if (result.ok || pending === 0 || !result.error.details) {
    if (!result.ok) await gate.refused([refusalOf(userId, attempt, result.error)]);
    return result;
  }
  const details = result.error.details as Record<string, unknown>;
  const left = typeof details.left === 'number' ? Math.max(0, details.left - pending) : details.left;
  const error: DomainError = { ...result.error, details: { ...details, left, pending } };
  await gate.refused([refusalOf(userId, attempt, error)]);
  return { ok: false, error };
};
