/**
 * A small table-backed fixed-window rate limiter (docs/auth.md "Rate limits"). GraphQL is one HTTP
 * route, so per-operation limits are taken inside resolvers. Counts live in `auth_rate_limits` so that
 * several server processes share them; one upsert per hit.
 */
import type { SqlExecutor } from '@bashiri/eventstore';
import { codedError } from '../graphql/errors.ts';

/** At most `max` hits per `windowMs` for one key. */
export interface RateRule {
  readonly max: number;
  readonly windowMs: number;
}

/**
 * The limits per operation (docs/auth.md): keyed by IP and, where there is one, by phone or account.
 * Failed logins count the same as good ones: the window bounds password guessing either way.
 */
export const RATE_LIMITS = {
  loginPerIp: { max: 30, windowMs: 15 * 60_000 },
  loginPerAccount: { max: 10, windowMs: 15 * 60_000 },
  registerPerIp: { max: 10, windowMs: 60 * 60_000 },
  smsPerIp: { max: 10, windowMs: 60 * 60_000 },
  smsPerPhone: { max: 5, windowMs: 60 * 60_000 },
  /** One code per phone and minute, like most SMS gateways ask. */
  smsPerPhoneMinute: { max: 1, windowMs: 60_000 },
  codeCheckPerPhone: { max: 10, windowMs: 60 * 60_000 },
  /**
   * Writes anyone may make (issue 15 item 6), per IP: client error reports, booking codes, banner
   * taps. Enough for a page full of errors or a busy shared address, not for a flood.
   */
  clientLogPerIp: { max: 60, windowMs: 10 * 60_000 },
  shareSlipPerIp: { max: 60, windowMs: 10 * 60_000 },
  clickRotationPerIp: { max: 120, windowMs: 10 * 60_000 },
  /** Deposit prompts (issue 15 item 6): to one's own phone, and to another number, per player and per phone. */
  depositPerPlayer: { max: 30, windowMs: 10 * 60_000 },
  depositOtherPhonePerPlayer: { max: 5, windowMs: 60 * 60_000 },
  depositOtherPhonePerPhone: { max: 5, windowMs: 60 * 60_000 },
  /** Codes a player may have sent to other phones to pay from (identity payment-phones.ts). */
  paymentPhoneCodesPerPlayer: { max: 5, windowMs: 24 * 60 * 60_000 },
} as const satisfies Record<string, RateRule>;

/** Hits left after this one (≥ 0), or the ms until the window ends when the limit is exceeded. */
export type RateResult =
  { readonly ok: true; readonly remaining: number } | { readonly ok: false; readonly retryAfterMs: number };

/** Counts one hit for `key` at `now` (epoch ms) against `rule`. */
export const hitRate = async (
  sql: SqlExecutor,
  key: string,
  rule: RateRule,
  now: number,
): Promise<RateResult> => {
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const result = await sql.query<{ hits: number }>(
    `INSERT INTO auth_rate_limits (key, window_start, hits) VALUES ($1, $2, 1)
     ON CONFLICT (key, window_start) DO UPDATE SET hits = auth_rate_limits.hits + 1
     RETURNING hits`,
    [key, windowStart],
  );
  const hits = Number(result.rows[0]!.hits);
  return hits <= rule.max
    ? { ok: true, remaining: rule.max - hits }
    : { ok: false, retryAfterMs: windowStart + rule.windowMs - now };
};

/**
 * Takes one hit on each `(key, rule)`; throws `RATE_LIMITED` (details: `retryAfterSeconds`) when any is
 * over its limit. All are counted even when the first fails, so a blocked caller stays blocked.
 */
export const enforceRates = async (
  sql: SqlExecutor,
  checks: readonly (readonly [key: string, rule: RateRule])[],
  now: number,
): Promise<void> => {
  let retryAfterMs = 0;
  for (const [key, rule] of checks) {
    const result = await hitRate(sql, key, rule, now);
    if (!result.ok) retryAfterMs = Math.max(retryAfterMs, result.retryAfterMs);
  }
  if (retryAfterMs > 0)
    throw codedError('RATE_LIMITED', 'too many attempts, try again later', {
      details: { retryAfterSeconds: Math.ceil(retryAfterMs / 1000) },
    });
};

/** Deletes windows that ended more than a day before `now` (run from the module's background loop). */
export const pruneRates = async (sql: SqlExecutor, now: number): Promise<void> => {
  await sql.query('DELETE FROM auth_rate_limits WHERE window_start < $1', [now - 2 * 86_400_000]);
};
