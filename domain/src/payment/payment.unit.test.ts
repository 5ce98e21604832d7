import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { deciderSpec } from '../testing/given-when-then.ts';
import type * as C from './commands.ts';
import { payStatusOf, type PaymentActor, type PaymentEvent } from './events.ts';
import { paymentDecider } from './index.ts';

const spec = deciderSpec(paymentDecider);
const AT = '2026-01-10T10:00:00.000Z';
const SYSTEM: PaymentActor = { kind: 'system', id: 'payments' };
const PROVIDER: PaymentActor = { kind: 'provider', id: 'airtel' };
const limits = { minimum: 100, maximum: 5_000_000, enabled: true };
const base = { paymentId: 'pay-1', at: AT, actor: SYSTEM };
const ids = { providerRequestId: 'BSH-pay-1' };

const deposit: C.RequestDeposit = {
  type: 'RequestDeposit',
  ...base,
  ...ids,
  userId: 'u1',
  amount: 5_000,
  network: 4,
  phone: '0682345678',
  limits,
};
const withdrawal: C.RequestWithdrawal = {
  ...deposit,
  type: 'RequestWithdrawal',
  amount: 20_000,
  limits: { minimum: 1_000, maximum: 3_000_000, enabled: true },
};
const pushed: C.RecordPushed = { type: 'RecordPushed', ...base, ...ids };
const pending: C.RecordPending = { type: 'RecordPending', ...base, ...ids, providerStatus: 'DP00800001006' };
const ambiguous: C.RecordAmbiguous = { type: 'RecordAmbiguous', ...base, ...ids, providerStatus: 'TA' };
const confirm = (amount = 5_000, providerReference = 'MP123'): C.ConfirmPayment => ({
  type: 'ConfirmPayment',
  ...base,
  actor: PROVIDER,
  ...ids,
  amount,
  providerReference,
});
const fail: C.FailPayment = {
  type: 'FailPayment',
  ...base,
  ...ids,
  providerStatus: 'TF',
  reason: 'insufficient funds at provider',
};
const expire: C.ExpirePayment = { type: 'ExpirePayment', ...base };
const refund: C.RefundPayment = { type: 'RefundPayment', ...base, reason: 'payout failed' };

/** Events of a sequence of commands that must all be accepted. */
const history = (...commands: C.PaymentCommand[]): PaymentEvent[] => {
  const events: PaymentEvent[] = [];
  for (const c of commands) {
    const d = paymentDecider.decide(c, fold(paymentDecider, events));
    if (!d.ok) throw new Error(`setup refused: ${d.error.code}`);
    events.push(...d.events);
  }
  return events;
};

describe('payment: requests', () => {
  it('records a deposit request with the phone normalised and our provider id', () => {
    spec
      .given()
      .when(deposit)
      .then({
        type: 'PaymentRequested',
        data: {
          ...base,
          kind: 'deposit',
          userId: 'u1',
          amount: 5_000,
          network: 4,
          phone: '+255682345678',
          channel: 'push',
          providerRequestId: 'BSH-pay-1',
        },
      });
  });
  it.each([
    [{ amount: 99 }, 'AMOUNT_BELOW_MINIMUM'],
    [{ amount: 5_000_001 }, 'AMOUNT_ABOVE_MAXIMUM'],
    [{ amount: 10.5 }, 'INVALID_AMOUNT'],
    [{ limits: { ...limits, enabled: false } }, 'CHANNEL_DISABLED'],
    [{ phone: '12345' }, 'INVALID_PHONE'],
    [{ network: 5 }, 'UNKNOWN_NETWORK'],
    [{ providerRequestId: '' }, 'PROVIDER_ID_REQUIRED'],
  ] as const)('refuses a deposit with %o: %s', (over, code) => {
    spec
      .given()
      .when({ ...deposit, ...over })
      .thenRefused(code);
  });
  it('refuses a withdrawal below 1,000 or when withdrawals are prohibited (spec §9, pay config)', () => {
    spec
      .given()
      .when({ ...withdrawal, amount: 999 })
      .thenRefused('AMOUNT_BELOW_MINIMUM');
    spec
      .given()
      .when({ ...withdrawal, limits: { ...withdrawal.limits, enabled: false } })
      .thenRefused('WITHDRAWALS_PROHIBITED');
  });
  it('treats the same request again as a no-op and another request under the same id as an error', () => {
    spec
      .given(...history(deposit))
      .when(deposit)
      .thenNothing();
    spec
      .given(...history(deposit))
      .when({ ...deposit, amount: 6_000 })
      .thenRefused('PAYMENT_ALREADY_EXISTS');
  });
  it('records a paybill (USSD) deposit as requested and confirmed at once, outside the limits', () => {
    const ussd: C.RecordUssdDeposit = {
      type: 'RecordUssdDeposit',
      ...base,
      ...ids,
      userId: 'u1',
      amount: 50,
      network: 6,
      phone: '+255752345678',
      providerReference: 'QWE1',
    };
    const { events, state } = spec.given().when(ussd).thenAccepted();
    expect(events.map((e) => e.type)).toEqual(['PaymentRequested', 'PaymentConfirmed']);
    expect(state.status === 'confirmed' && state.request.channel).toBe('ussd');
  });
});

