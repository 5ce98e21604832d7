/**
 * Payment events, state and `evolve` (stream `payment-<paymentId>`; architecture.md §3; spec §3
 * "Recharge", "Withdraw", §4 "Pay status"; mobile-money.md §0, §9). One stream per deposit or
 * withdrawal. Amounts are integer TZS.
 *
 * Lifecycle: requested → pushed (the provider accepted our request) → pending (in progress) →
 * confirmed | failed | expired (we gave up waiting) | ambiguous (outcome unknown; re-query, never resend);
 * a failed or expired withdrawal is then refunded to the wallet.
 */
import type { MobileNetwork } from '../account/phone.ts';

export type PaymentKind = 'deposit' | 'withdrawal';
export type PaymentStatus =
  'requested' | 'pushed' | 'pending' | 'ambiguous' | 'confirmed' | 'failed' | 'expired' | 'refunded';

/** Spec §4 "Pay status": 1 processing / unpaid, 2 paid, 3 void. */
export type PayStatus = 1 | 2 | 3;

/** Who recorded a step: the player, staff, the system (poller, timers) or the provider (callback). */
export interface PaymentActor {
  readonly kind: 'player' | 'staff' | 'system' | 'provider';
  readonly id: string;
}

interface Step {
  readonly paymentId: string;
  readonly at: string;
  readonly actor: PaymentActor;
}

export type PaymentRequested = {
  readonly type: 'PaymentRequested';
  readonly data: Step & {
    readonly kind: PaymentKind;
    readonly userId: string;
    readonly amount: number;
    readonly network: MobileNetwork;
    /** `+255…` number that pays or is paid. */
    readonly phone: string;
    /** Deposits: `push` (we send a USSD push) or `ussd` (the player paid our paybill). Withdrawals: `push`. */
    readonly channel: 'push' | 'ussd';
    /** Our id at the provider (idempotency key); the payment keeps it for its whole life. */
    readonly providerRequestId: string;
  };
};
export type PaymentPushed = { readonly type: 'PaymentPushed'; readonly data: Step };
export type PaymentPending = {
  readonly type: 'PaymentPending';
  readonly data: Step & { readonly providerStatus: string };
};
export type PaymentAmbiguous = {
  readonly type: 'PaymentAmbiguous';
  readonly data: Step & { readonly providerStatus: string };
};
/** `providerReference` is the carrier order number (spec §3); `late` when it came after we failed or gave up. */
export type PaymentConfirmed = {
  readonly type: 'PaymentConfirmed';
  readonly data: Step & {
    readonly providerReference: string;
    readonly amount: number;
    readonly late: boolean;
  };
};
export type PaymentFailed = {
  readonly type: 'PaymentFailed';
  readonly data: Step & { readonly providerStatus: string; readonly reason: string };
};
export type PaymentExpired = { readonly type: 'PaymentExpired'; readonly data: Step };
/** A failed or expired withdrawal's amount went back to the wallet. */
export type PaymentRefunded = {
  readonly type: 'PaymentRefunded';
  readonly data: Step & { readonly reason: string };
};

export type PaymentEvent =
  | PaymentRequested
  | PaymentPushed
  | PaymentPending
  | PaymentAmbiguous
  | PaymentConfirmed
  | PaymentFailed
  | PaymentExpired
  | PaymentRefunded;

export type PaymentState =
  | { readonly status: 'none' }
  | {
      readonly status: PaymentStatus;
      readonly request: PaymentRequested['data'];
      readonly providerReference: string | null;
      readonly lastProviderStatus: string | null;
      readonly updatedAt: string;
    };

export const initialPaymentState = (): PaymentState => ({ status: 'none' });

const STATUS_OF: Record<Exclude<PaymentEvent['type'], 'PaymentRequested'>, PaymentStatus> = {
  PaymentPushed: 'pushed',
  PaymentPending: 'pending',
  PaymentAmbiguous: 'ambiguous',
  PaymentConfirmed: 'confirmed',
  PaymentFailed: 'failed',
  PaymentExpired: 'expired',
  PaymentRefunded: 'refunded',
};

export const evolvePayment = (state: PaymentState, event: PaymentEvent): PaymentState => {
  if (event.type === 'PaymentRequested') {
    return {
      status: 'requested',
      request: event.data,
      providerReference: null,
      lastProviderStatus: null,
      updatedAt: event.data.at,
    };
  }
  if (state.status === 'none') return state;
  return {
    ...state,
    status: STATUS_OF[event.type],
    updatedAt: event.data.at,
    providerReference:
      event.type === 'PaymentConfirmed' ? event.data.providerReference : state.providerReference,
    lastProviderStatus: 'providerStatus' in event.data ? event.data.providerStatus : state.lastProviderStatus,
  };
};

/** Spec §4 pay status of a payment state: 2 paid once confirmed; 3 void once failed, expired or refunded; else 1. */
export const payStatusOf = (status: PaymentStatus | 'none'): PayStatus =>
  status === 'confirmed' ? 2 : status === 'failed' || status === 'expired' || status === 'refunded' ? 3 : 1;

/** Final for the provider: no callback can move it any more, except a late deposit success. */
export const isPaymentFinal = (status: PaymentStatus | 'none'): boolean =>
  status === 'confirmed' || status === 'failed' || status === 'expired' || status === 'refunded';
