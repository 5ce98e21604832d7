/**
 * Versioned promotion configuration (issue 21 "amounts and thresholds are configuration, versioned";
 * docs/promotions.md "Defaults"): the referral programme, credit-money expiry and the purse target.
 * A new version is a new row of `promo_config_versions`; the one in force is the latest whose
 * `effective_from` has passed.
 */
import { DEFAULT_CREDIT_EXPIRY_DAYS, DEFAULT_REFERRAL_CONFIG, PURSE_BONUS } from '@bashiri/domain';
import type { ReferralConfig } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';
import { codedError } from '../../graphql/errors.ts';

/** The configuration of the promotion module (TZS amounts, whole days, percent). */
export interface PromotionConfig {
  readonly referral: ReferralConfig;
  /** Days after which unspent credit money of a grant expires (bill type 18). */
  readonly creditExpiryDays: number;
  /** Settled stakes (TZS) towards the purse bonus (spec §2 `/purse`). */
  readonly purseTarget: number;
  /** The purse bonus (TZS), 3,000 in the spec. */
  readonly purseBonus: number;
}

/** The defaults (decision 0026; the purse target is ours, decision 0046). */
export const DEFAULT_PROMOTION_CONFIG: PromotionConfig = {
  referral: DEFAULT_REFERRAL_CONFIG,
  creditExpiryDays: DEFAULT_CREDIT_EXPIRY_DAYS,
  purseTarget: 30_000,
  purseBonus: PURSE_BONUS,
};

/** The version in force at `at` (ISO), with its number (0 = the built-in defaults). */
export const configAt = async (
  sql: SqlExecutor,
  at: string,
): Promise<{ readonly version: number; readonly config: PromotionConfig }> => {
  const r = await sql.query<{ version: number; config: PromotionConfig }>(
    `SELECT version, config FROM promo_config_versions WHERE effective_from <= $1::timestamptz
     ORDER BY effective_from DESC, version DESC LIMIT 1`,
    [at],
  );
  const row = r.rows[0];
  return row
    ? { version: row.version, config: row.config }
    : { version: 0, config: DEFAULT_PROMOTION_CONFIG };
};

const whole = (value: unknown, field: string, min = 0) => {
  if (!Number.isSafeInteger(value) || (value as number) < min)
    throw codedError('INVALID_CONFIG', `${field}: a whole number ≥ ${min}`, { field });
  return value as number;
};

/**
 * Checks a configuration and stores it as a new version effective from `effectiveFrom` (ISO). Throws
 * `INVALID_CONFIG` (field named) for a negative or fractional amount, a percent outside 0–100.
 */
export const saveConfig = async (
  sql: SqlExecutor,
  config: PromotionConfig,
  effectiveFrom: string,
  createdBy: string,
): Promise<number> => {
  const r = config.referral;
  whole(r.qualifyingStakes, 'qualifyingStakes', 1);
  whole(r.reward, 'reward', 1);
  whole(r.invitationBonusCap, 'invitationBonusCap');
  whole(r.selfReferralIpWindowHours, 'selfReferralIpWindowHours');
  whole(config.creditExpiryDays, 'creditExpiryDays', 1);
  whole(config.purseTarget, 'purseTarget', 1);
  whole(config.purseBonus, 'purseBonus', 1);
  if (!(r.invitationBonusPercent >= 0 && r.invitationBonusPercent <= 100))
    throw codedError('INVALID_CONFIG', 'invitationBonusPercent: 0 to 100', {
      field: 'invitationBonusPercent',
    });
  if (Number.isNaN(Date.parse(effectiveFrom)))
    throw codedError('INVALID_CONFIG', 'effectiveFrom: an ISO-8601 instant', { field: 'effectiveFrom' });
  const inserted = await sql.query<{ version: number }>(
    `INSERT INTO promo_config_versions (effective_from, config, created_by) VALUES ($1, $2::jsonb, $3)
     RETURNING version`,
    [effectiveFrom, JSON.stringify(config), createdBy],
  );
  return inserted.rows[0]!.version;
};
