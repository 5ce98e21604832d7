/**
 * Payout of a racing order on a drawn finishing order (spec §9 odds and Luck Racing table, §3 "Racing
 * order: profit, tax amount, result"; issue 19 "Rules"; docs/racing.md "Payouts"). Pure, exact integer TZS:
 * a fixed-odds ticket returns floor(single × odds); Luck Racing returns single × multiplier; the order's
 * profit above `highestProfit` is cut; ten-of-ten tickets add their share of the prize pool; tax is
 * `taxRate` % of the profit, rounded down, when the profit is positive.
 */
import { dec, floorToInteger } from '../money/decimal.ts';
import type { OddsText } from '../money/odds.ts';
import type { Tzs } from '../money/tzs.ts';
import { DomainFailure } from '../errors.ts';
import { percentTax } from '../wallet/lines.ts';
import { forEachTicket, type RacingSelection } from './selection.ts';
import { CAR_COUNT, LUCK_RACING_MULTIPLIERS, RacingBetType, RacingResult, SMALL_MAX_CAR } from './rules.ts';

/** The terms a racing order was placed on (recorded with it, so later config edits never change it). */
export interface RacingTerms {
  /** Odds of a fixed-odds bet type (1–5), decimal text; `null` for Luck Racing. */
  readonly odds: OddsText | null;
  /** Tax on winnings, percent (decimal text, at most 2 decimals). */
  readonly taxRate: string;
  /** Highest profit of the order, TZS; `null` = none. */
  readonly highestProfit: Tzs | null;
}

/** How a racing order came out. Every amount is integer TZS. */
export interface RacingPayout {
  /** Spec §4 racing result: 2 win, 3 lose, 5 ten-of-ten stake returned. */
  readonly result: RacingResult;
  /** Winning tickets (Luck Racing: tickets paying anything). */
  readonly winningTickets: number;
  /** Luck Racing tickets with all ten cars in place (they share the prize pool). */
  readonly tenOfTenTickets: number;
  /** Fixed-odds return before the cap and tax. */
  readonly fixedReturn: Tzs;
  /** True when `highestProfit` cut the fixed-odds return. */
  readonly capped: boolean;
  /** This order's share of the prize pool. */
  readonly poolShare: Tzs;
  /** Total return before tax: capped fixed-odds return + pool share. */
  readonly gross: Tzs;
  /** gross − amount (negative when the order returned less than it cost). */
  readonly profit: Tzs;
  /** taxRate % of a positive profit, rounded down. */
  readonly tax: Tzs;
  /** gross − tax: what the racing coin pocket receives. */
  readonly payout: Tzs;
}

/** Cars in their right place on a Luck Racing ticket. */
export const carsInPlace = (ticket: readonly number[], order: readonly number[]): number => {
  let k = 0;
  for (let i = 0; i < ticket.length; i += 1) if (ticket[i] === order[i]) k += 1;
  return k;
};

/** Tickets of a Luck Racing selection with all ten cars in place on `order` (0 or 1). */
export const tenOfTenTickets = (selection: RacingSelection, order: readonly number[]): number =>
  selection.betType === RacingBetType.LuckRacing &&
  selection.positions.every((cars, i) => cars.includes(order[i] as number))
    ? 1
    : 0;

/** Does the winning ticket of a fixed-odds selection exist on `order` (at most one ticket can win)? */
const fixedOddsWins = (selection: RacingSelection, order: readonly number[]): boolean => {
  const champion = order[0] as number;
  switch (selection.betType) {
    case RacingBetType.OddEven:
      return selection.options.includes(champion % 2 === 1 ? 'odd' : 'even');
    case RacingBetType.BigSmall:
      return selection.options.includes(champion <= SMALL_MAX_CAR ? 'small' : 'big');
    default:
      return selection.positions.every((cars, i) => cars.includes(order[i] as number));
  }
};

/** Multiplier by cars in place, 0..10 (array form of the table, for the hot path). */
const MULTIPLIER_BY_IN_PLACE: readonly number[] = Array.from(
  { length: CAR_COUNT + 1 },
  (_, k) => LUCK_RACING_MULTIPLIERS[k] ?? 0,
);

/** Cars in place when every position holds one car (a one-ticket Luck Racing order), else -1. */
const singleTicketInPlace = (positions: readonly (readonly number[])[], order: readonly number[]): number => {
  let k = 0;
  for (let i = 0; i < positions.length; i += 1) {
    const cars = positions[i] as readonly number[];
    if (cars.length !== 1) return -1;
    if (cars[0] === order[i]) k += 1;
  }
  return k;
};

/** The fixed-prize multiplier sum and counts of a Luck Racing selection of several tickets on `order`. */
const luckRacingTickets = (
  positions: readonly (readonly number[])[],
  order: readonly number[],
): { multiplier: number; paying: number; refundsOnly: boolean } => {
  let multiplier = 0;
  let paying = 0;
  let refundsOnly = true;
  forEachTicket(positions, (ticket) => {
    const m = MULTIPLIER_BY_IN_PLACE[carsInPlace(ticket, order)] as number;
    if (m === 0) return;
    multiplier += m;
    paying += 1;
    if (m !== 1) refundsOnly = false;
  });
  return { multiplier, paying, refundsOnly };
};

