/**
 * The cash-out settings in force (spec §9 "early-settlement delay"; issue 20 "Back office: cash-out
 * settings"; domain `CashOutConfig`, decision 0019 §13): dated versions in `cashout_config_versions`,
 * the domain defaults when there is none.
 */
import { cashOutConfigErrors, configAt, DEFAULT_CASH_OUT_CONFIG } from '@bashiri/domain';
import type { CashOutConfig, CashOutConfigVersion, DomainError } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';

/** The configuration in force and its version (`effective_from`, ISO; 'default' when none is stored). */
export interface CashOutConfigInForce {
  readonly config: CashOutConfig;
  readonly version: string;
}

const iso = (v: Date | string) => new Date(v).toISOString();

const loadVersions = async (sql: SqlExecutor): Promise<CashOutConfigVersion[]> => {
  const { rows } = await sql.query<{ effective_from: Date | string; config: CashOutConfig }>(
    'SELECT effective_from, config FROM cashout_config_versions ORDER BY effective_from',
  );
  return rows.map((r) => ({
    effectiveFrom: iso(r.effective_from),
    config: { ...DEFAULT_CASH_OUT_CONFIG, ...r.config },
  }));
};

const inForceAt = (versions: readonly CashOutConfigVersion[], nowMs: number): CashOutConfigInForce => {
  const inForce = configAt(versions, nowMs);
  return {
    config: inForce?.config ?? DEFAULT_CASH_OUT_CONFIG,
    version: inForce ? String(inForce.effectiveFrom) : 'default',
  };
};

/** The cash-out configuration in force at `nowMs` (epoch ms). One query. */
export const cashOutConfigInForce = async (sql: SqlExecutor, nowMs: number): Promise<CashOutConfigInForce> =>
  inForceAt(await loadVersions(sql), nowMs);

/**
 * An SQL expression that changes whenever a row of `cashout_config_versions` is inserted, updated or
 * deleted (row count and the sum of the rows' creating transaction ids, as betting's
 * `CONFIG_STAMP_SQL`): the freshness stamp of the cached versions (a handful of rows).
 */
export const CASH_OUT_CONFIG_STAMP_SQL = `(SELECT count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text FROM cashout_config_versions)`;

/** Per database: the versions last loaded and their {@link CASH_OUT_CONFIG_STAMP_SQL} stamp. */
const histories = new WeakMap<object, { stamp: string; versions: CashOutConfigVersion[] }>();

/**
 * {@link cashOutConfigInForce} for a caller that read {@link CASH_OUT_CONFIG_STAMP_SQL} just now: the
 * versions are reloaded only when the stamp differs from the one they were loaded with (so a save
 * applies from the next quote or acceptance on, in every process); the choice by effective time is
 * made on every call.
 */
export const cashOutConfigStamped = async (
  sql: SqlExecutor,
  stamp: string,
  nowMs: number,
): Promise<CashOutConfigInForce> => {
  let cached = histories.get(sql);
  if (cached?.stamp !== stamp) {
    cached = { stamp, versions: await loadVersions(sql) };
    histories.set(sql, cached);
  }
  return inForceAt(cached.versions, nowMs);
};

/**
 * Saves a new version effective now (whole configuration, validated by the domain's
 * `cashOutConfigErrors`). Returns the domain errors (none = saved).
 */
export const saveCashOutConfig = async (
  sql: SqlExecutor,
  config: CashOutConfig,
  staffId: string,
  nowMs: number,
): Promise<DomainError[]> => {
  const errors = cashOutConfigErrors(config);
  if (errors.length > 0) return errors;
  await sql.query(
    `INSERT INTO cashout_config_versions (effective_from, config, created_by) VALUES ($1, $2::jsonb, $3)
     ON CONFLICT (effective_from) DO UPDATE SET config = $2::jsonb, created_by = $3`,
    [new Date(nowMs).toISOString(), JSON.stringify(config), `staff:${staffId}`],
  );
  return [];
};
