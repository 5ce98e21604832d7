import type { BonusKind, StakeProduct } from './events.ts';

/**
 * Bill types: the `type` of a bill entry (spec §3 "Bill entry", §4 "Bill types").
 *
 * The specification lists the names in order and says the codes are 1 to 17 and 22 to 25, without
 * pairing each name to a code. This table is OUR READING (docs/decisions/0003-bill-types.md): the
 * names in spec order take codes 1..17, "virtual racing bet and result" and "balance to racing coin and
 * back" each count as two names; casino deduct, add and reward take 22, 23, 24. The list names nothing
 * for 25: we use it for the reversal of an earlier settlement after a result correction
 * (betting-rules.md §2 "Result corrections"), so that a reversal never hides inside code 1.
 *
 * | code | name | wallet event that carries it |
 * |---|---|---|
 * | 1 | bet result change | WinningsCredited, StakeRefunded (sports, jackpot) |
 * | 2 | admin balance change | StaffAdjusted, DebtWrittenOff |
 * | 3 | bet | StakeDebited (single) |
 * | 4 | multi payment | StakeDebited (multiple / accumulator) |
 * | 5 | jackpot payment | StakeDebited (jackpot ticket) |
 * | 6 | recharge | DepositCredited (USSD push) |
 * | 7 | withdrawal | WithdrawalReserved, WithdrawalConfirmed |
 * | 8 | signup bonus | BonusCredited |
 * | 9 | timed-out withdrawal refund | WithdrawalRefunded |
 * | 10 | referral profit reward and invitation bonus | BonusCredited |
 * | 11 | USSD recharge | DepositCredited (customer-initiated paybill / C2B) |
 * | 12 | order (bet-to-get) bonus | BonusCredited |
 * | 13 | virtual racing bet | StakeDebited (racing, racing coin) |
 * | 14 | virtual racing result | WinningsCredited, StakeRefunded (racing, racing coin) |
 * | 15 | balance to racing coin | RacingCoinConverted |
 * | 16 | racing coin to balance | RacingCoinConverted (taxed, spec §9) |
 * | 17 | activity award | BonusCredited |
 * | 18 | credit-money expiry (our assignment, decision 0045) | CreditExpired |
 * | 22 | casino deduct | StakeDebited (casino) |
 * | 23 | casino add | WinningsCredited, StakeRefunded (casino) |
 * | 24 | casino reward | BonusCredited |
 * | 25 | settlement reversal (our assignment) | SettlementReversed |
 */
export const BillType = {
  BetResultChange: 1,
  AdminBalanceChange: 2,
  Bet: 3,
  MultiPayment: 4,
  JackpotPayment: 5,
  Recharge: 6,
  Withdrawal: 7,
  SignupBonus: 8,
  TimedOutWithdrawalRefund: 9,
  ReferralReward: 10,
  UssdRecharge: 11,
  OrderBonus: 12,
  VirtualRacingBet: 13,
  VirtualRacingResult: 14,
  BalanceToRacingCoin: 15,
  RacingCoinToBalance: 16,
  ActivityAward: 17,
  /** Our assignment (decision 0045): the spec leaves 18–21 unnamed; an expiry needs its own bill. */
  CreditExpiry: 18,
  CasinoDeduct: 22,
  CasinoAdd: 23,
  CasinoReward: 24,
  SettlementReversal: 25,
} as const;

/** A bill type code (spec §4), one of the values of {@link BillType}. */
export type BillType = (typeof BillType)[keyof typeof BillType];

/** Every bill type code in spec order. */
export const BILL_TYPES: readonly BillType[] = Object.values(BillType);

/** Bill type of a stake debit by product. */
export const STAKE_BILL: Record<StakeProduct, BillType> = {
  single: BillType.Bet,
  multiple: BillType.MultiPayment,
  jackpot: BillType.JackpotPayment,
  racing: BillType.VirtualRacingBet,
  casino: BillType.CasinoDeduct,
};
/** Bill type of a payout or stake refund by product. */
export const RESULT_BILL: Record<StakeProduct, BillType> = {
  single: BillType.BetResultChange,
  multiple: BillType.BetResultChange,
  jackpot: BillType.BetResultChange,
  racing: BillType.VirtualRacingResult,
  casino: BillType.CasinoAdd,
};
/** Bill type of each bonus kind. */
export const BONUS_BILL: Record<BonusKind, BillType> = {
  signup: BillType.SignupBonus,
  referral: BillType.ReferralReward,
  order: BillType.OrderBonus,
  activity: BillType.ActivityAward,
  casinoReward: BillType.CasinoReward,
};
