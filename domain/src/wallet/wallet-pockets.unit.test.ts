import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { deciderSpec } from '../testing/given-when-then.ts';
import { walletDecider } from './decider.ts';
import { AT, PLAYER, STAFF, walletCommands as w, walletHistory as history } from './fixtures.ts';

const spec = deciderSpec(walletDecider);

describe('wallet: withdrawals', () => {
  const funded = history(w.deposit('p', 10_000));

  it('reserves (bill type 7), then confirms without moving money again', () => {
    const given = history(w.deposit('p', 10_000), w.reserve('wd-1', 4_000));
    const { state } = spec
      .given(...given)
      .when(w.confirm('wd-1:confirm', 'wd-1'))
      .thenAccepted();
    expect(state).toMatchObject({ balance: 6_000, openWithdrawals: [] });
  });

  it('refunds a failed or timed-out withdrawal (bill type 9)', () => {
    const given = history(w.deposit('p', 10_000), w.reserve('wd-1', 4_000));
    const { events, state } = spec
      .given(...given)
      .when(w.refundWithdrawal('wd-1:refund', 'wd-1'))
      .thenAccepted();
    expect(events[0]?.data).toMatchObject({ billType: 9, amount: 4_000 });
    expect(state).toMatchObject({ balance: 10_000, openWithdrawals: [] });
  });

  it('refuses confirming or refunding a withdrawal that is not open', () => {
    const given = history(w.deposit('p', 10_000), w.reserve('wd-1', 4_000), w.confirm('c', 'wd-1'));
    spec
      .given(...given)
      .when(w.refundWithdrawal('r', 'wd-1'))
      .thenRefused('WITHDRAWAL_NOT_OPEN');
    spec
      .given(...given)
      .when(w.confirm('c2', 'wd-1'))
      .thenRefused('WITHDRAWAL_NOT_OPEN');
  });

  it('refuses a second reservation for the same payment, and more than 5 in flight', () => {
    spec
      .given(...history(w.deposit('p', 10_000), w.reserve('wd-1', 1_000)))
      .when(w.reserve('wd-1b', 1_000, { paymentId: 'wd-1' }))
      .thenRefused('WITHDRAWAL_ALREADY_OPEN');
    const five = history(w.deposit('p', 10_000), ...[1, 2, 3, 4, 5].map((i) => w.reserve(`wd-${i}`, 1_000)));
    spec
      .given(...five)
      .when(w.reserve('wd-6', 1_000))
      .thenRefused('TOO_MANY_OPEN_WITHDRAWALS');
  });

  it('refuses a withdrawal above the balance', () => {
    spec
      .given(...funded)
      .when(w.reserve('wd', 10_001))
      .thenRefused('INSUFFICIENT_FUNDS');
  });
});

