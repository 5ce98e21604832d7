/**
 * Building blocks of wallet decisions: amount checks, pocket lines, debt recovery and the
 * racing-coin conversion tax. Pure; integer TZS only.
 */
import { domainError, type DomainError } from '../errors.ts';
import type { MovementLine, Pocket, WalletState } from './events.ts';

/** `INVALID_AMOUNT` unless `amount` is a positive safe integer (TZS). */
export const amountError = (amount: number, field = 'amount'): DomainError | undefined =>
  Number.isSafeInteger(amount) && amount > 0
    ? undefined
    : domainError('INVALID_AMOUNT', `${field}: must be a positive whole number of TZS`, {
        field,
        details: { amount },
      });

/** `REASON_REQUIRED` when a staff or correction reason is blank. */
export const reasonError = (reason: string): DomainError | undefined =>
  reason.trim() === ''
    ? domainError('REASON_REQUIRED', 'a reason is required', { field: 'reason' })
    : undefined;

const SHORT_CODES: Record<Exclude<Pocket, 'debt'>, string> = {
  balance: 'INSUFFICIENT_FUNDS',
  creditMoney: 'INSUFFICIENT_CREDIT_MONEY',
  racingCoin: 'INSUFFICIENT_RACING_COIN',
};

/** The line that moves `pocket` by the signed `amount` from its current value. */
export const line = (state: WalletState, pocket: Pocket, amount: number): MovementLine => ({
  pocket,
  amount,
  before: state[pocket],
  after: state[pocket] + amount,
});

/**
 * A debit of `amount` from `pocket`, or `INSUFFICIENT_FUNDS` / `INSUFFICIENT_CREDIT_MONEY` /
 * `INSUFFICIENT_RACING_COIN` (details: available, requested) when the pocket holds less.
 */
export const debit = (
  state: WalletState,
  pocket: Exclude<Pocket, 'debt'>,
  amount: number,
): { lines: MovementLine[] } | { error: DomainError } =>
  state[pocket] >= amount
    ? { lines: [line(state, pocket, -amount)] }
    : {
        error: domainError(SHORT_CODES[pocket], `${pocket} holds ${state[pocket]} TZS, ${amount} requested`, {
          field: 'amount',
          details: { pocket, available: state[pocket], requested: amount },
        }),
      };

/**
 * A credit to `pocket`. A credit to the real balance first pays down any debt (decision 0004), so a
 * player in debt always has a zero balance.
 */
export const credit = (
  state: WalletState,
  pocket: Exclude<Pocket, 'debt'>,
  amount: number,
): MovementLine[] => {
  if (pocket !== 'balance') return [line(state, pocket, amount)];
  const recovered = Math.min(state.debt, amount);
  const lines: MovementLine[] = [];
  if (recovered > 0) lines.push(line(state, 'debt', -recovered));
  if (amount > recovered) lines.push(line(state, 'balance', amount - recovered));
  return lines;
};

const RATE = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/**
 * Tax at `rate` percent of `amount`, rounded down to whole TZS (spec §5 "rounded down", §9 conversion
 * tax). `rate` is decimal text from 0 to 100 with at most 2 decimals; exact integer arithmetic.
 * Returns `INVALID_TAX_RATE` otherwise.
 */
export const percentTax = (amount: number, rate: string): { tax: number } | { error: DomainError } => {
  const match = RATE.exec(rate);
  const hundredths = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : NaN;
  if (!match || hundredths > 10_000) {
    return {
      error: domainError('INVALID_TAX_RATE', 'taxRate: must be a percent from 0 to 100', {
        field: 'taxRate',
        details: { rate },
      }),
    };
  }
  return { tax: Number((BigInt(amount) * BigInt(hundredths)) / 10_000n) };
};

/** Net change of the player's worth a line represents: debt counts against the player. */
export const netOf = (l: MovementLine): number => (l.pocket === 'debt' ? -l.amount : l.amount);
