/**
 * The heart of the payments module (issue 6 items 3–4; issue 14 items 1 and 3; mobile-money.md §0, §9):
 * payment commands on `payment-<id>` streams through the event-store port, money on the money path
 * (`moveMoney`, decision 0008) with the payment as the product aggregate, and turning a provider
 * {@link Outcome} into those commands.
 *
 * Money rules: a deposit is credited (CreditDeposit, movement `deposit:<paymentId>`) only when an
 * ENQUIRY (never a callback alone, never the initiating call) says `succeeded` with our amount; a
 * withdrawal is closed (ConfirmWithdrawal, `withdrawal-paid:<paymentId>`) the same way, and refunded
 * (RefundWithdrawal, bill type 9, `withdrawal-refund:<paymentId>`) only on a definite failure. Each of
 * these appends the payment's events and the wallet's together (all or nothing); the movement id is the
 * idempotency key, so a repeated enquiry answer or callback moves nothing.
 *
 * The `payments` row is a read model written after the append from the payment's state, guarded by the
 * stream version (migration 002): writing it again is harmless, and every later step rewrites it.
 */
import { paymentDecider, paymentStream, payStatusOf } from '@bashiri/domain';
import type { DomainError, PaymentCommand, PaymentEvent, PaymentState, WalletCommand } from '@bashiri/domain';
import { aggregateStream, handleCommand } from '@bashiri/eventstore';
import type { SqlExecutor } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import { moveMoney } from '../wallet/index.ts';
import type { Outcome, ProviderRegistry } from './port.ts';
import { fakeProviders } from './fake.ts';

type Open = Exclude<PaymentState, { status: 'none' }>;
type Actor = { kind: 'player' | 'staff' | 'system' | 'provider'; id: string };

const registries = new WeakMap<AppServices, ProviderRegistry>();

/** The providers of a running server: set by {@link setProviders}, else one fake per network (docs/payments.md). */
export const providersOf = (services: AppServices): ProviderRegistry => {
  let r = registries.get(services);
  if (!r) {
    r = fakeProviders();
    registries.set(services, r);
  }
  return r;
};

/** Replaces the providers of a running server (the real adapters, or tests' fakes). */
export const setProviders = (services: AppServices, registry: ProviderRegistry): void => {
  registries.set(services, registry);
};

export const isoNow = (services: AppServices): string => new Date(services.now()).toISOString();

/** A payment's state and stream version, loaded through the event-store port. */
export const loadPayment = (
  services: AppServices,
  paymentId: string,
): Promise<{ readonly state: PaymentState; readonly version: number }> =>
  aggregateStream(services.store, paymentStream(paymentId), paymentDecider);

/**
 * Writes the `payments` row from a state at stream `version` (insert, or update when the row is older):
 * idempotent, and never moves the row back to an older version.
 */
export const syncRow = async (sql: SqlExecutor, s: Open, version: number, at: string): Promise<void> => {
  const r = s.request;
  await sql.query(
    `INSERT INTO payments (payment_id, kind, user_id, network, phone, amount, status, pay_status, provider_ref,
       provider_status, created_at, updated_at, paid_at, version)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, CASE WHEN $7 = 'confirmed' THEN $12::timestamptz END, $13)
     ON CONFLICT (payment_id) DO UPDATE SET status = $7, pay_status = $8, provider_ref = $9, provider_status = $10,
       updated_at = $12, paid_at = COALESCE(payments.paid_at, CASE WHEN $7 = 'confirmed' THEN $12::timestamptz END),
       version = $13
     WHERE payments.version < $13`,
    [
      r.paymentId,
      r.kind,
      r.userId,
      r.network,
      r.phone,
      r.amount,
      s.status,
      payStatusOf(s.status),
      s.providerReference,
      s.lastProviderStatus,
      r.at,
      at,
      version,
    ],
  );
};

/** The result of one payment command: the new state and whether it changed anything. */
export type StepResult =
  | { readonly ok: true; readonly state: Open; readonly events: readonly PaymentEvent[] }
  | { readonly ok: false; readonly error: DomainError; readonly state: PaymentState };

/**
 * Applies one payment command that moves no money (request of a deposit, pushed, pending, ambiguous,
 * a deposit's failure or expiry) through the port, then writes the `payments` row (also when the
 * command changed nothing, which repairs a row a crash left behind).
 */
