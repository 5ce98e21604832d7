/**
 * Payment `decide` (mobile-money.md §0, §9; spec §4 "Pay status"). Errors: `INVALID_AMOUNT`,
 * `AMOUNT_BELOW_MINIMUM`, `AMOUNT_ABOVE_MAXIMUM`, `CHANNEL_DISABLED`, `WITHDRAWALS_PROHIBITED`,
 * `INVALID_PHONE`, `UNKNOWN_NETWORK`, `PROVIDER_ID_REQUIRED`, `PAYMENT_ALREADY_EXISTS`,
 * `PAYMENT_NOT_FOUND`, `PROVIDER_ID_MISMATCH`, `AMOUNT_MISMATCH`, `PAYMENT_ALREADY_FINAL`,
 * `PAYMENT_RESULT_CONFLICT`, `PAYOUT_OUTCOME_UNKNOWN`, `REFUND_NOT_ALLOWED`.
 *
 * Rules: a repeated or stale callback is accepted with no events; a deposit success is credited even
 * after we failed or gave up on it; a payout whose outcome is unknown never expires, and a success for
 * a payout we already failed is refused as a conflict for manual reconciliation.
 */
import { isMobileNetwork, normalizeTzPhone } from '../account/phone.ts';
import { accept, refuse, type Decision } from '../decider.ts';
import { domainError, type DomainError } from '../errors.ts';
import type * as C from './commands.ts';
import { isPaymentFinal, type PaymentEvent, type PaymentKind, type PaymentState } from './events.ts';

type D = Decision<PaymentEvent>;
type Open = Exclude<PaymentState, { status: 'none' }>;

const requestError = (
  c: Omit<C.RecordUssdDeposit, 'type' | 'providerReference'>,
): DomainError | undefined => {
  if (!Number.isSafeInteger(c.amount) || c.amount <= 0)
    return domainError('INVALID_AMOUNT', 'amount: a positive whole number of TZS', { field: 'amount' });
  if (!normalizeTzPhone(c.phone))
    return domainError('INVALID_PHONE', 'phone: a Tanzanian mobile number', { field: 'phone' });
  if (!isMobileNetwork(c.network))
    return domainError('UNKNOWN_NETWORK', 'network: one of 3, 4, 6, 7', { field: 'network' });
  if (c.providerRequestId.trim() === '')
    return domainError('PROVIDER_ID_REQUIRED', 'providerRequestId is required', {
      field: 'providerRequestId',
    });
  return undefined;
};

const limitsError = (kind: PaymentKind, amount: number, l: C.PaymentLimits): DomainError | undefined => {
  if (!l.enabled) {
    return kind === 'deposit'
      ? domainError('CHANNEL_DISABLED', 'deposits on this network are switched off', { field: 'network' })
      : domainError('WITHDRAWALS_PROHIBITED', 'withdrawals are switched off', {});
  }
  if (amount < l.minimum)
    return domainError('AMOUNT_BELOW_MINIMUM', `amount: at least ${l.minimum} TZS`, {
      field: 'amount',
      details: { minimum: l.minimum, maximum: l.maximum },
    });
  if (amount > l.maximum)
    return domainError('AMOUNT_ABOVE_MAXIMUM', `amount: at most ${l.maximum} TZS`, {
      field: 'amount',
      details: { minimum: l.minimum, maximum: l.maximum },
    });
  return undefined;
};

const requested = (
  c: Omit<C.RecordUssdDeposit, 'type' | 'providerReference'>,
  kind: PaymentKind,
  channel: 'push' | 'ussd',
): PaymentEvent => ({
  type: 'PaymentRequested',
  data: {
    paymentId: c.paymentId,
    at: c.at,
    actor: c.actor,
    kind,
    userId: c.userId,
    amount: c.amount,
    network: c.network as 3 | 4 | 6 | 7,
    phone: normalizeTzPhone(c.phone) ?? c.phone,
    channel,
    providerRequestId: c.providerRequestId,
  },
});

/** The same request again is a no-op; another request under this payment id is refused. */
const existing = (
  s: Open,
  c: { userId: string; amount: number; providerRequestId: string },
  kind: PaymentKind,
): D =>
  s.request.kind === kind &&
  s.request.userId === c.userId &&
  s.request.amount === c.amount &&
  s.request.providerRequestId === c.providerRequestId
    ? accept()
    : refuse(
        domainError('PAYMENT_ALREADY_EXISTS', `payment ${s.request.paymentId} exists`, {
          field: 'paymentId',
        }),
      );

const request = (c: C.RequestDeposit | C.RequestWithdrawal, s: PaymentState): D => {
  const kind = c.type === 'RequestDeposit' ? 'deposit' : 'withdrawal';
  if (s.status !== 'none') return existing(s, c, kind);
  const bad = requestError(c) ?? limitsError(kind, c.amount, c.limits);
  return bad ? refuse(bad) : accept(requested(c, kind, 'push'));
};

const recordUssdDeposit = (c: C.RecordUssdDeposit, s: PaymentState): D => {
  if (s.status !== 'none') return existing(s, c, 'deposit');
  const bad = requestError(c);
  if (bad) return refuse(bad);
  const confirmed: PaymentEvent = {
    type: 'PaymentConfirmed',
    data: {
      paymentId: c.paymentId,
      at: c.at,
      actor: c.actor,
      providerReference: c.providerReference,
      amount: c.amount,
      late: false,
    },
  };
  return accept(requested(c, 'deposit', 'ussd'), confirmed);
};

