/**
 * Properties of the cash-out quote (fast-check; docs/cash-out.md, betting-rules §3): for any bet and any
 * live state the offer never exceeds the potential payout, is never made with a lost leg, grows with
 * each leg's win share, and its parts add up to it within the rounding bound; the live legs pay on each
 * score exactly as the settlement engine settles them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PayType } from '../config/bet-config.ts';
import type { MatchClock } from '../pricing-model/in-play.ts';
import { fairMarkets } from '../pricing-model/price.ts';
import { settleOnScore, type Leg } from '../settlement/markets.ts';
import { legResult, OUTCOME, type LegResult } from '../settlement/outcome.ts';
import { DEFAULT_CASH_OUT_CONFIG, type CashOutConfig } from './config.ts';
import { legPayoff, liveMatchPricer, type LegLive } from './live.ts';
import {
  cashOutPart,
  cashOutPotential,
  quoteCashOut,
  type CashOutBetInput,
  type CashOutQuote,
} from './quote.ts';

const RUNS = { numRuns: 2_000 };

const oddsArb = fc
  .integer({ min: 101, max: 2000 })
  .map((n) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`);
const shareArb = fc.integer({ min: 0, max: 1000 }).map((n) => n / 1000);
const capArb = fc.option(fc.integer({ min: 1, max: 5_000_000 }), { nil: null });
const settledArb: fc.Arbitrary<LegResult> = fc.constantFrom(
  legResult(OUTCOME.WON, 0, 'won'),
  legResult(OUTCOME.REFUNDED, 1, 'void'),
  legResult(OUTCOME.HALF_WON, 0.5, 'half won'),
  legResult(OUTCOME.HALF_LOST, 0.5, 'half lost'),
  legResult(OUTCOME.WON, 0, 'dead heat', '1/2'),
);
const LOST = legResult(OUTCOME.LOST, 0, 'lost');

const liveLeg = (win: number, push: number): LegLive => ({
  win,
  push,
  marketStatus: 'open',
  delay: null,
  state: {
    matchId: 'm',
    clock: { phase: 'not_started', minute: 0, score: { home: 0, away: 0 } },
    rates: { home: 1.4, away: 1.1 },
    redCards: { home: 0, away: 0 },
    rho: -0.1,
  },
});

/** A leg of the bet: open with live shares (win, push ≤ 1 − win), or settled. */
const betLegArb = fc.record({
  odds: oddsArb,
  open: fc.boolean(),
  win: shareArb,
  pushShare: shareArb,
  result: settledArb,
});

interface Case {
  readonly bet: CashOutBetInput;
  readonly live: (LegLive | null)[];
  readonly config: CashOutConfig;
}

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    stake: fc.integer({ min: 1, max: 30_000 }).map((n) => n * 100),
    payType: fc.constantFrom<PayType>(1, 2),
    single: capArb,
    multiple: capArb,
    tax: fc.constantFrom(0, 10, 12.5, 20),
    margin: fc.integer({ min: 0, max: 2000 }).map((n) => n / 100),
    legs: fc.array(betLegArb, { minLength: 1, maxLength: 6 }),
  })
  .map(({ stake, payType, single, multiple, tax, margin, legs }) => {
    // At least one open leg, so that there is something to cash out.
    const specs = legs.map((l, i) => (i === 0 ? { ...l, open: true } : l));
    return {
      bet: {
        stake,
        payType,
        terms: { taxRatePercent: tax, singleGameHighestProfit: single, multipleGameHighestProfit: multiple },
        legs: specs.map((l) => ({
          leg: { market: '1x2', pick: 'home', odds: l.odds } as Leg,
          result: l.open ? null : l.result,
        })),
      },
      live: specs.map((l) => (l.open ? liveLeg(l.win, l.pushShare * (1 - l.win)) : null)),
      config: { ...DEFAULT_CASH_OUT_CONFIG, marginPercent: margin, minimumOffer: 1, creditBets: true },
    };
  });

const quoteOf = (c: Case): CashOutQuote => quoteCashOut(c.bet, { live: c.live, config: c.config });
const valueOf = (q: CashOutQuote): number => (q.offer ? q.value : 0);

