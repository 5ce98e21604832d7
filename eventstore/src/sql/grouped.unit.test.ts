/** `createGrouper`: concurrent calls go to the runner together, each gets its own answer. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGrouper } from './grouped.ts';

/** A runner that records its groups and answers each item with `item * 10` after `delayMs`. */
const recording = (delayMs = 1) => {
  const groups: number[][] = [];
  let running = 0;
  let mostRunning = 0;
  const run = async (items: readonly number[]) => {
    groups.push([...items]);
    running++;
    mostRunning = Math.max(mostRunning, running);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    running--;
    return items.map((n) => (n < 0 ? new Error(`negative ${n}`) : n * 10));
  };
  return { run, groups, mostRunning: () => mostRunning };
};

describe('createGrouper', () => {
  it('sends the calls of one turn of the event loop as one group', async () => {
    const r = recording();
    const call = createGrouper(r.run);
    expect(await Promise.all([1, 2, 3].map(call))).toEqual([10, 20, 30]);
    expect(r.groups).toEqual([[1, 2, 3]]);
  });

  it('a lone call is sent on its own without waiting for company', async () => {
    const r = recording();
    const call = createGrouper(r.run);
    expect(await call(7)).toBe(70);
    expect(await call(8)).toBe(80);
    expect(r.groups).toEqual([[7], [8]]);
  });

  it('an Error answer rejects only its own call', async () => {
    const r = recording();
    const call = createGrouper(r.run);
    const outcomes = await Promise.allSettled([1, -2, 3].map(call));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('negative -2'));
  });

  it('a runner that throws rejects every call of its group, and the next group still runs', async () => {
    let fail = true;
    const call = createGrouper(async (items: readonly number[]) => {
      if (fail) throw new Error('database gone');
      return items.map((n) => n);
    });
    const outcomes = await Promise.allSettled([1, 2].map(call));
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    fail = false;
    expect(await call(5)).toBe(5);
  });

  it('while maxInFlight groups are out, later calls wait and go together as the next group', async () => {
    const r = recording(20);
    const call = createGrouper(r.run, { maxInFlight: 1 });
    const first = call(1);
    await new Promise((resolve) => setTimeout(resolve, 5)); // the first group is at the "database"
    const later = [2, 3, 4].map((n) => new Promise((resolve) => setTimeout(resolve, n)).then(() => call(n)));
    expect(await Promise.all([first, ...later])).toEqual([10, 20, 30, 40]);
    expect(r.groups).toEqual([[1], [2, 3, 4]]);
  });

  it('never has more than maxInFlight groups out nor more than maxBatch items in one (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: -5, max: 1000 }), { minLength: 1, maxLength: 120 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 120 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 10 }),
        async (items, delays, maxInFlight, maxBatch) => {
          const r = recording(1);
          const call = createGrouper(r.run, { maxInFlight, maxBatch });
          const outcomes = await Promise.allSettled(
            items.map((n, i) =>
              new Promise((resolve) => setTimeout(resolve, delays[i % delays.length])).then(() => call(n)),
            ),
          );
          // Every call got its own answer, whatever group it went in.
          outcomes.forEach((o, i) => {
            if (items[i]! < 0) expect(o.status).toBe('rejected');
            else expect(o).toEqual({ status: 'fulfilled', value: items[i]! * 10 });
          });
          expect(r.groups.flat().sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
          expect(r.mostRunning()).toBeLessThanOrEqual(maxInFlight);
          expect(Math.max(...r.groups.map((g) => g.length))).toBeLessThanOrEqual(maxBatch);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses limits below one', () => {
    expect(() => createGrouper(async () => [], { maxInFlight: 0 })).toThrow(RangeError);
    expect(() => createGrouper(async () => [], { maxBatch: 0 })).toThrow(RangeError);
  });
});
