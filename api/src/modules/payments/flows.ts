/**
 * Deposits and withdrawals (issue 6 items 3–4; spec §3 "Recharge", "Withdraw", §5 "Recharge"):
 * requesting, sending through the provider port, staff approval. Refusals throw coded GraphQL errors
 * (codes in docs/payments.md).
 */
import { createHash } from 'node:crypto';
import { isMobileNetwork, networkOfPhone, normalizeTzPhone } from '@bashiri/domain';
import type { AppServices } from '../../services.ts';
import { codedError, fromDomainError } from '../../graphql/errors.ts';
import { transactionWithRetry } from '../../transactions.ts';
import { walletOf } from '../wallet/service.ts';
import { limitsOf, payConfigAt, channelEnabled } from './config.ts';
import { applyOutcome, isoNow, providersOf, step, PAYOUT_REVIEW_AFTER_MS } from './engine.ts';
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
  const actor = { kind: 'player' as const, id: userId };
  const fresh = await transactionWithRetry(services.sql, async (tx) => {
    const { config } = await payConfigAt(tx, at);
    const r = await step(tx, {
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
    if (r.events.length === 0) return false;
    const giveUp = new Date(Date.parse(at) + config.recharge_delay * 60_000).toISOString();
    await tx.query(
      `INSERT INTO payment_followups (payment_id, action, next_attempt_at, give_up_at) VALUES ($1, 'enquire', $2, $3)`,
      [paymentId, new Date(Date.parse(at) + 10_000).toISOString(), giveUp],
    );
    return true;
  });
  if (!fresh) return paymentId;
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
    await transactionWithRetry(services.sql, (tx) =>
      step(tx, {
        type: 'RecordPushed',
        paymentId,
        at: isoNow(services),
        actor,
        providerRequestId: paymentId,
      }),
    );
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
 * (prohibit_withdrawal, channel, limits), then in ONE transaction records the payment and reserves the
 * amount (ReserveWithdrawal). Above `withdraw_approval_threshold` (whitelisted players excepted) it
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
  const send = await walletOf(services).transact(userId, async (tx, apply) => {
    const { config } = await payConfigAt(tx, at);
    if (config.prohibit_withdrawal === 1)
      throw codedError('WITHDRAWAL_PROHIBITED', 'withdrawals are temporarily unavailable');
    if (config.whitelist_only === 1 && !account.withdrawal_whitelist)
      throw codedError('NOT_WHITELISTED', 'only whitelisted accounts may withdraw now');
    if (!channelEnabled(config, network, 'withdraw'))
      throw codedError('CHANNEL_DISABLED', 'withdrawals on this network are switched off', {
        field: 'network',
      });
    const r = await step(tx, {
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
    });
    if (!r.ok) throw fromDomainError(r.error);
    if (r.events.length === 0) return false;
    const reserved = await apply({
      type: 'ReserveWithdrawal',
      userId,
      movementId: `withdraw:${paymentId}`,
      at,
      actor: { kind: 'player', id: userId },
      paymentId,
      amount: input.amount,
    });
    if (!reserved.ok) throw fromDomainError(reserved.error);
    const waits = input.amount > config.withdraw_approval_threshold && !account.withdrawal_whitelist;
    if (waits) {
      await tx.query(`UPDATE payments SET approval = 'waiting' WHERE payment_id = $1`, [paymentId]);
      return false;
    }
    await queueSend(tx, paymentId, at);
    return true;
  });
  if (send) await sendQueuedPayout(services, paymentId);
  return paymentId;
};

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
    await transactionWithRetry(services.sql, (tx) =>
      step(tx, {
        type: 'RecordPushed',
        paymentId,
        at: isoNow(services),
        actor: { kind: 'system', id: 'payments' },
        providerRequestId: paymentId,
      }),
    );
  }
  await applyOutcome(services, paymentId, outcome, { trustSuccess: false });
};
