/**
 * Monte Carlo RTP of the racing bet types through the real draw ({@link drawOrder}) and the real payout
 * code ({@link settleRacingOrder}) (issue 19 "RTP"). The seeds come from `seedBytes` (crypto.randomBytes
 * in the CLI, a fixed stream in tests), so this stays pure. Statistics are floats; money stays integer.
 *
 * Each round places the same bets of every type (docs/racing.md "Checking the RTP by simulation"):
 * several tickets per bet where it lowers the variance without changing the RTP (RTP is linear in the
 * tickets while no cap binds). Luck Racing places `10 × luckBases` single-ticket bets: the 10 rotations
 * of each of `luckBases` fixed orders (`drawOrder("0"×64, "luck-base-<m>")`); the cars-in-place counts
 * of one base's rotations add up to 10 on any draw. With one ticket per round the 9,000× tier would
 * leave a standard error of about 3 points at 10⁶ rounds; with 400 tickets it is about 0.16.
 */
import { drawOrder, serverSeedFromBytes } from './draw.ts';
import { poolPerTicket, settleRacingOrder, tenOfTenTickets, type RacingTerms } from './payout.ts';
import { CAR_COUNT, DEFAULT_RACING_CONFIG, oddsOf, RacingBetType, type RacingConfig } from './rules.ts';
import type { RacingSelection } from './selection.ts';
import { ticketsOf } from './selection.ts';

/** Fixed Luck Racing orders whose 10 rotations each simulated round bets on (400 tickets). */
export const DEFAULT_LUCK_BASES = 40;

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The bets every simulated round places, per bet type. */
export const simulationBets = (luckBases = DEFAULT_LUCK_BASES): Record<RacingBetType, RacingSelection[]> => {
  const luck: RacingSelection[] = [];
  for (let m = 0; m < luckBases; m += 1) {
    const base = drawOrder('0'.repeat(64), `luck-base-${m}`);
    for (let shift = 0; shift < CAR_COUNT; shift += 1)
      luck.push({
        betType: RacingBetType.LuckRacing,
        positions: base.map((_, i) => [base[(i + shift) % CAR_COUNT] as number]),
      });
  }
  return {
    1: [{ betType: 1, positions: [range(1, 5)] }],
    2: [{ betType: 2, positions: [range(1, 5), range(1, 10)] }],
    3: [{ betType: 3, positions: [range(1, 5), range(1, 10), range(1, 10)] }],
    4: [{ betType: 4, options: ['odd'] }],
    5: [{ betType: 5, options: ['big'] }],
    6: luck,
  };
};

/** Simulated RTP of one bet type. */
export interface SimulatedRtp {
  readonly betType: RacingBetType;
  readonly rounds: number;
  /** Total staked, TZS. */
  readonly staked: number;
  /** Total returned before tax (gross), TZS. */
  readonly returned: number;
  /** returned ÷ staked. */
  readonly rtp: number;
  /** Standard error of `rtp` (sample standard deviation of a round's return ratio ÷ √rounds). */
  readonly standardError: number;
}

/**
 * Simulates `rounds` rounds (round ids `sim-0`, `sim-1`, …; seed of round i from `seedBytes(i)`, 32 bytes)
 * and returns the RTP of every bet type before tax, with its standard error.
 */
export const simulateRtp = (options: {
  readonly rounds: number;
  readonly seedBytes: (round: number) => Uint8Array;
  readonly config?: RacingConfig;
  /** Luck Racing base orders per round (10 tickets each); fewer is faster and noisier. */
  readonly luckBases?: number;
}): SimulatedRtp[] => {
  const config = options.config ?? DEFAULT_RACING_CONFIG;
  const bets = simulationBets(options.luckBases);
  const types = Object.values(RacingBetType);
  const plan = types.map((betType) => {
    const singleAmount = betType === RacingBetType.LuckRacing ? config.jackpotBetAmount : 100;
    const terms: RacingTerms = {
      odds: betType === RacingBetType.LuckRacing ? null : oddsOf(config, betType),
      taxRate: config.taxRate,
      highestProfit: null,
    };
    const placed = bets[betType].map((selection) => ({
      selection,
      singleAmount,
      amount: ticketsOf(selection) * singleAmount,
      terms,
    }));
    return { betType, placed, stake: placed.reduce((sum, bet) => sum + bet.amount, 0) };
  });
  const sums = types.map(() => ({ returned: 0, ratioSum: 0, ratioSquares: 0 }));
  for (let round = 0; round < options.rounds; round += 1) {
    const order = drawOrder(serverSeedFromBytes(options.seedBytes(round)), `sim-${round}`);
    let tenOfTen = 0;
    for (const bet of plan[5]?.placed ?? []) tenOfTen += tenOfTenTickets(bet.selection, order);
    const pool = poolPerTicket(config.prizePool, tenOfTen);
    plan.forEach(({ placed, stake }, t) => {
      let returned = 0;
      for (const bet of placed)
        returned += settleRacingOrder({
          selection: bet.selection,
          singleAmount: bet.singleAmount,
          amount: bet.amount,
          terms: bet.terms,
          order,
          poolPerTicket: pool,
        }).gross;
      const sum = sums[t] as (typeof sums)[number];
      sum.returned += returned;
      sum.ratioSum += returned / stake;
      sum.ratioSquares += (returned / stake) ** 2;
    });
  }
  const n = options.rounds;
  return plan.map(({ betType, stake }, t) => {
    const sum = sums[t] as (typeof sums)[number];
    const mean = sum.ratioSum / n;
    const variance = n > 1 ? Math.max(0, (sum.ratioSquares - n * mean * mean) / (n - 1)) : 0;
    return {
      betType,
      rounds: n,
      staked: stake * n,
      returned: sum.returned,
      rtp: sum.returned / (stake * n),
      standardError: Math.sqrt(variance / n),
    };
  });
};
