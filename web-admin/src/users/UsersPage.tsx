/**
 * The user list (spec §2 admin "user list"; §3 User): search by phone or invitation code (trimmed),
 * server-side paging, and the player's drawer (`?user=<id>` keeps it open across reloads) with every
 * admin action of §6.
 */
import { Button, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { UsersListDocument, type UsersPlayerFieldsFragment } from '../graphql/generated.ts';
import { DataTable } from '../components/DataTable.tsx';
import { FilterBar } from '../components/FilterBar.tsx';
import { formatEat } from '../components/format.ts';
import { networkName } from '../components/networks.ts';
import { useTableParams } from '../components/tableParams.ts';
import { PlayerFlags, UserDetail } from './UserDetail.tsx';

/** The users screen. */
export function UsersPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const [params] = useTableParams();
  const open = search.get('user');
  const variables = { search: params.filters.search ?? null, page: params.page, pageSize: params.pageSize };
  // the drawer shows the row of the current page (the same query: answered from urql's cache)
  const [{ data }] = useQuery({ query: UsersListDocument, variables, pause: !open });
  const player = data?.players.content.find((row) => row.id === open) ?? null;
  const show = (id: string | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('user', id);
      else next.delete('user');
      return next;
    });

  const columns: ColumnsType<UsersPlayerFieldsFragment> = [
    { key: 'phone', title: t('users.phone'), dataIndex: 'phone' },
    { key: 'network', title: t('users.network'), render: (_, row) => networkName(row.network) },
    { key: 'invitationCode', title: t('users.invitationCode'), dataIndex: 'invitationCode' },
    {
      key: 'superiorId',
      title: t('users.superior'),
      render: (_, row) =>
        row.superiorId ? (
          <Typography.Text ellipsis style={{ maxWidth: 120 }}>
            {row.superiorId}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    { key: 'status', title: t('users.status'), render: (_, row) => <PlayerFlags player={row} /> },
    { key: 'createdAt', title: t('users.createdAt'), render: (_, row) => formatEat(row.createdAt) },
    { key: 'lastLoginAt', title: t('users.lastLogin'), render: (_, row) => formatEat(row.lastLoginAt) },
    {
      key: 'actions',
      title: t('common.actions'),
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
      <FilterBar fields={[{ name: 'search', label: t('users.search'), kind: 'text' }]} />
      <DataTable
        query={UsersListDocument}
        variables={(p) => ({ search: p.filters.search ?? null, page: p.page, pageSize: p.pageSize })}
        select={(d) => ({ items: d.players.content, total: d.players.count })}
        columns={columns}
        rowKey={(row) => row.id}
      />
      <UserDetail player={player} onClose={() => show(null)} />
    </Space>
  );
}