export const step = async (services: AppServices, command: PaymentCommand): Promise<StepResult> => {
  const o = await handleCommand(services.store, paymentStream(command.paymentId), paymentDecider, command, {
    metadata: { actor: `${command.actor.kind}:${command.actor.id}` },
  });
  if (!o.ok) return { ok: false, error: o.error, state: o.state };
  if (o.state.status === 'none')
    throw new Error(`payment ${command.paymentId}: no state after ${command.type}`);
  await syncRow(services.sql, o.state, o.version, command.at);
  return { ok: true, state: o.state, events: o.events };
};

/** What {@link paymentMovement} decided (the wallet's refusal included). */
type MovementAnswer =
  | { readonly ok: true; readonly state: Open; readonly version: number; readonly events: PaymentEvent[] }
  | {
      readonly ok: false;
      readonly error: DomainError;
      readonly state: PaymentState;
      readonly by: 'payment' | 'wallet';
    };

/**
 * One payment step that moves money, on the money path with the payment as the product: decides
 * `commands` on the payment's state one after the other (each given the state the previous left; a
 * function may return null to skip), and when they changed anything pays the wallet command the new
 * state calls for — both appended at once, idempotent by `movementId`. Writes the `payments` row
 * afterwards.
 */
export const paymentMovement = async (
  services: AppServices,
  input: {
    readonly paymentId: string;
    readonly userId: string;
    readonly at: string;
    readonly actor: Actor;
    /** The wallet command's movement id: the idempotency key of the whole step. */
    readonly movementId: string;
    readonly commands: readonly ((state: PaymentState) => PaymentCommand | null)[];
    /** The wallet command the payment's new state calls for (its `movementId` is {@link movementId}), or null. */
    readonly wallet: (state: Open) => WalletCommand | null;
  },
): Promise<MovementAnswer> => {
  const { answer } = await moveMoney<PaymentState, PaymentEvent, undefined, MovementAnswer>(services, {
    userId: input.userId,
    product: { streamName: paymentStream(input.paymentId), evolver: paymentDecider },
    idempotencyKey: input.movementId,
    metadata: { actor: `${input.actor.kind}:${input.actor.id}` },
    decide: ({ product, wallet }) => {
      let state = product.state;
      const events: PaymentEvent[] = [];
      for (const next of input.commands) {
        const command = next(state);
        if (!command) continue;
        const d = paymentDecider.decide(command, state);
        if (!d.ok) {
          if (events.length === 0) return { answer: { ok: false, error: d.error, state, by: 'payment' } };
          break;
        }
        events.push(...d.events);
        state = d.events.reduce(paymentDecider.evolve, state);
      }
      if (state.status === 'none') throw new Error(`payment ${input.paymentId}: no state`);
      const version = product.version + events.length;
      if (events.length === 0) return { answer: { ok: true, state, version, events } };
      const command = input.wallet(state);
      if (command && command.movementId !== input.movementId)
        throw new Error(
          `payment ${input.paymentId}: movement ${command.movementId} is not ${input.movementId}`,
        );
      const paid = command ? wallet.pay(command) : ({ ok: true } as const);
      if (!paid.ok) return { answer: { ok: false, error: paid.error, state: product.state, by: 'wallet' } };
      return { answer: { ok: true, state, version, events }, productEvents: events };
    },
  });
  if (answer.ok) await syncRow(services.sql, answer.state, answer.version, input.at);
  return answer;
};

/** Sets a staff flag on a payment (amount mismatch, result conflict): listed for review, automatic work stops. */
export const flagPayment = async (sql: SqlExecutor, paymentId: string, flag: string): Promise<void> => {
  await sql.query(`UPDATE payments SET flag = $2, review = true WHERE payment_id = $1`, [paymentId, flag]);
  await sql.query('DELETE FROM payment_followups WHERE payment_id = $1', [paymentId]);
};

/** Drops a payment's follow-up (its outcome is known). */
const dropFollowup = (services: AppServices, paymentId: string) =>
  services.sql.query('DELETE FROM payment_followups WHERE payment_id = $1', [paymentId]);

/** What {@link applyOutcome} did, for callers and tests. */
export type Applied = 'confirmed' | 'failed' | 'progress' | 'flagged' | 'unchanged' | 'unknown';

