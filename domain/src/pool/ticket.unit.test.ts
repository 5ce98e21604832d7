import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { BillType, STAKE_BILL, RESULT_BILL } from '../wallet/bill-types.ts';
import { deciderSpec } from '../testing/given-when-then.ts';
import { AFTER, jackpotPicks, LATER, openView, STAFF, SYSTEM } from './fixtures.ts';
import { poolTicketDecider, ticketStream, ticketWalletCommands } from './index.ts';
import type { PoolMatchResult } from './results.ts';
import type { BuyTicket, SettleTicket } from './ticket-commands.ts';
import type { TicketEvent } from './ticket-events.ts';
import { DEFAULT_JACKPOT_TERMS as JP, DEFAULT_LUCKY_SIX_TERMS as L6 } from './terms.ts';

const spec = deciderSpec(poolTicketDecider);
const BUY_AT = '2026-06-05T13:00:00+03:00';

const buy = (over: Partial<BuyTicket> = {}): BuyTicket => ({
  type: 'BuyTicket',
  ticketId: 't1',
  at: BUY_AT,
  requestId: 'r1',
  userId: 'u1',
  payType: 1,
  picks: jackpotPicks(13, [2, 7]),
  stake: 4_000,
  issue: openView(),
  taxRatePercent: 10,
  ...over,
});
const bought = (over: Partial<BuyTicket> = {}): TicketEvent => {
  const d = poolTicketDecider.decide(buy(over), poolTicketDecider.initialState());
  if (!d.ok) throw new Error(d.error.code);
  return d.events[0] as TicketEvent;
};
const results = (over: Record<string, PoolMatchResult> = {}): Record<string, PoolMatchResult> => ({
  ...Object.fromEntries(
    Array.from({ length: 13 }, (_, i) => [`m${i + 1}`, { kind: 'outcome', outcome: '1' }]),
  ),
  ...over,
});
const TABLE = [
  { hits: 13, prizePerLine: 103_669_135 },
  { hits: 12, prizePerLine: 1_528_806 },
  { hits: 11, prizePerLine: 89_491 },
  { hits: 10, prizePerLine: 7_092 },
];
const settle = (over: Partial<SettleTicket> = {}): SettleTicket => ({
  type: 'SettleTicket',
  ticketId: 't1',
  at: LATER,
  settlementNo: 1,
  results: results({ m2: { kind: 'outcome', outcome: '2' } }),
  prizeTable: TABLE,
  ...over,
});

describe('pool ticket: purchase (spec §5 "Jackpot", §8; issue 18 "Bad input")', () => {
  it('two doubles: 4 lines, 4,000 TZS; picks in issue order; the tax rate and approval threshold copied', () => {
    const { events } = spec.given().when(buy()).thenAccepted();
    expect(events[0]).toMatchObject({
      type: 'TicketBought',
      data: {
        issueId: 'i1',
        game: 'jackpot',
        doubles: 2,
        lines: 4,
        betAmount: 1_000,
        stake: 4_000,
        taxRatePercent: 10,
        maxAddBalance: 5_000_000,
      },
    });
    expect(ticketStream('t1')).toBe('poolticket-t1');
  });

  it('the same request again returns the ticket and charges nothing; another request on the id is refused', () => {
    spec.given(bought()).when(buy()).thenNothing();
    spec
      .given(bought())
      .when(buy({ requestId: 'r2' }))
      .thenRefused('TICKET_EXISTS');
  });

  it('refuses a closed issue, a late entry, a missing issue, credit money, bad picks, a wrong stake', () => {
    spec
      .given()
      .when(buy({ issue: { ...openView(), status: 'closed' } }))
      .thenRefused('JACKPOT_CLOSED');
    spec
      .given()
      .when(buy({ at: AFTER }))
      .thenRefused('JACKPOT_CLOSED', { message: 'Entries for this jackpot are closed' });
    spec
      .given()
      .when(buy({ issue: null }))
      .thenRefused('JACKPOT_NOT_FOUND');
    spec
      .given()
      .when(buy({ payType: 2 }))
      .thenRefused('JACKPOT_CREDIT_NOT_ALLOWED');
    spec
      .given()
      .when(buy({ payType: 2, issue: openView({ ...JP, creditAllowed: true }) }))
      .thenAccepted();
    spec
      .given()
      .when(buy({ picks: jackpotPicks(13, [1, 2, 3, 4, 5, 6]), stake: 64_000 }))
      .thenRefused('JACKPOT_TOO_MANY_DOUBLES');
    spec
      .given()
      .when(buy({ picks: jackpotPicks(12) }))
      .thenRefused('JACKPOT_PICK_REQUIRED');
    spec
      .given()
      .when(buy({ stake: 1_000 }))
      .thenRefused('JACKPOT_STAKE_MISMATCH', {
        details: { stake: 1_000, expected: 4_000, lines: 4, betAmount: 1_000 },
      });
  });

  it('Lucky Six: one exact score per match at the fixed stake', () => {
    const picks = Array.from({ length: 6 }, (_, i) => ({
      matchId: `m${i + 1}`,
      outcomes: [i === 0 ? 'other' : '1-1'],
    }));
    const { events } = spec
      .given()
      .when(buy({ picks, stake: 1_000, issue: openView(L6) }))
      .thenAccepted();
    expect(events[0]).toMatchObject({ data: { game: 'luckysix', lines: 1, stake: 1_000 } });
  });
});

