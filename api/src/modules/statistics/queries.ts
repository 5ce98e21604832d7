/**
 * Reading the statistics read models (spec §2 admin "statistics (today, hourly, historical, proxy)",
 * §3 "Agent statistics"; docs/statistics.md). Amounts are whole TZS; periods are East Africa Time.
 */
import type { SqlExecutor } from '@bashiri/eventstore';
import { addDays, daysBetween, eatDayStart } from '@bashiri/domain';

const HOUR_MS = 3_600_000;

/**
 * The figures of one period (an hour, a day, or a whole range). Money in TZS:
 * `ggr` = stakes − stakeRefunds − grossPayouts, where grossPayouts = payouts + tax (the withholding tax
 * is part of what winners won); `netAfterTax` = stakes − stakeRefunds − payouts = ggr + tax.
 */
export interface StatsFigures {
  readonly stakes: number;
  readonly creditStakes: number;
  readonly stakeRefunds: number;
  readonly payouts: number;
  readonly tax: number;
  readonly grossPayouts: number;
  readonly ggr: number;
  readonly netAfterTax: number;
  readonly bonuses: number;
  readonly deposits: number;
  readonly depositCount: number;
  readonly withdrawals: number;
  readonly withdrawalCount: number;
  readonly withdrawalsReserved: number;
  readonly withdrawalRefunds: number;
  readonly staffAdjustments: number;
  readonly betsPlaced: number;
  readonly betsSettled: number;
  readonly newRegistrations: number;
  /** Distinct players with a wallet movement in the period. */
  readonly activePlayers: number;
}

/** A period's figures with its EAT date, hour (null for a day or range) and its instants [from, to). */
export interface StatsRow extends StatsFigures {
  readonly date: string;
  readonly hour: number | null;
  readonly from: Date;
  readonly to: Date;
}

/** An EAT day hour by hour (24 rows, empty hours as zeros) and its total. */
export interface StatsHourly {
  readonly date: string;
  readonly hours: readonly StatsRow[];
  readonly total: StatsRow;
}

/** EAT days from `from` to `to` included (one row per day, empty days as zeros) and their total. */
export interface StatsDaily {
  readonly from: string;
  readonly to: string;
  readonly days: readonly StatsRow[];
  readonly total: StatsRow;
}

const SUMS = `coalesce(sum(stakes), 0)::text AS stakes, coalesce(sum(credit_stakes), 0)::text AS credit_stakes,
  coalesce(sum(stake_refunds), 0)::text AS stake_refunds, coalesce(sum(payouts), 0)::text AS payouts,
  coalesce(sum(tax), 0)::text AS tax, coalesce(sum(bonuses), 0)::text AS bonuses,
  coalesce(sum(deposits), 0)::text AS deposits, coalesce(sum(deposit_count), 0)::text AS deposit_count,
  coalesce(sum(withdrawals), 0)::text AS withdrawals, coalesce(sum(withdrawal_count), 0)::text AS withdrawal_count,
  coalesce(sum(withdrawals_reserved), 0)::text AS withdrawals_reserved,
  coalesce(sum(withdrawal_refunds), 0)::text AS withdrawal_refunds,
  coalesce(sum(staff_adjustments), 0)::text AS staff_adjustments,
  coalesce(sum(bets_placed), 0)::text AS bets_placed, coalesce(sum(bets_settled), 0)::text AS bets_settled,
  coalesce(sum(registrations), 0)::text AS registrations`;

type SumRow = Record<string, string>;

const EMPTY: SumRow = {};

const figures = (row: SumRow, activePlayers: number): StatsFigures => {
  const n = (column: string) => Number(row[column] ?? 0);
  const stakes = n('stakes');
  const stakeRefunds = n('stake_refunds');
  const payouts = n('payouts');
  const tax = n('tax');
  return {
    stakes,
    creditStakes: n('credit_stakes'),
    stakeRefunds,
    payouts,
    tax,
    grossPayouts: payouts + tax,
    ggr: stakes - stakeRefunds - payouts - tax,
    netAfterTax: stakes - stakeRefunds - payouts,
    bonuses: n('bonuses'),
    deposits: n('deposits'),
    depositCount: n('deposit_count'),
    withdrawals: n('withdrawals'),
    withdrawalCount: n('withdrawal_count'),
    withdrawalsReserved: n('withdrawals_reserved'),
    withdrawalRefunds: n('withdrawal_refunds'),
    staffAdjustments: n('staff_adjustments'),
    betsPlaced: n('bets_placed'),
    betsSettled: n('bets_settled'),
    newRegistrations: n('registrations'),
    activePlayers,
  };
};

const countActive = async (tx: SqlExecutor, from: string, to: string): Promise<number> =>
  Number(
    (
      await tx.query<{ n: string }>(
        'SELECT count(DISTINCT user_id)::text AS n FROM stats_hour_players WHERE day BETWEEN $1 AND $2',
        [from, to],
      )
    ).rows[0]?.n ?? 0,
  );

