/**
 * The `statistics` projection (issue 5 items 4 and 8; spec §2 admin statistics, §3 "Agent
 * statistics"; docs/statistics.md): wallet, bet and account events, in log order, into hourly EAT
 * figures, the players active in each hour, and per-agent daily figures.
 *
 * Money comes from wallet movements only (what really moved, TZS), counts of bets from the bet streams,
 * registrations and agents from the account streams. A player's agent is their `superior` as the
 * account stream says at the moment the money moved, so a past report never changes when staff move a
 * player to another agent later.
 */
import { BillType, netOf } from '@bashiri/domain';
import type { AccountEvent, BetEvent, Movement, WalletEvent } from '@bashiri/domain';
import type { RecordedEvent, SqlExecutor } from '@bashiri/eventstore';
import type { Projection } from '@bashiri/projection-runner';
import { eatBucket } from '@bashiri/domain';
import type { EatBucket } from '@bashiri/domain';

/** Columns of `stats_hourly` a delta may add to (signed TZS or counts). */
export type HourlyColumn =
  | 'stakes'
  | 'credit_stakes'
  | 'stake_refunds'
  | 'payouts'
  | 'tax'
  | 'bonuses'
  | 'deposits'
  | 'deposit_count'
  | 'withdrawals'
  | 'withdrawal_count'
  | 'withdrawals_reserved'
  | 'withdrawal_refunds'
  | 'staff_adjustments'
  | 'bets_placed'
  | 'bets_settled'
  | 'registrations';

/** Columns of `stats_agent_daily` a delta may add to. */
export type AgentColumn = 'deposits' | 'withdrawals' | 'stakes' | 'bet_count' | 'stake_refunds' | 'payouts';

/** What one wallet event adds to its hour and, when the player has an agent, to the agent's day. */
export interface WalletFigures {
  readonly hourly: Partial<Record<HourlyColumn, number>>;
  readonly agent: Partial<Record<AgentColumn, number>>;
}

const HOURLY_COLUMNS = new Set<string>([
  'stakes',
  'credit_stakes',
  'stake_refunds',
  'payouts',
  'tax',
  'bonuses',
  'deposits',
  'deposit_count',
  'withdrawals',
  'withdrawal_count',
  'withdrawals_reserved',
  'withdrawal_refunds',
  'staff_adjustments',
  'bets_placed',
  'bets_settled',
  'registrations',
]);
const AGENT_COLUMNS = new Set<string>([
  'deposits',
  'withdrawals',
  'stakes',
  'bet_count',
  'stake_refunds',
  'payouts',
]);

const netMoved = (data: Movement): number => data.lines.reduce((sum, l) => sum + netOf(l), 0);
const pocketMoved = (data: Movement, pocket: string): number =>
  data.lines.filter((l) => l.pocket === pocket).reduce((sum, l) => sum + l.amount, 0);

/**
 * The figures of one wallet event (pure). Stakes and refunds count every pocket; payouts are what the
 * player received after tax; a settlement reversal takes back payouts and tax (from the balance) or a
 * credit-money stake refund. Debt lines count against the player (`netOf`), so a deposit that paid a
 * debt still counts whole.
 */
export const walletFigures = (event: WalletEvent): WalletFigures => {
  const data = event.data;
  switch (event.type) {
    case 'StakeDebited': {
      const stake = 0 - netMoved(data);
      const credit = 0 - pocketMoved(data, 'creditMoney');
      return {
        hourly: { stakes: stake, credit_stakes: credit },
        agent: { stakes: stake, bet_count: 1 },
      };
    }
    case 'StakeRefunded': {
      const refund = netMoved(data);
      return { hourly: { stake_refunds: refund }, agent: { stake_refunds: refund } };
    }
    case 'WinningsCredited': {
      const paid = netMoved(event.data);
      return { hourly: { payouts: paid, tax: event.data.tax }, agent: { payouts: paid } };
    }
    case 'SettlementReversed': {
      const d = event.data;
      const fromCredit = d.lines.some((l) => l.pocket === 'creditMoney');
      if (fromCredit)
        return { hourly: { stake_refunds: -d.requested }, agent: { stake_refunds: -d.requested } };
      return { hourly: { payouts: -d.requested, tax: -d.tax }, agent: { payouts: -d.requested } };
    }
    case 'DepositCredited': {
      const amount = netMoved(data);
      return { hourly: { deposits: amount, deposit_count: 1 }, agent: { deposits: amount } };
    }
    case 'WithdrawalReserved':
      return { hourly: { withdrawals_reserved: event.data.amount }, agent: {} };
    case 'WithdrawalConfirmed':
      return {
        hourly: { withdrawals: event.data.amount, withdrawal_count: 1 },
        agent: { withdrawals: event.data.amount },
      };
    case 'WithdrawalRefunded':
      return { hourly: { withdrawal_refunds: event.data.amount }, agent: {} };
    case 'BonusCredited':
      return { hourly: { bonuses: netMoved(data) }, agent: {} };
    case 'StaffAdjusted':
    case 'DebtWrittenOff':
      return data.billType === BillType.AdminBalanceChange
        ? { hourly: { staff_adjustments: netMoved(data) }, agent: {} }
        : { hourly: {}, agent: {} };
    case 'RacingCoinConverted':
      return { hourly: {}, agent: {} };
    case 'CreditExpired':
      // Expired credit money (bill 18) lowers the bonus cost: negative, what was taken.
      return { hourly: { bonuses: netMoved(data) }, agent: {} };
  }
};

