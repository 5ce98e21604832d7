/**
 * Reads of the pool games for GraphQL (issue 18 item 3): issues with their matches and pool exactly as
 * computed (domain `issuePool`, `displayedJackpot`, `tierPrizeCeilings`), tickets with per-match hits
 * and live progress (`ticketMatchHits`, `ticketProgress`), results, rules. Amounts TZS.
 */
import {
  TANZANIA_TAX_RULES,
  displayedJackpot,
  issuePool,
  lineHitCounts,
  settlePool,
  taxRateAt,
  ticketMatchHits,
  ticketMaxPrize,
  ticketProgress,
  tierPrizeCeilings,
} from '@bashiri/domain';
import type {
  LineHitCounts,
  Pick,
  PoolGame,
  PoolMatch,
  PoolMatchResult,
  PoolSettlement,
  PoolTerms,
  TicketPrize,
} from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';
import type { TicketBoughtData } from './purchase.ts';

/** GraphQL enum of a game. */
export const GAME_ENUM = { jackpot: 'JACKPOT', luckysix: 'LUCKY_SIX' } as const;
/** The game of a GraphQL enum. */
export const gameOfEnum = (e: 'JACKPOT' | 'LUCKY_SIX'): PoolGame =>
  e === 'JACKPOT' ? 'jackpot' : 'luckysix';

interface IssueRow {
  issue_id: string;
  game: PoolGame;
  identifier: string;
  prefix: string;
  status: string;
  closes_at: Date;
  matches: PoolMatch[];
  terms: PoolTerms;
  carried_over: string;
  tickets: number;
  lines: number;
  stakes: string;
  results: Record<string, PoolMatchResult>;
  settlement_no: number;
  settlement: PoolSettlement | null;
  successful: number;
}

const ISSUE_SQL = `SELECT i.*, (SELECT count(*)::int FROM pool_tickets t WHERE t.issue_id = i.issue_id
    AND (t.prize->>'gross')::bigint > 0) AS successful FROM pool_issues i`;

const resultView = (r: PoolMatchResult | undefined) =>
  r === undefined
    ? null
    : r.kind === 'void'
      ? { outcome: null, void: true, voidReason: r.reason }
      : { outcome: r.outcome, void: false, voidReason: null };

const taxNow = (now: number) => taxRateAt(TANZANIA_TAX_RULES, 'sports', new Date(now).toISOString()) ?? 0;

/** An issue row as the GraphQL `PoolIssue`. */
const issueOf = (row: IssueRow, now: number) => {
  const stakes = Number(row.stakes);
  const carriedOver = Number(row.carried_over);
  const pool = row.settlement?.pool ?? issuePool(carriedOver, stakes, row.terms.increment);
  const ceilings = tierPrizeCeilings(row.terms, pool);
  return {
    issueId: row.issue_id,
    game: GAME_ENUM[row.game],
    identifier: row.identifier,
    prefix: row.prefix,
    status: row.status.toUpperCase() as 'OPEN',
    closesAt: row.closes_at,
    matches: row.matches.map((m) => ({ ...m, result: resultView(row.results[m.matchId]) })),
    betAmount: row.terms.betAmount,
    maxChoose: row.terms.maxChoose,
    carriedOver,
    stakes,
    tickets: row.tickets,
    lines: row.lines,
    pool,
    initJackpot: row.terms.initJackpot,
    displayedJackpot: displayedJackpot(row.terms, pool),
    tiers: row.terms.tiers.map((t, i) => {
      const settled = row.settlement?.tiers.find((s) => s.hits === t.hits);
      return {
        hits: t.hits,
        rewardType: t.rewardType,
        proportion: t.proportion,
        prizePerLineCeiling: ceilings[i]?.prizePerLine ?? 0,
        winningLines: settled?.winningLines ?? null,
        prizePerLine: settled?.prizePerLine ?? null,
      };
    }),
    taxRatePercent: taxNow(now),
    settlement: row.settlement ? { ...row.settlement, settlementNo: row.settlement_no } : null,
    successfulTickets: row.successful,
  };
};

/** The GraphQL shape of a pool issue. */
export type PoolIssueView = ReturnType<typeof issueOf>;

