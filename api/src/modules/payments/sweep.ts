/**
 * The sweep for half-done payments (issue 15 "every payment is resolved"; decision 0088). A deposit or
 * withdrawal is recorded first and given its next step in later statements: the row of `payments`,
 * then a deposit's enquiry (queued before its push) or a payout's send (queued before it is claimed),
 * or the wait for staff approval. A crash or dropped connection between them leaves a payment that
 * nothing will ever move on — a withdrawal's amount reserved for ever — unless its client repeats the
 * request (`paymentStalled` in flows.ts). The payments worker runs this sweep at start and every
 * {@link SWEEP_EVERY_MS}; it takes the missed step once, exactly as the request would have:
 *
 * - a payment in the event log without its `payments` row gets the row (from its stream);
 * - a deposit still `requested` with nothing queued was provably never pushed: its enquiry is queued
 *   (the provider does not know it, so it fails; nothing is pushed late to a player who has left);
 * - a withdrawal still `requested` with nothing queued was provably never sent: it waits for staff
 *   approval when the amount is above `withdraw_approval_threshold` of the pay configuration it was
 *   requested under (whitelisted players excepted), else its one send is queued — the worker claims it
 *   (`sendQueuedPayout`), so a sweep, a repeat of the request and a second server never send it twice.
 *
 * Only payments older than {@link STALLED_AFTER_MS} are touched, so a request still on its way is left
 * to finish.
 */
import { paymentStream } from '@bashiri/domain';
import type { LogPosition } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import { payConfigAt } from './config.ts';
import { isoNow, loadPayment, PAYOUT_REVIEW_AFTER_MS, syncRow } from './engine.ts';

/** How old (ms, by the payment's own request time) a half-done payment must be before the sweep takes it. */
export const STALLED_AFTER_MS = 60_000;

/** How often (ms of real time) the payments worker sweeps, besides once at its start. */
export const SWEEP_EVERY_MS = 60_000;

/** What one sweep did: rows written, deposits' enquiries queued, payouts' sends queued, approvals asked. */
export interface SweepResult {
  readonly rows: number;
  readonly enquiries: number;
  readonly sends: number;
  readonly approvals: number;
}

const PAYMENT_PREFIX = paymentStream('');
const BATCH = 500;
/** Batches of the log one sweep reads at most (the first sweep of an old database goes on at the next). */
const MAX_BATCHES = 20;

/**
 * Writes the `payments` row of every payment the log holds without one (a crash between the append and
 * the row), reading the log after the sweep's stored position (at most {@link MAX_BATCHES} batches, so
 * the first sweep of a large database does not hold up the worker's follow-ups). Stops at the first
 * request younger than `cutoffMs` (epoch ms), so the position never passes a request still on its way.
 * Returns rows written.
 */
const repairRows = async (services: AppServices, cutoffMs: number): Promise<number> => {
  const stored = await services.sql.query<{ log_position: string | null }>(
    'SELECT log_position FROM payment_sweep WHERE id = 1',
  );
  let after: LogPosition | null = stored.rows[0]?.log_position ?? null;
  let written = 0;
  for (let round = 0; round < MAX_BATCHES; round++) {
    const batch = await services.store.readAll({
      after,
      maxCount: BATCH,
      filter: { streamPrefixes: [PAYMENT_PREFIX] },
    });
    let next = after;
    let young = false;
    for (const event of batch.events) {
      if (event.type === 'PaymentRequested') {
        const at = Date.parse((event.data as { at: string }).at);
        if (!(at <= cutoffMs)) {
          young = true;
          break;
        }
        const paymentId = event.streamName.slice(PAYMENT_PREFIX.length);
        const row = await services.sql.query('SELECT 1 FROM payments WHERE payment_id = $1', [paymentId]);
        if (row.rows.length === 0) {
          const { state, version } = await loadPayment(services, paymentId);
          if (state.status !== 'none') {
            await syncRow(services.sql, state, version, isoNow(services));
            written++;
          }
        }
      }
      next = event.logPosition;
    }
    if (!young) next = batch.position ?? next;
    if (next !== after)
      await services.sql.query(
        `INSERT INTO payment_sweep (id, log_position) VALUES (1, $1)
         ON CONFLICT (id) DO UPDATE SET log_position = $1`,
        [next],
      );
    if (young || batch.events.length < BATCH || next === after) return written;
    after = next;
  }
  return written;
};