describe('pool ticket: settlement', () => {
  it('pays each line its own tier, tax per line; settling again is a no-op', () => {
    // Doubles 1X on m2 and m7; m2 ended 2: both m2 lines miss it; m7 ended 1: one line hits.
    const { events, state } = spec.given(bought()).when(settle()).thenAccepted();
    expect(events[0]).toMatchObject({
      type: 'TicketSettled',
      data: {
        settlementNo: 1,
        prize: {
          tiers: [
            { hits: 12, lines: 2, prizePerLine: 1_528_806, taxPerLine: 152_780 },
            { hits: 11, lines: 2, prizePerLine: 89_491, taxPerLine: 8_849 },
          ],
          gross: 3_236_594,
          tax: 323_258,
          net: 2_913_336,
          needsApproval: false,
        },
      },
    });
    spec.givenState(state).when(settle()).thenNothing();
    spec
      .given(bought())
      .when(settle({ results: results({ m1: undefined as never }) }))
      .thenRefused('JACKPOT_RESULTS_PENDING');
  });

  it('a corrected result re-settles with the previous prize; an identical one changes nothing', () => {
    const first = spec.given(bought()).when(settle()).thenAccepted().state;
    spec
      .givenState(first)
      .when(settle({ settlementNo: 2 }))
      .thenNothing();
    const { events } = spec
      .givenState(first)
      .when(settle({ settlementNo: 2, results: results() }))
      .thenAccepted();
    expect(events[0]).toMatchObject({
      type: 'TicketResettled',
      data: {
        settlementNo: 2,
        previousCredited: true,
        previous: { net: 2_913_336 },
        prize: { gross: 103_669_135 + 2 * 1_528_806 + 89_491 },
      },
    });
  });

  it('a prize above max_add_balance waits for staff approval', () => {
    const { state } = spec
      .given(bought())
      .when(settle({ results: results() }))
      .thenAccepted();
    expect(state.prize?.needsApproval).toBe(true);
    expect(state.credited).toBe(false);
    spec
      .givenState(state)
      .when({ type: 'ApprovePrize', ticketId: 't1', at: LATER, settlementNo: 1, actor: SYSTEM })
      .thenRefused('STAFF_ONLY');
    spec
      .givenState(state)
      .when({ type: 'ApprovePrize', ticketId: 't1', at: LATER, settlementNo: 2, actor: STAFF })
      .thenRefused('TICKET_NOT_SETTLED');
    const approved = spec
      .givenState(state)
      .when({ type: 'ApprovePrize', ticketId: 't1', at: LATER, settlementNo: 1, actor: STAFF })
      .thenAccepted().state;
    expect(approved.credited).toBe(true);
  });

  it('an issue cancelled: the stake is refunded, a credited prize reversed', () => {
    const refund = {
      type: 'RefundTicket',
      ticketId: 't1',
      at: LATER,
      reason: 'more than 3 void matches',
    } as const;
    spec
      .given(bought())
      .when(refund)
      .then({
        type: 'TicketRefunded',
        data: { ticketId: 't1', at: LATER, refund: 4_000, reversed: null, reason: refund.reason },
      });
    const settled = spec.given(bought()).when(settle()).thenAccepted().state;
    const { state } = spec.givenState(settled).when(refund).thenAccepted();
    expect(state.status).toBe('refunded');
    spec.givenState(state).when(refund).thenNothing();
    spec
      .givenState(state)
      .when(settle({ settlementNo: 3 }))
      .thenNothing();
  });
});

describe('pool ticket: wallet commands (bill type 5 stake, 1 prize; decision 0003)', () => {
  it('debits the stake, credits the net prize, reverses then re-credits, refunds', () => {
    expect(STAKE_BILL.jackpot).toBe(BillType.JackpotPayment);
    expect(RESULT_BILL.jackpot).toBe(BillType.BetResultChange);
    const b = bought();
    const s0 = poolTicketDecider.initialState();
    expect(ticketWalletCommands(s0, b)).toEqual([
      {
        type: 'DebitStake',
        userId: 'u1',
        at: BUY_AT,
        actor: { kind: 'player', id: 'u1' },
        betId: 't1',
        movementId: 'poolticket-t1:stake',
        product: 'jackpot',
        payType: 1,
        amount: 4_000,
      },
    ]);
    const s1 = fold(poolTicketDecider, [b]);
    const settled = spec.givenState(s1).when(settle()).thenAccepted();
    expect(ticketWalletCommands(s1, settled.events[0]!)).toMatchObject([
      {
        type: 'CreditWinnings',
        movementId: 'poolticket-t1:settle:1',
        product: 'jackpot',
        gross: 3_236_594,
        tax: 323_258,
        amount: 2_913_336,
      },
    ]);
    const resettled = spec
      .givenState(settled.state)
      .when(settle({ settlementNo: 2, results: results() }))
      .thenAccepted();
    // The new prize needs approval: only the reversal happens now.
    expect(ticketWalletCommands(settled.state, resettled.events[0]!)).toMatchObject([
      {
        type: 'ReverseSettlement',
        movementId: 'poolticket-t1:reverse:2',
        pocket: 'balance',
        amount: 2_913_336,
        tax: 323_258,
      },
    ]);
    const approve = spec
      .givenState(resettled.state)
      .when({ type: 'ApprovePrize', ticketId: 't1', at: LATER, settlementNo: 2, actor: STAFF })
      .thenAccepted();
    expect(ticketWalletCommands(resettled.state, approve.events[0]!)).toMatchObject([
      { type: 'CreditWinnings', movementId: 'poolticket-t1:settle:2' },
    ]);
    const refunded = spec
      .givenState(approve.state)
      .when({ type: 'RefundTicket', ticketId: 't1', at: LATER, reason: 'staff' })
      .thenAccepted();
    expect(
      ticketWalletCommands(approve.state, refunded.events[0]!).map((c) => [c.type, c.movementId]),
    ).toEqual([
      ['ReverseSettlement', 'poolticket-t1:cancel:reverse'],
      ['RefundStake', 'poolticket-t1:cancel:refund'],
    ]);
  });
});