/** Issues of `game` with one of `statuses` (lower case), soonest closing first. */
export const poolIssues = async (
  sql: SqlExecutor,
  game: PoolGame,
  statuses: readonly string[],
  now: number,
): Promise<PoolIssueView[]> =>
  (
    await sql.query<IssueRow>(
      `${ISSUE_SQL} WHERE i.game = $1 AND i.status = ANY ($2::text[]) ORDER BY i.closes_at, i.issue_id`,
      [game, statuses],
    )
  ).rows.map((r) => issueOf(r, now));

/** The header's jackpot banner (GraphQL `JackpotBanner`), TZS. */
export interface JackpotBannerView {
  readonly issueId: string;
  readonly identifier: string;
  /** The displayed jackpot (`init_jackpot` + the top tier's share of the pool). */
  readonly amount: number;
  /** The issue's pool (carried over + increment × stakes). */
  readonly pool: number;
  readonly closesAt: string | Date;
}

/** The banner of the soonest-closing open jackpot issue at `now`, or null when none is open. */
export const jackpotBannerNow = async (sql: SqlExecutor, now: number): Promise<JackpotBannerView | null> => {
  const [open] = await poolIssues(sql, 'jackpot', ['open'], now);
  return open
    ? {
        issueId: open.issueId,
        identifier: open.identifier,
        amount: open.displayedJackpot,
        pool: open.pool,
        closesAt: open.closesAt,
      }
    : null;
};

/** Issue `issueId`, or null. */
export const poolIssue = async (
  sql: SqlExecutor,
  issueId: string,
  now: number,
): Promise<PoolIssueView | null> => {
  const row = (await sql.query<IssueRow>(`${ISSUE_SQL} WHERE i.issue_id = $1`, [issueId])).rows[0];
  return row ? issueOf(row, now) : null;
};

