/**
 * The return formulas shared by pricing and settlement (spec §5 "Profit", "Tax", "Reward", "After-tax
 * amount"; betting-rules §1). One function for both, so that the quote of a slip equals its settlement
 * when every leg wins. Caps: see docs/decisions/0002-pricing-caps.md.
 */
import { PAY_TYPE_CREDIT, profitCap, type BetConfig, type PayType } from '../config/bet-config.ts';
import { dec } from '../money/decimal.ts';
import { compareOdds, type OddsText } from '../money/odds.ts';
import { applyRatio, type Ratio } from '../money/ratio.ts';
import { capAt, percentOf, type Percent, type Tzs } from '../money/tzs.ts';

/**
 * The configuration a bet is priced and settled with, recorded on the bet at placement
 * (architecture.md §3: "the bet's own events carry the tax rate, caps and acca-bonus tier used").
 */
export type PricingTerms = Pick<
  BetConfig,
  | 'taxRatePercent'
  | 'singleGameHighestProfit'
  | 'multipleGameHighestProfit'
  | 'minStringRewardOdds'
  | 'stringRewards'
>;

/** The pricing terms of a configuration. */
export const pricingTerms = (config: PricingTerms): PricingTerms => ({
  taxRatePercent: config.taxRatePercent,
  singleGameHighestProfit: config.singleGameHighestProfit,
  multipleGameHighestProfit: config.multipleGameHighestProfit,
  minStringRewardOdds: config.minStringRewardOdds,
  stringRewards: config.stringRewards,
});

/** All amounts in whole TZS. */
export interface Returns {
  /** Selections (or legs) that count: available ones when pricing, those not wholly void when settling. */
  readonly pricedSelections: number;
  /** Of those, selections with odds >= `minStringRewardOdds` (spec §5 "Reward"). */
  readonly qualifyingSelections: number;
  /** `cash_back` of the tier whose `strings` equals `qualifyingSelections`, else 0. */
  readonly rewardPercent: Percent;
  /** The profit cap that applied (single or multiple), `null` = none. */
  readonly profitCap: Tzs | null;
  /** floor(stake × factor) − stake, capped; never below 0 (a loss is a payout below the stake). */
  readonly profit: Tzs;
  /** Gross return before reward and tax: stake + profit, or floor(stake × factor) when below the stake. */
  readonly payout: Tzs;
  /** floor(profit × rewardPercent / 100) (decision: rounded down like profit and tax). */
  readonly reward: Tzs;
  readonly taxRatePercent: Percent;
  /** floor((profit + reward) × taxRatePercent / 100). */
  readonly tax: Tzs;
  /**
   * Amount credited: payout + reward − tax, capped at stake + profit cap; for pay type 2 (credit money)
   * minus the stake, never below 0 (spec §5 "After-tax amount").
   */
  readonly afterTaxAmount: Tzs;
  /** True when a cap lowered the profit or the after-tax amount. */
  readonly capped: boolean;
}

/** The tier reward percent for a count of qualifying selections (spec §5: the tier whose `strings` equals it). */
export const rewardPercentFor = (terms: Pick<PricingTerms, 'stringRewards'>, qualifying: number): Percent =>
  terms.stringRewards.findLast((tier) => tier.strings === qualifying)?.cashBackPercent ?? 0;

/**
 * Prices `stake` at the exact `factor` (product of odds, or of settlement leg factors).
 * `countedOdds` are the odds of the selections that count (for the cap and the string reward).
 */
export const computeReturns = (
  stake: Tzs,
  payType: PayType,
  factor: Ratio,
  countedOdds: readonly OddsText[],
  terms: PricingTerms,
): Returns => {
  const pricedSelections = countedOdds.length;
  const qualifyingSelections = countedOdds.filter(
    (odds) => compareOdds(odds, terms.minStringRewardOdds) >= 0,
  ).length;
  const rewardPercent = rewardPercentFor(terms, qualifyingSelections);
  const cap = profitCap(terms, pricedSelections);
  const grossReturn = applyRatio(stake, factor);
  const uncappedProfit = Math.max(0, grossReturn - stake);
  const profit = capAt(uncappedProfit, cap);
  const payout = Math.min(grossReturn, stake + profit);
  const reward = percentOf(profit, rewardPercent);
  const tax = percentOf(dec(profit).plus(reward), terms.taxRatePercent);
  const uncappedAfterTax = payout + reward - tax;
  const afterTaxBeforeStake = cap === null ? uncappedAfterTax : Math.min(uncappedAfterTax, stake + cap);
  const afterTaxAmount =
    payType === PAY_TYPE_CREDIT ? Math.max(0, afterTaxBeforeStake - stake) : afterTaxBeforeStake;
  return {
    pricedSelections,
    qualifyingSelections,
    rewardPercent,
    profitCap: cap,
    profit,
    payout,
    reward,
    taxRatePercent: terms.taxRatePercent,
    tax,
    afterTaxAmount,
    capped: profit < uncappedProfit || afterTaxBeforeStake < uncappedAfterTax,
  };
};
