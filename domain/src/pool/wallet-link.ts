/**
 * What the wallet must do for each ticket event (architecture.md §3 "Process managers": movement ids
 * derived from the ticket event, so at-least-once delivery moves money exactly once; decision 0003:
 * bill type 5 "jackpot payment" for the stake, 1 "bet result change" for prizes and refunds, 25 for a
 * reversal). Both games use the wallet's `jackpot` product.
 *
 * | ticket event | wallet commands (movement id, `poolticket-<id>:…`) |
 * |---|---|
 * | TicketBought | DebitStake (`:stake`) |
 * | TicketSettled n | CreditWinnings of `net` (`:settle:n`), unless it waits for approval |
 * | TicketResettled n | ReverseSettlement of the previous net if it was credited (`:reverse:n`), then as TicketSettled n |
 * | PrizeApproved n | CreditWinnings of `net` (`:settle:n`) |
 * | TicketRefunded | ReverseSettlement of a credited prize (`:cancel:reverse`), RefundStake (`:cancel:refund`) |
 */
import type { WalletCommand } from '../wallet/commands.ts';
import type { Actor } from '../wallet/events.ts';
import type { TicketEvent, TicketState } from './ticket-events.ts';
import type { TicketPrize } from './ticket-prize.ts';

const SETTLEMENT_ACTOR: Actor = { kind: 'system', id: 'pool-settlement' };

/** The stream of ticket `ticketId`. */
export const ticketStream = (ticketId: string): string => `poolticket-${ticketId}`;

/**
 * The wallet commands that carry out `event`, given the ticket's state BEFORE it (`before`; for
 * `TicketBought`, the initial state). Pure; the caller sends them to `wallet-<userId>` in order.
 */
export const ticketWalletCommands = (before: TicketState, event: TicketEvent): WalletCommand[] => {
  const bought = event.type === 'TicketBought' ? event.data : before.bought;
  if (bought === null) return [];
  const id = ticketStream(bought.ticketId);
  const base = { userId: bought.userId, at: event.data.at, actor: SETTLEMENT_ACTOR, betId: bought.ticketId };
  const credit = (prize: TicketPrize, n: number): WalletCommand[] =>
    prize.net > 0 && !prize.needsApproval ? creditOf(prize, n) : [];
  const creditOf = (prize: TicketPrize, n: number): WalletCommand[] => [
    {
      type: 'CreditWinnings',
      ...base,
      movementId: `${id}:settle:${n}`,
      product: 'jackpot',
      gross: prize.gross,
      tax: prize.tax,
      amount: prize.net,
    },
  ];
  const reverse = (prize: TicketPrize, movementId: string, reason: string): WalletCommand[] =>
    prize.net > 0
      ? [
          {
            type: 'ReverseSettlement',
            ...base,
            movementId,
            pocket: 'balance',
            amount: prize.net,
            tax: prize.tax,
            reason,
          },
        ]
      : [];
  switch (event.type) {
    case 'TicketBought':
      return [
        {
          type: 'DebitStake',
          ...base,
          actor: { kind: 'player', id: bought.userId },
          movementId: `${id}:stake`,
          product: 'jackpot',
          payType: bought.payType,
          amount: bought.stake,
        },
      ];
    case 'TicketSettled':
      return credit(event.data.prize, event.data.settlementNo);
    case 'TicketResettled':
      return [
        ...(event.data.previousCredited
          ? reverse(event.data.previous, `${id}:reverse:${event.data.settlementNo}`, 'result corrected')
          : []),
        ...credit(event.data.prize, event.data.settlementNo),
      ];
    case 'PrizeApproved':
      return before.prize && before.prize.net > 0 ? creditOf(before.prize, event.data.settlementNo) : [];
    case 'TicketRefunded':
      return [
        ...(event.data.reversed
          ? reverse(event.data.reversed, `${id}:cancel:reverse`, event.data.reason)
          : []),
        {
          type: 'RefundStake',
          ...base,
          movementId: `${id}:cancel:refund`,
          product: 'jackpot',
          payType: bought.payType,
          amount: event.data.refund,
          reason: event.data.reason,
        },
      ];
  }
};