/** A page of issues of `game` with one of `statuses`, newest first. */
export const poolIssuePage = async (
  sql: SqlExecutor,
  game: PoolGame,
  statuses: readonly string[] | null,
  page: number,
  pageSize: number,
  now: number,
): Promise<{ total: number; items: PoolIssueView[] }> => {
  const where = `WHERE i.game = $1 ${statuses ? 'AND i.status = ANY ($2::text[])' : 'AND $2::text[] IS NULL'}`;
  const [count, rows] = await Promise.all([
    sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM pool_issues i ${where}`, [game, statuses]),
    sql.query<IssueRow>(
      `${ISSUE_SQL} ${where} ORDER BY i.created_at DESC, i.issue_id DESC LIMIT $3 OFFSET $4`,
      [game, statuses, pageSize, (page - 1) * pageSize],
    ),
  ]);
  return { total: count.rows[0]!.n, items: rows.rows.map((r) => issueOf(r, now)) };
};

interface TicketRow {
  ticket_id: string;
  issue_id: string;
  game: PoolGame;
  user_id: string;
  pay_type: number;
  picks: Pick[];
  doubles: number;
  lines: number;
  bet_amount: string;
  stake: string;
  tax_rate: string;
  status: string;
  prize: TicketPrize | null;
  credited: boolean;
  refund: string | null;
  bought_at: Date;
  counts: LineHitCounts | null;
  identifier: string;
  matches: PoolMatch[];
  results: Record<string, PoolMatchResult>;
  terms: PoolTerms;
  carried_over: string;
  issue_stakes: string;
  settlement: PoolSettlement | null;
}

const TICKET_SQL = `SELECT t.*, i.identifier, i.matches, i.results, i.terms, i.carried_over, i.stakes AS issue_stakes, i.settlement
  FROM pool_tickets t JOIN pool_issues i ON i.issue_id = t.issue_id`;

/** A ticket row as the GraphQL `PoolTicket`. */
const ticketOf = (row: TicketRow) => {
  const pool =
    row.settlement?.pool ??
    issuePool(Number(row.carried_over), Number(row.issue_stakes), row.terms.increment);
  const byId = new Map(row.matches.map((m) => [m.matchId, m]));
  return {
    ticketId: row.ticket_id,
    issueId: row.issue_id,
    identifier: row.identifier,
    game: GAME_ENUM[row.game],
    userId: row.user_id,
    picks: row.picks,
    doubles: row.doubles,
    lines: row.lines,
    betAmount: Number(row.bet_amount),
    stake: Number(row.stake),
    payType: row.pay_type === 2 ? ('CREDIT' as const) : ('BALANCE' as const),
    status: row.status,
    boughtAt: row.bought_at,
    taxRatePercent: Number(row.tax_rate),
    matches: ticketMatchHits(row.picks, row.results).map((h) => {
      const m = byId.get(h.matchId);
      return {
        matchId: h.matchId,
        home: m?.home ?? '',
        away: m?.away ?? '',
        kickOff: m?.kickOff ?? '',
        outcomes: h.outcomes,
        result: resultView(h.result ?? undefined),
        hit: h.hit.toUpperCase(),
      };
    }),
    progress: ticketProgress(row.terms, row.picks, row.results, pool).tiers,
    maxProfit: ticketMaxPrize(row.terms, row.picks, pool),
    prize: row.prize ? { ...row.prize, credited: row.credited } : null,
    refund: row.refund === null ? null : Number(row.refund),
  };
};

/** The GraphQL shape of a pool ticket. */
export type PoolTicketView = ReturnType<typeof ticketOf>;

/** The issue's columns of a {@link TicketRow}. */
type IssuePart = Omit<TicketRow, Exclude<keyof TicketRow, IssueColumn>>;
type IssueColumn =
  'identifier' | 'matches' | 'results' | 'terms' | 'carried_over' | 'issue_stakes' | 'settlement';

/**
 * The ticket just bought, as GraphQL shows it, from its `TicketBought` data and its issue's row (one
 * query; the ticket's own read-model row may not be written yet). Null when the issue is not projected.
 */
export const boughtTicketView = async (
  sql: SqlExecutor,
  bought: TicketBoughtData,
): Promise<PoolTicketView | null> => {
  const issue = (
    await sql.query<IssuePart>(
      `SELECT identifier, matches, results, terms, carried_over, stakes AS issue_stakes, settlement
       FROM pool_issues WHERE issue_id = $1`,
      [bought.issueId],
    )
  ).rows[0];
  if (!issue) return null;
  return ticketOf({
    ...issue,
    ticket_id: bought.ticketId,
    issue_id: bought.issueId,
    game: bought.game,
    user_id: bought.userId,
    pay_type: bought.payType,
    picks: [...bought.picks],
    doubles: bought.doubles,
    lines: bought.lines,
    bet_amount: String(bought.betAmount),
    stake: String(bought.stake),
    tax_rate: String(bought.taxRatePercent),
    status: 'open',
    prize: null,
    credited: false,
    refund: null,
    bought_at: new Date(bought.at),
    counts: null,
  });
};

/** Ticket `ticketId` (of `userId` when given), or null. */
export const poolTicket = async (
  sql: SqlExecutor,
  ticketId: string,
  userId?: string,
): Promise<PoolTicketView | null> => {
  const row = (
    await sql.query<TicketRow>(
      `${TICKET_SQL} WHERE t.ticket_id = $1 AND ($2::text IS NULL OR t.user_id = $2)`,
      [ticketId, userId ?? null],
    )
  ).rows[0];
  return row ? ticketOf(row) : null;
};

/** A page of tickets, newest first, filtered by any of player, issue, game and status. */
export const poolTicketPage = async (
  sql: SqlExecutor,
  filter: { userId?: string | null; issueId?: string | null; game?: PoolGame | null; status?: string | null },
  page: number,
  pageSize: number,
): Promise<{ total: number; items: PoolTicketView[] }> => {
  const where = `WHERE ($1::text IS NULL OR t.user_id = $1) AND ($2::text IS NULL OR t.issue_id = $2)
    AND ($3::text IS NULL OR t.game = $3) AND ($4::text IS NULL OR t.status = $4)`;
  const params = [filter.userId ?? null, filter.issueId ?? null, filter.game ?? null, filter.status ?? null];
  const [count, rows] = await Promise.all([
    sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM pool_tickets t ${where}`, params),
    sql.query<TicketRow>(`${TICKET_SQL} ${where} ORDER BY t.bought_at DESC, t.ticket_id LIMIT $5 OFFSET $6`, [
      ...params,
      pageSize,
      (page - 1) * pageSize,
    ]),
  ]);
  return { total: count.rows[0]!.n, items: rows.rows.map(ticketOf) };
};

/** Lines and tickets on one outcome of one match (the picks distribution). */
interface OutcomeRow {
  match_id: string;
  outcome: string;
  lines: string;
  tickets: number;
}

