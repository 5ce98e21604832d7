/**
 * Bet `decide` (spec §4 "Order status", §6 staff actions; betting-rules.md §2, §3). Placement and
 * payment: place.ts; leg settlement: settle.ts; here the delay flag, cash-out and staff cancellation.
 * Errors besides those of place.ts and settle.ts: `BET_NOT_FOUND`, `BET_NOT_OPEN`, `BET_CASHED_OUT`,
 * `STAFF_ONLY`, `REASON_REQUIRED`, `INVALID_AMOUNT`.
 */
import { accept, refuse, type Decision } from '../decider.ts';
import { domainError } from '../errors.ts';
import type * as C from './commands.ts';
import type { BetEvent, BetState } from './events.ts';
import { placeBet, recordStakePaid, rejectBet } from './place.ts';
import { settleLegOfBet } from './settle.ts';

type D = Decision<BetEvent>;

const notFound = () => refuse<BetEvent>(domainError('BET_NOT_FOUND', 'no such bet', { field: 'betId' }));

/** Results overdue: awaiting → delayed settlement (5); records the latest abnormal info. Closed bets: no-op. */
const flagDelayed = (c: C.FlagSettlementDelayed, s: BetState): D => {
  if (s.status === 'none') return notFound();
  const running = s.status === 'awaiting' || s.status === 'abnormal' || s.status === 'delayed';
  if (!running || s.abnormalInfo === c.abnormalInfo) return accept();
  return accept({
    type: 'SettlementDelayed',
    data: { betId: c.betId, at: c.at, abnormalInfo: c.abnormalInfo },
  });
};

/**
 * Early settlement at an accepted offer (betting-rules §3): only while the bet awaits results (2 or 5),
 * never while a leg is abnormal or after settlement. The same offer again is a no-op.
 */
const cashOut = (c: C.CashOutBet, s: BetState): D => {
  if (s.status === 'none') return notFound();
  if (s.status === 'cashedOut') {
    return s.cashOut?.offerId === c.offerId
      ? accept()
      : refuse(domainError('BET_CASHED_OUT', 'already cashed out'));
  }
  if (s.status !== 'awaiting' && s.status !== 'delayed') {
    return refuse(
      domainError('BET_NOT_OPEN', `a ${s.status} bet cannot be cashed out`, {
        details: { status: s.status },
      }),
    );
  }
  if (!Number.isSafeInteger(c.amount) || c.amount <= 0) {
    return refuse(
      domainError('INVALID_AMOUNT', 'amount: a positive whole number of TZS', { field: 'amount' }),
    );
  }
  return accept({
    type: 'BetCashedOut',
    data: { betId: c.betId, at: c.at, amount: c.amount, offerId: c.offerId, actor: c.actor },
  });
};

/**
 * Staff void a bet (spec §6, `order_list/cancel_order`): the paid stake is refunded and an earlier
 * settlement reversed. A cancelled bet again is a no-op; a rejected or cashed-out bet cannot be cancelled.
 */
const cancel = (c: C.CancelBet, s: BetState): D => {
  if (s.status === 'none') return notFound();
  if (c.actor.kind !== 'staff')
    return refuse(domainError('STAFF_ONLY', 'only staff may cancel a bet', { field: 'actor' }));
  if (c.reason.trim() === '')
    return refuse(domainError('REASON_REQUIRED', 'a reason is required', { field: 'reason' }));
  if (s.status === 'cancelled') return accept();
  if (s.status === 'rejected')
    return refuse(domainError('BET_NOT_OPEN', 'the bet was rejected and never ran'));
  if (s.status === 'cashedOut')
    return refuse(domainError('BET_CASHED_OUT', 'a cashed-out bet cannot be cancelled'));
  const refund = s.status === 'unpaid' ? 0 : s.placed.stake;
  return accept({
    type: 'BetCancelled',
    data: { betId: c.betId, at: c.at, actor: c.actor, reason: c.reason, refund, reversed: s.settlement },
  });
};

/** Decides a bet command against the bet's state. */
export const decideBet = (c: C.BetCommand, s: BetState): D => {
  switch (c.type) {
    case 'PlaceBet':
      return placeBet(c, s);
    case 'RecordStakePaid':
      return recordStakePaid(c, s);
    case 'RejectBet':
      return rejectBet(c, s);
    case 'SettleLeg':
      return settleLegOfBet(c, s);
    case 'FlagSettlementDelayed':
      return flagDelayed(c, s);
    case 'CashOutBet':
      return cashOut(c, s);
    case 'CancelBet':
      return cancel(c, s);
  }
};
