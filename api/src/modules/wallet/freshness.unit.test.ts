/**
 * `streamFreshness` (decision 0187): a state is current only when confirmed by a read begun after the
 * last append to its stream heard, dropped by an append to it or by a wake-up naming no stream, and
 * never older than FRESHNESS_MAX_AGE_MS.
 */
import type { AppendedListener, EventStore } from '@bashiri/eventstore';
import { describe, expect, it } from 'vitest';
import { FRESHNESS_MAX_AGE_MS, streamFreshness } from './freshness.ts';

const fakeStore = () => {
  const listeners: AppendedListener[] = [];
  const store = {
    onAppended: (listener: AppendedListener) => {
      listeners.push(listener);
      return () => undefined;
    },
  } as unknown as EventStore;
  return { store, wake: (streams?: readonly string[]) => listeners.forEach((l) => l(streams)) };
};

describe('streamFreshness', () => {
  it('a read confirms its stream until an append to it is heard; appends to other streams do not matter', () => {
    const { store, wake } = fakeStore();
    const f = streamFreshness(store, 'protection-');
    expect(f.current('u1', 0)).toBe(false);
    f.confirm('u1', f.begin(), 0);
    expect(f.current('u1', 10)).toBe(true);
    wake(['protection-u2', 'wallet-u1', 'account-u1']);
    expect(f.current('u1', 10)).toBe(true);
    wake(['protection-u1']);
    expect(f.current('u1', 10)).toBe(false);
  });

  it('a read begun before an append was heard does not confirm (it may have missed it)', () => {
    const { store, wake } = fakeStore();
    const f = streamFreshness(store, 'protection-');
    const tick = f.begin();
    wake(['protection-u1']);
    f.confirm('u1', tick, 0);
    expect(f.current('u1', 0)).toBe(false);
    f.confirm('u1', f.begin(), 0);
    expect(f.current('u1', 0)).toBe(true);
  });

  it('a wake-up naming no stream (another process) drops every confirmation and every read begun before it', () => {
    const { store, wake } = fakeStore();
    const f = streamFreshness(store, 'account-');
    f.confirm('a', f.begin(), 0);
    const early = f.begin();
    wake();
    expect(f.current('a', 0)).toBe(false);
    f.confirm('b', early, 0);
    expect(f.current('b', 0)).toBe(false);
  });

  it('a confirmation expires after FRESHNESS_MAX_AGE_MS', () => {
    const { store } = fakeStore();
    const f = streamFreshness(store, 'account-');
    f.confirm('a', f.begin(), 1_000);
    expect(f.current('a', 1_000 + FRESHNESS_MAX_AGE_MS - 1)).toBe(true);
    expect(f.current('a', 1_000 + FRESHNESS_MAX_AGE_MS)).toBe(false);
  });

  it('ageMs: the age of a current confirmation only (undefined when never confirmed, dropped or expired)', () => {
    const { store, wake } = fakeStore();
    const f = streamFreshness(store, 'account-');
    expect(f.ageMs('a', 0)).toBeUndefined();
    f.confirm('a', f.begin(), 1_000);
    expect(f.ageMs('a', 1_000)).toBe(0);
    expect(f.ageMs('a', 3_500)).toBe(2_500);
    expect(f.ageMs('a', 1_000 + FRESHNESS_MAX_AGE_MS)).toBeUndefined();
    wake(['account-a']);
    expect(f.ageMs('a', 1_500)).toBeUndefined();
    f.confirm('b', f.begin(), 1_000);
    wake();
    expect(f.ageMs('b', 1_500)).toBeUndefined();
  });
});
