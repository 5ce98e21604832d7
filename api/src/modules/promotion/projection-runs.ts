/**
 * Set-based steps of the `promotion.triggers` projection (issue 21 "Speed"): a run of consecutive bet
 * events, or of consecutive `AccountRegistered` events, is applied in ONE statement whatever its length
 * (data-modifying CTEs over `unnest` of the run's columns), so a 1,000-event batch of the runner costs
 * a handful of round trips. What each step keeps is described in `projection.ts`.
 *
 * All CTEs of a statement see the tables as they were before it: a bet placed and settled in the same run
 * is found through the rows the statement itself inserts (`RETURNING`), never by reading them back.
 */
import type { RecordedEvent, SqlExecutor } from '@bashiri/eventstore';
import { OUTCOME, PURSE_CREATED_BEFORE, PURSE_EXCLUDED_SUPERIOR } from '@bashiri/domain';
import { DEFAULT_PROMOTION_CONFIG } from './config.ts';

interface PlacedRow {
  readonly bet_id: string;
  readonly user_id: string;
  readonly stake: number;
  readonly pay_type: number;
  readonly odds: string;
  readonly at: string;
}
interface SettledRow {
  readonly bet_id: string;
  /** TZS. */
  readonly stake: number;
  /** TZS credited to the balance plus stake refunded to credit money. */
  readonly returns: number;
  readonly at: string;
}

const betIdOf = (e: RecordedEvent) => (e.data as { betId?: string }).betId ?? e.streamName.slice(4);

/** The run's placed bets, and the first counting settlement of each settled bet (voided ones skipped). */
const rowsOf = (events: readonly RecordedEvent[]) => {
  const placed: PlacedRow[] = [];
  const settled = new Map<string, SettledRow>();
  for (const e of events) {
    if (e.type === 'BetPlaced') {
      const d = e.data as {
        userId: string;
        stake: number;
        payType: number;
        quote: { totalOdds: string };
        at: string;
      };
      placed.push({
        bet_id: betIdOf(e),
        user_id: d.userId,
        stake: d.stake,
        pay_type: d.payType,
        odds: d.quote.totalOdds,
        at: d.at,
      });
    } else if (e.type === 'BetSettled') {
      const d = e.data as {
        at: string;
        settlement: {
          state: string;
          stake: number;
          credited?: number;
          creditRefund?: number;
          legs: { outcome: number }[];
        };
      };
      const s = d.settlement;
      const voided = s.legs.length > 0 && s.legs.every((l) => l.outcome === OUTCOME.REFUNDED);
      const betId = betIdOf(e);
      if (s.state === 'settled' && !voided && !settled.has(betId))
        settled.set(betId, {
          bet_id: betId,
          stake: s.stake,
          returns: (s.credited ?? 0) + (s.creditRefund ?? 0),
          at: d.at,
        });
    }
  }
  return { placed, settled: [...settled.values()] };
};

/**
 * The run's rows as parallel arrays (`unnest` of one array per column, $1–$10): the planner sees their
 * real length (`unnest` of a constant array is estimated by its size), so the run's few hundred bets are
 * matched to `promo_accounts`, `promo_referrals` and `promo_friend_bets` by their keys. Fed through
 * `jsonb_to_recordset` (estimated at 100 rows whatever its length) the same statement hashed every one of
 * those tables in full once per batch: its cost grew with the number of players (issue 21 "Speed").
 */
const PLACED = `unnest($1::text[], $2::text[], $3::bigint[], $4::int[], $5::text[], $6::timestamptz[])
    AS x(bet_id, user_id, stake, pay_type, odds, at)`;
const SETTLED = `unnest($7::text[], $8::bigint[], $9::bigint[], $10::timestamptz[]) AS s(bet_id, stake, returns, at)`;

