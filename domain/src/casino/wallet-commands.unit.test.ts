import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { BillType } from '../wallet/bill-types.ts';
import { walletDecider } from '../wallet/decider.ts';
import { walletCommands } from '../wallet/fixtures.ts';
import { casinoRoundDecider, type CasinoRoundEvent } from './round.ts';
import { casinoMovementId, casinoWalletCommands } from './wallet-commands.ts';

const AT = '2026-11-25T18:00:00+03:00';
const ids = { providerId: 'sandbox', roundId: 'r1', gameId: 'crash', userId: 'u1', at: AT };
const placed: CasinoRoundEvent = {
  type: 'CasinoBetPlaced',
  data: { ...ids, transactionId: 'b1', amount: 1_000 },
};
const afterBet = fold(casinoRoundDecider, [placed]);
const actor = { kind: 'system', id: 'casino-provider:sandbox' } as const;

/** Runs the commands through the real wallet decider from a funded wallet; returns the events' bill types. */
const bills = (commands: ReturnType<typeof casinoWalletCommands>): number[] => {
  let state = fold(walletDecider, [], walletDecider.initialState());
  const funded = walletDecider.decide(walletCommands.deposit('d1', 10_000), state);
  if (funded.ok) state = fold(walletDecider, funded.events, state);
  return commands.flatMap((c) => {
    const d = walletDecider.decide(c, state);
    if (!d.ok) throw new Error(d.error.code);
    return d.events.map((e) => e.data.billType);
  });
};

describe('casino wallet commands: what the money path issues for each round event', () => {
  it('a bet debits the balance as casino deduct (bill 22)', () => {
    const commands = casinoWalletCommands(placed, casinoRoundDecider.initialState());
    expect(commands).toEqual([
      {
        type: 'DebitStake',
        userId: 'u1',
        movementId: 'casino:sandbox:b1',
        at: AT,
        actor,
        betId: 'sandbox:r1',
        product: 'casino',
        payType: 1,
        amount: 1_000,
      },
    ]);
    expect(bills(commands)).toEqual([BillType.CasinoDeduct]);
  });
  it('a win credits as casino add (bill 23), tax withheld on the profit only, rounded down', () => {
    const event: CasinoRoundEvent = {
      type: 'CasinoWinCredited',
      data: { ...ids, transactionId: 'w1', betTransactionId: 'b1', amount: 2_505 },
    };
    const [command] = casinoWalletCommands(event, afterBet, { taxRate: '10' });
    expect(command).toMatchObject({ type: 'CreditWinnings', gross: 2_505, tax: 150, amount: 2_355 });
    expect(bills(casinoWalletCommands(event, afterBet))).toEqual([BillType.CasinoAdd]);
  });
  it('a zero win moves nothing; a win below the stake is not taxed', () => {
    const zero: CasinoRoundEvent = {
      type: 'CasinoWinCredited',
      data: { ...ids, transactionId: 'w1', betTransactionId: 'b1', amount: 0 },
    };
    expect(casinoWalletCommands(zero, afterBet)).toEqual([]);
    const small: CasinoRoundEvent = { ...zero, data: { ...zero.data, amount: 500 } };
    expect(casinoWalletCommands(small, afterBet, { taxRate: '10' })[0]).toMatchObject({
      tax: 0,
      amount: 500,
    });
  });
  it('a rollback refunds the stake as casino add (bill 23); a rollback with nothing debited moves nothing', () => {
    const refunded: CasinoRoundEvent = {
      type: 'CasinoBetRolledBack',
      data: { ...ids, transactionId: 'rb1', betTransactionId: 'b1', refund: 1_000, outcome: 'refunded' },
    };
    const commands = casinoWalletCommands(refunded, afterBet);
    expect(commands[0]).toMatchObject({
      type: 'RefundStake',
      amount: 1_000,
      movementId: casinoMovementId('sandbox', 'rb1'),
    });
    expect(bills(commands)).toEqual([BillType.CasinoAdd]);
    const unknown: CasinoRoundEvent = {
      ...refunded,
      data: { ...refunded.data, refund: 0, outcome: 'unknownBet' },
    };
    expect(casinoWalletCommands(unknown, casinoRoundDecider.initialState())).toEqual([]);
  });
  it('a reward credits the balance as casino reward (bill 24)', () => {
    const event: CasinoRoundEvent = {
      type: 'CasinoRewardCredited',
      data: { ...ids, transactionId: 'p1', amount: 5_000, reason: 'tournament prize' },
    };
    const commands = casinoWalletCommands(event, afterBet);
    expect(commands[0]).toMatchObject({
      type: 'CreditBonus',
      kind: 'casinoReward',
      pocket: 'balance',
      amount: 5_000,
    });
    expect(bills(commands)).toEqual([BillType.CasinoReward]);
  });
  it('throws INVALID_TAX_RATE on a malformed rate', () => {
    const event: CasinoRoundEvent = {
      type: 'CasinoWinCredited',
      data: { ...ids, transactionId: 'w1', betTransactionId: 'b1', amount: 2_000 },
    };
    expect(() => casinoWalletCommands(event, afterBet, { taxRate: 'ten' })).toThrow(/INVALID_TAX_RATE/);
  });
});
