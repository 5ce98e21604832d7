/**
 * Virtual racing: the spec's codes and defaults (spec §3 "Racing order", "Racing period", "Racing config";
 * §4 racing codes; §9 racing constants). Rules and readings: docs/racing.md, decisions 0017 and 0018.
 */
import type { OddsText } from '../money/odds.ts';
import type { Tzs } from '../money/tzs.ts';

/** Number of cars in a round (spec §9 "Racing: 10 cars"); cars are numbered 1 to 10. */
export const CAR_COUNT = 10;

/** The cars of a round, 1 to 10. */
export const CARS: readonly number[] = Array.from({ length: CAR_COUNT }, (_, i) => i + 1);

/** Bet types (spec §9 "Bet types", §2 racing screens). */
export const RacingBetType = {
  Champion: 1,
  ChampionAndRunnerUp: 2,
  TopThree: 3,
  OddEven: 4,
  BigSmall: 5,
  LuckRacing: 6,
} as const;
/** A bet type code, 1 to 6. */
export type RacingBetType = (typeof RacingBetType)[keyof typeof RacingBetType];
/** Every bet type code, in spec order. */
export const RACING_BET_TYPES: readonly RacingBetType[] = Object.values(RacingBetType);

/** Positions a bet type picks cars for (types 1–3 and 6); odd/even and big/small pick an option instead. */
export const POSITIONS_OF: Readonly<Record<RacingBetType, number>> = {
  1: 1,
  2: 2,
  3: 3,
  4: 0,
  5: 0,
  6: CAR_COUNT,
};

/** Racing order status (spec §4 "Racing order"): 2 pending settlement, 3 returned, 4 settled. */
export const RacingOrderStatus = { PendingSettlement: 2, Returned: 3, Settled: 4 } as const;
export type RacingOrderStatus = (typeof RacingOrderStatus)[keyof typeof RacingOrderStatus];

/**
 * Racing result (spec §4): 1 not drawn, 2 win, 3 lose, 4 refunded, 5 ten-of-ten whose return is the
 * stake only (decision 0018: our Luck Racing refund tier, 2 cars in place).
 */
export const RacingResult = { NotDrawn: 1, Win: 2, Lose: 3, Refunded: 4, StakeReturned: 5 } as const;
export type RacingResult = (typeof RacingResult)[keyof typeof RacingResult];

/** Racing status of a round (spec §4): 1 not started, 2 ongoing, 3 ended. */
export const RacingStatus = { NotStarted: 1, Ongoing: 2, Ended: 3 } as const;
export type RacingStatus = (typeof RacingStatus)[keyof typeof RacingStatus];

/** Under ("small") is cars 1–5, over ("big") 6–10 (spec §9; decision 0018 on the "5 to 10" text). */
export const SMALL_MAX_CAR = 5;

/** Amount step of a racing stake, TZS (spec §5 "Amount input: step 100"). */
export const RACING_AMOUNT_STEP: Tzs = 100;

/**
 * Luck Racing (ten-of-ten) multipliers of the single stake by the number of cars in their right place
 * (spec §9; issue 19): 2 refund, 3 ×3, 4 ×10, 5 ×35, 6 ×200, 7 ×800, 8 ×9,000. Exactly nine in place is
 * impossible (the tenth is then in place too); all ten share the prize pool instead of a multiplier.
 */
export const LUCK_RACING_MULTIPLIERS: Readonly<Record<number, number>> = {
  2: 1,
  3: 3,
  4: 10,
  5: 35,
  6: 200,
  7: 800,
  8: 9_000,
};

/**
 * Racing configuration (spec §3 "Racing config"; camelCase of its fields). Odds are decimal text,
 * amounts integer TZS, rates percent (decimal text, at most 2 decimals).
 */
export interface RacingConfig {
  /** Odds of bet type 1 (`champion`). */
  readonly champion: OddsText;
  /** Odds of bet type 2 (`champion_and_runner_up`). */
  readonly championAndRunnerUp: OddsText;
  /** Odds of bet type 3 (`champion_and_runner_up_and_third`). */
  readonly championAndRunnerUpAndThird: OddsText;
  /** Odds of bet type 4 (`single_or_double`, odd/even). */
  readonly singleOrDouble: OddsText;
  /** Odds of bet type 5 (`big_or_small`). */
  readonly bigOrSmall: OddsText;
  /** Cars in a round (`number_players`); the rules are written for 10. */
  readonly numberPlayers: number;
  /** Fixed single stake of a Luck Racing ticket, TZS (`jackpot_bet_amount`). */
  readonly jackpotBetAmount: Tzs;
  /** Prize pool shared by the ten-of-ten tickets of a round, TZS (`prize_pool`). */
  readonly prizePool: Tzs;
  /** 1 pauses racing: no new round, no bet (`no_bet`). */
  readonly noBet: number;
  /** Tax on racing winnings, percent (`tax_rate`). */
  readonly taxRate: string;
  /** Tax on racing coin → balance, percent (`convert_tax_rate`). */
  readonly convertTaxRate: string;
  /** Smallest single amount, TZS (`minimum_bet_amount`). */
  readonly minimumBetAmount: Tzs;
  /** Largest amount payable of one order, TZS (`max_bet_amount`). */
  readonly maxBetAmount: Tzs;
  /** Highest profit of one order, TZS, `null` = none (our field; the spec names racing caps nowhere). */
  readonly highestProfit: Tzs | null;
}

/**
 * Spec §9 defaults: odds shown (9.69, 28, 56, 1.97, 1.97), tax 10, minimum 100, maximum 3,000,000,
 * jackpot bet amount 300. The prize pool (1,000,000) and the profit cap (none) are ours: the spec gives
 * none (decision 0018). The RTP of these odds is in docs/racing.md; decision 0017 reads the low ones.
 */
export const DEFAULT_RACING_CONFIG: RacingConfig = {
  champion: '9.69',
  championAndRunnerUp: '28',
  championAndRunnerUpAndThird: '56',
  singleOrDouble: '1.97',
  bigOrSmall: '1.97',
  numberPlayers: CAR_COUNT,
  jackpotBetAmount: 300,
  prizePool: 1_000_000,
  noBet: 0,
  taxRate: '10',
  convertTaxRate: '10',
  minimumBetAmount: 100,
  maxBetAmount: 3_000_000,
  highestProfit: null,
};

/** The configured odds of a fixed-odds bet type (1–5); Luck Racing has a prize table instead. */
export const oddsOf = (config: RacingConfig, betType: Exclude<RacingBetType, 6>): OddsText =>
  ({
    1: config.champion,
    2: config.championAndRunnerUp,
    3: config.championAndRunnerUpAndThird,
    4: config.singleOrDouble,
    5: config.bigOrSmall,
  })[betType];
