/**
 * Reads of the racing read models (spec §3 "Racing period", "Racing order"; issue 19 "rounds and
 * results, hot/cold statistics, my racing bets"): rows mapped to the GraphQL shapes of schema.graphql.
 */
import {
  hotColdStats,
  racingStatusAt,
  rtpOutsideBand,
  rtpPercent,
  rtpTable,
  HOT_COLD_ROUNDS,
  RacingBetType,
} from '@bashiri/domain';
import type { HotColdStats, RacingSelection, RoundState } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';
import type { RacingRoundPhase } from '../../graphql/generated.ts';
import type { RacingSettings } from './config.ts';

/** GraphQL names of the bet type codes (spec §9 order). */
export const BET_TYPE_NAMES = {
  1: 'CHAMPION',
  2: 'CHAMPION_AND_RUNNER_UP',
  3: 'TOP_THREE',
  4: 'ODD_EVEN',
  5: 'BIG_SMALL',
  6: 'LUCK_RACING',
} as const;
export type BetTypeName = (typeof BET_TYPE_NAMES)[keyof typeof BET_TYPE_NAMES];
/** The code of a GraphQL bet type name. */
export const betTypeCode = (name: BetTypeName): RacingBetType =>
  Number(Object.entries(BET_TYPE_NAMES).find(([, n]) => n === name)![0]) as RacingBetType;

interface RoundRow {
  readonly round_id: string;
  readonly seed_hash: string;
  readonly starting_bet_time: Date | string;
  readonly end_bet_time: Date | string;
  readonly draw_time: Date | string;
  readonly phase: string;
  readonly seed: string | null;
  readonly lottery_combination: string | null;
  readonly orders: number;
  readonly staked: string;
  readonly paid: string;
  readonly tax: string;
}

const ROUND_COLUMNS = `round_id, seed_hash, starting_bet_time, end_bet_time, draw_time, phase, seed,
  lottery_combination, orders, staked::text, paid::text, tax::text`;

const isoOf = (v: Date | string) => new Date(v).toISOString();

/** A round row as a `RacingPeriod` at instant `nowMs`. */
export const periodOf = (row: RoundRow, nowMs: number) => {
  const state: RoundState = {
    status: row.phase as RoundState['status'],
    roundId: row.round_id,
    seedHash: row.seed_hash,
    startingBetTime: isoOf(row.starting_bet_time),
    endBetTime: isoOf(row.end_bet_time),
    drawTime: isoOf(row.draw_time),
    seed: row.seed,
    order: row.lottery_combination ? row.lottery_combination.split(',').map(Number) : null,
  };
  return {
    id: row.round_id,
    startingBetTime: state.startingBetTime!,
    endBetTime: state.endBetTime!,
    drawTime: state.drawTime!,
    status: racingStatusAt(state, new Date(nowMs).toISOString()),
    seedHash: row.seed_hash,
    seed: row.seed,
    lotteryCombination: row.lottery_combination,
    settled: row.phase === 'settled',
    voided: row.phase === 'voided',
  };
};

/** The RacingConfig shape: the settings with their RTP table. */
export const configView = (s: RacingSettings) => ({
  ...s.config,
  periodSeconds: s.schedule.periodSeconds,
  closeBeforeDrawSeconds: s.schedule.closeBeforeDrawSeconds,
  maxClockSkewSeconds: s.maxClockSkewSeconds,
  rtpBandMin: s.rtpBand.min,
  rtpBandMax: s.rtpBand.max,
  updatedAt: s.updatedAt,
  updatedBy: s.updatedBy,
  rtp: rtpTable(s.config).map((row) => {
    const total = {
      num: row.rtp.num.times(row.poolRtp.den).plus(row.poolRtp.num.times(row.rtp.den)),
      den: row.rtp.den.times(row.poolRtp.den),
    };
    return {
      betType: BET_TYPE_NAMES[row.betType],
      odds: row.odds,
      winningChance: `${row.winningChance.num.toFixed(0)}/${row.winningChance.den.toFixed(0)}`,
      rtpPercent: rtpPercent(row.rtp, 4),
      poolRtpPercent: rtpPercent(row.poolRtp, 4),
      outsideBand: rtpOutsideBand(row.betType === RacingBetType.LuckRacing ? total : row.rtp, s.rtpBand),
    };
  }),
});

/** The round clock: the current round (betting open or about to open) and the latest drawn one. */
export const racingClock = async (sql: SqlExecutor, settings: RacingSettings, nowMs: number) => {
  const { rows } = await sql.query<RoundRow>(
    `(SELECT ${ROUND_COLUMNS} FROM racing_rounds WHERE seed IS NULL AND draw_time > $1 ORDER BY draw_time LIMIT 1)
     UNION ALL
     (SELECT ${ROUND_COLUMNS} FROM racing_rounds WHERE seed IS NOT NULL ORDER BY draw_time DESC LIMIT 1)`,
    [new Date(nowMs).toISOString()],
  );
  const current = rows.find((r) => r.seed === null) ?? null;
  const last = rows.find((r) => r.seed !== null) ?? null;
  return {
    period: current ? periodOf(current, nowMs) : null,
    lastDrawn: last ? periodOf(last, nowMs) : null,
    serverTime: new Date(nowMs).toISOString(),
    paused: settings.config.noBet === 1,
  };
};

