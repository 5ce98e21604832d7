/**
 * fast-check arbitraries for the racing property tests (test support, not exported from the domain's
 * index): finishing orders drawn by the real provably fair draw, and selections of every bet type of
 * specification §9 (1 champion … 6 Luck Racing, several cars per position allowed).
 */
import fc from 'fast-check';
import { drawOrder, serverSeedFromBytes } from './draw.ts';
import { ticketsOf, type RacingSelection } from './selection.ts';

/** One to four distinct cars (1–10), as a position's pick. */
export const cars = fc.shuffledSubarray([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], { minLength: 1, maxLength: 4 });

/** A finishing order of cars 1–10: `drawOrder` of a random 32-byte seed for round `roundId`. */
export const finishingOrder = (roundId: string): fc.Arbitrary<number[]> =>
  fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => drawOrder(serverSeedFromBytes(b), roundId));

/**
 * A selection of any bet type; a Luck Racing ticket puts each car of one order in its place and, where
 * `widen` says so, a second car from another order (several tickets).
 */
export const racingSelection = (order: fc.Arbitrary<readonly number[]>): fc.Arbitrary<RacingSelection> =>
  fc.oneof(
    cars.map((a) => ({ betType: 1 as const, positions: [a] })),
    fc.tuple(cars, cars).map(([a, b]) => ({ betType: 2 as const, positions: [a, b] })),
    fc.tuple(cars, cars, cars).map(([a, b, c]) => ({ betType: 3 as const, positions: [a, b, c] })),
    fc
      .subarray(['odd', 'even'] as const, { minLength: 1 })
      .map((options) => ({ betType: 4 as const, options })),
    fc
      .subarray(['big', 'small'] as const, { minLength: 1 })
      .map((options) => ({ betType: 5 as const, options })),
    fc
      .tuple(order, order, fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }))
      .map(([base, extra, widen]) => ({
        betType: 6 as const,
        positions: base.map((car, i) => (widen[i] && extra[i] !== car ? [car, extra[i] as number] : [car])),
      })),
  );

/** A profit cap in TZS (`null`: none), as racing configuration allows. */
export const profitCapCase = fc.constantFrom(null, 0, 1_000, 250_000);
/** A racing tax rate in percent, as a decimal string. */
export const taxRateCase = fc.constantFrom('0', '10', '12.5');
/** Fixed decimal odds of bet types 1–5 (the spec's defaults and the edge 1). */
export const fixedOddsCase = fc.constantFrom('9.69', '28', '1.97', '56', '1');
/** A single amount in TZS: 100 to 5,000 in steps of 100. */
export const singleAmountCase = fc.integer({ min: 1, max: 50 }).map((n) => n * 100);
/** Luck Racing's prize pool per ten-of-ten ticket in racing coin. */
export const poolPerTicketCase = fc.constantFrom(0, 1, 333_333, 1_000_000);

/**
 * One order to settle: a selection of at least one ticket, the drawn finishing order, and the figures of
 * its terms. Luck Racing (bet type 6) at its fixed single amount of 300 TZS and without odds.
 */
export interface SettlementCase {
  readonly selection: RacingSelection;
  readonly order: number[];
  readonly cap: number | null;
  readonly taxRate: string;
  /** Decimal odds; null for Luck Racing. */
  readonly odds: string | null;
  /** TZS. */
  readonly singleAmount: number;
  /** Luck Racing's pool per ten-of-ten ticket, racing coin. */
  readonly pool: number;
}

/** {@link SettlementCase}s of round `roundId`. */
export const settlementCase = (roundId: string): fc.Arbitrary<SettlementCase> => {
  const order = finishingOrder(roundId);
  return fc
    .record({
      selection: racingSelection(order).filter((s) => ticketsOf(s) > 0),
      order,
      cap: profitCapCase,
      taxRate: taxRateCase,
      fixedOdds: fixedOddsCase,
      single: singleAmountCase,
      pool: poolPerTicketCase,
    })
    .map(({ fixedOdds, single, ...c }) => ({
      ...c,
      odds: c.selection.betType === 6 ? null : fixedOdds,
      singleAmount: c.selection.betType === 6 ? 300 : single,
    }));
};
