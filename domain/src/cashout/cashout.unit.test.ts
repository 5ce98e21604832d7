import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatTzs } from '../money/tzs.ts';
import type { MatchClock } from '../pricing-model/in-play.ts';
import { fairMarkets, offeredOdds } from '../pricing-model/price.ts';
import type { Leg } from '../settlement/markets.ts';
import { legResult, OUTCOME } from '../settlement/outcome.ts';
import {
  cashOutConfigAt,
  cashOutConfigErrors,
  DEFAULT_CASH_OUT_CONFIG,
  type CashOutConfig,
} from './config.ts';
import { liveMatchPricer, ratesAfterRedCards, type LegLive } from './live.ts';
import {
  autoCashOutTargetError,
  cashOutPart,
  cashOutPartError,
  cashOutPotential,
  cashOutTax,
  decideAcceptance,
  NO_OFFER,
  quoteCashOut,
  quoteMany,
  reachesTarget,
  type CashOutBetInput,
  type CashOutOffer,
  type CashOutQuote,
} from './quote.ts';

const RATES = { home: 1.53, away: 1.101 };
const SECOND_HALF_60: MatchClock = {
  phase: 'second_half',
  minute: 60,
  score: { home: 1, away: 0 },
  halfTimeScore: { home: 1, away: 0 },
};
const WON = legResult(OUTCOME.WON, 0, 'won');
const TERMS = { taxRatePercent: 10, singleGameHighestProfit: null, multipleGameHighestProfit: null };
const homeWin: Leg = { market: '1x2', pick: 'home', odds: '2.10' };
const settledAway: Leg = { market: '1x2', pick: 'away', odds: '1.50' };

/** A live leg with the given shares, open, no delay. */
const live = (win: number, push = 0, over: Partial<LegLive> = {}): LegLive => ({
  win,
  push,
  marketStatus: 'open',
  delay: null,
  state: {
    matchId: 'm',
    clock: SECOND_HALF_60,
    rates: RATES,
    redCards: { home: 0, away: 0 },
    rho: -0.1,
  },
  ...over,
});
const single = (leg: Leg, stake = 10_000, over: Partial<CashOutBetInput> = {}): CashOutBetInput => ({
  stake,
  payType: 1,
  terms: TERMS,
  legs: [{ leg, result: null }],
  ...over,
});
const quote = (bet: CashOutBetInput, legs: (LegLive | null)[], config: Partial<CashOutConfig> = {}) =>
  quoteCashOut(bet, { live: legs, config: { ...DEFAULT_CASH_OUT_CONFIG, ...config } });
const offer = (q: CashOutQuote): CashOutOffer => {
  if (!q.offer) throw new Error(`no offer: ${q.reason}`);
  return q;
};

/** The worked example of docs/cash-out.md §5. */
const workedExample = () => {
  const pricer = liveMatchPricer({ matchId: 'm2', rates: RATES, clock: SECOND_HALF_60 });
  const p = pricer.legLive(homeWin, { status: 'open' }).win;
  const liveOdds = offeredOdds(p, 6);
  const legB = pricer.legLive(homeWin, { status: 'open', liveOdds });
  const bet: CashOutBetInput = {
    stake: 10_000,
    payType: 1,
    terms: TERMS,
    legs: [
      { leg: settledAway, result: WON },
      { leg: homeWin, result: null },
    ],
  };
  const full = offer(quote(bet, [null, legB]));
  return { p, liveOdds, full, part: cashOutPart(full, 4_000), rest: cashOutPart(full, 6_000) };
};

