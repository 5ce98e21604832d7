/**
 * One in-play model computation per changed match (issue 20 "Server": "one computation per changed
 * match, not per bet per tick"; docs/cash-out.md §6, §8; decision 0084).
 *
 * Every quote of the process — each `cashOutOffer` subscriber re-quoting its bet on each match message,
 * the auto cash-out scanner every 2 s, `earlySettlementPreparation`, status 6 on the orders, the
 * acceptance's re-pricing — asks this cache for the pricer of a match. The pricer (the match's
 * Dixon–Coles score matrices and each distinct selection's win and push shares, `liveMatchPricer`) is
 * built once per **match state**: the feed's version of the match row together with everything the
 * model reads (goal rates, clock and score, half-time score, red cards, delay, ρ, profile), so a new
 * state is a new computation even where the row's version was not bumped, and an unchanged state is
 * never computed twice, whatever the number of bets on the match or of subscribers to them.
 */
import { liveMatchPricer } from '@bashiri/domain';
import type { LiveMatch, LiveMatchPricer } from '@bashiri/domain';
import type { AppServices } from '../../services.ts';

/** The pricers of the matches quoted lately, each for the state it was built on. */
export interface PricerCache {
  /**
   * The pricer of `match` in its state now: the cached one when the state is the one it was built on,
   * else a new one (one model computation), which replaces the match's previous one. null when the
   * model cannot price the state (an inconsistent clock: no live state, no offer).
   */
  pricerOf(match: LiveMatch): LiveMatchPricer | null;
  /** Model computations so far (`liveMatchPricer` calls): for tests and the benchmark. */
  readonly computations: number;
}

/**
 * The match state version a pricer is valid for: the feed's version of the match and every input of
 * the model (JSON; a few hundred bytes).
 */
export const matchStateKey = (match: LiveMatch): string =>
  JSON.stringify([
    match.version ?? null,
    match.rates,
    match.clock,
    match.redCards ?? null,
    match.delay ?? null,
    match.rho ?? null,
    match.profile ?? null,
    match.redCardEffect ?? null,
  ]);

/** Matches kept at most (live matches of a day are far fewer); the least recently quoted goes first. */
export const PRICER_CACHE_MATCHES = 2_000;

/**
 * A cache of one pricer per match. `build` is the model (`liveMatchPricer`; a test may count or slow
 * it). Single-threaded: a pricer is built synchronously, so concurrent quotes of the same state share it.
 */
export const createPricerCache = (
  build: (match: LiveMatch) => LiveMatchPricer = liveMatchPricer,
  maxMatches = PRICER_CACHE_MATCHES,
): PricerCache => {
  const byMatch = new Map<string, { key: string; pricer: LiveMatchPricer | null }>();
  let computations = 0;
  return {
    pricerOf: (match) => {
      const key = matchStateKey(match);
      const hit = byMatch.get(match.matchId);
      if (hit && hit.key === key) {
        // Most recently used last (Map order), so the eviction below drops the stalest match.
        byMatch.delete(match.matchId);
        byMatch.set(match.matchId, hit);
        return hit.pricer;
      }
      computations++;
      let pricer: LiveMatchPricer | null;
      try {
        pricer = build(match);
      } catch {
        pricer = null; // an inconsistent clock: no live state, no offer
      }
      byMatch.delete(match.matchId);
      byMatch.set(match.matchId, { key, pricer });
      if (byMatch.size > maxMatches) {
        const oldest = byMatch.keys().next().value;
        if (oldest !== undefined) byMatch.delete(oldest);
      }
      return pricer;
    },
    get computations() {
      return computations;
    },
  };
};

const caches = new WeakMap<AppServices, PricerCache>();

/** The pricer cache of a running app (one per `services`, created on first use). */
export const pricerCacheOf = (services: AppServices): PricerCache => {
  let cache = caches.get(services);
  if (!cache) {
    cache = createPricerCache();
    caches.set(services, cache);
  }
  return cache;
};
