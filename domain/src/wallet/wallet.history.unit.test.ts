/**
 * Loading a wallet must not slow down as its history grows (decision 0004): the state stays the same
 * size, a snapshot resumes it, and folding a long history is correct. Figures are printed, not asserted.
 */
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import type { WalletCommand } from './commands.ts';
import { walletDecider } from './decider.ts';
import type { WalletEvent } from './events.ts';
import { walletCommands as w } from './fixtures.ts';
import { resumeWallet, snapshotWallet } from './snapshot.ts';

const N = 100_000;

/** A plausible busy player: deposit, stakes, some wins, a withdrawal now and then. */
const commandFor = (i: number): WalletCommand => {
  switch (i % 10) {
    case 0:
      return w.deposit(`pay-${i}`, 10_000);
    case 4:
      return w.win(`bet-${i - 1}:settle`, 2_500, { gross: 2_700, tax: 200 });
    case 7:
      return w.reserve(`wd-${i}`, 1_000);
    case 8:
      return w.confirm(`wd-${i - 1}:confirm`, `wd-${i - 1}`);
    default:
      return w.stake(`bet-${i}`, 1_000);
  }
};

const record = (count: number): WalletEvent[] => {
  const events: WalletEvent[] = [];
  let state = walletDecider.initialState();
  for (let i = 0; i < count; i++) {
    const d = walletDecider.decide(commandFor(i), state);
    if (!d.ok) throw new Error(`event ${i}: ${d.error.code}`);
    for (const e of d.events) {
      events.push(e);
      state = walletDecider.evolve(state, e);
    }
  }
  return events;
};

describe('wallet history of 100,000 events', () => {
  const events = record(N);

  it('folds in full, and a snapshot resumes to the same state in constant time', () => {
    expect(events).toHaveLength(N);
    const t0 = performance.now();
    const full = fold(walletDecider, events);
    const fullMs = performance.now() - t0;
    expect(full.movementCount).toBe(N);
    // Per 10 commands: deposit 10,000, six stakes of 1,000, a 2,500 payout, a 1,000 withdrawal.
    expect(full.balance).toBe((10_000 - 6_000 + 2_500 - 1_000) * (N / 10));
    expect(full.openWithdrawals).toEqual([]);

    const snapshot = snapshotWallet(fold(walletDecider, events.slice(0, N - 10)), N - 10);
    const stored = JSON.parse(JSON.stringify(snapshot)) as typeof snapshot;
    const t1 = performance.now();
    const resumed = resumeWallet(stored, events.slice(N - 10));
    const resumeMs = performance.now() - t1;
    expect(resumed).toEqual({ version: N, state: full });

    const small = fold(walletDecider, events.slice(0, 1_000));
    const sizeAt1k = JSON.stringify(small).length;
    const sizeAt100k = JSON.stringify(full).length;
    expect(sizeAt100k).toBeLessThan(sizeAt1k * 1.2);
    console.log(
      `wallet: full fold of ${N} events ${fullMs.toFixed(1)} ms; resume from snapshot + 10 events ` +
        `${resumeMs.toFixed(3)} ms; state JSON ${sizeAt1k} B at 1k events, ${sizeAt100k} B at 100k`,
    );
  });
});
