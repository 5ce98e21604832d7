/**
 * Property test of the betslip machine: random event sequences (taps, removals, live pushes, amounts,
 * pay types, accounts, configurations with or without stake limits per channel, submits with every kind
 * of answer, booking codes) on a MOBILE or DESKTOP layout, with the invariants of spec §4/§5/§9 checked
 * after every step.
 */
import {
  BET_AMOUNT_STEP,
  MAX_SELECTIONS,
  normaliseAmount,
  quote,
  stakeLimits,
  validateSlip,
  type BetChannel,
  type BetConfig,
} from '@bashiri/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BetslipContext, BetslipEvent } from './machine.ts';
import { selectTotals } from './selectors.ts';
import { offer, settle, startSlip } from './testing.ts';
import type { BookingCode, PlaceBetAnswer, PlaceBetRequest } from './types.ts';

type Answer = 'placed' | 'nobet' | 'rejected' | 'network';

const ODDS = ['1.01', '1.5', '1.95', '2.00', '3.33', '12.5', '250'];
const NOBET_CODES = ['MATCH_NOT_OPEN', 'SELECTION_SUSPENDED', 'ODDS_CHANGED', 'SELECTION_NOT_FOUND'];

const offerArb = fc
  .record({
    match: fc.integer({ min: 1, max: 70 }),
    pick: fc.integer({ min: 1, max: 3 }),
    odds: fc.constantFrom<string | null>(...ODDS, null, 'abc'),
    eventStatus: fc.constantFrom(1, 1, 1, 2),
    isLive: fc.boolean(),
    noId: fc.boolean().map((b) => b && Math.random() < 0.1),
  })
  .map(({ match, pick, odds, eventStatus, isLive, noId }) =>
    offer(match, pick, { odds, eventStatus, isLive, ...(noId ? { selectionId: null } : {}) }),
  );

const configArb: fc.Arbitrary<Partial<Record<keyof BetConfig, unknown>> | undefined> = fc.option(
  fc.record(
    {
      minimumBetAmount: fc.integer({ min: 1, max: 10 }).map((n) => n * 100),
      minimumBetAmountVirtual: fc.integer({ min: 1, max: 10 }).map((n) => n * 100),
      maxBetAmount: fc.integer({ min: 20, max: 30_000 }).map((n) => n * 100),
      // Per channel (spec §9), as the back office lets staff set them: a minimum of at most 1,000
      // (below maxBetAmount), a maximum of at least 1,000 (not below the pay-type minimums).
      minimumBetAmountMobile: fc.option(fc.integer({ min: 1, max: 10 }).map((n) => n * 100)),
      maximumBetAmountMobile: fc.option(fc.integer({ min: 10, max: 30_000 }).map((n) => n * 100)),
      minimumBetAmountDesktop: fc.option(fc.integer({ min: 1, max: 10 }).map((n) => n * 100)),
      maximumBetAmountDesktop: fc.option(fc.integer({ min: 10, max: 30_000 }).map((n) => n * 100)),
      minStringRewardOdds: fc.constantFrom('1', '1.2', '1.5'),
      taxRatePercent: fc.constantFrom(0, 10, 15, 20),
      singleGameHighestProfit: fc.option(fc.integer({ min: 0, max: 5_000_000 })),
      multipleGameHighestProfit: fc.option(fc.integer({ min: 0, max: 50_000_000 })),
      stringRewards: fc.array(
        fc.record({
          strings: fc.integer({ min: 1, max: 60 }),
          cashBackPercent: fc.constantFrom(1, 5, 12.5, 100),
        }),
        { maxLength: 5 },
      ),
    },
    { requiredKeys: [] },
  ),
  { nil: undefined },
);

/** A step: an event, or an answer chosen for the next placeBet call, or a bulk fill. */
type Step =
  | { readonly kind: 'event'; readonly event: BetslipEvent }
  | { readonly kind: 'answer'; readonly answer: Answer }
  | { readonly kind: 'fill'; readonly from: number; readonly count: number }
  | { readonly kind: 'removeAt'; readonly index: number }
  | {
      readonly kind: 'liveAt';
      readonly index: number;
      readonly odds: string | null;
      readonly statusId: number;
    };

