/**
 * The orders of every player (spec §2 orders, §3 "Order"): filters in the URL (status including "to be
 * counted", type user/admin/random, EAT dates, phone, order no., "large bets only"), server-side paging and
 * sorting, totals of every matching order, export to CSV with the same filters, and the detail drawer. A
 * red "large bet" tag marks orders whose stake is at least the order warning amount in force (spec §9).
 */
import { Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../components/DataTable.tsx';
import { FilterBar, type FilterField } from '../components/FilterBar.tsx';
import { formatEat, formatTzs } from '../components/format.ts';
import { useTableParams } from '../components/tableParams.ts';
import { ExportButton } from '../exports/ExportButton.tsx';
import { OrdersListDocument } from '../graphql/generated.ts';
import { orderFilterOf, orderSortOf } from './filters.ts';
import { OrderDetail } from './OrderDetail.tsx';
import { AdminBetButton } from './RandomBetsPage.tsx';

const STATUS_COLORS: Record<number, string> = {
  1: 'gold',
  2: 'blue',
  3: 'red',
  4: 'green',
  5: 'orange',
  6: 'purple',
};

export function OrdersPage() {
  const { t } = useTranslation();
  const [params] = useTableParams();
  const [open, setOpen] = useState<string | null>(null);
  const fields: FilterField[] = [
    {
      name: 'status',
      label: t('orders.status'),
      kind: 'select',
      options: [
        { value: 'tbc', label: t('orders.toBeCounted') },
        ...[1, 2, 3, 4, 5, 6].map((code) => ({
          value: String(code),
          label: `${code} ${t(`orders.codes.c${code}`)}`,
        })),
      ],
    },
    {
      name: 'type',
      label: t('orders.type'),
      kind: 'select',
      options: ['user', 'admin', 'random'].map((value) => ({ value, label: t(`orders.types.${value}`) })),
    },
    { name: 'dates', label: t('common.date'), kind: 'dateRange' },
    { name: 'phone', label: t('orders.phone'), kind: 'text', placeholder: '+255…' },
    { name: 'serial', label: t('orders.serial'), kind: 'text' },
    { name: 'large', label: t('orders.largeOnly'), kind: 'switch' },
    { name: 'cashedOut', label: t('orders.cashedOutOnly'), kind: 'switch' },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <FilterBar fields={fields} />
      <DataTable
        query={OrdersListDocument}
        variables={(p) => ({
          filter: orderFilterOf(p),
          page: p.page,
          pageSize: p.pageSize,
          sort: orderSortOf(p),
        })}
        select={(d) => d.orders}
        rowKey={(row) => row.id}
        scrollX={1300}
        toolbar={
          <>
            <ExportButton kind="ORDERS" filter={{ orders: orderFilterOf(params) }} />
            <AdminBetButton />
          </>
        }
        summary={(d) => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={4}>
              <Typography.Text strong>{t('orders.totals')}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4}>
              <Typography.Text strong data-testid="orders-total-stake">
                {formatTzs(d.orders.totalStake)}
              </Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={5} colSpan={2} />
            <Table.Summary.Cell index={7}>
              <Typography.Text strong>{formatTzs(d.orders.totalCredited)}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={8} colSpan={3} />
          </Table.Summary.Row>
        )}
        columns={[
          {
            key: 'serial',
            title: t('orders.serial'),
            render: (_, r) => (
              <Typography.Link onClick={() => setOpen(r.id)} data-testid={`order-${r.serial}`}>
                {r.serial}
              </Typography.Link>
            ),
          },
          { key: 'phone', title: t('orders.phone'), render: (_, r) => r.userPhone ?? '—' },
          {
            key: 'status',
            title: t('orders.status'),
            render: (_, r) => (
              <Tag color={STATUS_COLORS[r.statusCode] ?? 'default'}>
                {t(`orders.statuses.${r.status}`, { defaultValue: r.status })}
              </Tag>
            ),
          },
          {
            key: 'type',
            title: t('orders.type'),
            render: (_, r) => t(`orders.types.${r.orderType}`, { defaultValue: r.orderType }),
          },
          {
            key: 'stake',
            title: t('orders.stake'),
            sorter: true,
            render: (_, r) => (
              <Space size={4} wrap>
                {formatTzs(r.stake)}
                {r.largeBet && (
                  <Tag color="red" data-testid={`large-bet-${r.serial}`}>
                    {t('orders.largeBet')}
                  </Tag>
                )}
              </Space>
            ),
          },
          { key: 'totalOdds', title: t('orders.totalOdds'), dataIndex: 'totalOdds' },
          {
            key: 'potentialReturn',
            title: t('orders.potentialReturn'),
            render: (_, r) => formatTzs(r.potentialReturn),
          },
          {
            key: 'credited',
            title: t('orders.credited'),
            sorter: true,
            render: (_, r) => (r.credited === null || r.credited === undefined ? '—' : formatTzs(r.credited)),
          },
          {
            key: 'cashOut',
            title: t('orders.cashOut'),
            render: (_, r) =>
              r.cashOuts > 0 ? (
                <span data-testid={`cash-out-${r.serial}`}>
                  {formatTzs(r.cashedOut)} @ {r.earlySettlementOdds ?? '—'}
                  {r.remainingStake > 0
                    ? ` · ${t('orders.running', { stake: formatTzs(r.remainingStake) })}`
                    : ''}
                </span>
              ) : (
                '—'
              ),
          },
          { key: 'matchCount', title: t('orders.matchCount'), render: (_, r) => r.matchCount ?? '—' },
          {
            key: 'placedAt',
            title: t('orders.placedAt'),
            sorter: true,
            render: (_, r) => formatEat(r.placedAt),
          },
          {
            key: 'settledAt',
            title: t('orders.settledAt'),
            sorter: true,
            render: (_, r) => formatEat(r.settledAt),
          },
        ]}
      />
      <OrderDetail id={open} onClose={() => setOpen(null)} />
    </Space>
  );
}
