import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createServerClock } from './server-clock.ts';

describe('the e2e server clock', () => {
  it('answers whole epoch ms however far and in what fractions it is advanced, never going back', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e12, max: 3e12, noNaN: true }),
        fc.array(fc.double({ min: 0, max: 1e7, noNaN: true }), { maxLength: 20 }),
        (real, steps) => {
          const clock = createServerClock(() => real);
          let last = clock.now();
          expect(Number.isSafeInteger(last)).toBe(true);
          let advanced = 0;
          for (const step of steps) {
            clock.advance(step);
            advanced += step;
            const now = clock.now();
            expect(Number.isSafeInteger(now)).toBe(true);
            expect(now).toBeGreaterThanOrEqual(last);
            expect(now).toBeGreaterThanOrEqual(Math.floor(real + advanced));
            last = now;
          }
        },
      ),
    );
  });

  it('refuses to move backwards or by a non-number', () => {
    const clock = createServerClock(() => 1_795_856_889_186);
    expect(() => clock.advance(-1)).toThrow('only moves forward');
    expect(() => clock.advance(Number.NaN)).toThrow('only moves forward');
    clock.advance(0.818);
    expect(clock.now()).toBe(1_795_856_889_187);
  });
});
