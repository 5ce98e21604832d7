/**
 * Player reads of the catalogue (issue 4 item 6; spec §2 lists, §4 "Match list filtering", §5 quick
 * markets, §9 page size 10 and the 7-day date selection). Every list is one query for the page plus one
 * for the outcomes of the page's matches, whatever the page holds.
 */
import {
  addDays,
  BET_STATUS,
  EAT_DAY_MS,
  eatDate,
  eatDayStart,
  eatDayStartOf,
  eatText,
  isDate,
} from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';
import { codedError } from '../../graphql/errors.ts';
import { BETTING_TYPE, EVENT_PART, MATCH_STATUS, OFFER_STATUS, partName } from './conventions.ts';
import { quickMarkets } from './quick-markets.ts';
import type { QuickMarkets } from './quick-markets.ts';
import type { GoalView, MatchStatistics } from './statistics.ts';

/** Spec §9. */
export const PAGE_SIZE = 10;
/** Spec §9 "result page size 20". */
export const RESULT_PAGE_SIZE = 20;
/** Days before today the results view offers (spec §9 date selection: 7 days). */
export const RESULT_DAYS_BACK = 6;

/**
 * Spec §4 "Match list filtering" as SQL over `m` (matches), `$1` = now: visible; live (status 2) unless
 * the minute is '-'; or not started, kick-off ahead, and at least one open priced outcome among 1X2,
 * double chance, both teams to score, or a half-goal full-time over/under line, of a type open for betting.
 */
export const LISTED = `m.visible AND (
  (m.status = ${MATCH_STATUS.IN_PROGRESS} AND m.match_minute IS DISTINCT FROM '-')
  OR (m.status = ${MATCH_STATUS.NOT_STARTED} AND m.start_time > $1 AND EXISTS (
    SELECT 1 FROM markets k
    JOIN outcomes o ON o.market_id = k.id
    JOIN betting_types bt ON bt.id = k.betting_type_id AND bt.bet_status = 1
    WHERE k.match_id = m.id AND k.status_id = ${OFFER_STATUS.OPEN} AND o.status_id = ${OFFER_STATUS.OPEN} AND o.odds IS NOT NULL
      AND (k.betting_type_id IN (${BETTING_TYPE.MATCH_ODDS}, ${BETTING_TYPE.DOUBLE_CHANCE}, ${BETTING_TYPE.BOTH_TEAMS_TO_SCORE})
        OR (k.betting_type_id = ${BETTING_TYPE.OVER_UNDER} AND k.event_part_id = ${EVENT_PART.FULL_TIME}
            AND o.name LIKE '%.%' AND o.name NOT LIKE '%.25' AND o.name NOT LIKE '%.75')))))`;

/** Which list (spec §2 routes, §7 calls). */
export type MatchList =
  | { readonly kind: 'home' }
  | { readonly kind: 'upcoming'; readonly from: Date; readonly to: Date }
  | { readonly kind: 'live' }
  | { readonly kind: 'top' }
  | { readonly kind: 'oddsBoost' }
  | { readonly kind: 'todayHottest' }
  | { readonly kind: 'league'; readonly competitionId: string }
  | { readonly kind: 'country'; readonly countryId: string }
  | { readonly kind: 'search'; readonly keyword: string }
  | {
      readonly kind: 'results';
      readonly from: Date;
      readonly to: Date;
      readonly competitionId: string | null;
    };

/** The outcome as GraphQL `Outcome` shows it (schema.graphql; spec §3 "Outcome", "Betslip selection"). */
export interface OutcomeView {
  readonly id: string;
  readonly name: string;
  readonly odds: string | null;
  readonly typeId: number;
  readonly pick: string;
  readonly line: string | null;
  readonly statusId: number;
  readonly isLive: boolean;
  readonly eventStatus: number;
  readonly eventId: string;
  readonly marketId: string;
  readonly marketName: string;
  readonly bettingTypeId: number;
  readonly typeName: string;
  readonly eventPartId: number;
  readonly partName: string;
  readonly participantId: string | null;
  readonly teamHome: string;
  readonly teamHomeId: string;
  readonly teamAway: string;
  readonly teamAwayId: string;
  readonly startTime: Date;
}

