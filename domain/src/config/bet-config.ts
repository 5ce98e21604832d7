/**
 * Bet configuration (spec §3 "Bet config" and "String reward tier", defaults in spec §9 "Bet limits").
 * Field names are camelCase; each doc comment names the spec field it holds.
 */
import type { OddsText } from '../money/odds.ts';
import type { Percent, Tzs } from '../money/tzs.ts';

/** Pay type of a bet (spec §4 "Pay type of a bet"): 1 = real balance, 2 = credit money (free bet / bonus). */
export type PayType = 1 | 2;
/** Pay type 1: the stake comes from the real balance. */
export const PAY_TYPE_BALANCE = 1 as const;
/** Pay type 2: the stake is credit money (free bet / bonus); winnings are paid without the stake. */
export const PAY_TYPE_CREDIT = 2 as const;

/** One row of the acca-bonus table (spec §3 "String reward tier"). */
export interface StringRewardTier {
  /** spec `strings`: the number of qualifying selections this tier applies to (exact match). */
  readonly strings: number;
  /** spec `cash_back`: percent of profit paid as reward. */
  readonly cashBackPercent: Percent;
}

/** The bet configuration in force (spec §3 "Bet config"). Amounts in TZS, odds as decimal text. */
export interface BetConfig {
  /** spec `minimum_bet_amount`: minimum stake paid from the real balance (pay type 1). */
  readonly minimumBetAmount: Tzs;
  /** spec `minimum_bet_amount_virtual`: minimum stake paid with credit money (pay type 2). */
  readonly minimumBetAmountVirtual: Tzs;
  /** spec `max_bet_amount`: maximum stake. */
  readonly maxBetAmount: Tzs;
  /** spec `min_string_reward_odds`: a selection counts towards the string reward at odds >= this. */
  readonly minStringRewardOdds: OddsText;
  /** spec `tax_rate`: withholding tax on winnings, percent. */
  readonly taxRatePercent: Percent;
  /** spec `single_game_highest_profit`: profit cap of a one-selection bet; `null` = no cap. */
  readonly singleGameHighestProfit: Tzs | null;
  /** spec `multiple_game_highest_profit`: profit cap of a multiple; `null` = no cap. */
  readonly multipleGameHighestProfit: Tzs | null;
  /** spec `customer_service`: contact text shown with refusals. */
  readonly customerService: string;
  /** spec `pause_prompt`: text of the no-bet view. */
  readonly pausePrompt: string;
  /** spec `no_bet`: 0 = betting open; any other value pauses betting. */
  readonly noBet: number;
  /** spec `string_rewards/inquire`: the acca-bonus tiers. */
  readonly stringRewards: readonly StringRewardTier[];
  /**
   * spec §9 "Admin-configurable: rolling-bet delay on mobile": seconds (whole, 0–30) a player's live bet
   * placed from a phone-width screen is held before it is re-checked and accepted; 0 = no hold.
   */
  readonly liveBetDelaySecondsMobile: number;
  /** spec §9 "rolling-bet delay on … desktop": the same hold, in seconds (whole, 0–30), for wide screens. */
  readonly liveBetDelaySecondsDesktop: number;
  /**
   * spec §9 "Admin-configurable: order warning amount": a bet whose stake, TZS, is at least this is a
   * "large bet" the back office flags for staff (a risk aid; it refuses nothing). `null` = no warning.
   * Whole TZS ≥ 1.
   */
  readonly orderWarningAmount: Tzs | null;
  /**
   * spec §9 "Admin-configurable: min and max bet for mobile …": the lowest stake, TZS, of a bet placed
   * from the MOBILE channel, on top of the pay type's minimum (the larger applies, {@link stakeLimits}).
   * `null` = no mobile minimum. Whole TZS ≥ 1.
   */
  readonly minimumBetAmountMobile: Tzs | null;
  /**
   * spec §9 "max bet for mobile": the highest stake, TZS, of a bet from the MOBILE channel, on top of
   * `maxBetAmount` (the smaller applies, {@link stakeLimits}). `null` = no mobile maximum. Whole TZS ≥ 1.
   */
  readonly maximumBetAmountMobile: Tzs | null;
  /** spec §9 "min … bet for … desktop": as {@link BetConfig.minimumBetAmountMobile}, for the DESKTOP channel. */
  readonly minimumBetAmountDesktop: Tzs | null;
  /** spec §9 "max bet for … desktop": as {@link BetConfig.maximumBetAmountMobile}, for the DESKTOP channel. */
  readonly maximumBetAmountDesktop: Tzs | null;
}

/** Where a bet is placed from (GraphQL `BetChannel`): the player site under / above its 960 px breakpoint (spec §9 Layout). */
export type BetChannel = 'MOBILE' | 'DESKTOP';

