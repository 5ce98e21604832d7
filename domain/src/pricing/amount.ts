/**
 * Amount rules of the slip (spec §5 "Amount input"; betting-rules §1 "Amount rules").
 */
import {
  BET_AMOUNT_STEP,
  PAY_TYPE_CREDIT,
  stakeLimits,
  type BetChannel,
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
  /** Where the bet will be placed from: its channel's stake limits apply too. Absent = the general limits. */
  readonly channel?: BetChannel;
}

/**
 * The stake the slip will use, TZS (spec §5 "Amount input"), within the minimum and maximum of
 * `stakeLimits` for the pay type and `input.channel` (spec §9 "min and max bet for mobile and desktop"):
 * - pay type 2 (credit): the whole credit balance, lowered to the maximum (decision: the step does
 *   not apply, a free bet of 750 is staked whole);
 * - pay type 1 (balance): rounded down to the step of 100, raised to the minimum, lowered to the
 *   maximum, then lowered to the balance rounded down to the step (a balance of 1,250 allows a stake of
 *   1,200: the step holds everywhere). Not below 0.
 * The result can still be below the minimum when the balance (or the credit) is: `validateSlip` then
 * refuses it.
 */
export const normaliseAmount = (input: AmountInput, config: BetConfig): Tzs => {
  const { minimum, maximum } = stakeLimits(config, input.payType, input.channel);
  if (input.payType === PAY_TYPE_CREDIT) return Math.max(0, Math.min(Math.trunc(input.credit), maximum));
  const stepped = Math.floor(Math.max(0, Math.trunc(input.amount)) / BET_AMOUNT_STEP) * BET_AMOUNT_STEP;
  const raised = Math.max(stepped, minimum);
  const affordable = Math.floor(Math.max(0, Math.trunc(input.balance)) / BET_AMOUNT_STEP) * BET_AMOUNT_STEP;
  return Math.min(raised, maximum, affordable);
};

/** The amount after pressing plus (+100) or minus (−100), not below 0 (spec §5 "Amount input"). */
export const stepAmount = (amount: Tzs, direction: 1 | -1): Tzs =>
  Math.max(0, amount + direction * BET_AMOUNT_STEP);
