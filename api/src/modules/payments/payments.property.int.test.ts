/**
 * Property: whatever the order, duplication or loss of callbacks and enquiries (and forged callbacks),
 * every wallet equals its funds + confirmed deposits − withdrawals not refunded, no deposit is credited
 * twice and no payout is sent twice.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestDeposit, requestWithdrawal } from './flows.ts';
import { fund, startPaymentsHarness, type PaymentsHarness } from './testing.ts';
import type { FakeCallback } from './fake.ts';

const step = fc.oneof(
  fc.record({
    k: fc.constant('customer' as const),
    i: fc.nat(),
    a: fc.constantFrom('pay', 'wrongPin', 'insufficientFunds', 'expire'),
  }),
  fc.record({ k: fc.constant('deliver' as const), i: fc.nat(), forged: fc.boolean() }),
  fc.record({ k: fc.constant('advance' as const), ms: fc.integer({ min: 1_000, max: 400_000 }) }),
  fc.record({ k: fc.constant('deposit' as const), amount: fc.integer({ min: 100, max: 50_000 }) }),
  fc.record({
    k: fc.constant('withdraw' as const),
    amount: fc.integer({ min: 1_000, max: 30_000 }),
    timeout: fc.boolean(),
  }),
);

describe('payments: money is never lost, credited twice or paid twice', () => {
  let h: PaymentsHarness;
  let run = 0;
  beforeAll(async () => {
    h = await startPaymentsHarness();
  });
  afterAll(async () => h.close());

  it('random orderings, duplicates and losses of callbacks and enquiries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 25 }), async (steps) => {
        const u = `p${++run}`;
        const phone = `+2557140${String(run).padStart(5, '0')}`;
        await h.addPlayer(u, phone, 3);
        await fund(h.t, u, 60_000, u);
        const fake = h.fakes[3];
        const ids: string[] = [];
        const seen: FakeCallback[] = [];
        fake.onCallback = (cb) => seen.push(cb);
        let n = 0;
        for (const s of steps) {
          try {
            if (s.k === 'deposit')
              ids.push(await requestDeposit(h.t.services, u, { requestId: `${u}-${++n}`, amount: s.amount }));
            else if (s.k === 'withdraw') {
              fake.script(phone, s.timeout ? 'timeout' : 'normal');
              ids.push(
                await requestWithdrawal(h.t.services, u, { requestId: `${u}-${++n}`, amount: s.amount }),
              );
              fake.script(phone, 'normal');
            } else if (s.k === 'customer' && ids.length > 0) {
              const id = ids[s.i % ids.length]!;
              if (id.startsWith('D')) fake.customer(id, s.a);
            } else if (s.k === 'deliver' && seen.length > 0) {
              const cb = seen[s.i % seen.length]!;
              await h.deliver(
                3,
                s.forged ? fake.callbackFor(cb.body.paymentId, { forged: true, amount: 1 }) : cb,
              );
            } else if (s.k === 'advance') await h.advance(s.ms);
          } catch (e) {
            const code = (e as { extensions?: { code?: string } }).extensions?.code;
            // Business refusals a player can meet; anything else is a failure.
            const expectedRefusals = [
              'INSUFFICIENT_FUNDS',
              'WITHDRAWAL_ALREADY_OPEN',
              'TOO_MANY_OPEN_WITHDRAWALS',
            ];
            if (!expectedRefusals.includes(code ?? '')) throw e;
          }
        }
        fake.script(phone, 'normal');
        await h.advance(3_600_000);
        const rows = (
          await h.t.services.sql.query<{ payment_id: string; kind: string; amount: string; status: string }>(
            'SELECT payment_id, kind, amount::text AS amount, status FROM payments WHERE user_id = $1',
            [u],
          )
        ).rows;
        let expected = 60_000;
        for (const r of rows) {
          if (r.kind === 'deposit' && r.status === 'confirmed') expected += Number(r.amount);
          if (r.kind === 'withdrawal' && r.status !== 'refunded') expected -= Number(r.amount);
          if (r.kind === 'withdrawal') expect(fake.sends.get(r.payment_id) ?? 0).toBeLessThanOrEqual(1);
        }
        expect(await h.balance(u)).toBe(expected);
        const events = (await h.t.services.store.readStream(`wallet-${u}`)).events;
        const credited = events
          .filter((e) => e.type === 'DepositCredited')
          // A wallet movement names its payment as its `reference`.
          .map((e) => (e.data as { reference: string }).reference);
        expect(new Set(credited).size).toBe(credited.length);
        expect(credited.length).toBe(
          rows.filter((r) => r.kind === 'deposit' && r.status === 'confirmed').length,
        );
      }),
      { numRuns: Number(process.env.PAYMENTS_PROPERTY_RUNS ?? 100) },
    );
  }, 240_000);
});
