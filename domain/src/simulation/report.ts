/**
 * The season simulation's report (issue 17 items 4 and 7; docs/simulations.md "Report"): the shape the
 * simulator builds (`simulations/src/season/report.ts`) and the back office reads back from the store
 * where a run was kept (`api/src/modules/simulation/kept.ts`). Money in whole TZS; `hold`, `rtp` and
 * the calibration figures as fractions (0.05 = 5%). Definitions:
 *
 * - handle = Σ stakes; gross payout = Σ (payout + reward) of settled bets (winnings before withholding tax);
 * - GGR = handle − gross payout; hold = GGR ÷ handle; RTP = gross payout ÷ handle;
 * - withholding tax = Σ tax withheld from winnings (betting-rules §8), collected for the state;
 * - acca-bonus cost = Σ reward (string reward, spec §5);
 * - operator GGR tax = `ggrTaxPercent` of each month's GGR when positive (an assumption: the scenario's rate).
 */

/** Money figures of one group of simulated bets (TZS integers; ratios as fractions). */
export interface SimulationTotals {
  readonly bets: number;
  readonly handle: number;
  readonly grossPayout: number;
  readonly ggr: number;
  /** GGR ÷ handle (0 when no handle). */
  readonly hold: number;
  /** Gross payout ÷ handle (0 when no handle). */
  readonly rtp: number;
  readonly withholdingTax: number;
  readonly accaBonus: number;
  /** What the wallets were credited: gross payout − withholding tax (after caps). */
  readonly credited: number;
}

/** One reliability bin (10% of predicted probability): count, mean prediction, observed frequency. */
export interface ReliabilityBin {
  readonly n: number;
  readonly predicted: number;
  readonly observed: number;
}

/** Calibration of our 1X2 probabilities next to the bookmakers' closing prices (same matches for both). */
export interface SimulationCalibration {
  readonly matches: number;
  /** Matches with closing prices (the comparison set). */
  readonly compared: number;
  /** Multi-class Brier score (Σ over home/draw/away of (p − outcome)²), mean over matches: lower is better. */
  readonly brier: { readonly ours: number; readonly market: number | null };
  /** Mean −ln p(actual outcome): lower is better. */
  readonly logLoss: { readonly ours: number; readonly market: number | null };
  /** Reliability: per 10% bin of predicted probability (all three outcomes), ours and the market's. */
  readonly reliability: readonly {
    readonly bin: string;
    readonly ours: ReliabilityBin;
    readonly market: ReliabilityBin;
  }[];
}

/** One of the largest wins of a run (stake, payouts in TZS; `totalOdds` decimal odds as text). */
export interface SimulationLargestWin {
  readonly betId: string;
  readonly userId: string;
  readonly behaviour: string;
  readonly stake: number;
  readonly totalOdds: string;
  readonly grossPayout: number;
  readonly credited: number;
  readonly legs: number;
  readonly description: string;
}

/** Money into and out of the simulated wallets (TZS) and the bets the wallets refused. */
export interface SimulationPayments {
  readonly deposits: number;
  readonly depositCount: number;
  readonly withdrawals: number;
  readonly withdrawalCount: number;
  /** Bets the wallet refused (insufficient funds). */
  readonly rejectedBets: number;
}

/**
 * One pool-game issue of a run (docs/simulations.md "Pool games"; docs/pool-games.md "Pool"). TZS.
 * A settled issue: prizesPaid + rolledOver + breakage = pool + seedPaid; carryOver = rolledOver + breakage
 * is the next issue's carriedOver.
 */
export interface SimulationPoolIssue {
  readonly game: string;
  readonly issueId: string;
  readonly identifier: string;
  /** First kick-off (entries close), ISO-8601. */
  readonly firstKickoff: string;
  /** `open` when the run ended before its last match; `cancelled` by the void rule (stakes refunded). */
  readonly status: 'settled' | 'cancelled' | 'open';
  readonly tickets: number;
  readonly lines: number;
  /** Sales: Σ ticket stakes. */
  readonly stakes: number;
  readonly carriedOver: number;
  readonly pool: number;
  /** Gross prizes credited to tickets (the seed included). */
  readonly prizesPaid: number;
  /** The operator's `init_jackpot`, paid when the top tier is won. */
  readonly seedPaid: number;
  readonly rolledOver: number;
  readonly breakage: number;
  readonly carryOver: number;
  readonly withholdingTax: number;
  readonly credited: number;
  /** The top tier had a winning line. */
  readonly jackpotWon: boolean;
}

/**
 * Money figures of a run's pool games (TZS; hold as a fraction), over settled issues: handle = Σ stakes;
 * GGR = handle − gross prizes (the seed included); hold = GGR ÷ handle. `openStakes` are the stakes of
 * issues the run ended before settling; `carryOverAtEnd` the pools the last issues of each game left.
 */
export interface SimulationPoolTotals {
  readonly issues: number;
  readonly tickets: number;
  readonly lines: number;
  readonly handle: number;
  readonly grossPrizes: number;
  readonly withholdingTax: number;
  readonly credited: number;
  readonly ggr: number;
  readonly hold: number;
  readonly seedPaid: number;
  readonly jackpotsWon: number;
  readonly openStakes: number;
  readonly carryOverAtEnd: number;
}

/** The pool games of a run: totals, per game (`jackpot`, `luckysix`), and every issue by first kick-off. */
export interface SimulationPools {
  readonly totals: SimulationPoolTotals;
  readonly byGame: Readonly<Record<string, SimulationPoolTotals>>;
  readonly issues: readonly SimulationPoolIssue[];
  /** Tickets the wallet refused. */
  readonly rejectedTickets: number;
}