/**
 * Applies what the provider said about a payment (from an enquiry or the initiating call): the
 * payment's events and, when money moves, the wallet's, appended together on the money path.
 * `trustSuccess` must be true only for an enquiry answer: a `succeeded` otherwise only schedules an
 * immediate enquiry. Returns what happened.
 */
export const applyOutcome = async (
  services: AppServices,
  paymentId: string,
  outcome: Outcome,
  opts: { actor?: Actor; trustSuccess: boolean },
): Promise<Applied> => {
  const at = isoNow(services);
  const actor = opts.actor ?? { kind: 'system', id: 'payments' };
  const { state: s } = await loadPayment(services, paymentId);
  if (s.status === 'none') return 'unknown';
  const userId = s.request.userId;
  const pid = s.request.providerRequestId;
  const base = { paymentId, at, actor, providerRequestId: pid };
  const wallet = { userId, at, actor: { kind: 'system' as const, id: 'payments' } };
  if (outcome.status === 'succeeded' && !opts.trustSuccess) {
    await services.sql.query('UPDATE payment_followups SET next_attempt_at = $2 WHERE payment_id = $1', [
      paymentId,
      at,
    ]);
    return 'progress';
  }
  if (outcome.status === 'succeeded') {
    const r = await paymentMovement(services, {
      paymentId,
      userId,
      at,
      actor,
      movementId: s.request.kind === 'deposit' ? `deposit:${paymentId}` : `withdrawal-paid:${paymentId}`,
      commands: [
        () => ({
          ...base,
          type: 'ConfirmPayment',
          providerReference: outcome.providerRef,
          amount: outcome.amount,
        }),
      ],
      wallet: (p): WalletCommand =>
        p.request.kind === 'deposit'
          ? {
              ...wallet,
              type: 'CreditDeposit',
              movementId: `deposit:${paymentId}`,
              paymentId,
              channel: p.request.channel,
              amount: outcome.amount,
            }
          : { ...wallet, type: 'ConfirmWithdrawal', movementId: `withdrawal-paid:${paymentId}`, paymentId },
    });
    if (!r.ok) {
      if (r.by === 'wallet')
        throw new Error(`wallet refused the confirmation of ${paymentId}: ${r.error.code}`);
      await flagPayment(services.sql, paymentId, r.error.code);
      return 'flagged';
    }
    await dropFollowup(services, paymentId);
    return r.events.length === 0 ? 'unchanged' : 'confirmed';
  }
  if (outcome.status === 'failed') {
    const fail: PaymentCommand = {
      ...base,
      type: 'FailPayment',
      providerStatus: outcome.code,
      reason: outcome.reason,
    };
    const r =
      s.request.kind === 'withdrawal'
        ? await paymentMovement(services, {
            paymentId,
            userId,
            at,
            actor,
            movementId: `withdrawal-refund:${paymentId}`,
            commands: [
              () => fail,
              (now) =>
                now.status === 'failed'
                  ? { paymentId, at, actor, type: 'RefundPayment', reason: outcome.reason }
                  : null,
            ],
            wallet: (now) =>
              now.status === 'refunded'
                ? {
                    ...wallet,
                    type: 'RefundWithdrawal',
                    movementId: `withdrawal-refund:${paymentId}`,
                    paymentId,
                    reason: outcome.reason,
                  }
                : null,
          })
        : await step(services, fail);
    if (!r.ok) {
      if ('by' in r && r.by === 'wallet')
        throw new Error(`wallet refused the refund of ${paymentId}: ${r.error.code}`);
      await flagPayment(services.sql, paymentId, r.error.code);
      return 'flagged';
    }
    await dropFollowup(services, paymentId);
    return r.events.length > 0 ? 'failed' : 'unchanged';
  }
  const r =
    outcome.status === 'pending'
      ? await step(services, { ...base, type: 'RecordPending', providerStatus: outcome.code ?? 'PENDING' })
      : await step(services, { ...base, type: 'RecordAmbiguous', providerStatus: outcome.code });
  return r.ok && r.events.length > 0 ? 'progress' : 'unchanged';
};

/** Back-off of the n-th enquiry (n ≥ 1): 10 s doubling, at most 5 minutes. */
export const backoffMs = (attempt: number): number =>
  Math.min(300_000, 10_000 * 2 ** Math.max(0, attempt - 1));

/** How long a withdrawal is enquired before it goes to staff review. */
export const PAYOUT_REVIEW_AFTER_MS = 30 * 60_000;
