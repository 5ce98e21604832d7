/**
 * Pool-game ticket commands (stream `poolticket-<ticketId>`). The handler reads the issue (its
 * {@link IssueView}) and the tax rate in force (`taxRateAt`) and passes them in; the decider reads no clock.
 */
import type { PayType } from '../config/bet-config.ts';
import type { Percent } from '../money/tzs.ts';
import type { IssueView, PoolActor } from './issue-events.ts';
import type { Pick } from './picks.ts';
import type { PoolMatchResult } from './results.ts';
import type { PrizeTableRow } from './ticket-prize.ts';

interface Base {
  readonly ticketId: string;
  readonly at: string;
}

/** Buys a ticket (spec §5 "Jackpot" rules): `stake` must equal lines × `bet_amount`. */
export interface BuyTicket extends Base {
  readonly type: 'BuyTicket';
  readonly requestId: string;
  readonly userId: string;
  readonly payType: PayType;
  readonly picks: readonly Pick[];
  /** The stake the player saw and agreed to, TZS. */
  readonly stake: number;
  /** The issue as it is now, or `null` when there is no such issue. */
  readonly issue: IssueView | null;
  /** Withholding tax rate in force at `at`. */
  readonly taxRatePercent: Percent;
}
/** Settles on the issue's settlement `settlementNo`: its results and prize per line by hits. */
export interface SettleTicket extends Base {
  readonly type: 'SettleTicket';
  readonly settlementNo: number;
  readonly results: Readonly<Record<string, PoolMatchResult>>;
  readonly prizeTable: readonly PrizeTableRow[];
}
/** Staff approve a prize above `max_add_balance` (settlement `settlementNo`). */
export interface ApprovePrize extends Base {
  readonly type: 'ApprovePrize';
  readonly settlementNo: number;
  readonly actor: PoolActor;
}
/** The issue was cancelled: refund the stake, reverse a credited prize. */
export interface RefundTicket extends Base {
  readonly type: 'RefundTicket';
  readonly reason: string;
}

export type TicketCommand = BuyTicket | SettleTicket | ApprovePrize | RefundTicket;
