/**
 * Property (issue 23 item 1, decision 0048): on the real money path, no sequence of deposits, stakes,
 * wins and passing time ever takes a player past a limit in force — deposits per day, stakes per day and
 * per bet, net loss per day — and a movement within every limit's room is never refused.
 */
import { PAY_TYPE_BALANCE, periodKey } from '@bashiri/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { checkProtection, walletOf } from '../wallet/index.ts';
import { runProtection } from './service.ts';

type Op =
  | { readonly op: 'deposit' | 'stake' | 'win'; readonly amount: number }
  | { readonly op: 'wait'; readonly minutes: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constantFrom('deposit', 'stake', 'win'),
    amount: fc.integer({ min: 1, max: 60 }).map((n) => n * 100),
  }),
  fc.record({ op: fc.constant('wait'), minutes: fc.integer({ min: 1, max: 900 }) }),
) as fc.Arbitrary<Op>;

const limitArb = fc.option(
  fc.integer({ min: 0, max: 80 }).map((n) => n * 100),
  { nil: undefined },
);

describe('protections on the money path (property)', () => {
  let t: TestApp;
  let now = Date.parse('2026-05-04T18:00:00Z');
  let run = 0;
  beforeAll(async () => {
    t = await startTestApp({ now: () => now });
  }, 180_000);
  afterAll(async () => t.close());

  it('no sequence passes a limit in force; a movement within every room is allowed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ depositDay: limitArb, stakeDay: limitArb, stakeBet: limitArb, lossDay: limitArb }),
        fc.array(opArb, { minLength: 1, maxLength: 12 }),
        async (limits, ops) => {
          const userId = `prop-${++run}`;
          const actor = { kind: 'player' as const, id: userId };
          const wallet = walletOf(t.services);
          const at = () => new Date(now).toISOString();
          const funded = await wallet.run({
            type: 'AdjustPocket',
            userId,
            movementId: `fund:${userId}`,
            at: at(),
            actor: { kind: 'staff', id: 'prop' },
            pocket: 'balance',
            amount: 10_000_000,
            reference: userId,
            reason: 'property funds',
          });
          expect(funded.ok).toBe(true);
          for (const [kind, value] of Object.entries(limits))
            if (value !== undefined) {
              const set = await runProtection(t.services, userId, actor, {
                type: 'SetLimit',
                kind,
                value,
              } as never);
              expect(set.ok).toBe(true);
            }
          // What the player moved per EAT day, as the test counts it.
          const day = new Map<string, { deposits: number; stakes: number; returns: number }>();
          const today = () => {
            const key = periodKey('day', now);
            if (!day.has(key)) day.set(key, { deposits: 0, stakes: 0, returns: 0 });
            return day.get(key)!;
          };
          let n = 0;
          for (const o of ops) {
            n++;
            if (o.op === 'wait') {
              now += o.minutes * 60_000;
              continue;
            }
            const d = today();
            if (o.op === 'deposit') {
              const room = limits.depositDay === undefined ? Infinity : limits.depositDay - d.deposits;
              const check = await checkProtection(t.services, userId, {
                kind: 'deposit',
                amount: o.amount,
                at: at(),
              });
              expect(check.ok, `deposit ${o.amount} with room ${room}`).toBe(o.amount <= room);
              if (!check.ok) continue;
              const credited = await wallet.run({
                type: 'CreditDeposit',
                userId,
                movementId: `dep:${userId}:${n}`,
                at: at(),
                actor: { kind: 'system', id: 'payments' },
                paymentId: `${userId}-${n}`,
                channel: 'push',
                amount: o.amount,
              });
              expect(credited.ok).toBe(true);
              d.deposits += o.amount;
            } else if (o.op === 'stake') {
              const rooms = [
                limits.stakeBet ?? Infinity,
                limits.stakeDay === undefined ? Infinity : limits.stakeDay - d.stakes,
                limits.lossDay === undefined
                  ? Infinity
                  : Math.max(0, limits.lossDay - (d.stakes - d.returns)),
              ];
              const paid = await wallet.run({
                type: 'DebitStake',
                userId,
                movementId: `stake:${userId}:${n}`,
                at: at(),
                actor,
                betId: `${userId}-${n}`,
                product: 'single',
                payType: PAY_TYPE_BALANCE,
                amount: o.amount,
              });
              expect(paid.ok, `stake ${o.amount} with rooms ${rooms.join('/')}`).toBe(
                o.amount <= Math.min(...rooms),
              );
              if (paid.ok) d.stakes += o.amount;
            } else {
              const won = await wallet.run({
                type: 'CreditWinnings',
                userId,
                movementId: `win:${userId}:${n}`,
                at: at(),
                actor: { kind: 'system', id: 'settlement' },
                betId: `${userId}-${n}`,
                product: 'single',
                gross: o.amount,
                tax: 0,
                amount: o.amount,
              });
              expect(won.ok).toBe(true);
              d.returns += o.amount;
            }
            // The invariant: every limit in force holds for the day so far.
            if (limits.depositDay !== undefined) expect(d.deposits).toBeLessThanOrEqual(limits.depositDay);
            if (limits.stakeDay !== undefined) expect(d.stakes).toBeLessThanOrEqual(limits.stakeDay);
            if (limits.lossDay !== undefined && o.op === 'stake')
              expect(d.stakes - d.returns).toBeLessThanOrEqual(
                Math.max(limits.lossDay, d.stakes - d.returns - o.amount),
              );
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 300_000);
});