/** floor(profit × rate / 100) for a positive profit, exact (the wallet's rule, `percentTax`), else 0. */
const taxOn = (profit: Tzs, rate: string): Tzs => {
  if (profit <= 0) return 0;
  const taxed = percentTax(profit, rate);
  if ('error' in taxed) throw new DomainFailure(taxed.error);
  return taxed.tax;
};

/**
 * Settles one racing order. `order` is the drawn finishing order (champion first); `poolPerTicket` is the
 * prize pool share of each ten-of-ten ticket of the round (prize pool ÷ ten-of-ten tickets of the round,
 * rounded down; see {@link poolPerTicket}). The order is assumed valid (it was accepted at placement).
 * Throws {@link DomainFailure} `INVALID_TAX_RATE` when `terms.taxRate` is not a percent from 0 to 100 with
 * at most 2 decimals (placement refuses such terms, so a recorded order never has one).
 */
export const settleRacingOrder = (input: {
  readonly selection: RacingSelection;
  readonly singleAmount: Tzs;
  readonly amount: Tzs;
  readonly terms: RacingTerms;
  readonly order: readonly number[];
  readonly poolPerTicket: Tzs;
}): RacingPayout => {
  const { selection, singleAmount, amount, terms, order } = input;
  let fixedReturn = 0;
  let winningTickets = 0;
  let tenOfTen = 0;
  let refundsOnly = false;
  if (selection.betType === RacingBetType.LuckRacing) {
    const inPlace = singleTicketInPlace(selection.positions, order);
    if (inPlace >= 0) {
      const m = MULTIPLIER_BY_IN_PLACE[inPlace] as number;
      fixedReturn = singleAmount * m;
      tenOfTen = inPlace === selection.positions.length ? 1 : 0;
      winningTickets = (m > 0 ? 1 : 0) + tenOfTen;
      refundsOnly = m === 1;
    } else {
      const luck = luckRacingTickets(selection.positions, order);
      fixedReturn = singleAmount * luck.multiplier;
      tenOfTen = tenOfTenTickets(selection, order);
      winningTickets = luck.paying + tenOfTen;
      refundsOnly = luck.refundsOnly && tenOfTen === 0 && luck.paying > 0;
    }
  } else if (fixedOddsWins(selection, order)) {
    fixedReturn = floorToInteger(dec(singleAmount).times(dec(terms.odds ?? '0')));
    winningTickets = 1;
  }
  const ceiling = terms.highestProfit === null ? Infinity : amount + terms.highestProfit;
  const capped = fixedReturn > ceiling;
  const poolShare = tenOfTen * input.poolPerTicket;
  const gross = (capped ? ceiling : fixedReturn) + poolShare;
  const profit = gross - amount;
  const tax = taxOn(profit, terms.taxRate);
  const result =
    gross === 0 ? RacingResult.Lose : refundsOnly ? RacingResult.StakeReturned : RacingResult.Win;
  return {
    result,
    winningTickets,
    tenOfTenTickets: tenOfTen,
    fixedReturn,
    capped,
    poolShare,
    gross,
    profit,
    tax,
    payout: gross - tax,
  };
};

/** Each ten-of-ten ticket's share of `prizePool`, TZS: pool ÷ tickets, rounded down; 0 when none won. */
export const poolPerTicket = (prizePool: Tzs, tenOfTenTicketsInRound: number): Tzs =>
  tenOfTenTicketsInRound > 0 ? Math.floor(prizePool / tenOfTenTicketsInRound) : 0;

/**
 * True when a racing order returns nothing on `order`: no fixed-odds ticket wins, no Luck Racing ticket
 * has two or more cars in place, and no ten-of-ten ticket has a pool share (`poolPerTicket`, TZS). Exactly
 * when {@link settleRacingOrder} answers gross 0 (result 3 lose, profit −amount, tax 0, payout 0) for
 * any terms with a profit cap of 0 or more (the cap only lowers a positive return to amount + cap > 0):
 * the settlement worker records such an order in its round's settlement stream instead of settling it on
 * its own stream (decision 0184; docs/racing.md "Settlement in chunks"). `odds` is the order's decimal
 * odds text (`null` for Luck Racing).
 */
export const racingOrderLoses = (input: {
  readonly selection: RacingSelection;
  readonly singleAmount: Tzs;
  readonly odds: OddsText | null;
  readonly order: readonly number[];
  readonly poolPerTicket: Tzs;
}): boolean =>
  settleRacingOrder({
    selection: input.selection,
    singleAmount: input.singleAmount,
    amount: input.singleAmount,
    terms: { odds: input.odds, taxRate: '0', highestProfit: null },
    order: input.order,
    poolPerTicket: input.poolPerTicket,
  }).gross === 0;
