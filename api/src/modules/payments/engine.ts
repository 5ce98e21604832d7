/**
 * The heart of the payments module (issue 6 items 3–4; mobile-money.md §0, §9): applying payment
 * commands to `payment-<id>` streams together with the `payments` row and the wallet, in one
 * transaction, and turning a provider {@link Outcome} into those commands.
 *
 * Money rules: a deposit is credited (CreditDeposit, movement `deposit:<paymentId>`) only when an
 * ENQUIRY (never a callback alone, never the initiating call) says `succeeded` with our amount; a
 * withdrawal is closed (ConfirmWithdrawal, `withdrawal-paid:<paymentId>`) the same way, and refunded
 * (RefundWithdrawal, bill type 9, `withdrawal-refund:<paymentId>`) only on a definite failure.
 */
import { paymentDecider, paymentStream, payStatusOf } from '@bashiri/domain';
import type { DomainError, PaymentCommand, PaymentEvent, PaymentState, WalletCommand } from '@bashiri/domain';
import { aggregateStreamWithin, handleCommandWithin } from '@bashiri/eventstore';
import type { SqlExecutor } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import type { ApplyWallet } from '../wallet/service.ts';
import { walletOf } from '../wallet/service.ts';
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

/** Loads a payment's state inside `tx`. */
export const loadPayment = async (tx: SqlExecutor, paymentId: string): Promise<PaymentState> =>
  (await aggregateStreamWithin(tx, paymentStream(paymentId), paymentDecider)).state;

/** Writes the `payments` row from a state (insert or update). */
const syncRow = async (tx: SqlExecutor, s: Open, at: string): Promise<void> => {
  const r = s.request;
  await tx.query(
    `INSERT INTO payments (payment_id, kind, user_id, network, phone, amount, status, pay_status, provider_ref,
       provider_status, created_at, updated_at, paid_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, CASE WHEN $7 = 'confirmed' THEN $12::timestamptz END)
     ON CONFLICT (payment_id) DO UPDATE SET status = $7, pay_status = $8, provider_ref = $9, provider_status = $10,
       updated_at = $12, paid_at = COALESCE(payments.paid_at, CASE WHEN $7 = 'confirmed' THEN $12::timestamptz END)`,
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
    ],
  );
};

/** The result of one payment command: the new state and whether it changed anything. */
export type StepResult =
  | { readonly ok: true; readonly state: Open; readonly events: readonly PaymentEvent[] }
  | { readonly ok: false; readonly error: DomainError; readonly state: PaymentState };

/** Applies one payment command in `tx` and keeps the `payments` row in step. */
export const step = async (tx: SqlExecutor, command: PaymentCommand): Promise<StepResult> => {
  const o = await handleCommandWithin(tx, paymentStream(command.paymentId), paymentDecider, command, {
    metadata: { actor: `${command.actor.kind}:${command.actor.id}` },
  });
  if (!o.ok) return { ok: false, error: o.error, state: o.state };
  if (o.state.status === 'none')
    throw new Error(`payment ${command.paymentId}: no state after ${command.type}`);
  if (o.events.length > 0) await syncRow(tx, o.state, command.at);
  return { ok: true, state: o.state, events: o.events };
};

/** Sets a staff flag on a payment (amount mismatch, result conflict): listed for review, automatic work stops. */
export const flagPayment = async (tx: SqlExecutor, paymentId: string, flag: string): Promise<void> => {
  await tx.query(`UPDATE payments SET flag = $2, review = true WHERE payment_id = $1`, [paymentId, flag]);
  await tx.query('DELETE FROM payment_followups WHERE payment_id = $1', [paymentId]);
};

const must = async (apply: ApplyWallet, command: WalletCommand): Promise<void> => {
  const r = await apply(command);
  if (!r.ok) throw new Error(`wallet refused ${command.type} ${command.movementId}: ${r.error.code}`);
};

/** What {@link applyOutcome} did, for callers and tests. */
export type Applied = 'confirmed' | 'failed' | 'progress' | 'flagged' | 'unchanged' | 'unknown';

