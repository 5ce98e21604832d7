/**
 * Monte Carlo RTP of the sandbox games through their real code (issue 22 §4 "RTP stated and checked by
 * simulation"; `npm run --silent bashiri -- casino rtp`, docs/cli.md). Each round draws a fresh server
 * seed from `seedBytes` (the CLI passes `crypto.randomBytes`), client seed `"sim"`, nonce = round number,
 * and settles the same stake through `settleCrash` / `settleDice`.
 */
import { crashExactRtp, crashPoint, manualCashOut, msToReach, multiplierAt, settleCrash } from './crash.ts';
import { diceCount, diceExactRtp, diceRoll, settleDice, type DiceBet } from './dice.ts';

/** One simulated bet kind: its label, exact RTP (fraction), simulated RTP and its standard error. */
export interface GameRtpRow {
  readonly game: 'crash' | 'dice';
  readonly label: string;
  readonly exact: { readonly num: bigint; readonly den: bigint };
  /** Mean return per TZS staked over the rounds. */
  readonly rtp: number;
  /** Standard error of `rtp` (sample standard deviation / √rounds). */
  readonly standardError: number;
}

/** Stake of every simulated bet (TZS): a multiple of 100, so crash payouts are exact. */
export const SIMULATED_STAKE = 10_000;

/** Cash-out targets the crash simulation reports (hundredths). */
export const CRASH_SIMULATED_TARGETS: readonly number[] = [101, 150, 200, 1_000];
/** Dice bets the simulation reports. */
export const DICE_SIMULATED_BETS: readonly DiceBet[] = [
  { direction: 'under', target: 5_000 },
  { direction: 'over', target: 8_999 },
  { direction: 'under', target: 9_800 },
  { direction: 'under', target: 100 },
];

interface Tally {
  sum: number;
  sumSquares: number;
}
const tally = (): Tally => ({ sum: 0, sumSquares: 0 });
const add = (t: Tally, x: number): void => {
  t.sum += x;
  t.sumSquares += x * x;
};
const finish = (t: Tally, n: number): { rtp: number; standardError: number } => {
  const mean = t.sum / n;
  const variance = Math.max(0, (t.sumSquares - n * mean * mean) / Math.max(1, n - 1));
  return { rtp: mean, standardError: Math.sqrt(variance / n) };
};

const seedOf = (seedBytes: (round: number) => Uint8Array, round: number): string =>
  Buffer.from(seedBytes(round)).toString('hex');

/** Simulates `rounds` crash rounds; every target cashes out of the same rounds. */
export const simulateCrashRtp = (
  rounds: number,
  seedBytes: (round: number) => Uint8Array,
  targets: readonly number[] = CRASH_SIMULATED_TARGETS,
): GameRtpRow[] => {
  const tallies = targets.map(tally);
  for (let round = 0; round < rounds; round += 1) {
    const crash = crashPoint({ serverSeed: seedOf(seedBytes, round), clientSeed: 'sim', nonce: round });
    targets.forEach((target, i) =>
      add(tallies[i] as Tally, settleCrash(SIMULATED_STAKE, target, crash) / SIMULATED_STAKE),
    );
  }
  return targets.map((target, i) => ({
    game: 'crash',
    label: `cash out at ${(target / 100).toFixed(2)}x`,
    exact: crashExactRtp(target),
    ...finish(tallies[i] as Tally, rounds),
  }));
};

/**
 * Moments of a manual cash-out the crash simulation reports (milliseconds after the start, server clock):
 * the first moment allowed (1.01×), a moment in between, about 2× and about 10×.
 */
export const CRASH_SIMULATED_MOMENTS_MS: readonly number[] = [msToReach(101), 6_000, 11_553, 38_377];

/**
 * Simulates `rounds` crash rounds cashed out **by hand** at fixed moments, through the sandbox's
 * {@link manualCashOut} rule (a cash-out refused as too early counts as a bet never cashed out: 0). The
 * exact figure of a moment is {@link crashExactRtp} of the multiplier shown then.
 */
export const simulateCrashManualRtp = (
  rounds: number,
  seedBytes: (round: number) => Uint8Array,
  moments: readonly number[] = CRASH_SIMULATED_MOMENTS_MS,
): GameRtpRow[] => {
  const tallies = moments.map(tally);
  for (let round = 0; round < rounds; round += 1) {
    const crash = crashPoint({ serverSeed: seedOf(seedBytes, round), clientSeed: 'sim', nonce: round });
    moments.forEach((ms, i) => {
      const out = manualCashOut(ms, crash);
      const win = settleCrash(SIMULATED_STAKE, out.kind === 'cashedOut' ? out.at : null, crash);
      add(tallies[i] as Tally, win / SIMULATED_STAKE);
    });
  }
  return moments.map((ms, i) => ({
    game: 'crash',
    label: `by hand at ${ms} ms (${(multiplierAt(ms) / 100).toFixed(2)}x)`,
    exact: crashExactRtp(multiplierAt(ms)),
    ...finish(tallies[i] as Tally, rounds),
  }));
};

/** Simulates `rounds` dice rounds; every bet is settled on the same rolls. */
export const simulateDiceRtp = (
  rounds: number,
  seedBytes: (round: number) => Uint8Array,
  bets: readonly DiceBet[] = DICE_SIMULATED_BETS,
): GameRtpRow[] => {
  const tallies = bets.map(tally);
  for (let round = 0; round < rounds; round += 1) {
    const roll = diceRoll({ serverSeed: seedOf(seedBytes, round), clientSeed: 'sim', nonce: round });
    bets.forEach((bet, i) =>
      add(tallies[i] as Tally, settleDice(SIMULATED_STAKE, bet, roll) / SIMULATED_STAKE),
    );
  }
  return bets.map((bet, i) => ({
    game: 'dice',
    label: `${bet.direction} ${(bet.target / 100).toFixed(2)} (${(diceCount(bet) / 100).toFixed(2)}% chance)`,
    exact: diceExactRtp(SIMULATED_STAKE, bet),
    ...finish(tallies[i] as Tally, rounds),
  }));
};

/** A fraction as a percent text with `decimals` decimals, rounded half up (exact bigint arithmetic). */
export const fractionPercent = (f: { num: bigint; den: bigint }, decimals = 4): string => {
  const scale = 10n ** BigInt(decimals);
  const scaled = (f.num * 100n * scale * 2n + f.den) / (2n * f.den);
  const text = scaled.toString().padStart(decimals + 1, '0');
  return `${text.slice(0, text.length - decimals)}.${text.slice(text.length - decimals)}`;
};
