/**
 * Settlement of a whole bet, single or multiple (betting-rules §2 "Leg factor in a multiple", "Void
 * legs"; spec §5 formulas for reward, tax and after-tax amount, via the shared `computeReturns`).
 */
import { PAY_TYPE_CREDIT, type PayType } from '../config/bet-config.ts';
import type { OddsText } from '../money/odds.ts';
import { mulRatio, type Ratio, RATIO_ONE, ratioText, ratioToDecimal, RATIO_ZERO } from '../money/ratio.ts';
import type { Tzs } from '../money/tzs.ts';
import { computeReturns, type PricingTerms, type Returns } from '../pricing/returns.ts';
import { isSettled, legFactor, OUTCOME, type LegResult } from './outcome.ts';

/** A leg of a placed bet with its result (from `settleLeg`, or from a feed). */
export interface SettledLegInput {
  readonly odds: OddsText;
  readonly result: LegResult;
}

/** A placed bet to settle: stake (TZS), pay type, legs, and the terms recorded when it was placed. */
export interface BetToSettle {
  readonly stake: Tzs;
  readonly payType: PayType;
  readonly legs: readonly SettledLegInput[];
  readonly terms: PricingTerms;
}

/** A leg in the settlement: its result and its exact factor text ("1.95", "2.95/2", "1/2"; "" while open). */
export interface SettledLeg extends LegResult {
  readonly odds: OddsText;
  readonly factor: string;
}

/**
 * The settlement of a bet. `state`: `pending` (a leg has no result and none has lost), `abnormal` (a leg
 * is abnormal and none has lost) or `settled`. While not settled every amount is 0.
 * Amounts in TZS (see {@link Returns}): `payout` is the gross return before reward and tax;
 * `afterTaxAmount` is credited to the real balance; `creditRefund` goes back to credit money (a credit-paid
 * bet whose legs are all void: the free bet is returned, not paid out).
 */
export interface Settlement extends Returns {
  readonly state: 'pending' | 'abnormal' | 'settled';
  readonly stake: Tzs;
  readonly payType: PayType;
  readonly legs: readonly SettledLeg[];
  /** Product of the leg factors, truncated and shown with 2 decimals ("0.00" when lost, "" while open). */
  readonly effectiveOdds: OddsText;
  /** Amount credited to the real balance (= `afterTaxAmount`). */
  readonly credited: Tzs;
  /** Stake returned to credit money (pay type 2, every leg void). */
  readonly creditRefund: Tzs;
}

/**
 * Settles a bet (betting-rules §2). A lost leg settles the multiple as lost at once, even with legs
 * still open. Otherwise every leg must be settled. Void legs count 1.00 and drop out of the count that
 * chooses the cap (single or multiple) and the string-reward tier, so a void leg equals removing it.
 * Half-void legs (quarter lines) still count. Pure and deterministic: settling twice gives the same result.
 */
export const settleBet = (bet: BetToSettle): Settlement => {
  const factors = bet.legs.map(({ odds, result }) => legFactor(odds, result));
  const legs: SettledLeg[] = bet.legs.map(({ odds, result }, i) => {
    const factor = factors[i];
    return { ...result, odds, factor: factor ? ratioText(factor) : '' };
  });
  const lost = bet.legs.some(({ result }) => result.outcome === OUTCOME.LOST);
  const open = bet.legs.filter(({ result }) => !isSettled(result));
  if (!lost && open.length > 0) {
    const state = open.some(({ result }) => result.outcome === OUTCOME.ABNORMAL) ? 'abnormal' : 'pending';
    const none = computeReturns(0, bet.payType, RATIO_ONE, [], bet.terms);
    return {
      ...none,
      state,
      stake: bet.stake,
      payType: bet.payType,
      legs,
      effectiveOdds: '',
      credited: 0,
      creditRefund: 0,
    };
  }
  const settled = bet.legs.filter(({ result }) => isSettled(result));
  const factor = lost
    ? RATIO_ZERO
    : factors.reduce<Ratio>((product, factor) => (factor ? mulRatio(product, factor) : product), RATIO_ONE);
  const counted = settled.filter(
    ({ result }) => !(result.outcome === OUTCOME.REFUNDED && result.voidFactor === 1),
  );
  const returns = computeReturns(
    bet.stake,
    bet.payType,
    factor,
    counted.map(({ odds }) => odds),
    bet.terms,
  );
  const allVoid = !lost && counted.length === 0;
  const creditRefund = allVoid && bet.payType === PAY_TYPE_CREDIT ? bet.stake : 0;
  return {
    ...returns,
    state: 'settled',
    stake: bet.stake,
    payType: bet.payType,
    legs,
    effectiveOdds: ratioToDecimal(factor).toFixed(2),
    credited: returns.afterTaxAmount,
    creditRefund,
  };
};
