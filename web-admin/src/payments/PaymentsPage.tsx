/**
 * Recharge and withdrawal lists (spec §2 admin "recharge and withdrawal lists"; §3 Recharge, Withdraw;
 * docs/payments.md): filters by status, network, user, EAT dates, under review and (withdrawals) waiting
 * for approval; totals of all pages; approve or reject a waiting withdrawal and settle a payment under
 * review, each with a reason (permission payments.approve).
 */
import { Form, Input, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import {
  PaymentsApproveDocument,
  PaymentsListDocument,
  PaymentsRejectDocument,
  PaymentsResolveDocument,
  type PaymentKind,
  type PaymentsPaymentFieldsFragment,
} from '../graphql/generated.ts';
import { ActionModal } from '../components/ActionModal.tsx';
import { DataTable } from '../components/DataTable.tsx';
import { FilterBar, type FilterField } from '../components/FilterBar.tsx';
import { eatMidnight, eatDaysBefore, formatEat, formatTzs } from '../components/format.ts';
import { NETWORKS, networkName } from '../components/networks.ts';
import { booleanOf, rangeOf, type TableParams } from '../components/tableParams.ts';

type Payment = PaymentsPaymentFieldsFragment;
const STATUSES = [
  'requested',
  'pushed',
  'pending',
  'ambiguous',
  'confirmed',
  'failed',
  'expired',
  'refunded',
];

/** The query variables of a list for the URL's params. */
export const paymentVariables = (kind: PaymentKind, p: TableParams) => {
  const { from, to } = rangeOf(p.filters.range);
  return {
    kind,
    page: p.page,
    pageSize: p.pageSize,
    filter: {
      status: p.filters.status ?? null,
      network: p.filters.network ? Number(p.filters.network) : null,
      userId: p.filters.userId ?? null,
      from: from ? eatMidnight(from) : null,
      // the day after `to` at EAT midnight: the whole `to` day is included
      to: to ? eatMidnight(eatDaysBefore(to, -1)) : null,
      review: booleanOf(p.filters.review) ?? null,
      waitingApproval: booleanOf(p.filters.waiting) ?? null,
    },
  };
};

const statusColor = (status: string) =>
  status === 'confirmed'
    ? 'green'
    : status === 'failed' || status === 'expired'
      ? 'red'
      : status === 'refunded'
        ? 'orange'
        : 'blue';

/** The recharge list (`DEPOSIT`) or the withdrawal list (`WITHDRAWAL`). */
export function PaymentsPage({ kind }: { readonly kind: PaymentKind }) {
  const { t } = useTranslation();
  const [, approve] = useMutation(PaymentsApproveDocument);
  const [, reject] = useMutation(PaymentsRejectDocument);
  const [, resolve] = useMutation(PaymentsResolveDocument);

  const fields: FilterField[] = [
    {
      name: 'status',
      label: t('payments.status'),
      kind: 'select',
      options: STATUSES.map((s) => ({ value: s, label: s })),
    },
    {
      name: 'network',
      label: t('payments.network'),
      kind: 'select',
      options: Object.entries(NETWORKS).map(([value, label]) => ({ value, label })),
    },
    { name: 'userId', label: t('payments.userId'), kind: 'text' },
    { name: 'range', label: t('payments.range'), kind: 'dateRange' },
    { name: 'review', label: t('payments.review'), kind: 'boolean' },
    ...(kind === 'WITHDRAWAL'
      ? [{ name: 'waiting', label: t('payments.waitingApproval'), kind: 'boolean' as const }]
      : []),
  ];

  const columns: ColumnsType<Payment> = [
    {
      key: 'id',
      title: t('payments.id'),
      render: (_, row) => <Typography.Text copyable>{row.id}</Typography.Text>,
    },
    { key: 'phone', title: t('payments.phone'), dataIndex: 'phone' },
    { key: 'network', title: t('payments.network'), render: (_, row) => networkName(row.network) },
    { key: 'amount', title: t('payments.amount'), align: 'right', render: (_, row) => formatTzs(row.amount) },
    {
      key: 'status',
      title: t('payments.status'),
      render: (_, row) => (
        <Space size={2} wrap>
          <Tag color={statusColor(row.status)}>{row.status}</Tag>
          <Tag>{t(`payments.payStatus.${row.payStatus}`)}</Tag>
          {row.review && <Tag color="volcano">{row.flag ?? t('payments.review')}</Tag>}
          {row.approval !== 'NONE' && <Tag color="purple">{row.approval}</Tag>}
        </Space>
      ),
    },
    {
      key: 'providerRef',
      title: t('payments.providerRef'),
      render: (_, row) => row.providerRef ?? row.providerStatus ?? '—',
    },
    { key: 'createdAt', title: t('payments.createdAt'), render: (_, row) => formatEat(row.createdAt) },
    { key: 'paidAt', title: t('payments.paidAt'), render: (_, row) => formatEat(row.paidAt) },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, row) => (
        <Space wrap>
          {row.approval === 'WAITING' && (
            <>
              <ActionModal<object>
                label={t('payments.approve')}
                permission="payments.approve"
                button={{ type: 'primary' }}
                onSubmit={async ({ reason }) => (await approve({ paymentId: row.id, reason })).error}
              />
              <ActionModal<object>
                label={t('payments.reject')}
                permission="payments.approve"
                button={{ danger: true }}
                onSubmit={async ({ reason }) => (await reject({ paymentId: row.id, reason })).error}
              />
            </>
          )}
          {row.review && (
            <ActionModal<{ paid: boolean; providerRef?: string }>
              label={t('payments.resolve')}
              permission="payments.approve"
              initialValues={{ paid: false }}
              onSubmit={async ({ reason, paid, providerRef }) =>
                (await resolve({ paymentId: row.id, paid, providerRef: providerRef || null, reason })).error
              }
            >
              <Form.Item name="paid" label={t('payments.paid')} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item name="providerRef" label={t('payments.providerRef')}>
                <Input />
              </Form.Item>
            </ActionModal>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <FilterBar fields={fields} />
      <DataTable
        query={PaymentsListDocument}
        variables={(p) => paymentVariables(kind, p)}
        select={(d) => ({ items: d.payments.items, total: d.payments.total })}
        columns={columns}
        rowKey={(row) => row.id}
        summary={(d) => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={3}>
              <Typography.Text strong>{t('payments.totalAmount')}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              <Typography.Text strong>{formatTzs(d.payments.totalAmount)}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} colSpan={5}>
              <Typography.Text strong>
                {t('payments.paidAmount')}: {formatTzs(d.payments.paidAmount)}
              </Typography.Text>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </Space>
  );
}
