/**
 * The payments process manager (issue 6 items 3–4; mobile-money.md §9.3, §9.5): works through
 * `payment_followups` like the settlement worker: sends queued payouts once, enquires with back-off
 * ({@link backoffMs}), and at `give_up_at` expires a deposit (a later success is still credited) or
 * puts a withdrawal whose outcome is still unknown into staff review. Callbacks land here too:
 * {@link handleCallback} never moves money by itself; it only triggers an enquiry.
 */
import type { AppServices } from '../../services.ts';
import { startWorkerLoop } from '../../worker-loop.ts';
import { transactionWithRetry } from '../../transactions.ts';
import { applyOutcome, backoffMs, flagPayment, isoNow, loadPayment, providersOf, step } from './engine.ts';
import { sendQueuedPayout } from './flows.ts';
import { sweepStalledPayments, SWEEP_EVERY_MS } from './sweep.ts';
import type { CallbackRequest, PaymentDirection, ProviderId } from './port.ts';

interface Due {
  payment_id: string;
  action: string;
  attempts: number;
  give_up_at: Date | string;
  kind: string;
  network: number;
}

/** Enquires one payment now and applies the answer; an enquiry that throws teaches nothing. */
export const enquireNow = async (services: AppServices, paymentId: string): Promise<void> => {
  const { rows } = await services.sql.query<{
    kind: string;
    network: number;
    review: boolean;
    flag: string | null;
    amount: string;
  }>('SELECT kind, network, review, flag, amount::text AS amount FROM payments WHERE payment_id = $1', [
    paymentId,
  ]);
  const p = rows[0];
  if (!p || p.flag) return;
  const provider = providersOf(services)[p.network as ProviderId];
  if (!provider) return;
  const direction: PaymentDirection = p.kind === 'deposit' ? 'deposit' : 'payout';
  let outcome;
  try {
    // Airtel and M-Pesa enquiries do not return the amount: the adapter needs ours to confirm it.
    outcome = await provider.enquire(paymentId, direction, { amount: Number(p.amount) });
  } catch {
    return;
  }
  await applyOutcome(services, paymentId, outcome, { trustSuccess: true });
};

const giveUp = async (services: AppServices, row: Due): Promise<void> => {
  const at = isoNow(services);
  const { state } = await loadPayment(services, row.payment_id);
  if (row.kind === 'deposit' && state.status !== 'none') {
    await step(services, {
      type: 'ExpirePayment',
      paymentId: row.payment_id,
      at,
      actor: { kind: 'system', id: 'payments' },
    });
  } else {
    await services.sql.query(
      `UPDATE payments SET review = true, flag = COALESCE(flag, 'OUTCOME_UNKNOWN') WHERE payment_id = $1`,
      [row.payment_id],
    );
  }
  await services.sql.query('DELETE FROM payment_followups WHERE payment_id = $1', [row.payment_id]);
};

/** Runs the follow-ups due now (at most `limit`); returns how many it handled. */
export const runDueFollowups = async (services: AppServices, limit = 50): Promise<number> => {
  const now = isoNow(services);
  const { rows } = await services.sql.query<Due>(
    `SELECT f.payment_id, f.action, f.attempts, f.give_up_at, p.kind, p.network
     FROM payment_followups f JOIN payments p USING (payment_id)
     WHERE f.next_attempt_at <= $1 ORDER BY f.next_attempt_at LIMIT $2`,
    [now, limit],
  );
  for (const row of rows) {
    try {
      if (row.action === 'send') {
        await sendQueuedPayout(services, row.payment_id);
        continue;
      }
      const attempts = row.attempts + 1;
      await services.sql.query(
        'UPDATE payment_followups SET attempts = $2, next_attempt_at = $3 WHERE payment_id = $1',
        [row.payment_id, attempts, new Date(services.now() + backoffMs(attempts)).toISOString()],
      );
      await enquireNow(services, row.payment_id);
      const still = await services.sql.query('SELECT 1 FROM payment_followups WHERE payment_id = $1', [
        row.payment_id,
      ]);
      if (still.rows.length > 0 && new Date(row.give_up_at).getTime() <= services.now())
        await giveUp(services, row);
    } catch (error) {
      services.logger.error({ err: error, paymentId: row.payment_id }, 'payments follow-up failed');
    }
  }
  return rows.length;
};

/**
 * Runs {@link runDueFollowups} every `pollMs` until stopped; returns its stop function. The sweep for
 * half-done payments ({@link sweepStalledPayments}) runs in the first round (the server's start) and
 * then every `sweepEveryMs` of real time, before that round's follow-ups, so a payout it queues is sent
 * at once.
 */
export const startPaymentsWorker = (
  services: AppServices,
  pollMs = 1_000,
  sweepEveryMs = SWEEP_EVERY_MS,
): (() => Promise<void>) => {
  let lastSweep = Number.NEGATIVE_INFINITY;
  return startWorkerLoop(
    async () => {
      if (Date.now() - lastSweep >= sweepEveryMs) {
        try {
          await sweepStalledPayments(services);
          lastSweep = Date.now();
        } catch (error) {
          services.logger.error({ err: error }, 'payments sweep failed');
        }
      }
      return runDueFollowups(services);
    },
    {
      pollMs,
      onError: (error) => services.logger.error({ err: error }, 'payments worker failed'),
    },
  );
};

/** What a callback led to (the HTTP answer is 200 in every case, so providers do not retry forever). */
export type CallbackResult = 'enquired' | 'flagged' | 'ignored';

/**
 * A provider callback (`POST /payments/callback/:network`): logged raw; a verified callback whose
 * amount differs from ours flags the payment for staff (nothing credited automatically); any other
 * callback naming a payment of ours only triggers an enquiry — forged, replayed, duplicated or out of
 * order callbacks therefore cannot move money.
 */
export const handleCallback = async (
  services: AppServices,
  network: ProviderId,
  request: CallbackRequest,
): Promise<CallbackResult> => {
  const provider = providersOf(services)[network];
  if (!provider) return 'ignored';
  const parsed = provider.parseCallback(request);
  const at = isoNow(services);
  const ours = parsed.paymentId
    ? (
        await services.sql.query<{ amount: string; network: number }>(
          'SELECT amount::text AS amount, network FROM payments WHERE payment_id = $1',
          [parsed.paymentId],
        )
      ).rows[0]
    : undefined;
  const amount = parsed.outcome.status === 'succeeded' ? parsed.outcome.amount : parsed.amount;
  const mismatch = parsed.verified && ours && amount !== undefined && amount !== Number(ours.amount);
  const known = ours && ours.network === network;
  const flag = !known
    ? 'UNKNOWN_PAYMENT'
    : mismatch
      ? 'AMOUNT_MISMATCH'
      : parsed.verified
        ? null
        : 'UNVERIFIED';
  await transactionWithRetry(services.sql, async (tx) => {
    await tx.query(
      `INSERT INTO payment_callbacks (network, payment_id, verified, outcome, amount, flag, raw, received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        network,
        parsed.paymentId,
        parsed.verified,
        parsed.outcome.status,
        amount ?? null,
        flag,
        request.rawBody,
        at,
      ],
    );
    if (known && mismatch) await flagPayment(tx, parsed.paymentId!, 'CALLBACK_AMOUNT_MISMATCH');
  });
  if (!known) return 'ignored';
  if (mismatch) return 'flagged';
  await enquireNow(services, parsed.paymentId!);
  return 'enquired';
};