/**
 * The live statistics of issue `issueId` (issue 18 "live prize tracker"; spec §2 /string_ball): sales,
 * the picks distribution per match (lines and tickets on each outcome: a double puts half of its
 * ticket's lines on each of its two outcomes), and per tier the lines at it now, the lines that can
 * still reach it, and the prize per line if the open matches brought nobody a further hit (the pool
 * settled on today's lines, `settlePool`; null while no line is at the tier). Refunded tickets are left
 * out. Null for an unknown issue. Amounts TZS.
 */
export const poolIssueStats = async (sql: SqlExecutor, issueId: string, now: number) => {
  const row = (await sql.query<IssueRow>(`${ISSUE_SQL} WHERE i.issue_id = $1`, [issueId])).rows[0];
  if (!row) return null;
  const issue = issueOf(row, now);
  const [outcomes, tickets] = await Promise.all([
    sql.query<OutcomeRow>(
      `SELECT m->>'matchId' AS match_id, o AS outcome,
         sum(t.lines / jsonb_array_length(m->'outcomes'))::text AS lines, count(*)::int AS tickets
       FROM pool_tickets t, jsonb_array_elements(t.picks) m, jsonb_array_elements_text(m->'outcomes') o
       WHERE t.issue_id = $1 AND t.status <> 'refunded'
       GROUP BY 1, 2`,
      [issueId],
    ),
    sql.query<{ picks: Pick[]; lines: number }>(
      `SELECT picks, lines FROM pool_tickets WHERE issue_id = $1 AND status <> 'refunded'`,
      [issueId],
    ),
  ]);
  const totalLines = tickets.rows.reduce((sum, t) => sum + t.lines, 0);
  const byMatch = new Map<string, { outcome: string; lines: number; tickets: number }[]>();
  for (const o of outcomes.rows) {
    const list = byMatch.get(o.match_id) ?? [];
    list.push({ outcome: o.outcome, lines: Number(o.lines), tickets: o.tickets });
    byMatch.set(o.match_id, list);
  }
  const atNow = new Array<number>(row.matches.length + 1).fill(0);
  const possible = new Map<number, number>();
  const tiers = row.terms.tiers.map((t) => t.hits);
  for (const { picks } of tickets.rows) {
    const counts = lineHitCounts(picks, row.results);
    counts.lines.forEach((n, k) => {
      atNow[k] = (atNow[k] ?? 0) + n;
      for (const hits of tiers)
        if (k <= hits && hits <= k + counts.pending) possible.set(hits, (possible.get(hits) ?? 0) + n);
    });
  }
  const winningLines = Object.fromEntries(tiers.map((hits) => [hits, atNow[hits] ?? 0]));
  const projected = settlePool(row.terms, {
    carriedOver: Number(row.carried_over),
    stakes: Number(row.stakes),
    winningLines,
  });
  return {
    issueId: issue.issueId,
    identifier: issue.identifier,
    game: issue.game,
    status: issue.status,
    tickets: issue.tickets,
    lines: issue.lines,
    stakes: issue.stakes,
    pool: issue.pool,
    displayedJackpot: issue.displayedJackpot,
    matchesDecided: row.matches.filter((m) => row.results[m.matchId] !== undefined).length,
    matches: issue.matches.map((m) => ({
      matchId: m.matchId,
      home: m.home,
      away: m.away,
      kickOff: m.kickOff,
      result: m.result,
      picks: (byMatch.get(m.matchId) ?? [])
        .sort((a, b) => b.lines - a.lines || a.outcome.localeCompare(b.outcome))
        .map((o) => ({
          ...o,
          percent: totalLines > 0 ? Math.round((o.lines / totalLines) * 1000) / 10 : 0,
        })),
    })),
    tiers: issue.tiers.map((t) => {
      const linesNow = atNow[t.hits] ?? 0;
      return {
        hits: t.hits,
        linesNow,
        linesPossible: possible.get(t.hits) ?? 0,
        prizePerLineCeiling: t.prizePerLineCeiling,
        projectedPrizePerLine:
          linesNow > 0 ? (projected.tiers.find((p) => p.hits === t.hits)?.prizePerLine ?? 0) : null,
      };
    }),
  };
};

/** The GraphQL shape of an issue's live statistics. */
export type PoolIssueStatsView = NonNullable<Awaited<ReturnType<typeof poolIssueStats>>>;