describe('cash-out quote: the worked example (docs/cash-out.md §5)', () => {
  it('given a double with one leg won and the other 1-0 up at 60′, when quoted, then 23,889 gross, 1,388 tax, 22,501 net', () => {
    const { p, liveOdds, full, part, rest } = workedExample();
    expect(p).toBeCloseTo(0.7983, 4);
    expect(liveOdds).toBe('1.18');
    expect(full).toMatchObject({
      potentialPayout: 31_500,
      fairValue: 25_147,
      value: 23_889,
      tax: 1_388,
      net: 22_501,
      earlySettlementOdds: '2.38',
    });
    expect(part).toMatchObject({ part: 4_000, value: 9_555, tax: 555, net: 9_000, remainingStake: 6_000 });
    expect(rest.value).toBe(14_333);
    // Dividing the potential by our own margined live odds would overpay the fair value.
    expect(Math.floor(31_500 / Number(liveOdds))).toBe(26_694);
    expect(26_694).toBeGreaterThan(full.fairValue);
  });

  it('given docs/cash-out.md, when read, then it shows the figures the code computes', () => {
    const doc = readFileSync(new URL('../../../docs/cash-out.md', import.meta.url), 'utf8');
    const { p, liveOdds, full, part, rest } = workedExample();
    for (const figure of [
      p.toFixed(4),
      liveOdds,
      formatTzs(full.potentialPayout),
      formatTzs(full.fairValue),
      formatTzs(full.value),
      formatTzs(full.tax),
      formatTzs(full.net),
      full.earlySettlementOdds,
      formatTzs(part.value),
      formatTzs(part.tax),
      formatTzs(part.net),
      formatTzs(rest.value),
      '26,694',
    ])
      expect(doc).toContain(figure);
  });
});

describe('cash-out quote: value', () => {
  it('given a single at 2.10 with a 0.5 win share, when quoted, then 21,000 × 0.5 less 5%, rounded down', () => {
    const q = offer(quote(single(homeWin), [live(0.5)]));
    expect(q).toMatchObject({ potentialPayout: 21_000, fairValue: 10_500, value: 9_975, tax: 0, net: 9_975 });
    expect(q.earlySettlementOdds).toBe('0.99');
  });

  it('given a value above the stake, when quoted, then tax is taken on the part above the stake only', () => {
    const q = offer(quote(single(homeWin), [live(0.9)]));
    expect(q.value).toBe(17_955);
    expect(q.tax).toBe(795);
    expect(cashOutTax(17_955, 10_000, 10)).toBe(795);
    expect(q.net).toBe(17_160);
  });

  it('given legs already settled, when quoted, then won counts 1, void and half won at their factor', () => {
    const open = { leg: homeWin, result: null };
    const won = offer(
      quote({ ...single(homeWin), legs: [{ leg: settledAway, result: WON }, open] }, [null, live(0.5)]),
    );
    expect(won.potentialPayout).toBe(31_500);
    expect(won.value).toBe(Math.floor(31_500 * 0.5 * 0.95));
    const voided = legResult(OUTCOME.REFUNDED, 1, 'void');
    const v = offer(
      quote({ ...single(homeWin), legs: [{ leg: settledAway, result: voided }, open] }, [null, live(0.5)]),
    );
    expect(v.potentialPayout).toBe(21_000);
    const halfWon = legResult(OUTCOME.HALF_WON, 0.5, 'half won');
    const hw = offer(
      quote({ ...single(homeWin), legs: [{ leg: settledAway, result: halfWon }, open] }, [null, live(0.5)]),
    );
    expect(hw.potentialPayout).toBe(26_250); // 10,000 × (1.50 + 1) / 2 × 2.10
    expect(hw.legs[0]).toMatchObject({ outcome: OUTCOME.HALF_WON, factor: '1.25', share: 1 });
  });

  it('given an Asian quarter line, when quoted, then the expected return counts the push: win + push ÷ odds', () => {
    const ah: Leg = { market: 'asian_handicap', pick: 'home', line: '-0.75', odds: '2.00' };
    const q = offer(quote(single(ah), [live(0.5, 0.25)]));
    expect(q.probability).toBeCloseTo(0.625, 12);
    expect(q.value).toBe(Math.floor(20_000 * 0.625 * 0.95));
  });

  it('given a profit cap, when quoted, then the potential is capped as the settlement caps it', () => {
    const bet = single(homeWin, 10_000, { terms: { ...TERMS, singleGameHighestProfit: 5_000 } });
    const q = offer(quote(bet, [live(0.5)]));
    expect(q.potentialPayout).toBe(15_000);
    expect(q.value).toBe(7_125);
    expect(cashOutPotential(bet)).toBe(15_000);
  });

  it('given a credit-money bet allowed by the configuration, when quoted, then the winnings only, all taxed', () => {
    const bet = single(homeWin, 10_000, { payType: 2 });
    expect(quote(bet, [live(0.5)])).toEqual({ offer: false, reason: NO_OFFER.CREDIT_BET });
    const q = offer(quote(bet, [live(0.5)], { creditBets: true }));
    expect(q.potentialPayout).toBe(11_000);
    expect(q.value).toBe(5_225);
    expect(q.tax).toBe(522);
  });

  it('given a 0% margin and certainty, when quoted, then exactly the potential payout, never more', () => {
    const q = offer(quote(single(homeWin), [live(1)], { marginPercent: 0 }));
    expect(q.value).toBe(21_000);
  });
});