/**
 * Default rolling-bet hold, seconds. The spec lists the delay as admin-configurable without a figure;
 * 5 s is within the 3–10 s live-bet delays common in sportsbooks and matches the feed's tick pace.
 */
export const DEFAULT_LIVE_BET_DELAY_SECONDS = 5;

/** Longest rolling-bet (live bet) hold staff may configure, seconds. */
export const MAX_LIVE_BET_DELAY_SECONDS = 30;

/** True for a valid rolling-bet hold: whole seconds from 0 to {@link MAX_LIVE_BET_DELAY_SECONDS}. */
export const isLiveBetDelaySeconds = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_LIVE_BET_DELAY_SECONDS;

/**
 * The hold of a live bet from `channel`, whole seconds (spec §9 "rolling-bet delay on mobile and
 * desktop"). A stored value that is not a valid delay (hand-edited row) counts as the default.
 */
export const liveBetDelaySeconds = (
  config: Pick<BetConfig, 'liveBetDelaySecondsMobile' | 'liveBetDelaySecondsDesktop'>,
  channel: BetChannel,
): number => {
  const value = channel === 'MOBILE' ? config.liveBetDelaySecondsMobile : config.liveBetDelaySecondsDesktop;
  return isLiveBetDelaySeconds(value) ? value : DEFAULT_LIVE_BET_DELAY_SECONDS;
};

/** True for a valid order warning amount: whole TZS of at least 1 (spec §9 "order warning amount"). */
export const isOrderWarningAmount = (value: unknown): value is Tzs =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;

/**
 * The order warning amount in force, TZS, or `null` when none is set (spec §9 "order warning amount").
 * A stored value that is not a valid amount (hand-edited row) counts as none.
 */
export const orderWarningAmount = (config: Pick<BetConfig, 'orderWarningAmount'>): Tzs | null =>
  isOrderWarningAmount(config.orderWarningAmount) ? config.orderWarningAmount : null;

/**
 * True when a bet of `stake` TZS is a "large bet" under `config` (spec §9 "order warning amount"): the
 * stake is at least the warning amount. Never true when no warning amount is set.
 */
export const isLargeBet = (config: Pick<BetConfig, 'orderWarningAmount'>, stake: Tzs): boolean => {
  const warning = orderWarningAmount(config);
  return warning !== null && stake >= warning;
};

/** Stake step (spec §5 "Amount input": step 100). */
export const BET_AMOUNT_STEP: Tzs = 100;
/** Most selections on one slip (spec §5 "Accumulator": at most 60). */
export const MAX_SELECTIONS = 60;

/**
 * Defaults when no configuration has been loaded (spec §9 "Bet limits"): minimum 100, virtual minimum
 * 100, maximum 3,000,000, min string-reward odds 1, tax 10%. The spec gives no figures for the profit
 * caps ("numbers not shown"): they default to no cap. No string-reward tiers by default. The rolling-bet
 * delays have no figure in the spec either: {@link DEFAULT_LIVE_BET_DELAY_SECONDS} (5 s) on both channels.
 * Nor does the order warning amount: it defaults to none (`null`, no bet is flagged). Nor do the stakes per
 * channel: no channel has limits of its own by default (`null`), so the pay-type minimums and
 * `maxBetAmount` alone apply.
 */
export const DEFAULT_BET_CONFIG: BetConfig = {
  minimumBetAmount: 100,
  minimumBetAmountVirtual: 100,
  maxBetAmount: 3_000_000,
  minStringRewardOdds: '1',
  taxRatePercent: 10,
  singleGameHighestProfit: null,
  multipleGameHighestProfit: null,
  customerService: '',
  pausePrompt: '',
  noBet: 0,
  stringRewards: [],
  liveBetDelaySecondsMobile: DEFAULT_LIVE_BET_DELAY_SECONDS,
  liveBetDelaySecondsDesktop: DEFAULT_LIVE_BET_DELAY_SECONDS,
  orderWarningAmount: null,
  minimumBetAmountMobile: null,
  maximumBetAmountMobile: null,
  minimumBetAmountDesktop: null,
  maximumBetAmountDesktop: null,
};

/**
 * Fallbacks when a configuration IS loaded but some values are missing (spec §9: "the slip falls back to
 * 300 for minimums and 900,000 for the maximum"). Other missing fields take {@link DEFAULT_BET_CONFIG}.
 */
export const MISSING_VALUE_FALLBACKS = {
  minimumBetAmount: 300,
  minimumBetAmountVirtual: 300,
  maxBetAmount: 900_000,
} as const satisfies Partial<BetConfig>;

/**
 * The fields whose `null` is a value of its own ("no cap", "no warning", "no channel limit"), not a
 * missing value.
 */
const NULLABLE_FIELDS: ReadonlySet<string> = new Set<keyof BetConfig>([
  'singleGameHighestProfit',
  'multipleGameHighestProfit',
  'orderWarningAmount',
  'minimumBetAmountMobile',
  'maximumBetAmountMobile',
  'minimumBetAmountDesktop',
  'maximumBetAmountDesktop',
]);

