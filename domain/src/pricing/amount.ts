/**
 * Amount rules of the slip (spec §5 "Amount input"; betting-rules §1 "Amount rules").
 */
import {
  BET_AMOUNT_STEP,
  minimumStake,
  PAY_TYPE_CREDIT,
  type BetConfig,
  type PayType,
} from '../config/bet-config.ts';
import type { Tzs } from '../money/tzs.ts';

/** What the player typed and what they can pay with, all in TZS. */
export interface AmountInput {
  /** The requested stake (may be anything the input box produced; fractions are dropped). */
  readonly amount: Tzs;
  readonly payType: PayType;
  /** Real balance, for pay type 1. */
  readonly balance: Tzs;
  /** Credit money (free bet / bonus), for pay type 2. */
  readonly credit: Tzs;
}

/**
 * The stake the slip will use (spec §5 "Amount input"):
 * - pay type 2 (credit): the whole credit balance, lowered to `max_bet_amount` (decision: the step does
 *   not apply, a free bet of 750 is staked whole);
 * - pay type 1 (balance): rounded down to the step of 100, raised to the minimum, lowered to
 *   `max_bet_amount`, then lowered to the balance rounded down to the step (a balance of 1,250 allows
 *   a stake of 1,200: the step holds everywhere). Not below 0.
 * The result can still be below the minimum when the balance is: `validateSlip` then refuses it.
 */
export const normaliseAmount = (input: AmountInput, config: BetConfig): Tzs => {
  if (input.payType === PAY_TYPE_CREDIT)
    return Math.max(0, Math.min(Math.trunc(input.credit), config.maxBetAmount));
  const stepped = Math.floor(Math.max(0, Math.trunc(input.amount)) / BET_AMOUNT_STEP) * BET_AMOUNT_STEP;
  const raised = Math.max(stepped, minimumStake(config, input.payType));
  const affordable = Math.floor(Math.max(0, Math.trunc(input.balance)) / BET_AMOUNT_STEP) * BET_AMOUNT_STEP;
  return Math.min(raised, config.maxBetAmount, affordable);
};

/** The amount after pressing plus (+100) or minus (−100), not below 0 (spec §5 "Amount input"). */
export const stepAmount = (amount: Tzs, direction: 1 | -1): Tzs =>
  Math.max(0, amount + direction * BET_AMOUNT_STEP);
