/**
 * Test helpers of the cash-out machine: offers, answers, and a started machine with fake actors and a
 * simulated clock (the offer countdown).
 */
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  cashOutMachine,
  type AcceptAnswerView,
  type AcceptRequest,
  type CashOutOfferView,
} from './machine.ts';

/** An offer: 10,000 running, full value 12,345, tax 10%, minimum part 100. */
export const OFFER: CashOutOfferView = {
  available: true,
  reason: null,
  runningStake: 10_000,
  fullValue: 12_345,
  taxRate: 10,
  minimumPart: 100,
  delaySeconds: 5,
  autoTarget: null,
  autoFired: false,
  potentialPayout: 20_000,
};

/** No offer, with `reason`. */
export const noOffer = (reason: string): CashOutOfferView => ({
  ...OFFER,
  available: false,
  reason,
  fullValue: null,
});

/** The paid answer of `request`. */
export const paid = (request: AcceptRequest, tax = 0): AcceptAnswerView => ({
  status: 'PAID',
  code: null,
  reason: null,
  gross: request.offered,
  tax,
  net: request.offered - tax,
  remainingStake: 0,
  offer: null,
});

/** The fakes a test can swap; calls are recorded. */
export interface CashOutFakes {
  quote?: () => Promise<CashOutOfferView>;
  accept?: (request: AcceptRequest) => Promise<AcceptAnswerView>;
}

/** Lets the fakes' promises settle. */
export const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** Starts the machine for bet `b1` with fakes and a simulated clock. */
export const startCashOut = (fakes: CashOutFakes = {}, offerTtlMs = 10_000) => {
  const sent: AcceptRequest[] = [];
  let ids = 0;
  const clock = new SimulatedClock();
  const machine = cashOutMachine.provide({
    actors: {
      quote: fromPromise<CashOutOfferView, { betId: string }>(() =>
        (fakes.quote ?? (() => Promise.resolve(OFFER)))(),
      ),
      accept: fromPromise<AcceptAnswerView, AcceptRequest>(({ input }) => {
        sent.push(input);
        return (fakes.accept ?? ((r: AcceptRequest) => Promise.resolve(paid(r))))(input);
      }),
    },
  });
  const actor = createActor(machine, {
    input: { betId: 'b1', offerTtlMs, newRequestId: () => `req-${++ids}` },
    clock,
  });
  actor.start();
  return { actor, sent, clock };
};
