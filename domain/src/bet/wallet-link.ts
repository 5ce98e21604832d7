/**
 * What the wallet must do for each bet event (architecture.md §3 "Process managers": deterministic
 * movement ids derived from the bet event, so at-least-once delivery moves money exactly once).
 *
 * | bet event | wallet commands (movement id) |
 * |---|---|
 * | BetPlaced | DebitStake (`bet-<id>:stake`) |
 * | BetSettled n | CreditWinnings of `credited` (`bet-<id>:settle:<n>`), RefundStake of `creditRefund` (`…:credit`) |
 * | BetResettled n | ReverseSettlement of the previous `credited` / `creditRefund` (`bet-<id>:reverse:<n>`, `…:credit`), then as BetSettled n |
 * | BetCashedOut | CreditWinnings of the offer, gross, tax and net (`bet-<id>:cashout`), bill type 1 |
 * | BetPartCashedOut | CreditWinnings of the part, gross, tax and net (`bet-<id>:cashout:<cashOutNo>`), bill type 1 |
 * | BetCancelled | ReverseSettlement of the last settlement (`bet-<id>:cancel:reverse…`), RefundStake (`bet-<id>:cancel:refund`) |
 */
import type { Settlement } from '../settlement/bet.ts';
import type { WalletCommand } from '../wallet/commands.ts';
import type { Actor, StakeProduct } from '../wallet/events.ts';
import type { BetEvent, BetPlaced } from './events.ts';

const SETTLEMENT_ACTOR: Actor = { kind: 'system', id: 'settlement' };

const productOf = (placed: BetPlaced['data']): StakeProduct =>
  placed.legs.length > 1 ? 'multiple' : 'single';

const pay = (placed: BetPlaced['data'], s: Settlement, id: string, at: string): WalletCommand[] => {
  const base = {
    userId: placed.userId,
    at,
    actor: SETTLEMENT_ACTOR,
    betId: placed.betId,
    product: productOf(placed),
  };
  const out: WalletCommand[] = [];
  if (s.credited > 0) {
    out.push({
      type: 'CreditWinnings',
      ...base,
      movementId: id,
      gross: Math.max(s.credited, s.payout + s.reward),
      tax: s.tax,
      amount: s.credited,
    });
  }
  if (s.creditRefund > 0) {
    out.push({
      type: 'RefundStake',
      ...base,
      movementId: `${id}:credit`,
      payType: 2,
      amount: s.creditRefund,
      reason: 'all legs void',
    });
  }
  return out;
};

const reverse = (
  placed: BetPlaced['data'],
  s: Settlement,
  id: string,
  at: string,
  reason: string,
): WalletCommand[] => {
  const base = { userId: placed.userId, at, actor: SETTLEMENT_ACTOR, betId: placed.betId, reason };
  const out: WalletCommand[] = [];
  if (s.credited > 0)
    out.push({
      type: 'ReverseSettlement',
      ...base,
      movementId: id,
      pocket: 'balance',
      amount: s.credited,
      tax: s.tax,
    });
  if (s.creditRefund > 0) {
    out.push({
      type: 'ReverseSettlement',
      ...base,
      movementId: `${id}:credit`,
      pocket: 'creditMoney',
      amount: s.creditRefund,
      tax: 0,
    });
  }
  return out;
};

/**
 * The wallet commands that carry out `event` of the bet placed as `placed`. Pure; the caller sends them
 * to `wallet-<userId>` in order. Settlement amounts come from the event, never recomputed.
 */
export const walletCommandsFor = (placed: BetPlaced['data'], event: BetEvent): WalletCommand[] => {
  const id = `bet-${placed.betId}`;
  const { at } = event.data;
  switch (event.type) {
    case 'BetPlaced':
      return [
        {
          type: 'DebitStake',
          userId: placed.userId,
          at,
          actor: { kind: placed.actor.kind, id: placed.actor.id },
          movementId: `${id}:stake`,
          betId: placed.betId,
          product: productOf(placed),
          payType: placed.payType,
          amount: placed.stake,
        },
      ];
    case 'BetSettled':
      return pay(placed, event.data.settlement, `${id}:settle:${event.data.settlementNo}`, at);
    case 'BetResettled':
      return [
        ...reverse(
          placed,
          event.data.previous,
          `${id}:reverse:${event.data.settlementNo}`,
          at,
          'result corrected',
        ),
        ...pay(placed, event.data.settlement, `${id}:settle:${event.data.settlementNo}`, at),
      ];
    case 'BetCashedOut':
    case 'BetPartCashedOut':
      return [
        {
          type: 'CreditWinnings',
          userId: placed.userId,
          at,
          actor: SETTLEMENT_ACTOR,
          movementId:
            event.type === 'BetCashedOut' ? `${id}:cashout` : `${id}:cashout:${event.data.cashOutNo}`,
          betId: placed.betId,
          product: productOf(placed),
          gross: event.data.gross ?? event.data.amount,
          tax: event.data.tax ?? 0,
          amount: event.data.amount,
        },
      ];
    case 'BetCancelled': {
      const reversed = event.data.reversed
        ? reverse(placed, event.data.reversed, `${id}:cancel:reverse`, at, event.data.reason)
        : [];
      const refund: WalletCommand[] =
        event.data.refund > 0
          ? [
              {
                type: 'RefundStake',
                userId: placed.userId,
                at,
                actor: SETTLEMENT_ACTOR,
                movementId: `${id}:cancel:refund`,
                betId: placed.betId,
                product: productOf(placed),
                payType: placed.payType,
                amount: event.data.refund,
                reason: event.data.reason,
              },
            ]
          : [];
      return [...reversed, ...refund];
    }
    default:
      return [];
  }
};
