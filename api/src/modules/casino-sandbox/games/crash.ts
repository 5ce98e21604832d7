/**
 * The crash game (issue 22 §4): a multiplier rises from 1.00× until it crashes; a bet cashed out before
 * the crash (manually, or automatically at a target) pays stake × multiplier, else it loses.
 *
 * Crash point, provably fair (docs/casino.md "Crash"): take the first 52 bits `h` of the round's stream
 * ({@link fairStream}), let `d = 2^52 − h` (1 … 2^52) and
 *
 *     crash (hundredths) = min(CRASH_MAX, max(100, floor(99 · 2^52 / d)))
 *
 * so `P(crash ≥ M) = floor(99 · 2^52 / M) / 2^52` for every cash-out target `M` from 1.01× to the
 * maximum: about 0.99 / M. A bet cashed out at `M` therefore returns `M · P(crash ≥ M)` ≈ 99 %
 * whatever `M` is: the house edge is {@link CRASH_HOUSE_EDGE_PERCENT} % (exact figure:
 * {@link crashExactRtp}). About 1.98 % of rounds crash at 1.00× (every bet loses).
 *
 * Multipliers are integer hundredths (250 = 2.50×); money is whole TZS, the payout rounded down.
 */
import { fairStream, seedHash, streamBits, type FairInputs } from './fair.ts';

/** House edge of the crash game, percent. RTP = 100 − this, for any cash-out target. */
export const CRASH_HOUSE_EDGE_PERCENT = 1;
/** Lowest cash-out target, hundredths (1.01×). */
export const CRASH_MIN_TARGET = 101;
/** Highest crash point and cash-out target, hundredths (10,000×). */
export const CRASH_MAX = 1_000_000;
/** Bits of the stream the crash point uses. */
export const CRASH_BITS = 52;
const TWO_52 = 2n ** 52n;
const RTP_HUNDREDTHS = BigInt(100 - CRASH_HOUSE_EDGE_PERCENT);

/** The crash point (hundredths) of 52 uniform bits `h` (0 ≤ h < 2^52): the formula above. */
export const crashPointOfBits = (h: bigint): number => {
  const d = TWO_52 - h;
  const raw = (RTP_HUNDREDTHS * TWO_52) / d;
  return Number(raw < 100n ? 100n : raw > BigInt(CRASH_MAX) ? BigInt(CRASH_MAX) : raw);
};

/** The crash point (hundredths) of a round. Throws `FairInputError` on malformed inputs. */
export const crashPoint = (inputs: FairInputs): number =>
  crashPointOfBits(streamBits(fairStream(inputs), CRASH_BITS));

/**
 * The exact RTP of cashing out at `target` hundredths, as a fraction `num / den` (bigints):
 * `target · floor(99 · 2^52 / target) / (100 · 2^52)`. Before the whole-TZS rounding of the payout.
 */
export const crashExactRtp = (target: number): { num: bigint; den: bigint } => {
  const m = BigInt(target);
  return { num: m * ((RTP_HUNDREDTHS * TWO_52) / m), den: 100n * TWO_52 };
};

/**
 * The exact RTP of a bet of `stake` TZS cashed out at `target` hundredths, with the payout's rounding down
 * to whole TZS: `floor(stake · target / 100) · floor(99 · 2^52 / target) / (stake · 2^52)`. Equal to
 * {@link crashExactRtp} when `stake · target` is a multiple of 100; lower otherwise (1 TZS at 1.50×: 66 %).
 */
export const crashExactRtpForStake = (stake: number, target: number): { num: bigint; den: bigint } => {
  const m = BigInt(target);
  const payout = (BigInt(stake) * m) / 100n;
  return { num: payout * ((RTP_HUNDREDTHS * TWO_52) / m), den: BigInt(stake) * TWO_52 };
};

/** Multiplier growth: hundredths at `elapsedMs` after the start are `floor(100 · e^(GROWTH · ms))`. */
export const CRASH_GROWTH_PER_MS = 0.00006;

