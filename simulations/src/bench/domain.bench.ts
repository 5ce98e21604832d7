/**
 * Domain benchmark (`npm run bench:domain`): betslip quotes per second and leg settlements per second in
 * one process, each measured for a fixed wall-clock time on pre-built inputs; and the cash-out re-quote
 * of 10,000 bets on one match after one price change (docs/cash-out.md §6). Prints a human summary,
 * then as its LAST stdout line one JSON object (snake_case, units in the names).
 */
import { PAY_TYPE_BALANCE, PAY_TYPE_CREDIT } from '@bashiri/domain';
import {
  DEFAULT_BET_CONFIG,
  cashOutPotential,
  DEFAULT_CASH_OUT_CONFIG,
  liveMatchPricer,
  quoteMany,
  type CashOutBetInput,
  legResult,
  OUTCOME,
  pricingTerms,
  quote,
  settleBet,
  settleLeg,
  type BetConfig,
  type Betslip,
  type Leg,
  type MatchFacts,
} from '@bashiri/domain';

const SECONDS_EACH = Number(process.env.BENCH_SECONDS ?? 3);

/** Deterministic inputs: a small linear congruential generator, so every run prices the same slips. */
let seed = 20_240_701;
const next = (): number => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
const oddsText = (): string => {
  const hundredths = int(101, 900);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
};

const config: BetConfig = {
  ...DEFAULT_BET_CONFIG,
  multipleGameHighestProfit: 50_000_000,
  singleGameHighestProfit: 20_000_000,
  minStringRewardOdds: '1.2',
  stringRewards: Array.from({ length: 20 }, (_, i) => ({ strings: i + 2, cashBackPercent: 2 + i * 2 })),
};

const slips: Betslip[] = Array.from({ length: 1000 }, () => ({
  stake: int(1, 100) * 100,
  payType: next() < 0.9 ? PAY_TYPE_BALANCE : PAY_TYPE_CREDIT,
  selections: Array.from({ length: int(1, 12) }, (_, i) => ({
    selectionId: `s${i}`,
    matchId: `m${i}`,
    odds: oddsText(),
  })),
}));

const score = () => ({ home: int(0, 4), away: int(0, 4) });
const facts: MatchFacts[] = Array.from({ length: 1000 }, () => {
  const roll = next();
  if (roll < 0.9) {
    const ht = score();
    return {
      status: 'played',
      halfTime: ht,
      fullTime: { home: ht.home + int(0, 3), away: ht.away + int(0, 3) },
    };
  }
  if (roll < 0.96) return { status: 'abandoned', minute: int(1, 44), score: score() };
  return { status: 'postponed' };
});
const pickOf = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
const legs: Leg[] = Array.from({ length: 1000 }, () => {
  const odds = oddsText();
  const period = next() < 0.2 ? ('first_half' as const) : ('full_time' as const);
  const quarterish = (int(-12, 12) * 0.25).toFixed(2);
  return pickOf<Leg>([
    { market: '1x2', pick: pickOf(['home', 'draw', 'away'] as const), odds, period },
    { market: 'double_chance', pick: pickOf(['1X', 'X2', '12'] as const), odds, period },
    { market: 'both_teams_to_score', pick: pickOf(['yes', 'no'] as const), odds, period },
    {
      market: 'over_under',
      pick: pickOf(['over', 'under'] as const),
      line: (int(1, 22) * 0.25).toFixed(2),
      odds,
      period,
    },
    { market: 'asian_handicap', pick: pickOf(['home', 'away'] as const), line: quarterish, odds, period },
    { market: 'correct_score', pick: `${int(0, 3)}-${int(0, 3)}`, odds, period },
    { market: 'draw_no_bet', pick: pickOf(['home', 'away'] as const), odds, period },
  ]);
});
const terms = pricingTerms(config);
const won = legResult(OUTCOME.WON, 0, 'won');
const bets = slips.map((slip) => ({
  stake: slip.stake,
  payType: slip.payType,
  terms,
  legs: slip.selections.map((s) => ({ odds: s.odds, result: won })),
}));

/** Runs `work(i)` for `SECONDS_EACH` seconds; answers operations per second. */
const measure = (work: (i: number) => unknown): number => {
  let sink = 0;
  for (let i = 0; i < 2000; i += 1) sink += work(i) === undefined ? 0 : 1; // warm-up
  const start = performance.now();
  const until = start + SECONDS_EACH * 1000;
  let count = 0;
  while (performance.now() < until) {
    for (let i = 0; i < 200; i += 1) sink += work(count + i) === undefined ? 0 : 1;
    count += 200;
  }
  if (sink < 0) console.log(sink);
  return count / ((performance.now() - start) / 1000);
};