const event = (arb: fc.Arbitrary<BetslipEvent>): fc.Arbitrary<Step> =>
  arb.map((e) => ({ kind: 'event', event: e }));

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 8, arbitrary: event(offerArb.map((o) => ({ type: 'TOGGLE', offer: o }))) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('fill'),
      from: fc.integer({ min: 1, max: 70 }),
      count: fc.integer({ min: 1, max: 65 }),
    }) as fc.Arbitrary<Step>,
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('removeAt'), index: fc.nat(70) }) as fc.Arbitrary<Step>,
  },
  { weight: 1, arbitrary: event(fc.constant({ type: 'CLEAR' })) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('liveAt'),
      index: fc.nat(70),
      odds: fc.constantFrom<string | null>(...ODDS, null),
      statusId: fc.constantFrom(1, 1, 2, 3, 4),
    }) as fc.Arbitrary<Step>,
  },
  {
    weight: 1,
    arbitrary: event(
      fc
        .record({
          m: fc.integer({ min: 1, max: 70 }),
          status: fc.integer({ min: 1, max: 8 }),
          v: fc.nat(20),
          suspended: fc.boolean(),
          visible: fc.boolean(),
        })
        .map(({ m, status, v, suspended, visible }) => ({
          type: 'LIVE_UPDATE',
          update: {
            selections: [],
            matches: [{ matchId: `m${m}`, status, objectVersion: v, suspended, visible }],
          },
        })),
    ),
  },
  {
    weight: 3,
    arbitrary: event(
      fc
        .oneof(fc.integer({ min: -1_000, max: 5_000_000 }), fc.double({ noNaN: false }))
        .map((amount) => ({ type: 'SET_AMOUNT', amount })),
    ),
  },
  {
    weight: 2,
    arbitrary: event(fc.constantFrom<1 | -1>(1, -1).map((direction) => ({ type: 'STEP_AMOUNT', direction }))),
  },
  {
    weight: 2,
    arbitrary: event(fc.constantFrom<1 | 2>(1, 2).map((payType) => ({ type: 'SET_PAY_TYPE', payType }))),
  },
  { weight: 2, arbitrary: event(fc.boolean().map((accept) => ({ type: 'SET_ACCEPT_ODDS', accept }))) },
  {
    weight: 2,
    arbitrary: event(
      fc
        .record({
          loggedIn: fc.boolean(),
          balance: fc.integer({ min: 0, max: 4_000_000 }),
          credit: fc.integer({ min: 0, max: 100_000 }),
        })
        .map((account) => ({ type: 'SET_ACCOUNT', account })),
    ),
  },
  { weight: 1, arbitrary: event(configArb.map((config) => ({ type: 'SET_CONFIG', config }))) },
  { weight: 1, arbitrary: event(fc.boolean().map((paused) => ({ type: 'SET_BETTING_PAUSE', paused }))) },
  { weight: 4, arbitrary: event(fc.constant({ type: 'SUBMIT' })) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom<Answer>('placed', 'nobet', 'rejected', 'network')
      .map((answer) => ({ kind: 'answer', answer }) as Step),
  },
  {
    weight: 2,
    arbitrary: event(
      fc.constantFrom<BetslipEvent>(
        { type: 'CONFIRM_DUPLICATE' },
        { type: 'CANCEL_DUPLICATE' },
        { type: 'RETRY' },
        { type: 'DISMISS' },
        { type: 'SHARE' },
      ),
    ),
  },
  {
    weight: 1,
    arbitrary: event(fc.constantFrom('GOOD', 'NONE').map((code) => ({ type: 'LOAD_CODE', code }))),
  },
);

const BOOKED: BookingCode = {
  code: 'GOOD',
  selections: Array.from({ length: 64 }, (_, i) => ({
    selectionId: `b${i}`,
    available: i % 5 !== 0,
    odds: ODDS[i % ODDS.length] ?? '2.00',
    matchId: `m${(i % 62) + 1}`,
    home: 'Simba',
    away: 'Yanga',
    selectionName: i % 2 ? 'Simba' : 'Draw',
  })),
};

