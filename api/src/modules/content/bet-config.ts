/**
 * Staff editing of the bet configuration (issue 8 "configuration: bet config … every change versioned
 * with an effective time"; spec §3 "Bet config", §9 "Admin-configurable": min and max bet for balance
 * and free-bet payment, tax rate, single- and multi-match highest profit, minimum odds for the string
 * reward, customer-service text, pause text, rolling-bet delay on mobile and desktop, order warning
 * amount, min and max bet for mobile and desktop). Each change
 * appends a `bet_config_versions` row (the betting module's table, read by bet placement through
 * `configInForce`) holding the stored
 * configuration in force at `effectiveFrom` with the given fields replaced; a tax-rate change appends a
 * `tax_rules` row for sports at the same instant (the dated tax table wins over the configuration,
 * domain `betConfigAt`). The pause itself is `setBettingPause` (live module); tiers are
 * {@link setStringRewardTiers}.
 */
import {
  DEFAULT_BET_CONFIG,
  MAX_LIVE_BET_DELAY_SECONDS,
  configAt,
  isLiveBetDelaySeconds,
  isOrderWarningAmount,
  orderWarningAmount,
} from '@bashiri/domain';
import type { BetConfig } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';
import type { GraphQLContext } from '../../graphql/context.ts';
import { codedError } from '../../graphql/errors.ts';
import { transactionWithRetry } from '../../transactions.ts';
import { audit } from '../audit/index.ts';
import { requireStaff } from '../../auth/guard.ts';
import { checkEffectiveFrom, checkText } from './common.ts';

/** GraphQL `BetConfigInput`: fields left out stay as they are; a profit cap set to null means no cap. */
export interface BetConfigInput {
  readonly minimumBetAmount?: number | null;
  readonly minimumBetAmountVirtual?: number | null;
  readonly maxBetAmount?: number | null;
  readonly minStringRewardOdds?: string | null;
  readonly taxRatePercent?: number | null;
  readonly singleGameHighestProfit?: number | null;
  readonly multipleGameHighestProfit?: number | null;
  readonly customerService?: string | null;
  readonly pausePrompt?: string | null;
  /** Rolling-bet delay on mobile, whole seconds 0–30 (spec §9). */
  readonly liveBetDelaySecondsMobile?: number | null;
  /** Rolling-bet delay on desktop, whole seconds 0–30 (spec §9). */
  readonly liveBetDelaySecondsDesktop?: number | null;
  /** Order warning amount, whole TZS ≥ 1; null = no warning (spec §9). */
  readonly orderWarningAmount?: number | null;
  /** Minimum stake from the MOBILE channel, TZS, a multiple of 100; null = none (spec §9). */
  readonly minimumBetAmountMobile?: number | null;
  /** Maximum stake from the MOBILE channel, TZS, a multiple of 100; null = none (spec §9). */
  readonly maximumBetAmountMobile?: number | null;
  /** Minimum stake from the DESKTOP channel, TZS, a multiple of 100; null = none (spec §9). */
  readonly minimumBetAmountDesktop?: number | null;
  /** Maximum stake from the DESKTOP channel, TZS, a multiple of 100; null = none (spec §9). */
  readonly maximumBetAmountDesktop?: number | null;
}

/** Largest amount staff may set, TZS (a sanity bound, far above any stake or cap). */
const MAX_AMOUNT = 1_000_000_000_000;

const bad = (field: string, message: string) =>
  codedError('BAD_BET_CONFIG', `${field}: ${message}`, { field });

/** Stakes: whole TZS, multiples of the 100 step (spec §5 "Amount input: step 100"), at least 100. */
const checkStake = (value: number, field: string): number => {
  if (!Number.isSafeInteger(value) || value < 100 || value % 100 !== 0 || value > MAX_AMOUNT)
    throw bad(field, 'a multiple of 100, at least 100');
  return value;
};

/** The stake-limit fields of each channel (spec §9 "min and max bet for mobile and desktop"). */
const CHANNEL_STAKES = [
  ['minimumBetAmountMobile', 'maximumBetAmountMobile'],
  ['minimumBetAmountDesktop', 'maximumBetAmountDesktop'],
] as const;

/**
 * Applies the channel stake limits of `input` to `next` (null clears one), then checks every channel
 * against the limits in force after the change, so that each channel keeps a stake to bet (domain
 * `stakeLimits` combines them): a channel's minimum not above its maximum nor `maxBetAmount`; its
 * maximum not below the pay-type minimums. Throws `BAD_BET_CONFIG` naming the field.
 */
