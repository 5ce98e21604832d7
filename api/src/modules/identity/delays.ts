/**
 * Progressive delays after failed player logins (issue 15 item 5; docs/auth.md "Rate limits"), per
 * phone and per IP, instead of a fixed window that counted every attempt: a stranger who types wrong
 * passwords for a player's phone makes the next attempt wait a few seconds, never locks the player out
 * for a quarter of an hour. After `free` failures each attempt must wait 1 s, 2 s, 4 s, … (at most
 * `capMs`) since the previous attempt; a good password clears the phone's count; a key quiet for
 * `resetAfterMs` starts again from zero. Counts live in `auth_login_delays`, shared by every process;
 * the wait is checked and the attempt taken in one statement, so parallel attempts cannot slip past.
 */
import type { SqlExecutor } from '@bashiri/eventstore';
import { codedError } from '../../graphql/errors.ts';

/** One key's schedule: failures before any wait, the longest wait, when a quiet key starts over. */
export interface DelayRule {
  readonly free: number;
  readonly capMs: number;
  readonly resetAfterMs: number;
}

/** The schedules of player logins (docs/auth.md). */
export const LOGIN_DELAYS = {
  /** Per phone: 10 failures free, then 1 s doubling to at most 60 s between attempts. */
  phone: { free: 10, capMs: 60_000, resetAfterMs: 3_600_000 },
  /** Per IP (many players may share a carrier's address): 30 free, then doubling to 5 minutes. */
  ip: { free: 30, capMs: 300_000, resetAfterMs: 3_600_000 },
} as const satisfies Record<string, DelayRule>;

/** The wait after `failures` failed attempts under `rule`, ms. */
export const delayAfter = (failures: number, rule: DelayRule): number =>
  failures < rule.free ? 0 : Math.min(rule.capMs, 1000 * 2 ** Math.min(failures - rule.free, 30));

/**
 * Takes one attempt on each key, or throws `RATE_LIMITED` (details `retryAfterSeconds`) when any key
 * must still wait; keys that were free keep their attempt.
 */
export const takeLoginAttempt = async (
  sql: SqlExecutor,
  keys: readonly (readonly [key: string, rule: DelayRule])[],
  now: number,
): Promise<void> => {
  let waitMs = 0;
  for (const [key, rule] of keys) {
    const taken = await sql.query(
      `INSERT INTO auth_login_delays AS d (key, failures, last_attempt_ms) VALUES ($1, 0, $2)
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN d.last_attempt_ms <= $2 - $5 THEN 0 ELSE d.failures END,
         last_attempt_ms = $2
       WHERE d.last_attempt_ms <= $2 - $5
          OR d.failures < $3
          OR d.last_attempt_ms + LEAST($4::bigint, (1000 * power(2, LEAST(d.failures - $3, 30)))::bigint) <= $2
       RETURNING failures`,
      [key, now, rule.free, rule.capMs, rule.resetAfterMs],
    );
    if (taken.rows.length > 0) continue;
    const row = await sql.query<{ failures: number; last_attempt_ms: string }>(
      'SELECT failures, last_attempt_ms::text FROM auth_login_delays WHERE key = $1',
      [key],
    );
    const r = row.rows[0];
    if (r) waitMs = Math.max(waitMs, Number(r.last_attempt_ms) + delayAfter(r.failures, rule) - now);
  }
  if (waitMs > 0)
    throw codedError('RATE_LIMITED', 'too many failed attempts, wait a moment and try again', {
      details: { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) },
    });
};

/** Counts a failed attempt on each key. */
export const recordLoginFailure = async (sql: SqlExecutor, keys: readonly string[]): Promise<void> => {
  for (const key of keys)
    await sql.query('UPDATE auth_login_delays SET failures = failures + 1 WHERE key = $1', [key]);
};

/** Clears the failures of `key` (a good password for that phone). */
export const clearLoginFailures = async (sql: SqlExecutor, key: string): Promise<void> => {
  await sql.query('UPDATE auth_login_delays SET failures = 0 WHERE key = $1', [key]);
};