/** A match as GraphQL `Match` shows it. */
export interface MatchView extends QuickMarkets<OutcomeView> {
  readonly id: string;
  readonly startTime: Date;
  readonly matchTime: string;
  readonly statusId: number;
  readonly matchMinute: string | null;
  readonly homeScore: number | null;
  readonly awayScore: number | null;
  readonly teamHome: string;
  readonly teamHomeId: string;
  readonly teamAway: string;
  readonly teamAwayId: string;
  readonly league: string;
  readonly competitionId: string;
  readonly categoryName: string | null;
  readonly countryId: string | null;
  readonly popular: boolean;
  readonly todayPopular: boolean;
  readonly oddsBoost: boolean;
  readonly suspended: boolean;
  readonly maintenance: boolean;
  readonly objectVersion: number;
  readonly marketCount: number;
  readonly htHomeScore: number | null;
  readonly htAwayScore: number | null;
  readonly goals: readonly GoalView[];
  readonly statistics: MatchStatistics | null;
}

export interface MatchPage {
  readonly content: MatchView[];
  readonly page: number;
  readonly pageSize: number;
  readonly count: number;
}

interface MatchRow {
  id: string;
  start_time: Date | string;
  status: number;
  match_minute: string | null;
  home_score: number | null;
  away_score: number | null;
  ht_home_score: number | null;
  ht_away_score: number | null;
  goals: GoalView[] | null;
  statistics: MatchStatistics | null;
  home_id: string;
  home_name: string;
  away_id: string;
  away_name: string;
  competition_id: string;
  league: string;
  country_id: string | null;
  category_name: string | null;
  popular: boolean;
  today_popular: boolean;
  odds_boost: boolean;
  suspended: boolean;
  maintenance: boolean;
  object_version: number;
  market_count: string | number;
  total: string | number;
}

interface OutcomeRow {
  id: string;
  match_id: string;
  name: string;
  odds: string | null;
  type_id: number;
  pick: string;
  line: string | null;
  status_id: number;
  participant_id: string | null;
  market_id: string;
  betting_type_id: number;
  event_part_id: number;
  market_line: string | null;
  market_status: number;
  is_live: boolean;
  type_name: string;
  description: string | null;
  bet_status: number;
}

/**
 * The window of the upcoming list (spec §9: today plus 6 days, in East Africa Time): the one day
 * `date` ('yyyy-MM-dd') or, without it, from now to the end of the sixth day after today.
 * Errors: BAD_INPUT for a malformed date or one outside the window.
 */
