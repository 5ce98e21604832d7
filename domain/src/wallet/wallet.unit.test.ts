import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { deciderSpec } from '../testing/given-when-then.ts';
import type { WalletCommand } from './commands.ts';
import { walletDecider } from './decider.ts';
import type { WalletEvent } from './events.ts';
import { AT, PLAYER, STAFF, SYSTEM, walletCommands as w } from './fixtures.ts';

const spec = deciderSpec(walletDecider);

/** The events a sequence of accepted commands records (fails the test on a refusal). */
const history = (...commands: WalletCommand[]): WalletEvent[] => {
  const events: WalletEvent[] = [];
  for (const c of commands) {
    const d = walletDecider.decide(c, fold(walletDecider, events));
    if (!d.ok) throw new Error(`setup refused: ${d.error.code}`);
    events.push(...d.events);
  }
  return events;
};

describe('wallet: deposits and stakes', () => {
  it('credits a confirmed deposit as bill type 6 with balance before and after', () => {
    spec
      .given()
      .when(w.deposit('pay-1', 5_000))
      .then({
        type: 'DepositCredited',
        data: {
          userId: 'u1',
          movementId: 'pay-1',
          billType: 6,
          reference: 'pay-1',
          reason: 'deposit',
          actor: SYSTEM,
          at: AT,
          lines: [{ pocket: 'balance', amount: 5_000, before: 0, after: 5_000 }],
          channel: 'push',
        },
      });
  });

  it('books a customer-initiated paybill deposit as USSD recharge (11)', () => {
    const { events } = spec
      .given()
      .when(w.deposit('pay-1', 5_000, { channel: 'ussd' }))
      .thenAccepted();
    expect(events[0]?.data.billType).toBe(11);
  });

  it('debits a single stake from the balance as bill type 3', () => {
    spec
      .given(...history(w.deposit('pay-1', 5_000)))
      .when(w.stake('bet-1', 1_000))
      .then({
        type: 'StakeDebited',
        data: {
          userId: 'u1',
          movementId: 'bet-1',
          billType: 3,
          reference: 'bet-1',
          reason: 'stake',
          actor: PLAYER,
          at: AT,
          lines: [{ pocket: 'balance', amount: -1_000, before: 5_000, after: 4_000 }],
          product: 'single',
          payType: 1,
        },
      });
  });

  it.each([
    ['multiple', 4],
    ['jackpot', 5],
    ['casino', 22],
  ] as const)('books a %s stake as bill type %i', (product, bill) => {
    const { events } = spec
      .given(...history(w.deposit('p', 5_000)))
      .when(w.stake('b', 100, { product }))
      .thenAccepted();
    expect(events[0]?.data.billType).toBe(bill);
  });

  it('takes a pay type 2 stake from credit money, never from the balance', () => {
    const given = history(w.deposit('p', 5_000), w.bonus('bonus-1', 700));
    const { state } = spec
      .given(...given)
      .when(w.stake('b', 700, { payType: 2 }))
      .thenAccepted();
    expect(state).toMatchObject({ balance: 5_000, creditMoney: 0 });
    spec
      .given(...given)
      .when(w.stake('b', 800, { payType: 2 }))
      .thenRefused('INSUFFICIENT_CREDIT_MONEY', {
        details: { pocket: 'creditMoney', available: 700, requested: 800 },
      });
  });

  it('refuses a stake above the balance with INSUFFICIENT_FUNDS', () => {
    spec
      .given(...history(w.deposit('p', 500)))
      .when(w.stake('b', 600))
      .thenRefused('INSUFFICIENT_FUNDS', {
        field: 'amount',
        details: { available: 500, requested: 600 },
      });
  });

  it.each([0, -5, 10.5, Number.NaN])('refuses amount %s with INVALID_AMOUNT', (amount) => {
    spec
      .given(...history(w.deposit('p', 500)))
      .when(w.stake('b', amount))
      .thenRefused('INVALID_AMOUNT');
  });

  it('refunds a voided stake to the pocket it came from (bill type 1)', () => {
    const given = history(w.bonus('bonus', 700), w.stake('b', 700, { payType: 2 }));
    const { events, state } = spec
      .given(...given)
      .when(w.refund('b:void', 700, { payType: 2 }))
      .thenAccepted();
    expect(events[0]?.data.billType).toBe(1);
    expect(state).toMatchObject({ balance: 0, creditMoney: 700 });
  });

  it('refuses a command for another wallet', () => {
    spec
      .given(...history(w.deposit('p', 500)))
      .when(w.stake('b', 100, { userId: 'u2' }))
      .thenRefused('WALLET_USER_MISMATCH');
  });
});