const nonZero = <C extends string>(delta: Partial<Record<C, number>>, allowed: Set<string>) =>
  Object.entries(delta).filter(
    (entry): entry is [C, number] => allowed.has(entry[0]) && typeof entry[1] === 'number' && entry[1] !== 0,
  );

/**
 * What a run of events adds, gathered in memory and written by {@link flush} in a few statements
 * (per hour row, one insert for the active players, one for the agents' days), so a batch of
 * thousands of events costs as much as a handful.
 */
class Pending {
  readonly hourly = new Map<string, { bucket: EatBucket; delta: Map<HourlyColumn, number> }>();
  readonly players = new Map<string, { day: string; hour: number; user_id: string }>();
  readonly agent = new Map<string, { day: string; user_id: string } & Partial<Record<AgentColumn, number>>>();

  addHourly(bucket: EatBucket, delta: Partial<Record<HourlyColumn, number>>): void {
    const entries = nonZero(delta, HOURLY_COLUMNS);
    if (entries.length === 0) return;
    const key = `${bucket.day}|${bucket.hour}`;
    const row = this.hourly.get(key) ?? { bucket, delta: new Map<HourlyColumn, number>() };
    for (const [column, value] of entries) row.delta.set(column, (row.delta.get(column) ?? 0) + value);
    this.hourly.set(key, row);
  }

  addPlayer(bucket: EatBucket, userId: string): void {
    this.players.set(`${bucket.day}|${bucket.hour}|${userId}`, {
      day: bucket.day,
      hour: bucket.hour,
      user_id: userId,
    });
  }

  addAgent(day: string, userId: string, delta: Partial<Record<AgentColumn, number>>): void {
    const entries = nonZero(delta, AGENT_COLUMNS);
    if (entries.length === 0) return;
    const key = `${day}|${userId}`;
    const row = this.agent.get(key) ?? { day, user_id: userId };
    for (const [column, value] of entries) row[column] = (row[column] ?? 0) + value;
    this.agent.set(key, row);
  }

  /** Writes and forgets everything gathered. */
  async flush(tx: SqlExecutor): Promise<void> {
    for (const { bucket, delta } of this.hourly.values()) {
      const entries = [...delta].filter(([, v]) => v !== 0);
      if (entries.length === 0) continue;
      const columns = entries.map(([c]) => c);
      await tx.query(
        `INSERT INTO stats_hourly (day, hour, ${columns.join(', ')})
         VALUES ($1, $2, ${columns.map((_, i) => `$${i + 3}`).join(', ')})
         ON CONFLICT (day, hour) DO UPDATE SET ${columns.map((c) => `${c} = stats_hourly.${c} + EXCLUDED.${c}`).join(', ')}`,
        [bucket.day, bucket.hour, ...entries.map(([, v]) => v)],
      );
    }
    if (this.players.size > 0)
      await tx.query(
        `INSERT INTO stats_hour_players (day, hour, user_id)
         SELECT day, hour, user_id FROM jsonb_populate_recordset(NULL::stats_hour_players, $1::jsonb)
         ON CONFLICT DO NOTHING`,
        [JSON.stringify([...this.players.values()])],
      );
    const agentRows = [...this.agent.values()].filter((row) =>
      [...AGENT_COLUMNS].some((c) => (row[c as AgentColumn] ?? 0) !== 0),
    );
    if (agentRows.length > 0) {
      // The agent is the player's superior as stats_accounts says now: account events flush what is
      // pending before they change it, so that is the superior at the moment the money moved.
      const columns = [...AGENT_COLUMNS];
      await tx.query(
        `INSERT INTO stats_agent_daily (day, agent_id, user_id, ${columns.join(', ')})
         SELECT x.day, a.superior_id, a.user_id, ${columns.map((c) => `coalesce(x.${c}, 0)`).join(', ')}
         FROM jsonb_populate_recordset(NULL::stats_agent_daily, $1::jsonb) AS x
         JOIN stats_accounts a ON a.user_id = x.user_id AND a.superior_id IS NOT NULL
         ON CONFLICT (day, agent_id, user_id) DO UPDATE SET ${columns.map((c) => `${c} = stats_agent_daily.${c} + EXCLUDED.${c}`).join(', ')}`,
        [JSON.stringify(agentRows)],
      );
    }
    this.hourly.clear();
    this.players.clear();
    this.agent.clear();
  }
}

