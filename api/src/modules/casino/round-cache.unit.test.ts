/**
 * The rounds the wallet API keeps in memory (wallet-api.ts `rememberRound`): the most recently written
 * kept, never an older state over a newer one, only while the round has an open bet (decision 0216), and
 * over the limit the oldest written dropped in one batch.
 */
import { casinoRoundDecider } from '@bashiri/domain';
import type { CasinoRoundState } from '@bashiri/domain';
import type { Aggregated } from '@bashiri/eventstore';
import { describe, expect, it } from 'vitest';
import { CASINO_ROUNDS_CACHED, CASINO_ROUNDS_DROPPED, rememberRound } from './wallet-api.ts';

const base = { providerId: 'p', roundId: 'r', gameId: 'g', userId: 'u', at: '2026-11-28T12:00:00.000Z' };
/** A round with one open bet (`b1`). */
const open = casinoRoundDecider.evolve(casinoRoundDecider.initialState(), {
  type: 'CasinoBetPlaced',
  data: { ...base, transactionId: 'b1', amount: 100 },
});
/** The same round after its bet's win. */
const settled = casinoRoundDecider.evolve(open, {
  type: 'CasinoWinCredited',
  data: { ...base, transactionId: 'w1', betTransactionId: 'b1', amount: 0 },
});
const at = (version: number, state: CasinoRoundState = open): Aggregated<CasinoRoundState> => ({
  state,
  version,
});

describe('rememberRound', () => {
  it('keeps the newest state of a round, and nothing for a round never written', () => {
    const rounds = new Map<string, Aggregated<CasinoRoundState>>();
    rememberRound(rounds, 'r', at(0));
    rememberRound(rounds, 'r', undefined);
    expect(rounds.size).toBe(0);
    rememberRound(rounds, 'r', at(2));
    rememberRound(rounds, 'r', at(1));
    expect(rounds.get('r')?.version).toBe(2);
  });

  it('holds a round only while it has an open bet (decision 0216)', () => {
    const rounds = new Map<string, Aggregated<CasinoRoundState>>();
    rememberRound(rounds, 'never-bet', at(1, casinoRoundDecider.initialState()));
    expect(rounds.has('never-bet')).toBe(false);
    rememberRound(rounds, 'r', at(1));
    expect(rounds.get('r')?.version).toBe(1);
    rememberRound(rounds, 'r', at(2, settled));
    expect(rounds.has('r')).toBe(false);
  });

  it('over the limit, drops the oldest written in one batch and keeps the rest in order', () => {
    const rounds = new Map<string, Aggregated<CasinoRoundState>>();
    for (let k = 0; k < CASINO_ROUNDS_CACHED; k++) rememberRound(rounds, `r${k}`, at(1));
    // Written again: now the most recent.
    rememberRound(rounds, 'r0', at(2));
    expect(rounds.size).toBe(CASINO_ROUNDS_CACHED);
    rememberRound(rounds, 'new', at(1));
    expect(rounds.size).toBe(CASINO_ROUNDS_CACHED - CASINO_ROUNDS_DROPPED);
    expect(rounds.has('r1')).toBe(false);
    // r1 … r5001 went (5,001 rounds: down to the limit less the batch); r5002 is the oldest kept.
    expect(rounds.has(`r${CASINO_ROUNDS_DROPPED + 1}`)).toBe(false);
    expect(rounds.has(`r${CASINO_ROUNDS_DROPPED + 2}`)).toBe(true);
    expect(rounds.get('r0')?.version).toBe(2);
    expect([...rounds.keys()].slice(-2)).toEqual(['r0', 'new']);
  });
});
