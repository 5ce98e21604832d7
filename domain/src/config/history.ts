/**
 * The configuration history: dated bet configurations and the dated tax table, and the one function that
 * says which terms applied to a bet placed at a given instant (architecture.md §3, betting-rules §8).
 */
import { type BetConfig } from './bet-config.ts';
import { taxRateAt, type TaxProduct, type TaxRule } from './tax.ts';
import { configAt, type Instant, type Versioned } from './versions.ts';

/** A bet configuration (with its string-reward tiers) taking effect at `effectiveFrom`. */
export interface BetConfigVersion extends Versioned {
  readonly config: BetConfig;
}

/** Every dated version of the bet configuration, and the dated tax table. */
export interface ConfigHistory {
  readonly betConfigs: readonly BetConfigVersion[];
  readonly taxRules: readonly TaxRule[];
}

/**
 * The bet configuration in force at `instant` for `product`, with `taxRatePercent` taken from the tax
 * table when a rule of that product is in force (the law wins over the admin setting), else from the
 * configuration itself. `undefined` when no configuration had taken effect: the caller then decides
 * between refusing and {@link DEFAULT_BET_CONFIG}. Throws `INVALID_INSTANT` (DomainFailure).
 */
export const betConfigAt = (
  history: ConfigHistory,
  product: TaxProduct,
  instant: Instant,
): BetConfig | undefined => {
  const version = configAt(history.betConfigs, instant);
  if (!version) return undefined;
  const taxRatePercent = taxRateAt(history.taxRules, product, instant);
  return taxRatePercent === undefined ? version.config : { ...version.config, taxRatePercent };
};
