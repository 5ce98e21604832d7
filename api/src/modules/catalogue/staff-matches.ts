/**
 * The back office's match list (spec §6 back office; §4 match statuses and abnormal bets; §9 page size):
 * every match whatever the player lists hide (spec §4 "Match list filtering"), so that staff can show a
 * hidden match again, lift a suspension or maintenance, enter the result of a match whose kick-off has
 * passed, correct a recorded result, or see a cancelled one. Two parameterised queries: the page, and
 * the count.
 */
import { abnormalLevelAt } from '@bashiri/domain';
import type { AbnormalInfo } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';
import { codedError } from '../../graphql/errors.ts';
import { MATCH_STATUS, OFFER_STATUS } from './conventions.ts';
import { eatText } from '@bashiri/domain';
import type { MatchView } from './queries.ts';
import { matchStateOf } from './staff.ts';
import type { MatchRow } from './topics.ts';

/** Minutes after kick-off from which a match without a result awaits one (spec §4 abnormal bets: 120 min). */
export const AWAITING_RESULT_MINUTES = 120;

/** Statuses that still need a result: not started, in progress, paused (spec §4). */
const UNDECIDED: readonly number[] = [
  MATCH_STATUS.NOT_STARTED,
  MATCH_STATUS.IN_PROGRESS,
  MATCH_STATUS.PAUSED,
];

/** The staff list's filters (GraphQL `StaffMatchFilter`); absent or null = no filter. */
export interface StaffMatchFilter {
  readonly keyword?: string | null;
  readonly competitionId?: string | null;
  readonly countryId?: string | null;
  readonly statusIds?: readonly number[] | null;
  readonly visible?: boolean | null;
  readonly awaitingResult?: boolean | null;
  /** ISO 8601 instants (the DateTime scalar's value). */
  readonly from?: string | Date | null;
  readonly to?: string | Date | null;
}

/** GraphQL `StaffMatchOrder`. */
export type StaffMatchOrder = 'KICK_OFF_DESC' | 'KICK_OFF_ASC';

/** A row of GraphQL `StaffMatch`. */
export interface StaffMatchView extends Pick<
  MatchView,
  | 'id'
  | 'matchTime'
  | 'teamHome'
  | 'teamHomeId'
  | 'teamAway'
  | 'teamAwayId'
  | 'league'
  | 'competitionId'
  | 'categoryName'
  | 'countryId'
  | 'marketCount'
> {
  readonly state: ReturnType<typeof matchStateOf>;
  readonly resultRecorded: boolean;
  readonly awaitingResult: boolean;
  /** Spec §4 abnormal level reached without a result ('120m', '150m', '5h', '24h'), or null. */
  readonly abnormalInfo: AbnormalInfo | null;
}

/** GraphQL `StaffMatchPage`. */
export interface StaffMatchPage {
  readonly content: StaffMatchView[];
  readonly page: number;
  readonly pageSize: number;
  readonly count: number;
}

type Row = MatchRow & {
  id: string;
  home_id: string;
  home_name: string;
  away_id: string;
  away_name: string;
  competition_id: string;
  league: string;
  country_id: string | null;
  category_name: string | null;
  market_count: string | number;
};

const badInput = (field: string, message: string) => codedError('BAD_INPUT', message, { field });

const idOf = (value: string | null | undefined, field: string): string | null => {
  if (value === undefined || value === null) return null;
  if (!/^\d{1,9}$/.test(value)) throw badInput(field, `${field}: a numeric id`);
  return value;
};

const instantOf = (value: string | Date | null | undefined): Date | null =>
  value === undefined || value === null ? null : new Date(value);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * Page `page` of every match passing `filter`, at `now` (epoch ms; the awaiting-result cut-off is
 * `now` − 120 minutes). Errors: BAD_INPUT for a non-numeric competition or country id, a status outside
 * 1–8, page < 1, pageSize outside 1–100, a keyword over 100 characters, or `to` before `from`.
 */