/** The 24 EAT hours of `date` ('yyyy-MM-dd', already validated) and the day's total. */
export const statsHourly = async (tx: SqlExecutor, date: string): Promise<StatsHourly> => {
  const start = eatDayStart(date);
  const [sums, active, total] = [
    await tx.query<SumRow & { hour: number }>(
      `SELECT hour, ${SUMS} FROM stats_hourly WHERE day = $1 GROUP BY hour`,
      [date],
    ),
    await tx.query<{ hour: number; n: string }>(
      'SELECT hour, count(*)::text AS n FROM stats_hour_players WHERE day = $1 GROUP BY hour',
      [date],
    ),
    await tx.query<SumRow>(`SELECT ${SUMS} FROM stats_hourly WHERE day = $1`, [date]),
  ];
  const byHour = new Map(sums.rows.map((r) => [Number(r.hour), r]));
  const activeByHour = new Map(active.rows.map((r) => [Number(r.hour), Number(r.n)]));
  const hours = Array.from({ length: 24 }, (_, hour) => ({
    date,
    hour,
    from: new Date(start + hour * HOUR_MS),
    to: new Date(start + (hour + 1) * HOUR_MS),
    ...figures(byHour.get(hour) ?? EMPTY, activeByHour.get(hour) ?? 0),
  }));
  return {
    date,
    hours,
    total: {
      date,
      hour: null,
      from: new Date(start),
      to: new Date(start + 24 * HOUR_MS),
      ...figures(total.rows[0] ?? EMPTY, await countActive(tx, date, date)),
    },
  };
};

/** One row per EAT day from `from` to `to` (validated, `from` ≤ `to`), and the range's total. */
export const statsDaily = async (tx: SqlExecutor, from: string, to: string): Promise<StatsDaily> => {
  const sums = await tx.query<SumRow & { day: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, ${SUMS} FROM stats_hourly WHERE day BETWEEN $1 AND $2 GROUP BY day`,
    [from, to],
  );
  const active = await tx.query<{ day: string; n: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, count(DISTINCT user_id)::text AS n FROM stats_hour_players
     WHERE day BETWEEN $1 AND $2 GROUP BY day`,
    [from, to],
  );
  const total = await tx.query<SumRow>(`SELECT ${SUMS} FROM stats_hourly WHERE day BETWEEN $1 AND $2`, [
    from,
    to,
  ]);
  const byDay = new Map(sums.rows.map((r) => [r.day, r]));
  const activeByDay = new Map(active.rows.map((r) => [r.day, Number(r.n)]));
  const days = Array.from({ length: daysBetween(from, to) }, (_, i) => {
    const date = addDays(from, i);
    return {
      date,
      hour: null,
      from: new Date(eatDayStart(date)),
      to: new Date(eatDayStart(addDays(date, 1))),
      ...figures(byDay.get(date) ?? EMPTY, activeByDay.get(date) ?? 0),
    };
  });
  return {
    from,
    to,
    days,
    total: {
      date: from,
      hour: null,
      from: new Date(eatDayStart(from)),
      to: new Date(eatDayStart(addDays(to, 1))),
      ...figures(total.rows[0] ?? EMPTY, await countActive(tx, from, to)),
    },
  };
};

/**
 * One agent's figures over a range (spec §3 "Agent statistics"), TZS. `playerProfitLoss` is the
 * players' side after tax: payouts + stake refunds − stakes (negative when the house won).
 */
export interface AgentFigures {
  readonly totalDeposit: number;
  readonly totalWithdraw: number;
  /** Distinct players of the agent who staked at least once in the range. */
  readonly bettors: number;
  readonly betCount: number;
  readonly betAmount: number;
  readonly playerProfitLoss: number;
}

/** An agent (a player who is the superior of others) and their players' figures. */
export interface AgentStatsRow extends AgentFigures {
  readonly agentId: string;
  readonly account: string | null;
  readonly name: string | null;
  readonly phone: string | null;
  /** Players whose superior the agent is now. */
  readonly invitedPlayers: number;
}

/** A page of agents, ordered by bet amount (largest first), and the totals over every agent. */
export interface AgentStatsPage {
  readonly from: string;
  readonly to: string;
  readonly items: readonly AgentStatsRow[];
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
  readonly totals: AgentFigures & { readonly agents: number; readonly invitedPlayers: number };
}

const AGENTS = `WITH activity AS (
    SELECT agent_id, sum(deposits) AS deposits, sum(withdrawals) AS withdrawals, sum(stakes) AS stakes,
           sum(bet_count) AS bet_count, sum(stake_refunds) AS stake_refunds, sum(payouts) AS payouts,
           count(DISTINCT user_id) FILTER (WHERE bet_count > 0) AS bettors
    FROM stats_agent_daily WHERE day BETWEEN $1 AND $2 GROUP BY agent_id
  ), invited AS (
    SELECT superior_id AS agent_id, count(*) AS players FROM stats_accounts
    WHERE superior_id IS NOT NULL GROUP BY superior_id
  ), agents AS (
    SELECT coalesce(a.agent_id, i.agent_id) AS agent_id, coalesce(i.players, 0) AS players,
           coalesce(a.deposits, 0) AS deposits, coalesce(a.withdrawals, 0) AS withdrawals,
           coalesce(a.stakes, 0) AS stakes, coalesce(a.bet_count, 0) AS bet_count,
           coalesce(a.stake_refunds, 0) AS stake_refunds, coalesce(a.payouts, 0) AS payouts,
           coalesce(a.bettors, 0) AS bettors
    FROM activity a FULL JOIN invited i ON i.agent_id = a.agent_id
  )`;

