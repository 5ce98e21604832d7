/**
 * Player protections on the server (issue 23 items 2–4; docs/responsible-gambling.md): the commands of
 * `protection-<userId>` decided by the domain's `protectionDecider`, the status and limit usage read
 * from the event store through the wallet's protection gate (the same state the money path enforces),
 * and the reality-check figures of a session. Times are instants; periods are East Africa Time.
 */
import {
  checkMovement,
  limitsView,
  marketingAllowed,
  protectionDecider,
  protectionStatus,
  protectionStream,
  realityCheckSummary,
  nextRealityCheckAt,
  usageMovementOf,
} from '@bashiri/domain';
import type {
  DomainError,
  LimitView,
  ProtectionCommand,
  ProtectionEvent,
  ProtectionState,
  ProtectionStatus,
  RealityCheckSummary,
  WalletEvent,
} from '@bashiri/domain';
import { handleCommand, readStreams, foldEvents } from '@bashiri/eventstore';
import type { Aggregated } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import type { Viewer } from '../../graphql/context.ts';
import { protectionGateOf, protectionUsageOf, sessionStartFor } from '../wallet/index.ts';

/** A command without the fields the server fills in (player, actor, instant). */
export type ProtectionRequest = ProtectionCommand extends infer C
  ? C extends ProtectionCommand
    ? Omit<C, 'userId' | 'actor' | 'at'>
    : never
  : never;

/** Who asks: the player themselves or a member of staff. */
export type ProtectionActor = { readonly kind: 'player' | 'staff'; readonly id: string };

/** The player's protections now: status, limits with usage this period, marketing eligibility. */
export interface ProtectionView extends ProtectionStatus {
  readonly userId: string;
  readonly limitsInForce: readonly LimitView[];
  readonly marketingAllowed: boolean;
  /** Number of changes recorded. */
  readonly changes: number;
  /** ISO-8601 instant the view was read at. */
  readonly at: string;
}

/** The protection state as the event store holds it now (through the gate's per-process cache). */
export const loadProtection = async (
  services: AppServices,
  userId: string,
): Promise<Aggregated<ProtectionState>> => {
  const gate = protectionGateOf(services);
  const known = gate.known(userId) ?? { state: protectionDecider.initialState(), version: 0 };
  const [tail] = await readStreams(services.store, [
    { streamName: protectionStream(userId), from: known.version + 1 },
  ]);
  const value = foldEvents<ProtectionState, ProtectionEvent>(known, tail!.events, protectionDecider);
  gate.remember(userId, value);
  return value;
};

/**
 * Decides and records one protection command for `userId` at the server's clock. Returns the events
 * recorded (none when it changed nothing) or the domain's refusal (`LIMIT_COOLING_PERIOD`,
 * `PLAYER_ONLY`, `ALREADY_COOLING_OFF`, `SELF_EXCLUDED`, `EXCLUSION_PERMANENT`, …). The money path's cache
 * is updated at once, so a lowered limit binds the next movement in this process.
 */
export const runProtection = async (
  services: AppServices,
  userId: string,
  actor: ProtectionActor,
  request: ProtectionRequest,
  idempotencyKey?: string,
): Promise<
  | { readonly ok: true; readonly events: readonly ProtectionEvent[] }
  | { readonly ok: false; readonly error: DomainError }
> => {
  const gate = protectionGateOf(services);
  const at = new Date(services.now()).toISOString();
  const command = { ...request, userId, actor, at } as ProtectionCommand;
  const outcome = await handleCommand(services.store, protectionStream(userId), protectionDecider, command, {
    ...(idempotencyKey ? { idempotencyKey } : {}),
    metadata: { actor: `${actor.kind}:${actor.id}` },
    ...(gate.known(userId) ? { from: gate.known(userId)! } : {}),
  });
  gate.remember(userId, { state: outcome.state, version: outcome.version });
  if (!outcome.ok) return { ok: false, error: outcome.error };
  return { ok: true, events: outcome.events };
};

