/**
 * The purse (spec §2 `/purse` "Progress for the 3000 bonus promotion", §2 layout "purse icon", and the
 * rule "Purse icon shows only for users with an id, superior not 1, created before 2023-09-17"). Pure.
 */
import type { Tzs } from '../money/tzs.ts';

/** The purse bonus the spec names: 3,000 TZS. */
export const PURSE_BONUS: Tzs = 3_000;
/**
 * Registrations before this instant may see the purse: 2023-09-17 00:00 East Africa Time (UTC+3), our
 * reading of the spec's date (decision 0046).
 */
export const PURSE_CREATED_BEFORE = '2023-09-16T21:00:00.000Z';
/** The superior id that hides the purse (spec: "superior not 1"). */
export const PURSE_EXCLUDED_SUPERIOR = '1';

/** What the purse icon rule reads of a player. `createdAt` is an ISO-8601 instant. */
export interface PurseCandidate {
  readonly id: string | null;
  readonly superiorId: string | null;
  readonly createdAt: string;
}

/**
 * Whether the purse icon shows for `user` (spec §2): a user with an id, whose superior is not `1`, who
 * registered before {@link PURSE_CREATED_BEFORE}. An unparsable instant shows nothing.
 */
export const showsPurseIcon = (user: PurseCandidate | null): boolean => {
  if (!user || !user.id) return false;
  if (user.superiorId === PURSE_EXCLUDED_SUPERIOR) return false;
  const created = Date.parse(user.createdAt);
  return !Number.isNaN(created) && created < Date.parse(PURSE_CREATED_BEFORE);
};

/** Progress towards the purse bonus: settled stakes (TZS) against the target, as whole percent 0–100. */
export const purseProgress = (
  settledStakes: Tzs,
  target: Tzs,
): {
  readonly settledStakes: Tzs;
  readonly target: Tzs;
  readonly percent: number;
  readonly reached: boolean;
} => {
  const stakes = Math.max(0, settledStakes);
  const percent = target <= 0 ? 100 : Math.min(100, Math.floor((stakes * 100) / target));
  return { settledStakes: stakes, target, percent, reached: stakes >= target };
};
