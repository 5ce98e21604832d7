/**
 * Cash-out (early settlement) configuration (spec §9 "Admin-configurable: … early-settlement delay";
 * issue 20 "Back office: cash-out settings"), versioned like the bet configuration
 * (`config/versions.ts`): a cash-out is priced with the version in force when it is quoted, and the
 * version is recorded on the bet's event. Rules: docs/cash-out.md; readings: decision 0019.
 */
import { domainError, type DomainError } from '../errors.ts';
import type { Percent, Tzs } from '../money/tzs.ts';
import { configAt, type Instant, type Versioned } from '../config/versions.ts';
import { MARKETS, type Market } from '../settlement/markets.ts';

/**
 * What a player accepts when the offer is re-priced after the early-settlement delay (the betting
 * module's odds policy names): any new value, only a value at least the one accepted, or only the
 * same value.
 */
export type CashOutTolerance = 'ACCEPT_ANY' | 'ACCEPT_HIGHER' | 'NONE';

/** Every {@link CashOutTolerance}. */
export const CASH_OUT_TOLERANCES: readonly CashOutTolerance[] = ['ACCEPT_ANY', 'ACCEPT_HIGHER', 'NONE'];

/** The cash-out settings in force. Amounts in whole TZS, percentages 0–100 with at most 2 decimals. */
export interface CashOutConfig {
  /** Master switch: false = no bet gets an offer (`CASH_OUT_DISABLED`). */
  readonly enabled: boolean;
  /** Cash-out margin, percent taken off the fair value (default 5). */
  readonly marginPercent: Percent;
  /** spec §9 "early-settlement delay": whole seconds (0–30) an accepted offer is held before re-pricing. */
  readonly delaySeconds: number;
  /** The tolerance a player's acceptance uses when it names none. */
  readonly defaultTolerance: CashOutTolerance;
  /** Offers (of the whole remaining stake) below this, TZS, are not made (`BELOW_FLOOR`). */
  readonly minimumOffer: Tzs;
  /** Smallest stake part of a partial cash-out, and smallest stake left running after one, TZS. */
  readonly minimumPart: Tzs;
  /** Market kinds whose legs may be cashed out; a bet with a leg on another kind gets no offer. */
  readonly enabledMarkets: readonly Market[];
  /** Whether credit-money bets (pay type 2, free bets) get offers (default false). */
  readonly creditBets: boolean;
}

/** Longest early-settlement delay staff may configure, seconds (as the rolling-bet hold). */
export const MAX_CASH_OUT_DELAY_SECONDS = 30;

/**
 * Defaults (the spec gives no figures): margin 5% (issue 20), delay 5 s (as the rolling-bet hold),
 * tolerance ACCEPT_HIGHER, no offer below 100 TZS (the stake step), parts of at least 100 TZS, every
 * market kind the model prices, credit-money bets not offered. See decision 0019.
 */
export const DEFAULT_CASH_OUT_CONFIG: CashOutConfig = {
  enabled: true,
  marginPercent: 5,
  delaySeconds: 5,
  defaultTolerance: 'ACCEPT_HIGHER',
  minimumOffer: 100,
  minimumPart: 100,
  enabledMarkets: MARKETS,
  creditBets: false,
};

/** A cash-out configuration taking effect at `effectiveFrom`. */
export interface CashOutConfigVersion extends Versioned {
  readonly config: CashOutConfig;
}

/**
 * The cash-out configuration in force at `instant`: the newest version not after it, else
 * {@link DEFAULT_CASH_OUT_CONFIG} (cash-out works out of the box). Throws `INVALID_INSTANT` (DomainFailure).
 */
export const cashOutConfigAt = (versions: readonly CashOutConfigVersion[], instant: Instant): CashOutConfig =>
  configAt(versions, instant)?.config ?? DEFAULT_CASH_OUT_CONFIG;

const isPercent = (v: unknown): boolean =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v < 100 && /^\d+(\.\d{1,2})?$/.test(String(v));
const isWholeTzs = (v: unknown, min: number): boolean =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= min;

/**
 * Why staff cannot save `config`, one `BAD_CASH_OUT_CONFIG` error per field at fault (empty = valid):
 * margin 0 ≤ m < 100 with at most 2 decimals; delay whole seconds 0–30; a known tolerance; floor and
 * minimum part whole TZS ≥ 1; known market kinds.
 */
export const cashOutConfigErrors = (config: CashOutConfig): DomainError[] => {
  const bad = (field: keyof CashOutConfig, rule: string) =>
    domainError('BAD_CASH_OUT_CONFIG', `${field}: ${rule}`, {
      field,
      details: { value: config[field] as unknown },
    });
  const errors: DomainError[] = [];
  if (typeof config.enabled !== 'boolean') errors.push(bad('enabled', 'true or false'));
  if (!isPercent(config.marginPercent))
    errors.push(bad('marginPercent', 'a percentage from 0 to below 100 with at most 2 decimals'));
  if (!isWholeTzs(config.delaySeconds, 0) || config.delaySeconds > MAX_CASH_OUT_DELAY_SECONDS)
    errors.push(bad('delaySeconds', `whole seconds from 0 to ${MAX_CASH_OUT_DELAY_SECONDS}`));
  if (!CASH_OUT_TOLERANCES.includes(config.defaultTolerance))
    errors.push(bad('defaultTolerance', CASH_OUT_TOLERANCES.join(', ')));
  if (!isWholeTzs(config.minimumOffer, 1)) errors.push(bad('minimumOffer', 'whole TZS of at least 1'));
  if (!isWholeTzs(config.minimumPart, 1)) errors.push(bad('minimumPart', 'whole TZS of at least 1'));
  if (!Array.isArray(config.enabledMarkets) || config.enabledMarkets.some((m) => !MARKETS.includes(m)))
    errors.push(bad('enabledMarkets', `a list of ${MARKETS.join(', ')}`));
  if (typeof config.creditBets !== 'boolean') errors.push(bad('creditBets', 'true or false'));
  return errors;
};
