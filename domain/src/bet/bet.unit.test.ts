import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { deciderSpec } from '../testing/given-when-then.ts';
import type * as C from './commands.ts';
import { ORDER_STATUS_CODE, type BetEvent, type BetState } from './events.ts';
import { AT, betHistory as history, paid, place, placedLeg, played, settle, STAFF } from './fixtures.ts';
import { betDecider, walletCommandsFor } from './index.ts';

const spec = deciderSpec(betDecider);

const code = (s: BetState) => (s.status === 'none' ? 0 : ORDER_STATUS_CODE[s.status]);
const single = place([placedLeg('m1', '3.00')], 10_000);
const placedData = () => (history(single)[0] as Extract<BetEvent, { type: 'BetPlaced' }>).data;

describe('bet: placement', () => {
  it('records legs, stake, pay type, the terms in force and the quote; status 1 unpaid', () => {
    const { events, state } = spec.given().when(single).thenAccepted();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'BetPlaced',
      data: {
        betId: 'b1',
        serial: 'BSH-000001',
        orderType: 'user',
        payType: 1,
        stake: 10_000,
        payPayable: 10_000,
        virtualPayAmount: 0,
        terms: {
          taxRatePercent: 10,
          singleGameHighestProfit: null,
          minStringRewardOdds: '1',
          stringRewards: [],
        },
        quote: {
          totalOdds: expect.stringMatching(/^3(\.00)?$/),
          profit: 20_000,
          tax: 2_000,
          afterTaxAmount: 28_000,
        },
      },
    });
    expect(code(state)).toBe(1);
  });

  it('takes the rate of the dated tax rule in force over the config rate', () => {
    const c = place([placedLeg('m1', '3.00')], 10_000, {
      taxRule: { product: 'sports', effectiveFrom: '2021-07-01T00:00:00+03:00', ratePercent: 15 },
    });
    const { events } = spec.given().when(c).thenAccepted();
    expect(events[0]).toMatchObject({
      data: { terms: { taxRatePercent: 15 }, quote: { tax: 3_000, afterTaxAmount: 27_000 } },
    });
  });

  it('records the rolling-bet hold of a held live bet, and nothing about a hold on a bet not held', () => {
    const held = spec.given().when(place([placedLeg('m1', '3.00')], 10_000, { liveDelaySeconds: 5 }));
    expect(held.thenAccepted().events[0]).toMatchObject({ data: { liveDelaySeconds: 5 } });
    const { events } = spec.given().when(single).thenAccepted();
    expect(events[0]!.data).not.toHaveProperty('liveDelaySeconds');
  });

  it('refuses with the pricing module codes, all listed in details', () => {
    const twoOnOneMatch = place(
      [placedLeg('m1', '2.00'), { ...placedLeg('m1', '1.50'), selectionId: 'other' }],
      50,
    );
    const error = spec.given().when(twoOnOneMatch).thenRefused('DUPLICATE_MATCH');
    expect((error.details?.errors as { code: string }[]).map((e) => e.code)).toEqual([
      'DUPLICATE_MATCH',
      'STAKE_NOT_MULTIPLE_OF_STEP',
      'STAKE_BELOW_MINIMUM',
    ]);
    spec.given().when(place([], 1_000)).thenRefused('EMPTY_SLIP');
    const sixtyOne = Array.from({ length: 61 }, (_, i) => placedLeg(`m${i}`, '1.10'));
    spec.given().when(place(sixtyOne, 1_000)).thenRefused('TOO_MANY_SELECTIONS');
  });

  it("refuses a stake outside the limits of the bet's channel; a bet without a channel keeps the general limits", () => {
    const mobileLimits = { minimumBetAmountMobile: 1_000, maximumBetAmountMobile: 5_000 };
    const leg = [placedLeg('m1', '2.00')];
    spec
      .given()
      .when(place(leg, 500, { channel: 'MOBILE' }, mobileLimits))
      .thenRefused('STAKE_BELOW_MINIMUM', { details: { minimum: 1_000, channel: 'MOBILE' } });
    spec
      .given()
      .when(place(leg, 5_100, { channel: 'MOBILE' }, mobileLimits))
      .thenRefused('STAKE_ABOVE_MAXIMUM', { details: { maximum: 5_000, channel: 'MOBILE' } });
    spec
      .given()
      .when(place(leg, 5_000, { channel: 'MOBILE' }, mobileLimits))
      .thenAccepted();
    spec
      .given()
      .when(place(leg, 500, { channel: 'DESKTOP' }, mobileLimits))
      .thenAccepted();
    spec
      .given()
      .when(place(leg, 500, {}, mobileLimits))
      .thenAccepted();
  });

  it('refuses a malformed leg, a paused site, and bets placed by the wrong actor', () => {
    spec
      .given()
      .when(place([placedLeg('m1', '2.00', { pick: 'nobody' } as never)], 1_000))
      .thenRefused('INVALID_LEG', { field: 'legs[0].leg' });
    spec
      .given()
      .when(place([placedLeg('m1', '2.00')], 1_000, {}, { noBet: 1, pausePrompt: 'Back soon' }))
      .thenRefused('BETTING_PAUSED', { details: { pausePrompt: 'Back soon' } });
    spec
      .given()
      .when(place([placedLeg('m1', '2.00')], 1_000, { orderType: 'admin' }))
      .thenRefused('STAFF_ONLY');
    spec
      .given()
      .when(place([placedLeg('m1', '2.00')], 1_000, { actor: STAFF }))
      .thenRefused('FORBIDDEN');
    spec
      .given()
      .when(place([placedLeg('m1', '2.00')], 1_000, { orderType: 'random', actor: STAFF }))
      .thenAccepted();
  });

  it('is idempotent on the same placement and refuses another under the same bet id', () => {
    const given = history(single);
    spec
      .given(...given)
      .when(single)
      .thenNothing();
    spec
      .given(...given)
      .when({ ...single, serial: 'BSH-000002' })
      .thenRefused('BET_ALREADY_EXISTS');
  });

  it('awaits results once the stake is paid (2); a rejected stake closes the bet', () => {
    expect(
      code(
        spec
          .given(...history(single))
          .when(paid)
          .thenAccepted().state,
      ),
    ).toBe(2);
    spec
      .given(...history(single, paid))
      .when(paid)
      .thenNothing();
    const reject: C.RejectBet = {
      type: 'RejectBet',
      betId: 'b1',
      at: AT,
      code: 'INSUFFICIENT_FUNDS',
      reason: 'balance 500',
    };
    const rejected = spec
      .given(...history(single))
      .when(reject)
      .thenAccepted().state;
    expect(rejected.status).toBe('rejected');
    spec.givenState(rejected).when(paid).thenRefused('BET_REJECTED');
    spec
      .given(...history(single, paid))
      .when(reject)
      .thenRefused('BET_ALREADY_PAID');
    spec
      .given(...history(single))
      .when(settle('m1', played(1, 0)))
      .thenRefused('BET_NOT_PAID');
  });
});

