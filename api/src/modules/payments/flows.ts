/**
 * Deposits and withdrawals (issue 6 items 3–4; spec §3 "Recharge", "Withdraw", §5 "Recharge"):
 * requesting, sending through the provider port, staff approval. Refusals throw coded GraphQL errors
 * (codes in docs/payments.md).
 */
import { createHash } from 'node:crypto';
import { isMobileNetwork, networkOfPhone, normalizeTzPhone } from '@bashiri/domain';
import type { AppServices } from '../../services.ts';
import { codedError, fromDomainError } from '../../graphql/errors.ts';
import { limitsOf, payConfigAt, channelEnabled, PAY_SWITCH } from './config.ts';
import {
  applyOutcome,
  isoNow,
  paymentMovement,
  providersOf,
  step,
  PAYOUT_REVIEW_AFTER_MS,
} from './engine.ts';
import { checkProtection } from '../wallet/index.ts';
import { ProviderUnavailable, type Outcome, type ProviderId } from './port.ts';

/** Our payment id (the provider idempotency key): `D`/`W` + 19 hex of sha256(user|requestId). Max 20 chars. */
export const paymentIdOf = (kind: 'deposit' | 'withdrawal', userId: string, requestId: string): string =>
  (kind === 'deposit' ? 'D' : 'W') +
  createHash('sha256').update(`${kind}|${userId}|${requestId}`).digest('hex').slice(0, 19).toUpperCase();

interface Account {
  phone: string;
  network: number;
  no_withdraw: boolean;
  withdrawal_whitelist: boolean;
  disabled: boolean;
}

const accountOf = async (services: AppServices, userId: string): Promise<Account | undefined> =>
  (
    await services.sql.query<Account>(
      'SELECT phone, network, no_withdraw, withdrawal_whitelist, disabled FROM player_accounts WHERE user_id = $1',
      [userId],
    )
  ).rows[0];

const providerFor = (services: AppServices, network: ProviderId) => {
  const p = providersOf(services)[network];
  if (!p)
    throw codedError('PROVIDER_UNAVAILABLE', `no provider for network ${network}`, { field: 'network' });
  return p;
};

/** TZS of the player's deposits asked for and not yet credited or failed (other than `paymentId`). */
const depositsInFlight = async (services: AppServices, userId: string, paymentId: string): Promise<number> =>
  (
    await services.sql.query<{ total: number }>(
      `SELECT coalesce(sum(amount), 0)::int AS total FROM payments
       WHERE user_id = $1 AND kind = 'deposit' AND pay_status = 1 AND payment_id <> $2`,
      [userId, paymentId],
    )
  ).rows[0]?.total ?? 0;

/** Input of a deposit (GraphQL `DepositInput`): network id, optional phone (default the account's), TZS. */
export interface DepositInput {
  requestId: string;
  network?: number | null;
  phone?: string | null;
  amount: number;
}

/** Maps a throw of an initiating call to an outcome (port.ts error semantics). */
const outcomeOfThrow = (e: unknown): Outcome | 'unavailable' =>
  e instanceof ProviderUnavailable ? 'unavailable' : { status: 'ambiguous', code: 'TIMEOUT' };

/**
 * Starts a deposit: records `payment-<id>` (RequestDeposit, limits of the pay config in force), queues
 * its enquiries, then sends the USSD push. Same `requestId` again → the same payment, no second push.
 * Errors: CHANNEL_DISABLED, AMOUNT_BELOW_MINIMUM, AMOUNT_ABOVE_MAXIMUM, INVALID_PHONE, UNKNOWN_NETWORK,
 * PROVIDER_UNAVAILABLE, NOT_FOUND (no account). Returns the payment id.
 */
