/**
 * Agents (spec §2 admin "proxy" statistics, §3 "Agent statistics"): every agent with their invited
 * players' deposits, withdrawals, bettors, bets, stakes and result over EAT dates, with the totals row
 * over all agents (`agentStats`, permission agents.view).
 */
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UsersAgentsDocument, type UsersAgentsQuery } from '../graphql/generated.ts';
import { DataTable } from '../components/DataTable.tsx';
import { FilterBar } from '../components/FilterBar.tsx';
import { eatDate, eatDaysBefore, formatTzs } from '../components/format.ts';
import { rangeOf } from '../components/tableParams.ts';

type AgentRow = UsersAgentsQuery['agentStats']['items'][number];

/** A link to an agent's invited users on the users screen. */
const invitedLink = (agentId: string, label: string) => (
  <Link to={`/users?f.superiorId=${encodeURIComponent(agentId)}`}>{label}</Link>
);

/** The agents screen. */
export function AgentsPage() {
  const { t } = useTranslation();
  const today = eatDate();
  const money = (key: keyof AgentRow & string, title: string) => ({
    key,
    title,
    align: 'right' as const,
    render: (_: unknown, row: AgentRow) => formatTzs(row[key] as number),
  });
  const columns: ColumnsType<AgentRow> = [
    { key: 'phone', title: t('users.phone'), render: (_, row) => row.phone ?? row.account ?? row.agentId },
    {
      key: 'invitedPlayers',
      title: t('users.agents.invitedPlayers'),
      dataIndex: 'invitedPlayers',
      align: 'right',
    },
    money('totalDeposit', t('users.agents.totalDeposit')),
    money('totalWithdraw', t('users.agents.totalWithdraw')),
    { key: 'bettors', title: t('users.agents.bettors'), dataIndex: 'bettors', align: 'right' },
    { key: 'betCount', title: t('users.agents.betCount'), dataIndex: 'betCount', align: 'right' },
    money('betAmount', t('users.agents.betAmount')),
    money('playerProfitLoss', t('users.agents.playerProfitLoss')),
    {
      key: 'invited',
      title: t('users.agents.showInvited'),
      render: (_: unknown, row: AgentRow) => invitedLink(row.agentId, t('users.agents.showInvited')),
    },
  ];
  return (
    <>
      <FilterBar fields={[{ name: 'range', label: t('users.agents.range'), kind: 'dateRange' }]} />
      <DataTable
        query={UsersAgentsDocument}
        variables={(p) => {
          const { from, to } = rangeOf(p.filters.range);
          return {
            from: from ?? eatDaysBefore(today, 29),
            to: to ?? today,
            page: p.page,
            pageSize: p.pageSize,
          };
        }}
        select={(d) => ({ items: d.agentStats.items, total: d.agentStats.total })}
        columns={columns}
        rowKey={(row) => row.agentId}
        summary={(d) => {
          const s = d.agentStats.totals;
          const cells = [
            s.invitedPlayers,
            formatTzs(s.totalDeposit),
            formatTzs(s.totalWithdraw),
            s.bettors,
            s.betCount,
            formatTzs(s.betAmount),
            formatTzs(s.playerProfitLoss),
          ];
          return (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <Typography.Text strong>
                  {t('common.total')} ({s.agents})
                </Typography.Text>
              </Table.Summary.Cell>
              {cells.map((cell, i) => (
                <Table.Summary.Cell key={i} index={i + 1} align="right">
                  <Typography.Text strong>{cell}</Typography.Text>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          );
        }}
      />
    </>
  );
}
