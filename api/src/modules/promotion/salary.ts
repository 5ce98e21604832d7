/**
 * Agent salary (issue 21 "Agents (proxies)"; spec §3 User "return scale", §6 agent/proxy role "salary";
 * docs/promotions.md "Agent salary"; decision 0065).
 *
 * Per week of East Africa Time (Monday 00:00 EAT to the next Monday, the domain's `periodBounds`), an
 * agent earns `floor(returnScale / 100 × max(0, net))` TZS, where `net` = the settled stakes − the
 * returns (balance credited + credit-money refunds) of the bets of the players whose superior the agent
 * was when they placed them, counted by the week of their first settlement. A negative net (the players
 * won) pays nothing and does not carry over. Computed once at the week's close (`closeSalaryPeriod`, by
 * the reward worker or on a staff look), paid once by staff through the money path (`payAgentSalary`:
 * bill type 2, admin balance change, to the balance).
 */
import { BillType, domainError, periodBounds, periodKey } from '@bashiri/domain';
import type { DomainError } from '@bashiri/domain';
import type { Evolver } from '@bashiri/eventstore';
import { codedError } from '../../graphql/errors.ts';
import type { AppServices } from '../../services.ts';
import { moveMoney } from '../wallet/index.ts';

/** Bill type of a salary payment (decision 0065: the spec names none; staff pay it to the balance). */
export const SALARY_BILL = BillType.AdminBalanceChange;

/** Status of a week's salary: `due` (amount > 0, unpaid), `nothing` (net ≤ 0), `paid`. */
export type SalaryStatus = 'due' | 'nothing' | 'paid';

/**
 * The salary in whole TZS of `net` TZS (stakes − returns, may be negative) at `returnScale` percent
 * (a whole number ≥ 0, spec §5 "digits only"): floor(returnScale × max(0, net) / 100). Exact for any
 * safe integers (BigInt arithmetic).
 */
export const agentSalaryOf = (returnScale: number, net: number): number => {
  if (!Number.isSafeInteger(returnScale) || returnScale < 0)
    throw new RangeError('returnScale: a whole number ≥ 0');
  if (!Number.isSafeInteger(net)) throw new RangeError('net: a whole number of TZS');
  if (net <= 0) return 0;
  return Number((BigInt(returnScale) * BigInt(net)) / 100n);
};

/** The EAT week (its Monday, yyyy-MM-dd) containing `at`, with its start and end instants. */
export const salaryPeriodOf = (at: number | string): { period: string; start: number; end: number } => ({
  period: periodKey('week', at),
  ...periodBounds('week', at),
});

/** The last week that has closed at `now` (epoch ms). */
export const lastClosedPeriod = (now: number) => salaryPeriodOf(salaryPeriodOf(now).start - 1);

const PERIOD = /^\d{4}-\d{2}-\d{2}$/;

/** The week whose Monday is `period` (yyyy-MM-dd, EAT); BAD_INPUT when not a Monday. */
export const periodOrThrow = (period: string) => {
  const at = Date.parse(`${period}T00:00:00+03:00`);
  if (!PERIOD.test(period) || !Number.isFinite(at) || salaryPeriodOf(at).period !== period)
    throw codedError('BAD_INPUT', "period: a Monday 'yyyy-MM-dd' (EAT)", { field: 'period' });
  return salaryPeriodOf(at);
};

/** One agent's salary of one week as stored (`agent_salaries`). */
export interface AgentSalary {
  readonly agentId: string;
  readonly period: string;
  readonly returnScale: number;
  readonly stakes: number;
  readonly returns: number;
  readonly net: number;
  readonly amount: number;
  /** The status as the GraphQL enum names it. */
  readonly status: Uppercase<SalaryStatus>;
  readonly computedAt: Date;
  readonly paidAt: Date | null;
  /** The id of the agent's balance bill of the payment (bill type 2); null until paid and projected. */
  readonly billId: string | null;
}

interface SalaryRow {
  agent_id: string;
  period: string;
  return_scale: number;
  stakes: string;
  returns: string;
  amount: string;
  status: SalaryStatus;
  computed_at: Date;
  paid_at: Date | null;
  bill_id: string | null;
}

