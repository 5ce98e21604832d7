/**
 * Usage of the limits in the current periods: a pure fold of money movements (issue 23;
 * docs/responsible-gambling.md "Usage"). The server may keep it as a read model per player (fold each
 * wallet event with {@link usageMovementOf} and {@link addUsage}) or compute it from the wallet stream.
 * Periods are EAT calendar day, week (from Monday) and month (`eat.ts`). Amounts are integer TZS; racing
 * coin counts 1 coin = 1 TZS; stakes from every pocket count (bonus money too: the protective reading).
 */
import type { WalletEvent } from '../wallet/events.ts';
import { toEpochMs, PROTECTION_PERIODS, periodKey, type ProtectionPeriod } from './eat.ts';

/** What a player moved in one period: deposits, stakes placed, returns (payouts, refunds; minus reversals). */
export interface PeriodUsage {
  /** The period's key (`periodKey`); empty before the first movement. */
  readonly key: string;
  readonly deposits: number;
  readonly stakes: number;
  /** May be negative when a settlement reversal took back more than the period's payouts. */
  readonly returns: number;
}

/** Usage in the day, week and month of the latest movement folded in. */
export type ProtectionUsage = Readonly<Record<ProtectionPeriod, PeriodUsage>>;

/** A money movement as the limits see it: a deposit, a stake, or a return (negative for a reversal). */
export interface UsageMovement {
  readonly kind: 'deposit' | 'stake' | 'return';
  /** Integer TZS: positive for deposits and stakes; signed for returns. */
  readonly amount: number;
  /** When it happened (ISO-8601 or epoch ms); decides its periods. */
  readonly at: string | number;
}

const emptyPeriod = (key = ''): PeriodUsage => ({ key, deposits: 0, stakes: 0, returns: 0 });

/** Usage with nothing moved. */
export const emptyUsage = (): ProtectionUsage => ({
  day: emptyPeriod(),
  week: emptyPeriod(),
  month: emptyPeriod(),
});

/** Net loss of a period: stakes minus returns (negative when the player is ahead). */
export const netLoss = (usage: PeriodUsage): number => usage.stakes - usage.returns;

/**
 * Folds one movement in. A movement of a later period than the one held starts that period afresh; a
 * movement of an earlier period (arriving late) changes nothing, as that period is over.
 */
export const addUsage = (usage: ProtectionUsage, movement: UsageMovement): ProtectionUsage => {
  const next = { ...usage };
  for (const period of PROTECTION_PERIODS) {
    const key = periodKey(period, movement.at);
    const held = usage[period];
    if (held.key > key) continue;
    const base = held.key === key ? held : emptyPeriod(key);
    next[period] = {
      ...base,
      deposits: base.deposits + (movement.kind === 'deposit' ? movement.amount : 0),
      stakes: base.stakes + (movement.kind === 'stake' ? movement.amount : 0),
      returns: base.returns + (movement.kind === 'return' ? movement.amount : 0),
    };
  }
  return next;
};

/** The usage as it stands at `now`: periods that have ended since their last movement count as empty. */
export const usageAt = (usage: ProtectionUsage, now: string | number): ProtectionUsage => {
  const t = toEpochMs(now);
  const at = (period: ProtectionPeriod) => {
    const key = periodKey(period, t);
    return usage[period].key === key ? usage[period] : emptyPeriod(key);
  };
  return { day: at('day'), week: at('week'), month: at('month') };
};

/** Folds `movements` (oldest first) from nothing. */
export const usageOf = (movements: Iterable<UsageMovement>): ProtectionUsage => {
  let usage = emptyUsage();
  for (const m of movements) usage = addUsage(usage, m);
  return usage;
};

/**
 * The movement a wallet event means for the limits, or undefined when it means none (withdrawals,
 * bonuses, staff adjustments, conversions). Deposit: the amount credited. Stake: the amount debited.
 * Return: winnings and refunded stakes credited; a settlement reversal is a negative return of what it
 * took plus any debt it left.
 */
export const usageMovementOf = (event: WalletEvent): UsageMovement | undefined => {
  const signed = event.data.lines.reduce((sum, l) => sum + (l.pocket === 'debt' ? -l.amount : l.amount), 0);
  const at = event.data.at;
  switch (event.type) {
    case 'DepositCredited':
      return { kind: 'deposit', amount: signed, at };
    case 'StakeDebited':
      return { kind: 'stake', amount: -signed, at };
    case 'StakeRefunded':
    case 'WinningsCredited':
    case 'SettlementReversed':
      return { kind: 'return', amount: signed, at };
    default:
      return undefined;
  }
};
