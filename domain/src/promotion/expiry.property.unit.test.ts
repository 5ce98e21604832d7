/**
 * Credit-money expiry booked through the wallet (decision 0045): random grants, spending and expiry
 * checks. Properties: credit money never negative; an expiry never takes more than what is left of its
 * grant nor more than is held; booking the same expiries again (a redelivered check) moves nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { walletDecider } from '../wallet/decider.ts';
import type { WalletState } from '../wallet/events.ts';
import { walletCommands as w } from '../wallet/fixtures.ts';
import { creditExpiries, remainingOfGrants, type CreditGrant } from './rules.ts';

const DAY = 86_400_000;
const T0 = Date.parse('2026-12-01T00:00:00.000Z');

type Step = { grant: number } | { spend: number } | { check: number };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.integer({ min: 1, max: 9_000 }).map((grant) => ({ grant })),
  fc.integer({ min: 1, max: 9_000 }).map((spend) => ({ spend })),
  fc.integer({ min: 0, max: 3 }).map((check) => ({ check })),
);

const apply = (state: WalletState, c: Parameters<typeof walletDecider.decide>[0]) => {
  const d = walletDecider.decide(c, state);
  return d.ok ? { state: d.events.reduce(walletDecider.evolve, state), events: d.events } : null;
};

describe('credit-money expiry through the wallet (fast-check)', () => {
  it('never takes more than is left of a grant or held, never goes negative, books once', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let state = walletDecider.initialState();
        let day = 0;
        let live: CreditGrant[] = [];
        steps.forEach((s, i) => {
          day += 1;
          const now = new Date(T0 + day * DAY).toISOString();
          if ('grant' in s) {
            const r = apply(state, w.bonus(`g${i}`, s.grant, { at: now }));
            if (r) {
              state = r.state;
              live.push({ movementId: `g${i}`, amount: s.grant, at: now });
            }
          } else if ('spend' in s) {
            const r = apply(
              state,
              w.stake(`s${i}`, Math.min(s.spend, state.creditMoney) || 1, { payType: 2 }),
            );
            if (r) state = r.state;
          } else {
            const left = remainingOfGrants(live, state.creditMoney);
            const due = creditExpiries('u1', live, state.creditMoney, s.check, now);
            for (const e of due) {
              const grantIndex = live.findIndex((g) => g.movementId === e.reference);
              expect(e.amount).toBeLessThanOrEqual(left[grantIndex]!);
              const before = state.creditMoney;
              const cmd = w.expire(e.movementId, e.amount, { reference: e.reference, at: now });
              const r = apply(state, cmd);
              expect(r).not.toBeNull();
              state = r!.state;
              expect(before - state.creditMoney).toBe(Math.min(e.amount, before));
              // The same expiry again (a redelivered check): nothing moves.
              expect(walletDecider.decide(cmd, state)).toEqual({ ok: true, events: [] });
            }
            const expired = new Set(due.map((e) => e.reference));
            live = live.filter(
              (g) => !expired.has(g.movementId) && Date.parse(g.at) + s.check * DAY > Date.parse(now),
            );
          }
          expect(state.creditMoney).toBeGreaterThanOrEqual(0);
          expect(state.balance).toBe(0);
        });
      }),
      { numRuns: 2_000 },
    );
  });
});
