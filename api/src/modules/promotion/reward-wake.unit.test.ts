import { describe, expect, it } from 'vitest';
import { accountStream, betStream, casinoRoundStream, paymentStream, walletStream } from '@bashiri/domain';
import { wakeConcerns } from '@bashiri/eventstore';
import { REWARD_TRIGGER_STREAMS } from './projection.ts';

/** Decision 0201: the reward worker is woken at once only by appends that may queue a reward item. */
describe('REWARD_TRIGGER_STREAMS (what wakes the reward worker)', () => {
  const wakes = (streams?: readonly string[]) => wakeConcerns(REWARD_TRIGGER_STREAMS, streams);

  it('sleeps through a casino bet or win (its wallet and round streams queue no reward)', () => {
    expect(wakes([casinoRoundStream('sandbox', 'r1'), walletStream('u1')])).toBe(false);
    expect(wakes([walletStream('u1')])).toBe(false);
  });

  it('wakes for a registration, a bet, a deposit (with its payment stream) and a promotion', () => {
    expect(wakes([accountStream('u1')])).toBe(true);
    expect(wakes([betStream('b1'), walletStream('u1')])).toBe(true);
    expect(wakes([paymentStream('p1'), walletStream('u1')])).toBe(true);
    expect(wakes(['promotion-reward-m1', walletStream('u1')])).toBe(true);
  });

  it('wakes when the streams are not known (an append by another process)', () => {
    expect(wakes(undefined)).toBe(true);
  });
});
