import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { purseProgress, showsPurseIcon } from './purse.ts';

describe('purse icon rule (spec §2: an id, superior not 1, created before 2023-09-17 EAT)', () => {
  const before = '2023-09-16T20:59:59.000Z'; // 23:59:59 EAT on the 16th
  it.each([
    [{ id: 'u1', superiorId: null, createdAt: before }, true],
    [{ id: 'u1', superiorId: '7', createdAt: before }, true],
    [{ id: 'u1', superiorId: '1', createdAt: before }, false],
    [{ id: '', superiorId: null, createdAt: before }, false],
    [{ id: 'u1', superiorId: null, createdAt: '2023-09-16T21:00:00.000Z' }, false],
    [{ id: 'u1', superiorId: null, createdAt: '2026-11-27T00:00:00.000Z' }, false],
    [{ id: 'u1', superiorId: null, createdAt: 'not a date' }, false],
    [null, false],
  ])('%j → %s', (user, shown) => expect(showsPurseIcon(user)).toBe(shown));
});

describe('purse progress', () => {
  it('is 0–100 percent, reached exactly at the target', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 100_000 }), fc.integer({ min: 1, max: 50_000 }), (s, t) => {
        const p = purseProgress(s, t);
        expect(p.percent).toBeGreaterThanOrEqual(0);
        expect(p.percent).toBeLessThanOrEqual(100);
        expect(p.reached).toBe(s >= t);
      }),
    );
  });
});
