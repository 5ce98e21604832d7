import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawOrder, serverSeedFromBytes } from './draw.ts';
import { hotColdStats } from './hot-cold.ts';

const won = (...champions: number[]) =>
  champions.map((c) => [c, ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((x) => x !== c)]);

describe('racing hot and cold (spec §9: the last 100 rounds)', () => {
  it('counts wins per car, names hot and cold cars, and the current runs (newest first)', () => {
    const s = hotColdStats(won(7, 7, 3, 9, 7, 2, 3));
    expect(s.rounds).toBe(7);
    expect(s.cars.find((c) => c.car === 7)).toEqual({ car: 7, wins: 3, roundsSinceWin: 0 });
    expect(s.cars.find((c) => c.car === 2)).toEqual({ car: 2, wins: 1, roundsSinceWin: 5 });
    expect(s.cars.find((c) => c.car === 10)).toEqual({ car: 10, wins: 0, roundsSinceWin: null });
    expect(s.hot).toEqual([7, 3, 9]);
    expect(s.cold).toEqual([1, 4, 5]);
    expect({ odd: s.odd, even: s.even, big: s.big, small: s.small }).toEqual({
      odd: 6,
      even: 1,
      big: 4,
      small: 3,
    });
    expect(s.oddEvenRun).toEqual({ option: 'odd', length: 5 });
    expect(s.bigSmallRun).toEqual({ option: 'big', length: 2 });
  });
  it('covers only the newest 100 rounds; no rounds gives no runs', () => {
    expect(hotColdStats([...won(...new Array<number>(100).fill(1)), ...won(2)]).cars[1]!.wins).toBe(0);
    expect(hotColdStats([])).toMatchObject({ rounds: 0, oddEvenRun: null, bigSmallRun: null });
  });
  it('property: wins add up to the rounds covered, and odd + even = big + small = rounds', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ minLength: 32, maxLength: 32 }), { maxLength: 150 }), (seeds) => {
        const s = hotColdStats(seeds.map((b, i) => drawOrder(serverSeedFromBytes(b), `r${i}`)));
        expect(s.rounds).toBe(Math.min(100, seeds.length));
        expect(s.cars.reduce((sum, c) => sum + c.wins, 0)).toBe(s.rounds);
        expect(s.odd + s.even).toBe(s.rounds);
        expect(s.big + s.small).toBe(s.rounds);
      }),
      { numRuns: 30 },
    );
  });
});
