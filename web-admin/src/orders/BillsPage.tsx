/**
 * Bills across players (spec §2 bills, §3 "Bill entry"): every wallet movement with the balance before
 * and after, filters in the URL, the sum of the matching amounts, export to CSV, and the wallet's audit
 * history one click away.
 */
import { useActorName } from '../components/labels.ts';
import { Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { historyPath } from '../audit/links.ts';
import { DataTable } from '../components/DataTable.tsx';
import { FilterBar, type FilterField } from '../components/FilterBar.tsx';
import { formatEat, formatSigned, formatTzs } from '../components/format.ts';
import { useTableParams } from '../components/tableParams.ts';
import { ExportButton } from '../exports/ExportButton.tsx';
import { OrdersBillsDocument } from '../graphql/generated.ts';
import { billFilterOf } from './filters.ts';

export function BillsPage() {
  const { t } = useTranslation();
  const actorName = useActorName();
  const [params] = useTableParams();
  const fields: FilterField[] = [
    { name: 'phone', label: t('orders.phone'), kind: 'text', placeholder: '+255…' },
    { name: 'userId', label: t('orders.userId'), kind: 'text' },
    {
      name: 'pocket',
      label: t('orders.pocket'),
      kind: 'select',
      options: ['balance', 'creditMoney', 'racingCoin', 'debt'].map((value) => ({
        value,
        label: t(`orders.pockets.${value}`),
      })),
    },
    { name: 'billType', label: t('orders.billType'), kind: 'text', placeholder: '1,2' },
    { name: 'reference', label: t('orders.reference'), kind: 'text' },
    { name: 'dates', label: t('common.date'), kind: 'dateRange' },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <FilterBar fields={fields} />
      <DataTable
        query={OrdersBillsDocument}
        variables={(p) => ({ filter: billFilterOf(p), page: p.page, pageSize: p.pageSize })}
        select={(d) => d.bills}
        rowKey={(row) => row.id}
        scrollX={1200}
        toolbar={<ExportButton kind="BILLS" filter={{ bills: billFilterOf(params) }} />}
        summary={(d) => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={4}>
              <Typography.Text strong>{t('orders.totals')}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4}>
              <Typography.Text strong>{formatSigned(d.bills.totalAmount)}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={5} colSpan={5} />
          </Table.Summary.Row>
        )}
        columns={[
          { key: 'at', title: t('common.time'), render: (_, r) => formatEat(r.at) },
          {
            key: 'phone',
            title: t('orders.phone'),
            render: (_, r) => <Link to={historyPath('WALLET', r.userId)}>{r.userPhone ?? r.userId}</Link>,
          },
          { key: 'billType', title: t('orders.billType'), dataIndex: 'billType' },
          {
            key: 'pocket',
            title: t('orders.pocket'),
            render: (_, r) => t(`orders.pockets.${r.pocket}`, { defaultValue: r.pocket }),
          },
          { key: 'amount', title: t('orders.amount'), render: (_, r) => formatSigned(r.amount) },
          { key: 'before', title: t('orders.balanceBefore'), render: (_, r) => formatTzs(r.balanceBefore) },
          { key: 'after', title: t('orders.balanceAfter'), render: (_, r) => formatTzs(r.balanceAfter) },
          { key: 'remark', title: t('orders.remark'), dataIndex: 'remark' },
          { key: 'reference', title: t('orders.reference'), dataIndex: 'reference', ellipsis: true },
          { key: 'actor', title: t('history.actor'), render: (_, r) => actorName(r.actor) },
        ]}
      />
    </Space>
  );
}