/** The view of a player's protections at the server's clock. */
export const protectionView = async (services: AppServices, userId: string): Promise<ProtectionView> => {
  const { state } = await loadProtection(services, userId);
  const now = services.now();
  const usage = await protectionUsageOf(services, userId);
  return {
    userId,
    ...protectionStatus(state, now),
    limitsInForce: limitsView(state, usage, now),
    marketingAllowed: marketingAllowed(state, now),
    changes: state.changes,
    at: new Date(now).toISOString(),
  };
};

/**
 * Whether promotions, banners and marketing messages may reach the player now (never while cooling off
 * or self-excluded; issue 23). Products and the SMS sender ask it before any marketing.
 */
export const marketingAllowedFor = async (services: AppServices, userId: string): Promise<boolean> =>
  marketingAllowed((await loadProtection(services, userId)).state, services.now());

/**
 * {@link marketingAllowedFor} of whoever calls: a player is asked about; staff and anonymous visitors
 * always may see marketing (`viewer` null = anonymous).
 */
export const marketingAllowedForViewer = async (
  services: AppServices,
  viewer: Viewer | null | undefined,
): Promise<boolean> => viewer?.kind !== 'player' || marketingAllowedFor(services, viewer.userId);

/** The reality check of a session: its figures, the interval and when the next one is due. */
export interface RealityCheck extends RealityCheckSummary {
  readonly sessionStartedAt: string;
  readonly intervalMinutes: number;
  readonly nextAt: string;
}

/**
 * The reality-check figures of the session that started at `sessionStartedAt`: minutes played, stakes,
 * returns and net result (TZS) from the wallet's events since then; `lastShownAt` the last check the
 * player acknowledged (the next is due an interval after it).
 */
export const realityCheckOf = async (
  services: AppServices,
  userId: string,
  sessionStartedAt: string,
  lastShownAt: string | null,
): Promise<RealityCheck> => {
  const { state } = await loadProtection(services, userId);
  // The bills read model keeps each movement's lines with its event type: stakes and returns from it.
  const rows = await services.sql.query<{
    event_id: string;
    type: string;
    pocket: string;
    amount: number;
    at: Date;
  }>(
    `SELECT event_id::text, event_type AS type, pocket, amount::int AS amount, at
     FROM bills WHERE user_id = $1 AND at >= $2 ORDER BY id`,
    [userId, sessionStartedAt],
  );
  const events = new Map<
    string,
    { type: string; data: { at: string; lines: { pocket: string; amount: number }[] } }
  >();
  for (const r of rows.rows) {
    const e = events.get(r.event_id) ?? {
      type: r.type,
      data: { at: new Date(r.at).toISOString(), lines: [] },
    };
    e.data.lines.push({ pocket: r.pocket, amount: r.amount });
    events.set(r.event_id, e);
  }
  const movements = [...events.values()].flatMap((e) => {
    const m = usageMovementOf(e as unknown as WalletEvent);
    return m ? [m] : [];
  });
  const now = services.now();
  return {
    ...realityCheckSummary(sessionStartedAt, now, movements),
    sessionStartedAt,
    intervalMinutes: state.realityCheckMinutes,
    nextAt: nextRealityCheckAt(state, sessionStartedAt, lastShownAt),
  };
};

/**
 * The most `userId` may stake on one bet now under their own protections (issue 23; the betslip's "you
 * can stake X more today"), whole TZS: the least room among the per-bet, daily stake and loss limits in
 * the current EAT periods; 0 while cooling off, self-excluded or past the session limit; null when no
 * limit applies. The same check the money path makes (`checkMovement`), for a stake of 0.
 */
export const stakeLeftOf = async (services: AppServices, userId: string): Promise<number | null> => {
  const { state } = await loadProtection(services, userId);
  const restricted =
    state.coolOff !== null || state.exclusion !== null || Object.keys(state.limits).length > 0;
  if (!restricted) return null;
  const now = services.now();
  const [usage, sessionStartedAt] = await Promise.all([
    protectionUsageOf(services, userId),
    sessionStartFor(services, userId, state),
  ]);
  const check = checkMovement(state, usage, {
    kind: 'bet',
    amount: 0,
    at: new Date(now).toISOString(),
    sessionStartedAt,
  });
  if (!check.ok) {
    const left = (check.error.details as { left?: unknown } | undefined)?.left;
    return typeof left === 'number' ? left : 0;
  }
  return check.left;
};
