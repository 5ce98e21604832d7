/**
 * Dice (issue 22 §4): a roll from 0.00 to 99.99; the player bets the roll lands under or over a target
 * of their choosing. Provably fair (docs/casino.md "Dice"): the roll is a uniform integer in [0, 10,000)
 * from the round's stream ({@link fairStream}): two bytes at a time, values ≥ 60,000 rejected (no modulo
 * bias), `roll = value mod 10,000`; shown as roll / 100.
 *
 * A bet covering `count` of the 10,000 rolls (its win chance is count / 10,000) pays
 * `floor(stake · 9,900 / count)`: the multiplier is 0.99 / chance, so the RTP is exactly
 * (count / 10,000) · (9,900 / count) = 99 % before the whole-TZS rounding, whatever the target
 * ({@link DICE_HOUSE_EDGE_PERCENT} % house edge; exact figure with rounding: {@link diceExactRtp}).
 */
import { fairStream, seedHash, uniformBelow16, type FairInputs } from './fair.ts';

/** House edge of dice, percent. */
export const DICE_HOUSE_EDGE_PERCENT = 1;
/** Number of distinct rolls (0.00 … 99.99). */
export const DICE_ROLLS = 10_000;
/** Payout numerator: `floor(stake · DICE_PAYOUT / count)`, 9,900 = 10,000 × (1 − house edge). */
export const DICE_PAYOUT = (DICE_ROLLS * (100 - DICE_HOUSE_EDGE_PERCENT)) / 100;
/** Smallest and largest win chance, in rolls covered (1 % and 98 %). */
export const DICE_MIN_COUNT = 100;
export const DICE_MAX_COUNT = 9_800;

/** A dice bet: the roll lands `under` the target (roll < target) or `over` it (roll > target), hundredths. */
export interface DiceBet {
  readonly direction: 'under' | 'over';
  /** 0 … 9,999 (shown as 0.00 … 99.99). */
  readonly target: number;
}

/** Rolls a bet covers: under T covers 0 … T−1 (T rolls), over T covers T+1 … 9,999 (9,999 − T rolls). */
export const diceCount = (bet: DiceBet): number =>
  bet.direction === 'under' ? bet.target : DICE_ROLLS - 1 - bet.target;

/** `true` when the bet's target is whole and its win chance is from 1 % to 98 %. */
export const isDiceBet = (bet: DiceBet): boolean =>
  Number.isSafeInteger(bet.target) &&
  bet.target >= 0 &&
  bet.target < DICE_ROLLS &&
  diceCount(bet) >= DICE_MIN_COUNT &&
  diceCount(bet) <= DICE_MAX_COUNT;

/** The roll of a round (0 … 9,999). Throws `FairInputError` on malformed inputs. */
export const diceRoll = (inputs: FairInputs): number => uniformBelow16(DICE_ROLLS, fairStream(inputs));

/** `true` when `roll` wins `bet`. */
export const diceWins = (bet: DiceBet, roll: number): boolean =>
  bet.direction === 'under' ? roll < bet.target : roll > bet.target;

/** The payout (whole TZS) of `stake` on `bet` for `roll`: `floor(stake · 9,900 / count)` or 0. Invalid bets pay 0. */
export const settleDice = (stake: number, bet: DiceBet, roll: number): number =>
  isDiceBet(bet) && diceWins(bet, roll)
    ? Number((BigInt(stake) * BigInt(DICE_PAYOUT)) / BigInt(diceCount(bet)))
    : 0;

/** The multiplier of a bet, as shown (4 decimals): 9,900 / count / 100… e.g. 1.9800 for 50 %. */
export const diceMultiplierText = (bet: DiceBet): string => (DICE_PAYOUT / diceCount(bet)).toFixed(4);

/**
 * The exact RTP of `stake` TZS on `bet`, with the payout's rounding, as `num / den`:
 * `count · floor(stake · 9,900 / count) / (10,000 · stake)`; exactly 99/100 when count divides stake·9,900.
 */
export const diceExactRtp = (stake: number, bet: DiceBet): { num: bigint; den: bigint } => {
  const count = BigInt(diceCount(bet));
  return {
    num: count * ((BigInt(stake) * BigInt(DICE_PAYOUT)) / count),
    den: BigInt(DICE_ROLLS) * BigInt(stake),
  };
};

/** What {@link verifyDice} found. */
export interface DiceVerification {
  readonly ok: boolean;
  readonly hashMatches: boolean;
  readonly rollMatches: boolean;
  readonly expectedRoll: number | null;
}

/** Checks a round the player saw: seed against the hash shown before, roll against the inputs. Never throws. */
export const verifyDice = (inputs: FairInputs, shownHash: string, shownRoll: number): DiceVerification => {
  try {
    const expectedRoll = diceRoll(inputs);
    const hashMatches = seedHash(inputs.serverSeed) === shownHash.trim().toLowerCase();
    const rollMatches = expectedRoll === shownRoll;
    return { ok: hashMatches && rollMatches, hashMatches, rollMatches, expectedRoll };
  } catch {
    return { ok: false, hashMatches: false, rollMatches: false, expectedRoll: null };
  }
};
