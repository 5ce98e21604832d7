/**
 * Wallet events, state and `evolve` (stream `wallet-<userId>`; architecture.md §3, §4; spec §3 "User",
 * "Bill entry").
 *
 * Every event is one money movement: a bill type (spec §4), the business reference (bet id, payment id,
 * request id), reason, actor, time, and one {@link MovementLine} per pocket it touches with the amount and
 * the pocket before and after. The bills list is a projection of these lines. Amounts are integer TZS
 * (racing coin counts 1 coin = 1 TZS).
 */
import type { PayType } from '../config/bet-config.ts';
import type { BillType } from './bill-types.ts';

/**
 * A pocket of the wallet: real `balance`, `creditMoney` (free bet / bonus, pay type 2), `racingCoin`
 * (virtual currency), and `debt`: what the player owes after a settlement reversal found too little on
 * the balance (docs/decisions/0004-wallet.md). No pocket is ever negative.
 */
export type Pocket = 'balance' | 'creditMoney' | 'racingCoin' | 'debt';

/** One pocket's change inside a movement: signed integer TZS, with the pocket before and after. */
export interface MovementLine {
  readonly pocket: Pocket;
  readonly amount: number;
  readonly before: number;
  readonly after: number;
}

/** Who caused a movement: the player, a staff member (back office), or the system (process managers). */
export interface Actor {
  readonly kind: 'player' | 'staff' | 'system';
  readonly id: string;
}

/** What a bet stake paid for: selects the bill type and, for racing, the racing-coin pocket. */
export type StakeProduct = 'single' | 'multiple' | 'jackpot' | 'racing' | 'casino';

/** Fields every wallet event carries. `at` is an ISO-8601 instant given by the command. */
export interface Movement {
  readonly userId: string;
  /** Unique id of this movement; the same id twice never moves money twice. */
  readonly movementId: string;
  readonly billType: BillType;
  /** The business object behind it: bet id, payment id, staff request id. */
  readonly reference: string;
  readonly reason: string;
  readonly actor: Actor;
  readonly at: string;
  readonly lines: readonly MovementLine[];
}

export type StakeDebited = {
  readonly type: 'StakeDebited';
  readonly data: Movement & { readonly product: StakeProduct; readonly payType: PayType };
};
export type StakeRefunded = {
  readonly type: 'StakeRefunded';
  readonly data: Movement & { readonly product: StakeProduct; readonly payType: PayType };
};
/** `gross` is the return before tax, `tax` the withholding on winnings; the line carries the net credited. */
export type WinningsCredited = {
  readonly type: 'WinningsCredited';
  readonly data: Movement & { readonly product: StakeProduct; readonly gross: number; readonly tax: number };
};
/** `requested` is what the correction takes back; `shortfall` what was missing (moved to debt, or forgiven on credit money). */
export type SettlementReversed = {
  readonly type: 'SettlementReversed';
  readonly data: Movement & { readonly requested: number; readonly tax: number; readonly shortfall: number };
};
export type DepositCredited = {
  readonly type: 'DepositCredited';
  readonly data: Movement & { readonly channel: 'push' | 'ussd' };
};
export type WithdrawalReserved = {
  readonly type: 'WithdrawalReserved';
  readonly data: Movement & { readonly amount: number };
};
/** The provider paid out: the reservation closes; no pocket moves (the money left at reservation). */
export type WithdrawalConfirmed = {
  readonly type: 'WithdrawalConfirmed';
  readonly data: Movement & { readonly amount: number };
};
export type WithdrawalRefunded = {
  readonly type: 'WithdrawalRefunded';
  readonly data: Movement & { readonly amount: number };
};
export type BonusCredited = {
  readonly type: 'BonusCredited';
  readonly data: Movement & { readonly kind: BonusKind };
};
export type StaffAdjusted = { readonly type: 'StaffAdjusted'; readonly data: Movement };
export type DebtWrittenOff = { readonly type: 'DebtWrittenOff'; readonly data: Movement };
/** Balance ↔ racing coin. `tax` is withheld on racing coin → balance only (spec §9), at `taxRate` percent. */
export type RacingCoinConverted = {
  readonly type: 'RacingCoinConverted';
  readonly data: Movement & {
    readonly direction: 'toRacingCoin' | 'toBalance';
    readonly taxRate: string;
    readonly tax: number;
  };
};

