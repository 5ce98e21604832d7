/** SMS sent (spec §2 SMS list, §3 "SMS"): phone, type, content, code, status, times, filters in the URL. */
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../components/DataTable.tsx';
import { FilterBar, type FilterField } from '../components/FilterBar.tsx';
import { formatEat } from '../components/format.ts';
import { rangeOf } from '../components/tableParams.ts';
import { OrdersSmsDocument } from '../graphql/generated.ts';

export function SmsPage() {
  const { t } = useTranslation();
  const fields: FilterField[] = [
    { name: 'phone', label: t('orders.phone'), kind: 'text', placeholder: '+255…' },
    {
      name: 'type',
      label: t('orders.smsType'),
      kind: 'select',
      options: ['register', 'reset_password'].map((value) => ({
        value,
        label: t(`orders.smsTypes.${value}`),
      })),
    },
    {
      name: 'status',
      label: t('orders.status'),
      kind: 'select',
      options: ['unused', 'used'].map((value) => ({ value, label: t(`orders.smsStatuses.${value}`) })),
    },
    { name: 'dates', label: t('common.date'), kind: 'dateRange' },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <FilterBar fields={fields} />
      <DataTable
        query={OrdersSmsDocument}
        variables={(p) => {
          const { from, to } = rangeOf(p.filters['dates']);
          return {
            filter: {
              phone: p.filters['phone'] ?? null,
              type: p.filters['type'] ?? null,
              status: p.filters['status'] ?? null,
              fromDate: from,
              toDate: to,
            },
            page: p.page,
            pageSize: p.pageSize,
          };
        }}
        select={(d) => d.smsMessages}
        rowKey={(row) => row.id}
        columns={[
          { key: 'sentAt', title: t('common.time'), render: (_, r) => formatEat(r.sentAt) },
          { key: 'phone', title: t('orders.phone'), dataIndex: 'phone' },
          { key: 'areaCode', title: t('orders.areaCode'), dataIndex: 'areaCode' },
          {
            key: 'type',
            title: t('orders.smsType'),
            render: (_, r) => t(`orders.smsTypes.${r.type}`, { defaultValue: r.type }),
          },
          { key: 'content', title: t('orders.content'), dataIndex: 'content' },
          { key: 'code', title: t('orders.code'), render: (_, r) => r.code ?? '—' },
          {
            key: 'status',
            title: t('orders.status'),
            render: (_, r) => (
              <Tag color={r.status === 'used' ? 'default' : 'blue'}>
                {t(`orders.smsStatuses.${r.status}`, { defaultValue: r.status })}
              </Tag>
            ),
          },
          { key: 'expiresAt', title: t('orders.expiresAt'), render: (_, r) => formatEat(r.expiresAt) },
          { key: 'usedAt', title: t('orders.usedAt'), render: (_, r) => formatEat(r.usedAt) },
          { key: 'ip', title: 'IP', render: (_, r) => r.ip ?? '—' },
        ]}
      />
    </Space>
  );
}
