/**
 * Issue 22 "Bad input and faults": random interleavings of duplicated, reordered and rolled-back provider
 * calls, applied as the money path will (round event and wallet event appended together, or neither),
 * through the real round and wallet deciders. The balance always equals the deposit plus the sum of the
 * applied movements, and no provider transaction (nor wallet movement) applies twice.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { walletDecider } from '../wallet/decider.ts';
import type { WalletEvent, WalletState } from '../wallet/events.ts';
import { walletCommands } from '../wallet/fixtures.ts';
import {
  casinoRoundDecider,
  casinoRoundNet,
  type CasinoRoundCommand,
  type CasinoRoundEvent,
  type CasinoRoundState,
} from './round.ts';
import { casinoWalletCommands } from './wallet-commands.ts';

const AT = '2026-11-25T18:00:00+03:00';
const ids = { providerId: 'sandbox', roundId: 'r1', gameId: 'crash', userId: 'u1', at: AT };
const DEPOSIT = 3_000;

const betId = fc.integer({ min: 0, max: 5 }).map((n) => `b${n}`);
const txId = fc.integer({ min: 0, max: 12 }).map((n) => `t${n}`);
const amount = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 2_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, -10, 2.5) },
);

/** One provider call; transaction ids are drawn from small pools so that repeats and clashes happen. */
const call: fc.Arbitrary<CasinoRoundCommand> = fc.oneof(
  fc
    .tuple(betId, amount)
    .map(([t, a]) => ({ type: 'PlaceCasinoBet' as const, ...ids, transactionId: t, amount: a })),
  fc.tuple(txId, betId, amount).map(([t, b, a]) => ({
    type: 'CreditCasinoWin' as const,
    ...ids,
    transactionId: `w${t}`,
    betTransactionId: b,
    amount: a,
  })),
  fc.tuple(txId, betId).map(([t, b]) => ({
    type: 'RollbackCasinoBet' as const,
    ...ids,
    transactionId: `rb${t}`,
    betTransactionId: b,
  })),
  fc.tuple(txId, amount).map(([t, a]) => ({
    type: 'CreditCasinoReward' as const,
    ...ids,
    transactionId: `p${t}`,
    amount: a,
    reason: 'promo',
  })),
);

/** Calls, then each call possibly sent again (a duplicate), then the whole list shuffled. */
const interleaving = fc.array(fc.tuple(call, fc.nat({ max: 2 })), { maxLength: 30 }).chain((calls) => {
  const sent = calls.flatMap(([c, copies]) => Array.from({ length: copies + 1 }, () => c));
  return fc.shuffledSubarray(sent, { minLength: sent.length, maxLength: sent.length });
});

interface World {
  round: CasinoRoundState;
  wallet: WalletState;
  roundEvents: CasinoRoundEvent[];
  walletEvents: WalletEvent[];
}

/** The money path in miniature: decide the round, then its wallet commands; append all or nothing. */
const apply = (world: World, command: CasinoRoundCommand): World => {
  const decision = casinoRoundDecider.decide(command, world.round);
  if (!decision.ok) return world;
  let round = world.round;
  let wallet = world.wallet;
  const walletEvents: WalletEvent[] = [];
  for (const event of decision.events) {
    for (const walletCommand of casinoWalletCommands(event, round)) {
      const w = walletDecider.decide(walletCommand, wallet);
      if (!w.ok) return world;
      for (const e of w.events) {
        wallet = walletDecider.evolve(wallet, e);
        walletEvents.push(e);
      }
    }
    round = casinoRoundDecider.evolve(round, event);
  }
  return {
    round,
    wallet,
    roundEvents: [...world.roundEvents, ...decision.events],
    walletEvents: [...world.walletEvents, ...walletEvents],
  };
};

describe('casino round × wallet under duplicated, reordered and rolled-back calls', () => {
  it('keeps balance = deposit + applied movements, and applies no transaction twice', () => {
    fc.assert(
      fc.property(interleaving, (calls) => {
        const funded = walletDecider.decide(
          walletCommands.deposit('d1', DEPOSIT),
          walletDecider.initialState(),
        );
        if (!funded.ok) throw new Error('deposit refused');
        let world: World = {
          round: casinoRoundDecider.initialState(),
          wallet: funded.events.reduce(walletDecider.evolve, walletDecider.initialState()),
          roundEvents: [],
          walletEvents: [],
        };
        for (const c of calls) {
          world = apply(world, c);
          const applied = world.roundEvents.reduce(
            (sum, e) =>
              sum +
              (e.type === 'CasinoBetPlaced'
                ? -e.data.amount
                : e.type === 'CasinoBetRolledBack'
                  ? e.data.refund
                  : e.data.amount),
            0,
          );
          expect(world.wallet.balance).toBe(DEPOSIT + applied);
          expect(casinoRoundNet(world.round)).toBe(applied);
          expect(world.wallet.balance).toBeGreaterThanOrEqual(0);
        }
        const txIds = world.roundEvents.map((e) => e.data.transactionId);
        expect(new Set(txIds).size).toBe(txIds.length);
        const movementIds = world.walletEvents.map((e) => e.data.movementId);
        expect(new Set(movementIds).size).toBe(movementIds.length);
        // A bet is paid at most once: never both won and refunded, never won or refunded twice.
        const closes = new Map<string, number>();
        for (const e of world.roundEvents) {
          const closing =
            e.type === 'CasinoWinCredited' ||
            (e.type === 'CasinoBetRolledBack' && e.data.outcome === 'refunded');
          if (closing) closes.set(e.data.betTransactionId, (closes.get(e.data.betTransactionId) ?? 0) + 1);
        }
        for (const count of closes.values()) expect(count).toBe(1);
        // Every refund gives back exactly the stake that was debited for that bet.
        for (const e of world.roundEvents) {
          if (e.type !== 'CasinoBetRolledBack' || e.data.outcome !== 'refunded') continue;
          const placed = world.roundEvents.find(
            (p) => p.type === 'CasinoBetPlaced' && p.data.transactionId === e.data.betTransactionId,
          );
          expect(placed?.type === 'CasinoBetPlaced' ? placed.data.amount : undefined).toBe(e.data.refund);
        }
      }),
      { numRuns: 300 },
    );
  });
});