describe('cash-out quote properties', () => {
  it('never offers above the potential payout (nor, without void legs, above the potential as placed)', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const q = quoteOf(c);
        if (!q.offer) return;
        expect(q.value).toBeGreaterThanOrEqual(1);
        expect(q.value).toBeLessThanOrEqual(q.potentialPayout);
        expect(q.value).toBeLessThanOrEqual(q.fairValue);
        // A wholly void leg drops out of the cap's single/multiple choice (as in settlement), so only
        // without one is the potential as placed a ceiling too.
        if (c.bet.legs.every((l) => l.result?.voidFactor !== 1)) {
          const asPlaced = { ...c.bet, legs: c.bet.legs.map((l) => ({ ...l, result: null })) };
          expect(q.value).toBeLessThanOrEqual(cashOutPotential(asPlaced));
        }
        expect(q.tax).toBeGreaterThanOrEqual(0);
        expect(q.net).toBe(q.value - q.tax);
      }),
      RUNS,
    );
  });

  it('never offers anything once a leg has lost', () => {
    fc.assert(
      fc.property(caseArb, fc.nat(), oddsArb, (c, at, odds) => {
        const i = at % (c.bet.legs.length + 1);
        const legs = [...c.bet.legs];
        legs.splice(i, 0, { leg: { market: '1x2', pick: 'away', odds }, result: LOST });
        const live = [...c.live];
        live.splice(i, 0, null);
        const q = quoteCashOut({ ...c.bet, legs }, { live, config: c.config });
        expect(q).toMatchObject({ offer: false, reason: 'LEG_LOST', legIndex: i });
      }),
      RUNS,
    );
  });

  it("is monotone in each open leg's win share", () => {
    fc.assert(
      fc.property(caseArb, fc.nat(), shareArb, (c, at, more) => {
        const open = c.live.flatMap((l, i) => (l ? [i] : []));
        const i = open[at % open.length]!;
        const before = c.live[i]!;
        const win = before.win + more * (1 - before.win - before.push);
        const live = c.live.map((l, k) => (k === i ? { ...before, win } : l));
        expect(valueOf(quoteCashOut(c.bet, { live, config: c.config }))).toBeGreaterThanOrEqual(
          valueOf(quoteOf(c)),
        );
      }),
      RUNS,
    );
  });

  it('adds partial values up to the full value less at most (parts − 1) TZS; a part of 100% is the full value', () => {
    fc.assert(
      fc.property(
        caseArb,
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 8 }),
        (c, w) => {
          const q = quoteOf(c);
          if (!q.offer) return;
          // Split the stake into parts proportional to the weights (whole TZS, the last takes the rest).
          const total = w.reduce((a, b) => a + b, 0);
          const parts = w.map((x) => Math.floor((q.stake * x) / total));
          parts[parts.length - 1]! += q.stake - parts.reduce((a, b) => a + b, 0);
          const positive = parts.filter((p) => p > 0);
          const sum = positive.reduce((a, p) => a + cashOutPart(q, p).value, 0);
          expect(sum).toBeLessThanOrEqual(q.value);
          expect(sum).toBeGreaterThanOrEqual(q.value - (positive.length - 1));
          expect(cashOutPart(q, q.stake)).toMatchObject({
            value: q.value,
            tax: q.tax,
            net: q.net,
            remainingStake: 0,
          });
        },
      ),
      RUNS,
    );
  });
});

