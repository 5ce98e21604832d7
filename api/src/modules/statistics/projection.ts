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
import type { Projection } from '@bashiri/projections';
import { eatBucket } from './eat.ts';
import type { EatBucket } from './eat.ts';

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
  }
};

const nonZero = <C extends string>(delta: Partial<Record<C, number>>, allowed: Set<string>) =>
  Object.entries(delta).filter(
    (entry): entry is [C, number] => allowed.has(entry[0]) && typeof entry[1] === 'number' && entry[1] !== 0,
  );

/** Adds `delta` to the hour's row (created on first use). */
const addHourly = async (
  tx: SqlExecutor,
  bucket: EatBucket,
  delta: Partial<Record<HourlyColumn, number>>,
): Promise<void> => {
  const entries = nonZero(delta, HOURLY_COLUMNS);
  if (entries.length === 0) return;
  const columns = entries.map(([c]) => c);
  await tx.query(
    `INSERT INTO stats_hourly (day, hour, ${columns.join(', ')})
     VALUES ($1, $2, ${columns.map((_, i) => `$${i + 3}`).join(', ')})
     ON CONFLICT (day, hour) DO UPDATE SET ${columns.map((c) => `${c} = stats_hourly.${c} + EXCLUDED.${c}`).join(', ')}`,
    [bucket.day, bucket.hour, ...entries.map(([, v]) => v)],
  );
};

/** Adds `delta` to the day's row of the player's agent, when the player has one. */
const addAgent = async (
  tx: SqlExecutor,
  day: string,
  userId: string,
  delta: Partial<Record<AgentColumn, number>>,
): Promise<void> => {
  const entries = nonZero(delta, AGENT_COLUMNS);
  if (entries.length === 0) return;
  const columns = entries.map(([c]) => c);
  await tx.query(
    `INSERT INTO stats_agent_daily (day, agent_id, user_id, ${columns.join(', ')})
     SELECT $1::date, a.superior_id, a.user_id, ${columns.map((_, i) => `$${i + 3}::bigint`).join(', ')}
     FROM stats_accounts a WHERE a.user_id = $2 AND a.superior_id IS NOT NULL
     ON CONFLICT (day, agent_id, user_id) DO UPDATE SET ${columns.map((c) => `${c} = stats_agent_daily.${c} + EXCLUDED.${c}`).join(', ')}`,
    [day, userId, ...entries.map(([, v]) => v)],
  );
};

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
]);

const applyWallet = async (recorded: RecordedEvent, tx: SqlExecutor): Promise<void> => {
  if (!WALLET_EVENTS.has(recorded.type)) return;
  const event = { type: recorded.type, data: recorded.data } as WalletEvent;
  const data = event.data;
  const bucket = eatBucket(data.at ?? recorded.recordedAt);
  const figures = walletFigures(event);
  await addHourly(tx, bucket, figures.hourly);
  await tx.query(
    'INSERT INTO stats_hour_players (day, hour, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [bucket.day, bucket.hour, data.userId],
  );
  await addAgent(tx, bucket.day, data.userId, figures.agent);
};

const applyBet = async (recorded: RecordedEvent, tx: SqlExecutor): Promise<void> => {
  const event = { type: recorded.type, data: recorded.data } as BetEvent;
  const bucket = () => eatBucket(event.data.at ?? recorded.recordedAt);
  if (event.type === 'StakePaid') await addHourly(tx, bucket(), { bets_placed: 1 });
  else if (event.type === 'BetSettled' && event.data.settlement.state === 'settled')
    await addHourly(tx, bucket(), { bets_settled: 1 });
};

const applyAccount = async (recorded: RecordedEvent, tx: SqlExecutor): Promise<void> => {
  const event = { type: recorded.type, data: recorded.data } as AccountEvent;
  if (event.type === 'AccountRegistered') {
    const d = event.data;
    const inserted = await tx.query(
      `INSERT INTO stats_accounts (user_id, phone, superior_id, registered_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
      [d.userId, d.phone, d.superiorId, d.at],
    );
    if (inserted.rows.length > 0) await addHourly(tx, eatBucket(d.at), { registrations: 1 });
  } else if (event.type === 'SuperiorChanged') {
    await tx.query('UPDATE stats_accounts SET superior_id = $2 WHERE user_id = $1', [
      event.data.userId,
      event.data.superiorId,
    ]);
  }
};

/** Keeps the statistics read models (`stats_*` tables, migration 001). */
export const statisticsProjection: Projection = {
  name: 'statistics',
  filter: { streamPrefixes: ['wallet-', 'bet-', 'account-'] },
  apply: async (event, tx) => {
    if (event.streamName.startsWith('wallet-')) return applyWallet(event, tx);
    if (event.streamName.startsWith('bet-')) return applyBet(event, tx);
    if (event.streamName.startsWith('account-')) return applyAccount(event, tx);
  },
  reset: async (tx) => {
    await tx.query('DELETE FROM stats_agent_daily');
    await tx.query('DELETE FROM stats_accounts');
    await tx.query('DELETE FROM stats_hour_players');
    await tx.query('DELETE FROM stats_hourly');
  },
};
