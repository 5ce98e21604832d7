/**
 * Properties of pricing and settlement (fast-check, 10,000 runs each): the rules of betting-rules §2 and
 * the formulas of spec §5 hold for any bet, not only the worked examples.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BET_CONFIG, type BetConfig, type PayType } from '../config/bet-config.ts';
import { ratio, eqRatio, addRatio, mulRatio } from '../money/ratio.ts';
import { quote } from '../pricing/quote.ts';
import type { PricingTerms } from '../pricing/returns.ts';
import type { Betslip } from '../pricing/slip.ts';
import { settleBet, type SettledLegInput, type Settlement } from './bet.ts';
import type { MatchFacts } from './facts.ts';
import type { Leg } from './markets.ts';
import { legFactor, legResult, OUTCOME, type LegResult } from './outcome.ts';
import { resettle } from './resettle.ts';
import { settleLeg } from './settle-leg.ts';

const RUNS = { numRuns: 10_000 };

const oddsArb = fc
  .integer({ min: 101, max: 2000 })
  .map((n) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`);
const stakeArb = fc.integer({ min: 1, max: 30_000 }).map((n) => n * 100);
const payTypeArb = fc.constantFrom<PayType>(1, 2);
const capArb = fc.option(fc.integer({ min: 1, max: 50_000_000 }), { nil: null });
const termsArb: fc.Arbitrary<PricingTerms> = fc.record({
  taxRatePercent: fc.constantFrom(0, 10, 12.5, 15, 20, 33.33),
  singleGameHighestProfit: capArb,
  multipleGameHighestProfit: capArb,
  minStringRewardOdds: fc.constantFrom('1', '1.2', '1.5', '2'),
  stringRewards: fc.array(
    fc.record({
      strings: fc.integer({ min: 1, max: 8 }),
      cashBackPercent: fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
    }),
    { maxLength: 5 },
  ),
});
const settledResultArb: fc.Arbitrary<LegResult> = fc.constantFrom(
  legResult(OUTCOME.WON, 0, 'won'),
  legResult(OUTCOME.LOST, 0, 'lost'),
  legResult(OUTCOME.REFUNDED, 1, 'void'),
  legResult(OUTCOME.HALF_WON, 0.5, 'half won'),
  legResult(OUTCOME.HALF_LOST, 0.5, 'half lost'),
  legResult(OUTCOME.WON, 0, 'dead heat', '1/3'),
);
const legArb: fc.Arbitrary<SettledLegInput> = fc.record({ odds: oddsArb, result: settledResultArb });
const notVoidLegArb = legArb.filter(({ result }) => result.voidFactor !== 1);
const betArb = fc.record({
  stake: stakeArb,
  payType: payTypeArb,
  legs: fc.array(legArb, { minLength: 1, maxLength: 8 }),
  terms: termsArb,
});

const money = (s: Settlement) => ({
  payout: s.payout,
  profit: s.profit,
  reward: s.reward,
  rewardPercent: s.rewardPercent,
  tax: s.tax,
  credited: s.credited,
  creditRefund: s.creditRefund,
  effectiveOdds: s.effectiveOdds,
  profitCap: s.profitCap,
});

describe('settlement properties', () => {
  it('given any multiple, when a void leg is added anywhere, then the settlement equals the one without it', () => {
    fc.assert(
      fc.property(
        betArb,
        notVoidLegArb,
        fc.nat(),
        fc.constantFrom(legResult(OUTCOME.REFUNDED, 1, 'void')),
        oddsArb,
        (bet, kept, at, voided, voidOdds) => {
          const without = [kept, ...bet.legs];
          const position = at % (without.length + 1);
          const withVoid = [
            ...without.slice(0, position),
            { odds: voidOdds, result: voided },
            ...without.slice(position),
          ];
          return (
            JSON.stringify(money(settleBet({ ...bet, legs: withVoid }))) ===
            JSON.stringify(money(settleBet({ ...bet, legs: without })))
          );
        },
      ),
      RUNS,
    );
  });

  it('given any bet, when settled twice, then the same settlement and a re-settlement that moves nothing', () => {
    fc.assert(
      fc.property(betArb, (bet) => {
        const first = settleBet(bet);
        const second = settleBet(bet);
        const again = resettle(first, second);
        return (
          JSON.stringify(second) === JSON.stringify(first) &&
          !again.changed &&
          Object.values(again.net).every((v) => v === 0)
        );
      }),
      RUNS,
    );
  });

  it('given any bet, when settled, then every amount is whole TZS, never negative, and within the cap', () => {
    fc.assert(
      fc.property(betArb, (bet) => {
        const s = settleBet(bet);
        const whole = [s.payout, s.profit, s.reward, s.tax, s.credited, s.creditRefund].every(
          (amount) => Number.isSafeInteger(amount) && amount >= 0,
        );
        const withinCap =
          s.profitCap === null ||
          (s.profit <= s.profitCap &&
            s.credited <= bet.stake + s.profitCap - (bet.payType === 2 ? bet.stake : 0));
        return whole && withinCap && s.tax <= s.profit + s.reward;
      }),
      RUNS,
    );
  });
});

const scoreArb = fc.record({ home: fc.integer({ min: 0, max: 7 }), away: fc.integer({ min: 0, max: 7 }) });
type LinedLeg = Extract<Leg, { line: string }>;
const quarterLegArb: fc.Arbitrary<LinedLeg> = fc.oneof(
  fc.record({
    market: fc.constant('asian_handicap' as const),
    pick: fc.constantFrom('home' as const, 'away' as const),
    line: fc.integer({ min: -8, max: 7 }).map((k) => (k * 0.5 + 0.25).toFixed(2)),
    odds: oddsArb,
  }),
  fc.record({
    market: fc.constant('over_under' as const),
    pick: fc.constantFrom('over' as const, 'under' as const),
    line: fc.integer({ min: 0, max: 11 }).map((k) => (k * 0.5 + 0.25).toFixed(2)),
    odds: oddsArb,
  }),
);
const neighbour = (line: string, step: number): string => (Number(line) + step).toFixed(2); // quarter steps are exact in binary

describe('Asian quarter lines (betting-rules §2)', () => {
  it('given a quarter-line bet, when settled, then it equals two half-stake bets on the neighbouring lines', () => {
    fc.assert(
      fc.property(
        quarterLegArb,
        scoreArb,
        scoreArb,
        fc.integer({ min: 1, max: 10_000 }),
        (leg: LinedLeg, ht, extra, halves) => {
          const facts: MatchFacts = {
            status: 'played',
            halfTime: ht,
            fullTime: { home: ht.home + extra.home, away: ht.away + extra.away },
          };
          const stake = halves * 200;
          const terms: PricingTerms = { ...DEFAULT_BET_CONFIG, taxRatePercent: 0 };
          const payout = (l: Leg, s: number) =>
            settleBet({ stake: s, payType: 1, legs: [{ odds: l.odds, result: settleLeg(l, facts) }], terms })
              .payout;
          const low = { ...leg, line: neighbour(leg.line, -0.25) } as Leg;
          const high = { ...leg, line: neighbour(leg.line, 0.25) } as Leg;
          expect(payout(leg, stake)).toBe(payout(low, stake / 2) + payout(high, stake / 2));
          const factor = (l: Leg) => legFactor(l.odds, settleLeg(l, facts)) ?? ratio(-1);
          expect(eqRatio(mulRatio(factor(leg), ratio(2)), addRatio(factor(low), factor(high)))).toBe(true);
        },
      ),
      RUNS,
    );
  });
});

describe('pricing and settlement agree', () => {
  const slipArb = fc.record({
    odds: fc.array(oddsArb, { minLength: 1, maxLength: 10 }),
    stake: stakeArb,
    payType: payTypeArb,
    terms: termsArb,
  });
  it('given any slip, when every leg wins, then the settlement equals the quote', () => {
    fc.assert(
      fc.property(slipArb, ({ odds, stake, payType, terms }) => {
        const config: BetConfig = { ...DEFAULT_BET_CONFIG, ...terms };
        const slip: Betslip = {
          stake,
          payType,
          selections: odds.map((o, i) => ({ selectionId: `s${i}`, matchId: `m${i}`, odds: o })),
        };
        const q = quote(slip, config);
        const s = settleBet({
          stake,
          payType,
          terms,
          legs: odds.map((o) => ({ odds: o, result: legResult(OUTCOME.WON, 0, 'won') })),
        });
        expect({ ...money(s), effectiveOdds: s.effectiveOdds }).toEqual({
          payout: q.payout,
          profit: q.profit,
          reward: q.reward,
          rewardPercent: q.rewardPercent,
          tax: q.tax,
          credited: q.afterTaxAmount,
          creditRefund: 0,
          effectiveOdds: q.totalOdds,
          profitCap: q.profitCap,
        });
      }),
      RUNS,
    );
  });
  it('given any slip, when a selection becomes unavailable, then the quote equals the quote without it', () => {
    fc.assert(
      fc.property(slipArb, oddsArb, fc.nat(), ({ odds, stake, payType, terms }, gone, at) => {
        const config: BetConfig = { ...DEFAULT_BET_CONFIG, ...terms };
        const selections = odds.map((o, i) => ({ selectionId: `s${i}`, matchId: `m${i}`, odds: o }));
        const position = at % (selections.length + 1);
        const withGone = [
          ...selections.slice(0, position),
          { selectionId: 'x', matchId: 'x', odds: gone, available: false },
          ...selections.slice(position),
        ];
        const { selections: _a, ...withIt } = quote({ stake, payType, selections: withGone }, config);
        const { selections: _b, ...withoutIt } = quote({ stake, payType, selections }, config);
        expect(withIt).toEqual(withoutIt);
      }),
      RUNS,
    );
  });
});
