import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTurns } from './turns.ts';

/** The longest a turn is held in these tests, ms. */
const HOLD_MS = 100;

/** A work that ends when `finish` is called; `started` tells whether it began. */
const gated = () => {
  let finish!: () => void;
  const state = { started: false };
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { state, finish: () => finish(), work: () => ((state.started = true), done) };
};

describe('turns (decision 0211)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs one work at a time with one slot, first come first served', async () => {
    const turns = createTurns(1, HOLD_MS);
    const [a, b, c] = [gated(), gated(), gated()];
    const order: string[] = [];
    const runs = [
      turns.take(() => a.work().then(() => order.push('a'))),
      turns.take(() => b.work().then(() => order.push('b'))),
      turns.take(() => c.work().then(() => order.push('c'))),
    ];
    await vi.advanceTimersByTimeAsync(0);
    expect([a.state.started, b.state.started, c.state.started]).toEqual([true, false, false]);
    expect(turns.waiting).toBe(2);
    a.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect([b.state.started, c.state.started]).toEqual([true, false]);
    b.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(c.state.started).toBe(true);
    c.finish();
    await Promise.all(runs);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(turns.waiting).toBe(0);
  });

  it('lets the next work start beside one that holds its turn past the longest hold', async () => {
    const turns = createTurns(1, HOLD_MS);
    const [stuck, next] = [gated(), gated()];
    const runs = [turns.take(stuck.work), turns.take(next.work)];
    await vi.advanceTimersByTimeAsync(HOLD_MS - 1);
    expect(next.state.started).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(next.state.started).toBe(true);
    // The stuck work ending later gives nothing back twice: one slot, so a third waits for `next`.
    stuck.finish();
    const third = gated();
    runs.push(turns.take(third.work));
    await vi.advanceTimersByTimeAsync(0);
    expect(third.state.started).toBe(false);
    next.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(third.state.started).toBe(true);
    third.finish();
    await Promise.all(runs);
  });

  it('gives the turn back when a work fails', async () => {
    const turns = createTurns(1, HOLD_MS);
    await expect(turns.take(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const after = gated();
    const run = turns.take(after.work);
    await vi.advanceTimersByTimeAsync(0);
    expect(after.state.started).toBe(true);
    after.finish();
    await run;
  });

  it('runs every work at once with unlimited slots', async () => {
    const turns = createTurns(Number.POSITIVE_INFINITY, HOLD_MS);
    const works = [gated(), gated(), gated()];
    const runs = works.map((w) => turns.take(w.work));
    await vi.advanceTimersByTimeAsync(0);
    expect(works.map((w) => w.state.started)).toEqual([true, true, true]);
    works.forEach((w) => w.finish());
    await Promise.all(runs);
  });
});