describe('cash-out quote: no offer, and why', () => {
  const bet = single(homeWin);
  const cases: [string, CashOutQuote, string][] = [
    ['disabled', quote(bet, [live(0.5)], { enabled: false }), NO_OFFER.CASH_OUT_DISABLED],
    [
      'betting paused',
      quoteCashOut(bet, { live: [live(0.5)], config: DEFAULT_CASH_OUT_CONFIG, bettingPaused: true }),
      NO_OFFER.BETTING_PAUSED,
    ],
    [
      'a lost leg',
      quote(
        {
          ...bet,
          legs: [
            { leg: homeWin, result: null },
            { leg: settledAway, result: legResult(OUTCOME.LOST, 0, 'lost') },
          ],
        },
        [live(0.5), null],
      ),
      NO_OFFER.LEG_LOST,
    ],
    ['settled', quote({ ...bet, legs: [{ leg: homeWin, result: WON }] }, [null]), NO_OFFER.BET_SETTLED],
    [
      'abnormal',
      quote({ ...bet, legs: [{ leg: homeWin, result: legResult(OUTCOME.ABNORMAL, 0, 'x') }] }, [live(0.5)]),
      NO_OFFER.LEG_ABNORMAL,
    ],
    [
      'market kind off',
      quote(bet, [live(0.5)], { enabledMarkets: ['over_under'] }),
      NO_OFFER.MARKET_TYPE_DISABLED,
    ],
    ['no live state', quote(bet, [null]), NO_OFFER.LEG_NOT_PRICED],
    ['shares not finite', quote(bet, [live(Number.NaN)]), NO_OFFER.LEG_NOT_PRICED],
    ['goal delay', quote(bet, [live(0.5, 0, { delay: 'goal' })]), NO_OFFER.GOAL_DELAY],
    ['danger delay', quote(bet, [live(0.5, 0, { delay: 'danger' })]), NO_OFFER.DANGER_DELAY],
    ['suspended', quote(bet, [live(0.5, 0, { marketStatus: 'suspended' })]), NO_OFFER.MARKET_SUSPENDED],
  ];
  it.each(cases)('given %s, when quoted, then no offer with its code', (_name, q, reason) => {
    expect(q.offer).toBe(false);
    if (!q.offer) expect(q.reason).toBe(reason);
  });

  it('given an offer below the floor, when quoted, then BELOW_FLOOR with the value', () => {
    expect(quote(bet, [live(0.004)])).toEqual({ offer: false, reason: NO_OFFER.BELOW_FLOOR, value: 79 });
    expect(quote(bet, [live(0.004)], { minimumOffer: 50 }).offer).toBe(true);
  });
});

