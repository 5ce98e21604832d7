/**
 * The bet configuration in force (spec §3 "Bet config", §9 defaults; architecture.md §3 "versioned
 * with effective dates"): dated versions in `bet_config_versions`, dated tax rules in `tax_rules`.
 * Seeded at start with the spec's defaults and Tanzania's sports-tax history.
 */
import { DEFAULT_BET_CONFIG, TANZANIA_TAX_RULES, betConfigAt, configAt } from '@bashiri/domain';
import type { BetConfig, TaxRule } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';

export interface ConfigInForce {
  /** The configuration, with the tax rate of the dated tax rule in force. */
  readonly config: BetConfig;
  /** `effective_from` of the version, ISO. */
  readonly version: string;
  readonly taxRule: TaxRule | null;
}

/** Inserts the spec defaults (effective since 2018) and the tax history when the tables are empty. */
export const seedBettingConfig = async (sql: SqlExecutor): Promise<void> => {
  await sql.query(
    `INSERT INTO bet_config_versions (effective_from, config, created_by)
     SELECT '2018-01-01T00:00:00+03:00', $1::jsonb, 'system:seed' WHERE NOT EXISTS (SELECT 1 FROM bet_config_versions)`,
    [JSON.stringify(DEFAULT_BET_CONFIG)],
  );
  for (const rule of TANZANIA_TAX_RULES) {
    await sql.query(
      `INSERT INTO tax_rules (product, effective_from, rate_percent) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [rule.product, rule.effectiveFrom, rule.ratePercent],
    );
  }
};

/** The dated configuration versions and tax rules as stored (what {@link configInForce} chooses from). */
interface ConfigHistory {
  readonly betConfigs: readonly { readonly effectiveFrom: string; readonly config: BetConfig }[];
  readonly taxRules: readonly TaxRule[];
}

/**
 * An SQL expression that changes whenever a row of `bet_config_versions` or `tax_rules` is inserted,
 * updated or deleted (row count and the sum of the rows' creating transaction ids): a cheap freshness
 * stamp for the cached history, read in the same round trip as the placement's other reads. Both
 * tables hold a handful of rows.
 */
export const CONFIG_STAMP_SQL = `((SELECT count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text FROM bet_config_versions)
  || '/' || (SELECT count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text FROM tax_rules))`;

const loadHistory = async (sql: SqlExecutor): Promise<ConfigHistory> => {
  const [versions, rules] = await Promise.all([
    sql.query<{ effective_from: Date | string; config: BetConfig }>(
      'SELECT effective_from, config FROM bet_config_versions ORDER BY effective_from',
    ),
    sql.query<{ product: TaxRule['product']; effective_from: Date | string; rate_percent: string }>(
      'SELECT product, effective_from, rate_percent::text FROM tax_rules ORDER BY effective_from',
    ),
  ]);
  const iso = (d: Date | string) => new Date(d).toISOString();
  const betConfigs = versions.rows.map((r) => ({
    effectiveFrom: iso(r.effective_from),
    config: { ...DEFAULT_BET_CONFIG, ...r.config },
  }));
  const taxRules: TaxRule[] = rules.rows.map((r) => ({
    product: r.product,
    effectiveFrom: iso(r.effective_from),
    ratePercent: Number(r.rate_percent),
  }));
  return { betConfigs, taxRules };
};

/** Chooses the version and tax rule in force at `atMs` (effective dates, domain `configAt`). */
const inForce = ({ betConfigs, taxRules }: ConfigHistory, atMs: number): ConfigInForce => {
  const at = new Date(atMs).toISOString();
  const config = betConfigAt({ betConfigs, taxRules }, 'sports', at) ?? DEFAULT_BET_CONFIG;
  const version = configAt(betConfigs, at)?.effectiveFrom ?? 'default';
  const taxRule = configAt(
    taxRules.filter((r) => r.product === 'sports'),
    at,
  );
  return { config, version, taxRule: taxRule ?? null };
};

/** The sports bet configuration in force at `atMs` (epoch ms), read from the database. */
export const configInForce = async (sql: SqlExecutor, atMs: number): Promise<ConfigInForce> =>
  inForce(await loadHistory(sql), atMs);

/**
 * Per database: the history last loaded and its {@link CONFIG_STAMP_SQL} stamp. The choice by effective
 * time is made on every call, so a version that comes into force later needs no reload.
 */
const histories = new WeakMap<object, { stamp: string; history: ConfigHistory }>();

/**
 * {@link configInForce} for a caller that read {@link CONFIG_STAMP_SQL} just now (bet placement): the
 * history is reloaded only when the stamp differs from the one it was loaded with, so a new version
 * (a betting pause, a new tax rate) applies from the next bet on, in every process.
 */
export const configInForceStamped = async (
  sql: SqlExecutor,
  stamp: string,
  atMs: number,
): Promise<ConfigInForce> => {
  let cached = histories.get(sql);
  if (cached?.stamp !== stamp) {
    cached = { stamp, history: await loadHistory(sql) };
    histories.set(sql, cached);
  }
  return inForce(cached.history, atMs);
};
