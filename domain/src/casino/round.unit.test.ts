import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { deciderSpec } from '../testing/given-when-then.ts';
import {
  casinoRoundDecider,
  casinoRoundNet,
  casinoRoundStream,
  casinoTransaction,
  type CasinoRoundCommand,
  type CasinoRoundEvent,
} from './round.ts';

const spec = deciderSpec(casinoRoundDecider);
const AT = '2026-11-25T18:00:00+03:00';
const ids = { providerId: 'sandbox', roundId: 'r1', gameId: 'crash', userId: 'u1', at: AT };

const bet = (transactionId: string, amount: number): CasinoRoundCommand => ({
  type: 'PlaceCasinoBet',
  ...ids,
  transactionId,
  amount,
});
const win = (transactionId: string, betTransactionId: string, amount: number): CasinoRoundCommand => ({
  type: 'CreditCasinoWin',
  ...ids,
  transactionId,
  betTransactionId,
  amount,
});
const rollback = (transactionId: string, betTransactionId: string): CasinoRoundCommand => ({
  type: 'RollbackCasinoBet',
  ...ids,
  transactionId,
  betTransactionId,
});
const reward = (transactionId: string, amount: number, reason = 'tournament prize'): CasinoRoundCommand => ({
  type: 'CreditCasinoReward',
  ...ids,
  transactionId,
  amount,
  reason,
});

const placed = (transactionId: string, amount: number): CasinoRoundEvent => ({
  type: 'CasinoBetPlaced',
  data: { ...ids, transactionId, amount },
});
const won = (transactionId: string, betTransactionId: string, amount: number): CasinoRoundEvent => ({
  type: 'CasinoWinCredited',
  data: { ...ids, transactionId, betTransactionId, amount },
});
const rolledBack = (
  transactionId: string,
  betTransactionId: string,
  refund: number,
  outcome: 'refunded' | 'alreadyRolledBack' | 'unknownBet',
): CasinoRoundEvent => ({
  type: 'CasinoBetRolledBack',
  data: { ...ids, transactionId, betTransactionId, refund, outcome },
});

describe('casino round: bet (bill 22)', () => {
  it('given nothing, when a bet arrives, then it is placed', () => {
    spec.given().when(bet('b1', 1_000)).then(placed('b1', 1_000));
  });
  it('given a bet, when the same call repeats, then nothing, and the answer is the first result', () => {
    const state = spec.given(placed('b1', 1_000)).when(bet('b1', 1_000)).thenNothing();
    expect(casinoTransaction(state, 'b1')).toEqual({
      transactionId: 'b1',
      kind: 'bet',
      amount: 1_000,
      reference: null,
      movement: -1_000,
    });
  });
  it('given a bet, when its transaction id comes with another amount, then CASINO_TRANSACTION_CONFLICT', () => {
    spec.given(placed('b1', 1_000)).when(bet('b1', 2_000)).thenRefused('CASINO_TRANSACTION_CONFLICT');
  });
  it('given a bet, when its transaction id comes back as a win, then CASINO_TRANSACTION_CONFLICT', () => {
    spec
      .given(placed('b1', 1_000))
      .when(win('b1', 'b1', 0))
      .thenRefused('CASINO_TRANSACTION_CONFLICT');
  });
  it('given one bet, when a second bet of the round arrives, then it is placed too (two bets per crash round)', () => {
    spec.given(placed('b1', 1_000)).when(bet('b2', 500)).then(placed('b2', 500));
  });
  it('refuses a negative, fractional, non-number or zero bet with stable codes', () => {
    spec.given().when(bet('b1', -5)).thenRefused('CASINO_AMOUNT_NEGATIVE', { field: 'amount' });
    spec.given().when(bet('b1', 10.5)).thenRefused('CASINO_AMOUNT_NOT_WHOLE_TZS', { field: 'amount' });
    spec.given().when(bet('b1', Number.NaN)).thenRefused('CASINO_AMOUNT_NOT_WHOLE_TZS');
    spec
      .given()
      .when(bet('b1', 2 ** 53))
      .thenRefused('CASINO_AMOUNT_NOT_WHOLE_TZS');
    spec.given().when(bet('b1', 0)).thenRefused('CASINO_AMOUNT_ZERO');
  });
  it('refuses a call for the round of another player or game', () => {
    spec
      .given(placed('b1', 1_000))
      .when({ ...bet('b2', 1), userId: 'u2' })
      .thenRefused('CASINO_ROUND_PLAYER_MISMATCH');
    spec
      .given(placed('b1', 1_000))
      .when({ ...bet('b2', 1), gameId: 'dice' })
      .thenRefused('CASINO_ROUND_GAME_MISMATCH');
  });
});

