/**
 * Matches a pool game (jackpot, Lucky Six; issue 18) may be built from: upcoming, visible, not yet
 * started catalogue matches with their full-time 1X2 prices (for the advisory `max_range_odds` check).
 * The pool module reads them only through the catalogue's `index.ts` (decision 0011).
 */
import { BETTING_TYPE, EVENT_PART, MATCH_STATUS } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';

/** A catalogue match as a pool-game candidate. `kickOff` ISO-8601 (UTC); odds decimal text or null. */
export interface PoolCandidate {
  readonly matchId: string;
  readonly home: string;
  readonly away: string;
  readonly competition: string;
  readonly kickOff: string;
  readonly visible: boolean;
  readonly status: number;
  readonly homeOdds: string | null;
  readonly drawOdds: string | null;
  readonly awayOdds: string | null;
}

const SELECT = `SELECT m.id::text AS "matchId", h.name AS home, a.name AS away, c.name AS competition,
    to_char(m.start_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "kickOff", m.visible, m.status::int AS status,
    (SELECT o.odds::text FROM markets k JOIN outcomes o ON o.market_id = k.id
      WHERE k.match_id = m.id AND k.betting_type_id = $1 AND k.event_part_id = $2 AND o.pick = 'home' LIMIT 1) AS "homeOdds",
    (SELECT o.odds::text FROM markets k JOIN outcomes o ON o.market_id = k.id
      WHERE k.match_id = m.id AND k.betting_type_id = $1 AND k.event_part_id = $2 AND o.pick = 'draw' LIMIT 1) AS "drawOdds",
    (SELECT o.odds::text FROM markets k JOIN outcomes o ON o.market_id = k.id
      WHERE k.match_id = m.id AND k.betting_type_id = $1 AND k.event_part_id = $2 AND o.pick = 'away' LIMIT 1) AS "awayOdds"
  FROM matches m JOIN teams h ON h.id = m.home_team_id JOIN teams a ON a.id = m.away_team_id
  JOIN competitions c ON c.id = m.competition_id`;

/**
 * Upcoming candidates: visible, not started (status 1), kicking off after `now` (epoch ms), soonest
 * first, at most `limit` (≤ 200).
 */
export const upcomingPoolCandidates = async (
  sql: SqlExecutor,
  now: number,
  limit = 60,
): Promise<PoolCandidate[]> =>
  (
    await sql.query<PoolCandidate>(
      `${SELECT} WHERE m.visible AND m.status = $3 AND m.start_time > $4 ORDER BY m.start_time, m.id LIMIT $5`,
      [
        BETTING_TYPE.MATCH_ODDS,
        EVENT_PART.FULL_TIME,
        MATCH_STATUS.NOT_STARTED,
        new Date(now).toISOString(),
        Math.min(200, Math.max(1, limit)),
      ],
    )
  ).rows;

/** The candidates of `matchIds` (unknown or non-numeric ids are absent), whatever their state. */
export const poolCandidatesById = async (
  sql: SqlExecutor,
  matchIds: readonly string[],
): Promise<PoolCandidate[]> => {
  const ids = matchIds.filter((id) => /^\d{1,18}$/.test(id));
  if (ids.length === 0) return [];
  return (
    await sql.query<PoolCandidate>(`${SELECT} WHERE m.id = ANY ($3::bigint[]) ORDER BY m.start_time, m.id`, [
      BETTING_TYPE.MATCH_ODDS,
      EVENT_PART.FULL_TIME,
      ids,
    ])
  ).rows;
};
