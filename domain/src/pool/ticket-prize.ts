/**
 * A ticket's prize, tax and live progress (issue 18 "Pool" and "Ticket"; spec §5 "Tax … rounded down";
 * betting-rules §8 withholding tax). Each line wins the tier of its own count of hits only (tiers are by
 * exact hits, so a line is never paid twice). Tax is withheld per line on its winnings, the prize less
 * the line's stake, rounded down (docs/decisions/0016-pool-arithmetic.md).
 */
import { percentOf, type Percent } from '../money/tzs.ts';
import { lineHitCounts, type LineHitCounts } from './hits.ts';
import type { Pick } from './picks.ts';
import { tierPrizeCeilings } from './pool.ts';
import type { PoolMatchResult } from './results.ts';
import type { PoolTerms } from './terms.ts';

/** Prize per line by hits, as the settlement published it (TZS, before tax). */
export interface PrizeTableRow {
  readonly hits: number;
  readonly prizePerLine: number;
}

/** One tier of a ticket's prize. TZS. */
export interface TicketTierPrize {
  readonly hits: number;
  readonly lines: number;
  readonly prizePerLine: number;
  readonly taxPerLine: number;
}

/** A ticket's prize. TZS. `net` = `gross` − `tax` reaches the balance (after approval when `needsApproval`). */
export interface TicketPrize {
  readonly tiers: readonly TicketTierPrize[];
  readonly gross: number;
  readonly tax: number;
  readonly net: number;
  /** spec §9 `max_add_balance`: the gross prize is above it, so staff approve it before it is credited. */
  readonly needsApproval: boolean;
}

/** Withholding tax of one line that won `prize` on a `lineStake` (TZS): ⌊rate % × max(0, prize − lineStake)⌋. */
export const lineTax = (prize: number, lineStake: number, taxRatePercent: Percent): number =>
  percentOf(Math.max(0, prize - lineStake), taxRatePercent);

/**
 * The prize of a ticket whose lines by hits are `counts` under the prize `table`; `betAmount` is the
 * stake of one line, `taxRatePercent` the rate the ticket was bought under, `maxAddBalance` the approval
 * threshold (all TZS but the rate).
 */
export const ticketPrize = (
  counts: LineHitCounts,
  table: readonly PrizeTableRow[],
  betAmount: number,
  taxRatePercent: Percent,
  maxAddBalance: number,
): TicketPrize => {
  const tiers = table
    .map((row) => ({
      hits: row.hits,
      lines: counts.lines[row.hits] ?? 0,
      prizePerLine: row.prizePerLine,
      taxPerLine: lineTax(row.prizePerLine, betAmount, taxRatePercent),
    }))
    .filter((t) => t.lines > 0 && t.prizePerLine > 0);
  const gross = tiers.reduce((sum, t) => sum + t.lines * t.prizePerLine, 0);
  const tax = tiers.reduce((sum, t) => sum + t.lines * t.taxPerLine, 0);
  return { tiers, gross, tax, net: gross - tax, needsApproval: gross > maxAddBalance };
};

/** The live view of one tier for a ticket (spec §2 "/string_ball/results"; issue 18 live tracker). */
export interface TierProjection {
  readonly hits: number;
  /** Lines with exactly these hits now: they win this tier if the open matches bring them nothing. */
  readonly linesNow: number;
  /** Lines that can still end with exactly these hits. */
  readonly linesPossible: number;
  /** The most one line of the tier could win on the current pool (its only winner), before tax. TZS. */
  readonly prizePerLineCeiling: number;
}

/** A ticket's progress as results come in. */
export interface TicketProgress {
  readonly counts: LineHitCounts;
  readonly bestHits: number;
  readonly tiers: readonly TierProjection[];
}

/**
 * The projected prize per tier of a ticket given the results so far (`results` by match id; missing =
 * not decided) and the current `pool` (TZS). Pure; for the live tracker.
 */
export const ticketProgress = (
  terms: PoolTerms,
  picks: readonly Pick[],
  results: Readonly<Record<string, PoolMatchResult>>,
  pool: number,
): TicketProgress => {
  const counts = lineHitCounts(picks, results);
  const ceilings = tierPrizeCeilings(terms, pool);
  let bestHits = 0;
  counts.lines.forEach((n, k) => {
    if (n > 0) bestHits = Math.max(bestHits, k);
  });
  const tiers = ceilings.map(({ hits, prizePerLine }) => ({
    hits,
    linesNow: counts.lines[hits] ?? 0,
    linesPossible: counts.lines.reduce(
      (sum, n, k) => (k <= hits && hits <= k + counts.pending ? sum + n : sum),
      0,
    ),
    prizePerLineCeiling: prizePerLine,
  }));
  return { counts, bestHits, tiers };
};

/**
 * spec §3 "Jackpot bet: max profit" (our reading, decision 0015): the most `picks` could win on the
 * current `pool` — every match going the way of each pick's first outcome, each line paid its tier's
 * ceiling ({@link tierPrizeCeilings}), before tax. TZS.
 */
export const ticketMaxPrize = (terms: PoolTerms, picks: readonly Pick[], pool: number): number => {
  const best = Object.fromEntries(
    picks.map((p): [string, PoolMatchResult] => [
      p.matchId,
      { kind: 'outcome', outcome: p.outcomes[0] ?? '' },
    ]),
  );
  const counts = lineHitCounts(picks, best);
  return tierPrizeCeilings(terms, pool).reduce(
    (sum, t) => sum + (counts.lines[t.hits] ?? 0) * t.prizePerLine,
    0,
  );
};
