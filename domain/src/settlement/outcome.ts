/**
 * Leg results (spec §4 "Outcome of a selection"; betting-rules §2 "Leg result", "Leg factor").
 */
import { dec } from '../money/decimal.ts';
import type { OddsText } from '../money/odds.ts';
import { addRatio, mulRatio, ratio, type Ratio } from '../money/ratio.ts';

/** Outcome codes of spec §4: 0 pending, 1 abnormal, 2 refunded (void), 3 lost, 4 won, 5 half won, 6 half lost. */
export const OUTCOME = {
  PENDING: 0,
  ABNORMAL: 1,
  REFUNDED: 2,
  LOST: 3,
  WON: 4,
  HALF_WON: 5,
  HALF_LOST: 6,
} as const;
/** One of the spec §4 outcome codes, 0 to 6. */
export type OutcomeCode = (typeof OUTCOME)[keyof typeof OUTCOME];

/** Share of the stake refunded (Betradar `void_factor`): 0, ½ (quarter lines) or 1 (void). */
export type VoidFactor = 0 | 0.5 | 1;

/**
 * The result of one leg, as the Betradar feed models it (betting-rules §2): an outcome code, the share
 * of the stake that is void, and the dead-heat factor applied to the winning part.
 */
export interface LegResult {
  readonly outcome: OutcomeCode;
  readonly voidFactor: VoidFactor;
  /** Exact fraction text, "1" when there is no dead heat, "1/n" for n tied (odds / n). */
  readonly deadHeatFactor: string;
  /** Plain-English reason, for staff and analysts (e.g. "Over 2.5: 3 goals"). */
  readonly rule: string;
}

/** A leg result from its parts; `deadHeatFactor` defaults to "1". */
export const legResult = (
  outcome: OutcomeCode,
  voidFactor: VoidFactor,
  rule: string,
  deadHeatFactor = '1',
): LegResult => ({
  outcome,
  voidFactor,
  deadHeatFactor,
  rule,
});

/** True when the leg is decided (not pending, not abnormal). */
export const isSettled = (result: LegResult): boolean =>
  result.outcome !== OUTCOME.PENDING && result.outcome !== OUTCOME.ABNORMAL;

const parseFraction = (text: string): Ratio => {
  const [num = '1', den = '1'] = text.split('/');
  return ratio(num, den);
};

/**
 * The factor of a settled leg in a multiple (betting-rules §2): void part refunds, the rest wins
 * odds × dead-heat factor or loses. Won → odds; lost → 0; void → 1; half won → (odds + 1) / 2;
 * half lost → ½; dead heat over n → odds / n. `undefined` for pending and abnormal legs.
 */
export const legFactor = (odds: OddsText, result: LegResult): Ratio | undefined => {
  if (!isSettled(result)) return undefined;
  const wins = result.outcome === OUTCOME.WON || result.outcome === OUTCOME.HALF_WON;
  if (!wins) return ratio(dec(result.voidFactor));
  const winning =
    result.deadHeatFactor === '1' ? ratio(odds) : mulRatio(ratio(odds), parseFraction(result.deadHeatFactor));
  if (result.voidFactor === 0) return winning;
  const livePart = ratio(dec(1).minus(result.voidFactor));
  return addRatio(ratio(dec(result.voidFactor)), mulRatio(livePart, winning));
};

/** Combines the two halves of a quarter-line stake (betting-rules §2 "Asian quarter lines"). */
export const combineHalves = (
  a: 'win' | 'push' | 'lose',
  b: 'win' | 'push' | 'lose',
): { outcome: OutcomeCode; voidFactor: VoidFactor } => {
  const wins = (a === 'win' ? 1 : 0) + (b === 'win' ? 1 : 0);
  const losses = (a === 'lose' ? 1 : 0) + (b === 'lose' ? 1 : 0);
  if (wins === 2) return { outcome: OUTCOME.WON, voidFactor: 0 };
  if (losses === 2) return { outcome: OUTCOME.LOST, voidFactor: 0 };
  if (wins === 1 && losses === 0) return { outcome: OUTCOME.HALF_WON, voidFactor: 0.5 };
  if (losses === 1 && wins === 0) return { outcome: OUTCOME.HALF_LOST, voidFactor: 0.5 };
  if (wins === 0 && losses === 0) return { outcome: OUTCOME.REFUNDED, voidFactor: 1 };
  // One half won and the other lost cannot happen on neighbouring lines; treat as abnormal.
  return { outcome: OUTCOME.ABNORMAL, voidFactor: 0 };
};
