/**
 * Payment commands (stream `payment-<paymentId>`). Provider callbacks, poll results and our timers all
 * become commands; every one after the request names the `providerRequestId` it concerns.
 */
import type { PaymentActor } from './events.ts';

interface Base {
  readonly paymentId: string;
  /** ISO-8601 instant given by the caller. */
  readonly at: string;
  readonly actor: PaymentActor;
}

/**
 * Limits of the pay config in force (spec §3 "Pay config"): `minimum`/`maximum` in TZS
 * (minimum_recharge/max_recharge or minimum_withdraw/max_withdraw), `enabled` false when the network's
 * channel is off (tigo_recharge …) or withdrawals are prohibited (prohibit_withdrawal).
 */
export interface PaymentLimits {
  readonly minimum: number;
  readonly maximum: number;
  readonly enabled: boolean;
}

interface RequestBase extends Base {
  readonly userId: string;
  readonly amount: number;
  readonly network: number;
  readonly phone: string;
  readonly providerRequestId: string;
  readonly limits: PaymentLimits;
}

/** A deposit we start with a USSD push to the player's phone. */
export interface RequestDeposit extends RequestBase {
  readonly type: 'RequestDeposit';
}

/** A withdrawal (payout); the caller has checked the account may withdraw and reserves the wallet after. */
export interface RequestWithdrawal extends RequestBase {
  readonly type: 'RequestWithdrawal';
}

/**
 * A deposit the player made from the paybill menu (C2B), reported by the provider already paid: records
 * the request and the confirmation at once. No limits: the money has already left the player's phone.
 */
export interface RecordUssdDeposit extends Base {
  readonly type: 'RecordUssdDeposit';
  readonly userId: string;
  readonly amount: number;
  readonly network: number;
  readonly phone: string;
  readonly providerRequestId: string;
  readonly providerReference: string;
}

interface ProviderStep extends Base {
  readonly providerRequestId: string;
}

/** The provider accepted our request (push sent, payout submitted). */
export interface RecordPushed extends ProviderStep {
  readonly type: 'RecordPushed';
}
export interface RecordPending extends ProviderStep {
  readonly type: 'RecordPending';
  readonly providerStatus: string;
}
/** Outcome unknown (Airtel TA, Selcom 999, a timed-out initiating call): re-query, never resend. */
export interface RecordAmbiguous extends ProviderStep {
  readonly type: 'RecordAmbiguous';
  readonly providerStatus: string;
}
/** Success, confirmed by the provider's status API (mobile-money.md §0.5). */
export interface ConfirmPayment extends ProviderStep {
  readonly type: 'ConfirmPayment';
  readonly providerReference: string;
  readonly amount: number;
}
export interface FailPayment extends ProviderStep {
  readonly type: 'FailPayment';
  readonly providerStatus: string;
  readonly reason: string;
}
/** Our timer: we stop waiting. */
export interface ExpirePayment extends Base {
  readonly type: 'ExpirePayment';
}
/** A failed or expired withdrawal's amount is returned to the wallet (wallet bill type 9). */
export interface RefundPayment extends Base {
  readonly type: 'RefundPayment';
  readonly reason: string;
}

export type PaymentCommand =
  | RequestDeposit
  | RequestWithdrawal
  | RecordUssdDeposit
  | RecordPushed
  | RecordPending
  | RecordAmbiguous
  | ConfirmPayment
  | FailPayment
  | ExpirePayment
  | RefundPayment;