const applyChannelStakes = (
  next: { -readonly [K in keyof BetConfig]: BetConfig[K] },
  input: BetConfigInput,
): void => {
  for (const [minField, maxField] of CHANNEL_STAKES) {
    for (const field of [minField, maxField]) {
      const value = input[field];
      if (value === undefined) continue;
      next[field] = value === null ? null : checkStake(value, field);
    }
    const [minimum, maximum] = [next[minField], next[maxField]];
    if (maximum !== null && maximum < Math.max(next.minimumBetAmount, next.minimumBetAmountVirtual))
      throw bad(maxField, 'at least the minimum stakes');
    if (minimum !== null && minimum > Math.min(next.maxBetAmount, maximum ?? next.maxBetAmount))
      throw bad(minField, `not above ${maxField} nor maxBetAmount`);
  }
};

/** Applies `input` to `current`; throws `BAD_BET_CONFIG` naming the field. */
export const applyBetConfigInput = (current: BetConfig, input: BetConfigInput): BetConfig => {
  const next: { -readonly [K in keyof BetConfig]: BetConfig[K] } = { ...current };
  if (input.minimumBetAmount != null)
    next.minimumBetAmount = checkStake(input.minimumBetAmount, 'minimumBetAmount');
  if (input.minimumBetAmountVirtual != null)
    next.minimumBetAmountVirtual = checkStake(input.minimumBetAmountVirtual, 'minimumBetAmountVirtual');
  if (input.maxBetAmount != null) next.maxBetAmount = checkStake(input.maxBetAmount, 'maxBetAmount');
  if (next.maxBetAmount < Math.max(next.minimumBetAmount, next.minimumBetAmountVirtual))
    throw bad('maxBetAmount', 'at least the minimum stakes');
  if (input.minStringRewardOdds != null) {
    const odds = Number(input.minStringRewardOdds);
    if (!/^\d{1,4}(\.\d{1,2})?$/.test(input.minStringRewardOdds) || odds < 1)
      throw bad('minStringRewardOdds', 'decimal odds of at least 1.00, 2 decimals');
    next.minStringRewardOdds = input.minStringRewardOdds;
  }
  for (const field of ['singleGameHighestProfit', 'multipleGameHighestProfit'] as const) {
    if (!(field in input) || input[field] === undefined) continue;
    const value = input[field];
    if (value !== null && (!Number.isSafeInteger(value) || value < 1 || value > MAX_AMOUNT))
      throw bad(field, 'whole TZS above 0, or null for no cap');
    next[field] = value;
  }
  if ('orderWarningAmount' in input && input.orderWarningAmount !== undefined) {
    const value = input.orderWarningAmount;
    if (value !== null && (!isOrderWarningAmount(value) || value > MAX_AMOUNT))
      throw bad('orderWarningAmount', 'whole TZS above 0, or null for no warning');
    next.orderWarningAmount = value;
  }
  if (input.customerService != null)
    next.customerService = checkText(input.customerService, 'customerService', 200, false);
  if (input.pausePrompt != null) next.pausePrompt = checkText(input.pausePrompt, 'pausePrompt', 500, false);
  if (input.taxRatePercent != null) {
    const rate = input.taxRatePercent;
    if (!Number.isFinite(rate) || rate < 0 || rate > 100 || Math.round(rate * 100) !== rate * 100)
      throw bad('taxRatePercent', '0 to 100, 2 decimals');
    next.taxRatePercent = rate;
  }
  for (const field of ['liveBetDelaySecondsMobile', 'liveBetDelaySecondsDesktop'] as const) {
    const value = input[field];
    if (value == null) continue;
    if (!isLiveBetDelaySeconds(value))
      throw bad(field, `whole seconds from 0 to ${MAX_LIVE_BET_DELAY_SECONDS}`);
    next[field] = value;
  }
  applyChannelStakes(next, input);
  return next;
};

/** The stored version in force at `at` (ISO) and the sports tax rate then. */
const storedAt = async (tx: SqlExecutor, at: string) => {
  const { rows } = await tx.query<{ effective_from: Date | string; config: Partial<BetConfig> }>(
    `SELECT effective_from, config FROM bet_config_versions
     WHERE effective_from <= $1 ORDER BY effective_from DESC, id DESC LIMIT 1`,
    [at],
  );
  const tax = await tx.query<{ rate_percent: string }>(
    `SELECT rate_percent::text FROM tax_rules WHERE product = 'sports' AND effective_from <= $1
     ORDER BY effective_from DESC LIMIT 1`,
    [at],
  );
  const stored = rows[0]?.config ?? {};
  const config: BetConfig = {
    ...DEFAULT_BET_CONFIG,
    ...stored,
    ...(tax.rows[0] ? { taxRatePercent: Number(tax.rows[0].rate_percent) } : {}),
  };
  return { stored, config, version: rows[0] ? new Date(rows[0].effective_from).toISOString() : null };
};