describe('casino round: win (bill 23)', () => {
  it('given a bet, when its win arrives, then the win is credited', () => {
    spec
      .given(placed('b1', 1_000))
      .when(win('w1', 'b1', 2_500))
      .then(won('w1', 'b1', 2_500));
  });
  it('given a bet, when a zero win arrives, then it closes the lost bet (no money)', () => {
    const state = spec
      .given(placed('b1', 1_000))
      .when(win('w1', 'b1', 0))
      .then(won('w1', 'b1', 0));
    expect(state.bets.b1?.status).toBe('won');
    expect(casinoRoundNet(state)).toBe(-1_000);
  });
  it('given nothing, when a win for an unknown bet arrives, then CASINO_BET_NOT_FOUND', () => {
    spec
      .given()
      .when(win('w1', 'b1', 2_500))
      .thenRefused('CASINO_BET_NOT_FOUND', { field: 'betTransactionId' });
  });
  it('given a won bet, when the win repeats, then nothing', () => {
    spec
      .given(placed('b1', 1_000), won('w1', 'b1', 2_500))
      .when(win('w1', 'b1', 2_500))
      .thenNothing();
  });
  it('given a won bet, when a second win with a new id arrives, then CASINO_BET_SETTLED', () => {
    spec
      .given(placed('b1', 1_000), won('w1', 'b1', 2_500))
      .when(win('w2', 'b1', 2_500))
      .thenRefused('CASINO_BET_SETTLED');
  });
  it('given a rolled-back bet, when its win arrives, then CASINO_BET_ROLLED_BACK', () => {
    spec
      .given(placed('b1', 1_000), rolledBack('rb1', 'b1', 1_000, 'refunded'))
      .when(win('w1', 'b1', 2_500))
      .thenRefused('CASINO_BET_ROLLED_BACK');
  });
  it('refuses a negative or fractional win', () => {
    spec
      .given(placed('b1', 1_000))
      .when(win('w1', 'b1', -1))
      .thenRefused('CASINO_AMOUNT_NEGATIVE');
    spec
      .given(placed('b1', 1_000))
      .when(win('w1', 'b1', 0.01))
      .thenRefused('CASINO_AMOUNT_NOT_WHOLE_TZS');
  });
});

describe('casino round: rollback (bill 23)', () => {
  it('given a bet, when it is rolled back, then its stake is refunded', () => {
    spec
      .given(placed('b1', 1_000))
      .when(rollback('rb1', 'b1'))
      .then(rolledBack('rb1', 'b1', 1_000, 'refunded'));
  });
  it('given a rollback, when it repeats, then nothing', () => {
    spec
      .given(placed('b1', 1_000), rolledBack('rb1', 'b1', 1_000, 'refunded'))
      .when(rollback('rb1', 'b1'))
      .thenNothing();
  });
  it('given a rolled-back bet, when a second rollback (new id) arrives, then accepted with no refund', () => {
    spec
      .given(placed('b1', 1_000), rolledBack('rb1', 'b1', 1_000, 'refunded'))
      .when(rollback('rb2', 'b1'))
      .then(rolledBack('rb2', 'b1', 0, 'alreadyRolledBack'));
  });
  it('given nothing, when a rollback of an unknown bet arrives, then accepted with no refund, and the late bet is refused', () => {
    const state = spec
      .given()
      .when(rollback('rb1', 'b1'))
      .then(rolledBack('rb1', 'b1', 0, 'unknownBet'));
    spec
      .given(rolledBack('rb1', 'b1', 0, 'unknownBet'))
      .when(bet('b1', 1_000))
      .thenRefused('CASINO_BET_ROLLED_BACK');
    expect(casinoRoundNet(state)).toBe(0);
  });
  it('given a won bet, when a rollback arrives, then CASINO_BET_SETTLED (a paid bet is never cancelled)', () => {
    spec
      .given(placed('b1', 1_000), won('w1', 'b1', 2_500))
      .when(rollback('rb1', 'b1'))
      .thenRefused('CASINO_BET_SETTLED');
  });
});

describe('casino round: rollback naming something else than a bet', () => {
  it('given a won bet, when a rollback names the win, then CASINO_ROLLBACK_NOT_A_BET (wins are never taken back here)', () => {
    spec
      .given(placed('b1', 1_000), won('w1', 'b1', 2_500))
      .when(rollback('rb1', 'w1'))
      .thenRefused('CASINO_ROLLBACK_NOT_A_BET', { field: 'betTransactionId' });
  });
});

describe('casino round: reward (bill 24)', () => {
  it('given nothing, when a reward arrives, then it is credited', () => {
    spec
      .given()
      .when(reward('p1', 5_000))
      .then({
        type: 'CasinoRewardCredited',
        data: { ...ids, transactionId: 'p1', amount: 5_000, reason: 'tournament prize' },
      });
  });
  it('refuses a blank reason and a zero or fractional reward', () => {
    spec
      .given()
      .when(reward('p1', 5_000, ' '))
      .thenRefused('CASINO_REASON_REQUIRED');
    spec.given().when(reward('p1', 0)).thenRefused('CASINO_AMOUNT_ZERO');
    spec.given().when(reward('p1', 1.5)).thenRefused('CASINO_AMOUNT_NOT_WHOLE_TZS');
  });
});

describe('casino round: ids that are names of Object.prototype members', () => {
  it('treats constructor, __proto__ and toString as ordinary provider ids', () => {
    for (const id of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const state = spec.given().when(bet(id, 100)).then(placed(id, 100));
      spec.given(placed(id, 100)).when(bet(id, 100)).thenNothing();
      spec
        .given(placed(id, 100))
        .when(win('w1', id, 300))
        .then(won('w1', id, 300));
      spec
        .given()
        .when(win('w1', id, 300))
        .thenRefused('CASINO_BET_NOT_FOUND');
      expect(casinoTransaction(state, id)?.movement).toBe(-100);
      expect(casinoTransaction(casinoRoundDecider.initialState(), id)).toBeUndefined();
    }
  });
});

describe('casino round: stream and net', () => {
  it('names the stream casino-round-<providerId>:<roundId>', () => {
    expect(casinoRoundStream('sandbox', 'r1')).toBe('casino-round-sandbox:r1');
  });
  it('sums the signed movements of the accepted transactions', () => {
    const state = fold(casinoRoundDecider, [
      placed('b1', 1_000),
      placed('b2', 400),
      won('w1', 'b1', 2_500),
      rolledBack('rb1', 'b2', 400, 'refunded'),
    ]);
    expect(casinoRoundNet(state)).toBe(1_500);
  });
});