describe('wallet: idempotency', () => {
  it('accepts a repeated movement id with no events, whatever the command', () => {
    const given = history(w.deposit('pay-1', 5_000), w.stake('bet-1', 1_000));
    spec
      .given(...given)
      .when(w.deposit('pay-1', 5_000))
      .thenNothing();
    spec
      .given(...given)
      .when(w.stake('bet-1', 1_000))
      .thenNothing();
  });

  it('keeps only a bounded window of recent movement ids', () => {
    const commands = Array.from({ length: 300 }, (_, i) => w.deposit(`p${i}`, 1));
    const state = fold(walletDecider, history(...commands));
    expect(state.recentMovementIds).toHaveLength(256);
    expect(state.recentMovementIds.at(-1)).toBe('p299');
    expect(state.recentMovementIds[0]).toBe('p44');
  });
});

describe('wallet: payouts and reversals', () => {
  it('credits the net payout and records gross and tax (betting-rules §2 example: 30,000 gross, 2,000 tax)', () => {
    const given = history(w.deposit('p', 10_000), w.stake('b', 10_000));
    const { events, state } = spec
      .given(...given)
      .when(w.win('b:settle:1', 28_000, { gross: 30_000, tax: 2_000, betId: 'b' }))
      .thenAccepted();
    expect(events[0]?.data).toMatchObject({ billType: 1, reference: 'b', gross: 30_000, tax: 2_000 });
    expect(state.balance).toBe(28_000);
  });

  it('refuses tax below zero or gross below the amount', () => {
    spec
      .given()
      .when(w.win('x', 100, { gross: 50 }))
      .thenRefused('INVALID_AMOUNT');
    spec
      .given()
      .when(w.win('x', 100, { tax: -1 }))
      .thenRefused('INVALID_AMOUNT');
  });

  it('reverses a settlement in full when the balance holds it (bill type 25)', () => {
    const given = history(w.win('b:settle:1', 28_000));
    spec
      .given(...given)
      .when(w.reverse('b:reverse:1', 28_000, { betId: 'b', tax: 2_000 }))
      .then({
        type: 'SettlementReversed',
        data: {
          userId: 'u1',
          movementId: 'b:reverse:1',
          billType: 25,
          reference: 'b',
          reason: 'result corrected',
          actor: SYSTEM,
          at: AT,
          lines: [{ pocket: 'balance', amount: -28_000, before: 28_000, after: 0 }],
          requested: 28_000,
          tax: 2_000,
          shortfall: 0,
        },
      });
  });

  it('takes what is there and records the shortfall as debt; the balance never goes negative', () => {
    const given = history(w.win('b:settle:1', 28_000), w.reserve('wd-1', 20_000));
    const { events, state } = spec
      .given(...given)
      .when(w.reverse('b:reverse:1', 28_000))
      .thenAccepted();
    expect(events[0]?.data.lines).toEqual([
      { pocket: 'balance', amount: -8_000, before: 8_000, after: 0 },
      { pocket: 'debt', amount: 20_000, before: 0, after: 20_000 },
    ]);
    expect(state).toMatchObject({ balance: 0, debt: 20_000 });
  });

  it('pays the debt first from the next credit to the balance', () => {
    const given = history(w.win('b:settle:1', 1_000), w.stake('s', 1_000), w.reverse('b:reverse:1', 1_000));
    const { events, state } = spec
      .given(...given)
      .when(w.deposit('pay-2', 1_500))
      .thenAccepted();
    expect(events[0]?.data.lines).toEqual([
      { pocket: 'debt', amount: -1_000, before: 1_000, after: 0 },
      { pocket: 'balance', amount: 500, before: 0, after: 500 },
    ]);
    expect(state).toMatchObject({ balance: 500, debt: 0 });
  });

  it('forgives a shortfall on credit money (bonus money is not owed)', () => {
    const given = history(w.bonus('bonus', 300));
    const { state } = spec
      .given(...given)
      .when(w.reverse('r', 700, { pocket: 'creditMoney' }))
      .thenAccepted();
    expect(state).toMatchObject({ creditMoney: 0, debt: 0 });
  });

  it('lets staff write off debt, never more than is owed', () => {
    const given = history(w.win('b:settle:1', 1_000), w.stake('s', 1_000), w.reverse('b:reverse:1', 1_000));
    spec
      .given(...given)
      .when(w.writeOff('wo', 1_001))
      .thenRefused('DEBT_EXCEEDED');
    const { state } = spec
      .given(...given)
      .when(w.writeOff('wo', 1_000))
      .thenAccepted();
    expect(state.debt).toBe(0);
  });
});

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