const viewOf = (r: SalaryRow): AgentSalary => ({
  agentId: r.agent_id,
  period: r.period,
  returnScale: r.return_scale,
  stakes: Number(r.stakes),
  returns: Number(r.returns),
  net: Number(r.stakes) - Number(r.returns),
  amount: Number(r.amount),
  status: r.status.toUpperCase() as Uppercase<SalaryStatus>,
  computedAt: r.computed_at,
  paidAt: r.paid_at,
  billId: r.bill_id,
});

/** The salary's columns and the id of its payment's bill (movement id `agent-salary:<agentId>:<period>`). */
const COLUMNS = `agent_id, period, return_scale, stakes::text, returns::text, amount::text, status, computed_at, paid_at,
  (SELECT min(b.id)::text FROM bills b
    WHERE b.user_id = agent_salaries.agent_id AND b.pocket = 'balance'
      AND b.movement_id = 'agent-salary:' || agent_salaries.agent_id || ':' || agent_salaries.period) AS bill_id`;

/**
 * Computes the salaries of the closed week `period` (yyyy-MM-dd Monday) for every agent whose players
 * had bets settled in it, once: a week already computed keeps its rows (a later settlement of that week
 * is not added). Does nothing for a week not yet closed at `services.now()`. Returns the rows written.
 */
