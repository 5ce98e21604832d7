/**
 * The racing configuration in force (spec §3 "Racing config", §9 racing defaults; docs/racing.md
 * "Configuration"): one row of `racing_config`, seeded with the spec's defaults, edited by staff with
 * `config.edit`. Besides the spec's fields it holds the schedule (issue 19: a round every 3 minutes,
 * betting closing 20 s before the draw), the device-clock skew of spec §5 and the RTP warning band.
 */
import {
  DEFAULT_RACING_CONFIG,
  DEFAULT_RACING_SCHEDULE,
  DEFAULT_RTP_BAND,
  domainError,
  type DomainError,
  type RacingConfig,
  type RacingSchedule,
} from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';

/** Everything of the racing configuration row. */
export interface RacingSettings {
  /** The spec's fields (odds, amounts in TZS, rates in percent). */
  readonly config: RacingConfig;
  /** Seconds between draws and the closing lead before the draw. */
  readonly schedule: RacingSchedule;
  /** Largest difference between a device's clock and the server's, seconds (spec §5 device-clock check). */
  readonly maxClockSkewSeconds: number;
  /** RTP warning band of the configuration screen, percent (decision 0017). */
  readonly rtpBand: { readonly min: number; readonly max: number };
  /** When and by whom it was last changed. */
  readonly updatedAt: string;
  readonly updatedBy: string;
}

interface ConfigRow {
  readonly config: RacingConfig;
  readonly period_seconds: number;
  readonly close_before_draw_seconds: number;
  readonly max_clock_skew_seconds: number;
  readonly rtp_band_min: string;
  readonly rtp_band_max: string;
  readonly updated_at: Date | string;
  readonly updated_by: string;
}

/**
 * The schedule a fresh configuration starts with: the default (a round every 180 s, betting closing
 * 20 s before the draw) unless `RACING_PERIOD_SECONDS` / `RACING_CLOSE_BEFORE_DRAW_SECONDS` say
 * otherwise (e2e tests and demos run short rounds from the first one; docs/racing.md "On the server").
 * Only read when no configuration is stored yet; staff edit it afterwards. Values the configuration
 * would refuse (a period under 30 s or not dividing a day, a lead not below the period) fall back to
 * the defaults.
 */
export const racingScheduleFromEnv = (env: NodeJS.ProcessEnv = process.env): RacingSchedule => {
  const period = Number(env['RACING_PERIOD_SECONDS'] ?? DEFAULT_RACING_SCHEDULE.periodSeconds);
  const lead = Number(
    env['RACING_CLOSE_BEFORE_DRAW_SECONDS'] ?? DEFAULT_RACING_SCHEDULE.closeBeforeDrawSeconds,
  );
  if (!Number.isInteger(period) || period < 30 || 86_400 % period !== 0) return DEFAULT_RACING_SCHEDULE;
  if (!Number.isInteger(lead) || lead < 0 || lead >= period)
    return {
      periodSeconds: period,
      closeBeforeDrawSeconds: Math.min(DEFAULT_RACING_SCHEDULE.closeBeforeDrawSeconds, period - 1),
    };
  return { periodSeconds: period, closeBeforeDrawSeconds: lead };
};

