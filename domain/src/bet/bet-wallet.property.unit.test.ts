/**
 * Bet and wallet together under random result histories with corrections (architecture.md §4
 * "settlement twice equals once"; betting-rules.md §2 "Result corrections"): whatever order results and
 * corrections arrive in, and however often each wallet command is delivered, the wallet ends with
 * exactly the stake taken and the final settlement paid.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MatchFacts } from '../settlement/facts.ts';
import type { Leg } from '../settlement/markets.ts';
import { amountsOf } from '../settlement/resettle.ts';
import type { WalletCommand } from '../wallet/commands.ts';
import { walletDecider } from '../wallet/decider.ts';
import type { WalletState } from '../wallet/events.ts';
import { walletCommands as w } from '../wallet/fixtures.ts';
import type { BetCommand } from './commands.ts';
import type { BetEvent, BetPlaced, BetState } from './events.ts';
import { paid, place, placedLeg, settle } from './fixtures.ts';
import { betDecider, currentSettlement, walletCommandsFor } from './index.ts';

const goals = fc.integer({ min: 0, max: 3 });
const facts: fc.Arbitrary<MatchFacts> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.tuple(goals, goals, goals, goals).map(([a, b, c, d]) => ({
      status: 'played' as const,
      halfTime: { home: a, away: b },
      fullTime: { home: a + c, away: b + d },
    })),
  },
  fc.constant<MatchFacts>({ status: 'postponed' }),
  fc.constant<MatchFacts>({ status: 'not_started' }),
  fc
    .tuple(goals, goals)
    .map(([h, a]): MatchFacts => ({ status: 'abandoned', minute: 60, score: { home: h, away: a } })),
  fc.constant<MatchFacts>({
    status: 'played',
    halfTime: { home: 2, away: 0 },
    fullTime: { home: 1, away: 0 },
  }),
);
const leg: fc.Arbitrary<Partial<Leg>> = fc.oneof(
  fc.constantFrom<Partial<Leg>>({}, { pick: 'draw' }, { pick: 'away' }),
  fc
    .constantFrom('2.25', '2.5', '1.75')
    .map((line) => ({ market: 'over_under', pick: 'over', line }) as Partial<Leg>),
);
const odds = fc.constantFrom('1.50', '1.95', '2.10', '3.40');

const run = (wallet: WalletState, commands: WalletCommand[]): WalletState => {
  let state = wallet;
  for (const c of [...commands, ...commands]) {
    const d = walletDecider.decide(c, state);
    if (!d.ok) throw new Error(`wallet refused ${c.type}: ${d.error.code}`);
    for (const e of d.events) state = walletDecider.evolve(state, e);
  }
  return state;
};

describe('bet + wallet under random corrections', () => {
  it('pays exactly the final settlement once, and replaying every result changes nothing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(odds, leg), { minLength: 1, maxLength: 3 }),
        fc.constantFrom(1 as const, 2 as const),
        fc.array(fc.tuple(fc.nat(), facts), { maxLength: 12 }),
        (legSpecs, payType, results) => {
          const legs = legSpecs.map(([o, l], i) => placedLeg(`m${i}`, o, l));
          let wallet = run(walletDecider.initialState(), [w.deposit('dep', 50_000), w.bonus('free', 1_000)]);
          let bet: BetState = betDecider.initialState();
          let placed: BetPlaced['data'] | undefined;
          const apply = (c: BetCommand) => {
            const d = betDecider.decide(c, bet);
            if (!d.ok) throw new Error(`bet refused: ${d.error.code}`);
            for (const e of d.events as BetEvent[]) {
              bet = betDecider.evolve(bet, e);
              if (e.type === 'BetPlaced') placed = e.data;
              if (placed) wallet = run(wallet, walletCommandsFor(placed, e));
            }
            return d.events;
          };
          apply(place(legs, 1_000, { payType }));
          apply(paid);
          const settles = results.map(([i, f], n) => settle(`m${i % legs.length}`, f, n + 1));
          settles.forEach(apply);
          for (const c of settles) expect(apply(c)).toEqual([]);

          if (bet.status === 'none') throw new Error('not placed');
          const final =
            bet.settlement && bet.settlement.state === 'settled'
              ? amountsOf(bet.settlement)
              : { credited: 0, creditRefund: 0 };
          expect(wallet.balance).toBe(50_000 - (payType === 1 ? 1_000 : 0) + final.credited);
          expect(wallet.creditMoney).toBe(1_000 - (payType === 2 ? 1_000 : 0) + final.creditRefund);
          expect(wallet.debt).toBe(0);
          const now = currentSettlement(bet);
          if (bet.settlement) expect(amountsOf(bet.settlement)).toEqual(amountsOf(now));
          else expect(now.state).not.toBe('settled');
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