/** The GraphQL `BetConfig` of a configuration and its version. */
const view = (config: BetConfig, version: string) => ({
  ...config,
  minStringRewardOdds: Number(config.minStringRewardOdds).toFixed(2),
  version,
});

/**
 * Staff `setBetConfig` (config.edit): appends the new version at `effectiveFrom` (default now; a
 * millisecond later when a version already starts at that instant). Audited `bet_config.set` with
 * before/after. Errors: FORBIDDEN, BAD_BET_CONFIG, EFFECTIVE_TIME_IN_PAST, TEXT_TOO_LONG.
 */
export const setBetConfig = async (
  ctx: GraphQLContext,
  input: BetConfigInput,
  effectiveFrom?: string | null,
) => {
  const viewer = requireStaff(ctx, 'config.edit');
  const at = checkEffectiveFrom(effectiveFrom, ctx.services.now());
  return transactionWithRetry(ctx.services.sql, async (tx) => {
    const before = await storedAt(tx, at);
    const next = applyBetConfigInput(before.config, input);
    let effective = at;
    for (;;) {
      const clash = await tx.query('SELECT 1 FROM bet_config_versions WHERE effective_from = $1', [
        effective,
      ]);
      if (clash.rows.length === 0) break;
      effective = new Date(Date.parse(effective) + 1).toISOString();
    }
    // The stored row keeps the admin's tax setting too; the dated tax rule decides what applies.
    await tx.query(
      `INSERT INTO bet_config_versions (effective_from, config, created_by) VALUES ($1, $2::jsonb, $3)`,
      [effective, JSON.stringify({ ...before.stored, ...next }), `staff:${viewer.staffId}`],
    );
    if (input.taxRatePercent != null && input.taxRatePercent !== before.config.taxRatePercent)
      await tx.query(
        `INSERT INTO tax_rules (product, effective_from, rate_percent) VALUES ('sports', $1, $2)
         ON CONFLICT (product, effective_from) DO UPDATE SET rate_percent = $2`,
        [effective, input.taxRatePercent],
      );
    await audit(tx, {
      actor: `staff:${viewer.staffId}`,
      ip: ctx.ip,
      action: 'bet_config.set',
      entity: 'bet_config',
      entityId: effective,
      before: { ...before.config, version: before.version },
      after: { ...next, version: effective },
      requestId: ctx.requestId,
    });
    return view(next, effective);
  });
};

/**
 * Staff `betConfigVersions` (config.edit): every stored version, newest effective first, at most 200,
 * each with its order warning amount (TZS or null; staff only, spec §9).
 */
export const betConfigVersions = async (ctx: GraphQLContext) => {
  requireStaff(ctx, 'config.edit');
  const sql = ctx.services.sql;
  const [{ rows }, taxes] = await Promise.all([
    sql.query<{
      effective_from: Date | string;
      config: Partial<BetConfig>;
      created_by: string;
      created_at: Date | string;
    }>(
      'SELECT effective_from, config, created_by, created_at FROM bet_config_versions ORDER BY effective_from DESC, id DESC LIMIT 200',
    ),
    sql.query<{ effective_from: Date | string; rate_percent: string }>(
      `SELECT effective_from, rate_percent::text FROM tax_rules WHERE product = 'sports' ORDER BY effective_from`,
    ),
  ]);
  const rules = taxes.rows.map((r) => ({
    effectiveFrom: new Date(r.effective_from).toISOString(),
    ratePercent: Number(r.rate_percent),
  }));
  const now = new Date(ctx.services.now()).toISOString();
  const inForce = configAt(
    rows.map((r) => ({ effectiveFrom: new Date(r.effective_from).toISOString() })),
    now,
  )?.effectiveFrom;
  return rows.map((r) => {
    const effective = new Date(r.effective_from).toISOString();
    const tax = configAt(rules, effective)?.ratePercent;
    const config: BetConfig = {
      ...DEFAULT_BET_CONFIG,
      ...r.config,
      ...(tax === undefined ? {} : { taxRatePercent: tax }),
    };
    return {
      effectiveFrom: effective,
      createdBy: r.created_by,
      createdAt: new Date(r.created_at).toISOString(),
      inForce: effective === inForce,
      config: view(config, effective),
      orderWarningAmount: orderWarningAmount(config),
    };
  });
};
