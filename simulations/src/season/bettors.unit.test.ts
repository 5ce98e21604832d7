import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCA_LEGS,
  buildMenu,
  chooseLegs,
  drawBehaviour,
  drawStake,
  LONGSHOT_ODDS,
  VALUE_EDGE,
  type Offer,
} from './bettors.ts';
import { rngFor } from './rand.ts';

const offer = (matchId: string, pick: string, odds: string, extra: Partial<Offer> = {}): Offer => ({
  matchId,
  league: 'E0',
  home: `${matchId}-h`,
  away: `${matchId}-a`,
  kickoff: 0,
  market: '1x2',
  period: 'full_time',
  pick,
  odds,
  price: Number(odds),
  ...extra,
});
const menu = (n: number): Offer[] =>
  Array.from({ length: n }, (_, i) => [
    offer(`m${i}`, 'home', (1.3 + i * 0.1).toFixed(2)),
    offer(`m${i}`, 'draw', '3.60'),
    offer(`m${i}`, 'away', (7 - i * 0.2).toFixed(2)),
  ]).flat();

describe('stakes', () => {
  it('are log-normal draws rounded to 100 TZS within the stake limits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 100, max: 1e6 }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        (seed, median, sigma) => {
          const limits = { minimum: 300, maximum: 900_000 };
          const stake = drawStake(rngFor(seed, 'stake'), median, sigma, limits);
          expect(stake % 100).toBe(0);
          expect(stake).toBeGreaterThanOrEqual(300);
          expect(stake).toBeLessThanOrEqual(900_000);
        },
      ),
    );
  });
  it('centre on the median', () => {
    const rng = rngFor(1, 'median');
    const draws = Array.from({ length: 2001 }, () =>
      drawStake(rng, 5_000, 0.9, { minimum: 100, maximum: 1e9 }),
    ).sort((a, b) => a - b);
    expect(draws[1000]).toBeGreaterThan(4_500);
    expect(draws[1000]).toBeLessThan(5_500);
  });
});

describe('behaviours', () => {
  it('the mix is followed and the same seed gives the same population', () => {
    const draw = (seed: number) => {
      const rng = rngFor(seed, 'population');
      return Array.from({ length: 4000 }, () => drawBehaviour(rng, { favourite: 3, value: 1 }));
    };
    const a = draw(5);
    expect(draw(5)).toEqual(a);
    const share = a.filter((b) => b === 'favourite').length / a.length;
    expect(share).toBeGreaterThan(0.72);
    expect(share).toBeLessThan(0.78);
    expect(a.every((b) => b === 'favourite' || b === 'value')).toBe(true);
  });

  it('a longshot accumulator has 5–15 legs on different matches, each priced 2.20–8.00', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 5, max: 20 }), (seed, n) => {
        const [legs] = chooseLegs('longshot_acca', buildMenu(menu(n)), rngFor(seed, 'acca'));
        expect(legs).toBeDefined();
        expect(legs!.length).toBeGreaterThanOrEqual(ACCA_LEGS.min);
        expect(legs!.length).toBeLessThanOrEqual(ACCA_LEGS.max);
        expect(new Set(legs!.map((l) => l.matchId)).size).toBe(legs!.length);
        for (const l of legs!)
          expect(l.price >= LONGSHOT_ODDS.min && l.price <= LONGSHOT_ODDS.max).toBe(true);
      }),
    );
  });

  it('no accumulator on a matchday of fewer than 5 matches', () => {
    expect(chooseLegs('longshot_acca', buildMenu(menu(4)), rngFor(1, 'x'))).toEqual([]);
  });

  it('the value bettor takes only prices that beat the closing line, best edge first', () => {
    const offers = [
      offer('a', 'home', '2.10', { closingFair: 0.5 }), // edge 0.05
      offer('b', 'home', '2.00', { closingFair: 0.5 }), // edge 0
      offer('c', 'away', '4.00', { closingFair: 0.3 }), // edge 0.2
      offer('d', 'draw', '9.00'), // no closing price
    ];
    const picks = chooseLegs('value', buildMenu(offers), rngFor(1, 'v'));
    expect(picks.map((p) => p.map((o) => o.matchId))).toEqual([['c'], ['a']]);
    for (const [o] of picks) expect(o!.price * o!.closingFair! - 1).toBeGreaterThan(VALUE_EDGE);
  });

  it('the favourite backer backs the shortest-priced outcomes', () => {
    const picks = chooseLegs('favourite', buildMenu(menu(10)), rngFor(3, 'f'));
    for (const legs of picks) for (const o of legs) expect(o.pick).toBe('home');
  });
});
