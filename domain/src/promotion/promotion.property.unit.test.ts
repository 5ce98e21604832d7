import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { walletDecider } from '../wallet/decider.ts';
import type { WalletCommand } from '../wallet/commands.ts';
import type { WalletEvent } from '../wallet/events.ts';
import { promotionDecider, type PromotionEvent } from './decider.ts';
import {
  countSettledStake,
  creditExpiries,
  DEFAULT_REFERRAL_CONFIG as CFG,
  invitationBonusAmount,
  referralReward,
  remainingOfGrants,
  startReferral,
} from './rules.ts';

const AT = '2026-12-10T12:00:00.000Z';

/** Sends each command through the wallet decider, folding accepted events (the money path's core). */
const pay = (commands: readonly WalletCommand[]) => {
  let state = walletDecider.initialState();
  const events: WalletEvent[] = [];
  for (const c of commands) {
    const d = walletDecider.decide(c, state);
    if (!d.ok) throw new Error(d.error.code);
    events.push(...d.events);
    state = fold(walletDecider, d.events, state);
  }
  return { state, events };
};

describe('promotion properties', () => {
  it('one referral reward per friend, whatever the order and duplication of settlements', () => {
    const bets = fc.uniqueArray(fc.record({ betId: fc.uuid(), stake: fc.integer({ min: 1, max: 20_000 }) }), {
      selector: (b) => b.betId,
      maxLength: 12,
    });
    fc.assert(
      fc.property(
        bets.chain((bs) =>
          fc.tuple(
            fc.constant(bs),
            fc.shuffledSubarray([...bs, ...bs, ...bs], {
              minLength: bs.length * 3,
              maxLength: bs.length * 3,
            }),
          ),
        ),
        ([unique, delivered]) => {
          let progress = startReferral('inv', 'fr');
          const commands: WalletCommand[] = [];
          for (const b of delivered) {
            progress = countSettledStake(progress, b);
            const reward = referralReward(CFG, progress, AT);
            if (reward) commands.push(reward);
          }
          const { state, events } = pay(commands);
          const total = unique.reduce((s, b) => s + b.stake, 0);
          expect(progress.settledStakes).toBe(total);
          const expected = total >= CFG.qualifyingStakes ? 1 : 0;
          expect(events.filter((e) => e.type === 'BonusCredited')).toHaveLength(expected);
          expect(state.creditMoney).toBe(expected * CFG.reward);
          expect(state.balance).toBe(0);
        },
      ),
    );
  });

  it('the invitation bonus never exceeds its cap nor its percentage of the deposit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (deposit, percent, cap) => {
          const cfg = { ...CFG, invitationBonusPercent: percent, invitationBonusCap: cap };
          const b = invitationBonusAmount(cfg, deposit);
          expect(Number.isSafeInteger(b)).toBe(true);
          expect(b).toBeGreaterThanOrEqual(0);
          expect(b).toBeLessThanOrEqual(cap);
          expect(b * 100).toBeLessThanOrEqual(deposit * percent);
        },
      ),
    );
  });

  it('expiry never takes more than what is left of a grant, nor more than the credit money held', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 50_000 }), { maxLength: 8 }),
        fc.integer({ min: 0, max: 400_000 }),
        fc.integer({ min: 0, max: 30 }),
        (amounts, creditMoney, days) => {
          const grants = amounts.map((amount, i) => ({
            movementId: `g${i}`,
            amount,
            at: new Date(Date.UTC(2026, 11, 1 + i)).toISOString(),
          }));
          const left = remainingOfGrants(grants, creditMoney);
          left.forEach((l, i) => {
            expect(l).toBeGreaterThanOrEqual(0);
            expect(l).toBeLessThanOrEqual(grants[i]!.amount);
          });
          const expiries = creditExpiries('u1', grants, creditMoney, days, '2026-12-20T00:00:00.000Z');
          const taken = expiries.reduce((s, e) => s + e.amount, 0);
          expect(taken).toBeLessThanOrEqual(creditMoney);
          for (const e of expiries) {
            const i = grants.findIndex((g) => g.movementId === e.reference);
            expect(e.amount).toBeGreaterThan(0);
            expect(e.amount).toBeLessThanOrEqual(left[i]!);
          }
          expect(new Set(expiries.map((e) => e.movementId)).size).toBe(expiries.length);
        },
      ),
    );
  });

  it('a promotion never grants past its budget nor twice to the same player and trigger', () => {
    const created: PromotionEvent = {
      type: 'PromotionCreated',
      data: {
        promotionId: 'p',
        at: AT,
        actor: { kind: 'staff', id: 's' },
        kind: 'order',
        name: 'x',
        startsAt: '2026-12-01T00:00:00.000Z',
        endsAt: '2026-12-31T00:00:00.000Z',
        budget: 0,
      },
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(
          fc.record({
            userId: fc.constantFrom('a', 'b', 'c'),
            trigger: fc.constantFrom('t1', 't2'),
            amount: fc.integer({ min: 0, max: 20_000 }),
          }),
          { maxLength: 30 },
        ),
        (budget, grants) => {
          let state = promotionDecider.evolve(promotionDecider.initialState(), {
            ...created,
            data: { ...created.data, budget },
          } as PromotionEvent);
          const paid = new Set<string>();
          let spent = 0;
          for (const g of grants) {
            const d = promotionDecider.decide(
              {
                type: 'GrantReward',
                promotionId: 'p',
                at: AT,
                actor: { kind: 'system', id: 'pm' },
                movementId: 'm',
                ...g,
              },
              state,
            );
            if (!d.ok) continue;
            const key = `${g.userId}|${g.trigger}`;
            expect(paid.has(key)).toBe(false);
            paid.add(key);
            spent += g.amount;
            state = fold(promotionDecider, d.events, state);
          }
          expect(spent).toBeLessThanOrEqual(budget);
          expect(state.spent).toBe(spent);
        },
      ),
    );
  });
});
