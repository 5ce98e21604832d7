/**
 * Property test of the cash-out machine (issue 20 item 3): random event sequences (quotes with and
 * without offers, live refreshes, parts, cash-out, confirm, cancel, the countdown, every kind of
 * answer, network failures), with the money invariants checked after every step.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  previewPart,
  taxOf,
  type AcceptAnswerView,
  type AcceptRequest,
  type CashOutEvent,
} from './machine.ts';
import { flush, noOffer, OFFER, paid, startCashOut } from './testing.ts';

const STATES = [
  'idle',
  'quoting',
  'offered',
  'confirming',
  'held',
  'accepted',
  'refused',
  'expired',
  'unavailable',
  'failed',
];

type Step = { kind: 'event'; event: CashOutEvent } | { kind: 'time'; ms: number } | { kind: 'settle' };

const offerArb = fc.oneof(
  fc
    .record({
      runningStake: fc.integer({ min: 100, max: 1_000_000 }),
      factor: fc.double({ min: 0.01, max: 20, noNaN: true }),
      taxRate: fc.constantFrom(0, 10, 12.5, 15),
    })
    .map(({ runningStake, factor, taxRate }) => ({
      ...OFFER,
      runningStake,
      fullValue: Math.max(1, Math.floor(runningStake * factor)),
      taxRate,
    })),
  fc.constantFrom('MARKET_SUSPENDED', 'LEG_LOST', 'CREDIT_BET', 'GOAL_DELAY').map(noOffer),
);

const answerArb = fc.constantFrom('paid', 'changed', 'unavailable', 'network');

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc
    .constantFrom<CashOutEvent>(
      { type: 'QUOTE' },
      { type: 'REFRESH' },
      { type: 'CASH_OUT' },
      { type: 'CONFIRM' },
      { type: 'CANCEL' },
      { type: 'SET_PART', part: null },
    )
    .map((event) => ({ kind: 'event' as const, event })),
  fc
    .oneof(fc.integer({ min: -5, max: 1_100_000 }), fc.constant(100))
    .map((part) => ({ kind: 'event' as const, event: { type: 'SET_PART' as const, part } })),
  fc.integer({ min: 0, max: 15_000 }).map((ms) => ({ kind: 'time' as const, ms })),
  fc.constant({ kind: 'settle' as const }),
  // Offers pushed by the server (subscription cashOutOffer) at any moment.
  offerArb.map((offer) => ({ kind: 'event' as const, event: { type: 'OFFER' as const, offer } })),
);

describe('cash-out machine: random event sequences', () => {
  it('never sends more than the offer, a part outside the running stake, or a request twice for different money', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(offerArb, { minLength: 1, maxLength: 5 }),
        fc.array(answerArb, { minLength: 1, maxLength: 5 }),
        fc.array(stepArb, { maxLength: 40 }),
        async (offers, answers, steps) => {
          let q = 0;
          let a = 0;
          const quoted: (typeof offers)[number][] = [];
          const { actor, sent, clock } = startCashOut({
            quote: () => {
              const offer = offers[q++ % offers.length]!;
              quoted.push(offer);
              return Promise.resolve(offer);
            },
            accept: (request: AcceptRequest): Promise<AcceptAnswerView> => {
              const kind = answers[a++ % answers.length]!;
              if (kind === 'network') return Promise.reject(new Error('offline'));
              if (kind === 'paid') return Promise.resolve(paid(request));
              return Promise.resolve({
                status: 'REFUSED',
                code: kind === 'changed' ? 'CASH_OUT_PRICE_CHANGED' : 'CASH_OUT_UNAVAILABLE',
                reason: kind === 'changed' ? null : 'MARKET_SUSPENDED',
                gross: null,
                tax: null,
                net: null,
                remainingStake: null,
                offer: kind === 'changed' ? { ...OFFER, fullValue: 9_000 } : null,
              });
            },
          });
          const byId = new Map<string, string>();
          for (const step of steps) {
            if (step.kind === 'event') {
              if (step.event.type === 'OFFER') quoted.push(step.event.offer); // seen by the player too
              actor.send(step.event);
            } else if (step.kind === 'time') clock.increment(step.ms);
            else await flush();
            const snap = actor.getSnapshot();
            expect(STATES).toContain(snap.value);
            const { offer, part } = snap.context;
            // The preview is the money rule: value ≤ full value, net = value − tax, tax ≥ 0.
            const preview = previewPart(offer, part);
            if (preview && offer?.fullValue != null) {
              expect(preview.value).toBeLessThanOrEqual(offer.fullValue);
              expect(preview.tax).toBeGreaterThanOrEqual(0);
              expect(preview.net).toBe(preview.value - preview.tax);
              expect(preview.part).toBeLessThanOrEqual(offer.runningStake);
            }
            if (snap.value === 'confirming' || snap.value === 'held')
              expect(snap.context.offer?.available).toBe(true);
          }
          await flush();
          for (const request of sent) {
            // Every request is for a valid part and at most the whole value of an offer the player saw.
            const seen = [...quoted, { ...OFFER, fullValue: 9_000 }].filter(
              (o) => o.available && o.fullValue !== null && request.offered <= o.fullValue,
            );
            expect(seen.length).toBeGreaterThan(0);
            expect(request.offered).toBeGreaterThan(0);
            // The same request id always carries the same money (a retry never changes what is paid).
            const key = `${request.part}:${request.offered}`;
            expect(byId.get(request.requestId) ?? key).toBe(key);
            byId.set(request.requestId, key);
          }
          actor.stop();
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});

describe('taxOf', () => {
  it("is the domain's cashOutTax for whole TZS and rates with at most 2 decimals", async () => {
    const { cashOutTax } = await import('@bashiri/domain');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 9_999 }).map((h) => h / 100),
        (value, stake, rate) => {
          expect(taxOf(value, stake, rate)).toBe(cashOutTax(value, stake, rate));
        },
      ),
    );
  }, 120_000);
});
