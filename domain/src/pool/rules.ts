/**
 * The data the rules page (`/string_ball/rules`, spec §2; Lucky Six likewise) is generated from, so the
 * published rules are always the configuration in force (betting-rules §5 "Publish the prize rule"),
 * and the advisory `max_range_odds` check (our reading: docs/decisions/0015-pool-game-type-fields.md).
 */
import { dec, type Decimal } from '../money/decimal.ts';
import type { Percent } from '../money/tzs.ts';
import { MAX_PICKS_PER_MATCH, VOID_AFTER_MS } from './constants.ts';
import { outcomesOf } from './picks.ts';
import { minPrizeHits, type PoolGame, type PoolTerms, type RewardType } from './terms.ts';

/** One row of the published prize table. */
export interface RulesTier {
  readonly hits: number;
  readonly rewardType: RewardType;
  /** TZS per line (`fixed`) or percent of the pool (`poolPercent`), as configured. */
  readonly proportion: string;
  /** The top tier also shares the seed (`init_jackpot`) when won. */
  readonly sharesSeed: boolean;
  /** Whether an unwon tier's fund rolls over to the next issue (always, in our rules). */
  readonly rollsOver: boolean;
}

/** Everything the rules page states, from the terms and the tax rate in force. Amounts TZS. */
export interface PoolRulesData {
  readonly game: PoolGame;
  readonly matches: number;
  /** What a pick names: `1`/`X`/`2`, or the Lucky Six scores. */
  readonly outcomes: readonly string[];
  readonly maxPicksPerMatch: number;
  readonly maxDoubles: number;
  readonly maxLines: number;
  readonly betAmount: number;
  readonly maxStake: number;
  /** `increment` as a percent of stakes (e.g. "15"). */
  readonly poolSharePercent: string;
  readonly initJackpot: number;
  readonly maxAddBalance: number;
  readonly minPrizeHits: number;
  readonly tiers: readonly RulesTier[];
  readonly maxVoid: number;
  readonly voidAfterHours: number;
  readonly taxRatePercent: Percent;
  readonly creditAllowed: boolean;
  /** Entries close at the first kick-off of the matches. */
  readonly closesAt: 'first_kick_off';
  readonly maxRangeOdds: string;
}

/** The rules page data of `terms` with the withholding tax rate in force (`taxRateAt`). */
export const poolRules = (terms: PoolTerms, taxRatePercent: Percent): PoolRulesData => {
  const maxDoubles = terms.maxChoose;
  return {
    game: terms.game,
    matches: terms.guessNumber,
    outcomes: outcomesOf(terms.game),
    maxPicksPerMatch: maxDoubles > 0 ? MAX_PICKS_PER_MATCH : 1,
    maxDoubles,
    maxLines: 2 ** maxDoubles,
    betAmount: terms.betAmount,
    maxStake: 2 ** maxDoubles * terms.betAmount,
    poolSharePercent: dec(terms.increment).times(100).toFixed(),
    initJackpot: terms.initJackpot,
    maxAddBalance: terms.maxAddBalance,
    minPrizeHits: minPrizeHits(terms),
    tiers: terms.tiers.map((t, i) => ({
      hits: t.hits,
      rewardType: t.rewardType,
      proportion: t.proportion,
      sharesSeed: i === 0 && terms.initJackpot > 0,
      rollsOver: true,
    })),
    maxVoid: terms.maxVoid,
    voidAfterHours: VOID_AFTER_MS / 3_600_000,
    taxRatePercent,
    creditAllowed: terms.creditAllowed,
    closesAt: 'first_kick_off',
    maxRangeOdds: terms.maxRangeOdds,
  };
};

/**
 * How lopsided a match is, from its home and away decimal odds: |away − home| / (away + home), i.e.
 * the gap between the two sides' implied win chances as a share of their sum (the margin cancels).
 * 0 for an even match, towards 1 for a one-sided one. Exact decimal.
 */
export const oddsRange = (homeOdds: string, awayOdds: string): Decimal => {
  const home = dec(homeOdds);
  const away = dec(awayOdds);
  return away.minus(home).abs().div(away.plus(home));
};

/** Our reading of spec `max_range_odds`: advisory, a match whose {@link oddsRange} exceeds it is flagged to staff building an issue. */
export const exceedsMaxRangeOdds = (homeOdds: string, awayOdds: string, maxRangeOdds: string): boolean =>
  oddsRange(homeOdds, awayOdds).gt(maxRangeOdds);