export const requestDeposit = async (
  services: AppServices,
  userId: string,
  input: DepositInput,
): Promise<string> => {
  const account = await accountOf(services, userId);
  if (!account) throw codedError('NOT_FOUND', 'no such player');
  const phone = normalizeTzPhone(input.phone ?? account.phone);
  if (!phone) throw codedError('INVALID_PHONE', 'phone: a Tanzanian mobile number', { field: 'phone' });
  const network = input.network ?? networkOfPhone(phone) ?? account.network;
  if (!isMobileNetwork(network))
    throw codedError('UNKNOWN_NETWORK', 'network: 3, 4, 6 or 7', { field: 'network' });
  const provider = providerFor(services, network);
  const paymentId = paymentIdOf('deposit', userId, input.requestId);
  const at = isoNow(services);
  // Player protections (issue 23, decision 0048): refused before any push, so no money leaves the
  // player's phone; deposits asked for and not yet credited count towards the limits too.
  const protection = await checkProtection(
    services,
    userId,
    { kind: 'deposit', amount: input.amount, at },
    await depositsInFlight(services, userId, paymentId),
  );
  if (!protection.ok) throw fromDomainError(protection.error);
  const actor = { kind: 'player' as const, id: userId };
  const { config } = await payConfigAt(services.sql, at);
  const r = await step(services, {
    type: 'RequestDeposit',
    paymentId,
    at,
    actor,
    userId,
    amount: input.amount,
    network,
    phone,
    providerRequestId: paymentId,
    limits: limitsOf(config, 'deposit', network),
  });
  if (!r.ok) throw fromDomainError(r.error);
  // A repeated request: the same payment, no second push — unless the first one stopped (a crash, a
  // dropped connection) after recording it and before queueing its enquiry, so it was never pushed.
  if (r.events.length === 0 && !(await paymentStalled(services, paymentId))) return paymentId;
  // Its enquiries, queued after the append (idempotent: a follow-up already there is kept).
  const giveUp = new Date(Date.parse(at) + config.recharge_delay * 60_000).toISOString();
  await services.sql.query(
    `INSERT INTO payment_followups (payment_id, action, next_attempt_at, give_up_at) VALUES ($1, 'enquire', $2, $3)
     ON CONFLICT (payment_id) DO NOTHING`,
    [paymentId, new Date(Date.parse(at) + 10_000).toISOString(), giveUp],
  );
  let outcome: Outcome | 'unavailable';
  try {
    outcome = await provider.requestDeposit({ paymentId, phone, amount: input.amount });
  } catch (e) {
    outcome = outcomeOfThrow(e);
  }
  if (outcome === 'unavailable') {
    await applyOutcome(
      services,
      paymentId,
      { status: 'failed', code: 'PROVIDER_UNAVAILABLE', reason: 'provider unavailable', definite: true },
      { trustSuccess: false },
    );
    throw codedError('PROVIDER_UNAVAILABLE', 'the provider is unavailable; try again later', {
      details: { paymentId },
    });
  }
  if (outcome.status === 'pending' || outcome.status === 'succeeded') {
    await step(services, {
      type: 'RecordPushed',
      paymentId,
      at: isoNow(services),
      actor,
      providerRequestId: paymentId,
    });
  }
  await applyOutcome(services, paymentId, outcome, { trustSuccess: false });
  return paymentId;
};

/** Input of a withdrawal (GraphQL `WithdrawInput`): network (default the account's), TZS; paid to the account's phone. */
export interface WithdrawInput {
  requestId: string;
  network?: number | null;
  amount: number;
}

/**
 * Starts a withdrawal: checks the account (no-withdraw flag, whitelist), the pay config
 * (prohibit_withdrawal, channel, limits), then records the payment and reserves the amount
 * (ReserveWithdrawal) in one money-path movement (both streams or neither). Above `withdraw_approval_threshold` (whitelisted players excepted) it
 * waits for staff; otherwise the payout is sent at once. Errors: WITHDRAWAL_NOT_ALLOWED,
 * WITHDRAWAL_PROHIBITED, NOT_WHITELISTED, CHANNEL_DISABLED, AMOUNT_BELOW_MINIMUM, AMOUNT_ABOVE_MAXIMUM,
 * INSUFFICIENT_FUNDS, WITHDRAWAL_ALREADY_OPEN, PROVIDER_UNAVAILABLE.
 */
export const requestWithdrawal = async (
  services: AppServices,
  userId: string,
  input: WithdrawInput,
): Promise<string> => {
  const account = await accountOf(services, userId);
  if (!account) throw codedError('NOT_FOUND', 'no such player');
  if (account.no_withdraw || account.disabled)
    throw codedError('WITHDRAWAL_NOT_ALLOWED', 'this account may not withdraw');
  const network = input.network ?? account.network;
  if (!isMobileNetwork(network))
    throw codedError('UNKNOWN_NETWORK', 'network: 3, 4, 6 or 7', { field: 'network' });
  providerFor(services, network);
  const paymentId = paymentIdOf('withdrawal', userId, input.requestId);
  const at = isoNow(services);
  const actor = { kind: 'player' as const, id: userId };
  const { config } = await payConfigAt(services.sql, at);
  if (config.prohibit_withdrawal === PAY_SWITCH.ON)
    throw codedError('WITHDRAWAL_PROHIBITED', 'withdrawals are temporarily unavailable');
  if (config.whitelist_only === PAY_SWITCH.ON && !account.withdrawal_whitelist)
    throw codedError('NOT_WHITELISTED', 'only whitelisted accounts may withdraw now');
  if (!channelEnabled(config, network, 'withdraw'))
    throw codedError('CHANNEL_DISABLED', 'withdrawals on this network are switched off', {
      field: 'network',
    });
  // The payment recorded and the amount reserved together, on the money path.
  const movementId = `withdraw:${paymentId}`;
  const r = await paymentMovement(services, {
    paymentId,
    userId,
    at,
    actor,
    movementId,
    commands: [
      () => ({
        type: 'RequestWithdrawal',
        paymentId,
        at,
        actor,
        userId,
        amount: input.amount,
        network,
        phone: account.phone,
        providerRequestId: paymentId,
        limits: limitsOf(config, 'withdrawal', network),
      }),
    ],
    wallet: () => ({
      type: 'ReserveWithdrawal',
      userId,
      movementId,
      at,
      actor,
      paymentId,
      amount: input.amount,
    }),
  });
  if (!r.ok) throw fromDomainError(r.error);
  // A repeated request: the same payment, sent (or waiting) already — unless the first one stopped
  // (a crash, a dropped connection) after recording it and before its next step was stored.
  if (r.events.length === 0 && !(await paymentStalled(services, paymentId))) return paymentId;
  const amount = r.state.request.amount;
  const waits = amount > config.withdraw_approval_threshold && !account.withdrawal_whitelist;
  if (waits) {
    await services.sql.query(`UPDATE payments SET approval = 'waiting' WHERE payment_id = $1`, [paymentId]);
    return paymentId;
  }
  await queueSend(services.sql, paymentId, at);
  await sendQueuedPayout(services, paymentId);
  return paymentId;
};