/**
 * Credit money of a grant expired or was forfeited (bill type 18): `requested` is what was left of the
 * grant, the line (if any) what was taken: `min(requested, creditMoney)`. No line when nothing was held.
 */
export type CreditExpired = {
  readonly type: 'CreditExpired';
  readonly data: Movement & { readonly requested: number; readonly taken: number };
};

/** Bonus kinds and their bill types: signup 8, referral 10, order 12, activity 17, casino reward 24. */
export type BonusKind = 'signup' | 'referral' | 'order' | 'activity' | 'casinoReward';

export type WalletEvent =
  | StakeDebited
  | StakeRefunded
  | WinningsCredited
  | SettlementReversed
  | DepositCredited
  | WithdrawalReserved
  | WithdrawalConfirmed
  | WithdrawalRefunded
  | BonusCredited
  | StaffAdjusted
  | DebtWrittenOff
  | RacingCoinConverted
  | CreditExpired;

/** A withdrawal whose money left the balance and whose payout is not final yet. */
export interface OpenWithdrawal {
  readonly paymentId: string;
  readonly amount: number;
}

/**
 * Wallet state: O(1) in size whatever the history (decision 0004): four pockets, the last
 * {@link RECENT_MOVEMENTS} movement ids (the idempotency window), at most {@link MAX_OPEN_WITHDRAWALS}
 * open withdrawals, and a movement count. Plain JSON, so it is its own snapshot.
 */
export interface WalletState {
  readonly userId: string | null;
  readonly balance: number;
  readonly creditMoney: number;
  readonly racingCoin: number;
  readonly debt: number;
  /** Most recent movement ids, oldest first, at most {@link RECENT_MOVEMENTS}. */
  readonly recentMovementIds: readonly string[];
  readonly openWithdrawals: readonly OpenWithdrawal[];
  readonly movementCount: number;
}

/** Size of the idempotency window kept in state; older repeats are caught by the event store's unique event id. */
export const RECENT_MOVEMENTS = 256;
/** Withdrawals that may be in flight at once per player; keeps the state bounded. */
export const MAX_OPEN_WITHDRAWALS = 5;

export const initialWalletState = (): WalletState => ({
  userId: null,
  balance: 0,
  creditMoney: 0,
  racingCoin: 0,
  debt: 0,
  recentMovementIds: [],
  openWithdrawals: [],
  movementCount: 0,
});

const remember = (ids: readonly string[], id: string): readonly string[] =>
  ids.length < RECENT_MOVEMENTS ? [...ids, id] : [...ids.slice(ids.length - RECENT_MOVEMENTS + 1), id];

/** Folds one wallet event: pockets take the lines' `after` values; withdrawals open and close. */
export const evolveWallet = (state: WalletState, event: WalletEvent): WalletState => {
  const pockets = {
    balance: state.balance,
    creditMoney: state.creditMoney,
    racingCoin: state.racingCoin,
    debt: state.debt,
  };
  for (const line of event.data.lines) pockets[line.pocket] = line.after;
  let openWithdrawals = state.openWithdrawals;
  if (event.type === 'WithdrawalReserved') {
    openWithdrawals = [...openWithdrawals, { paymentId: event.data.reference, amount: event.data.amount }];
  } else if (event.type === 'WithdrawalConfirmed' || event.type === 'WithdrawalRefunded') {
    openWithdrawals = openWithdrawals.filter((w) => w.paymentId !== event.data.reference);
  }
  return {
    userId: event.data.userId,
    ...pockets,
    recentMovementIds: remember(state.recentMovementIds, event.data.movementId),
    openWithdrawals,
    movementCount: state.movementCount + 1,
  };
};
