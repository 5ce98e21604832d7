import { describe, expect, it } from 'vitest';
import {
  ELO_DIFFERENCE_SCALE,
  eloGoalRates,
  eloHistory,
  eloWeight,
  expectedResult,
  goalDifferenceMultiplier,
  type PlayedMatch,
} from './elo.ts';
import { priceMatch } from './price.ts';
import { headlineProbabilities, scoreMatrix } from './score-matrix.ts';

/**
 * A synthetic round robin generated here (no data files): four sides of fixed strength, Strong beats
 * everyone by three, Weak loses to everyone, the two middle sides draw each other.
 */
const syntheticResults = (rounds: number): PlayedMatch[] => {
  const strength: Record<string, number> = { Strong: 3, MidA: 1, MidB: 1, Weak: 0 };
  const teams = Object.keys(strength);
  const out: PlayedMatch[] = [];
  let day = 0;
  for (let r = 0; r < rounds; r++)
    for (const home of teams)
      for (const away of teams) {
        if (home === away) continue;
        day++;
        const date = new Date(Date.UTC(2020, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
        const diff = strength[home]! - strength[away]!;
        out.push({
          date,
          home,
          away,
          homeGoals: Math.max(diff, 0) + 1,
          awayGoals: Math.max(-diff, 0) + 1,
          tournament: r % 2 === 0 ? 'Friendly' : 'FIFA World Cup qualification',
          neutral: true,
        });
      }
  return out;
};

const oneXTwo = (rates: { home: number; away: number }) =>
  priceMatch({ rates })
    .find((m) => m.market === '1x2' || m.outcomes.some((o) => o.pick === 'draw'))!
    .outcomes.map((o) => o.odds);

describe('Elo ratings (World Football Elo; docs/pricing-model.md §6)', () => {
  it('given the method, then K by tournament and the goal-difference multiplier', () => {
    expect(eloWeight('FIFA World Cup')).toBe(60);
    expect(eloWeight('UEFA Euro')).toBe(50);
    expect(eloWeight('African Cup of Nations qualification')).toBe(40);
    expect(eloWeight('CECAFA Cup')).toBe(30);
    expect(eloWeight('Friendly')).toBe(20);
    expect([0, 1, 2, 3, 5].map(goalDifferenceMultiplier)).toEqual([1, 1, 1.5, 14 / 8, 16 / 8]);
    expect(expectedResult(0)).toBe(0.5);
    expect(expectedResult(400)).toBeCloseTo(10 / 11, 12);
  });

  it('given a synthetic round robin, when rated, then stronger sides rate higher and points are conserved', () => {
    const results = syntheticResults(6);
    const elo = eloHistory(results);
    const at = (t: string) => elo.ratingBefore(t, '2030-01-01');
    expect(at('Strong')).toBeGreaterThan(at('MidA'));
    expect(at('MidA')).toBeGreaterThan(at('Weak'));
    expect(Math.abs(at('MidA') - at('MidB'))).toBeLessThan(40);
    expect(at('Strong') + at('MidA') + at('MidB') + at('Weak')).toBeCloseTo(4 * 1500, 6);
    expect(elo.ratingBefore('Nobody', '2030-01-01')).toBe(1500);
    expect(elo.knows('Nobody', '2030-01-01')).toBe(false);
  });

  it('given a match, when rated for its own date, then its result is not used (no lookahead)', () => {
    const results = syntheticResults(2);
    const first = results[0]!;
    const elo = eloHistory(results);
    expect(elo.ratingBefore(first.home, first.date)).toBe(1500);
    expect(elo.knows(first.home, first.date)).toBe(false);
    const nextDay = results[1]!.date;
    expect(elo.ratingBefore(first.home, nextDay)).not.toBe(1500);
    // Adding later results never changes a rating before them.
    const fewer = eloHistory(results.slice(0, 12));
    const cut = results[12]!.date;
    for (const t of ['Strong', 'MidA', 'MidB', 'Weak'])
      expect(elo.ratingBefore(t, cut)).toBe(fewer.ratingBefore(t, cut));
  });

  it('given ratings, when turned into goal rates, then the matrix gives the Elo expected result', () => {
    for (const [h, a, neutral] of [
      [1500, 1500, true],
      [1800, 1500, true],
      [1500, 1900, false],
      [2100, 1300, true],
    ] as const) {
      const rates = eloGoalRates(h, a, neutral);
      const p = headlineProbabilities(scoreMatrix(rates));
      expect(p.home + p.draw / 2).toBeCloseTo(
        expectedResult(ELO_DIFFERENCE_SCALE * (h - a + (neutral ? 0 : 100))),
        4,
      );
    }
    const even = eloGoalRates(1500, 1500, true);
    expect(even.home).toBeCloseTo(even.away, 6);
    expect(even.home + even.away).toBeCloseTo(2.6, 6);
    const home = eloGoalRates(1500, 1500, false);
    expect(home.home).toBeGreaterThan(home.away);
  });

  it('given synthetic sides, when priced, then different matches get different prices and the favourite is shorter', () => {
    const elo = eloHistory(syntheticResults(6));
    const rate = (h: string, a: string) =>
      eloGoalRates(elo.ratingBefore(h, '2030-01-01'), elo.ratingBefore(a, '2030-01-01'), true);
    const strongWeak = oneXTwo(rate('Strong', 'Weak'));
    const midMid = oneXTwo(rate('MidA', 'MidB'));
    const weakStrong = oneXTwo(rate('Weak', 'Strong'));
    expect(new Set([strongWeak, midMid, weakStrong].map((o) => o.join('/'))).size).toBe(3);
    expect(Number(strongWeak[0])).toBeLessThan(Number(strongWeak[2]));
    expect(Number(weakStrong[0])).toBeGreaterThan(Number(weakStrong[2]));
    expect(Number(strongWeak[0])).toBeLessThan(Number(midMid[0]));
  });
});
