/**
 * Cash-outs and the settlement of the rest, under random histories (docs/cash-out.md §3; decision
 * 0019): whatever parts are cashed out at whatever live values, and whatever the results, the bet never
 * pays more in total than its potential payout when placed (without the forfeited acca bonus), and the
 * wallet ends with exactly the stake taken and every net amount the bet's events credited.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CASH_OUT_CONFIG } from '../cashout/config.ts';
import type { LegLive } from '../cashout/live.ts';
import type { WalletCommand } from '../wallet/commands.ts';
import { walletDecider } from '../wallet/decider.ts';
import type { WalletState } from '../wallet/events.ts';
import { walletCommands as w } from '../wallet/fixtures.ts';
import type { BetCommand } from './commands.ts';
import type { BetEvent, BetPlaced, BetState } from './events.ts';
import { AT, paid, place, placedLeg, played, PLAYER, settle } from './fixtures.ts';
import { betDecider, walletCommandsFor } from './index.ts';

const oddsArb = fc
  .integer({ min: 101, max: 800 })
  .map((n) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`);
const live = (win: number): LegLive => ({
  win,
  push: 0,
  marketStatus: 'open',
  delay: null,
  state: {
    matchId: 'm',
    clock: { phase: 'not_started', minute: 0, score: { home: 0, away: 0 } },
    rates: { home: 1.4, away: 1.1 },
    redCards: { home: 0, away: 0 },
    rho: -0.1,
  },
});
const run = (wallet: WalletState, commands: WalletCommand[]): WalletState => {
  let state = wallet;
  for (const c of [...commands, ...commands]) {
    const d = walletDecider.decide(c, state);
    if (!d.ok) throw new Error(`wallet refused ${c.type}: ${d.error.code}`);
    for (const e of d.events) state = walletDecider.evolve(state, e);
  }
  return state;
};

describe('bet cash-outs + settlement', () => {
  it('never pay more in total than the potential payout as placed; the wallet gets exactly what the events say', () => {
    fc.assert(
      fc.property(
        fc.array(oddsArb, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 10, max: 500 }).map((n) => n * 100),
        fc.constantFrom(1 as const, 2 as const),
        fc.option(fc.integer({ min: 1, max: 200_000 }), { nil: null }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 1000 })), {
          maxLength: 4,
        }),
        fc.array(fc.constantFrom(played(1, 0), played(0, 0), played(0, 1)), { minLength: 3, maxLength: 3 }),
        (odds, stake, payType, cap, cashOuts, results) => {
          const legs = odds.map((o, i) => placedLeg(`m${i}`, o));
          const config = { singleGameHighestProfit: cap, multipleGameHighestProfit: cap };
          const tiers = { stringRewards: [1, 2, 3].map((strings) => ({ strings, cashBackPercent: 20 })) };
          let wallet = run(walletDecider.initialState(), [
            w.deposit('dep', 100_000),
            w.bonus('free', 50_000),
          ]);
          let bet: BetState = betDecider.initialState();
          let placed: BetPlaced['data'] | undefined;
          let gross = 0;
          let net = 0;
          const apply = (c: BetCommand) => {
            const d = betDecider.decide(c, bet);
            if (!d.ok) return false;
            for (const e of d.events as BetEvent[]) {
              bet = betDecider.evolve(bet, e);
              if (e.type === 'BetPlaced') placed = e.data;
              if (e.type === 'BetCashedOut' || e.type === 'BetPartCashedOut') {
                gross += e.data.gross ?? e.data.amount;
                net += e.data.amount;
              }
              if (placed) wallet = run(wallet, walletCommandsFor(placed, e));
            }
            return true;
          };
          expect(apply(place(legs, stake, { payType }, { ...config, ...tiers }))).toBe(true);
          apply(paid);
          for (const [n, [percent, win]] of cashOuts.entries()) {
            if (bet.status !== 'awaiting') break;
            const part = Math.max(100, Math.floor((bet.remainingStake * percent) / 100));
            apply({
              type: 'CashOutBet',
              betId: 'b1',
              at: AT,
              offerId: `q${n}`,
              actor: PLAYER,
              part: Math.min(part, bet.remainingStake),
              offered: 1,
              tolerance: 'ACCEPT_ANY',
              live: legs.map(() => live(win / 1000)),
              config: { ...DEFAULT_CASH_OUT_CONFIG, creditBets: true, minimumOffer: 1 },
              configVersion: '2026-01-01T00:00:00+03:00',
            });
          }
          legs.forEach((l, i) => apply(settle(l.matchId, results[i]!)));
          if (bet.status === 'none' || !placed) throw new Error('not placed');
          const s = bet.settlement;
          const settledPayout = s && s.state === 'settled' ? s.payout : 0;
          // Potential as placed, without the acca bonus: stake + profit (credit bets: the profit only).
          if (payType === 1) {
            expect(gross + settledPayout).toBeLessThanOrEqual(stake + placed.quote.profit);
          } else {
            expect(gross + Math.max(0, settledPayout - bet.remainingStake)).toBeLessThanOrEqual(
              placed.quote.profit,
            );
          }
          if (bet.cashOuts.length > 0 && s) expect(s.reward).toBe(0);
          const credited = s && s.state === 'settled' ? s.credited : 0;
          const refund = s && s.state === 'settled' ? s.creditRefund : 0;
          expect(wallet.balance).toBe(100_000 - (payType === 1 ? stake : 0) + net + credited);
          expect(wallet.creditMoney).toBe(50_000 - (payType === 2 ? stake : 0) + refund);
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