export const closeSalaryPeriod = async (services: AppServices, period: string): Promise<number> => {
  const { start, end } = periodOrThrow(period);
  if (end > services.now()) return 0;
  const rows = await services.sql.query<{ agent_id: string; scale: string; stakes: string; returns: string }>(
    `SELECT b.agent_id, coalesce(max(u.return_scale), '0') AS scale,
            sum(b.stake)::text AS stakes, sum(b.returns)::text AS returns
     FROM promo_agent_bets b LEFT JOIN users u ON u.user_id = b.agent_id
     WHERE b.settled_at >= $1 AND b.settled_at < $2
       AND NOT EXISTS (SELECT 1 FROM agent_salaries s WHERE s.period = $3)
     GROUP BY b.agent_id`,
    [new Date(start).toISOString(), new Date(end).toISOString(), period],
  );
  if (rows.rows.length === 0) return 0;
  const at = new Date(services.now()).toISOString();
  const values = rows.rows.map((r) => {
    const scale = /^\d{1,9}$/.test(r.scale) ? Number(r.scale) : 0;
    const amount = agentSalaryOf(scale, Number(r.stakes) - Number(r.returns));
    return {
      agent_id: r.agent_id,
      return_scale: scale,
      stakes: Number(r.stakes),
      returns: Number(r.returns),
      amount,
      status: amount > 0 ? 'due' : 'nothing',
    };
  });
  const inserted = await services.sql.query(
    `INSERT INTO agent_salaries (agent_id, period, return_scale, stakes, returns, amount, status, computed_at)
     SELECT x.agent_id, $2, x.return_scale, x.stakes, x.returns, x.amount, x.status, $3
     FROM jsonb_to_recordset($1::jsonb) AS x(agent_id text, return_scale int, stakes bigint, returns bigint,
                                             amount bigint, status text)
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(values), period, at],
  );
  return inserted.rowCount ?? values.length;
};

/** Computes the last closed week if it is not yet (the reward worker calls this). */
export const closeLastSalaryPeriod = (services: AppServices): Promise<number> =>
  closeSalaryPeriod(services, lastClosedPeriod(services.now()).period);

/** The salaries of week `period` (computed first when closed), largest first. */
export const salariesOfPeriod = async (services: AppServices, period: string): Promise<AgentSalary[]> => {
  await closeSalaryPeriod(services, period);
  const r = await services.sql.query<SalaryRow>(
    `SELECT ${COLUMNS} FROM agent_salaries WHERE period = $1 ORDER BY amount DESC, agent_id`,
    [period],
  );
  return r.rows.map(viewOf);
};

/** One agent's salaries of the weeks starting within the EAT days `from`..`to`, newest first. */
export const salariesOfAgent = async (
  services: AppServices,
  agentId: string,
  from: string,
  to: string,
): Promise<AgentSalary[]> => {
  const r = await services.sql.query<SalaryRow>(
    `SELECT ${COLUMNS} FROM agent_salaries WHERE agent_id = $1 AND period BETWEEN $2 AND $3 ORDER BY period DESC`,
    [agentId, from, to],
  );
  return r.rows.map(viewOf);
};

/** Longest list of an agent's own salaries ({@link mySalaries}), weeks. */
export const MY_SALARIES_MAX = 104;

/**
 * The caller's own salaries as an agent (spec §6 agent role "salary"; decision 0082): the newest
 * `limit` weeks (1 to {@link MY_SALARIES_MAX}, default 12), newest first, each with its paid bill.
 */
export const mySalaries = async (
  services: AppServices,
  agentId: string,
  limit: number,
): Promise<AgentSalary[]> => {
  const r = await services.sql.query<SalaryRow>(
    `SELECT ${COLUMNS} FROM agent_salaries WHERE agent_id = $1 ORDER BY period DESC LIMIT $2`,
    [agentId, Math.min(MY_SALARIES_MAX, Math.max(1, Math.floor(limit)))],
  );
  return r.rows.map(viewOf);
};

/** The stream of one salary payment: `agent-salary-<agentId>-<period>`. */
export const salaryStream = (agentId: string, period: string) => `agent-salary-${agentId}-${period}`;

/** The one event of a salary stream. */
interface AgentSalaryPaid {
  readonly type: 'AgentSalaryPaid';
  readonly data: {
    readonly agentId: string;
    readonly period: string;
    readonly amount: number;
    readonly movementId: string;
    readonly staffId: string;
    readonly at: string;
  };
}

const salaryEvolver: Evolver<{ paid: boolean }, AgentSalaryPaid> = {
  initialState: () => ({ paid: false }),
  evolve: (s, e) => (e.type === 'AgentSalaryPaid' ? { paid: true } : s),
};

/** What paying a salary came to: `paid` now, `already` paid before (nothing moved), or `refused`. */
export type PayOutcome =
  | { readonly status: 'paid'; readonly amount: number }
  | { readonly status: 'already' }
  | { readonly status: 'refused'; readonly error: DomainError };

/**
 * Pays the computed salary of `agentId` for week `period` to the agent's balance (bill type
 * {@link SALARY_BILL}, movement id `agent-salary:<agentId>:<period>`), exactly once: the salary stream
 * and the wallet are written together; a repeated call finds the stream written and moves nothing.
 * Refusals: `SALARY_NOT_FOUND` (no computed salary: week open or no settled bets), `SALARY_NOTHING`
 * (net ≤ 0).
 */
export const payAgentSalary = async (
  services: AppServices,
  agentId: string,
  period: string,
  staffId: string,
): Promise<PayOutcome> => {
  periodOrThrow(period);
  await closeSalaryPeriod(services, period);
  const row = (
    await services.sql.query<SalaryRow>(
      `SELECT ${COLUMNS} FROM agent_salaries WHERE agent_id = $1 AND period = $2`,
      [agentId, period],
    )
  ).rows[0];
  if (!row)
    return {
      status: 'refused',
      error: domainError('SALARY_NOT_FOUND', 'no salary computed for this agent and week', {
        field: 'period',
      }),
    };
  if (row.status === 'paid') return { status: 'already' };
  const amount = Number(row.amount);
  if (amount <= 0)
    return {
      status: 'refused',
      error: domainError('SALARY_NOTHING', "the agent's players won this week: nothing to pay", {
        field: 'period',
      }),
    };
  const movementId = `agent-salary:${agentId}:${period}`;
  const at = new Date(services.now()).toISOString();
  const result = await moveMoney<{ paid: boolean }, AgentSalaryPaid, undefined, PayOutcome>(services, {
    userId: agentId,
    product: { streamName: salaryStream(agentId, period), evolver: salaryEvolver },
    idempotencyKey: movementId,
    metadata: { actor: `staff:${staffId}` },
    decide: ({ product, wallet }) => {
      if (product.state.paid) return { answer: { status: 'already' } };
      const paid = wallet.pay({
        type: 'AdjustPocket',
        userId: agentId,
        movementId,
        at,
        actor: { kind: 'staff', id: staffId },
        pocket: 'balance',
        amount,
        reference: movementId,
        reason: `agent salary ${period}`,
      });
      if (!paid.ok) return { answer: { status: 'refused', error: paid.error } };
      return {
        answer: { status: 'paid', amount },
        productEvents: [
          { type: 'AgentSalaryPaid', data: { agentId, period, amount, movementId, staffId, at } },
        ],
      };
    },
  });
  if (result.answer.status !== 'refused')
    await services.sql.query(
      `UPDATE agent_salaries SET status = 'paid', paid_at = coalesce(paid_at, $3), paid_by = coalesce(paid_by, $4)
       WHERE agent_id = $1 AND period = $2`,
      [agentId, period, at, staffId],
    );
  return result.answer;
};