describe('cash-out: partial, auto target, acceptance', () => {
  const full = offer(quote(single(homeWin), [live(0.9)]));
  it('given a part of the stake, when valued, then value × part ÷ stake rounded down, taxed above the part', () => {
    expect(cashOutPart(full, 2_500)).toEqual({
      part: 2_500,
      value: 4_488,
      tax: 198,
      net: 4_290,
      remainingStake: 7_500,
      earlySettlementOdds: '1.79',
    });
    expect(cashOutPart(full, 10_000)).toMatchObject({ value: full.value, tax: full.tax, net: full.net });
  });

  it('given a part, when checked, then above the stake, below the minimum or leaving too little is refused', () => {
    const config = { minimumPart: 1_000 };
    expect(cashOutPartError(10_000, 10_000, config)).toBeUndefined();
    expect(cashOutPartError(10_000, 4_000, config)).toBeUndefined();
    expect(cashOutPartError(10_000, 10_001, config)?.code).toBe('CASH_OUT_PART_ABOVE_STAKE');
    expect(cashOutPartError(10_000, 999, config)?.code).toBe('CASH_OUT_PART_BELOW_MINIMUM');
    expect(cashOutPartError(10_000, 9_500, config)?.code).toBe('CASH_OUT_REMAINDER_BELOW_MINIMUM');
    expect(cashOutPartError(500, 500, config)).toBeUndefined();
    for (const bad of [0, -1, 1.5])
      expect(cashOutPartError(10_000, bad, config)?.code).toBe('INVALID_AMOUNT');
  });

  it('given an auto cash-out target, when offers come, then it fires the first time one reaches it', () => {
    expect(reachesTarget(full, full.value)).toBe(true);
    expect(reachesTarget(full, full.value + 1)).toBe(false);
    expect(reachesTarget({ offer: false, reason: 'MARKET_SUSPENDED' }, 1)).toBe(false);
    expect(autoCashOutTargetError(21_000, 21_000)).toBeUndefined();
    expect(autoCashOutTargetError(21_001, 21_000)?.code).toBe('CASH_OUT_TARGET_ABOVE_POTENTIAL');
    expect(autoCashOutTargetError(0, 21_000)?.code).toBe('INVALID_AMOUNT');
  });

  it('given an accepted offer re-priced after the delay, when decided, then by the tolerance', () => {
    const up = { offer: true as const, value: 10_100 };
    const down = { offer: true as const, value: 9_900 };
    const same = { offer: true as const, value: 10_000 };
    expect(decideAcceptance(10_000, down, 'ACCEPT_ANY')).toEqual({ accepted: true, value: 9_900 });
    expect(decideAcceptance(10_000, up, 'ACCEPT_HIGHER')).toEqual({ accepted: true, value: 10_100 });
    expect(decideAcceptance(10_000, down, 'ACCEPT_HIGHER')).toEqual({
      accepted: false,
      reason: 'PRICE_CHANGED',
      value: 9_900,
    });
    expect(decideAcceptance(10_000, same, 'NONE')).toEqual({ accepted: true, value: 10_000 });
    expect(decideAcceptance(10_000, up, 'NONE')).toMatchObject({ accepted: false, reason: 'PRICE_CHANGED' });
    expect(decideAcceptance(10_000, { offer: false, reason: 'GOAL_DELAY' }, 'ACCEPT_ANY')).toEqual({
      accepted: false,
      reason: 'GOAL_DELAY',
    });
  });
});