/** The payment, or why a provider step cannot apply to it. */
const openFor = (s: PaymentState, c: { providerRequestId?: string }): Open | DomainError => {
  if (s.status === 'none') return domainError('PAYMENT_NOT_FOUND', 'no such payment', { field: 'paymentId' });
  if (c.providerRequestId !== undefined && c.providerRequestId !== s.request.providerRequestId) {
    return domainError(
      'PROVIDER_ID_MISMATCH',
      `payment is known to the provider as ${s.request.providerRequestId}`,
      {
        field: 'providerRequestId',
        details: { expected: s.request.providerRequestId, got: c.providerRequestId },
      },
    );
  }
  return s;
};

const PROGRESS_FROM = {
  RecordPushed: ['requested'],
  RecordPending: ['requested', 'pushed', 'ambiguous'],
  RecordAmbiguous: ['requested', 'pushed', 'pending'],
} as const;

/** Pushed, pending, ambiguous: moves forward only; a stale or repeated report changes nothing. */
const progress = (c: C.RecordPushed | C.RecordPending | C.RecordAmbiguous, s: PaymentState): D => {
  const p = openFor(s, c);
  if ('code' in p) return refuse(p);
  if (!(PROGRESS_FROM[c.type] as readonly string[]).includes(p.status)) return accept();
  const base = { paymentId: c.paymentId, at: c.at, actor: c.actor };
  if (c.type === 'RecordPushed') return accept({ type: 'PaymentPushed', data: base });
  const type = c.type === 'RecordPending' ? 'PaymentPending' : 'PaymentAmbiguous';
  return accept({ type, data: { ...base, providerStatus: c.providerStatus } });
};

const confirm = (c: C.ConfirmPayment, s: PaymentState): D => {
  const p = openFor(s, c);
  if ('code' in p) return refuse(p);
  if (c.amount !== p.request.amount) {
    return refuse(
      domainError('AMOUNT_MISMATCH', `provider reports ${c.amount} TZS, we asked for ${p.request.amount}`, {
        field: 'amount',
        details: { expected: p.request.amount, got: c.amount },
      }),
    );
  }
  if (p.status === 'confirmed' && p.providerReference === c.providerReference) return accept();
  const conflict =
    p.status === 'confirmed' ||
    p.status === 'refunded' ||
    (p.request.kind === 'withdrawal' && isPaymentFinal(p.status));
  if (conflict) {
    return refuse(
      domainError(
        'PAYMENT_RESULT_CONFLICT',
        `success reported for a payment that is ${p.status}: reconcile manually`,
        { details: { status: p.status, providerReference: c.providerReference } },
      ),
    );
  }
  const late = p.status === 'failed' || p.status === 'expired';
  return accept({
    type: 'PaymentConfirmed',
    data: {
      paymentId: c.paymentId,
      at: c.at,
      actor: c.actor,
      providerReference: c.providerReference,
      amount: c.amount,
      late,
    },
  });
};

const fail = (c: C.FailPayment, s: PaymentState): D => {
  const p = openFor(s, c);
  if ('code' in p) return refuse(p);
  if (p.status === 'confirmed')
    return refuse(
      domainError('PAYMENT_ALREADY_FINAL', 'payment already confirmed', { details: { status: p.status } }),
    );
  if (isPaymentFinal(p.status)) return accept();
  return accept({
    type: 'PaymentFailed',
    data: {
      paymentId: c.paymentId,
      at: c.at,
      actor: c.actor,
      providerStatus: c.providerStatus,
      reason: c.reason,
    },
  });
};

const expire = (c: C.ExpirePayment, s: PaymentState): D => {
  const p = openFor(s, {});
  if ('code' in p) return refuse(p);
  if (isPaymentFinal(p.status)) return accept();
  if (p.request.kind === 'withdrawal' && p.status !== 'requested') {
    return refuse(
      domainError(
        'PAYOUT_OUTCOME_UNKNOWN',
        'a payout sent to the provider is resolved by enquiry, never by timeout',
        { details: { status: p.status } },
      ),
    );
  }
  return accept({ type: 'PaymentExpired', data: { paymentId: c.paymentId, at: c.at, actor: c.actor } });
};

const refund = (c: C.RefundPayment, s: PaymentState): D => {
  const p = openFor(s, {});
  if ('code' in p) return refuse(p);
  if (p.status === 'refunded') return accept();
  if (p.request.kind !== 'withdrawal' || (p.status !== 'failed' && p.status !== 'expired')) {
    return refuse(
      domainError('REFUND_NOT_ALLOWED', `a ${p.request.kind} that is ${p.status} cannot be refunded`, {
        details: { status: p.status },
      }),
    );
  }
  return accept({
    type: 'PaymentRefunded',
    data: { paymentId: c.paymentId, at: c.at, actor: c.actor, reason: c.reason },
  });
};

/** Decides a payment command against the payment's state. */
export const decidePayment = (c: C.PaymentCommand, s: PaymentState): D => {
  switch (c.type) {
    case 'RequestDeposit':
    case 'RequestWithdrawal':
      return request(c, s);
    case 'RecordUssdDeposit':
      return recordUssdDeposit(c, s);
    case 'RecordPushed':
    case 'RecordPending':
    case 'RecordAmbiguous':
      return progress(c, s);
    case 'ConfirmPayment':
      return confirm(c, s);
    case 'FailPayment':
      return fail(c, s);
    case 'ExpirePayment':
      return expire(c, s);
    case 'RefundPayment':
      return refund(c, s);
  }
};
