import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountStream, casinoRoundStream, walletStream } from '@bashiri/domain';
import type { AppendedListener } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import { startRewardWorker } from './index.ts';

afterEach(() => {
  vi.useRealTimers();
});

/**
 * The worker on stand-in services: each round starts with its catch-up of the promotion projection
 * (counted here); the rest of the round reads nothing (every statement answers no rows).
 */
const standIn = () => {
  let listener: AppendedListener | undefined;
  let rounds = 0;
  const services = {
    store: {
      onAppended: (l: AppendedListener) => {
        listener = l;
        return () => undefined;
      },
    },
    projections: {
      catchUp: async () => {
        rounds += 1;
        return 0;
      },
    },
    sql: { kind: 'pglite', query: async () => ({ rows: [], rowCount: 0 }) },
    now: () => Date.now(),
    logger: { error: () => undefined, warn: () => undefined, info: () => undefined },
  } as unknown as AppServices;
  return { services, rounds: () => rounds, append: (streams: readonly string[]) => listener!(streams) };
};

describe('the reward worker (decision 0201)', () => {
  it('runs a round for an append that may queue a reward, not for a casino bet or win', async () => {
    vi.useFakeTimers();
    const worker = standIn();
    const stop = startRewardWorker(worker.services, 60_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(worker.rounds()).toBe(1);
    // A casino call appends the player's wallet and the round: no reward can come of it.
    worker.append([casinoRoundStream('sandbox', 'r1'), walletStream('u1')]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(worker.rounds()).toBe(1);
    // A registration may queue a welcome bonus: a round at once, not at the next poll (60 s here).
    worker.append([accountStream('u2')]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(worker.rounds()).toBe(2);
    const stopped = stop();
    await vi.advanceTimersByTimeAsync(1_000);
    await stopped;
  });
});
