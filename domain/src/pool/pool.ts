/**
 * Pool and tier arithmetic of a pool game in exact integer TZS (issue 18 "Pool"; spec §3 "Jackpot
 * info", §9 "increment 0.15 … The displayed prize is the initial plus the current jackpot";
 * betting-rules §5). Our readings where the spec is silent: docs/decisions/0016-pool-arithmetic.md.
 *
 * - pool = carried over + ⌊increment × this issue's stakes⌋;
 * - a `poolPercent` tier's fund = ⌊proportion % × pool⌋, shared equally by its winning lines, each
 *   line's prize rounded down to the shilling; a `fixed` tier pays its amount per line out of the pool
 *   left after the percentage tiers, scaled down pro rata when that is not enough;
 * - the top tier also shares the seed `init_jackpot` when it has winners (the operator pays it);
 * - every shilling not paid rolls over: unwon tiers, the unallocated share, and the breakage.
 * So prizes paid + rolled over + breakage = pool + seed paid.
 */
import { dec, floorToInteger } from '../money/decimal.ts';
import type { PoolTerms, PrizeTier, RewardType } from './terms.ts';

/** ⌊increment × stakes⌋: the share of an issue's stakes (TZS) that goes to its pool. */
export const poolShareOfStakes = (stakes: number, increment: string): number =>
  floorToInteger(dec(stakes).times(increment));

/** The pool of an issue, TZS: `carriedOver` (from the previous issue) + ⌊increment × stakes⌋. */
export const issuePool = (carriedOver: number, stakes: number, increment: string): number =>
  carriedOver + poolShareOfStakes(stakes, increment);

/** The fund of a `poolPercent` tier, TZS: ⌊proportion % × pool⌋. 0 for a fixed tier. */
export const percentTierFund = (tier: PrizeTier, pool: number): number =>
  tier.rewardType === 'poolPercent' ? floorToInteger(dec(pool).times(tier.proportion).div(100)) : 0;

/**
 * The current jackpot (spec §3 `jackpot`, "accumulated"): what the top tier's lines would share now
 * besides the seed — its fund from `pool`, or its fixed amount. TZS.
 */
export const accumulatedJackpot = (terms: PoolTerms, pool: number): number => {
  const top = terms.tiers[0];
  if (!top) return 0;
  return top.rewardType === 'fixed' ? Number(top.proportion) : percentTierFund(top, pool);
};

/** The displayed jackpot (spec §9): `init_jackpot` + the accumulated jackpot of `pool`. TZS. */
export const displayedJackpot = (terms: PoolTerms, pool: number): number =>
  terms.initJackpot + accumulatedJackpot(terms, pool);

/** How one tier settled. All amounts TZS. */
export interface TierSettlement {
  readonly hits: number;
  readonly rewardType: RewardType;
  readonly proportion: string;
  /** Money set aside for the tier: its percentage fund, or what its fixed prizes claimed (after scaling). */
  readonly fund: number;
  /** The seed added to the fund (top tier, when won). */
  readonly seed: number;
  readonly winningLines: number;
  /** What each winning line gets, before tax. */
  readonly prizePerLine: number;
  /** prizePerLine × winningLines. */
  readonly paid: number;
  /** The fund of an unwon tier. */
  readonly rolledOver: number;
  /** What rounding each line down left of the fund and seed. */
  readonly breakage: number;
}

/** How an issue's pool settled. Amounts TZS. Invariant: prizesPaid + rolledOver + breakage = pool + seedPaid. */
export interface PoolSettlement {
  readonly stakes: number;
  readonly carriedOver: number;
  readonly pool: number;
  readonly seedPaid: number;
  readonly tiers: readonly TierSettlement[];
  readonly prizesPaid: number;
  /** Unwon tiers and the share of the pool no tier took. */
  readonly rolledOver: number;
  readonly breakage: number;
  /** rolledOver + breakage: what the next issue carries over. */
  readonly carryOver: number;
}

/** What settling an issue's pool needs: the money in, and the winning lines by hits (all tickets). */
export interface PoolSettlementInput {
  readonly carriedOver: number;
  readonly stakes: number;
  /** Lines with exactly `hits` correct, over every ticket of the issue; missing = 0. */
  readonly winningLines: Readonly<Record<number, number>>;
}

