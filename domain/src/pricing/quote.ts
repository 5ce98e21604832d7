/**
 * Betslip pricing (spec §5 "Total odds", "Profit", "Tax", "Reward", "After-tax amount"; betting-rules §1).
 */
import type { BetConfig, PayType } from '../config/bet-config.ts';
import type { DomainError } from '../errors.ts';
import { totalOdds, type OddsText } from '../money/odds.ts';
import { mulRatio, RATIO_ONE, ratio } from '../money/ratio.ts';
import type { Tzs } from '../money/tzs.ts';
import { computeReturns, type Returns } from './returns.ts';
import { isAvailable, type Betslip } from './slip.ts';
import { validateSlip } from './validate.ts';

/** The totals the slip shows (spec §2 "Betslip panel" totals). Amounts in TZS. */
export interface Quote extends Returns {
  readonly stake: Tzs;
  readonly payType: PayType;
  /** All selections on the slip, available or not. */
  readonly selections: number;
  /** Product of the available selections' odds, truncated to 2 decimals, e.g. "5.85". */
  readonly totalOdds: OddsText;
}

/**
 * Prices a slip. Unavailable selections are left out (the product, the cap choice and the reward tier use
 * the available ones only). Profit uses the exact product of odds, not the truncated total odds. Does not
 * validate: call {@link validateSlip} first, or use {@link checkedQuote}. Odds must be decimal text.
 */
export const quote = (slip: Betslip, config: BetConfig): Quote => {
  const counted = slip.selections.filter(isAvailable).map((s) => s.odds);
  const factor = counted.reduce((product, odds) => mulRatio(product, ratio(odds)), RATIO_ONE);
  return {
    stake: slip.stake,
    payType: slip.payType,
    selections: slip.selections.length,
    totalOdds: totalOdds(counted),
    ...computeReturns(slip.stake, slip.payType, factor, counted, config),
  };
};

/** {@link validateSlip} then {@link quote}: the quote, or every refusal (DomainError codes of `SLIP_ERROR_CODES`). */
export const checkedQuote = (
  slip: Betslip,
  config: BetConfig,
):
  | { readonly ok: true; readonly quote: Quote }
  | { readonly ok: false; readonly errors: readonly DomainError[] } => {
  const errors = validateSlip(slip, config);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, quote: quote(slip, config) };
};
