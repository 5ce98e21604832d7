/**
 * The pricer cache (pricers.ts; docs/cash-out.md §6): one model computation per match state, whatever
 * the number of bets and subscribers asking; a new computation when anything the model reads changes.
 * The model is counted through the injected `build` (the real `liveMatchPricer` behind it).
 */
import { liveMatchPricer } from '@bashiri/domain';
import type { LiveMatch, LiveMatchPricer } from '@bashiri/domain';
import { describe, expect, it } from 'vitest';
import { createPricerCache, matchStateKey } from './pricers.ts';

const match = (minute: number, home = 1, version = '7'): LiveMatch => ({
  matchId: '42',
  version,
  rates: { home: 1.53, away: 1.101 },
  clock: { phase: 'first_half', minute, score: { home, away: 0 } },
  redCards: { home: 0, away: 0 },
});

const counted = () => {
  const built: LiveMatch[] = [];
  const cache = createPricerCache((m) => {
    built.push(m);
    return liveMatchPricer(m);
  });
  return { cache, built };
};

describe('pricer cache', () => {
  it('computes a match state once for every bet and subscriber asking, and again only when it changes', () => {
    const { cache, built } = counted();
    const bets = 25;
    const subscribers = 4;
    const seen = new Set<LiveMatchPricer | null>();
    for (let s = 0; s < subscribers; s++) for (let b = 0; b < bets; b++) seen.add(cache.pricerOf(match(30)));
    expect(cache.computations).toBe(1);
    expect(built).toHaveLength(1);
    expect(seen.size).toBe(1);
    // The clock moves: one more computation for all of them.
    for (let s = 0; s < subscribers; s++) for (let b = 0; b < bets; b++) cache.pricerOf(match(31));
    expect(cache.computations).toBe(2);
    expect(cache.computations).toBeLessThan(bets * subscribers);
  });

  it('prices the state it is given: a goal, a red card or a new version is a new computation', () => {
    const { cache } = counted();
    const before = cache.pricerOf(match(30))!;
    const goal = cache.pricerOf(match(30, 2))!;
    expect(cache.computations).toBe(2);
    expect(goal.state.clock.score.home).toBe(2);
    const home = { market: '1x2', pick: 'home', odds: '2.00' } as const;
    expect(goal.legLive(home, { status: 'open' }).win).toBeGreaterThan(
      before.legLive(home, { status: 'open' }).win,
    );
    cache.pricerOf({ ...match(30, 2), redCards: { home: 1, away: 0 } });
    expect(cache.computations).toBe(3);
    cache.pricerOf(match(30, 2, '8'));
    expect(cache.computations).toBe(4);
    // Back to a state seen before but since replaced: computed again (one entry per match).
    cache.pricerOf(match(30));
    expect(cache.computations).toBe(5);
    expect(matchStateKey(match(30))).not.toBe(matchStateKey(match(30, 2)));
  });

  it('keeps matches apart, drops the least recently quoted beyond its size, and caches an unpriceable state as null', () => {
    const built: string[] = [];
    const cache = createPricerCache((m) => {
      built.push(m.matchId);
      if (m.matchId === 'bad') throw new Error('inconsistent clock');
      return liveMatchPricer(m);
    }, 2);
    cache.pricerOf({ ...match(30), matchId: 'a' });
    cache.pricerOf({ ...match(30), matchId: 'b' });
    cache.pricerOf({ ...match(30), matchId: 'a' }); // a is the most recent now
    cache.pricerOf({ ...match(30), matchId: 'c' }); // b goes
    cache.pricerOf({ ...match(30), matchId: 'a' });
    expect(built).toEqual(['a', 'b', 'c']);
    cache.pricerOf({ ...match(30), matchId: 'b' });
    expect(built).toEqual(['a', 'b', 'c', 'b']);
    expect(cache.pricerOf({ ...match(30), matchId: 'bad' })).toBeNull();
    expect(cache.pricerOf({ ...match(30), matchId: 'bad' })).toBeNull();
    expect(built.filter((id) => id === 'bad')).toHaveLength(1);
  });
});