/** Inserts the spec's defaults (the schedule `schedule`, default the env's) when no configuration exists. */
export const seedRacingConfig = async (
  sql: SqlExecutor,
  schedule: RacingSchedule = racingScheduleFromEnv(),
): Promise<void> => {
  await sql.query(
    `INSERT INTO racing_config (id, config, period_seconds, close_before_draw_seconds, rtp_band_min, rtp_band_max)
     VALUES (1, $1::jsonb, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
    [
      JSON.stringify(DEFAULT_RACING_CONFIG),
      schedule.periodSeconds,
      schedule.closeBeforeDrawSeconds,
      DEFAULT_RTP_BAND.min,
      DEFAULT_RTP_BAND.max,
    ],
  );
};

const toSettings = (row: ConfigRow): RacingSettings => ({
  config: { ...DEFAULT_RACING_CONFIG, ...row.config },
  schedule: {
    periodSeconds: row.period_seconds,
    closeBeforeDrawSeconds: row.close_before_draw_seconds,
  },
  maxClockSkewSeconds: row.max_clock_skew_seconds,
  rtpBand: { min: Number(row.rtp_band_min), max: Number(row.rtp_band_max) },
  updatedAt: new Date(row.updated_at).toISOString(),
  updatedBy: row.updated_by,
});

/** How long a placement may use the configuration read before, ms (decision 0101). */
export const SETTINGS_MAX_AGE_MS = 1_000;

/** The configuration each executor read last, and when (performance.now() ms). */
const recent = new WeakMap<SqlExecutor, { readonly settings: RacingSettings; readonly readAt: number }>();
/** The placement path's read under way on each executor, shared by the placements that need one meanwhile. */
const reading = new WeakMap<SqlExecutor, Promise<RacingSettings>>();
/** Saves through each executor so far: a read that a save overtook does not become {@link recent}. */
const saves = new WeakMap<SqlExecutor, number>();

/** The configuration in force; the spec's defaults (seeded on the spot) when none is stored yet. */
export const racingSettings = async (sql: SqlExecutor): Promise<RacingSettings> => {
  const savesBefore = saves.get(sql) ?? 0;
  const read = () =>
    sql.query<ConfigRow>(
      `SELECT config, period_seconds, close_before_draw_seconds, max_clock_skew_seconds,
              rtp_band_min::text, rtp_band_max::text, updated_at, updated_by FROM racing_config WHERE id = 1`,
    );
  let { rows } = await read();
  if (rows.length === 0) {
    await seedRacingConfig(sql);
    ({ rows } = await read());
  }
  const settings = toSettings(rows[0]!);
  if ((saves.get(sql) ?? 0) === savesBefore) recent.set(sql, { settings, readAt: performance.now() });
  return settings;
};

/**
 * The configuration for the placement path (decision 0101): the one this executor read within the
 * last {@link SETTINGS_MAX_AGE_MS}, else read afresh — one statement a second instead of one per
 * order. The placements that find it stale together share one read (without that, every placement in
 * flight when it went stale read it: 0.19 reads per order in bench:racing at 32 connections). A change
 * saved through {@link saveRacingSettings} on the same executor is seen at once (a read under way when
 * it was saved is not shared nor kept); one saved by another process within a second.
 */
export const racingSettingsForPlacement = (sql: SqlExecutor): Promise<RacingSettings> => {
  const held = recent.get(sql);
  if (held && performance.now() - held.readAt < SETTINGS_MAX_AGE_MS) return Promise.resolve(held.settings);
  const under = reading.get(sql);
  if (under) return under;
  const read = racingSettings(sql).finally(() => {
    if (reading.get(sql) === read) reading.delete(sql);
  });
  reading.set(sql, read);
  return read;
};

/** A change of the configuration (every field optional: absent = unchanged). */
export type RacingSettingsChange = Partial<RacingConfig> & {
  readonly periodSeconds?: number;
  readonly closeBeforeDrawSeconds?: number;
  readonly maxClockSkewSeconds?: number;
  readonly rtpBandMin?: number;
  readonly rtpBandMax?: number;
};

const ODDS = /^\d{1,7}(\.\d{1,4})?$/;
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/**
 * Why `next` cannot be stored, or `undefined`: `RACING_CONFIG_INVALID` with the `field` (odds above 1,
 * percents 0–100, whole positive TZS amounts on the 100 step, minimum ≤ maximum, `no_bet` 0 or 1,
 * 10 cars, a period dividing a day and longer than the closing lead, a band min ≤ max).
 */
export const racingSettingsError = (next: RacingSettings): DomainError | undefined => {
  const bad = (field: string, message: string) => domainError('RACING_CONFIG_INVALID', message, { field });
  const c = next.config;
  for (const field of [
    'champion',
    'championAndRunnerUp',
    'championAndRunnerUpAndThird',
    'singleOrDouble',
    'bigOrSmall',
  ] as const)
    if (!ODDS.test(c[field]) || Number(c[field]) <= 1) return bad(field, 'odds: decimal text above 1');
  for (const field of ['taxRate', 'convertTaxRate'] as const)
    if (!PERCENT.test(c[field]) || Number(c[field]) > 100) return bad(field, 'a percent from 0 to 100');
  const whole = (n: number) => Number.isSafeInteger(n) && n > 0;
  if (!whole(c.minimumBetAmount) || c.minimumBetAmount % 100 !== 0)
    return bad('minimumBetAmount', 'a positive multiple of 100 TZS');
  if (!whole(c.maxBetAmount) || c.maxBetAmount < c.minimumBetAmount)
    return bad('maxBetAmount', 'whole TZS, at least the minimum');
  if (!whole(c.jackpotBetAmount) || c.jackpotBetAmount % 100 !== 0)
    return bad('jackpotBetAmount', 'a positive multiple of 100 TZS');
  if (!Number.isSafeInteger(c.prizePool) || c.prizePool < 0) return bad('prizePool', 'whole TZS, 0 or more');
  if (c.noBet !== 0 && c.noBet !== 1) return bad('noBet', '0 or 1');
  if (c.numberPlayers !== 10) return bad('numberPlayers', 'the rules are written for 10 cars');
  if (c.highestProfit !== null && !whole(c.highestProfit)) return bad('highestProfit', 'whole TZS or none');
  const { periodSeconds: p, closeBeforeDrawSeconds: lead } = next.schedule;
  if (!Number.isInteger(p) || p < 30 || 86_400 % p !== 0)
    return bad('periodSeconds', 'at least 30 seconds, dividing a day');
  if (!Number.isInteger(lead) || lead < 0 || lead >= p)
    return bad('closeBeforeDrawSeconds', '0 to the period');
  if (!Number.isInteger(next.maxClockSkewSeconds) || next.maxClockSkewSeconds < 1)
    return bad('maxClockSkewSeconds', 'whole seconds, at least 1');
  if (!(next.rtpBand.min >= 0 && next.rtpBand.min <= next.rtpBand.max && next.rtpBand.max <= 1000))
    return bad('rtpBandMin', 'band min ≤ max');
  return undefined;
};

/** `current` with `change` applied (not stored). */
export const applyChange = (current: RacingSettings, change: RacingSettingsChange): RacingSettings => {
  const { periodSeconds, closeBeforeDrawSeconds, maxClockSkewSeconds, rtpBandMin, rtpBandMax, ...config } =
    change;
  const defined = Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined));
  return {
    ...current,
    config: { ...current.config, ...defined },
    schedule: {
      periodSeconds: periodSeconds ?? current.schedule.periodSeconds,
      closeBeforeDrawSeconds: closeBeforeDrawSeconds ?? current.schedule.closeBeforeDrawSeconds,
    },
    maxClockSkewSeconds: maxClockSkewSeconds ?? current.maxClockSkewSeconds,
    rtpBand: { min: rtpBandMin ?? current.rtpBand.min, max: rtpBandMax ?? current.rtpBand.max },
  };
};

/** Stores `next` (checked with {@link racingSettingsError} by the caller). */
export const saveRacingSettings = async (
  sql: SqlExecutor,
  next: RacingSettings,
  by: string,
): Promise<void> => {
  saves.set(sql, (saves.get(sql) ?? 0) + 1);
  recent.delete(sql);
  reading.delete(sql);
  await sql.query(
    `UPDATE racing_config SET config = $1::jsonb, period_seconds = $2, close_before_draw_seconds = $3,
            max_clock_skew_seconds = $4, rtp_band_min = $5, rtp_band_max = $6, updated_at = now(), updated_by = $7
     WHERE id = 1`,
    [
      JSON.stringify(next.config),
      next.schedule.periodSeconds,
      next.schedule.closeBeforeDrawSeconds,
      next.maxClockSkewSeconds,
      next.rtpBand.min,
      next.rtpBand.max,
      by,
    ],
  );
  saves.set(sql, (saves.get(sql) ?? 0) + 1);
  recent.delete(sql);
  reading.delete(sql);
};
