import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/given-when-then.ts';
import type * as C from './commands.ts';
import { ORDER_STATUS_CODE, type BetEvent, type BetState } from './events.ts';
import {
  AT,
  betHistory as history,
  paid,
  place,
  placedLeg,
  played,
  PLAYER,
  settle,
  STAFF,
} from './fixtures.ts';
import { betDecider, walletCommandsFor } from './index.ts';

const spec = deciderSpec(betDecider);
const code = (s: BetState) => (s.status === 'none' ? 0 : ORDER_STATUS_CODE[s.status]);
const single = place([placedLeg('m1', '3.00')], 10_000);
const placedData = () => (history(single)[0] as Extract<BetEvent, { type: 'BetPlaced' }>).data;

describe('bet: re-settlement, cash-out, cancellation', () => {
  it('re-settles after a correction: reverse 28,000, apply 0; the wallet commands say so', () => {
    const { events, state } = spec
      .given(...history(single, paid, settle('m1', played(2, 0), 1)))
      .when(settle('m1', played(0, 0), 2))
      .thenAccepted();
    expect(events[1]).toMatchObject({
      type: 'BetResettled',
      data: {
        settlementNo: 2,
        previous: { credited: 28_000, tax: 2_000 },
        settlement: { state: 'settled', credited: 0 },
      },
    });
    expect(walletCommandsFor(placedData(), events[1] as BetEvent)).toMatchObject([
      {
        type: 'ReverseSettlement',
        movementId: 'bet-b1:reverse:2',
        pocket: 'balance',
        amount: 28_000,
        tax: 2_000,
      },
    ]);
    spec
      .givenState(state)
      .when(settle('m1', played(0, 0), 2))
      .thenNothing();
  });

  it('cashes out awaiting bets only (6), once per offer', () => {
    const cashOut: C.CashOutBet = {
      type: 'CashOutBet',
      betId: 'b1',
      at: AT,
      offerId: 'o1',
      amount: 14_000,
      actor: PLAYER,
    };
    const out = spec
      .given(...history(single, paid))
      .when(cashOut)
      .thenAccepted();
    expect(code(out.state)).toBe(6);
    spec.givenState(out.state).when(cashOut).thenNothing();
    spec
      .givenState(out.state)
      .when({ ...cashOut, offerId: 'o2' })
      .thenRefused('BET_CASHED_OUT');
    spec
      .given(...history(single, paid, settle('m1', played(1, 0))))
      .when(cashOut)
      .thenRefused('BET_NOT_OPEN');
    expect(walletCommandsFor(placedData(), out.events[0] as BetEvent)).toMatchObject([
      { type: 'CreditWinnings', amount: 14_000, movementId: 'bet-b1:cashout' },
    ]);
  });

  it('lets staff cancel with a reason: refund the stake, reverse an earlier settlement', () => {
    const cancel: C.CancelBet = {
      type: 'CancelBet',
      betId: 'b1',
      at: AT,
      actor: STAFF,
      reason: 'palpable error',
    };
    const open = spec
      .given(...history(single, paid))
      .when(cancel)
      .thenAccepted();
    expect(open.events[0]).toMatchObject({ data: { refund: 10_000, reversed: null } });
    expect(code(open.state)).toBe(4);
    const settled = spec
      .given(...history(single, paid, settle('m1', played(1, 0))))
      .when(cancel)
      .thenAccepted();
    expect(walletCommandsFor(placedData(), settled.events[0] as BetEvent)).toMatchObject([
      { type: 'ReverseSettlement', amount: 28_000 },
      { type: 'RefundStake', amount: 10_000, payType: 1 },
    ]);
    spec.givenState(settled.state).when(cancel).thenNothing();
    spec
      .given(...history(single, paid))
      .when({ ...cancel, actor: PLAYER })
      .thenRefused('STAFF_ONLY');
    spec
      .given(...history(single, paid))
      .when({ ...cancel, reason: '' })
      .thenRefused('REASON_REQUIRED');
    expect(
      spec
        .given(...history(single))
        .when(cancel)
        .thenAccepted().events[0],
    ).toMatchObject({ data: { refund: 0 } });
  });
});
