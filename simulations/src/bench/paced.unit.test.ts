import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runPaced } from './paced.ts';

/** A server that answers each item after `serviceMs` on the fake clock, one item per connection. */
const schedule = async (options: {
  intervalMs: number;
  count: number;
  connections: number;
  serviceMs: (k: number) => number;
}) => {
  const now = () => Date.now();
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  const latencies: number[] = [];
  const sent: number[] = [];
  const inFlight = { now: 0, max: 0 };
  const running = runPaced({
    intervalMs: options.intervalMs,
    count: options.count,
    connections: options.connections,
    now,
    sleep,
    run: async (k, due) => {
      sent.push(k);
      inFlight.now += 1;
      inFlight.max = Math.max(inFlight.max, inFlight.now);
      await sleep(options.serviceMs(k));
      inFlight.now -= 1;
      latencies[k] = now() - due;
    },
  });
  await vi.runAllTimersAsync();
  const result = await running;
  return { result, latencies, sent, maxInFlight: inFlight.max };
};

describe('runPaced (open-loop schedule, latency from the due time)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends each item at its due time when the server keeps up: latency is the service time', async () => {
    const { result, latencies, sent } = await schedule({
      intervalMs: 10,
      count: 20,
      connections: 1,
      serviceMs: () => 4,
    });
    expect(latencies).toEqual(Array.from({ length: 20 }, () => 4));
    expect(sent).toEqual(Array.from({ length: 20 }, (_, k) => k));
    expect(result.maxSendDelayMs).toBe(0);
    expect(result.endedAt - result.startedAt).toBe(19 * 10 + 4);
  });

  it('counts the wait for a busy connection when the server falls behind (what a closed loop hides)', async () => {
    // Offered: one item every 10 ms; served: one every 25 ms on one connection. Item k is sent when
    // item k − 1 answers, at 25 k ms, and answers at 25 (k + 1) ms: latency 25 (k + 1) − 10 k ms.
    const { result, latencies } = await schedule({
      intervalMs: 10,
      count: 10,
      connections: 1,
      serviceMs: () => 25,
    });
    expect(latencies).toEqual(Array.from({ length: 10 }, (_, k) => 25 * (k + 1) - 10 * k));
    expect(latencies[9]).toBe(160);
    expect(result.maxSendDelayMs).toBe(25 * 9 - 10 * 9);
  });

  it('spreads items over connections: two connections serve a rate one cannot', async () => {
    const { latencies, maxInFlight } = await schedule({
      intervalMs: 10,
      count: 30,
      connections: 2,
      serviceMs: () => 15,
    });
    expect(latencies.every((l) => l === 15)).toBe(true);
    expect(maxInFlight).toBe(2);
  });

  it('never has more items in flight than connections, sends every item once in due order, and no latency is below its service time', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 40, maxLength: 40 }),
        async (intervalMs, count, connections, service) => {
          const { latencies, sent, maxInFlight } = await schedule({
            intervalMs,
            count,
            connections,
            serviceMs: (k) => service[k]!,
          });
          expect(sent).toEqual(Array.from({ length: count }, (_, k) => k));
          expect(maxInFlight).toBeLessThanOrEqual(connections);
          for (let k = 0; k < count; k++) expect(latencies[k]).toBeGreaterThanOrEqual(service[k]!);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses a schedule that cannot run', async () => {
    const base = { count: 1, connections: 1, now: () => 0, sleep: async () => {}, run: async () => {} };
    await expect(runPaced({ ...base, intervalMs: 0 })).rejects.toThrow(RangeError);
    await expect(runPaced({ ...base, intervalMs: 1, connections: 0 })).rejects.toThrow(RangeError);
    await expect(runPaced({ ...base, intervalMs: 1, count: -1 })).rejects.toThrow(RangeError);
  });
});
