import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { deciderSpec } from '../testing/given-when-then.ts';
import { walletDecider } from '../wallet/decider.ts';
import type { WalletCommand } from '../wallet/commands.ts';
import type { WalletState } from '../wallet/events.ts';
import {
  racingBetDecider,
  racingWalletCommand,
  type PlaceRacingBet,
  type RacingBetEvent,
  type RacingBetPlaced,
  type SettleRacingBet,
} from './bet.ts';
import { drawOrder, seedHash, serverSeedFromBytes } from './draw.ts';
import { roundDecider } from './round.ts';
import { DEFAULT_RACING_CONFIG, RacingOrderStatus, RacingResult } from './rules.ts';
import type { RacingSelection } from './selection.ts';

const spec = deciderSpec(racingBetDecider);
const PLAYER = { kind: 'player' as const, id: 'u1' };
const round = fold(roundDecider, [
  {
    type: 'RoundScheduled',
    data: {
      roundId: 'r1',
      at: '2026-11-25T11:59:00+03:00',
      seedHash: seedHash('c'.repeat(64)),
      startingBetTime: '2026-11-25T12:00:00+03:00',
      endBetTime: '2026-11-25T12:02:40+03:00',
      drawTime: '2026-11-25T12:03:00+03:00',
    },
  },
]);
const ORDER = [3, 7, 1, 2, 4, 5, 6, 8, 9, 10];
const place = (
  selection: RacingSelection,
  singleAmount: number,
  extra: Partial<PlaceRacingBet> = {},
): PlaceRacingBet => ({
  type: 'PlaceRacingBet',
  betId: 'rb1',
  requestId: 'req-1',
  userId: 'u1',
  actor: PLAYER,
  roundId: 'r1',
  selection,
  singleAmount,
  config: DEFAULT_RACING_CONFIG,
  round,
  at: '2026-11-25T12:01:00+03:00',
  ...extra,
});
const settle = (order: readonly number[] = ORDER, extra: Partial<SettleRacingBet> = {}): SettleRacingBet => ({
  type: 'SettleRacingBet',
  betId: 'rb1',
  roundId: 'r1',
  order,
  poolPerTicket: 0,
  at: '2026-11-25T12:03:01+03:00',
  ...extra,
});
const champion = place({ betType: 1, positions: [[3, 5]] }, 1_000);
const placed = (c: PlaceRacingBet = champion): RacingBetPlaced => {
  const { events } = spec.given().when(c).thenAccepted();
  return events[0] as RacingBetPlaced;
};

describe('racing order: placement (spec §3 "Racing order", §4 "bet is open", §5)', () => {
  it('records picks, tickets, amount payable and the terms in force; status 2 pending, result 1 not drawn', () => {
    const { events, state } = spec.given().when(champion).thenAccepted();
    expect(events).toEqual([
      {
        type: 'RacingBetPlaced',
        data: {
          betId: 'rb1',
          at: '2026-11-25T12:01:00+03:00',
          requestId: 'req-1',
          userId: 'u1',
          actor: PLAYER,
          roundId: 'r1',
          selection: { betType: 1, positions: [[3, 5]] },
          singleAmount: 1_000,
          tickets: 2,
          amount: 2_000,
          terms: { odds: '9.69', taxRate: '10', highestProfit: null },
        },
      },
    ]);
    expect(state).toMatchObject({
      status: RacingOrderStatus.PendingSettlement,
      result: RacingResult.NotDrawn,
    });
  });
  it('the same requestId again changes nothing; another request on the same order id is refused', () => {
    spec.given(placed()).when(champion).thenNothing();
    spec
      .given(placed())
      .when({ ...champion, requestId: 'req-2' })
      .thenRefused('RACING_BET_EXISTS');
  });
  it('refuses betting outside the window, under no_bet, or on another round, with nothing recorded', () => {
    spec
      .given()
      .when({ ...champion, at: '2026-11-25T12:02:40+03:00' })
      .thenRefused('RACING_BETTING_CLOSED');
    spec
      .given()
      .when({ ...champion, at: '2026-11-25T11:59:00+03:00' })
      .thenRefused('RACING_BETTING_CLOSED');
    spec
      .given()
      .when({ ...champion, config: { ...DEFAULT_RACING_CONFIG, noBet: 1 } })
      .thenRefused('RACING_PAUSED');
    spec
      .given()
      .when({ ...champion, roundId: 'r2' })
      .thenRefused('RACING_ROUND_NOT_FOUND');
  });
  it('refuses bad picks and amounts with their codes (issue 19 "Bad input")', () => {
    spec
      .given()
      .when(place({ betType: 1, positions: [[11]] }, 1_000))
      .thenRefused('RACING_CAR_OUT_OF_RANGE');
    spec
      .given()
      .when(place({ betType: 1, positions: [[2, 2]] }, 1_000))
      .thenRefused('RACING_DUPLICATE_CAR');
    spec
      .given()
      .when(place({ betType: 1, positions: [[2]] }, 3_000_100))
      .thenRefused('RACING_AMOUNT_OUT_OF_RANGE');
    spec
      .given()
      .when(place({ betType: 6, positions: ORDER.map((c) => [c]) }, 1_000))
      .thenRefused('RACING_FIXED_STAKE');
    spec
      .given()
      .when({ ...champion, config: { ...DEFAULT_RACING_CONFIG, taxRate: 'ten' } })
      .thenRefused('INVALID_TAX_RATE');
  });
  it('Luck Racing records no odds: it pays by its table', () => {
    expect(placed(place({ betType: 6, positions: ORDER.map((c) => [c]) }, 300)).data.terms.odds).toBeNull();
  });
});

