/**
 * What a racing bet picks, how many tickets it holds and whether it is acceptable (spec §5 "Racing",
 * §8 messages, §9 bet types; issue 19 "Bad input"). Pure; amounts in integer TZS.
 */
import { domainError, type DomainError } from '../errors.ts';
import type { Tzs } from '../money/tzs.ts';
import {
  CAR_COUNT,
  POSITIONS_OF,
  RACING_AMOUNT_STEP,
  RACING_BET_TYPES,
  RacingBetType,
  type RacingConfig,
} from './rules.ts';

/** Odd/even option of bet type 4 (on the champion's number). */
export type OddEvenOption = 'odd' | 'even';
/** Big/small option of bet type 5: small is cars 1–5 (Under), big 6–10 (Over). */
export type BigSmallOption = 'big' | 'small';

/**
 * The picks of a racing order (spec §3 "Racing order: picks"). Bet types 1–3 and 6 give, per position
 * (champion first), the set of cars picked for it; several cars per position make several tickets.
 * Types 4 and 5 give the options picked (both options = two tickets).
 */
export type RacingSelection =
  | {
      readonly betType:
        | typeof RacingBetType.Champion
        | typeof RacingBetType.ChampionAndRunnerUp
        | typeof RacingBetType.TopThree
        | typeof RacingBetType.LuckRacing;
      readonly positions: readonly (readonly number[])[];
    }
  | { readonly betType: typeof RacingBetType.OddEven; readonly options: readonly OddEvenOption[] }
  | { readonly betType: typeof RacingBetType.BigSmall; readonly options: readonly BigSmallOption[] };

const OPTIONS: Readonly<Record<4 | 5, readonly string[]>> = { 4: ['odd', 'even'], 5: ['big', 'small'] };

/**
 * Number of combinations of per-position car sets with no car twice (a ticket is one car per position).
 * Dynamic programming over the set of cars already used: exact up to 10! tickets.
 */
export const countCombinations = (positions: readonly (readonly number[])[]): number => {
  let ways = new Map<number, number>([[0, 1]]);
  for (const cars of positions) {
    const next = new Map<number, number>();
    for (const [used, count] of ways)
      for (const car of cars) {
        const bit = 1 << (car - 1);
        if ((used & bit) === 0) next.set(used | bit, (next.get(used | bit) ?? 0) + count);
      }
    ways = next;
  }
  let total = 0;
  for (const count of ways.values()) total += count;
  return total;
};

/** Tickets of a (valid) selection: combinations for types 1–3 and 6, options for 4 and 5 (spec §3 "tickets"). */
export const ticketsOf = (selection: RacingSelection): number =>
  'positions' in selection ? countCombinations(selection.positions) : selection.options.length;

/** Calls `visit` with every ticket of a position selection (one car per position, no car twice). */
export const forEachTicket = (
  positions: readonly (readonly number[])[],
  visit: (ticket: readonly number[]) => void,
): void => {
  const ticket: number[] = [];
  const used = new Set<number>();
  const walk = (p: number): void => {
    if (p === positions.length) return visit(ticket);
    for (const car of positions[p] ?? []) {
      if (used.has(car)) continue;
      used.add(car);
      ticket.push(car);
      walk(p + 1);
      ticket.pop();
      used.delete(car);
    }
  };
  walk(0);
};

const noPick = (field: string): DomainError =>
  domainError('RACING_NO_PICK', 'Please choose one option', { field });

/**
 * Why a selection is not a valid racing pick, or `undefined` (spec §5 "Racing: one option must be
 * chosen"; issue 19 "Bad input"). Codes: `RACING_UNKNOWN_BET_TYPE`, `RACING_NO_PICK`,
 * `RACING_WRONG_POSITIONS` (positions count of the bet type), `RACING_CAR_OUT_OF_RANGE` (not a car 1–10),
 * `RACING_DUPLICATE_CAR` (a car twice in one position's set), `RACING_INVALID_OPTION`,
 * `RACING_DUPLICATE_OPTION`, `RACING_NO_COMBINATION` (every combination repeats a car).
 */