describe('bet: settlement', () => {
  it('settles a won single (betting-rules example: 30,000 gross, 2,000 tax, 28,000 credited), status 4', () => {
    const { events, state } = spec
      .given(...history(single, paid))
      .when(settle('m1', played(2, 0)))
      .thenAccepted();
    expect(events.map((e) => e.type)).toEqual(['LegSettled', 'BetSettled']);
    expect(events[1]).toMatchObject({
      data: {
        settlementNo: 1,
        settlement: { state: 'settled', payout: 30_000, tax: 2_000, credited: 28_000 },
      },
    });
    expect(code(state)).toBe(4);
    expect(walletCommandsFor(placedData(), events[1] as BetEvent)).toMatchObject([
      {
        type: 'CreditWinnings',
        movementId: 'bet-b1:settle:1',
        amount: 28_000,
        gross: 30_000,
        tax: 2_000,
        product: 'single',
      },
    ]);
  });

  it('changes nothing when the same leg is settled again with the same result, or on older facts', () => {
    const given = history(single, paid, settle('m1', played(2, 0), 1));
    spec
      .given(...given)
      .when(settle('m1', played(2, 0), 1))
      .thenNothing();
    spec
      .given(...given)
      .when(settle('m1', played(3, 1), 2))
      .thenNothing();
    spec
      .given(...given)
      .when(settle('m1', played(0, 1), 0))
      .thenNothing();
    spec
      .given(...history(single, paid))
      .when(settle('m1', { status: 'not_started' }))
      .thenNothing();
  });

  it('settles a multiple leg by leg; a void leg counts 1.00 (betting-rules example: 7,500)', () => {
    const legs = [
      placedLeg('a', '1.50'),
      placedLeg('b', '2.00'),
      placedLeg('c', '1.80'),
      placedLeg('d', '2.50'),
    ];
    const multiple = place(legs, 1_000, {}, { taxRatePercent: 0 });
    let state = fold(betDecider, history(multiple, paid));
    for (const [m, facts] of [
      ['a', played(1, 0)],
      ['b', played(2, 1)],
      ['c', { status: 'postponed' }],
    ] as const) {
      const step = spec.givenState(state).when(settle(m, facts)).thenAccepted();
      expect(step.events.map((e) => e.type)).toEqual(['LegSettled']);
      expect(code(step.state)).toBe(2);
      state = step.state;
    }
    const last = spec
      .givenState(state)
      .when(settle('d', played(3, 0)))
      .thenAccepted();
    expect(last.events[1]).toMatchObject({
      type: 'BetSettled',
      data: { settlement: { payout: 7_500, credited: 7_500, effectiveOdds: '7.50' } },
    });
  });

  it('settles a multiple as lost as soon as one leg loses, and later legs move no money', () => {
    const multiple = place([placedLeg('a', '1.50'), placedLeg('b', '2.00')], 1_000);
    const lost = spec
      .given(...history(multiple, paid))
      .when(settle('a', played(0, 1)))
      .thenAccepted();
    expect(lost.events[1]).toMatchObject({
      type: 'BetSettled',
      data: { settlement: { state: 'settled', credited: 0 } },
    });
    const later = spec
      .givenState(lost.state)
      .when(settle('b', played(1, 0)))
      .thenAccepted();
    expect(later.events.map((e) => e.type)).toEqual(['LegSettled']);
  });

  it('marks an abnormal leg (3) and a delayed settlement (5), then settles (4)', () => {
    const bad = spec
      .given(...history(single, paid))
      .when(
        settle('m1', { status: 'played', halfTime: { home: 2, away: 0 }, fullTime: { home: 1, away: 0 } }),
      )
      .thenAccepted();
    expect(code(bad.state)).toBe(3);
    const delay: C.FlagSettlementDelayed = {
      type: 'FlagSettlementDelayed',
      betId: 'b1',
      at: AT,
      abnormalInfo: '150m',
    };
    const delayed = spec
      .given(...history(single, paid))
      .when(delay)
      .thenAccepted();
    expect(code(delayed.state)).toBe(5);
    spec.givenState(delayed.state).when(delay).thenNothing();
    expect(
      code(
        spec
          .givenState(delayed.state)
          .when(settle('m1', played(1, 0)))
          .thenAccepted().state,
      ),
    ).toBe(4);
    expect(
      code(
        spec
          .givenState(bad.state)
          .when(settle('m1', played(1, 0), 2))
          .thenAccepted().state,
      ),
    ).toBe(4);
  });
});
