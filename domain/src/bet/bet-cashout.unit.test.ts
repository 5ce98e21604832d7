/**
 * Cash-out in the bet decider (docs/cash-out.md; decision 0019): priced full and partial cash-outs,
 * tolerance, idempotency, refusals, the settlement of the running stake, and the wallet movements.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CASH_OUT_CONFIG } from '../cashout/config.ts';
import type { LegLive } from '../cashout/live.ts';
import { deciderSpec } from '../testing/given-when-then.ts';
import { walletDecider } from '../wallet/decider.ts';
import type * as C from './commands.ts';
import type { BetEvent, BetPlaced, OpenBet } from './events.ts';
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
import { betDecider, orderStatusCode, quoteBet, walletCommandsFor } from './index.ts';

const spec = deciderSpec(betDecider);
const single = place([placedLeg('m1', '3.00')], 10_000);
const placedData = (c: C.PlaceBet = single) => (history(c)[0] as BetPlaced).data;

const live = (win: number, over: Partial<LegLive> = {}): LegLive => ({
  win,
  push: 0,
  marketStatus: 'open',
  delay: null,
  liveOdds: '1.80',
  state: {
    matchId: 'm1',
    version: 'v7',
    clock: { phase: 'first_half', minute: 30, score: { home: 1, away: 0 } },
    rates: { home: 1.5, away: 1.1 },
    redCards: { home: 0, away: 0 },
    rho: -0.1,
  },
  ...over,
});

const cashOut = (over: Partial<C.CashOutAtQuote> = {}): C.CashOutAtQuote => ({
  type: 'CashOutBet',
  betId: 'b1',
  at: AT,
  offerId: 'q1',
  actor: PLAYER,
  offered: 14_250,
  live: [live(0.5)],
  config: DEFAULT_CASH_OUT_CONFIG,
  configVersion: '2026-01-01T00:00:00+03:00',
  ...over,
});

const running = (...commands: C.BetCommand[]) => history(single, paid, ...commands);
const open = (s: { status: string }): OpenBet => s as OpenBet;

describe('bet: priced cash-out, full', () => {
  it('given a running single at 3.00 and a 0.5 win share, when the offer is accepted, then 14,250 gross, 425 tax, 13,825 credited', () => {
    const { events, state } = spec
      .given(...running())
      .when(cashOut())
      .thenAccepted();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'BetCashedOut',
      data: {
        offerId: 'q1',
        amount: 13_825,
        part: 10_000,
        gross: 14_250,
        tax: 425,
        earlySettlementOdds: '1.42',
        cashOutNo: 1,
        rewardForfeited: true,
        pricing: {
          configVersion: '2026-01-01T00:00:00+03:00',
          runningStake: 10_000,
          potentialPayout: 30_000,
          probability: 0.5,
          fairValue: 15_000,
          marginPercent: 5,
          offerValue: 14_250,
          offered: 14_250,
          tolerance: 'ACCEPT_HIGHER',
          legs: [
            { legIndex: 0, odds: '3.00', share: 0.5, live: { liveOdds: '1.80', state: { version: 'v7' } } },
          ],
        },
      },
    });
    expect(open(state)).toMatchObject({ status: 'cashedOut', remainingStake: 0 });
    expect(orderStatusCode(state, false)).toBe(6);
    expect(walletCommandsFor(placedData(), events[0] as BetEvent)).toEqual([
      {
        type: 'CreditWinnings',
        userId: 'u1',
        at: AT,
        actor: { kind: 'system', id: 'settlement' },
        movementId: 'bet-b1:cashout',
        betId: 'b1',
        product: 'single',
        gross: 14_250,
        tax: 425,
        amount: 13_825,
      },
    ]);
  });

  it('given a cashed-out bet, when the same offer comes again, then nothing; results are ignored', () => {
    const given = running(cashOut());
    spec
      .given(...given)
      .when(cashOut())
      .thenNothing();
    spec
      .given(...given)
      .when(cashOut({ offerId: 'q2' }))
      .thenRefused('BET_CASHED_OUT');
    spec
      .given(...given)
      .when(settle('m1', played(2, 0)))
      .thenNothing();
  });
});

describe('bet: partial cash-out', () => {
  it('given a running bet, when 4,000 of 10,000 is cashed out, then 5,700 paid and 6,000 keeps running at 3.00', () => {
    const { events, state } = spec
      .given(...running())
      .when(cashOut({ part: 4_000, offered: 5_700 }))
      .thenAccepted();
    expect(events[0]).toMatchObject({
      type: 'BetPartCashedOut',
      data: { part: 4_000, gross: 5_700, tax: 170, amount: 5_530, remainingStake: 6_000, cashOutNo: 1 },
    });
    expect(open(state)).toMatchObject({ status: 'awaiting', remainingStake: 6_000 });
    expect(orderStatusCode(state, false)).toBe(2);
    expect(orderStatusCode(state, true)).toBe(6);
    const [credit] = walletCommandsFor(placedData(), events[0] as BetEvent);
    expect(credit).toMatchObject({
      type: 'CreditWinnings',
      movementId: 'bet-b1:cashout:1',
      gross: 5_700,
      tax: 170,
      amount: 5_530,
    });
    // The money path: winnings with their tax, bill type 1 ("bet result change").
    const paidOut = walletDecider.decide(credit!, walletDecider.initialState());
    expect(paidOut).toMatchObject({
      ok: true,
      events: [{ type: 'WinningsCredited', data: { billType: 1, gross: 5_700, tax: 170 } }],
    });
  });

  it('given a partly cashed-out bet, when it wins, then only the running 6,000 is settled', () => {
    const { events } = spec
      .given(...running(cashOut({ part: 4_000, offered: 5_700 })))
      .when(settle('m1', played(1, 0)))
      .thenAccepted();
    expect(events[1]).toMatchObject({
      type: 'BetSettled',
      data: { settlement: { stake: 6_000, payout: 18_000, tax: 1_200, credited: 16_800 } },
    });
    // 5,700 + 18,000 = 23,700: never more than the 30,000 the bet could pay.
  });

  it('given two parts, when the rest is cashed out, then the last is the full cash-out of what still runs', () => {
    const given = running(
      cashOut({ part: 4_000, offered: 5_700 }),
      cashOut({ offerId: 'q2', part: 3_000, offered: 4_275 }),
    );
    const state = spec
      .given(...given)
      .when(cashOut({ offerId: 'q1' }))
      .thenNothing();
    expect(open(state).cashOuts.map((c) => [c.offerId, c.part, c.gross])).toEqual([
      ['q1', 4_000, 5_700],
      ['q2', 3_000, 4_275],
    ]);
    const { events } = spec
      .given(...given)
      .when(cashOut({ offerId: 'q3', offered: 4_275 }))
      .thenAccepted();
    expect(events[0]).toMatchObject({
      type: 'BetCashedOut',
      data: { part: 3_000, gross: 4_275, cashOutNo: 3 },
    });
  });

  it('given a partial cash-out, when the running stake settles, then no acca bonus and the profit cap scaled', () => {
    const tiers = { stringRewards: [{ strings: 2, cashBackPercent: 10 }], singleGameHighestProfit: 5_000 };
    const double = place([placedLeg('m1', '2.00'), placedLeg('m2', '2.00')], 10_000, {}, tiers);
    const both = (cmds: C.BetCommand[]) => history(double, paid, ...cmds, settle('m1', played(1, 0)));
    const plain = spec
      .given(...both([]))
      .when(settle('m2', played(1, 0)))
      .thenAccepted();
    expect(plain.events[1]).toMatchObject({ data: { settlement: { reward: 3_000 } } });
    const after = spec
      .given(
        ...both([
          cashOut({ part: 4_000, offered: 1, tolerance: 'ACCEPT_ANY', live: [live(0.5), live(0.5)] }),
        ]),
      )
      .when(settle('m2', played(1, 0)))
      .thenAccepted();
    expect(after.events[1]).toMatchObject({
      data: { settlement: { stake: 6_000, reward: 0, payout: 24_000 } },
    });

    const capped = place([placedLeg('m1', '3.00')], 10_000, {}, { singleGameHighestProfit: 5_000 });
    const settled = spec
      .given(...history(capped, paid, cashOut({ part: 4_000, offered: 1, tolerance: 'ACCEPT_ANY' })))
      .when(settle('m1', played(1, 0)))
      .thenAccepted();
    expect(settled.events[1]).toMatchObject({
      data: { settlement: { stake: 6_000, profit: 3_000, payout: 9_000 } },
    });
  });

  it('given a partly cashed-out bet, when staff cancel it, then only the running stake is refunded', () => {
    const { events } = spec
      .given(...running(cashOut({ part: 4_000, offered: 5_700 })))
      .when({ type: 'CancelBet', betId: 'b1', at: AT, actor: STAFF, reason: 'palpable error' })
      .thenAccepted();
    expect(events[0]).toMatchObject({ type: 'BetCancelled', data: { refund: 6_000 } });
  });
});

describe('bet: acceptance after re-pricing, and refusals', () => {
  it('given the value fell, when the tolerance is ACCEPT_HIGHER (default), then CASH_OUT_PRICE_CHANGED with the new offer', () => {
    spec
      .given(...running())
      .when(cashOut({ live: [live(0.45)] }))
      .thenRefused('CASH_OUT_PRICE_CHANGED', {
        details: {
          reason: 'PRICE_CHANGED',
          offered: 14_250,
          tolerance: 'ACCEPT_HIGHER',
          value: 12_825,
          tax: 282,
          net: 12_543,
        },
      });
    const any = spec
      .given(...running())
      .when(cashOut({ live: [live(0.45)], tolerance: 'ACCEPT_ANY' }))
      .thenAccepted();
    expect(any.events[0]).toMatchObject({ data: { gross: 12_825, pricing: { offered: 14_250 } } });
    const higher = spec
      .given(...running())
      .when(cashOut({ live: [live(0.55)] }))
      .thenAccepted();
    expect(higher.events[0]).toMatchObject({ data: { gross: 15_675 } });
    spec
      .given(...running())
      .when(cashOut({ live: [live(0.55)], tolerance: 'NONE' }))
      .thenRefused('CASH_OUT_PRICE_CHANGED');
    spec
      .given(...running())
      .when(cashOut({ tolerance: 'NONE' }))
      .thenAccepted();
  });

  it('given no offer now, when accepted, then CASH_OUT_UNAVAILABLE with the reason', () => {
    spec
      .given(...running())
      .when(cashOut({ live: [live(0.5, { marketStatus: 'suspended' })] }))
      .thenRefused('CASH_OUT_UNAVAILABLE', { details: { reason: 'MARKET_SUSPENDED', legIndex: 0 } });
    spec
      .given(...running())
      .when(cashOut({ live: [live(0.5, { delay: 'goal' })] }))
      .thenRefused('CASH_OUT_UNAVAILABLE', { details: { reason: 'GOAL_DELAY' } });
    spec
      .given(...running())
      .when(cashOut({ bettingPaused: true }))
      .thenRefused('CASH_OUT_UNAVAILABLE', { details: { reason: 'BETTING_PAUSED' } });
    spec
      .given(...history(place([placedLeg('m1', '3.00')], 10_000, { payType: 2 }), paid))
      .when(cashOut())
      .thenRefused('CASH_OUT_UNAVAILABLE', { details: { reason: 'CREDIT_BET' } });
  });

  it("given bad input, when cashing out, then coded refusals: someone else's bet, parts, a settled or unpaid bet", () => {
    spec
      .given(...running())
      .when(cashOut({ actor: { kind: 'player', id: 'u2' } }))
      .thenRefused('FORBIDDEN');
    spec
      .given(...running())
      .when(cashOut({ part: 10_100 }))
      .thenRefused('CASH_OUT_PART_ABOVE_STAKE', { field: 'part' });
    spec
      .given(...running())
      .when(cashOut({ part: 50 }))
      .thenRefused('CASH_OUT_PART_BELOW_MINIMUM');
    spec
      .given(...running())
      .when(cashOut({ part: 9_950 }))
      .thenRefused('CASH_OUT_REMAINDER_BELOW_MINIMUM');
    spec
      .given(...running(settle('m1', played(0, 1))))
      .when(cashOut())
      .thenRefused('BET_NOT_OPEN');
    spec
      .given(...history(single))
      .when(cashOut())
      .thenRefused('BET_NOT_OPEN');
    spec.given().when(cashOut()).thenRefused('BET_NOT_FOUND');
    spec
      .given(...running())
      .when(cashOut({ offered: 0 }))
      .thenRefused('INVALID_AMOUNT', { field: 'offered' });
    spec
      .given(...running())
      .when(cashOut({ config: { ...DEFAULT_CASH_OUT_CONFIG, marginPercent: -5 } }))
      .thenRefused('BAD_CASH_OUT_CONFIG', { field: 'marginPercent' });
  });

  it('given bet states, when quoted, then the offer the decider would pay, or why not', () => {
    const context = { live: [live(0.5)], config: DEFAULT_CASH_OUT_CONFIG };
    const [placed, stakePaid] = running();
    const runningState = betDecider.evolve(betDecider.evolve(betDecider.initialState(), placed!), stakePaid!);
    expect(quoteBet(runningState, context)).toMatchObject({ offer: true, value: 14_250 });
    expect(quoteBet(betDecider.evolve(betDecider.initialState(), placed!), context)).toMatchObject({
      offer: false,
      reason: 'BET_NOT_OPEN',
    });
    const settled = history(single, paid, settle('m1', played(1, 0))).reduce(
      betDecider.evolve,
      betDecider.initialState(),
    );
    expect(quoteBet(settled, context)).toMatchObject({ offer: false, reason: 'BET_SETTLED' });
    expect(orderStatusCode(settled, true)).toBe(4);
  });
});
