/**
 * Re-settlement after a result correction (betting-rules §2 "Result corrections"): reverse the earlier
 * payout together with its tax record, then apply the new settlement. The wallet applies both movements.
 */
import type { Tzs } from '../money/tzs.ts';
import type { Settlement } from './bet.ts';

/** The money of a settlement, TZS. In a reversal every figure is negated. */
export interface SettlementAmounts {
  readonly payout: Tzs;
  readonly reward: Tzs;
  readonly tax: Tzs;
  /** To the real balance. */
  readonly credited: Tzs;
  /** To credit money. */
  readonly creditRefund: Tzs;
}

/** What a correction does: `changed` false means the same settlement again, nothing to move. */
export interface Resettlement {
  readonly changed: boolean;
  /** The earlier settlement's amounts, negated (all zero when nothing changed). */
  readonly reversal: SettlementAmounts;
  /** The new settlement's amounts (equal to the earlier ones when nothing changed). */
  readonly next: SettlementAmounts;
  /** next + reversal: the net movement per figure. */
  readonly net: SettlementAmounts;
}

/** The money figures of a settlement (all 0 while it is pending or abnormal). */
export const amountsOf = (s: Settlement): SettlementAmounts => ({
  payout: s.payout,
  reward: s.reward,
  tax: s.tax,
  credited: s.credited,
  creditRefund: s.creditRefund,
});

const FIGURES = ['payout', 'reward', 'tax', 'credited', 'creditRefund'] as const;
const map = (f: (key: (typeof FIGURES)[number]) => Tzs): SettlementAmounts =>
  Object.fromEntries(FIGURES.map((key) => [key, f(key)])) as unknown as SettlementAmounts;

/** Same state, amounts and leg results: re-settling on the same facts must change nothing (betting-rules §2). */
export const sameSettlement = (a: Settlement, b: Settlement): boolean =>
  a.state === b.state &&
  FIGURES.every((key) => a[key] === b[key]) &&
  a.legs.length === b.legs.length &&
  a.legs.every(
    (leg, i) =>
      leg.outcome === b.legs[i]?.outcome &&
      leg.voidFactor === b.legs[i]?.voidFactor &&
      leg.deadHeatFactor === b.legs[i]?.deadHeatFactor,
  );

/**
 * The movements that take a bet from `previous` to `next` (betting-rules §2 "Result corrections"): when
 * they differ, a full reversal of `previous` (payout and tax together) and the whole of `next`; when they
 * are the same, nothing (`changed: false`, zero reversal), so settling twice equals settling once.
 * A correction window (often 72 h) is the caller's decision: it has the clock.
 */
export const resettle = (previous: Settlement, next: Settlement): Resettlement => {
  const before = amountsOf(previous);
  const after = amountsOf(next);
  if (sameSettlement(previous, next)) {
    const zero = map(() => 0);
    return { changed: false, reversal: zero, next: after, net: zero };
  }
  const reversal = map((key) => (before[key] === 0 ? 0 : -before[key]));
  return { changed: true, reversal, next: after, net: map((key) => after[key] + reversal[key]) };
};