/**
 * Settles an issue's pool under `terms` (see the module comment for the rules). Pure and total:
 * amounts must be whole TZS ≥ 0 (the deciders check that before calling).
 */
export const settlePool = (terms: PoolTerms, input: PoolSettlementInput): PoolSettlement => {
  const pool = issuePool(input.carriedOver, input.stakes, terms.increment);
  const linesOf = (tier: PrizeTier) => input.winningLines[tier.hits] ?? 0;
  const percentFunds = terms.tiers.map((t) => percentTierFund(t, pool));
  const unreserved = pool - percentFunds.reduce((a, b) => a + b, 0);
  const claims = terms.tiers.reduce(
    (sum, t) => (t.rewardType === 'fixed' ? sum + Number(t.proportion) * linesOf(t) : sum),
    0,
  );
  const fixedPrize = (tier: PrizeTier): number =>
    claims <= unreserved
      ? Number(tier.proportion)
      : floorToInteger(dec(tier.proportion).times(unreserved).div(claims));
  const tiers = terms.tiers.map((tier, i): TierSettlement => {
    const winningLines = linesOf(tier);
    const seed = i === 0 && winningLines > 0 ? terms.initJackpot : 0;
    const base = { hits: tier.hits, rewardType: tier.rewardType, proportion: tier.proportion, winningLines };
    if (tier.rewardType === 'fixed') {
      const perLine = fixedPrize(tier);
      const seedPerLine = winningLines > 0 ? Math.floor(seed / winningLines) : 0;
      const prizePerLine = perLine + seedPerLine;
      return {
        ...base,
        fund: perLine * winningLines,
        seed,
        prizePerLine,
        paid: prizePerLine * winningLines,
        rolledOver: 0,
        breakage: seed - seedPerLine * winningLines,
      };
    }
    const fund = percentFunds[i] ?? 0;
    if (winningLines === 0)
      return { ...base, fund, seed, prizePerLine: 0, paid: 0, rolledOver: fund, breakage: 0 };
    const prizePerLine = Math.floor((fund + seed) / winningLines);
    const paid = prizePerLine * winningLines;
    return { ...base, fund, seed, prizePerLine, paid, rolledOver: 0, breakage: fund + seed - paid };
  });
  const fixedFunds = tiers.reduce((sum, t) => (t.rewardType === 'fixed' ? sum + t.fund : sum), 0);
  // Scaling fixed prizes down leaves a rounding remainder of the unreserved share: breakage, not rollover.
  const fixedBreakage = claims > unreserved ? unreserved - fixedFunds : 0;
  const unallocated = claims > unreserved ? 0 : unreserved - claims;
  const sum = (f: (t: TierSettlement) => number) => tiers.reduce((a, t) => a + f(t), 0);
  const rolledOver = sum((t) => t.rolledOver) + unallocated;
  const breakage = sum((t) => t.breakage) + fixedBreakage;
  return {
    stakes: input.stakes,
    carriedOver: input.carriedOver,
    pool,
    seedPaid: sum((t) => t.seed),
    tiers,
    prizesPaid: sum((t) => t.paid),
    rolledOver,
    breakage,
    carryOver: rolledOver + breakage,
  };
};

/** The prize of one line with `hits` correct under a settlement (0 below the lowest tier). TZS. */
export const prizePerLineAt = (settlement: PoolSettlement, hits: number): number =>
  settlement.tiers.find((t) => t.hits === hits)?.prizePerLine ?? 0;

/**
 * The most one line of each tier could win if it were the tier's only winner, given the current `pool`
 * (fund + seed for a percentage tier; the fixed amount, plus the seed on the top tier). For the live
 * tracker and the purchase screen ("possible prize"). TZS.
 */
export const tierPrizeCeilings = (
  terms: PoolTerms,
  pool: number,
): readonly { readonly hits: number; readonly prizePerLine: number }[] =>
  terms.tiers.map((tier, i) => ({
    hits: tier.hits,
    prizePerLine:
      (tier.rewardType === 'fixed' ? Number(tier.proportion) : percentTierFund(tier, pool)) +
      (i === 0 ? terms.initJackpot : 0),
  }));