/**
 * Bets cashed out at half-time in a run (docs/simulations.md "Cash-out"). TZS. Not in the football
 * totals (those are bets settled on results): GGR = stakes − value paid; margin earned = fair value −
 * value paid (Σ over cash-outs); `wouldHavePaid` is what the same bets would have paid (gross) at full time.
 */
export interface SimulationCashOut {
  readonly marginPercent: number;
  readonly cashOuts: number;
  readonly stakes: number;
  readonly valuePaid: number;
  readonly withholdingTax: number;
  readonly credited: number;
  readonly fairValue: number;
  readonly marginEarned: number;
  readonly ggr: number;
  readonly wouldHavePaid: number;
}

/**
 * One racing bet type in a run (docs/simulations.md "Virtual racing"). TZS; RTPs as fractions.
 * `rtp` is measured (gross payout ÷ handle of the run's orders); `exactRtp` is the exact RTP of the
 * bet type at the run's odds (domain `exactRtp`: fixed odds or Luck Racing's fixed prizes, before tax
 * and cap), `exactPoolRtp` Luck Racing's prize-pool part when a ten-of-ten ticket wins it alone (an upper
 * bound; 0 for the other types).
 */
export interface SimulationRacingBetType {
  /** Bet type code 1–6 (docs/racing.md). */
  readonly betType: number;
  /** Odds of types 1–5 (decimal text); `null` for Luck Racing. */
  readonly odds: string | null;
  readonly orders: number;
  readonly tickets: number;
  readonly handle: number;
  readonly grossPayout: number;
  readonly ggr: number;
  readonly rtp: number;
  readonly exactRtp: number;
  readonly exactPoolRtp: number;
  readonly withholdingTax: number;
}

/** One of the largest racing wins of a run (TZS). */
export interface SimulationRacingWin {
  readonly betId: string;
  readonly userId: string;
  readonly betType: number;
  readonly amount: number;
  readonly grossPayout: number;
  readonly credited: number;
  /** Picks and the finishing order, e.g. `champion {3,7} · order 3,1,…`. */
  readonly description: string;
}

/**
 * Virtual racing in a run (docs/simulations.md "Virtual racing"), in racing coin (1 coin = 1 TZS). Not in
 * the football totals: handle = Σ amount payable of settled orders; gross payout = Σ gross (fixed return
 * after the cap + prize-pool share); GGR = handle − gross payout; hold = GGR ÷ handle; racing tax = Σ tax
 * on the orders' profits at `taxRatePercent`; coin bought (bill 15, untaxed) and sold back (bill 16),
 * the exchange tax on what was sold at `convertTaxRatePercent`; coin held at the end = bought − handle +
 * credited − sold.
 */
export interface SimulationRacing {
  readonly roundsPerDay: number;
  readonly rounds: number;
  readonly orders: number;
  readonly tickets: number;
  readonly handle: number;
  readonly grossPayout: number;
  readonly ggr: number;
  readonly hold: number;
  readonly rtp: number;
  /** Tax on racing winnings, percent (decimal text). */
  readonly taxRatePercent: string;
  readonly withholdingTax: number;
  /** What the racing coin pockets were credited: gross payout − racing tax. */
  readonly credited: number;
  /** Tax on racing coin → balance, percent (decimal text). */
  readonly convertTaxRatePercent: string;
  readonly coinBought: number;
  readonly coinSold: number;
  readonly exchangeTax: number;
  readonly coinHeldAtEnd: number;
  /** Luck Racing tickets with all ten cars in place, and the prize-pool shares they were paid. */
  readonly tenOfTenTickets: number;
  readonly poolPaid: number;
  /** Orders the wallet refused (none expected: the player buys coin first). */
  readonly rejectedOrders: number;
  readonly byBetType: readonly SimulationRacingBetType[];
  readonly largestWins: readonly SimulationRacingWin[];
}

/** What every report tells of its scenario (the simulator's scenario holds more). */
export interface SimulationReportScenario {
  readonly name: string;
  readonly seed: number;
  readonly leagues: readonly string[];
  readonly seasons: readonly string[];
  /** Operator's tax on positive monthly GGR, percent. */
  readonly ggrTaxPercent: number;
  /** Margin (overround percent) per market type; `default` for the rest. */
  readonly marginPercent: Readonly<Record<string, number>>;
  /** The bet configuration in force, when the scenario set one. */
  readonly config?: Readonly<Record<string, unknown>>;
}

/** The report of one run; `S` is the scenario type of whoever built it. */
export interface SimulationReport<S extends SimulationReportScenario = SimulationReportScenario> {
  readonly scenario: S;
  readonly runId: string;
  /** True when stopped before the last matchday: the report covers `matchdays` only. */
  readonly stopped: boolean;
  readonly matchdays: number;
  readonly matchdaysTotal: number;
  readonly matches: number;
  readonly bettors: number;
  readonly totals: SimulationTotals;
  /** TZS. */
  readonly operatorGgrTax: number;
  readonly payments: SimulationPayments;
  readonly byMarketType: Readonly<Record<string, SimulationTotals>>;
  readonly byBehaviour: Readonly<Record<string, SimulationTotals>>;
  readonly byLeague: Readonly<Record<string, SimulationTotals>>;
  /** By EAT month of placement, `yyyy-mm`. */
  readonly byMonth: Readonly<Record<string, SimulationTotals>>;
  readonly largestWins: readonly SimulationLargestWin[];
  readonly calibration: SimulationCalibration;
  /** The jackpot and Lucky Six, when the run had pool players (absent in reports of older runs). */
  readonly pools?: SimulationPools;
  /** Half-time cash-outs, when the scenario's `cashOutShare` is above 0. */
  readonly cashOut?: SimulationCashOut;
  /** Virtual racing, when the run had racing players and rounds (absent in reports of older runs). */
  readonly racing?: SimulationRacing;
}
