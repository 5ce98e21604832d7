/**
 * Withholding tax on winnings as a dated rule table per product (betting-rules §8; architecture.md §4).
 */
import type { Percent } from '../money/tzs.ts';
import { configAt, type Instant, type Versioned } from './versions.ts';

/** What a bet is on, for tax purposes (betting-rules §8: sports, virtual games, casino). */
export type TaxProduct = 'sports' | 'virtual' | 'casino';

/** One rate of one product, in force from `effectiveFrom` until the next rule of the same product. */
export interface TaxRule extends Versioned {
  readonly product: TaxProduct;
  /** Percent of winnings (profit + reward) withheld. */
  readonly ratePercent: Percent;
}

/**
 * Tanzanian withholding-tax history. The rates for sports are those of betting-rules §8 (2018 20%,
 * 2021 15%, 2022 10%). ASSUMPTIONS to confirm with compliance: (1) each change took effect on 1 July,
 * when the Tanzanian fiscal year and its Finance Act start, at 00:00 East Africa Time (UTC+3);
 * (2) virtual games and casino had the same rates on the same dates (no separate figures were given;
 * spec §9 gives 10% for racing today). Append rows, never edit past ones.
 */
export const TANZANIA_TAX_RULES: readonly TaxRule[] = (['sports', 'virtual', 'casino'] as const).flatMap(
  (product) => [
    { product, effectiveFrom: '2018-07-01T00:00:00+03:00', ratePercent: 20 },
    { product, effectiveFrom: '2021-07-01T00:00:00+03:00', ratePercent: 15 },
    { product, effectiveFrom: '2022-07-01T00:00:00+03:00', ratePercent: 10 },
  ],
);

/**
 * The tax rate of `product` in force at `instant`, or `undefined` when no rule had started.
 * Throws `INVALID_INSTANT` (DomainFailure) on a malformed instant.
 */
export const taxRateAt = (
  rules: readonly TaxRule[],
  product: TaxProduct,
  instant: Instant,
): Percent | undefined =>
  configAt(
    rules.filter((rule) => rule.product === product),
    instant,
  )?.ratePercent;
