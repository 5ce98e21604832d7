/** docs/casino.md's fairness example is what the code computes. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { crashPoint } from './crash.ts';
import { diceRoll } from './dice.ts';
import { seedHash } from './fair.ts';

const doc = readFileSync(new URL('../../../../../docs/casino.md', import.meta.url), 'utf8').replace(
  /\s+/g,
  ' ',
);

describe('docs/casino.md fairness example', () => {
  it('states the hash, crash point and roll of seed 5e…5e, client seed player-chosen, nonce 1', () => {
    const inputs = { serverSeed: '5e'.repeat(32), clientSeed: 'player-chosen', nonce: 1 };
    expect(doc).toContain(`hash \`${seedHash(inputs.serverSeed)}\``);
    expect(doc).toContain(`crash point ${(crashPoint(inputs) / 100).toFixed(2)}×`);
    expect(doc).toContain(`dice roll ${(diceRoll(inputs) / 100).toFixed(2)}.`);
  });
});
