/**
 * Reading selections from the catalogue for bet placement and booking codes (spec §3 Outcome, Market,
 * Match; §5 betslip rules): what a selection is, whether it can be bet now, and how it settles.
 */
import { BET_STATUS, EVENT_PART, MATCH_STATUS, OFFER_STATUS, ROLL_BET } from '@bashiri/domain';
import type { Leg, OddsText } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';

/** A selection as the catalogue holds it now. */
export interface SelectionRow {
  readonly outcomeId: string;
  readonly outcomeName: string;
  readonly pick: string;
  readonly line: string | null;
  readonly odds: string | null;
  readonly outcomeStatus: number;
  readonly marketId: string;
  readonly marketStatus: number;
  readonly marketIsLive: boolean;
  readonly eventPartId: number;
  readonly bettingTypeId: number;
  readonly bettingTypeName: string;
  readonly betStatus: number;
  readonly liveDelaySeconds: number;
  readonly matchId: string;
  readonly matchStatus: number;
  readonly startTime: string;
  readonly visible: boolean;
  readonly suspended: boolean;
  readonly maintenance: boolean;
  readonly rollBet: number;
  readonly home: string;
  readonly away: string;
  readonly homeTeamId: number;
  readonly awayTeamId: number;
}

/** The catalogue rows of the outcome ids in the bigint[] parameter `param` (e.g. `$1`), as {@link SelectionRow}s. */
export const selectionsSql = (param: string): string =>
  `SELECT o.id::text AS "outcomeId", o.name AS "outcomeName", o.pick, o.line::text AS line, o.odds::text AS odds,
            o.status_id AS "outcomeStatus", m.id::text AS "marketId", m.status_id AS "marketStatus",
            m.is_live AS "marketIsLive", m.event_part_id AS "eventPartId", bt.id AS "bettingTypeId",
            bt.name AS "bettingTypeName", bt.bet_status AS "betStatus", bt.live_delay_seconds AS "liveDelaySeconds",
            x.id::text AS "matchId", x.status AS "matchStatus", x.start_time AS "startTime", x.visible, x.suspended,
            x.maintenance, c.roll_bet AS "rollBet", h.name AS home, a.name AS away,
            x.home_team_id AS "homeTeamId", x.away_team_id AS "awayTeamId"
     FROM outcomes o
     JOIN markets m ON m.id = o.market_id
     JOIN betting_types bt ON bt.id = m.betting_type_id
     JOIN matches x ON x.id = m.match_id
     JOIN competitions c ON c.id = x.competition_id
     JOIN teams h ON h.id = x.home_team_id
     JOIN teams a ON a.id = x.away_team_id
     WHERE o.id = ANY (${param}::bigint[])`;

/** Loads `ids` in one query; unknown ids are simply absent. */
export const loadSelections = async (
  sql: SqlExecutor,
  ids: readonly string[],
): Promise<Map<string, SelectionRow>> => {
  const numeric = numericIds(ids);
  if (numeric.length === 0) return new Map();
  const { rows } = await sql.query<SelectionRow>(selectionsSql('$1'), [numeric]);
  return selectionMap(rows);
};

/** Only the ids that can be outcome ids (bigint text); the others are simply unknown. */
export const numericIds = (ids: readonly string[]): string[] => ids.filter((id) => /^\d{1,18}$/.test(id));

/** Rows keyed by outcome id, start times as ISO text. */
export const selectionMap = (rows: readonly SelectionRow[]): Map<string, SelectionRow> =>
  new Map(rows.map((r) => [r.outcomeId, { ...r, startTime: new Date(r.startTime).toISOString() }]));

/** Betting type → how its legs settle (domain `Leg`). Draw no bet and half-time 1X2 use the catalogue's own ids. */
const MARKET_OF: Record<number, Leg['market']> = {
  69: '1x2',
  9: 'double_chance',
  76: 'both_teams_to_score',
  47: 'over_under',
  48: 'asian_handicap',
  45: 'correct_score',
};

const trimLine = (line: string) => String(Number(line));

/** How a selection settles, or null when we do not settle that market. */
export const legOf = (row: SelectionRow, odds: OddsText): Leg | null => {
  const market =
    MARKET_OF[row.bettingTypeId] ??
    (/draw no bet/i.test(row.bettingTypeName)
      ? 'draw_no_bet'
      : /1x2|home draw away/i.test(row.bettingTypeName)
        ? '1x2'
        : null);
  if (!market) return null;
  const period = row.eventPartId === EVENT_PART.FIRST_HALF ? { period: 'first_half' as const } : {};
  const line = row.line === null ? null : trimLine(row.line);
  if ((market === 'over_under' || market === 'asian_handicap') && line === null) return null;
  return {
    market,
    pick: row.pick,
    odds,
    ...(line !== null && (market === 'over_under' || market === 'asian_handicap') ? { line } : {}),
    ...period,
  } as Leg;
};

/** Why a selection cannot be bet now, as a stable code, or null when it can (spec §8 messages). */
export const unavailability = (row: SelectionRow | undefined, nowMs: number): string | null => {
  if (!row) return 'SELECTION_NOT_FOUND';
  if (!row.visible || row.maintenance) return 'MATCH_UNAVAILABLE';
  if (row.matchStatus !== MATCH_STATUS.NOT_STARTED && row.matchStatus !== MATCH_STATUS.IN_PROGRESS)
    return 'MATCH_NOT_OPEN';
  if (
    row.suspended ||
    row.marketStatus !== OFFER_STATUS.OPEN ||
    row.outcomeStatus !== OFFER_STATUS.OPEN ||
    row.betStatus !== BET_STATUS.OPEN
  )
    return 'SELECTION_SUSPENDED';
  if (row.odds === null) return 'SELECTION_SUSPENDED';
  const live = row.matchStatus === MATCH_STATUS.IN_PROGRESS || Date.parse(row.startTime) <= nowMs;
  if (live && (!row.marketIsLive || row.rollBet !== ROLL_BET.ALLOWED)) return 'LIVE_BETTING_NOT_OFFERED';
  return null;
};
