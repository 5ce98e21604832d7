/**
 * Pool-game ticket `decide` (spec §5 "Jackpot"; spec §8 jackpot messages; issue 18 "Ticket", "Bad
 * input"). Errors: `JACKPOT_NOT_FOUND`, `JACKPOT_CLOSED`, `JACKPOT_CREDIT_NOT_ALLOWED`, the pick codes of
 * {@link picksError}, `JACKPOT_STAKE_MISMATCH`, `JACKPOT_RESULTS_PENDING`, `TICKET_EXISTS`,
 * `TICKET_NOT_FOUND`, `TICKET_NOT_SETTLED`, `STAFF_ONLY`, `REASON_REQUIRED`. A refused purchase charges
 * nothing: `TicketBought` is the only event appended with the stake debit.
 */
import { PAY_TYPE_CREDIT } from '../config/bet-config.ts';
import { instantMs } from '../config/versions.ts';
import { accept, refuse, type Decision } from '../decider.ts';
import { poolError } from './constants.ts';
import { sameValue } from './same-value.ts';
import { lineHitCounts } from './hits.ts';
import { orderPicks, picksError, ticketShape } from './picks.ts';
import type * as C from './ticket-commands.ts';
import type { TicketEvent, TicketState } from './ticket-events.ts';
import { ticketPrize } from './ticket-prize.ts';

type D = Decision<TicketEvent>;

const notFound = () => refuse<TicketEvent>(poolError('TICKET_NOT_FOUND', { field: 'ticketId' }));

const buy = (c: C.BuyTicket, s: TicketState): D => {
  if (s.bought !== null)
    return s.bought.requestId === c.requestId
      ? accept()
      : refuse(poolError('TICKET_EXISTS', { field: 'ticketId' }));
  const issue = c.issue;
  if (issue === null) return refuse(poolError('JACKPOT_NOT_FOUND', { field: 'issueId' }));
  if (issue.status !== 'open' || instantMs(c.at) >= instantMs(issue.closesAt))
    return refuse(
      poolError('JACKPOT_CLOSED', { details: { closesAt: issue.closesAt, status: issue.status } }),
    );
  const { terms } = issue;
  if (c.payType === PAY_TYPE_CREDIT && !terms.creditAllowed)
    return refuse(poolError('JACKPOT_CREDIT_NOT_ALLOWED', { field: 'payType' }));
  const pickProblem = picksError(c.picks, issue.matchIds, terms);
  if (pickProblem) return refuse(pickProblem);
  const shape = ticketShape(c.picks, terms.betAmount);
  if (c.stake !== shape.stake)
    return refuse(
      poolError('JACKPOT_STAKE_MISMATCH', {
        field: 'stake',
        details: { stake: c.stake, expected: shape.stake, lines: shape.lines, betAmount: terms.betAmount },
      }),
    );
  return accept({
    type: 'TicketBought',
    data: {
      ticketId: c.ticketId,
      at: c.at,
      requestId: c.requestId,
      issueId: issue.issueId,
      game: terms.game,
      userId: c.userId,
      payType: c.payType,
      picks: orderPicks(c.picks, issue.matchIds, terms.game),
      doubles: shape.doubles,
      lines: shape.lines,
      betAmount: terms.betAmount,
      stake: shape.stake,
      taxRatePercent: c.taxRatePercent,
      maxAddBalance: terms.maxAddBalance,
    },
  });
};

const settle = (c: C.SettleTicket, s: TicketState): D => {
  const bought = s.bought;
  if (bought === null) return notFound();
  if (s.status === 'refunded' || c.settlementNo <= s.settlementNo) return accept();
  const pending = bought.picks.filter((p) => c.results[p.matchId] === undefined).map((p) => p.matchId);
  if (pending.length > 0) return refuse(poolError('JACKPOT_RESULTS_PENDING', { details: { pending } }));
  const counts = lineHitCounts(bought.picks, c.results);
  const prize = ticketPrize(
    counts,
    c.prizeTable,
    bought.betAmount,
    bought.taxRatePercent,
    bought.maxAddBalance,
  );
  const base = { ticketId: c.ticketId, at: c.at, settlementNo: c.settlementNo, counts, prize };
  if (s.prize === null) return accept({ type: 'TicketSettled', data: base });
  if (sameValue(s.prize, prize)) return accept();
  return accept({
    type: 'TicketResettled',
    data: { ...base, previous: s.prize, previousCredited: s.credited },
  });
};

const approve = (c: C.ApprovePrize, s: TicketState): D => {
  if (s.bought === null) return notFound();
  if (c.actor.kind !== 'staff') return refuse(poolError('STAFF_ONLY', { field: 'actor' }));
  if (
    s.status !== 'settled' ||
    s.prize === null ||
    !s.prize.needsApproval ||
    c.settlementNo !== s.settlementNo
  )
    return refuse(poolError('TICKET_NOT_SETTLED', { details: { settlementNo: s.settlementNo } }));
  if (s.credited) return accept();
  return accept({
    type: 'PrizeApproved',
    data: { ticketId: c.ticketId, at: c.at, settlementNo: c.settlementNo, actor: c.actor },
  });
};

const refund = (c: C.RefundTicket, s: TicketState): D => {
  if (s.bought === null) return notFound();
  if (c.reason.trim() === '') return refuse(poolError('REASON_REQUIRED', { field: 'reason' }));
  if (s.status === 'refunded') return accept();
  return accept({
    type: 'TicketRefunded',
    data: {
      ticketId: c.ticketId,
      at: c.at,
      refund: s.bought.stake,
      reversed: s.credited ? s.prize : null,
      reason: c.reason,
    },
  });
};

/** Decides a ticket command against the ticket's state. */
export const decideTicket = (c: C.TicketCommand, s: TicketState): D => {
  switch (c.type) {
    case 'BuyTicket':
      return buy(c, s);
    case 'SettleTicket':
      return settle(c, s);
    case 'ApprovePrize':
      return approve(c, s);
    case 'RefundTicket':
      return refund(c, s);
  }
};