const quotesPerS = measure((i) => quote(slips[i % slips.length] as Betslip, config));
const legsPerS = measure((i) =>
  settleLeg(legs[i % legs.length] as Leg, facts[(i * 7) % facts.length] as MatchFacts),
);
const betsPerS = measure((i) => settleBet(bets[i % bets.length] as (typeof bets)[number]));
/**
 * Cash-out: 10,000 open bets with a leg on match m0 (1–4 legs; the other legs' live states fixed), and
 * one price change on m0: rebuild its model once (timed), re-quote every bet. Median ms of 15 re-quotes.
 */
const cashOutLegs: Leg[] = [
  ...(['home', 'draw', 'away'] as const).map((pick): Leg => ({ market: '1x2', pick, odds: '2.50' })),
  ...['1.5', '2.5', '3.5', '2.25'].map((line): Leg => ({
    market: 'over_under',
    pick: 'over',
    line,
    odds: '1.90',
  })),
  ...['-0.25', '-0.75', '0.5'].map((line): Leg => ({
    market: 'asian_handicap',
    pick: 'home',
    line,
    odds: '1.95',
  })),
  ...['1-0', '2-1', '1-1'].map((pick): Leg => ({ market: 'correct_score', pick, odds: '7.50' })),
];
const otherMatch = liveMatchPricer({
  matchId: 'm1',
  rates: { home: 1.3, away: 1.2 },
  clock: { phase: 'first_half', minute: 20, score: { home: 0, away: 0 } },
});
const cashOutBets: CashOutBetInput[] = Array.from({ length: 10_000 }, () => {
  const bet: CashOutBetInput = {
    stake: int(1, 100) * 100,
    payType: 1,
    terms,
    legs: Array.from({ length: int(1, 4) }, () => ({ leg: pickOf(cashOutLegs), result: null })),
  };
  // The potential payout does not move with prices: a server caches it per bet.
  return { ...bet, potentialPayout: cashOutPotential(bet) };
});
const requote = (minute: number): number => {
  const start = performance.now();
  const m0 = liveMatchPricer({
    matchId: 'm0',
    rates: { home: 1.5, away: 1.1 },
    clock: { phase: 'second_half', minute, score: { home: 1, away: 1 }, halfTimeScore: { home: 1, away: 0 } },
  });
  const quotes = quoteMany(
    cashOutBets,
    (bet, i) => (i === 0 ? m0 : otherMatch).legLive(bet.legs[i]!.leg, { status: 'open' }),
    { config: DEFAULT_CASH_OUT_CONFIG },
  );
  if (quotes.length !== cashOutBets.length) throw new Error('lost quotes');
  return performance.now() - start;
};
requote(50); // warm-up
const requoteMs = Array.from({ length: 15 }, (_, i) => requote(55 + i)).sort((a, b) => a - b)[7]!;

const meanSelections = slips.reduce((n, s) => n + s.selections.length, 0) / slips.length;

console.log(`domain benchmark, ${SECONDS_EACH} s each, one process (node ${process.version})`);
console.log(
  `  quotes:            ${Math.round(quotesPerS).toLocaleString('en')} /s  (1–12 selections, mean ${meanSelections.toFixed(1)})`,
);
console.log(
  `  leg settlements:   ${Math.round(legsPerS).toLocaleString('en')} /s  (7 football markets, 20% first half, quarter lines, abandoned, postponed)`,
);
console.log(
  `  bet settlements:   ${Math.round(betsPerS).toLocaleString('en')} /s  (same slips, every leg won)`,
);
console.log(
  `  cash-out re-quote:  ${requoteMs.toFixed(1)} ms  (10,000 bets with a leg on the match whose price changed, median of 15)`,
);
console.log(
  JSON.stringify({
    quotes_per_s: Math.round(quotesPerS),
    leg_settlements_per_s: Math.round(legsPerS),
    bet_settlements_per_s: Math.round(betsPerS),
    cashout_requote_10k_bets_ms: Number(requoteMs.toFixed(1)),
    mean_selections_per_slip: Number(meanSelections.toFixed(2)),
    seconds_per_measure: SECONDS_EACH,
  }),
);