export const staffMatches = async (
  sql: SqlExecutor,
  args: {
    readonly filter?: StaffMatchFilter | null;
    readonly page?: number | null;
    readonly pageSize?: number | null;
    readonly order?: StaffMatchOrder | null;
  },
  now: number,
): Promise<StaffMatchPage> => {
  const page = args.page ?? 1;
  const pageSize = args.pageSize ?? 10;
  if (!Number.isInteger(page) || page < 1) throw badInput('page', 'page: a whole number from 1');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
    throw badInput('pageSize', 'pageSize: a whole number 1 to 100');
  const filter = args.filter ?? {};
  const cutOff = new Date(now - AWAITING_RESULT_MINUTES * 60_000);
  const params: unknown[] = [];
  const next = (value: unknown) => `$${params.push(value)}`;
  const where: string[] = [];

  const keyword = filter.keyword?.trim() ?? '';
  if (keyword.length > 100) throw badInput('keyword', 'keyword: at most 100 characters');
  if (keyword !== '') {
    const like = next(`%${escapeLike(keyword)}%`);
    where.push(
      `(ht.name ILIKE ${like} OR at.name ILIKE ${like} OR c.name ILIKE ${like} OR m.id::text = ${next(keyword)})`,
    );
  }
  const competitionId = idOf(filter.competitionId, 'competitionId');
  if (competitionId) where.push(`m.competition_id = ${next(competitionId)}::int`);
  const countryId = idOf(filter.countryId, 'countryId');
  if (countryId) where.push(`c.country_id = ${next(countryId)}::int`);
  if (filter.statusIds) {
    if (!filter.statusIds.every((s) => Number.isInteger(s) && s >= 1 && s <= 8))
      throw badInput('statusIds', 'statusIds: spec §4 match statuses 1 to 8');
    if (filter.statusIds.length > 0)
      where.push(`m.status = ANY (${next([...filter.statusIds])}::smallint[])`);
  }
  if (filter.visible !== undefined && filter.visible !== null)
    where.push(`m.visible = ${next(filter.visible)}::boolean`);
  if (filter.awaitingResult !== undefined && filter.awaitingResult !== null) {
    const awaiting = `(m.start_time < ${next(cutOff)} AND m.status = ANY (${next([...UNDECIDED])}::smallint[]))`;
    where.push(filter.awaitingResult ? awaiting : `NOT ${awaiting}`);
  }
  const from = instantOf(filter.from);
  const to = instantOf(filter.to);
  if (from && to && to < from) throw badInput('to', 'to: before from');
  if (from) where.push(`m.start_time >= ${next(from)}`);
  if (to) where.push(`m.start_time < ${next(to)}`);

  const joins = `FROM matches m JOIN teams ht ON ht.id = m.home_team_id JOIN teams at ON at.id = m.away_team_id
    JOIN competitions c ON c.id = m.competition_id LEFT JOIN countries co ON co.id = c.country_id
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
  const direction = args.order === 'KICK_OFF_ASC' ? 'ASC' : 'DESC';
  const counted = await sql.query<{ n: string | number }>(`SELECT count(*) AS n ${joins}`, params);
  const { rows } = await sql.query<Row>(
    `SELECT m.id::text, m.object_version, m.status, m.start_time, m.match_minute, m.home_score, m.away_score,
       m.ht_home_score, m.ht_away_score, m.visible, m.suspended, m.popular, m.today_popular, m.odds_boost,
       m.maintenance, m.sequence, m.cancel_reason,
       ht.id::text AS home_id, ht.name AS home_name, at.id::text AS away_id, at.name AS away_name,
       c.id::text AS competition_id, c.name AS league, co.id::text AS country_id, co.name AS category_name,
       (SELECT count(*) FROM markets k WHERE k.match_id = m.id AND k.status_id <> ${OFFER_STATUS.REMOVED}) AS market_count
     ${joins}
     ORDER BY m.start_time ${direction}, m.id ${direction}
     LIMIT ${next(pageSize)} OFFSET ${next((page - 1) * pageSize)}`,
    params,
  );
  return {
    content: rows.map((r) => ({
      id: r.id,
      state: matchStateOf(r),
      matchTime: eatText(r.start_time),
      teamHome: r.home_name,
      teamHomeId: r.home_id,
      teamAway: r.away_name,
      teamAwayId: r.away_id,
      league: r.league,
      competitionId: r.competition_id,
      categoryName: r.category_name,
      countryId: r.country_id,
      marketCount: Number(r.market_count),
      resultRecorded: r.status === MATCH_STATUS.ENDED,
      awaitingResult: new Date(r.start_time) < cutOff && UNDECIDED.includes(r.status),
      abnormalInfo: UNDECIDED.includes(r.status)
        ? abnormalLevelAt(new Date(r.start_time).getTime(), now)
        : null,
    })),
    page,
    pageSize,
    count: Number(counted.rows[0]?.n ?? 0),
  };
};
