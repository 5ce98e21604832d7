/**
 * Bet `decide` (spec §4 "Order status", §6 staff actions; betting-rules.md §2, §3). Placement and
 * payment: place.ts; leg settlement: settle.ts; cash-out: cash-out.ts; here the delay flag and staff
 * cancellation.
 * Errors besides those of place.ts and settle.ts: `BET_NOT_FOUND`, `BET_NOT_OPEN`, `BET_CASHED_OUT`,
 * `STAFF_ONLY`, `REASON_REQUIRED`, and those of cash-out.ts.
 */
import { accept, refuse, type Decision } from '../decider.ts';
import { domainError } from '../errors.ts';
import type * as C from './commands.ts';
import type { BetEvent, BetState } from './events.ts';
import { cashOutBet } from './cash-out.ts';
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
  // After partial cash-outs only the running stake is refunded: the parts were paid (decision 0019).
  const refund = s.status === 'unpaid' ? 0 : s.remainingStake;
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
      return cashOutBet(c, s);
    case 'CancelBet':
      return cancel(c, s);
  }
};