const goals = fc.integer({ min: 0, max: 6 });
const lineArb = (min: number, max: number) => fc.integer({ min, max }).map((q) => String(q / 4));
const anyLegArb: fc.Arbitrary<Leg> = fc.oneof(
  fc.constantFrom<Leg>(
    { market: '1x2', pick: 'home', odds: '2' },
    { market: '1x2', pick: 'draw', odds: '2' },
    { market: '1x2', pick: 'away', odds: '2' },
    { market: 'double_chance', pick: '1X', odds: '2' },
    { market: 'double_chance', pick: 'X2', odds: '2' },
    { market: 'double_chance', pick: '12', odds: '2' },
    { market: 'both_teams_to_score', pick: 'yes', odds: '2' },
    { market: 'both_teams_to_score', pick: 'no', odds: '2' },
    { market: 'draw_no_bet', pick: 'home', odds: '2' },
    { market: 'draw_no_bet', pick: 'away', odds: '2' },
  ),
  fc
    .tuple(fc.constantFrom('over' as const, 'under' as const), lineArb(0, 24))
    .map(([pick, line]): Leg => ({ market: 'over_under', pick, line, odds: '2' })),
  fc
    .tuple(fc.constantFrom('home' as const, 'away' as const), lineArb(-14, 14))
    .map(([pick, line]): Leg => ({ market: 'asian_handicap', pick, line, odds: '2' })),
  fc.tuple(goals, goals).map(([h, a]): Leg => ({ market: 'correct_score', pick: `${h}-${a}`, odds: '2' })),
);
const PAYOFF_OF: Record<number, readonly [number, number]> = {
  [OUTCOME.WON]: [1, 0],
  [OUTCOME.LOST]: [0, 0],
  [OUTCOME.REFUNDED]: [0, 1],
  [OUTCOME.HALF_WON]: [0.5, 0.5],
  [OUTCOME.HALF_LOST]: [0, 0.5],
};

describe('live legs', () => {
  it('pay on every final score exactly as the settlement engine settles the leg', () => {
    fc.assert(
      fc.property(anyLegArb, goals, goals, (leg, home, away) => {
        const result = settleOnScore(leg, { home, away });
        expect(legPayoff(leg)(home, away)).toEqual(PAYOFF_OF[result.outcome]);
      }),
      { numRuns: 5_000 },
    );
  });

  const clockArb: fc.Arbitrary<MatchClock> = fc
    .tuple(
      fc.integer({ min: 0, max: 95 }),
      goals,
      goals,
      fc.integer({ min: 0, max: 2 }),
      fc.integer({ min: 0, max: 2 }),
    )
    .map(([minute, h, a, dh, da]): MatchClock =>
      minute < 45
        ? { phase: 'first_half', minute, score: { home: h, away: a } }
        : {
            phase: 'second_half',
            minute,
            score: { home: h + dh, away: a + da },
            halfTimeScore: { home: h, away: a },
          },
    );

  it('agree with every offered outcome the pricing model values on the same clock (one model)', () => {
    fc.assert(
      fc.property(
        clockArb,
        fc.double({ min: 0.2, max: 3.5, noNaN: true }),
        fc.double({ min: 0.2, max: 3.5, noNaN: true }),
        (clock, home, away) => {
          const pricer = liveMatchPricer({ matchId: 'm', rates: { home, away }, clock });
          for (const market of fairMarkets({ rates: { home, away }, clock })) {
            for (const o of market.outcomes.filter((x) => x.offered)) {
              const leg = {
                market: market.market,
                period: market.period,
                pick: o.pick,
                odds: '2',
                ...(o.line === undefined ? {} : { line: o.line }),
              } as Leg;
              const l = pricer.legLive(leg, { status: 'open' });
              expect(l.win).toBeCloseTo(o.win, 9);
              expect(l.push).toBeCloseTo(o.push, 9);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('have shares in [0, 1] with win + push ≤ 1 on any clock, rates and red cards', () => {
    fc.assert(
      fc.property(
        anyLegArb,
        clockArb,
        fc.double({ min: 0.1, max: 4, noNaN: true }),
        fc.double({ min: 0.1, max: 4, noNaN: true }),
        fc.integer({ min: 0, max: 2 }),
        (leg, clock, home, away, reds) => {
          const l = liveMatchPricer({
            matchId: 'm',
            rates: { home, away },
            clock,
            redCards: { home: reds, away: 0 },
          }).legLive(leg, { status: 'open' });
          expect(l.win).toBeGreaterThanOrEqual(0);
          expect(l.push).toBeGreaterThanOrEqual(0);
          expect(l.win + l.push).toBeLessThanOrEqual(1 + 1e-12);
        },
      ),
      { numRuns: 300 },
    );
  });
});