describe('racing order: settlement and return', () => {
  it('settles on the drawn order: result 2 win, status 4 settled, tax on the profit', () => {
    const state = spec
      .given(placed())
      .when(settle())
      .then({
        type: 'RacingBetSettled',
        data: {
          betId: 'rb1',
          at: '2026-11-25T12:03:01+03:00',
          roundId: 'r1',
          order: ORDER,
          result: RacingResult.Win,
          winningTickets: 1,
          tenOfTenTickets: 0,
          fixedReturn: 9_690,
          capped: false,
          poolShare: 0,
          gross: 9_690,
          profit: 7_690,
          tax: 769,
          payout: 8_921,
        },
      });
    expect(state).toMatchObject({ status: RacingOrderStatus.Settled, result: RacingResult.Win });
  });
  it('settling twice equals settling once', () => {
    const { events } = spec.given(placed()).when(settle()).thenAccepted();
    spec
      .given(placed(), ...events)
      .when(settle())
      .thenNothing();
    spec
      .given(placed(), ...events)
      .when(settle([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))
      .thenNothing();
  });
  it('refuses another round, an unknown order, and a returned one', () => {
    spec
      .given(placed())
      .when(settle(ORDER, { roundId: 'r2' }))
      .thenRefused('RACING_ROUND_MISMATCH');
    spec.given().when(settle()).thenRefused('RACING_BET_NOT_FOUND');
    const returned: RacingBetEvent = {
      type: 'RacingBetReturned',
      data: { betId: 'rb1', at: 'x', amount: 2_000, reason: 'void' },
    };
    spec.given(placed(), returned).when(settle()).thenRefused('RACING_BET_RETURNED');
  });
  it('returns a pending order (status 3, result 4 refunded), once; a settled one cannot be returned', () => {
    const ret = {
      type: 'ReturnRacingBet' as const,
      betId: 'rb1',
      reason: 'round void',
      at: '2026-11-25T12:05:00+03:00',
    };
    const state = spec
      .given(placed())
      .when(ret)
      .then({
        type: 'RacingBetReturned',
        data: { betId: 'rb1', at: ret.at, amount: 2_000, reason: 'round void' },
      });
    expect(state).toMatchObject({ status: RacingOrderStatus.Returned, result: RacingResult.Refunded });
    spec.givenState(state).when(ret).thenNothing();
    const { events } = spec.given(placed()).when(settle()).thenAccepted();
    spec
      .given(placed(), ...events)
      .when(ret)
      .thenRefused('RACING_BET_SETTLED');
  });
});

describe('racing order: money through the wallet (racing coin, bill types 13 and 14)', () => {
  it('debits the amount from racing coin, credits the payout net of tax; a lost order moves nothing', () => {
    const p = placed();
    const run = (state: WalletState, command: WalletCommand) => {
      const d = walletDecider.decide(command, state);
      if (!d.ok) throw new Error(d.error.code);
      return { events: d.events, state: fold(walletDecider, d.events, state) };
    };
    const funded = run(walletDecider.initialState(), {
      type: 'AdjustPocket',
      userId: 'u1',
      movementId: 'adj',
      at: '2026-11-25T11:00:00+03:00',
      actor: { kind: 'staff', id: 'admin' },
      pocket: 'racingCoin',
      amount: 5_000,
      reference: 'test',
      reason: 'test',
    }).state;
    const debited = run(funded, racingWalletCommand(p, p.data, PLAYER)!);
    expect(debited.events[0]).toMatchObject({ type: 'StakeDebited', data: { billType: 13 } });
    expect(debited.state.racingCoin).toBe(3_000);
    const { events } = spec.given(p).when(settle()).thenAccepted();
    const credit = racingWalletCommand(events[0]!, p.data, PLAYER);
    expect(credit).toMatchObject({
      type: 'CreditWinnings',
      product: 'racing',
      gross: 9_690,
      tax: 769,
      amount: 8_921,
    });
    const credited = run(debited.state, credit!);
    expect(credited.events[0]).toMatchObject({ type: 'WinningsCredited', data: { billType: 14 } });
    expect(credited.state.racingCoin).toBe(3_000 + 8_921);
    const lost = spec
      .given(p)
      .when(settle([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))
      .thenAccepted().events[0]!;
    expect(racingWalletCommand(lost, p.data, PLAYER)).toBeUndefined();
  });
});

describe('racing order: properties', () => {
  it('settling twice equals once, for any drawn order and pick', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.shuffledSubarray([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], { minLength: 1 }),
        (bytes, cars) => {
          const order = drawOrder(serverSeedFromBytes(bytes), 'r1');
          const p = placed(place({ betType: 1, positions: [cars] }, 100));
          const once = spec.given(p).when(settle(order)).thenAccepted();
          const again = racingBetDecider.decide(settle(order), once.state);
          expect(again).toEqual({ ok: true, events: [] });
          expect(fold(racingBetDecider, [p, ...once.events])).toEqual(once.state);
          expect(once.state.payout?.gross).toBe(cars.includes(order[0] as number) ? 969 : 0);
        },
      ),
    );
  });
});