/**
 * True when a recorded payment never got its next step: still `requested`, no approval asked, not
 * under review or flagged, and nothing queued. A deposit's enquiry is queued before its push and a
 * payout's send before it is claimed, and both stay until an outcome is known, so such a payment was
 * never pushed or sent. Found by the chaos suite (issue 15): a connection dropped between the append
 * and the queueing left a withdrawal's amount reserved, and a deposit `requested`, for ever; a repeat
 * of the request now takes the step the first one missed.
 */
const paymentStalled = async (services: AppServices, paymentId: string): Promise<boolean> =>
  (
    await services.sql.query(
      `SELECT 1 FROM payments p WHERE p.payment_id = $1 AND p.status = 'requested' AND p.approval = 'none'
         AND NOT p.review AND p.flag IS NULL
         AND NOT EXISTS (SELECT 1 FROM payment_followups f WHERE f.payment_id = p.payment_id)`,
      [paymentId],
    )
  ).rows.length > 0;

/** Queues the one send of a payout (worker or caller runs it). */
export const queueSend = async (
  tx: { query: AppServices['sql']['query'] },
  paymentId: string,
  at: string,
): Promise<void> => {
  await tx.query(
    `INSERT INTO payment_followups (payment_id, action, next_attempt_at, give_up_at) VALUES ($1, 'send', $2, $3)
     ON CONFLICT (payment_id) DO NOTHING`,
    [paymentId, at, new Date(Date.parse(at) + PAYOUT_REVIEW_AFTER_MS).toISOString()],
  );
};

/**
 * Sends a queued payout ONCE: the follow-up is switched from `send` to `enquire` in its own committed
 * transaction before the call, so no crash, retry or second process can ever send it again.
 */
export const sendQueuedPayout = async (services: AppServices, paymentId: string): Promise<void> => {
  const at = isoNow(services);
  const claimed = await services.sql.query<{
    payment_id: string;
    phone: string;
    amount: string;
    network: number;
  }>(
    `WITH c AS (UPDATE payment_followups SET action = 'enquire', next_attempt_at = $2
       WHERE payment_id = $1 AND action = 'send' RETURNING payment_id)
     SELECT p.payment_id, p.phone, p.amount::text AS amount, p.network FROM payments p JOIN c USING (payment_id)`,
    [paymentId, new Date(Date.parse(at) + 10_000).toISOString()],
  );
  const row = claimed.rows[0];
  if (!row) return;
  const provider = providersOf(services)[row.network as ProviderId];
  let outcome: Outcome;
  try {
    if (!provider) throw new ProviderUnavailable(row.network as ProviderId, 'no adapter');
    outcome = await provider.sendPayout({ paymentId, phone: row.phone, amount: Number(row.amount) });
  } catch (e) {
    // Not sent for sure only when the adapter says so; the enquiry then finds NOT_FOUND → refund.
    outcome = { status: 'ambiguous', code: e instanceof ProviderUnavailable ? 'NOT_SENT' : 'TIMEOUT' };
  }
  if (outcome.status !== 'failed') {
    await step(services, {
      type: 'RecordPushed',
      paymentId,
      at: isoNow(services),
      actor: { kind: 'system', id: 'payments' },
      providerRequestId: paymentId,
    });
  }
  await applyOutcome(services, paymentId, outcome, { trustSuccess: false });
};
