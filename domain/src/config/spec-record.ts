/**
 * Reading the bet configuration as the specification names it (spec §7 `bet_config/inquire` and
 * `string_rewards/inquire` answers: snake_case fields), for the edges that receive it in that form.
 */
import { resolveBetConfig, type BetConfig } from './bet-config.ts';

/** The spec's bet-config record (spec §3 "Bet config"); any field may be missing or null. */
export interface SpecBetConfigRecord {
  readonly minimum_bet_amount?: number | null;
  readonly minimum_bet_amount_virtual?: number | null;
  readonly max_bet_amount?: number | null;
  readonly min_string_reward_odds?: string | number | null;
  readonly tax_rate?: number | null;
  readonly single_game_highest_profit?: number | null;
  readonly multiple_game_highest_profit?: number | null;
  readonly customer_service?: string | null;
  readonly pause_prompt?: string | null;
  readonly no_bet?: number | null;
}

/** The spec's string-reward tier (spec §3 "String reward tier"). */
export interface SpecStringRewardRecord {
  readonly strings: number;
  readonly cash_back: number;
}

/**
 * A {@link BetConfig} from the spec's records, with the spec §9 fallbacks for missing values (300
 * minimums, 900,000 maximum; see `resolveBetConfig`). A missing or null cap means no cap. Odds given as a
 * number are read through their shortest text. Does not validate values.
 */
export const betConfigFromSpec = (
  record: SpecBetConfigRecord,
  tiers: readonly SpecStringRewardRecord[] = [],
): BetConfig =>
  resolveBetConfig({
    minimumBetAmount: record.minimum_bet_amount,
    minimumBetAmountVirtual: record.minimum_bet_amount_virtual,
    maxBetAmount: record.max_bet_amount,
    minStringRewardOdds:
      record.min_string_reward_odds === null || record.min_string_reward_odds === undefined
        ? undefined
        : String(record.min_string_reward_odds),
    taxRatePercent: record.tax_rate,
    singleGameHighestProfit: record.single_game_highest_profit ?? null,
    multipleGameHighestProfit: record.multiple_game_highest_profit ?? null,
    customerService: record.customer_service,
    pausePrompt: record.pause_prompt,
    noBet: record.no_bet,
    stringRewards: tiers.map((tier) => ({ strings: tier.strings, cashBackPercent: tier.cash_back })),
  });