/**
 * One statement for a run of bet events:
 * - `fb`: a bet of a pending referred friend, or of a player the purse icon rule shows, is remembered
 *   (`promo_friend_bets`);
 * - `ab`/`abu`: an agent's player's bet (decision 0065) with its first settlement's stake and returns —
 *   inserted settled when settled in the same run, else updated when its settlement comes;
 * - `ord`: an order-bonus item for a balance bet within a running order promotion's period;
 * - `counted`: each friend bet's settled stake once per bet id (`promo_counted_bets`), summed per player
 *   into `promo_referrals.settled_stakes` (`ref`), a referral item when the sum reaches the threshold in
 *   force at `$13`, and a purse item for a player the icon rule shows whose counted stakes reach the
 *   purse target.
 */
const BETS_SQL = `WITH
  cfg AS (
    SELECT coalesce((SELECT config FROM promo_config_versions WHERE effective_from <= $13::timestamptz
                     ORDER BY effective_from DESC, version DESC LIMIT 1), $14::jsonb) AS c),
  fb AS (
    INSERT INTO promo_friend_bets (bet_id, user_id)
    SELECT x.bet_id, x.user_id FROM ${PLACED}
    WHERE EXISTS (SELECT 1 FROM promo_referrals r WHERE r.friend_id = x.user_id AND r.status = 'pending')
       OR EXISTS (SELECT 1 FROM promo_accounts a WHERE a.user_id = x.user_id AND a.registered_at < $11::timestamptz
                  AND a.superior_id IS DISTINCT FROM $12)
    ON CONFLICT DO NOTHING RETURNING bet_id, user_id),
  ab AS (
    INSERT INTO promo_agent_bets (bet_id, user_id, agent_id, stake, returns, settled_at)
    SELECT x.bet_id, x.user_id, a.superior_id, s.stake, s.returns, s.at FROM ${PLACED}
    JOIN promo_accounts a ON a.user_id = x.user_id AND a.superior_id IS NOT NULL
    LEFT JOIN ${SETTLED} ON s.bet_id = x.bet_id
    ON CONFLICT DO NOTHING RETURNING bet_id),
  abu AS (
    UPDATE promo_agent_bets b SET stake = s.stake, returns = s.returns, settled_at = s.at
    FROM ${SETTLED} WHERE b.bet_id = s.bet_id AND b.settled_at IS NULL RETURNING b.bet_id),
  ord AS (
    INSERT INTO promo_queue (key, kind, user_id, ref, amount, odds, at)
    SELECT DISTINCT ON (x.bet_id) 'order:' || x.bet_id, 'order', x.user_id, x.bet_id, x.stake, x.odds, x.at
    FROM ${PLACED}
    JOIN promotions p ON p.kind = 'order' AND NOT p.paused AND x.at >= p.starts_at AND x.at < p.ends_at
    WHERE x.pay_type = 1
    ON CONFLICT DO NOTHING RETURNING key),
  f AS (
    SELECT s.bet_id, s.stake, pf.user_id FROM ${SETTLED} JOIN promo_friend_bets pf ON pf.bet_id = s.bet_id
    UNION ALL
    SELECT s.bet_id, s.stake, n.user_id FROM ${SETTLED} JOIN fb n ON n.bet_id = s.bet_id),
  counted AS (
    INSERT INTO promo_counted_bets (bet_id, user_id, stake) SELECT bet_id, user_id, stake FROM f
    ON CONFLICT DO NOTHING RETURNING user_id, stake),
  agg AS (SELECT user_id, sum(stake) AS total FROM counted GROUP BY user_id),
  ref AS (
    UPDATE promo_referrals r SET settled_stakes = r.settled_stakes + agg.total
    FROM agg WHERE r.friend_id = agg.user_id
    RETURNING r.friend_id, r.settled_stakes),
  referral AS (
    INSERT INTO promo_queue (key, kind, user_id, at)
    SELECT 'referral:' || ref.friend_id, 'referral', ref.friend_id, now() FROM ref, cfg
    WHERE ref.settled_stakes >= (cfg.c->'referral'->>'qualifyingStakes')::bigint
    ON CONFLICT DO NOTHING RETURNING key),
  purse AS (
    INSERT INTO promo_queue (key, kind, user_id, at)
    SELECT 'purse:' || a.user_id, 'purse', a.user_id, now()
    FROM (SELECT DISTINCT user_id FROM f) u
    JOIN promo_accounts a ON a.user_id = u.user_id
    LEFT JOIN agg ON agg.user_id = u.user_id
    CROSS JOIN cfg
    WHERE a.registered_at < $11::timestamptz AND a.superior_id IS DISTINCT FROM $12
      AND (SELECT coalesce(sum(c.stake), 0) FROM promo_counted_bets c WHERE c.user_id = a.user_id)
          + coalesce(agg.total, 0) >= (cfg.c->>'purseTarget')::bigint
    ON CONFLICT DO NOTHING RETURNING key)
SELECT (SELECT count(*) FROM ab) + (SELECT count(*) FROM abu) + (SELECT count(*) FROM ord)
       + (SELECT count(*) FROM referral) + (SELECT count(*) FROM purse) AS written`;