/**
 * The configuration to use: `undefined` (nothing loaded) gives {@link DEFAULT_BET_CONFIG}; a loaded,
 * possibly partial, configuration keeps its values and fills the gaps with
 * {@link MISSING_VALUE_FALLBACKS} then the defaults (spec §9). `null` and `undefined` values count as missing.
 * Does not validate; see {@link betConfigErrors}.
 */
export const resolveBetConfig = (
  loaded: Partial<Record<keyof BetConfig, unknown>> | undefined,
): BetConfig => {
  if (loaded === undefined) return DEFAULT_BET_CONFIG;
  const present = Object.fromEntries(
    Object.entries(loaded).filter(
      ([key, value]) =>
        value !== undefined &&
        // null is a real value for the profit caps ("no cap"), the order warning amount ("no
        // warning") and the channel stake limits ("no channel limit"), a missing one elsewhere.
        (value !== null || NULLABLE_FIELDS.has(key)),
    ),
  );
  return { ...DEFAULT_BET_CONFIG, ...MISSING_VALUE_FALLBACKS, ...present } as BetConfig;
};

/**
 * The minimum stake for a pay type, TZS (spec §5 "Amount input": the minimum depends on pay type). The
 * channel's own minimum is not in it: see {@link stakeLimits}.
 */
export const minimumStake = (
  config: Pick<BetConfig, 'minimumBetAmount' | 'minimumBetAmountVirtual'>,
  payType: PayType,
): Tzs => (payType === PAY_TYPE_CREDIT ? config.minimumBetAmountVirtual : config.minimumBetAmount);

/**
 * True for a valid stake limit of a channel: whole TZS of at least 1 (spec §9 "min and max bet for
 * mobile and desktop"). Staff may only set multiples of 100 (the stake step); reading is lenient.
 */
export const isChannelStakeLimit = (value: unknown): value is Tzs =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;

/** The lowest and highest stake of a bet, TZS, both allowed. */
export interface StakeLimits {
  readonly minimum: Tzs;
  readonly maximum: Tzs;
}

/** The configuration fields {@link stakeLimits} reads. */
export type StakeLimitFields = Pick<
  BetConfig,
  | 'minimumBetAmount'
  | 'minimumBetAmountVirtual'
  | 'maxBetAmount'
  | 'minimumBetAmountMobile'
  | 'maximumBetAmountMobile'
  | 'minimumBetAmountDesktop'
  | 'maximumBetAmountDesktop'
>;

/**
 * The stake limits of a bet paid with `payType` from `channel`, TZS (spec §5 "Amount input"; spec §9
 * "min and max bet for mobile and desktop, and for balance and free-bet payment"). The spec does not say
 * how the two pairs combine; both hold, so the stricter of each wins:
 * - minimum = the larger of the pay type's minimum ({@link minimumStake}) and the channel's minimum;
 * - maximum = the smaller of `maxBetAmount` and the channel's maximum.
 * A channel limit that is `null` (or not a valid amount, a hand-edited row) adds nothing. Without a
 * `channel` (staff and random-tool bets, a slip that does not say where it is placed) only the pay-type
 * minimum and `maxBetAmount` apply. The result can be an empty range (minimum above maximum) only for a
 * configuration staff cannot save (the back office refuses a channel maximum below the pay-type
 * minimums or a channel minimum above the maximums); every stake is then refused.
 */
export const stakeLimits = (
  config: StakeLimitFields,
  payType: PayType,
  channel?: BetChannel,
): StakeLimits => {
  const minimum = minimumStake(config, payType);
  if (channel === undefined) return { minimum, maximum: config.maxBetAmount };
  const [channelMinimum, channelMaximum] =
    channel === 'MOBILE'
      ? [config.minimumBetAmountMobile, config.maximumBetAmountMobile]
      : [config.minimumBetAmountDesktop, config.maximumBetAmountDesktop];
  return {
    minimum: isChannelStakeLimit(channelMinimum) ? Math.max(minimum, channelMinimum) : minimum,
    maximum: isChannelStakeLimit(channelMaximum)
      ? Math.min(config.maxBetAmount, channelMaximum)
      : config.maxBetAmount,
  };
};

/** The profit cap for a bet of `selections` priced selections (spec §5 "Profit"): single or multiple. */
export const profitCap = (
  config: Pick<BetConfig, 'singleGameHighestProfit' | 'multipleGameHighestProfit'>,
  selections: number,
): Tzs | null => (selections <= 1 ? config.singleGameHighestProfit : config.multipleGameHighestProfit);

/** True when betting is paused (spec §4 "Betting pause": `no_bet` non-zero). */
export const isBettingPaused = (config: Pick<BetConfig, 'noBet'>): boolean => config.noBet !== 0;
