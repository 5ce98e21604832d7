/**
 * The live state of matches and selections as the cash-out quote needs it (issue 20; docs/cash-out.md
 * §1; betting-rules §3, §4): for each match, the full-match goal rates the feed prices it with, the
 * clock and score shown now, and the red cards; for each selection, its market's state and our live
 * odds. Read from the feed's own rows and the catalogue, never from a price we offer.
 */
import { MATCH_STATUS, OFFER_STATUS, PRE_MATCH } from '@bashiri/domain';
import type { Goals, LiveMatch, MarketState, MatchClock } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';

/** A selection's market now, for the quote: `open` only when the match, market and selection all are. */
export interface SelectionLive {
  readonly status: MarketState;
  /** Our live odds of the selection (decimal text), for the record only; null when not offered. */
  readonly liveOdds: string | null;
}

/** What {@link liveStates} reads: live matches by id and selections by id. */
export interface LiveStates {
  /** Matches the model can price (a feed match not yet finished), by match id. */
  readonly matches: ReadonlyMap<string, LiveMatch>;
  readonly selections: ReadonlyMap<string, SelectionLive>;
}

/** The minute shown ('23', '45+2', 'HT', 'FT') as clock minutes played (the feed shows ⌊played⌋ + 1). */
const minutesOf = (shown: string): number => {
  const [base, extra] = shown.split('+').map(Number);
  return Math.max(0, (base ?? 0) + (extra ?? 0) - 1);
};

/**
 * The model's clock of a match row (spec §4 match status, minute and scores as the catalogue shows
 * them): not started before kick-off, half time at 'HT', first half while no half-time score is shown,
 * second half after; null when the match is over or not being played (no live state: no offer).
 */
export const clockOfRow = (row: {
  status: number;
  minute: string | null;
  home: number | null;
  away: number | null;
  htHome: number | null;
  htAway: number | null;
}): MatchClock | null => {
  if (row.status === MATCH_STATUS.NOT_STARTED) return PRE_MATCH;
  if (row.status !== MATCH_STATUS.IN_PROGRESS || row.minute === 'FT') return null;
  const score: Goals = { home: row.home ?? 0, away: row.away ?? 0 };
  if (row.minute === 'HT') return { phase: 'half_time', minute: 45, score };
  const played = row.minute === null ? 0 : minutesOf(row.minute);
  if (row.htHome === null || row.htAway === null) return { phase: 'first_half', minute: played, score };
  return {
    phase: 'second_half',
    minute: Math.max(45, played),
    score,
    halfTimeScore: { home: row.htHome, away: row.htAway },
  };
};

const marketState = (matchStatus: number, marketStatus: number, outcomeStatus: number): MarketState => {
  if (marketStatus === OFFER_STATUS.CLOSED || outcomeStatus === OFFER_STATUS.CLOSED) return 'settled';
  const playing = matchStatus === MATCH_STATUS.NOT_STARTED || matchStatus === MATCH_STATUS.IN_PROGRESS;
  return playing && marketStatus === OFFER_STATUS.OPEN && outcomeStatus === OFFER_STATUS.OPEN
    ? 'open'
    : 'suspended';
};

const ID = /^[0-9]{1,18}$/;

/**
 * The live state of `matchIds` and `selectionIds` (two queries). A match without feed rates (not a feed
 * match) or whose clock is over is left out; its legs then get `LEG_NOT_PRICED`. The feed's suspension
 * around goals (spec §9 goal delay) shows as a suspended market. Red cards come from the statistics the
 * feed shows (`statistics.redCards`), 0-0 when it has none. `version` is the match row's object version.
 */
export const liveStates = async (
  sql: SqlExecutor,
  matchIds: readonly string[],
  selectionIds: readonly string[],
): Promise<LiveStates> => {
  const mIds = [...new Set(matchIds)].filter((id) => ID.test(id));
  const sIds = [...new Set(selectionIds)].filter((id) => ID.test(id));
  const [matchRows, selectionRows] = await Promise.all([
    mIds.length === 0
      ? { rows: [] }
      : sql.query<{
          id: string;
          status: number;
          minute: string | null;
          home: number | null;
          away: number | null;
          ht_home: number | null;
          ht_away: number | null;
          home_rate: number;
          away_rate: number;
          red: { home?: number; away?: number } | null;
          version: string;
        }>(
          `SELECT m.id::text, m.status, m.match_minute AS minute, m.home_score AS home, m.away_score AS away,
             m.ht_home_score AS ht_home, m.ht_away_score AS ht_away, f.home_rate, f.away_rate,
             m.statistics->'redCards' AS red, m.object_version::text AS version
           FROM matches m JOIN feed_matches f ON f.match_id = m.id WHERE m.id = ANY ($1::bigint[])`,
          [mIds],
        ),
    sIds.length === 0
      ? { rows: [] }
      : sql.query<{ id: string; odds: string | null; status: number; mstatus: number; match_status: number }>(
          `SELECT o.id::text, o.odds::text, o.status_id AS status, k.status_id AS mstatus, m.status AS match_status
           FROM outcomes o JOIN markets k ON k.id = o.market_id JOIN matches m ON m.id = k.match_id
           WHERE o.id = ANY ($1::bigint[])`,
          [sIds],
        ),
  ]);
  const matches = new Map<string, LiveMatch>();
  for (const r of matchRows.rows) {
    const clock = clockOfRow({
      status: r.status,
      minute: r.minute,
      home: r.home,
      away: r.away,
      htHome: r.ht_home,
      htAway: r.ht_away,
    });
    if (!clock) continue;
    matches.set(r.id, {
      matchId: r.id,
      version: r.version,
      rates: { home: Number(r.home_rate), away: Number(r.away_rate) },
      clock,
      redCards: { home: r.red?.home ?? 0, away: r.red?.away ?? 0 },
    });
  }
  const selections = new Map<string, SelectionLive>();
  for (const r of selectionRows.rows)
    selections.set(r.id, {
      status: marketState(r.match_status, r.mstatus, r.status),
      liveOdds: r.odds === null ? null : String(Number(r.odds)),
    });
  return { matches, selections };
};