describe('cash-out: live legs from the pricing model', () => {
  const clock: MatchClock = { phase: 'first_half', minute: 30, score: { home: 0, away: 1 } };
  it('given a match, when its legs are valued, then they agree with the market prices of the same model', () => {
    const pricer = liveMatchPricer({ matchId: 'm', rates: RATES, clock });
    const markets = fairMarkets({ rates: RATES, clock });
    const oneX2 = markets.find((m) => m.market === '1x2' && m.period === 'full_time')!;
    const ah = markets.find((m) => m.market === 'asian_handicap' && m.line === '-0.25')!;
    const home = pricer.legLive(homeWin, { status: 'open' });
    expect(home.win).toBeCloseTo(oneX2.outcomes[0]!.win, 12);
    const ahLeg: Leg = { market: 'asian_handicap', pick: 'home', line: '-0.25', odds: '1.90' };
    const ahLive = pricer.legLive(ahLeg, { status: 'open' });
    expect(ahLive.win).toBeCloseTo(ah.outcomes[0]!.win, 12);
    expect(ahLive.push).toBeCloseTo(ah.outcomes[0]!.push, 12);
    expect(home.state).toMatchObject({ matchId: 'm', clock, rates: RATES, redCards: { home: 0, away: 0 } });
  });

  it('given a red card, when valued, then the side down to ten is less likely to win', () => {
    const eleven = liveMatchPricer({ matchId: 'm', rates: RATES, clock }).legLive(homeWin, {
      status: 'open',
    });
    const ten = liveMatchPricer({
      matchId: 'm',
      rates: RATES,
      clock,
      redCards: { home: 1, away: 0 },
    }).legLive(homeWin, { status: 'open' });
    expect(ten.win).toBeLessThan(eleven.win);
    expect(ratesAfterRedCards({ home: 1, away: 1 }, { home: 1, away: 0 })).toEqual({ home: 0.7, away: 1.2 });
    expect(ten.state.redCards).toEqual({ home: 1, away: 0 });
  });

  it('given many bets on one match, when re-quoted, then each selection is valued once and shared', () => {
    const pricer = liveMatchPricer({ matchId: 'm', rates: RATES, clock, delay: null });
    const bets = Array.from({ length: 50 }, (_, i) => single(homeWin, 1_000 + 100 * i));
    const quotes = quoteMany(bets, (bet, i) => pricer.legLive(bet.legs[i]!.leg, { status: 'open' }), {
      config: DEFAULT_CASH_OUT_CONFIG,
    });
    expect(quotes).toHaveLength(50);
    const [a, b] = quotes.map(offer);
    expect(a!.probability).toBe(b!.probability);
    expect(a!.legs[0]!.live!.state).toBe(b!.legs[0]!.live!.state);
  });
});

describe('cash-out configuration', () => {
  it('given the defaults, when checked, then valid: 5% margin, 5 s delay, accept higher, credit bets off', () => {
    expect(cashOutConfigErrors(DEFAULT_CASH_OUT_CONFIG)).toEqual([]);
    expect(DEFAULT_CASH_OUT_CONFIG).toMatchObject({
      marginPercent: 5,
      delaySeconds: 5,
      defaultTolerance: 'ACCEPT_HIGHER',
      creditBets: false,
    });
  });

  it('given bad values, when checked, then one BAD_CASH_OUT_CONFIG per field', () => {
    const bad = {
      ...DEFAULT_CASH_OUT_CONFIG,
      marginPercent: 100,
      delaySeconds: 31,
      defaultTolerance: 'MAYBE',
      minimumOffer: 0,
      minimumPart: 1.5,
      enabledMarkets: ['tennis'],
    } as unknown as CashOutConfig;
    expect(cashOutConfigErrors(bad).map((e) => [e.code, e.field])).toEqual([
      ['BAD_CASH_OUT_CONFIG', 'marginPercent'],
      ['BAD_CASH_OUT_CONFIG', 'delaySeconds'],
      ['BAD_CASH_OUT_CONFIG', 'defaultTolerance'],
      ['BAD_CASH_OUT_CONFIG', 'minimumOffer'],
      ['BAD_CASH_OUT_CONFIG', 'minimumPart'],
      ['BAD_CASH_OUT_CONFIG', 'enabledMarkets'],
    ]);
  });

  it('given dated versions, when asked at an instant, then the one in force, else the defaults', () => {
    const versions = [
      {
        effectiveFrom: '2026-01-01T00:00:00+03:00',
        config: { ...DEFAULT_CASH_OUT_CONFIG, marginPercent: 4 },
      },
      {
        effectiveFrom: '2026-06-01T00:00:00+03:00',
        config: { ...DEFAULT_CASH_OUT_CONFIG, marginPercent: 6 },
      },
    ];
    expect(cashOutConfigAt(versions, '2025-12-31T00:00:00+03:00')).toBe(DEFAULT_CASH_OUT_CONFIG);
    expect(cashOutConfigAt(versions, '2026-03-01T00:00:00+03:00').marginPercent).toBe(4);
    expect(cashOutConfigAt(versions, '2026-06-01T00:00:00+03:00').marginPercent).toBe(6);
  });
});
