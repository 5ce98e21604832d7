/**
 * Wallet commands (stream `wallet-<userId>`; architecture.md §4 "Money"). Every command carries the
 * `movementId` that makes it idempotent, the instant `at` (ISO-8601) and the `actor`: the decider
 * reads no clock and makes no ids. Amounts are integer TZS (racing coin: 1 coin = 1 TZS).
 */
import type { PayType } from '../config/bet-config.ts';
import type { Actor, BonusKind, StakeProduct } from './events.ts';

interface CommandBase {
  readonly userId: string;
  /** Unique per money movement (e.g. `stake:<betId>`); repeating it changes nothing. */
  readonly movementId: string;
  readonly at: string;
  readonly actor: Actor;
}

/** Takes a stake: pay type 1 from the balance, 2 from credit money; racing stakes from racing coin. */
export interface DebitStake extends CommandBase {
  readonly type: 'DebitStake';
  readonly betId: string;
  readonly product: StakeProduct;
  readonly payType: PayType;
  readonly amount: number;
}

/** Gives a stake back (bet voided or cancelled) to the pocket it came from. */
export interface RefundStake extends CommandBase {
  readonly type: 'RefundStake';
  readonly betId: string;
  readonly product: StakeProduct;
  readonly payType: PayType;
  readonly amount: number;
  readonly reason: string;
}

/** Credits a settled bet's net return `amount` (after tax; for pay type 2 also minus the stake). */
export interface CreditWinnings extends CommandBase {
  readonly type: 'CreditWinnings';
  readonly betId: string;
  readonly product: StakeProduct;
  readonly gross: number;
  readonly tax: number;
  readonly amount: number;
}

/**
 * Takes back what an earlier settlement credited (result correction, betting-rules.md §2). Takes what
 * the pocket holds; on the balance the shortfall becomes debt, on credit money it is forgiven.
 */
export interface ReverseSettlement extends CommandBase {
  readonly type: 'ReverseSettlement';
  readonly betId: string;
  readonly pocket: 'balance' | 'creditMoney';
  readonly amount: number;
  readonly tax: number;
  readonly reason: string;
}

/** Credits a deposit the provider confirmed (never before: mobile-money.md §0). */
export interface CreditDeposit extends CommandBase {
  readonly type: 'CreditDeposit';
  readonly paymentId: string;
  /** `push`: we sent a USSD push (bill type 6); `ussd`: the player paid our paybill (bill type 11). */
  readonly channel: 'push' | 'ussd';
  readonly amount: number;
}

/** Moves a withdrawal's amount out of the balance before the payout is sent. */
export interface ReserveWithdrawal extends CommandBase {
  readonly type: 'ReserveWithdrawal';
  readonly paymentId: string;
  readonly amount: number;
}

/** Closes a reserved withdrawal the provider paid out. */
export interface ConfirmWithdrawal extends CommandBase {
  readonly type: 'ConfirmWithdrawal';
  readonly paymentId: string;
}

/** Returns a reserved withdrawal that failed or timed out (bill type 9). */
export interface RefundWithdrawal extends CommandBase {
  readonly type: 'RefundWithdrawal';
  readonly paymentId: string;
  readonly reason: string;
}

/** Credits a bonus (signup, referral, bet-to-get, activity, casino reward) to the balance or credit money. */
export interface CreditBonus extends CommandBase {
  readonly type: 'CreditBonus';
  readonly kind: BonusKind;
  readonly pocket: 'balance' | 'creditMoney';
  readonly reference: string;
  readonly amount: number;
  readonly reason: string;
}

/** Staff edit of a pocket (spec §6 "edit balance, credit money, virtual currency"): signed, non-zero. */
export interface AdjustPocket extends CommandBase {
  readonly type: 'AdjustPocket';
  readonly pocket: 'balance' | 'creditMoney' | 'racingCoin';
  readonly amount: number;
  readonly reference: string;
  readonly reason: string;
}

/** Staff forgive part or all of a debt left by a settlement reversal. */
export interface WriteOffDebt extends CommandBase {
  readonly type: 'WriteOffDebt';
  readonly amount: number;
  readonly reference: string;
  readonly reason: string;
}

/** Balance → racing coin, 1:1, untaxed (bill type 15). */
export interface ConvertToRacingCoin extends CommandBase {
  readonly type: 'ConvertToRacingCoin';
  readonly amount: number;
}

/** Racing coin → balance (bill type 16), taxed at `taxRate` percent (decimal string, e.g. "10"), tax rounded down (spec §9). */
export interface ConvertToBalance extends CommandBase {
  readonly type: 'ConvertToBalance';
  readonly amount: number;
  readonly taxRate: string;
}

/**
 * Takes unspent credit money of one grant away when it expires (bill type 18, decision 0045; issue 21
 * "an expiry is a movement with its own bill"). `amount` is what is left of the grant (TZS, the
 * caller's computation, e.g. the promotion rules' `creditExpiries`); the wallet takes at most the credit
 * money it holds, never more, and records the expiry even when nothing is left (so a replay with the same
 * `movementId` never takes money again). `reference` is the grant's movement id.
 */
export interface ExpireCredit extends CommandBase {
  readonly type: 'ExpireCredit';
  readonly reference: string;
  /** TZS, a whole number ≥ 0 (0: record that nothing was left). */
  readonly amount: number;
  /** `expired` (the period ran out) or `forfeited` (a rollover condition was not met). */
  readonly reason: 'expired' | 'forfeited';
}

export type WalletCommand =
  | DebitStake
  | RefundStake
  | CreditWinnings
  | ReverseSettlement
  | CreditDeposit
  | ReserveWithdrawal
  | ConfirmWithdrawal
  | RefundWithdrawal
  | CreditBonus
  | AdjustPocket
  | WriteOffDebt
  | ConvertToRacingCoin
  | ConvertToBalance
  | ExpireCredit;
