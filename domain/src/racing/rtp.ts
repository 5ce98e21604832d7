/**
 * Exact return to player (RTP) of every racing bet type (issue 19 "RTP"; betting-rules §6), as exact
 * ratios of decimals (domain/src/money/ratio.ts): RTP = Σ P(outcome) × return / stake over the draw's
 * 10! equally likely finishing orders. Shown on the Rules page, in the back office, and in
 * docs/racing.md (checked by a test). Readings of low defaults: decision 0017.
 */
import { dec } from '../money/decimal.ts';
import { ratio, ratioToDecimal, type Ratio } from '../money/ratio.ts';
import {
  CAR_COUNT,
  LUCK_RACING_MULTIPLIERS,
  oddsOf,
  RacingBetType,
  SMALL_MAX_CAR,
  type RacingConfig,
} from './rules.ts';

/** n! as a bigint. */
export const factorial = (n: number): bigint => {
  let f = 1n;
  for (let i = 2n; i <= BigInt(n); i += 1n) f *= i;
  return f;
};

/** Binomial coefficient C(n, k) as a bigint (0 outside 0 ≤ k ≤ n). */
export const binomial = (n: number, k: number): bigint =>
  k < 0 || k > n ? 0n : factorial(n) / (factorial(k) * factorial(n - k));

/** Derangements !n: permutations of n with no fixed point (!0 = 1, !1 = 0, !n = (n−1)(!(n−1) + !(n−2))). */
export const derangements = (n: number): bigint => {
  let [a, b] = [1n, 0n];
  if (n === 0) return a;
  for (let i = 2; i <= n; i += 1) [a, b] = [b, BigInt(i - 1) * (a + b)];
  return b;
};

/**
 * Rencontres number D(n, k): permutations of n with exactly k fixed points = C(n, k) × !(n − k).
 * P(exactly k cars of a Luck Racing ticket in place) = D(10, k) / 10!.
 */
export const rencontres = (n: number, k: number): bigint => binomial(n, k) * derangements(n - k);

/** Chance that one ticket of a bet type wins (Luck Racing: pays anything), exact. */
export const winningChance = (betType: RacingBetType): Ratio => {
  const orders = factorial(CAR_COUNT);
  switch (betType) {
    case RacingBetType.Champion:
      return ratio(1, CAR_COUNT);
    case RacingBetType.ChampionAndRunnerUp:
      return ratio(1, CAR_COUNT * (CAR_COUNT - 1));
    case RacingBetType.TopThree:
      return ratio(1, CAR_COUNT * (CAR_COUNT - 1) * (CAR_COUNT - 2));
    case RacingBetType.OddEven:
      return ratio(Math.ceil(CAR_COUNT / 2), CAR_COUNT);
    case RacingBetType.BigSmall:
      return ratio(SMALL_MAX_CAR, CAR_COUNT);
    case RacingBetType.LuckRacing: {
      let paying = rencontres(CAR_COUNT, CAR_COUNT);
      for (const k of Object.keys(LUCK_RACING_MULTIPLIERS)) paying += rencontres(CAR_COUNT, Number(k));
      return ratio(paying.toString(), orders.toString());
    }
  }
};

/** One row of the RTP table. `rtp` is a fraction of the stake (0.969 = 96.9 %). */
export interface RtpRow {
  readonly betType: RacingBetType;
  /** Odds of bet types 1–5 (decimal text); `null` for Luck Racing. */
  readonly odds: string | null;
  /** Chance that one ticket wins (Luck Racing: pays anything). */
  readonly winningChance: Ratio;
  /** Exact RTP of the fixed-odds or fixed-prize part. */
  readonly rtp: Ratio;
  /**
   * Luck Racing only: the prize pool's part of the RTP when a ten-of-ten ticket wins it alone
   * (prize pool ÷ (jackpot bet amount × 10!)); an upper bound, as winners share the pool. 0 otherwise.
   */
  readonly poolRtp: Ratio;
}

/** Exact RTP of a bet type under `config` (before tax on winnings and without the profit cap). */
export const exactRtp = (betType: RacingBetType, config: RacingConfig): RtpRow => {
  const chance = winningChance(betType);
  if (betType !== RacingBetType.LuckRacing) {
    const odds = oddsOf(config, betType);
    return {
      betType,
      odds,
      winningChance: chance,
      rtp: { num: chance.num.times(dec(odds)), den: chance.den },
      poolRtp: ratio(0),
    };
  }
  let returned = 0n;
  for (const [k, m] of Object.entries(LUCK_RACING_MULTIPLIERS))
    returned += rencontres(CAR_COUNT, Number(k)) * BigInt(m);
  const orders = factorial(CAR_COUNT);
  return {
    betType,
    odds: null,
    winningChance: chance,
    rtp: ratio(returned.toString(), orders.toString()),
    poolRtp: ratio(config.prizePool, (orders * BigInt(config.jackpotBetAmount)).toString()),
  };
};

/** The RTP table of every bet type, in spec order. */
export const rtpTable = (config: RacingConfig): RtpRow[] =>
  Object.values(RacingBetType).map((betType) => exactRtp(betType, config));

/** An RTP as percent text with `dp` decimals, truncated: `0.969` → `"96.90"`. */
export const rtpPercent = (rtp: Ratio, dp = 2): string =>
  ratioToDecimal({ num: rtp.num.times(100), den: rtp.den }, dp).toFixed(dp);

/**
 * True when an RTP lies outside the configured band (the racing configuration screen warns; issue 19).
 * `band` is in percent, e.g. `{ min: 85, max: 99 }`.
 */
export const rtpOutsideBand = (rtp: Ratio, band: { readonly min: number; readonly max: number }): boolean => {
  const percent = rtp.num.times(100).div(rtp.den);
  return percent.lt(band.min) || percent.gt(band.max);
};

/** The default band of the configuration screen's RTP warning, percent (ours; decision 0017). */
export const DEFAULT_RTP_BAND = { min: 85, max: 99 } as const;

/** Odds that give `targetPercent` RTP for a fixed-odds bet type, truncated to 2 decimals (decision 0017). */
export const oddsForRtp = (betType: Exclude<RacingBetType, 6>, targetPercent: number): string => {
  const chance = winningChance(betType);
  return dec(targetPercent).div(100).times(chance.den).div(chance.num).round(2, 0).toFixed(2);
};