/**
 * Applies what the provider said about a payment (from an enquiry or the initiating call) in one
 * transaction with the wallet. `trustSuccess` must be true only for an enquiry answer: a `succeeded`
 * otherwise only schedules an immediate enquiry. Returns what happened.
 */
export const applyOutcome = async (
  services: AppServices,
  paymentId: string,
  outcome: Outcome,
  opts: { actor?: Actor; trustSuccess: boolean },
): Promise<Applied> => {
  const at = isoNow(services);
  const actor = opts.actor ?? { kind: 'system', id: 'payments' };
  const head = await services.sql.query<{ user_id: string }>(
    'SELECT user_id FROM payments WHERE payment_id = $1',
    [paymentId],
  );
  const userId = head.rows[0]?.user_id;
  if (!userId) return 'unknown';
  return walletOf(services).transact(userId, async (tx, apply) => {
    const s = await loadPayment(tx, paymentId);
    if (s.status === 'none') return 'unknown';
    const pid = s.request.providerRequestId;
    const base = { paymentId, at, actor, providerRequestId: pid };
    const wallet = { userId, at, actor: { kind: 'system' as const, id: 'payments' } };
    if (outcome.status === 'succeeded' && !opts.trustSuccess) {
      await tx.query('UPDATE payment_followups SET next_attempt_at = $2 WHERE payment_id = $1', [
        paymentId,
        at,
      ]);
      return 'progress';
    }
    if (outcome.status === 'succeeded') {
      const r = await step(tx, {
        ...base,
        type: 'ConfirmPayment',
        providerReference: outcome.providerRef,
        amount: outcome.amount,
      });
      if (!r.ok) {
        await flagPayment(tx, paymentId, r.error.code);
        return 'flagged';
      }
      await tx.query('DELETE FROM payment_followups WHERE payment_id = $1', [paymentId]);
      if (r.events.length === 0) return 'unchanged';
      if (s.request.kind === 'deposit') {
        await must(apply, {
          ...wallet,
          type: 'CreditDeposit',
          movementId: `deposit:${paymentId}`,
          paymentId,
          channel: s.request.channel,
          amount: outcome.amount,
        });
      } else {
        await must(apply, {
          ...wallet,
          type: 'ConfirmWithdrawal',
          movementId: `withdrawal-paid:${paymentId}`,
          paymentId,
        });
      }
      return 'confirmed';
    }
    if (outcome.status === 'failed') {
      const r = await step(tx, {
        ...base,
        type: 'FailPayment',
        providerStatus: outcome.code,
        reason: outcome.reason,
      });
      if (!r.ok) {
        await flagPayment(tx, paymentId, r.error.code);
        return 'flagged';
      }
      await tx.query('DELETE FROM payment_followups WHERE payment_id = $1', [paymentId]);
      if (s.request.kind === 'withdrawal' && r.state.status === 'failed') {
        await step(tx, { paymentId, at, actor, type: 'RefundPayment', reason: outcome.reason });
        await must(apply, {
          ...wallet,
          type: 'RefundWithdrawal',
          movementId: `withdrawal-refund:${paymentId}`,
          paymentId,
          reason: outcome.reason,
        });
      }
      return r.events.length > 0 ? 'failed' : 'unchanged';
    }
    const r =
      outcome.status === 'pending'
        ? await step(tx, { ...base, type: 'RecordPending', providerStatus: outcome.code ?? 'PENDING' })
        : await step(tx, { ...base, type: 'RecordAmbiguous', providerStatus: outcome.code });
    return r.ok && r.events.length > 0 ? 'progress' : 'unchanged';
  });
};

/** Back-off of the n-th enquiry (n ≥ 1): 10 s doubling, at most 5 minutes. */
export const backoffMs = (attempt: number): number =>
  Math.min(300_000, 10_000 * 2 ** Math.max(0, attempt - 1));

/** How long a withdrawal is enquired before it goes to staff review. */
export const PAYOUT_REVIEW_AFTER_MS = 30 * 60_000;
