/**
 * `/agent`: the agent's own screen (spec §6 agent/proxy role "own statistics, invited users, salary";
 * §2 "an agent statistics screen exists", no route named: ours, decision 0082). Loaded on demand with the
 * promotion pages (vite.config.ts ON_DEMAND):
 *
 * - the agent's figures over the last 30 days of East Africa Time (`agentSelfStats`, spec §3 Agent
 *   statistics) and the first page of invited players (`agentPlayers`, phones masked);
 * - the weekly salaries (`myAgentSalaries`, decision 0065): the week (Monday to Sunday, EAT), the invited
 *   players' net loss, the percent (return scale), the amount, and the bill of the payment once paid.
 *
 * Amounts are whole TZS. A player who invited nobody sees zeros and no salary.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { formatTzs } from '@bashiri/web-shared';
import {
  AGENT_SALARIES,
  AGENT_STATS,
  type AgentFigures,
  type AgentSalaryItem,
  type ReferralStatus,
} from './documents.ts';
import { eatStamp } from '../site/SiteExtras.tsx';
import './promotion.css';

const DAY_MS = 86_400_000;

/** The EAT date `days` days after the date `date` (yyyy-MM-dd). */
const plusDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The EAT date of the instant `now` (epoch ms). */
const eatToday = (now: number): string => new Date(now + 3 * 3_600_000).toISOString().slice(0, 10);

/** A signed TZS amount (`-1,250`), as the figures show it. */
const signedTzs = (amount: number) => `${amount < 0 ? '-' : ''}TZS ${formatTzs(Math.abs(amount))}`;

/** The salaries, newest first (tests and stories render it directly). */
export function AgentSalariesView({ salaries }: { readonly salaries: readonly AgentSalaryItem[] }) {
  const { t } = useTranslation();
  if (salaries.length === 0) return <p data-testid="agent-no-salary">{t('promotion.agent.noSalary')}</p>;
  return (
    <ul className="promo-salaries">
      {salaries.map((s) => (
        <li key={s.period} className="promo-salary" data-testid="agent-salary">
          <h3 data-testid="agent-salary-week">
            {t('promotion.agent.week', { from: s.period, to: plusDays(s.period, 6) })}
          </h3>
          <dl>
            <dt>{t('promotion.agent.net')}</dt>
            <dd data-testid="agent-salary-net">{signedTzs(s.net)}</dd>
            <dt>{t('promotion.agent.percent')}</dt>
            <dd data-testid="agent-salary-percent">{s.returnScale}%</dd>
            <dt>{t('promotion.agent.amount')}</dt>
            <dd data-testid="agent-salary-amount">TZS {formatTzs(s.amount)}</dd>
            <dt>{t('promotion.agent.bill')}</dt>
            <dd data-testid="agent-salary-bill">
              {s.status === 'PAID' && s.billId ? (
                <Link to="/user_bill?type=1">
                  {t('promotion.agent.paidBill', {
                    bill: s.billId,
                    at: s.paidAt ? eatStamp(String(s.paidAt)) : '',
                  })}
                </Link>
              ) : (
                t(`promotion.agent.status.${s.status}`)
              )}
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** The agent's figures over a range of EAT days (tests and stories render it directly). */
export function AgentFiguresView({ figures }: { readonly figures: AgentFigures }) {
  const { t } = useTranslation();
  const cells: [string, string, string][] = [
    ['invited', t('promotion.agent.invited'), String(figures.invitedPlayers)],
    ['bettors', t('promotion.agent.bettors'), String(figures.bettors)],
    ['stakes', t('promotion.agent.stakes'), `TZS ${formatTzs(figures.betAmount)}`],
    ['deposits', t('promotion.agent.deposits'), `TZS ${formatTzs(figures.totalDeposit)}`],
    ['withdrawals', t('promotion.agent.withdrawals'), `TZS ${formatTzs(figures.totalWithdraw)}`],
    ['pnl', t('promotion.agent.playersPnl'), signedTzs(figures.playerProfitLoss)],
  ];
  return (
    <>
      <p className="promo-note">{t('promotion.agent.range', { from: figures.from, to: figures.to })}</p>
      <dl className="promo-figures">
        {cells.map(([id, label, value]) => (
          <div key={id}>
            <dt>{label}</dt>
            <dd data-testid={`agent-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

interface InvitedPage {
  readonly total: number;
  readonly items: readonly {
    readonly phone: string;
    readonly registeredAt: string;
    readonly settledStakes: number;
    readonly status: ReferralStatus;
  }[];
}

/** `/agent`. */
export function AgentPage() {
  const { t } = useTranslation();
  const [mine] = useQuery<{ me: { id: string } | null; myAgentSalaries: AgentSalaryItem[] }>({
    query: AGENT_SALARIES,
    requestPolicy: 'cache-and-network',
  });
  const agentId = mine.data?.me?.id;
  const to = eatToday(Date.now());
  const [stats] = useQuery<{ agentSelfStats: AgentFigures; agentPlayers: InvitedPage }>({
    query: AGENT_STATS,
    variables: { agentId: agentId ?? '', from: plusDays(to, -29), to },
    pause: !agentId,
    requestPolicy: 'cache-and-network',
  });
  const invited = stats.data?.agentPlayers;
  return (
    <section className="page promo-page">
      <h1>{t('promotion.titles.agent')}</h1>
      {(mine.error || stats.error) && <p role="alert">{t('promotion.error')}</p>}
      {stats.data && <AgentFiguresView figures={stats.data.agentSelfStats} />}
      <h2>{t('promotion.agent.salaries')}</h2>
      <p className="promo-note">{t('promotion.agent.salaryRule')}</p>
      {mine.data && <AgentSalariesView salaries={mine.data.myAgentSalaries} />}
      <h2>{t('promotion.agent.players', { total: invited?.total ?? 0 })}</h2>
      {invited && invited.items.length > 0 && (
        <ul className="promo-friends">
          {invited.items.map((p) => (
            <li key={`${p.phone}-${String(p.registeredAt)}`} data-testid="agent-player">
              <span className="promo-friends__phone">{p.phone}</span>
              <span className="promo-friends__status">{t(`promotion.status.${p.status}`)}</span>
              <span className="promo-friends__stakes">TZS {formatTzs(p.settledStakes)}</span>
            </li>
          ))}
        </ul>
      )}
      <Link to="/my_referrals">{t('promotion.titles.referrals')}</Link>
    </section>
  );
}