/** Drawn rounds, newest first. */
export const drawnPeriods = async (sql: SqlExecutor, page: number, pageSize: number, nowMs: number) => {
  const [items, total] = await Promise.all([
    sql.query<RoundRow>(
      `SELECT ${ROUND_COLUMNS} FROM racing_rounds WHERE seed IS NOT NULL ORDER BY draw_time DESC LIMIT $1 OFFSET $2`,
      [pageSize, (page - 1) * pageSize],
    ),
    sql.query<{ n: number }>('SELECT count(*)::int AS n FROM racing_rounds WHERE seed IS NOT NULL'),
  ]);
  return { items: items.rows.map((r) => periodOf(r, nowMs)), total: total.rows[0]!.n };
};

/** One round by id. */
export const periodById = async (sql: SqlExecutor, id: string, nowMs: number) => {
  const { rows } = await sql.query<RoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM racing_rounds WHERE round_id = $1`,
    [id],
  );
  return rows[0] ? periodOf(rows[0], nowMs) : null;
};

/** Rounds with their totals for the back office (every round, newest first). */
export const roundReports = async (sql: SqlExecutor, page: number, pageSize: number, nowMs: number) => {
  const [items, total] = await Promise.all([
    sql.query<RoundRow & { voided_at: Date | string | null; void_reason: string | null }>(
      `SELECT ${ROUND_COLUMNS}, voided_at, void_reason FROM racing_rounds ORDER BY draw_time DESC
       LIMIT $1 OFFSET $2`,
      [pageSize, (page - 1) * pageSize],
    ),
    sql.query<{ n: number }>('SELECT count(*)::int AS n FROM racing_rounds'),
  ]);
  return {
    items: items.rows.map((r) => {
      const staked = Number(r.staked);
      const paid = Number(r.paid);
      const tax = Number(r.tax);
      return {
        period: periodOf(r, nowMs),
        phase: r.phase.toUpperCase() as RacingRoundPhase,
        voidedAt: r.voided_at === null ? null : isoOf(r.voided_at),
        voidReason: r.void_reason,
        orders: r.orders,
        staked,
        paid,
        tax,
        ggr: staked - paid - tax,
      };
    }),
    total: total.rows[0]!.n,
  };
};

/** Hot and cold statistics of the newest 100 drawn rounds. */
export const hotCold = async (sql: SqlExecutor): Promise<HotColdStats> => {
  const { rows } = await sql.query<{ lottery_combination: string }>(
    'SELECT lottery_combination FROM racing_rounds WHERE seed IS NOT NULL ORDER BY draw_time DESC LIMIT $1',
    [HOT_COLD_ROUNDS],
  );
  return hotColdStats(rows.map((r) => r.lottery_combination.split(',').map(Number)));
};

interface OrderRow {
  readonly bet_id: string;
  readonly user_id: string;
  readonly round_id: string;
  readonly bet_type: number;
  readonly selection: RacingSelection;
  readonly tickets: number;
  readonly single_amount: string;
  readonly amount: string;
  readonly odds: string | null;
  readonly tax_rate: string;
  readonly tax: string | null;
  readonly profit: string | null;
  readonly payout: string | null;
  readonly result: number;
  readonly status: number;
  readonly placed_at: Date | string;
  readonly settled_at: Date | string | null;
}

const ORDER_COLUMNS = `bet_id, user_id, round_id, bet_type, selection, tickets, single_amount::text, amount::text,
  odds, tax_rate, tax::text, profit::text, payout::text, result, status, placed_at, settled_at`;

const numOrNull = (v: string | null) => (v === null ? null : Number(v));

/** A racing order row (or a just-placed order's data) as a `RacingOrder`. */
export const orderOf = (row: OrderRow, withUser: boolean) => ({
  id: row.bet_id,
  roundId: row.round_id,
  betType: BET_TYPE_NAMES[row.bet_type as RacingBetType],
  positions: 'positions' in row.selection ? row.selection.positions.map((p) => [...p]) : [],
  options: 'options' in row.selection ? [...row.selection.options] : [],
  tickets: row.tickets,
  singleAmount: Number(row.single_amount),
  amount: Number(row.amount),
  odds: row.odds,
  taxRate: row.tax_rate,
  tax: numOrNull(row.tax),
  profit: numOrNull(row.profit),
  payout: numOrNull(row.payout),
  result: row.result,
  status: row.status,
  placedAt: isoOf(row.placed_at),
  settledAt: row.settled_at === null ? null : isoOf(row.settled_at),
  userId: withUser ? row.user_id : null,
});

/** Filters of the staff list. */
export interface OrderFilter {
  readonly userId?: string | null;
  readonly roundId?: string | null;
  readonly betType?: RacingBetType | null;
  readonly status?: number | null;
  readonly result?: number | null;
  readonly from?: string | null;
  readonly to?: string | null;
}

/** Racing orders matching `filter`, newest first; `withUser` for staff lists. */
export const racingOrders = async (
  sql: SqlExecutor,
  filter: OrderFilter,
  page: number,
  pageSize: number,
  withUser: boolean,
) => {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replace('?', `$${params.length}`));
  };
  if (filter.userId) add('user_id = ?', filter.userId);
  if (filter.roundId) add('round_id = ?', filter.roundId);
  if (filter.betType) add('bet_type = ?', filter.betType);
  if (filter.status) add('status = ?', filter.status);
  if (filter.result) add('result = ?', filter.result);
  if (filter.from) add('placed_at >= ?', filter.from);
  if (filter.to) add('placed_at < ?', filter.to);
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [items, total] = await Promise.all([
    sql.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM racing_orders ${clause} ORDER BY placed_at DESC, bet_id
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, pageSize, (page - 1) * pageSize],
    ),
    sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM racing_orders ${clause}`, params),
  ]);
  return { items: items.rows.map((r) => orderOf(r, withUser)), total: total.rows[0]!.n };
};
