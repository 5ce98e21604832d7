/**
 * The user list (spec §2 admin "user list"; §3 User): players with balances (`users`), filters by
 * phone, invitation code, flags, agents only and registration dates (EAT), server-side paging and
 * sorting (registration, balance, last login), and the player's drawer (`?user=<id>` keeps it open across
 * reloads) with every admin action of §6, their bills, invited users and history. `?f.superiorId=<id>`
 * lists an agent's invited users (the agents screen links here).
 */
import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import {
  UsersListDocument,
  type UserFilter,
  type UserSort,
  type UsersUserFieldsFragment,
} from '../graphql/generated.ts';
import { DataTable } from '../components/DataTable.tsx';
import { FilterBar } from '../components/FilterBar.tsx';
import { formatEat, formatTzs } from '../components/format.ts';
import { networkName } from '../components/networks.ts';
import { booleanOf, rangeOf, useTableParams, type TableParams } from '../components/tableParams.ts';
import { PlayerSections } from './PlayerSections.tsx';
import { PlayerFlags, UserDetail } from './UserDetail.tsx';

const SORTS: Readonly<Record<string, UserSort>> = {
  'createdAt.desc': 'CREATED_DESC',
  'createdAt.asc': 'CREATED_ASC',
  'balance.desc': 'BALANCE_DESC',
  'balance.asc': 'BALANCE_ASC',
  'lastLoginAt.desc': 'LAST_LOGIN_DESC',
  'lastLoginAt.asc': 'LAST_LOGIN_DESC',
};

/** The `users` variables of the URL's params. */
export const usersVariables = (p: TableParams) => {
  const { from, to } = rangeOf(p.filters.registered);
  const filter: UserFilter = {
    phone: p.filters.phone?.replace(/\D/g, '') || null,
    invitationCode: p.filters.invitationCode ?? null,
    superiorId: p.filters.superiorId ?? null,
    agentsOnly: booleanOf(p.filters.agentsOnly) ?? null,
    disabled: booleanOf(p.filters.disabled) ?? null,
    noBet: booleanOf(p.filters.noBet) ?? null,
    noWithdraw: booleanOf(p.filters.noWithdraw) ?? null,
    withdrawalWhitelist: booleanOf(p.filters.whitelist) ?? null,
    reported: p.filters.reported ? Number(p.filters.reported) : null,
    registeredFrom: from,
    registeredTo: to,
  };
  return {
    filter,
    page: p.page,
    pageSize: p.pageSize,
    sort: p.sort ? (SORTS[`${p.sort.field}.${p.sort.order}`] ?? 'CREATED_DESC') : 'CREATED_DESC',
  };
};

/** The users screen. */
export function UsersPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const [params, update] = useTableParams();
  const open = search.get('user');
  // the drawer shows the row of the current page (the same query: answered from urql's cache)
  const [{ data }] = useQuery({ query: UsersListDocument, variables: usersVariables(params), pause: !open });
  const player = data?.users.items.find((row) => row.id === open) ?? null;
  const show = (id: string | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('user', id);
      else
        for (const key of [...next.keys()])
          if (key === 'user' || key.startsWith('bills.') || key.startsWith('inv.')) next.delete(key);
      return next;
    });

  const columns: ColumnsType<UsersUserFieldsFragment> = [
    { key: 'phone', title: t('users.phone'), dataIndex: 'phone' },
    { key: 'network', title: t('users.network'), render: (_, row) => networkName(row.network) },
    { key: 'invitationCode', title: t('users.invitationCode'), dataIndex: 'invitationCode' },
    {
      key: 'superior',
      title: t('users.superior'),
      render: (_, row) =>
        row.superiorPhone ??
        (row.superiorId ? <Typography.Text ellipsis>{row.superiorId}</Typography.Text> : '—'),
    },
    {
      key: 'invitedCount',
      title: t('users.invited'),
      align: 'right',
      render: (_, row) =>
        row.invitedCount > 0 ? (
          <Typography.Link onClick={() => update({ page: 1, filters: { superiorId: row.id } })}>
            {row.invitedCount}
          </Typography.Link>
        ) : (
          0
        ),
    },
    {
      key: 'balance',
      title: t('users.balance'),
      align: 'right',
      sorter: true,
      render: (_, row) => formatTzs(row.balance),
    },
    {
      key: 'creditMoney',
      title: t('users.creditMoney'),
      align: 'right',
      render: (_, row) => formatTzs(row.creditMoney),
    },
    { key: 'status', title: t('users.status'), render: (_, row) => <PlayerFlags player={row} /> },
    {
      key: 'createdAt',
      title: t('users.createdAt'),
      sorter: true,
      render: (_, row) => formatEat(row.createdAt),
    },
    {
      key: 'lastLoginAt',
      title: t('users.lastLogin'),
      sorter: true,
      render: (_, row) => formatEat(row.lastLoginAt),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'right',
      render: (_, row) => (
        <Button
          size="small"
          type="link"
          onClick={() => show(row.id)}
          data-testid={`user-details-${row.phone}`}
        >
          {t('common.details')}
        </Button>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <FilterBar
        fields={[
          { name: 'phone', label: t('users.filters.phone'), kind: 'text' },
          { name: 'invitationCode', label: t('users.filters.invitationCode'), kind: 'text' },
          { name: 'disabled', label: t('users.filters.status'), kind: 'boolean' },
          { name: 'noBet', label: t('users.noBet'), kind: 'boolean' },
          { name: 'noWithdraw', label: t('users.noWithdraw'), kind: 'boolean' },
          { name: 'whitelist', label: t('users.whitelist'), kind: 'boolean' },
          {
            name: 'reported',
            label: t('users.reported'),
            kind: 'select',
            options: [
              { value: '1', label: t('users.reportedValues.one') },
              { value: '2', label: t('users.reportedValues.two') },
            ],
          },
          { name: 'agentsOnly', label: t('users.filters.agentsOnly'), kind: 'boolean' },
          { name: 'registered', label: t('users.filters.registered'), kind: 'dateRange' },
        ]}
        extra={
          params.filters.superiorId && (
            <Tag closable onClose={() => update({ page: 1, filters: { ...params.filters, superiorId: '' } })}>
              {t('users.superior')}: {params.filters.superiorId}
            </Tag>
          )
        }
      />
      <DataTable
        query={UsersListDocument}
        variables={usersVariables}
        select={(d) => ({ items: d.users.items, total: d.users.total })}
        columns={columns}
        rowKey={(row) => row.id}
        additionalTypenames={['PlayerAccount', 'Wallet']}
        scrollX={1300}
      />
      <UserDetail player={player} onClose={() => show(null)} extra={(p) => <PlayerSections player={p} />} />
    </Space>
  );
}
