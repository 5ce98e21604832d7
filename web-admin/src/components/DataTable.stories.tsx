/** Stories of the paged table (issue 8 item 4), over a fake `UsersList` answer. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Tag } from 'antd';
import { UsersListDocument, type UsersUserFieldsFragment } from '../graphql/generated.ts';
import { refusal, type StoryAnswer } from '../testing/StoryFrame.tsx';
import { DataTable } from './DataTable.tsx';
import { formatEat } from './format.ts';

const player = (n: number): UsersUserFieldsFragment => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  phone: `+2557123450${String(n).padStart(2, '0')}`,
  network: [3, 4, 6, 7][n % 4] ?? 6,
  invitationCode: `INV${n}`,
  superiorId: null,
  superiorPhone: null,
  invitedCount: 0,
  disabled: n % 5 === 0,
  noBet: false,
  noWithdraw: n % 3 === 0,
  reported: 1,
  returnScale: '0',
  withdrawalWhitelist: false,
  note: '',
  balance: n * 1_000,
  creditMoney: 0,
  racingCoin: 0,
  debt: 0,
  createdAt: new Date(Date.UTC(2026, 10, 1, 9, n)).toISOString(),
  lastLoginAt: null,
  lastLoginIp: null,
});

/** 42 players, answered page by page as the server would. */
const players: StoryAnswer = (_name, variables) => {
  const page = Number(variables['page'] ?? 1);
  const size = Number(variables['pageSize'] ?? 10);
  const all = Array.from({ length: 42 }, (_, i) => player(i + 1));
  return {
    users: { total: all.length, page, pageSize: size, items: all.slice((page - 1) * size, page * size) },
  };
};

function UsersTable() {
  return (
    <DataTable
      query={UsersListDocument}
      variables={(p) => ({ filter: { phone: p.filters.phone ?? null }, page: p.page, pageSize: p.pageSize })}
      select={(d) => ({ items: d.users.items, total: d.users.total })}
      rowKey={(row) => row.id}
      columns={[
        { key: 'phone', title: 'Phone', dataIndex: 'phone', sorter: true },
        {
          key: 'status',
          title: 'Status',
          render: (_, row) =>
            row.disabled ? <Tag color="red">disabled</Tag> : <Tag color="green">active</Tag>,
        },
        { key: 'createdAt', title: 'Registered', render: (_, row) => formatEat(row.createdAt) },
      ]}
    />
  );
}

const meta: Meta<typeof UsersTable> = { title: 'Components/DataTable', component: UsersTable };
export default meta;

/** The first page of 42 rows. */
export const Paged: StoryObj<typeof UsersTable> = { parameters: { answer: players } };

/** No rows. */
export const Empty: StoryObj<typeof UsersTable> = {
  parameters: {
    answer: (() => ({ users: { total: 0, page: 1, pageSize: 10, items: [] } })) satisfies StoryAnswer,
  },
};

/** The server refused (shown translated). */
export const Failed: StoryObj<typeof UsersTable> = {
  parameters: { answer: (() => refusal('FORBIDDEN')) satisfies StoryAnswer, language: 'sw' },
};
