/**
 * Properties of the pricing model (fast-check): coherence of the markets derived from one matrix, the
 * pricing boundary, agreement with the settlement engine, and convergence at the final whistle.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Leg } from '../settlement/markets.ts';
import { settleOnScore } from '../settlement/markets.ts';
import { OUTCOME } from '../settlement/outcome.ts';
import { removeMargin } from './demargin.ts';
import { fitGoalRates } from './fit.ts';
import { remainingShares, type MatchClock } from './in-play.ts';
import type { FairMarket, FairOutcome } from './markets.ts';
import { fairMarkets, priceMatch } from './price.ts';
import { headlineProbabilities, scoreMatrix } from './score-matrix.ts';

const RUNS = { numRuns: 150 };
const rateArb = fc.double({ min: 0.2, max: 4, noNaN: true });
const ratesArb = fc.record({ home: rateArb, away: rateArb });
const rhoArb = fc.double({ min: -0.15, max: 0.05, noNaN: true });
const goalsArb = fc.integer({ min: 0, max: 4 });
const clockArb: fc.Arbitrary<MatchClock> = fc
  .record({
    phase: fc.constantFrom('not_started', 'first_half', 'half_time', 'second_half', 'finished'),
    minute: fc.integer({ min: 0, max: 95 }),
    ht: fc.record({ home: goalsArb, away: goalsArb }),
    more: fc.record({ home: goalsArb, away: goalsArb }),
  })
  .map(({ phase, minute, ht, more }): MatchClock => {
    if (phase === 'not_started') return { phase, minute: 0, score: { home: 0, away: 0 } };
    if (phase === 'first_half' || phase === 'half_time')
      return { phase, minute: Math.min(minute, 47), score: ht };
    const score = { home: ht.home + more.home, away: ht.away + more.away };
    return { phase, minute: Math.max(minute, 46), score, halfTimeScore: ht };
  });

const get = (ms: FairMarket[], market: string, line?: string, period = 'full_time') =>
  ms.find((m) => m.market === market && m.line === line && m.period === period)!;
const p = (m: FairMarket, pick: string): FairOutcome => m.outcomes.find((o) => o.pick === pick)!;
const CODE = {
  won: OUTCOME.WON,
  lost: OUTCOME.LOST,
  void: OUTCOME.REFUNDED,
  half_won: OUTCOME.HALF_WON,
  half_lost: OUTCOME.HALF_LOST,
};

describe('pricing model properties', () => {
  it('each market: probabilities sum to 1 (double chance 2); with pushes, win + other side win + push = 1 (expected-value consistency)', () => {
    fc.assert(
      fc.property(ratesArb, rhoArb, clockArb, (rates, rho, clock) => {
        for (const m of fairMarkets({ rates, rho, clock })) {
          const allPush = m.outcomes.every((o) => o.push > 1 - 1e-9);
          // Double chance covers every score twice (1X, X2, 12), so its book is 2.
          const book = m.market === 'double_chance' ? 2 : 1;
          if (!allPush) expect(m.outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(book, 9);
          if (m.outcomes.length === 2 && m.market !== 'both_teams_to_score') {
            const [a, b] = m.outcomes as [FairOutcome, FairOutcome];
            expect(a.push).toBeCloseTo(b.push, 12);
            expect(a.win + b.win + a.push).toBeCloseTo(1, 9);
          }
        }
      }),
      RUNS,
    );
  });

  it('markets agree: 1X = home + draw, AH 0 = draw no bet, AH −0.5 = home, AH +0.5 = 1X, over/under monotone in the line', () => {
    fc.assert(
      fc.property(ratesArb, rhoArb, clockArb, (rates, rho, clock) => {
        const ms = fairMarkets({ rates, rho, clock });
        const x = get(ms, '1x2');
        const dc = get(ms, 'double_chance');
        expect(p(dc, '1X').win).toBeCloseTo(p(x, 'home').win + p(x, 'draw').win, 12);
        expect(p(dc, 'X2').win).toBeCloseTo(p(x, 'away').win + p(x, 'draw').win, 12);
        expect(p(dc, '12').win).toBeCloseTo(p(x, 'home').win + p(x, 'away').win, 12);
        const dnb = get(ms, 'draw_no_bet');
        const ah0 = get(ms, 'asian_handicap', '0');
        expect(p(ah0, 'home').probability).toBeCloseTo(p(dnb, 'home').probability, 12);
        expect(p(ah0, 'away').win).toBeCloseTo(p(dnb, 'away').win, 12);
        expect(p(get(ms, 'asian_handicap', '-0.5'), 'home').win).toBeCloseTo(p(x, 'home').win, 12);
        expect(p(get(ms, 'asian_handicap', '0.5'), 'home').win).toBeCloseTo(p(dc, '1X').win, 12);
        const overs = ms.filter((m) => m.market === 'over_under').map((m) => p(m, 'over').probability);
        for (let k = 1; k < overs.length; k++) expect(overs[k]!).toBeLessThanOrEqual(overs[k - 1]! + 1e-12);
        const cs = get(ms, 'correct_score').outcomes;
        const csHome = cs.filter(
          (o) => /^\d+-\d+$/.test(o.pick) && Number(o.pick.split('-')[0]) > Number(o.pick.split('-')[1]),
        );
        expect(csHome.reduce((s, o) => s + o.win, 0)).toBeLessThanOrEqual(p(x, 'home').win + 1e-12);
      }),
      RUNS,
    );
  });

  it('offered prices are exact 2-dp decimal text ≥ 1.01 and ≤ 1000 for any margin', () => {
    fc.assert(
      fc.property(ratesArb, clockArb, fc.integer({ min: 0, max: 30 }), (rates, clock, margin) => {
        for (const m of priceMatch({ rates, clock, config: { defaultMarginPercent: margin } }))
          for (const o of m.outcomes) {
            if (o.status !== 'open') expect(o.odds).toBeNull();
            else {
              expect(o.odds).toMatch(/^\d+(\.\d{1,2})?$/);
              expect(Number(o.odds)).toBeGreaterThanOrEqual(1.01);
              expect(Number(o.odds)).toBeLessThanOrEqual(1000);
            }
          }
      }),
      RUNS,
    );
  });

  it('at the final whistle every market is settled exactly as the settlement engine settles the score', () => {
    const scoreArb = fc.record({
      home: fc.integer({ min: 0, max: 7 }),
      away: fc.integer({ min: 0, max: 7 }),
    });
    fc.assert(
      fc.property(ratesArb, scoreArb, scoreArb, (rates, ht, more) => {
        const ft = { home: ht.home + more.home, away: ht.away + more.away };
        const clock: MatchClock = { phase: 'finished', minute: 90, score: ft, halfTimeScore: ht };
        for (const m of priceMatch({ rates, clock })) {
          expect(m.status).toBe('settled');
          for (const o of m.outcomes.filter((x) => x.offered)) {
            const leg = {
              market: m.market,
              pick: o.pick,
              period: m.period,
              odds: '2',
              ...(o.line ? { line: o.line } : {}),
            } as Leg;
            const result = settleOnScore(leg, m.period === 'first_half' ? ht : ft);
            expect(CODE[o.decided!]).toBe(result.outcome);
          }
        }
      }),
      RUNS,
    );
  });

  it('in play the current result converges to certainty: P(it changes) ≤ expected goals left, and 0 at the whistle', () => {
    // Not monotone minute by minute: a much stronger side that trails can be less likely to be caught
    // with more time left (Skellam tails), so the property is a bound, not monotonicity.
    fc.assert(
      fc.property(
        ratesArb,
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 46, max: 95 }),
        (rates, lead, minute) => {
          const clock = (phase: 'second_half' | 'finished'): MatchClock => ({
            phase,
            minute,
            score: { home: lead, away: 0 },
            halfTimeScore: { home: 0, away: 0 },
          });
          const home = p(get(fairMarkets({ rates, clock: clock('second_half') }), '1x2'), 'home');
          const goalsLeft = remainingShares(clock('second_half')).fullTime * (rates.home + rates.away);
          expect(1 - home.probability).toBeLessThanOrEqual(1.2 * goalsLeft + 1e-9);
          const final = p(get(fairMarkets({ rates, clock: clock('finished') }), '1x2'), 'home');
          expect(final).toMatchObject({ probability: 1, decided: 'won' });
        },
      ),
      RUNS,
    );
  });

  it('fitting recovers the rates that produced a margined book (proportional margin in, proportional out)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.4, max: 3.2, noNaN: true }),
        fc.double({ min: 0.4, max: 3.2, noNaN: true }),
        fc.double({ min: 1.02, max: 1.1, noNaN: true }),
        (home, away, book) => {
          const h = headlineProbabilities(scoreMatrix({ home, away }));
          const odds = (q: number) => 1 / (q * book);
          fc.pre([h.home, h.draw, h.away, h.over25, 1 - h.over25].every((q) => odds(q) > 1.01));
          const fit = fitGoalRates(
            {
              home: odds(h.home),
              draw: odds(h.draw),
              away: odds(h.away),
              over25: odds(h.over25),
              under25: odds(1 - h.over25),
            },
            { demargin: 'proportional' },
          );
          expect(fit.rates.home).toBeCloseTo(home, 2);
          expect(fit.rates.away).toBeCloseTo(away, 2);
          expect(removeMargin([odds(h.home), odds(h.draw), odds(h.away)], 'proportional')[0]).toBeCloseTo(
            h.home,
            9,
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});