describe('payment: deposit lifecycle', () => {
  it('goes requested → pushed → pending → confirmed, pay status 1 then 2', () => {
    const given = history(deposit, pushed, pending);
    expect(payStatusOf(fold(paymentDecider, given).status)).toBe(1);
    const state = spec
      .given(...given)
      .when(confirm())
      .then({
        type: 'PaymentConfirmed',
        data: { ...base, actor: PROVIDER, providerReference: 'MP123', amount: 5_000, late: false },
      });
    expect(payStatusOf(state.status)).toBe(2);
  });
  it('ignores a duplicated success and stale progress reports after the final state', () => {
    const given = history(deposit, pushed, confirm());
    spec
      .given(...given)
      .when(confirm())
      .thenNothing();
    spec
      .given(...given)
      .when(pending)
      .thenNothing();
    spec
      .given(...given)
      .when(expire)
      .thenNothing();
    spec
      .given(...history(deposit, pending))
      .when(pushed)
      .thenNothing();
  });
  it('refuses a second, different success, a failure after success, a wrong amount and a foreign provider id', () => {
    const given = history(deposit, confirm());
    spec
      .given(...given)
      .when(confirm(5_000, 'OTHER'))
      .thenRefused('PAYMENT_RESULT_CONFLICT');
    spec
      .given(...given)
      .when(fail)
      .thenRefused('PAYMENT_ALREADY_FINAL');
    spec
      .given(...history(deposit))
      .when(confirm(4_000))
      .thenRefused('AMOUNT_MISMATCH', { details: { expected: 5_000, got: 4_000 } });
    spec
      .given(...history(deposit))
      .when({ ...confirm(), providerRequestId: 'BSH-pay-2' })
      .thenRefused('PROVIDER_ID_MISMATCH');
  });
  it('still credits a success that arrives after we gave up or it failed (late)', () => {
    for (const giveUp of [expire, fail]) {
      const { events, state } = spec
        .given(...history(deposit, pushed, giveUp))
        .when(confirm())
        .thenAccepted();
      expect(events[0]).toMatchObject({ type: 'PaymentConfirmed', data: { late: true } });
      expect(state.status).toBe('confirmed');
    }
  });
  it('expires an ambiguous deposit (pay status 3) and refuses refunding deposits', () => {
    const state = spec
      .given(...history(deposit, ambiguous))
      .when(expire)
      .thenAccepted().state;
    expect(payStatusOf(state.status)).toBe(3);
    spec.givenState(state).when(refund).thenRefused('REFUND_NOT_ALLOWED');
  });
  it('refuses steps on a payment that does not exist', () => {
    spec.given().when(pushed).thenRefused('PAYMENT_NOT_FOUND');
  });
});

describe('payment: withdrawal lifecycle', () => {
  const w = (amount = 20_000) => confirm(amount);
  it('confirms a payout', () => {
    spec
      .given(...history(withdrawal, pushed, pending))
      .when(w())
      .thenAccepted();
  });
  it('never expires a payout whose outcome is unknown; expires one never sent', () => {
    for (const step of [pushed, pending, ambiguous]) {
      spec
        .given(...history(withdrawal, step))
        .when(expire)
        .thenRefused('PAYOUT_OUTCOME_UNKNOWN');
    }
    spec
      .given(...history(withdrawal))
      .when(expire)
      .thenAccepted();
  });
  it('refunds a failed or expired payout once', () => {
    spec
      .given(...history(withdrawal, pushed, fail))
      .when(refund)
      .then({ type: 'PaymentRefunded', data: { ...base, reason: 'payout failed' } });
    spec
      .given(...history(withdrawal, expire, refund))
      .when(refund)
      .thenNothing();
    spec
      .given(...history(withdrawal, pushed))
      .when(refund)
      .thenRefused('REFUND_NOT_ALLOWED');
  });
  it('refuses a success for a payout already failed or refunded: money may have left twice', () => {
    spec
      .given(...history(withdrawal, pushed, fail))
      .when(w())
      .thenRefused('PAYMENT_RESULT_CONFLICT');
    spec
      .given(...history(withdrawal, pushed, fail, refund))
      .when(w())
      .thenRefused('PAYMENT_RESULT_CONFLICT');
  });
  it('resolves an ambiguous payout by enquiry: pending again, then success or failure', () => {
    spec
      .given(...history(withdrawal, pushed, ambiguous, pending))
      .when(w())
      .thenAccepted();
    spec
      .given(...history(withdrawal, pushed, ambiguous))
      .when(fail)
      .thenAccepted();
  });
});

describe('payment properties', () => {
  const step = fc.constantFrom<C.PaymentCommand>(
    pushed,
    pending,
    ambiguous,
    confirm(),
    confirm(20_000),
    fail,
    expire,
    refund,
  );
  it('confirms at most once; a payout is never both confirmed and refunded; no event after refunded', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(step, { maxLength: 12 }), (isDeposit, steps) => {
        let state = paymentDecider.initialState();
        const events: PaymentEvent[] = [];
        for (const c of [isDeposit ? deposit : withdrawal, ...steps]) {
          const d = paymentDecider.decide(c, state);
          if (!d.ok) continue;
          if (state.status === 'refunded') expect(d.events).toEqual([]);
          for (const e of d.events) state = paymentDecider.evolve(state, e);
          events.push(...d.events);
        }
        const types = events.map((e) => e.type);
        expect(types.filter((t) => t === 'PaymentConfirmed').length).toBeLessThanOrEqual(1);
        if (!isDeposit)
          expect(types.includes('PaymentConfirmed') && types.includes('PaymentRefunded')).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });
});