export const selectionError = (selection: RacingSelection): DomainError | undefined => {
  const { betType } = selection;
  if (!RACING_BET_TYPES.includes(betType))
    return domainError('RACING_UNKNOWN_BET_TYPE', 'bet type must be 1 to 6', {
      field: 'betType',
      details: { betType },
    });
  if (!('positions' in selection)) {
    const options = (selection as { options?: readonly string[] }).options ?? [];
    if (options.length === 0) return noPick('options');
    const allowed = OPTIONS[betType as 4 | 5];
    for (const [i, option] of options.entries()) {
      if (!allowed.includes(option))
        return domainError('RACING_INVALID_OPTION', `options[${i}]: must be ${allowed.join(' or ')}`, {
          field: `options[${i}]`,
          details: { option },
        });
      if (options.indexOf(option) !== i)
        return domainError('RACING_DUPLICATE_OPTION', `options[${i}]: ${option} is picked twice`, {
          field: `options[${i}]`,
        });
    }
    return undefined;
  }
  const { positions } = selection;
  if (positions.length !== POSITIONS_OF[betType])
    return domainError(
      'RACING_WRONG_POSITIONS',
      `bet type ${betType} picks cars for ${POSITIONS_OF[betType]} position(s)`,
      { field: 'positions', details: { expected: POSITIONS_OF[betType], given: positions.length } },
    );
  for (const [p, cars] of positions.entries()) {
    if (cars.length === 0) return noPick(`positions[${p}]`);
    for (const [i, car] of cars.entries()) {
      const field = `positions[${p}][${i}]`;
      if (!Number.isInteger(car) || car < 1 || car > CAR_COUNT)
        return domainError('RACING_CAR_OUT_OF_RANGE', `${field}: a car is 1 to ${CAR_COUNT}`, {
          field,
          details: { car },
        });
      if (cars.indexOf(car) !== i)
        return domainError('RACING_DUPLICATE_CAR', `${field}: car ${car} is picked twice for one position`, {
          field,
          details: { car },
        });
    }
  }
  if (countCombinations(positions) === 0)
    return domainError('RACING_NO_COMBINATION', 'every combination repeats a car', { field: 'positions' });
  return undefined;
};

/** The single amount, tickets and amount payable of an accepted racing order (spec §3 "Racing order"). */
export interface RacingStake {
  /** Stake per ticket, TZS (`single amount`); Luck Racing: `jackpot_bet_amount`. */
  readonly singleAmount: Tzs;
  /** Number of tickets (`tickets`). */
  readonly tickets: number;
  /** tickets × single amount, TZS (`amount payable`). */
  readonly amount: Tzs;
}

const amountBetween = (config: RacingConfig, details: Record<string, unknown>): DomainError =>
  domainError(
    'RACING_AMOUNT_OUT_OF_RANGE',
    `Enter an amount between ${config.minimumBetAmount} and ${config.maxBetAmount}`,
    {
      field: 'singleAmount',
      details: { ...details, min: config.minimumBetAmount, max: config.maxBetAmount },
    },
  );

/**
 * Validates a whole racing order: the picks ({@link selectionError}), then the amount (spec §5 "Amount
 * input", §9 racing limits): a single amount that is a positive multiple of 100 TZS, at least
 * `minimumBetAmount`; Luck Racing's single amount is exactly `jackpotBetAmount` (the minimum does not
 * apply to it); the amount payable at
 * most `maxBetAmount`. Codes beyond the picks: `RACING_AMOUNT_STEP`, `RACING_AMOUNT_OUT_OF_RANGE`
 * (the spec's "Enter an amount between min and max"), `RACING_FIXED_STAKE`.
 * Returns the stake, or the first problem.
 */
export const racingStake = (
  selection: RacingSelection,
  singleAmount: Tzs,
  config: RacingConfig,
): { ok: true; stake: RacingStake } | { ok: false; error: DomainError } => {
  const bad = selectionError(selection);
  if (bad) return { ok: false, error: bad };
  if (selection.betType === RacingBetType.LuckRacing && singleAmount !== config.jackpotBetAmount)
    return {
      ok: false,
      error: domainError('RACING_FIXED_STAKE', `Luck Racing tickets cost ${config.jackpotBetAmount} each`, {
        field: 'singleAmount',
        details: { singleAmount, required: config.jackpotBetAmount },
      }),
    };
  if (!Number.isSafeInteger(singleAmount) || singleAmount <= 0 || singleAmount % RACING_AMOUNT_STEP !== 0)
    return {
      ok: false,
      error: domainError('RACING_AMOUNT_STEP', `the amount goes in steps of ${RACING_AMOUNT_STEP}`, {
        field: 'singleAmount',
        details: { singleAmount, step: RACING_AMOUNT_STEP },
      }),
    };
  if (selection.betType !== RacingBetType.LuckRacing && singleAmount < config.minimumBetAmount)
    return { ok: false, error: amountBetween(config, { singleAmount }) };
  const tickets = ticketsOf(selection);
  const amount = tickets * singleAmount;
  if (amount > config.maxBetAmount)
    return { ok: false, error: amountBetween(config, { singleAmount, tickets, amount }) };
  return { ok: true, stake: { singleAmount, tickets, amount } };
};