export const upcomingWindow = (now: number, date?: string | null): { from: Date; to: Date } => {
  const midnight = eatDayStartOf(now);
  if (!date) return { from: new Date(now), to: new Date(midnight + 7 * EAT_DAY_MS) };
  const day = isDate(date) ? eatDayStart(date) : Number.NaN;
  const offset = Math.round((day - midnight) / EAT_DAY_MS);
  if (!(offset >= 0 && offset <= 6))
    throw codedError(
      'BAD_INPUT',
      `date must be one of today to today + 6 in East Africa Time, 'yyyy-MM-dd'`,
      { field: 'date' },
    );
  return { from: new Date(Math.max(day, now)), to: new Date(day + EAT_DAY_MS) };
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

const listSql = (list: MatchList): { where: string; order: string; params: unknown[] } => {
  const order = 'm.sequence DESC, m.start_time, m.id';
  switch (list.kind) {
    case 'home':
      return { where: 'TRUE', order: `m.status DESC, ${order}`, params: [] };
    case 'upcoming':
      return {
        where: `m.status = 1 AND m.start_time >= $4 AND m.start_time < $5`,
        order,
        params: [list.from, list.to],
      };
    case 'live':
      return { where: 'm.status = 2', order, params: [] };
    case 'top':
      return { where: 'm.popular', order, params: [] };
    case 'oddsBoost':
      return { where: 'm.odds_boost', order, params: [] };
    case 'todayHottest':
      return { where: 'm.today_popular', order, params: [] };
    case 'league':
      return { where: 'm.competition_id = $4::int', order, params: [list.competitionId] };
    case 'country':
      return { where: 'c.country_id = $4::int', order, params: [list.countryId] };
    case 'search': {
      const like = `%${escapeLike(list.keyword)}%`;
      return { where: '(ht.name ILIKE $4 OR at.name ILIKE $4 OR c.name ILIKE $4)', order, params: [like] };
    }
    case 'results':
      return {
        where: `m.start_time >= $4 AND m.start_time < $5 AND ($6::int IS NULL OR m.competition_id = $6::int)`,
        order: 'c.sequence DESC, c.name, c.id, m.start_time, m.id',
        params: [list.from, list.to, list.competitionId],
      };
  }
};

/** Ended matches the results view shows (issue 16 item 1): visible, status 3; `$1` unused. */
const RESULTED = `m.visible AND m.status = ${MATCH_STATUS.ENDED} AND $1::timestamptz IS NOT NULL`;

/**
 * The window of the results view (spec §9 date selection, backwards): the East Africa Time day `date`
 * ('yyyy-MM-dd'), today or one of the {@link RESULT_DAYS_BACK} days before; today without a date.
 * Errors: BAD_INPUT for a malformed date or one outside the window.
 */
export const resultWindow = (now: number, date?: string | null): { from: Date; to: Date } => {
  const today = eatDate(now);
  if (!date) return { from: new Date(eatDayStart(today)), to: new Date(eatDayStart(addDays(today, 1))) };
  const back = isDate(date) ? Math.round((eatDayStart(today) - eatDayStart(date)) / EAT_DAY_MS) : -1;
  if (back < 0 || back > RESULT_DAYS_BACK)
    throw codedError(
      'BAD_INPUT',
      `date must be today or one of the ${RESULT_DAYS_BACK} days before in East Africa Time, 'yyyy-MM-dd'`,
      { field: 'date' },
    );
  return { from: new Date(eatDayStart(date)), to: new Date(eatDayStart(addDays(date, 1))) };
};

const MATCH_COLUMNS = `m.id::text, m.start_time, m.status, m.match_minute, m.home_score, m.away_score,
  m.ht_home_score, m.ht_away_score, m.goals, m.statistics,
  ht.id::text AS home_id, ht.name AS home_name, at.id::text AS away_id, at.name AS away_name,
  c.id::text AS competition_id, c.name AS league, co.id::text AS country_id, co.name AS category_name,
  m.popular, m.today_popular, m.odds_boost, m.suspended, m.maintenance, m.object_version,
  (SELECT count(*) FROM markets k WHERE k.match_id = m.id AND k.status_id <> ${OFFER_STATUS.REMOVED}) AS market_count`;
const MATCH_JOINS = `JOIN teams ht ON ht.id = m.home_team_id JOIN teams at ON at.id = m.away_team_id
  JOIN competitions c ON c.id = m.competition_id LEFT JOIN countries co ON co.id = c.country_id`;

/** Page `page` (1-based) of `list`, at `now` (epoch ms), with each match's quick markets. */
export const listMatches = async (
  sql: SqlExecutor,
  list: MatchList,
  page: number,
  now: number,
): Promise<MatchPage> => {
  const p = Math.max(1, Math.floor(page || 1));
  const { where, order, params } = listSql(list);
  const size = list.kind === 'results' ? RESULT_PAGE_SIZE : PAGE_SIZE;
  const { rows } = await sql.query<MatchRow>(
    `SELECT ${MATCH_COLUMNS}, count(*) OVER () AS total FROM matches m ${MATCH_JOINS}
     WHERE ${list.kind === 'results' ? RESULTED : LISTED} AND ${where} ORDER BY ${order} LIMIT $2 OFFSET $3`,
    [new Date(now), size, (p - 1) * size, ...params],
  );
  const content = await withOutcomes(sql, rows, true);
  return {
    content: content.map((c) => c.match),
    page: p,
    pageSize: size,
    count: Number(rows[0]?.total ?? 0),
  };
};

/** Live matches shown in lists (spec §7 get_rolling_ball_number). */
export const liveMatchCount = async (sql: SqlExecutor, now: number): Promise<number> => {
  const { rows } = await sql.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM matches m WHERE ${LISTED} AND m.status = 2`,
    [new Date(now)],
  );
  return Number(rows[0]?.n ?? 0);
};

const marketNameOf = (r: OutcomeRow): string => {
  const line = r.market_line === null ? '' : ` ${Number(r.market_line)}`;
  const part = partName(r.event_part_id);
  return `${part ? `${part} ` : ''}${r.type_name}${line}`;
};

/**
 * An outcome's availability on the slip: its own status, but suspended (2) while it is open and its
 * market is not, its match is suspended or in maintenance, or its betting type is closed for betting.
 */
const effectiveStatus = (r: OutcomeRow, m: MatchRow): number =>
  r.status_id === OFFER_STATUS.OPEN &&
  (r.market_status !== OFFER_STATUS.OPEN || m.suspended || m.maintenance || r.bet_status !== BET_STATUS.OPEN)
    ? OFFER_STATUS.SUSPENDED
    : r.status_id;

const outcomeView = (r: OutcomeRow, m: MatchRow): OutcomeView => ({
  id: r.id,
  name: r.name,
  odds: r.odds,
  typeId: r.type_id,
  pick: r.pick,
  line: r.line === null ? null : String(Number(r.line)),
  statusId: effectiveStatus(r, m),
  isLive: r.is_live,
  eventStatus: m.status,
  eventId: m.id,
  marketId: r.market_id,
  marketName: marketNameOf(r),
  bettingTypeId: r.betting_type_id,
  typeName: r.type_name,
  eventPartId: r.event_part_id,
  partName: partName(r.event_part_id),
  participantId: r.participant_id,
  teamHome: m.home_name,
  teamHomeId: m.home_id,
  teamAway: m.away_name,
  teamAwayId: m.away_id,
  startTime: new Date(m.start_time),
});

/** One query for the outcomes of every match of the page (quick-market types only when `quick`). */
const withOutcomes = async (sql: SqlExecutor, matches: MatchRow[], quick: boolean) => {
  const ids = matches.map((m) => m.id);
  const { rows } =
    ids.length === 0
      ? { rows: [] as OutcomeRow[] }
      : await sql.query<OutcomeRow>(
          `SELECT o.id::text, k.match_id::text, o.name, o.odds::text, o.type_id, o.pick, o.line::text, o.status_id,
             o.participant_id::text, k.id::text AS market_id, k.betting_type_id, k.event_part_id, k.line::text AS market_line,
             k.status_id AS market_status, k.is_live, bt.name AS type_name, bt.description, bt.bet_status
           FROM outcomes o JOIN markets k ON k.id = o.market_id JOIN betting_types bt ON bt.id = k.betting_type_id
           WHERE k.match_id = ANY ($1::bigint[]) AND k.status_id <> ${OFFER_STATUS.REMOVED} AND o.status_id <> ${OFFER_STATUS.REMOVED}
             ${quick ? `AND k.betting_type_id IN (${BETTING_TYPE.MATCH_ODDS}, ${BETTING_TYPE.DOUBLE_CHANCE}, ${BETTING_TYPE.BOTH_TEAMS_TO_SCORE}, ${BETTING_TYPE.OVER_UNDER})` : ''}
           ORDER BY k.betting_type_id, k.event_part_id DESC, k.line NULLS FIRST, k.id, o.id`,
          [ids],
        );
  const byMatch = new Map<string, OutcomeRow[]>();
  for (const r of rows) (byMatch.get(r.match_id) ?? byMatch.set(r.match_id, []).get(r.match_id)!).push(r);
  return matches.map((m) => {
    const outcomeRows = byMatch.get(m.id) ?? [];
    const views = outcomeRows.map((r) => outcomeView(r, m));
    const match: MatchView = {
      id: m.id,
      startTime: new Date(m.start_time),
      matchTime: eatText(m.start_time),
      statusId: m.status,
      matchMinute: m.match_minute,
      homeScore: m.home_score,
      awayScore: m.away_score,
      teamHome: m.home_name,
      teamHomeId: m.home_id,
      teamAway: m.away_name,
      teamAwayId: m.away_id,
      league: m.league,
      competitionId: m.competition_id,
      categoryName: m.category_name,
      countryId: m.country_id,
      popular: m.popular,
      todayPopular: m.today_popular,
      oddsBoost: m.odds_boost,
      suspended: m.suspended,
      maintenance: m.maintenance,
      objectVersion: m.object_version,
      marketCount: Number(m.market_count),
      htHomeScore: m.ht_home_score,
      htAwayScore: m.ht_away_score,
      goals: m.goals ?? [],
      statistics: m.statistics,
      ...quickMarkets(views, m.home_id, m.away_id),
    };
    return { match, outcomeRows, views };
  });
};

/** A market group of `matchMarkets` (spec §3 "Market group in bet_list"). */
export interface MarketGroupView {
  readonly description: string | null;
  readonly bettingTypeId: number;
  readonly typeName: string;
  readonly markets: {
    id: string;
    name: string;
    bettingTypeId: number;
    typeName: string;
    eventPartId: number;
    partName: string;
    line: string | null;
    statusId: number;
    isLive: boolean;
    outcomes: OutcomeView[];
  }[];
}

/**
 * Every market of one visible match, grouped by betting type (spec §2 /markets, §3 "Market group").
 * Two queries. Errors: NOT_FOUND when the match does not exist or is hidden.
 */
export const matchMarkets = async (
  sql: SqlExecutor,
  matchId: string,
): Promise<{ match: MatchView; groups: MarketGroupView[] }> => {
  if (!/^\d{1,18}$/.test(matchId)) throw codedError('NOT_FOUND', `no match ${matchId}`, { field: 'matchId' });
  const { rows } = await sql.query<MatchRow>(
    `SELECT ${MATCH_COLUMNS}, 1 AS total FROM matches m ${MATCH_JOINS} WHERE m.id = $1 AND m.visible`,
    [matchId],
  );
  if (rows.length === 0) throw codedError('NOT_FOUND', `no match ${matchId}`, { field: 'matchId' });
  const [{ match, outcomeRows, views }] = (await withOutcomes(sql, rows, false)) as [
    Awaited<ReturnType<typeof withOutcomes>>[number],
  ];
  const groups = new Map<number, MarketGroupView>();
  const markets = new Map<string, MarketGroupView['markets'][number]>();
  outcomeRows.forEach((r, i) => {
    let group = groups.get(r.betting_type_id);
    if (!group)
      groups.set(
        r.betting_type_id,
        (group = {
          description: r.description,
          bettingTypeId: r.betting_type_id,
          typeName: r.type_name,
          markets: [],
        }),
      );
    let market = markets.get(r.market_id);
    if (!market) {
      market = {
        id: r.market_id,
        name: marketNameOf(r),
        bettingTypeId: r.betting_type_id,
        typeName: r.type_name,
        eventPartId: r.event_part_id,
        partName: partName(r.event_part_id),
        line: r.market_line === null ? null : String(Number(r.market_line)),
        statusId: r.market_status,
        isLive: r.is_live,
        outcomes: [],
      };
      markets.set(r.market_id, market);
      group.markets.push(market);
    }
    market.outcomes.push(views[i]!);
  });
  return { match, groups: [...groups.values()] };
};
