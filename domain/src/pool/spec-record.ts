/**
 * Reading and writing pool-game terms as the specification names them (spec §3 "Jackpot info": `id`,
 * `label`, `init_jackpot`, `guess_number`, `max_choose`, `bet_amount`, `max_range_odds`,
 * `max_add_balance`, `identifier_prefix`, `increment`, `jackpot`; spec §7 `guessing_bet_type/inquire`,
 * whose first content item is the jackpot info), for the edges that speak that shape.
 */
import { displayedJackpot } from './pool.ts';
import type { PoolTerms } from './terms.ts';

/** The spec's jackpot-info record; any field may be missing or null. Numbers may come as text. */
export interface SpecJackpotInfoRecord {
  readonly id?: number | string | null;
  readonly label?: string | null;
  readonly init_jackpot?: number | string | null;
  readonly guess_number?: number | string | null;
  readonly max_choose?: number | string | null;
  readonly bet_amount?: number | string | null;
  readonly max_range_odds?: number | string | null;
  readonly max_add_balance?: number | string | null;
  readonly identifier_prefix?: string | null;
  readonly increment?: number | string | null;
  /** The accumulated jackpot (output only: computed from the pool, never read back). */
  readonly jackpot?: number | string | null;
}

const present = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined && v !== '';

/**
 * `base` with the fields the record carries (the spec §9 defaults stay where it is silent). Numbers are
 * read through their shortest text, decimals kept as text. Does not validate: pass the result to
 * `termsError`.
 */
export const poolTermsFromSpec = (record: SpecJackpotInfoRecord, base: PoolTerms): PoolTerms => ({
  ...base,
  ...(present(record.guess_number) && { guessNumber: Number(record.guess_number) }),
  ...(present(record.max_choose) && { maxChoose: Number(record.max_choose) }),
  ...(present(record.bet_amount) && { betAmount: Number(record.bet_amount) }),
  ...(present(record.init_jackpot) && { initJackpot: Number(record.init_jackpot) }),
  ...(present(record.max_add_balance) && { maxAddBalance: Number(record.max_add_balance) }),
  ...(present(record.max_range_odds) && { maxRangeOdds: String(record.max_range_odds) }),
  ...(present(record.increment) && { increment: String(record.increment) }),
  ...(present(record.identifier_prefix) && { identifierPrefix: record.identifier_prefix }),
});

/**
 * The spec's jackpot-info record of `terms` for type `id` / `label`, with `jackpot` the accumulated
 * jackpot of `pool` (TZS) — so `init_jackpot` + `jackpot` is the displayed jackpot (spec §9).
 */
export const specJackpotInfo = (
  terms: PoolTerms,
  id: number,
  label: string,
  pool: number,
): Required<{ [K in keyof SpecJackpotInfoRecord]: NonNullable<SpecJackpotInfoRecord[K]> }> => ({
  id,
  label,
  init_jackpot: terms.initJackpot,
  guess_number: terms.guessNumber,
  max_choose: terms.maxChoose,
  bet_amount: terms.betAmount,
  max_range_odds: terms.maxRangeOdds,
  max_add_balance: terms.maxAddBalance,
  identifier_prefix: terms.identifierPrefix,
  increment: terms.increment,
  jackpot: displayedJackpot(terms, pool) - terms.initJackpot,
});