const checkInvariants = (c: BetslipContext) => {
  const matches = c.items.map((i) => i.matchId);
  expect(new Set(matches).size).toBe(matches.length);
  expect(c.items.length).toBeLessThanOrEqual(MAX_SELECTIONS);

  const available = c.items
    .filter((i) => i.available)
    .map(({ selectionId, matchId, odds }) => ({ selectionId, matchId, odds }));
  const { selections: _all, ...totals } = selectTotals(c);
  const { selections: _counted, ...expected } = quote(
    { selections: available, stake: c.amount, payType: c.payType },
    c.config,
  );
  expect(totals).toEqual(expected);

  const channel = c.channel();
  const usable = Math.floor(c.account.balance / BET_AMOUNT_STEP) * BET_AMOUNT_STEP;
  const balance = c.account.loggedIn ? usable : c.config.maxBetAmount;
  expect(c.amount).toBe(
    normaliseAmount(
      { amount: c.requestedAmount, payType: c.payType, balance, credit: c.account.credit, channel },
      c.config,
    ),
  );
  const { minimum, maximum } = stakeLimits(c.config, c.payType, channel);
  expect(Number.isSafeInteger(c.amount) && c.amount >= 0 && c.amount <= maximum).toBe(true);
  if (c.payType === 1) expect(c.amount % BET_AMOUNT_STEP).toBe(0);
  const affordable = c.payType === 1 ? balance : Math.min(c.account.credit, maximum);
  if (affordable >= minimum && available.length > 0)
    expect(
      validateSlip({ selections: available, stake: c.amount, payType: c.payType, channel }, c.config).filter(
        (e) => e.field === 'stake',
      ),
    ).toEqual([]);
};

describe('betslip machine: properties over random event sequences', () => {
  it('keeps one selection per match, at most 60, totals = domain quote, a normalised amount, and sends only available selections', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArb, { maxLength: 40 }),
        fc.constantFrom<BetChannel>('MOBILE', 'DESKTOP'),
        async (steps, channel) => {
          let nextAnswer: Answer = 'placed';
          const answerFor = (request: PlaceBetRequest): Promise<PlaceBetAnswer> => {
            if (nextAnswer === 'network') return Promise.reject(new Error('offline'));
            if (nextAnswer === 'rejected')
              return Promise.resolve({ status: 'REJECTED', code: 'INSUFFICIENT_FUNDS', nobetList: [] });
            if (nextAnswer === 'nobet')
              return Promise.resolve({
                status: 'REJECTED',
                code: 'SELECTIONS_UNAVAILABLE',
                nobetList: request.selections
                  .filter((_, i) => i % 2 === 0)
                  .map((s, i) => ({
                    selectionId: s.selectionId,
                    code: NOBET_CODES[i % NOBET_CODES.length] ?? 'MATCH_NOT_OPEN',
                    currentOdds: i % 3 ? '2.20' : null,
                  })),
              });
            return Promise.resolve({ status: 'PLACED', nobetList: [] });
          };
          const slip = startSlip(
            {
              placeBet: answerFor,
              loadBookingCode: ({ code }) => Promise.resolve(code === 'GOOD' ? BOOKED : null),
            },
            { channel: () => channel },
          );
          for (const step of steps) {
            const before = slip.sent.length;
            const items = slip.context().items;
            if (step.kind === 'answer') nextAnswer = step.answer;
            else if (step.kind === 'event') slip.actor.send(step.event);
            else if (step.kind === 'fill')
              for (let m = step.from; m < step.from + step.count; m++)
                slip.actor.send({ type: 'TOGGLE', offer: offer(m) });
            else if (step.kind === 'removeAt') {
              const item = items[step.index % Math.max(1, items.length)];
              if (item) slip.actor.send({ type: 'REMOVE', selectionId: item.selectionId });
            } else {
              const item = items[step.index % Math.max(1, items.length)];
              if (item)
                slip.actor.send({
                  type: 'LIVE_UPDATE',
                  update: {
                    selections: [
                      {
                        selectionId: item.selectionId,
                        matchId: item.matchId,
                        odds: step.odds,
                        statusId: step.statusId,
                        isLive: item.isLive,
                      },
                    ],
                    matches: [],
                  },
                });
            }
            const c = slip.context();
            for (const request of slip.sent.slice(before)) {
              expect(request.selections.length).toBeGreaterThan(0);
              for (const s of request.selections)
                expect(c.items.find((i) => i.selectionId === s.selectionId)?.available).toBe(true);
              expect(c.acceptOddsChanges && c.account.loggedIn && !c.bettingPaused).toBe(true);
            }
            checkInvariants(c);
            const state = slip.actor.getSnapshot();
            // only these states run a promise actor: wait for it
            if (
              !state.matches({ ready: 'idle' }) &&
              !state.matches({ ready: 'failed' }) &&
              !state.matches('confirmingDuplicate')
            ) {
              await settle();
              checkInvariants(slip.context());
            }
          }
          slip.actor.stop();
        },
      ),
      { numRuns: 1_000 },
    );
  }, 120_000);
});
