import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { deciderSpec } from '../testing/given-when-then.ts';
import { walletDecider } from './decider.ts';
import { AT, PLAYER, SYSTEM, walletCommands as w, walletHistory as history } from './fixtures.ts';

const spec = deciderSpec(walletDecider);

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
