/**
 * Pool-game ticket events, state and `evolve` (stream `poolticket-<ticketId>`; spec §3 "Jackpot bet":
 * identifier, number of bets, tickets, multiplex, total price, max profit, pay type, status, serial
 * number, creation time — our reading of those names in docs/decisions/0015-pool-game-type-fields.md).
 * A ticket copies what its settlement needs (picks, bet amount, tax rate, approval threshold) when bought.
 *
 * `TicketBought` is appended together with the wallet's stake debit (bill type 5, one atomic
 * multi-stream append): a ticket that exists is paid. Amounts integer TZS; instants ISO-8601.
 */
import type { PayType } from '../config/bet-config.ts';
import type { Percent } from '../money/tzs.ts';
import type { LineHitCounts } from './hits.ts';
import type { PoolActor } from './issue-events.ts';
import type { Pick } from './picks.ts';
import type { TicketPrize } from './ticket-prize.ts';
import type { PoolGame } from './terms.ts';

interface At {
  readonly ticketId: string;
  readonly at: string;
}

export type TicketBought = {
  readonly type: 'TicketBought';
  readonly data: At & {
    /** The client's request id: buying again with it returns this ticket, charging nothing more. */
    readonly requestId: string;
    readonly issueId: string;
    readonly game: PoolGame;
    readonly userId: string;
    readonly payType: PayType;
    /** One pick per match, in issue order. */
    readonly picks: readonly Pick[];
    readonly doubles: number;
    /** spec "multiplex" (our reading): 2^doubles. */
    readonly lines: number;
    /** spec `bet_amount` of one line. */
    readonly betAmount: number;
    /** spec "total price": lines × bet_amount. */
    readonly stake: number;
    /** Withholding tax rate in force when bought (shown before purchase and on the ticket). */
    readonly taxRatePercent: Percent;
    /** spec `max_add_balance` in force when bought. */
    readonly maxAddBalance: number;
  };
};
/** Settled on the issue's settlement `settlementNo`. A prize `needsApproval` waits for {@link PrizeApproved}. */
export type TicketSettled = {
  readonly type: 'TicketSettled';
  readonly data: At & {
    readonly settlementNo: number;
    readonly counts: LineHitCounts;
    readonly prize: TicketPrize;
  };
};
/**
 * Re-settled after a correction: the wallet reverses `previous` when `previousCredited`, then pays
 * `prize` (after approval when it needs one).
 */
export type TicketResettled = {
  readonly type: 'TicketResettled';
  readonly data: At & {
    readonly settlementNo: number;
    readonly counts: LineHitCounts;
    readonly previous: TicketPrize;
    readonly previousCredited: boolean;
    readonly prize: TicketPrize;
  };
};
/** Staff approved a large prize of settlement `settlementNo`: the wallet credits it now. */
export type PrizeApproved = {
  readonly type: 'PrizeApproved';
  readonly data: At & { readonly settlementNo: number; readonly actor: PoolActor };
};
/** The issue was cancelled: the stake goes back; a credited prize is reversed (`reversed`). */
export type TicketRefunded = {
  readonly type: 'TicketRefunded';
  readonly data: At & {
    readonly refund: number;
    readonly reversed: TicketPrize | null;
    readonly reason: string;
  };
};

export type TicketEvent = TicketBought | TicketSettled | TicketResettled | PrizeApproved | TicketRefunded;

/** open: bought and paid, awaiting results; settled; refunded (issue cancelled). */
export type TicketStatus = 'none' | 'open' | 'settled' | 'refunded';

export interface TicketState {
  readonly status: TicketStatus;
  readonly bought: TicketBought['data'] | null;
  readonly settlementNo: number;
  readonly prize: TicketPrize | null;
  /** Whether `prize` reached the wallet (not waiting for approval). */
  readonly credited: boolean;
}

export const initialTicketState = (): TicketState => ({
  status: 'none',
  bought: null,
  settlementNo: 0,
  prize: null,
  credited: false,
});

export const evolveTicket = (state: TicketState, event: TicketEvent): TicketState => {
  switch (event.type) {
    case 'TicketBought':
      return { ...state, status: 'open', bought: event.data };
    case 'TicketSettled':
    case 'TicketResettled':
      return {
        ...state,
        status: 'settled',
        settlementNo: event.data.settlementNo,
        prize: event.data.prize,
        credited: !event.data.prize.needsApproval,
      };
    case 'PrizeApproved':
      return { ...state, credited: true };
    case 'TicketRefunded':
      return { ...state, status: 'refunded', credited: false };
  }
};