interface Stalled {
  payment_id: string;
  kind: string;
  amount: string;
  created_at: Date | string;
  whitelisted: boolean;
}

/** The condition of a payment that never got its next step (as `paymentStalled` in flows.ts). */
const STALLED = `p.status = 'requested' AND p.approval = 'none' AND NOT p.review AND p.flag IS NULL
  AND NOT EXISTS (SELECT 1 FROM payment_followups f WHERE f.payment_id = p.payment_id)`;

/**
 * One sweep (module doc): rows first, then at most `limit` half-done payments older than
 * `stalledAfterMs`. Safe to run at any time, concurrently with requests, the worker and other servers.
 */
export const sweepStalledPayments = async (
  services: AppServices,
  options: { readonly stalledAfterMs?: number; readonly limit?: number } = {},
): Promise<SweepResult> => {
  const cutoffMs = services.now() - (options.stalledAfterMs ?? STALLED_AFTER_MS);
  const rows = await repairRows(services, cutoffMs);
  const now = isoNow(services);
  const { rows: stalled } = await services.sql.query<Stalled>(
    `SELECT p.payment_id, p.kind, p.amount::text AS amount, p.created_at,
       COALESCE(a.withdrawal_whitelist, false) AS whitelisted
     FROM payments p LEFT JOIN player_accounts a ON a.user_id = p.user_id
     WHERE ${STALLED} AND p.created_at <= $1 ORDER BY p.created_at LIMIT $2`,
    [new Date(cutoffMs).toISOString(), options.limit ?? 100],
  );
  let enquiries = 0;
  let sends = 0;
  let approvals = 0;
  for (const p of stalled) {
    const requestedAt = new Date(p.created_at).toISOString();
    const { config } = await payConfigAt(services.sql, requestedAt);
    if (p.kind === 'deposit') {
      const giveUp = Math.max(Date.parse(requestedAt) + config.recharge_delay * 60_000, services.now());
      const r = await services.sql.query(
        `INSERT INTO payment_followups (payment_id, action, next_attempt_at, give_up_at)
         SELECT p.payment_id, 'enquire', $2, $3 FROM payments p WHERE p.payment_id = $1 AND ${STALLED}
         ON CONFLICT (payment_id) DO NOTHING`,
        [p.payment_id, now, new Date(giveUp).toISOString()],
      );
      enquiries += r.rowCount ?? 0;
    } else if (Number(p.amount) > config.withdraw_approval_threshold && !p.whitelisted) {
      const r = await services.sql.query(
        `UPDATE payments p SET approval = 'waiting' WHERE p.payment_id = $1 AND ${STALLED}`,
        [p.payment_id],
      );
      approvals += r.rowCount ?? 0;
    } else {
      // The one send, queued as `queueSend` does, only while the payment is still half-done.
      const r = await services.sql.query(
        `INSERT INTO payment_followups (payment_id, action, next_attempt_at, give_up_at)
         SELECT p.payment_id, 'send', $2, $3 FROM payments p WHERE p.payment_id = $1 AND ${STALLED}
         ON CONFLICT (payment_id) DO NOTHING`,
        [p.payment_id, now, new Date(services.now() + PAYOUT_REVIEW_AFTER_MS).toISOString()],
      );
      sends += r.rowCount ?? 0;
    }
  }
  if (rows + enquiries + sends + approvals > 0)
    services.logger.warn(
      { rows, enquiries, sends, approvals },
      'payments sweep: half-done payments moved on',
    );
  return { rows, enquiries, sends, approvals };
};
