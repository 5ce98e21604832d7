import { describe, expect, it } from 'vitest';
import { overround, removeMargin } from './demargin.ts';
import { fitGoalRates } from './fit.ts';
import { remainingShares, type MatchClock } from './in-play.ts';
import { STANDARD_MARKETS, evaluateMarket } from './markets.ts';
import { offeredOdds, priceMatch, type PricedMarket } from './price.ts';
import { headlineProbabilities, scoreMatrix } from './score-matrix.ts';

const EXAMPLE = { home: 2.1, draw: 3.4, away: 3.6, over25: 1.95, under25: 1.87 };
const find = (markets: PricedMarket[], market: string, line?: string, period = 'full_time') =>
  markets.find((m) => m.market === market && m.line === line && m.period === period)!;
const pick = (m: PricedMarket, p: string) => m.outcomes.find((o) => o.pick === p)!;

describe('removing the margin (betting-rules §4)', () => {
  it('given 2.10 / 3.40 / 3.60, when de-margined proportionally, then the implied shares of a 104.8% book', () => {
    expect(overround([2.1, 3.4, 3.6])).toBeCloseTo(0.0481, 4);
    const [h, d, a] = removeMargin([2.1, 3.4, 3.6], 'proportional');
    expect(h).toBeCloseTo(0.4543, 4);
    expect(d).toBeCloseTo(0.2806, 4);
    expect(a).toBeCloseTo(0.265, 4);
  });
  it('given any method, when de-margined, then the probabilities sum to 1 and the power method takes more from the long shot', () => {
    for (const method of ['proportional', 'power', 'shin'] as const)
      expect(removeMargin([1.3, 5.5, 11], method).reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
    expect(removeMargin([1.3, 5.5, 11], 'power')[2]!).toBeLessThan(
      removeMargin([1.3, 5.5, 11], 'proportional')[2]!,
    );
  });
  it('given fewer than two odds or odds ≤ 1, when de-margined, then a RangeError', () => {
    expect(() => removeMargin([2])).toThrow(RangeError);
    expect(() => removeMargin([2, 1])).toThrow(RangeError);
  });
});

describe('fitting goal rates (betting-rules §4 worked example)', () => {
  it('given 1X2 2.10/3.40/3.60 and over 2.5 1.95 / under 1.87, when fitted, then rates within 0.05 of 1.50 and 1.10', () => {
    for (const demargin of ['proportional', 'power', 'shin'] as const) {
      const fit = fitGoalRates(EXAMPLE, { demargin });
      expect(Math.abs(fit.rates.home - 1.5)).toBeLessThanOrEqual(0.05);
      expect(Math.abs(fit.rates.away - 1.1)).toBeLessThanOrEqual(0.05);
      expect(fit.rmse).toBeLessThan(0.002);
    }
  });
  it('given only 1X2 prices, when fitted, then home and away are reproduced', () => {
    const fit = fitGoalRates({ home: 1.5, draw: 4.2, away: 6.5 });
    expect(fit.model.home).toBeCloseTo(fit.target.home, 4);
    expect(fit.model.away).toBeCloseTo(fit.target.away, 4);
  });
});

describe('the score matrix', () => {
  it('given ρ < 0, when built, then 0-0 and 1-1 gain mass against independent Poisson, and it sums to 1', () => {
    const dc = scoreMatrix({ home: 1.5, away: 1.1 }, -0.1);
    const plain = scoreMatrix({ home: 1.5, away: 1.1 }, 0);
    expect(dc.cells.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
    expect(dc.cells[0]!).toBeGreaterThan(plain.cells[0]!);
    expect(dc.cells[dc.size + 1]!).toBeGreaterThan(plain.cells[plain.size + 1]!);
    expect(plain.cells[0]!).toBeCloseTo(Math.exp(-2.6), 9);
  });
  it('given rates of 0, when built, then the base score is certain', () => {
    const m = scoreMatrix({ home: 0, away: 0 }, -0.1, { home: 2, away: 1 });
    expect(headlineProbabilities(m)).toMatchObject({ home: 1, draw: 0, over25: 1 });
  });
});

describe('the market menu', () => {
  it('lists 1X2, DC, BTTS, 17 over/under lines, correct score, 21 Asian handicap lines, DNB, first-half 1X2', () => {
    expect(STANDARD_MARKETS).toHaveLength(44);
    const ou = STANDARD_MARKETS.filter((m) => m.market === 'over_under').map((m) => m.line);
    expect(ou[0]).toBe('0.5');
    expect(ou).toContain('2.25');
    expect(ou.at(-1)).toBe('4.5');
    const ah = STANDARD_MARKETS.filter((m) => m.market === 'asian_handicap');
    expect(ah[0]!.outcomes.map((o) => [o.pick, o.line])).toEqual([
      ['home', '-2.5'],
      ['away', '2.5'],
    ]);
    expect(STANDARD_MARKETS.find((m) => m.market === 'correct_score')!.outcomes).toHaveLength(37);
  });
  it('given a quarter line, when valued, then half the stake rides on each neighbouring line', () => {
    const m = scoreMatrix({ home: 1.5, away: 1.1 });
    const value = (line: string) =>
      evaluateMarket(
        STANDARD_MARKETS.find((d) => d.market === 'over_under' && d.line === line)!,
        m,
      ).outcomes[0]!;
    const [q, two, twoHalf] = [value('2.25'), value('2'), value('2.5')];
    expect(q.win).toBeCloseTo((two.win + twoHalf.win) / 2, 12);
    expect(q.push).toBeCloseTo(two.push / 2, 12);
    expect(q.probability).toBeCloseTo(q.win / (1 - q.push), 12);
  });
});

describe('prices', () => {
  it('given a probability, when offered, then 1/(p × (1 + margin)) truncated, floored at 1.01 and capped', () => {
    expect(offeredOdds(0.5, 6)).toBe('1.88'); // 1.8867…
    expect(offeredOdds(0.99, 6)).toBe('1.01');
    expect(offeredOdds(1e-9, 6)).toBe('1000');
  });
  it('given the worked example, when priced pre-match, then a 6% book on 1X2 and every open price ≥ 1.01', () => {
    const fit = fitGoalRates(EXAMPLE);
    const markets = priceMatch({ rates: fit.rates, config: { marginPercent: { '1x2': 6 } } });
    const book = find(markets, '1x2').outcomes.reduce((s, o) => s + 1 / Number(o.odds), 0);
    expect(book).toBeGreaterThanOrEqual(1.06);
    expect(book).toBeLessThan(1.075);
    for (const m of markets)
      for (const o of m.outcomes.filter((x) => x.status === 'open'))
        expect(Number(o.odds)).toBeGreaterThanOrEqual(1.01);
  });
});

describe('in play', () => {
  const rates = { home: 1.5, away: 1.1 };
  const at = (clock: MatchClock) => priceMatch({ rates, clock });

  it('shares goals 45% / 55% by half and runs out at the final whistle', () => {
    expect(
      remainingShares({ phase: 'first_half', minute: 0, score: { home: 0, away: 0 } }).fullTime,
    ).toBeCloseTo(1);
    expect(
      remainingShares({ phase: 'half_time', minute: 45, score: { home: 0, away: 0 } }).fullTime,
    ).toBeCloseTo(0.55);
    expect(
      remainingShares({ phase: 'second_half', minute: 67.5, score: { home: 0, away: 0 } }).fullTime,
    ).toBeCloseTo(0.275);
    expect(remainingShares({ phase: 'finished', minute: 90, score: { home: 0, away: 0 } }).fullTime).toBe(0);
  });
  it('given two goals in, when priced, then over 1.5 is settled won and under lost; over 2.5 still open', () => {
    const markets = at({ phase: 'first_half', minute: 30, score: { home: 1, away: 1 } });
    const ou15 = find(markets, 'over_under', '1.5');
    expect(ou15.status).toBe('settled');
    expect(pick(ou15, 'over').decided).toBe('won');
    expect(pick(ou15, 'under').decided).toBe('lost');
    expect(find(markets, 'over_under', '2.5').status).toBe('open');
    expect(pick(find(markets, 'both_teams_to_score'), 'yes').decided).toBe('won');
  });
  it('given a 3-0 lead at 89 minutes, when priced, then the 1X2 is suspended, not quoted at 1.01', () => {
    const markets = at({
      phase: 'second_half',
      minute: 89,
      score: { home: 3, away: 0 },
      halfTimeScore: { home: 2, away: 0 },
    });
    expect(find(markets, '1x2').status).toBe('suspended');
    expect(find(markets, '1x2').outcomes.every((o) => o.odds === null)).toBe(true);
    expect(find(markets, '1x2', undefined, 'first_half').status).toBe('settled');
  });
  it('given the final whistle at 2-1 (1-1 at half time), when priced, then every market is settled', () => {
    const markets = at({
      phase: 'finished',
      minute: 90,
      score: { home: 2, away: 1 },
      halfTimeScore: { home: 1, away: 1 },
    });
    expect(markets.every((m) => m.status === 'settled')).toBe(true);
    expect(pick(find(markets, '1x2'), 'home').decided).toBe('won');
    expect(pick(find(markets, '1x2', undefined, 'first_half'), 'draw').decided).toBe('won');
    expect(pick(find(markets, 'asian_handicap', '-0.75'), 'home').decided).toBe('half_won');
    expect(pick(find(markets, 'correct_score'), '2-1').decided).toBe('won');
  });
  it('given a clock past half time with no half-time score, when priced, then a RangeError', () => {
    expect(() => at({ phase: 'second_half', minute: 50, score: { home: 0, away: 0 } })).toThrow(RangeError);
  });
});