/** Applies a run of bet events (`bet-*` streams) in one statement. */
export const applyBets = async (events: readonly RecordedEvent[], tx: SqlExecutor): Promise<void> => {
  const { placed, settled } = rowsOf(events);
  if (placed.length === 0 && settled.length === 0) return;
  await tx.query(BETS_SQL, [
    placed.map((r) => r.bet_id),
    placed.map((r) => r.user_id),
    placed.map((r) => r.stake),
    placed.map((r) => r.pay_type),
    placed.map((r) => r.odds),
    placed.map((r) => r.at),
    settled.map((r) => r.bet_id),
    settled.map((r) => r.stake),
    settled.map((r) => r.returns),
    settled.map((r) => r.at),
    PURSE_CREATED_BEFORE,
    PURSE_EXCLUDED_SUPERIOR,
    events[events.length - 1]!.recordedAt,
    JSON.stringify(DEFAULT_PROMOTION_CONFIG),
  ]);
};

const REGISTERED = `jsonb_to_recordset($1::jsonb) AS x(user_id text, phone text, superior_id text, at timestamptz, n int)`;

/**
 * One statement for a run of `AccountRegistered`: the player's copy (`promo_accounts`), the referral
 * relation when registered with a superior (the inviter), and a welcome item when a welcome promotion
 * runs at the registration's time. The first registration of a player wins, as one by one.
 */
const REGISTRATIONS_SQL = `WITH
  acc AS (
    INSERT INTO promo_accounts (user_id, phone, superior_id, registered_at)
    SELECT x.user_id, x.phone, x.superior_id, x.at FROM ${REGISTERED} ORDER BY x.n
    ON CONFLICT DO NOTHING RETURNING user_id),
  rel AS (
    INSERT INTO promo_referrals (friend_id, inviter_id, registered_at)
    SELECT x.user_id, x.superior_id, x.at FROM ${REGISTERED} WHERE x.superior_id IS NOT NULL ORDER BY x.n
    ON CONFLICT DO NOTHING RETURNING friend_id),
  welcome AS (
    INSERT INTO promo_queue (key, kind, user_id, at)
    SELECT DISTINCT ON (x.user_id) 'welcome:' || x.user_id, 'welcome', x.user_id, x.at FROM ${REGISTERED}
    WHERE EXISTS (SELECT 1 FROM promotions WHERE kind = 'welcome' AND NOT paused
                  AND x.at >= starts_at AND x.at < ends_at)
    ORDER BY x.user_id, x.n
    ON CONFLICT DO NOTHING RETURNING key)
SELECT (SELECT count(*) FROM acc) + (SELECT count(*) FROM rel) + (SELECT count(*) FROM welcome) AS written`;

/** Applies a run of `AccountRegistered` events in one statement. */
export const applyRegistrations = async (
  events: readonly RecordedEvent[],
  tx: SqlExecutor,
): Promise<void> => {
  const rows = events.map((e, n) => {
    const d = e.data as { userId: string; phone: string; superiorId?: string | null; at: string };
    return { user_id: d.userId, phone: d.phone, superior_id: d.superiorId ?? null, at: d.at, n };
  });
  await tx.query(REGISTRATIONS_SQL, [JSON.stringify(rows)]);
};