interface AgentSqlRow {
  agent_id: string;
  phone: string | null;
  players: string;
  deposits: string;
  withdrawals: string;
  stakes: string;
  bet_count: string;
  stake_refunds: string;
  payouts: string;
  bettors: string;
}

const agentFigures = (r: Omit<AgentSqlRow, 'agent_id' | 'phone' | 'players'>): AgentFigures => ({
  totalDeposit: Number(r.deposits),
  totalWithdraw: Number(r.withdrawals),
  bettors: Number(r.bettors),
  betCount: Number(r.bet_count),
  betAmount: Number(r.stakes),
  playerProfitLoss: Number(r.payouts) + Number(r.stake_refunds) - Number(r.stakes),
});

/**
 * Agents over the EAT days `from`..`to` (validated), page `page` (1-based) of `pageSize`. Every agent
 * is listed (those without activity in the range with zeros); figures count the money of the players
 * whose superior the agent was when it moved.
 */
export const agentStats = async (
  tx: SqlExecutor,
  from: string,
  to: string,
  page: number,
  pageSize: number,
): Promise<AgentStatsPage> => {
  const rows = await tx.query<AgentSqlRow>(
    `${AGENTS}
     SELECT g.agent_id, acc.phone, g.players::text, g.deposits::text, g.withdrawals::text, g.stakes::text,
            g.bet_count::text, g.stake_refunds::text, g.payouts::text, g.bettors::text
     FROM agents g LEFT JOIN stats_accounts acc ON acc.user_id = g.agent_id
     ORDER BY g.stakes DESC, g.agent_id LIMIT $3 OFFSET $4`,
    [from, to, pageSize, (page - 1) * pageSize],
  );
  const totals = await tx.query<Omit<AgentSqlRow, 'agent_id' | 'phone'> & { agents: string }>(
    `${AGENTS}
     SELECT count(*)::text AS agents, coalesce(sum(players), 0)::text AS players,
            coalesce(sum(deposits), 0)::text AS deposits, coalesce(sum(withdrawals), 0)::text AS withdrawals,
            coalesce(sum(stakes), 0)::text AS stakes, coalesce(sum(bet_count), 0)::text AS bet_count,
            coalesce(sum(stake_refunds), 0)::text AS stake_refunds, coalesce(sum(payouts), 0)::text AS payouts,
            (SELECT count(DISTINCT user_id) FROM stats_agent_daily
              WHERE day BETWEEN $1 AND $2 AND bet_count > 0)::text AS bettors
     FROM agents`,
    [from, to],
  );
  const t = totals.rows[0]!;
  return {
    from,
    to,
    page,
    pageSize,
    total: Number(t.agents),
    items: rows.rows.map((r) => ({
      agentId: r.agent_id,
      account: r.phone,
      name: null,
      phone: r.phone,
      invitedPlayers: Number(r.players),
      ...agentFigures(r),
    })),
    totals: { agents: Number(t.agents), invitedPlayers: Number(t.players), ...agentFigures(t) },
  };
};

/**
 * One agent's figures over the EAT days `from`..`to` (spec §6 "agent/proxy role: own statistics"): the
 * same figures as {@link agentStats} for `agentId` alone (zeros without activity). Dates validated by
 * the caller.
 */
export const agentStatsOf = async (
  tx: SqlExecutor,
  agentId: string,
  from: string,
  to: string,
): Promise<AgentFigures & { invitedPlayers: number }> => {
  const r = await tx.query<Omit<AgentSqlRow, 'agent_id' | 'phone'>>(
    `SELECT (SELECT count(*) FROM stats_accounts WHERE superior_id = $3)::text AS players,
            coalesce(sum(deposits), 0)::text AS deposits, coalesce(sum(withdrawals), 0)::text AS withdrawals,
            coalesce(sum(stakes), 0)::text AS stakes, coalesce(sum(bet_count), 0)::text AS bet_count,
            coalesce(sum(stake_refunds), 0)::text AS stake_refunds, coalesce(sum(payouts), 0)::text AS payouts,
            (count(DISTINCT user_id) FILTER (WHERE bet_count > 0))::text AS bettors
     FROM stats_agent_daily WHERE agent_id = $3 AND day BETWEEN $1 AND $2`,
    [from, to, agentId],
  );
  const row = r.rows[0]!;
  return { invitedPlayers: Number(row.players), ...agentFigures(row) };
};
