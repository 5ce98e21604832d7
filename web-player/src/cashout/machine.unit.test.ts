/** The cash-out machine, headless (issue 20 item 3): each state and transition with fake actors. */
import { describe, expect, it } from 'vitest';
import { keptPart, partError, previewPart } from './machine.ts';
import { flush, noOffer, OFFER, paid, startCashOut } from './testing.ts';

describe('cash-out machine', () => {
  it('quotes, offers, confirms and is paid the previewed value of the part', async () => {
    const { actor, sent } = startCashOut();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'QUOTE' });
    expect(actor.getSnapshot().value).toBe('quoting');
    await flush();
    expect(actor.getSnapshot().value).toBe('offered');
    actor.send({ type: 'SET_PART', part: 4_000 });
    const preview = previewPart(actor.getSnapshot().context.offer, 4_000)!;
    // ⌊12,345 × 4,000 ÷ 10,000⌋ = 4,938; tax 10% of 938 = 93; net 4,845
    expect(preview).toEqual({ part: 4_000, value: 4_938, tax: 93, net: 4_845 });
    actor.send({ type: 'CASH_OUT' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('held');
    await flush();
    expect(actor.getSnapshot().value).toBe('accepted');
    expect(sent).toEqual([{ requestId: 'req-1', betId: 'b1', part: 4_000, offered: 4_938 }]);
  });

  it('says why there is no offer', async () => {
    const { actor } = startCashOut({ quote: () => Promise.resolve(noOffer('MARKET_SUSPENDED')) });
    actor.send({ type: 'QUOTE' });
    await flush();
    expect(actor.getSnapshot().value).toBe('unavailable');
    expect(actor.getSnapshot().context.code).toBe('MARKET_SUSPENDED');
  });

  it('expires an offer after its countdown, also while confirming', async () => {
    const { actor, clock } = startCashOut({}, 10_000);
    actor.send({ type: 'QUOTE' });
    await flush();
    clock.increment(9_999);
    expect(actor.getSnapshot().value).toBe('offered');
    actor.send({ type: 'CASH_OUT' });
    clock.increment(10_000);
    expect(actor.getSnapshot().value).toBe('expired');
    actor.send({ type: 'QUOTE' });
    await flush();
    expect(actor.getSnapshot().value).toBe('offered');
  });

  it('keeps a part the server would refuse from being sent', async () => {
    const { actor } = startCashOut();
    actor.send({ type: 'QUOTE' });
    await flush();
    for (const part of [20_000, 50, 9_950, 0]) {
      actor.send({ type: 'SET_PART', part });
      actor.send({ type: 'CASH_OUT' });
      expect(actor.getSnapshot().value).toBe('offered');
    }
    expect(partError(OFFER, 20_000)).toBe('CASH_OUT_PART_ABOVE_STAKE');
    expect(partError(OFFER, 50)).toBe('CASH_OUT_PART_BELOW_MINIMUM');
    expect(partError(OFFER, 9_950)).toBe('CASH_OUT_REMAINDER_BELOW_MINIMUM');
  });

  it('shows a price change with the new offer, which can be confirmed at once with a new request id', async () => {
    let calls = 0;
    const { actor, sent } = startCashOut({
      accept: (r) =>
        ++calls === 1
          ? Promise.resolve({
              status: 'REFUSED',
              code: 'CASH_OUT_PRICE_CHANGED',
              reason: null,
              gross: null,
              tax: null,
              net: null,
              remainingStake: null,
              offer: { ...OFFER, fullValue: 11_000 },
            })
          : Promise.resolve(paid(r)),
    });
    actor.send({ type: 'QUOTE' });
    await flush();
    actor.send({ type: 'CASH_OUT' });
    actor.send({ type: 'CONFIRM' });
    await flush();
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().context.code).toBe('CASH_OUT_PRICE_CHANGED');
    actor.send({ type: 'CASH_OUT' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'CONFIRM' });
    await flush();
    expect(actor.getSnapshot().value).toBe('accepted');
    expect(sent.map((r) => [r.requestId, r.offered])).toEqual([
      ['req-1', 12_345],
      ['req-2', 11_000],
    ]);
  });

  it('retries an acceptance lost to the network with the same request id', async () => {
    let calls = 0;
    const { actor, sent } = startCashOut({
      accept: (r) => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(paid(r))),
    });
    actor.send({ type: 'QUOTE' });
    await flush();
    actor.send({ type: 'CASH_OUT' });
    actor.send({ type: 'CONFIRM' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'CONFIRM' });
    await flush();
    expect(actor.getSnapshot().value).toBe('accepted');
    expect(sent.map((r) => r.requestId)).toEqual(['req-1', 'req-1']);
  });

  it('keeps the chosen part through a re-quote of the same stake, so the part chosen is the part paid', async () => {
    const { actor, sent } = startCashOut();
    actor.send({ type: 'QUOTE' });
    await flush();
    actor.send({ type: 'SET_PART', part: 5_000 });
    // The panel re-quotes every few seconds while the player decides.
    actor.send({ type: 'REFRESH' });
    await flush();
    expect(actor.getSnapshot().value).toBe('offered');
    expect(actor.getSnapshot().context.part).toBe(5_000);
    actor.send({ type: 'CASH_OUT' });
    actor.send({ type: 'CONFIRM' });
    await flush();
    expect(sent).toEqual([{ requestId: 'req-1', betId: 'b1', part: 5_000, offered: 6_172 }]);
    // After the partial cash-out the stake ran down: the next offer starts from everything.
    expect(keptPart(OFFER, { ...OFFER, runningStake: 5_000 }, 5_000)).toBeNull();
    // A part no longer valid, or no offer: everything.
    expect(keptPart(OFFER, { ...OFFER, minimumPart: 6_000 }, 5_000)).toBeNull();
    expect(keptPart(OFFER, noOffer('GOAL_DELAY'), 5_000)).toBeNull();
    expect(keptPart(null, OFFER, 5_000)).toBeNull();
    expect(keptPart(OFFER, OFFER, null)).toBeNull();
  });

  it('takes offers the server pushes while no acceptance is under way, keeping the part chosen', async () => {
    const { actor, sent, clock } = startCashOut({}, 10_000);
    actor.send({ type: 'QUOTE' });
    await flush();
    actor.send({ type: 'SET_PART', part: 5_000 });
    clock.increment(9_000);
    // A push: the new value is shown, the part stays, the countdown starts again.
    actor.send({ type: 'OFFER', offer: { ...OFFER, fullValue: 10_000 } });
    expect(actor.getSnapshot().value).toBe('offered');
    expect(actor.getSnapshot().context).toMatchObject({ part: 5_000, offer: { fullValue: 10_000 } });
    clock.increment(9_000);
    expect(actor.getSnapshot().value).toBe('offered');
    // While confirming, a push is ignored: the player confirms the value they saw.
    actor.send({ type: 'CASH_OUT' });
    actor.send({ type: 'OFFER', offer: { ...OFFER, fullValue: 9_000 } });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'CONFIRM' });
    await flush();
    expect(sent).toEqual([{ requestId: 'req-1', betId: 'b1', part: 5_000, offered: 5_000 }]);
    // After the partial: the next push offers the rest; a push without an offer says why.
    actor.send({ type: 'OFFER', offer: { ...OFFER, runningStake: 5_000, fullValue: 5_000 } });
    expect(actor.getSnapshot().value).toBe('offered');
    expect(actor.getSnapshot().context.part).toBeNull();
    actor.send({ type: 'OFFER', offer: noOffer('GOAL_DELAY') });
    expect(actor.getSnapshot().value).toBe('unavailable');
    expect(actor.getSnapshot().context.code).toBe('GOAL_DELAY');
    // An expired offer comes back with the next push.
    actor.send({ type: 'OFFER', offer: OFFER });
    clock.increment(10_000);
    expect(actor.getSnapshot().value).toBe('expired');
    actor.send({ type: 'OFFER', offer: OFFER });
    expect(actor.getSnapshot().value).toBe('offered');
  });
});