const WALLET_EVENTS = new Set<string>([
  'StakeDebited',
  'StakeRefunded',
  'WinningsCredited',
  'SettlementReversed',
  'DepositCredited',
  'WithdrawalReserved',
  'WithdrawalConfirmed',
  'WithdrawalRefunded',
  'BonusCredited',
  'StaffAdjusted',
  'DebtWrittenOff',
  'RacingCoinConverted',
  'CreditExpired',
]);

const applyWallet = (recorded: RecordedEvent, pending: Pending): void => {
  if (!WALLET_EVENTS.has(recorded.type)) return;
  const event = { type: recorded.type, data: recorded.data } as WalletEvent;
  const data = event.data;
  const bucket = eatBucket(data.at ?? recorded.recordedAt);
  const figures = walletFigures(event);
  pending.addHourly(bucket, figures.hourly);
  pending.addPlayer(bucket, data.userId);
  pending.addAgent(bucket.day, data.userId, figures.agent);
};

const applyBet = (recorded: RecordedEvent, pending: Pending): void => {
  const event = { type: recorded.type, data: recorded.data } as BetEvent;
  const bucket = () => eatBucket(event.data.at ?? recorded.recordedAt);
  if (event.type === 'StakePaid') pending.addHourly(bucket(), { bets_placed: 1 });
  else if (event.type === 'BetSettled' && event.data.settlement.state === 'settled')
    pending.addHourly(bucket(), { bets_settled: 1 });
};

/** Account events write at once (after what is pending: the agent of earlier money is the one before). */
const applyAccount = async (recorded: RecordedEvent, tx: SqlExecutor, pending: Pending): Promise<void> => {
  const event = { type: recorded.type, data: recorded.data } as AccountEvent;
  if (event.type === 'AccountRegistered') {
    const d = event.data;
    const inserted = await tx.query(
      `INSERT INTO stats_accounts (user_id, phone, superior_id, registered_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
      [d.userId, d.phone, d.superiorId, d.at],
    );
    if (inserted.rows.length > 0) pending.addHourly(eatBucket(d.at), { registrations: 1 });
  } else if (event.type === 'SuperiorChanged') {
    await tx.query('UPDATE stats_accounts SET superior_id = $2 WHERE user_id = $1', [
      event.data.userId,
      event.data.superiorId,
    ]);
  }
};

/** A batch in log order: money and bet counts gathered in memory, written when an account event or the end comes. */
const applyBatch = async (events: readonly RecordedEvent[], tx: SqlExecutor): Promise<void> => {
  const pending = new Pending();
  for (const event of events) {
    if (event.streamName.startsWith('wallet-')) applyWallet(event, pending);
    else if (event.streamName.startsWith('bet-')) applyBet(event, pending);
    else if (event.streamName.startsWith('account-')) {
      await pending.flush(tx);
      await applyAccount(event, tx, pending);
    }
  }
  await pending.flush(tx);
};

/** Keeps the statistics read models (`stats_*` tables, migration 001). */
export const statisticsProjection: Projection = {
  name: 'statistics',
  filter: { streamPrefixes: ['wallet-', 'bet-', 'account-'] },
  // Back-office figures by the hour: half a second of lag costs nothing, and under a steady stream of
  // bets and cash-outs each batch (three writes plus the runner's five statements) gathers ten times as
  // many events as at the runner's 50 ms (decision 0176).
  minIntervalMs: 500,
  apply: (event, tx) => applyBatch([event], tx),
  applyBatch,
  reset: async (tx) => {
    await tx.query('DELETE FROM stats_agent_daily');
    await tx.query('DELETE FROM stats_accounts');
    await tx.query('DELETE FROM stats_hour_players');
    await tx.query('DELETE FROM stats_hourly');
  },
};
