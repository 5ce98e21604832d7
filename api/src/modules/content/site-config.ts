/**
 * Site configuration versioned with an effective time (issue 8 "maintenance mode with customer-service
 * numbers; every change versioned with an effective time"; spec §3 "Phone area code", §9 "two random
 * customer-service numbers are shown when several exist", "three support chat links"), and the
 * string-reward tiers (spec §3 "String reward tier") as a new `bet_config_versions` row.
 *
 * The version in force at an instant is the latest whose `effective_from` is not after it (ties: the row
 * stored last), as `bet_config_versions` and `pay_config_versions`.
 */
import { errorLog } from '../../logger.ts';
import type { SqlExecutor } from '@bashiri/eventstore';
import type { GraphQLContext } from '../../graphql/context.ts';
import type { AppServices } from '../../services.ts';
import { codedError } from '../../graphql/errors.ts';
import { transactionWithRetry } from '../../transactions.ts';
import { audit } from '../audit/index.ts';
import { requireStaff } from '../../auth/guard.ts';
import {
  audited,
  checkEffectiveFrom,
  checkLink,
  checkLocalized,
  checkText,
  languageOf,
  localizedView,
  pick,
} from './common.ts';
import type { Localized, LocalizedInput } from './common.ts';

/** A phone area code (spec §3). */
export interface AreaCode {
  readonly country: string;
  readonly areaCode: string;
  readonly flag: string;
  readonly internationalName: string;
  readonly shown: boolean;
}

/** The stored site configuration (`site_config_versions.config`). */
export interface SiteConfigData {
  readonly maintenance: boolean;
  readonly maintenanceMessage: Localized;
  readonly customerServiceNumbers: readonly string[];
  readonly areaCodes: readonly AreaCode[];
  readonly supportLinks: readonly string[];
}

/**
 * Built-in defaults (spec §9 "Country phone codes +255 and +01"): no maintenance, Tanzania shown; +01
 * (North America) listed but hidden. The seed stores these with customer-service numbers as version 1.
 */
export const DEFAULT_SITE_CONFIG: SiteConfigData = {
  maintenance: false,
  maintenanceMessage: {
    sw: 'Tovuti iko kwenye matengenezo kwa muda mfupi. Tafadhali jaribu tena baadaye.',
    'en-US': 'The site is briefly down for maintenance. Please try again later.',
    'zh-CN': '网站正在进行短暂维护，请稍后再试。',
  },
  customerServiceNumbers: [],
  areaCodes: [
    { country: 'Tanzania', areaCode: '+255', flag: '🇹🇿', internationalName: 'Tanzania', shown: true },
    {
      country: 'United States',
      areaCode: '+01',
      flag: '🇺🇸',
      internationalName: 'United States',
      shown: false,
    },
  ],
  supportLinks: [],
};

/** Topic of `siteConfig` subscribers: published when the version in force may have changed. */
export const SITE_CONFIG = 'SITE_CONFIG';

/** How often the watcher looks for a future-dated version coming into force, ms. */
export const SITE_CONFIG_CHECK_MS = 10_000;

