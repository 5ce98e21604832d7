/**
 * Pay config (spec §3 "Pay config", §9 limits): versioned rows of `pay_config_versions`, the one in
 * force being the latest whose `effective_from` has passed. Flags are 1 (on) / 0 (off) as in the spec.
 * Extras beyond the spec (docs/payments.md): halotel_* flags, `withdraw_approval_threshold` (TZS; a
 * withdrawal above it waits for staff), `whitelist_only` (1: only whitelisted players may withdraw).
 */
import type { PaymentLimits } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';
import { PROVIDER_NAMES, type ProviderId } from './port.ts';

export interface PayConfig {
  readonly tigo_recharge: number;
  readonly tigo_withdraw: number;
  readonly airtel_recharge: number;
  readonly airtel_withdraw: number;
  readonly vodacom_recharge: number;
  readonly vodacom_withdraw: number;
  readonly halotel_recharge: number;
  readonly halotel_withdraw: number;
  /** Minutes a USSD push is given before the deposit expires (late successes are still credited). */
  readonly recharge_delay: number;
  readonly minimum_recharge: number;
  readonly max_recharge: number;
  readonly minimum_withdraw: number;
  readonly max_withdraw: number;
  readonly prohibit_withdrawal: number;
  readonly withdraw_approval_threshold: number;
  readonly whitelist_only: number;
}

/**
 * A pay-config switch (spec §3 "Pay config": `*_recharge`, `*_withdraw`, `prohibit_withdrawal`,
 * `whitelist_only`): 1 on, 0 off.
 */
export const PAY_SWITCH = { OFF: 0, ON: 1 } as const;

/** Spec §9 defaults. */
export const DEFAULT_PAY_CONFIG: PayConfig = {
  tigo_recharge: 1,
  tigo_withdraw: 1,
  airtel_recharge: 1,
  airtel_withdraw: 1,
  vodacom_recharge: 1,
  vodacom_withdraw: 1,
  halotel_recharge: 1,
  halotel_withdraw: 1,
  recharge_delay: 5,
  minimum_recharge: 100,
  max_recharge: 3_000_000,
  minimum_withdraw: 1_000,
  max_withdraw: 3_000_000,
  prohibit_withdrawal: 0,
  withdraw_approval_threshold: 1_000_000,
  whitelist_only: 0,
};

export const PAY_CONFIG_KEYS = Object.keys(DEFAULT_PAY_CONFIG) as (keyof PayConfig)[];

/** The pay config in force at `at` (ISO-8601), with its version. */
export const payConfigAt = async (
  tx: SqlExecutor,
  at: string,
): Promise<{ version: number; effectiveFrom: string; config: PayConfig }> => {
  const { rows } = await tx.query<{
    version: number;
    effective_from: Date | string;
    config: Partial<PayConfig>;
  }>(
    `SELECT version, effective_from, config FROM pay_config_versions WHERE effective_from <= $1
     ORDER BY effective_from DESC, version DESC LIMIT 1`,
    [at],
  );
  const row = rows[0];
  return {
    version: row?.version ?? 0,
    effectiveFrom: row ? new Date(row.effective_from).toISOString() : at,
    config: { ...DEFAULT_PAY_CONFIG, ...(row?.config ?? {}) },
  };
};

/** Whether `network`'s deposits (`recharge`) or withdrawals are switched on. */
export const channelEnabled = (
  c: PayConfig,
  network: ProviderId,
  direction: 'recharge' | 'withdraw',
): boolean => c[`${PROVIDER_NAMES[network]}_${direction}`] === PAY_SWITCH.ON;

/** The domain's limits for a request (Payment decider `limits`). */
export const limitsOf = (c: PayConfig, kind: 'deposit' | 'withdrawal', network: ProviderId): PaymentLimits =>
  kind === 'deposit'
    ? {
        minimum: c.minimum_recharge,
        maximum: c.max_recharge,
        enabled: channelEnabled(c, network, 'recharge'),
      }
    : {
        minimum: c.minimum_withdraw,
        maximum: c.max_withdraw,
        enabled: channelEnabled(c, network, 'withdraw') && c.prohibit_withdrawal !== PAY_SWITCH.ON,
      };

/** Checks a patch: known keys, non-negative whole numbers, flags 0/1, min ≤ max. Returns the merged config or an error text. */
export const mergePayConfig = (base: PayConfig, patch: Record<string, unknown>): PayConfig | string => {
  const next: Record<string, number> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined) continue;
    if (!(PAY_CONFIG_KEYS as string[]).includes(key)) return `unknown key ${key}`;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
      return `${key}: a whole number ≥ 0`;
    if (
      (key.endsWith('_recharge') ||
        key.endsWith('_withdraw') ||
        key === 'prohibit_withdrawal' ||
        key === 'whitelist_only') &&
      !key.startsWith('m') &&
      value > 1
    )
      return `${key}: 0 or 1`;
    next[key] = value;
  }
  const c = next as unknown as PayConfig;
  if (c.minimum_recharge < 1 || c.minimum_recharge > c.max_recharge)
    return 'minimum_recharge ≤ max_recharge, ≥ 1';
  if (c.minimum_withdraw < 1 || c.minimum_withdraw > c.max_withdraw)
    return 'minimum_withdraw ≤ max_withdraw, ≥ 1';
  return c;
};

/** Adds a version effective from `effectiveFrom`. */
export const insertPayConfig = async (
  tx: SqlExecutor,
  config: PayConfig,
  effectiveFrom: string,
  createdBy: string,
): Promise<number> => {
  const { rows } = await tx.query<{ version: number }>(
    `INSERT INTO pay_config_versions (effective_from, config, created_by) VALUES ($1, $2::jsonb, $3) RETURNING version`,
    [effectiveFrom, JSON.stringify(config), createdBy],
  );
  return rows[0]!.version;
};
