import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DICE_ROLLS,
  diceCount,
  diceExactRtp,
  diceMultiplierText,
  diceRoll,
  isDiceBet,
  settleDice,
  verifyDice,
  type DiceBet,
} from './dice.ts';
import { seedHash, uniformBelow16 } from './fair.ts';

const SEED = 'a1'.repeat(32);
const inputs = { serverSeed: SEED, clientSeed: 'player-1', nonce: 3 };

/** Independent re-implementation with node's crypto, from docs/casino.md "Dice". */
const rollByHand = (seed: string, client: string, nonce: number): number => {
  const bytes: number[] = [];
  for (let block = 0; block < 4; block += 1)
    bytes.push(...createHmac('sha256', seed).update(`${client}:${nonce}:${block}`).digest());
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    const value = (bytes[i] as number) * 256 + (bytes[i + 1] as number);
    if (value < 60_000) return value % 10_000;
  }
  throw new Error('no roll');
};

describe('dice roll', () => {
  it('matches an independent computation with node crypto', () => {
    for (let nonce = 0; nonce < 50; nonce += 1)
      expect(diceRoll({ ...inputs, nonce })).toBe(rollByHand(SEED, 'player-1', nonce));
  });
  it('rejects the biased two-byte values (≥ 60,000)', () => {
    const bytes = [0xea, 0x60, 0x00, 0x05];
    let i = 0;
    expect(uniformBelow16(10_000, () => bytes[i++] as number)).toBe(5);
    const low = [0xea, 0x5f];
    let j = 0;
    expect(uniformBelow16(10_000, () => low[j++] as number)).toBe(59_999 % 10_000);
  });
});

describe('dice bets', () => {
  it('covers T rolls under T and 9,999 − T over T; allows 1 % to 98 %', () => {
    expect(diceCount({ direction: 'under', target: 5_000 })).toBe(5_000);
    expect(diceCount({ direction: 'over', target: 5_000 })).toBe(4_999);
    expect(isDiceBet({ direction: 'under', target: 100 })).toBe(true);
    expect(isDiceBet({ direction: 'under', target: 99 })).toBe(false);
    expect(isDiceBet({ direction: 'under', target: 9_801 })).toBe(false);
    expect(isDiceBet({ direction: 'over', target: 199 })).toBe(true);
    expect(isDiceBet({ direction: 'under', target: 50.5 })).toBe(false);
    expect(diceMultiplierText({ direction: 'under', target: 5_000 })).toBe('1.9800');
  });
  it('pays floor(stake · 9,900 / count) on a win, nothing on a loss or an invalid bet', () => {
    const bet: DiceBet = { direction: 'under', target: 5_000 };
    expect(settleDice(1_000, bet, 4_999)).toBe(1_980);
    expect(settleDice(1_000, bet, 5_000)).toBe(0);
    expect(settleDice(1_000, { direction: 'over', target: 9_990 }, 9_999)).toBe(0);
    expect(settleDice(1_000, { direction: 'under', target: 300 }, 0)).toBe(33_000);
  });
  it('RTP: summing the real settlement over all 10,000 rolls gives the exact figure (99 % when no rounding)', () => {
    const bets: DiceBet[] = [
      { direction: 'under', target: 5_000 },
      { direction: 'over', target: 8_999 },
      { direction: 'under', target: 9_800 },
      { direction: 'over', target: 199 },
      { direction: 'under', target: 137 },
    ];
    for (const stake of [10_000, 999, 1]) {
      for (const bet of bets) {
        let paid = 0n;
        for (let roll = 0; roll < DICE_ROLLS; roll += 1) paid += BigInt(settleDice(stake, bet, roll));
        const exact = diceExactRtp(stake, bet);
        expect(paid * exact.den).toBe(exact.num * BigInt(DICE_ROLLS) * BigInt(stake));
        expect(paid * 100n <= 99n * BigInt(DICE_ROLLS) * BigInt(stake)).toBe(true);
      }
    }
    const half = diceExactRtp(10_000, { direction: 'under', target: 5_000 });
    expect(half.num * 100n).toBe(99n * half.den);
  });
});

describe('dice verification', () => {
  it('accepts the round as drawn; refuses another roll or seed', () => {
    const roll = diceRoll(inputs);
    expect(verifyDice(inputs, seedHash(SEED), roll).ok).toBe(true);
    expect(verifyDice(inputs, seedHash(SEED), (roll + 1) % DICE_ROLLS).rollMatches).toBe(false);
    expect(verifyDice({ ...inputs, serverSeed: 'b2'.repeat(32) }, seedHash(SEED), roll).hashMatches).toBe(
      false,
    );
    expect(verifyDice({ ...inputs, clientSeed: '' }, seedHash(SEED), roll).ok).toBe(false);
  });
});