interface VersionRow {
  id: string;
  effective_from: Date | string;
  config: Partial<SiteConfigData>;
  created_by: string;
  created_at: Date | string;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

/** The version in force at `atMs` (epoch ms), or null before the first. */
const versionAt = async (sql: SqlExecutor, atMs: number): Promise<VersionRow | null> => {
  const { rows } = await sql.query<VersionRow>(
    `SELECT * FROM site_config_versions WHERE effective_from <= $1 ORDER BY effective_from DESC, id DESC LIMIT 1`,
    [new Date(atMs).toISOString()],
  );
  return rows[0] ?? null;
};

/** The configuration in force at `atMs`, defaults filled in, with its effective time (null = defaults). */
export const siteConfigAt = async (
  sql: SqlExecutor,
  atMs: number,
): Promise<{ config: SiteConfigData; effectiveFrom: string | null; id: string | null }> => {
  const row = await versionAt(sql, atMs);
  return row
    ? {
        config: { ...DEFAULT_SITE_CONFIG, ...row.config },
        effectiveFrom: iso(row.effective_from),
        id: String(row.id),
      }
    : { config: DEFAULT_SITE_CONFIG, effectiveFrom: null, id: null };
};

/** Public `siteConfig`: the configuration in force, in the language asked (else the caller's), hidden area codes left out. */
export const siteConfigView = async (ctx: GraphQLContext, language?: string | null) => {
  const locale = languageOf(ctx, language);
  const { config, effectiveFrom } = await siteConfigAt(ctx.services.sql, ctx.services.now());
  return {
    maintenance: config.maintenance,
    maintenanceMessage: pick(config.maintenanceMessage, locale),
    customerServiceNumbers: config.customerServiceNumbers,
    areaCodes: config.areaCodes.filter((a) => a.shown),
    supportLinks: config.supportLinks,
    effectiveFrom,
  };
};

const versionView = (row: VersionRow, inForceId: string | null) => {
  const config = { ...DEFAULT_SITE_CONFIG, ...row.config };
  return {
    id: String(row.id),
    effectiveFrom: iso(row.effective_from),
    maintenance: config.maintenance,
    maintenanceMessage: localizedView(config.maintenanceMessage),
    customerServiceNumbers: config.customerServiceNumbers,
    areaCodes: config.areaCodes,
    supportLinks: config.supportLinks,
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    inForce: String(row.id) === inForceId,
  };
};

/** Staff `siteConfigVersions` (config.edit): newest effective first, at most 200. */
export const siteConfigVersions = async (ctx: GraphQLContext) => {
  requireStaff(ctx, 'config.edit');
  const [{ rows }, inForce] = await Promise.all([
    ctx.services.sql.query<VersionRow>(
      'SELECT * FROM site_config_versions ORDER BY effective_from DESC, id DESC LIMIT 200',
    ),
    siteConfigAt(ctx.services.sql, ctx.services.now()),
  ]);
  return rows.map((r) => versionView(r, inForce.id));
};

/** GraphQL `SiteConfigInput`. */
export interface SiteConfigInput {
  readonly maintenance: boolean;
  readonly maintenanceMessage: LocalizedInput;
  readonly customerServiceNumbers: readonly string[];
  readonly areaCodes: readonly AreaCode[];
  readonly supportLinks?: readonly string[] | null;
}

/** A customer-service phone number: optional +, 6–15 digits, spaces allowed; else `BAD_PHONE`. */
const checkPhone = (value: string): string => {
  const text = value.trim().replace(/\s+/g, ' ');
  const digits = text.replace(/[\s+]/g, '');
  if (!/^\+?[0-9 ]+$/.test(text) || !/^\d{6,15}$/.test(digits))
    throw codedError('BAD_PHONE', `not a phone number: ${value}`, { field: 'customerServiceNumbers' });
  return text;
};

/** Checks a whole configuration input; returns the stored form. */
export const checkSiteConfig = (input: SiteConfigInput): SiteConfigData => {
  const numbers = input.customerServiceNumbers.map(checkPhone);
  if (numbers.length < 1 || numbers.length > 10)
    throw codedError('BAD_PHONE', '1 to 10 customer-service numbers', { field: 'customerServiceNumbers' });
  if (input.areaCodes.length > 50)
    throw codedError('BAD_INPUT', 'at most 50 area codes', { field: 'areaCodes' });
  const areaCodes = input.areaCodes.map((a) => {
    const code = a.areaCode.trim();
    if (!/^\+\d{1,4}$/.test(code))
      throw codedError('BAD_AREA_CODE', `area code '+' and 1–4 digits, got ${a.areaCode}`, {
        field: 'areaCodes',
      });
    return {
      country: checkText(a.country, 'areaCodes.country', 80),
      areaCode: code,
      flag: checkText(a.flag, 'areaCodes.flag', 200, false),
      internationalName: checkText(a.internationalName, 'areaCodes.internationalName', 80),
      shown: a.shown,
    };
  });
  if (new Set(areaCodes.map((a) => a.areaCode)).size !== areaCodes.length)
    throw codedError('BAD_AREA_CODE', 'each area code once', { field: 'areaCodes' });
  const links = (input.supportLinks ?? []).map((l) => {
    const link = checkLink(l, 'supportLinks');
    if (!link || !link.startsWith('https://'))
      throw codedError('BAD_LINK', 'supportLinks: https addresses', { field: 'supportLinks' });
    return link;
  });
  if (links.length > 3) throw codedError('BAD_LINK', 'at most 3 support links', { field: 'supportLinks' });
  return {
    maintenance: input.maintenance,
    maintenanceMessage: checkLocalized(
      input.maintenanceMessage,
      'maintenanceMessage',
      500,
      input.maintenance,
    ),
    customerServiceNumbers: numbers,
    areaCodes,
    supportLinks: links,
  };
};

/** Staff `setSiteConfig` (config.edit): appends a version effective at `effectiveFrom` (default now). Audited. */
export const setSiteConfig = async (
  ctx: GraphQLContext,
  input: SiteConfigInput,
  effectiveFrom?: string | null,
) => {
  const viewer = requireStaff(ctx, 'config.edit');
  const config = checkSiteConfig(input);
  const at = checkEffectiveFrom(effectiveFrom, ctx.services.now());
  const row = await audited(ctx, viewer, { entity: 'site_config', verb: 'set' }, async (tx) => {
    const before = await siteConfigAt(tx, Date.parse(at));
    const created = (
      await tx.query<VersionRow>(
        `INSERT INTO site_config_versions (effective_from, config, created_by) VALUES ($1, $2::jsonb, $3) RETURNING *`,
        [at, JSON.stringify(config), `staff:${viewer.staffId}`],
      )
    ).rows[0]!;
    return {
      before: { effectiveFrom: before.effectiveFrom, ...before.config },
      after: { effectiveFrom: at, ...config },
      id: String(created.id),
      result: created,
    };
  });
  const inForce = await siteConfigAt(ctx.services.sql, ctx.services.now());
  if (inForce.id === String(row.id)) ctx.services.publish(SITE_CONFIG, { id: inForce.id });
  return versionView(row, inForce.id);
};

/**
 * Publishes {@link SITE_CONFIG} whenever the version in force changes by time alone (a future-dated
 * version reaching its effective time), checking every `everyMs`. Staff changes effective at once are
 * published by {@link setSiteConfig}, and the watcher, hearing them on the emitter, does not repeat
 * them (a repeat from another instance is harmless: subscribers re-read the state). Returns the stop
 * function.
 */
export const startSiteConfigWatcher = async (
  services: Pick<AppServices, 'sql' | 'now' | 'publish' | 'emitter' | 'logger'>,
  everyMs = SITE_CONFIG_CHECK_MS,
  log: (message: string, error: unknown) => void = errorLog(services.logger),
): Promise<() => Promise<void>> => {
  let last = (await siteConfigAt(services.sql, services.now())).id;
  // A change already published (by setSiteConfig on any instance) is not published again.
  const listener = (message: Record<string, unknown>, done: () => void) => {
    const payload = message['payload'] as { id?: unknown } | undefined;
    if (typeof payload?.id === 'string') last = payload.id;
    done();
  };
  await new Promise<void>((resolve) => services.emitter.on(SITE_CONFIG, listener, () => resolve()));
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const now = (await siteConfigAt(services.sql, services.now())).id;
      if (now !== last) {
        last = now;
        services.publish(SITE_CONFIG, { id: now });
      }
    } catch (error) {
      log('site configuration check failed (will retry):', error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void check(), everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    services.emitter.removeListener(SITE_CONFIG, listener);
  };
};

/** Stores {@link DEFAULT_SITE_CONFIG} with `numbers` as the first version when there is none. */
export const seedSiteConfig = async (sql: SqlExecutor, numbers: readonly string[]): Promise<void> => {
  await sql.query(
    `INSERT INTO site_config_versions (effective_from, config, created_by)
     SELECT '2018-01-01T00:00:00+03:00', $1::jsonb, 'system:seed' WHERE NOT EXISTS (SELECT 1 FROM site_config_versions)`,
    [JSON.stringify({ ...DEFAULT_SITE_CONFIG, customerServiceNumbers: numbers })],
  );
};

// ---------------------------------------------------------------------------------------------------
// String-reward tiers

/** GraphQL `StringRewardTierInput`. */
export interface TierInput {
  readonly strings: number;
  readonly cashBackPercent: number;
}

/** Tiers: strings 2–60 each once, percent 0–1000 with at most 2 decimals; sorted by strings. `BAD_TIER`. */
export const checkTiers = (tiers: readonly TierInput[]): TierInput[] => {
  if (tiers.length > 59) throw codedError('BAD_TIER', 'at most 59 tiers', { field: 'tiers' });
  for (const t of tiers) {
    if (!Number.isInteger(t.strings) || t.strings < 2 || t.strings > 60)
      throw codedError('BAD_TIER', `strings: 2 to 60, got ${t.strings}`, { field: 'tiers' });
    if (
      !Number.isFinite(t.cashBackPercent) ||
      t.cashBackPercent < 0 ||
      t.cashBackPercent > 1000 ||
      Math.round(t.cashBackPercent * 100) !== t.cashBackPercent * 100
    )
      throw codedError('BAD_TIER', `cashBackPercent: 0 to 1000, 2 decimals, got ${t.cashBackPercent}`, {
        field: 'tiers',
      });
  }
  if (new Set(tiers.map((t) => t.strings)).size !== tiers.length)
    throw codedError('BAD_TIER', 'each strings count once', { field: 'tiers' });
  return [...tiers]
    .map((t) => ({ strings: t.strings, cashBackPercent: t.cashBackPercent }))
    .sort((a, b) => a.strings - b.strings);
};

/**
 * Staff `setStringRewardTiers` (config.edit): appends a `bet_config_versions` row effective at
 * `effectiveFrom` (default now) holding the stored configuration in force then with the new tiers.
 * Audited `bet_config.set_string_rewards`. A version dated later than this one still takes over at its date.
 */
export const setStringRewardTiers = async (
  ctx: GraphQLContext,
  input: readonly TierInput[],
  effectiveFrom?: string | null,
) => {
  const viewer = requireStaff(ctx, 'config.edit');
  const tiers = checkTiers(input);
  const at = checkEffectiveFrom(effectiveFrom, ctx.services.now());
  await transactionWithRetry(ctx.services.sql, async (tx) => {
    const { rows } = await tx.query<{ effective_from: Date | string; config: Record<string, unknown> }>(
      `SELECT effective_from, config FROM bet_config_versions
       WHERE effective_from <= $1 ORDER BY effective_from DESC, id DESC LIMIT 1`,
      [at],
    );
    const stored = rows[0]?.config ?? {};
    // bet_config_versions.effective_from is unique: when a version already starts at this very instant,
    // the new one starts a millisecond later (still "now" for every reader).
    let effective = at;
    for (;;) {
      const clash = await tx.query('SELECT 1 FROM bet_config_versions WHERE effective_from = $1', [
        effective,
      ]);
      if (clash.rows.length === 0) break;
      effective = new Date(Date.parse(effective) + 1).toISOString();
    }
    await tx.query(
      `INSERT INTO bet_config_versions (effective_from, config, created_by) VALUES ($1, $2::jsonb, $3)`,
      [effective, JSON.stringify({ ...stored, stringRewards: tiers }), `staff:${viewer.staffId}`],
    );
    await audit(tx, {
      actor: `staff:${viewer.staffId}`,
      ip: ctx.ip,
      action: 'bet_config.set_string_rewards',
      entity: 'bet_config',
      entityId: effective,
      before: {
        stringRewards: stored['stringRewards'] ?? [],
        version: rows[0] ? iso(rows[0].effective_from) : null,
      },
      after: { stringRewards: tiers, version: effective },
      requestId: ctx.requestId,
    });
  });
  return tiers;
};