describe('wallet: staff adjustments, bonuses, racing coin', () => {
  it('lets staff edit each pocket with a reason (bill type 2)', () => {
    const { events, state } = spec
      .given()
      .when(w.adjust('adj', 2_000, { pocket: 'racingCoin' }))
      .thenAccepted();
    expect(events[0]?.data).toMatchObject({ billType: 2, actor: STAFF, reason: 'goodwill' });
    expect(state.racingCoin).toBe(2_000);
    spec.given().when(w.adjust('adj', -1)).thenRefused('INSUFFICIENT_FUNDS');
  });

  it('refuses an adjustment by a player, without a reason, or of zero', () => {
    spec
      .given()
      .when(w.adjust('adj', 100, { actor: PLAYER }))
      .thenRefused('STAFF_ONLY');
    spec
      .given()
      .when(w.adjust('adj', 100, { reason: '  ' }))
      .thenRefused('REASON_REQUIRED');
    spec.given().when(w.adjust('adj', 0)).thenRefused('INVALID_AMOUNT');
  });

  it.each([
    ['signup', 8],
    ['referral', 10],
    ['order', 12],
    ['activity', 17],
    ['casinoReward', 24],
  ] as const)('credits a %s bonus as bill type %i', (kind, bill) => {
    const { events } = spec
      .given()
      .when(w.bonus('b', 100, { kind }))
      .thenAccepted();
    expect(events[0]?.data.billType).toBe(bill);
  });

  it('converts balance to racing coin 1:1 untaxed (15) and back taxed, rounded down (16)', () => {
    const given = history(w.deposit('p', 10_000), w.toCoin('c1', 2_999));
    expect(fold(walletDecider, given)).toMatchObject({ balance: 7_001, racingCoin: 2_999 });
    spec
      .given(...given)
      .when(w.toBalance('c2', 2_999, '10'))
      .then({
        type: 'RacingCoinConverted',
        data: {
          userId: 'u1',
          movementId: 'c2',
          billType: 16,
          reference: 'c2',
          reason: 'conversion',
          actor: PLAYER,
          at: AT,
          lines: [
            { pocket: 'racingCoin', amount: -2_999, before: 2_999, after: 0 },
            { pocket: 'balance', amount: 2_700, before: 7_001, after: 9_701 },
          ],
          direction: 'toBalance',
          taxRate: '10',
          tax: 299,
        },
      });
  });

  it('refuses a bad conversion tax rate or too little racing coin', () => {
    const given = history(w.adjust('a', 100, { pocket: 'racingCoin' }));
    spec
      .given(...given)
      .when(w.toBalance('c', 100, '101'))
      .thenRefused('INVALID_TAX_RATE');
    spec
      .given(...given)
      .when(w.toBalance('c', 100, 'ten'))
      .thenRefused('INVALID_TAX_RATE');
    spec
      .given(...given)
      .when(w.toBalance('c', 101))
      .thenRefused('INSUFFICIENT_RACING_COIN');
  });

  it('takes racing stakes from racing coin and pays racing results to it (13, 14)', () => {
    const given = history(w.adjust('a', 1_000, { pocket: 'racingCoin' }));
    const staked = spec
      .given(...given)
      .when(w.stake('r1', 300, { product: 'racing' }))
      .thenAccepted();
    expect(staked.events[0]?.data.billType).toBe(13);
    const won = spec
      .givenState(staked.state)
      .when(w.win('r1:win', 2_907, { product: 'racing' }))
      .thenAccepted();
    expect(won.events[0]?.data.billType).toBe(14);
    expect(won.state).toMatchObject({ racingCoin: 3_607, balance: 0 });
  });
});

describe('wallet: credit-money expiry (bill type 18, decision 0045)', () => {
  const held = history(w.bonus('welcome', 1_000), w.bonus('referral', 7_000, { kind: 'referral' }));

  it('takes what is left of the grant from credit money, as its own movement', () => {
    const { events, state } = spec
      .given(...held)
      .when(w.expire('expiry:welcome', 1_000, { reference: 'welcome' }))
      .thenAccepted();
    expect(events[0]).toMatchObject({
      type: 'CreditExpired',
      data: { billType: 18, reference: 'welcome', reason: 'expired', requested: 1_000, taken: 1_000 },
    });
    expect(events[0]?.data.lines).toEqual([
      { pocket: 'creditMoney', amount: -1_000, before: 8_000, after: 7_000 },
    ]);
    expect(state).toMatchObject({ creditMoney: 7_000, balance: 0 });
  });

  it('never takes more than the credit money held, and never touches the balance', () => {
    const given = history(w.deposit('d', 5_000), w.bonus('b', 300));
    const { events, state } = spec
      .given(...given)
      .when(w.expire('x', 1_000, { reason: 'forfeited' }))
      .thenAccepted();
    expect(events[0]?.data).toMatchObject({ requested: 1_000, taken: 300, reason: 'forfeited' });
    expect(state).toMatchObject({ creditMoney: 0, balance: 5_000 });
  });

  it('records an expiry with nothing left, so that a replay never takes money later', () => {
    const { events, state } = spec.given().when(w.expire('x', 500)).thenAccepted();
    expect(events[0]?.data).toMatchObject({ taken: 0, lines: [] });
    const refilled = [...history(w.bonus('b', 900))];
    const after = fold(walletDecider, [...events, ...refilled]);
    expect(walletDecider.decide(w.expire('x', 500), after)).toEqual({ ok: true, events: [] });
    expect(state.recentMovementIds).toContain('x');
  });

  it('refuses a negative or fractional amount', () => {
    spec
      .given(...held)
      .when(w.expire('x', -1))
      .thenRefused('INVALID_AMOUNT');
    spec
      .given(...held)
      .when(w.expire('x', 1.5))
      .thenRefused('INVALID_AMOUNT');
  });
});