/** The multiplier (hundredths) shown `elapsedMs` after the round started, before any crash. */
export const multiplierAt = (elapsedMs: number): number =>
  Math.min(CRASH_MAX, Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * Math.max(0, elapsedMs)) + 1e-9));

/** Milliseconds after the start at which the multiplier reaches `hundredths` (when the round crashes, for the crash point). */
export const msToReach = (hundredths: number): number =>
  Math.ceil(Math.log(hundredths / 100) / CRASH_GROWTH_PER_MS);

/**
 * Milliseconds after the start at which a round that crashes at `crash` hundredths ends: the first
 * millisecond at which the multiplier would pass the crash point (`msToReach(crash + 1)`), so the
 * crash point itself is shown and can be cashed out by hand, as an automatic cash-out at it is paid.
 * A round crashing at 1.00× ends at once (0).
 */
export const crashEndMs = (crash: number): number => (crash <= 100 ? 0 : msToReach(crash + 1));

/**
 * What a manual cash-out asked `elapsedMs` after the start of a round crashing at `crash` gets:
 * - `cashedOut` at the multiplier shown then (never above the crash point), from 1.01× on;
 * - `tooEarly` while the multiplier still shows 1.00× in a round that has not crashed: the cash-out is
 *   refused and the round goes on (a cash-out at 1.00× would only give the stake back, and settling it as
 *   a loss would take the stake of a round that has not crashed);
 * - `crashed` from {@link crashEndMs} on.
 *
 * So a manual cash-out at the moment showing `M` is paid exactly when `M ≤ crash`, as an automatic
 * cash-out at `M` is: its RTP is {@link crashExactRtp}`(M)`. The server's clock decides, never the player's.
 */
export type CrashCashOut =
  | { readonly kind: 'cashedOut'; readonly at: number }
  | { readonly kind: 'tooEarly' }
  | { readonly kind: 'crashed' };

/** The manual cash-out rule above. `elapsedMs`: milliseconds since the round started (server clock). */
export const manualCashOut = (elapsedMs: number, crash: number): CrashCashOut => {
  if (elapsedMs >= crashEndMs(crash)) return { kind: 'crashed' };
  const m = Math.min(multiplierAt(elapsedMs), crash);
  return m >= CRASH_MIN_TARGET ? { kind: 'cashedOut', at: m } : { kind: 'tooEarly' };
};

/** `true` when `target` is a valid cash-out target (whole hundredths from 1.01× to 10,000×). */
export const isCrashTarget = (target: number): boolean =>
  Number.isSafeInteger(target) && target >= CRASH_MIN_TARGET && target <= CRASH_MAX;

/**
 * Settles a bet of `stake` TZS cashed out at `cashOutAt` hundredths (null: never cashed out) in a round
 * that crashed at `crash` hundredths: wins `floor(stake · cashOutAt / 100)` when `cashOutAt ≤ crash`,
 * else 0. A cash-out below {@link CRASH_MIN_TARGET} is not possible (it is treated as never).
 */
export const settleCrash = (stake: number, cashOutAt: number | null, crash: number): number =>
  cashOutAt !== null && isCrashTarget(cashOutAt) && cashOutAt <= crash
    ? Number((BigInt(stake) * BigInt(cashOutAt)) / 100n)
    : 0;

/** What {@link verifyCrash} found. */
export interface CrashVerification {
  readonly ok: boolean;
  readonly hashMatches: boolean;
  readonly crashMatches: boolean;
  readonly expectedCrash: number | null;
}

/**
 * Checks a round the player saw: the revealed seed hashes to the hash shown before, and the crash point
 * is the one the inputs give. Never throws: malformed inputs fail.
 */
export const verifyCrash = (inputs: FairInputs, shownHash: string, shownCrash: number): CrashVerification => {
  try {
    const expectedCrash = crashPoint(inputs);
    const hashMatches = seedHash(inputs.serverSeed) === shownHash.trim().toLowerCase();
    const crashMatches = expectedCrash === shownCrash;
    return { ok: hashMatches && crashMatches, hashMatches, crashMatches, expectedCrash };
  } catch {
    return { ok: false, hashMatches: false, crashMatches: false, expectedCrash: null };
  }
};
