/**
 * Wallet invariants under random command sequences (architecture.md §4 "Invariants to test with
 * properties"): no pocket ever negative; the movements add up to deposits − withdrawals − stakes +
 * payouts ± adjustments; a repeated movement id changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WalletCommand } from './commands.ts';
import { walletDecider } from './decider.ts';
import type { WalletState } from './events.ts';
import { walletCommands as w } from './fixtures.ts';
import { netOf, percentTax } from './lines.ts';

const id = fc.integer({ min: 0, max: 40 }).map((n) => `m${n}`);
const paymentId = fc.integer({ min: 0, max: 6 }).map((n) => `wd${n}`);
const amount = fc.oneof(fc.integer({ min: 1, max: 5_000 }), fc.constantFrom(0, -1, 100_000));
const product = fc.constantFrom('single', 'multiple', 'jackpot', 'racing', 'casino' as const);
const payType = fc.constantFrom(1 as const, 2 as const);
const pocket3 = fc.constantFrom('balance', 'creditMoney', 'racingCoin' as const);

const command: fc.Arbitrary<WalletCommand> = fc.oneof(
  fc
    .tuple(id, amount, fc.constantFrom('push', 'ussd' as const))
    .map(([m, a, channel]) => w.deposit(m, a, { channel })),
  fc.tuple(id, amount, product, payType).map(([m, a, p, t]) => w.stake(m, a, { product: p, payType: t })),
  fc.tuple(id, amount, product, payType).map(([m, a, p, t]) => w.refund(m, a, { product: p, payType: t })),
  fc.tuple(id, amount, product).map(([m, a, p]) => w.win(m, a, { product: p, gross: a + 10, tax: 10 })),
  fc
    .tuple(id, amount, fc.constantFrom('balance', 'creditMoney' as const))
    .map(([m, a, p]) => w.reverse(m, a, { pocket: p })),
  fc.tuple(id, paymentId, amount).map(([m, p, a]) => w.reserve(m, a, { paymentId: p })),
  fc.tuple(id, paymentId).map(([m, p]) => w.confirm(m, p)),
  fc.tuple(id, paymentId).map(([m, p]) => w.refundWithdrawal(m, p)),
  fc
    .tuple(id, amount, fc.constantFrom('balance', 'creditMoney' as const))
    .map(([m, a, p]) => w.bonus(m, a, { pocket: p })),
  fc
    .tuple(id, amount, fc.boolean(), pocket3)
    .map(([m, a, neg, p]) => w.adjust(m, neg ? -a : a, { pocket: p })),
  fc.tuple(id, amount).map(([m, a]) => w.writeOff(m, a)),
  fc.tuple(id, amount).map(([m, a]) => w.toCoin(m, a)),
  fc.tuple(id, amount, fc.constantFrom('0', '10', '12.5', '100')).map(([m, a, r]) => w.toBalance(m, a, r)),
  fc.tuple(id, fc.oneof(amount, fc.constant(0))).map(([m, a]) => w.expire(m, a)),
);

/** A step is a new command or an exact replay of an earlier one. */
const steps = fc.array(
  fc.oneof({ weight: 4, arbitrary: command }, { weight: 1, arbitrary: fc.nat().map((n) => ({ replay: n })) }),
  {
    maxLength: 30,
  },
);

const worth = (s: WalletState) => s.balance + s.creditMoney + s.racingCoin - s.debt;

/** What an accepted command should do to the player's worth, from the command's own figures (not the lines). */
const expectedChange = (c: WalletCommand, before: WalletState): number => {
  switch (c.type) {
    case 'CreditDeposit':
    case 'RefundStake':
    case 'CreditWinnings':
    case 'CreditBonus':
    case 'AdjustPocket':
    case 'WriteOffDebt':
      return c.amount;
    case 'DebitStake':
    case 'ReserveWithdrawal':
      return -c.amount;
    case 'RefundWithdrawal':
      return before.openWithdrawals.find((o) => o.paymentId === c.paymentId)?.amount ?? 0;
    case 'ReverseSettlement':
      return c.pocket === 'balance' ? -c.amount : -Math.min(before.creditMoney, c.amount);
    case 'ConvertToBalance': {
      const t = percentTax(c.amount, c.taxRate);
      return 'tax' in t ? -t.tax : 0;
    }
    case 'ExpireCredit':
      return -Math.min(before.creditMoney, c.amount);
    case 'ConfirmWithdrawal':
    case 'ConvertToRacingCoin':
      return 0;
  }
};

const run = (input: readonly (WalletCommand | { replay: number })[]) => {
  let state = walletDecider.initialState();
  const done: WalletCommand[] = [];
  let linesTotal = 0;
  let expectedTotal = 0;
  for (const step of input) {
    const c = 'replay' in step ? done[step.replay % Math.max(1, done.length)] : step;
    if (!c) continue;
    const d = walletDecider.decide(c, state);
    if (!d.ok) continue;
    if ('replay' in step) expect(d.events).toEqual([]);
    if (d.events.length > 0) expectedTotal += expectedChange(c, state);
    for (const e of d.events) {
      linesTotal += e.data.lines.reduce((sum, l) => sum + netOf(l), 0);
      state = walletDecider.evolve(state, e);
    }
    done.push(c);
    // The same command again on the new state: no money moves twice.
    const again = walletDecider.decide(c, state);
    expect(again).toEqual({ ok: true, events: [] });
    for (const p of [state.balance, state.creditMoney, state.racingCoin, state.debt])
      expect(p).toBeGreaterThanOrEqual(0);
    if (state.debt > 0) expect(state.balance).toBe(0);
  }
  return { state, linesTotal, expectedTotal };
};

describe('wallet properties (10,000 random histories)', () => {
  it('never lets a pocket go negative, adds up, and ignores repeats', () => {
    fc.assert(
      fc.property(steps, (input) => {
        const { state, linesTotal, expectedTotal } = run(input);
        expect(linesTotal).toBe(worth(state));
        expect(expectedTotal).toBe(worth(state));
      }),
      { numRuns: 10_000 },
    );
  });
});
