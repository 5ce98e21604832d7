/**
 * The staff cash-out list (issue 20 item 4; docs/cash-out.md §10): every cash-out, full or partial —
 * who cashed out which bet, the part of the stake, the value paid (gross), the tax, the net credited,
 * the probability and the margin kept, and when (East Africa Time) — with filters by player and day in
 * the URL, the sums of the matching rows, and export to CSV. Permission orders.view.
 */
import { Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActorName } from '../components/labels.ts';
import { DataTable } from '../components/DataTable.tsx';
import { FilterBar, type FilterField } from '../components/FilterBar.tsx';
import { formatEat, formatTzs } from '../components/format.ts';
import { rangeOf, useTableParams, type TableParams } from '../components/tableParams.ts';
import { ExportButton } from '../exports/ExportButton.tsx';
import { CashOutAdminRecordsDocument, type CashOutRecordFilter } from '../graphql/generated.ts';

/** The `CashOutRecordFilter` of the URL's params: `phone`, `userId`, `betId`, `dates` (EAT days). */
export const cashOutFilterOf = (params: TableParams): CashOutRecordFilter => {
  const { from, to } = rangeOf(params.filters['dates']);
  return {
    phone: params.filters['phone'] ?? null,
    userId: params.filters['userId'] ?? null,
    betId: params.filters['betId'] ?? null,
    fromDate: from,
    toDate: to,
  };
};

const money = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? '—' : formatTzs(amount);

export function CashOutListPage() {
  const { t } = useTranslation();
  const actorName = useActorName();
  const [params] = useTableParams();
  const fields: FilterField[] = [
    { name: 'phone', label: t('cashout.list.phone'), kind: 'text', placeholder: '+255…' },
    { name: 'userId', label: t('cashout.list.userId'), kind: 'text' },
    { name: 'betId', label: t('cashout.list.betId'), kind: 'text' },
    { name: 'dates', label: t('common.date'), kind: 'dateRange' },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary">{t('cashout.list.hint')}</Typography.Paragraph>
      <FilterBar fields={fields} />
      <DataTable
        query={CashOutAdminRecordsDocument}
        variables={(p) => ({ filter: cashOutFilterOf(p), page: p.page, pageSize: p.pageSize })}
        select={(d) => d.cashOutRecords}
        rowKey={(row) => `${row.betId}:${row.offerId}`}
        scrollX={1500}
        toolbar={<ExportButton kind="CASH_OUTS" filter={{ cashOuts: cashOutFilterOf(params) }} />}
        summary={(d) => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={5}>
              <Typography.Text strong>{t('cashout.list.totals')}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={5}>
              <Typography.Text strong>{formatTzs(d.cashOutRecords.totalGross)}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={6}>
              <Typography.Text strong>{formatTzs(d.cashOutRecords.totalTax)}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={7}>
              <Typography.Text strong>{formatTzs(d.cashOutRecords.totalNet)}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={8} colSpan={2} />
            <Table.Summary.Cell index={10}>
              <Typography.Text strong>{formatTzs(d.cashOutRecords.totalMargin)}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={11} colSpan={2} />
          </Table.Summary.Row>
        )}
        columns={[
          { key: 'at', title: t('common.time'), render: (_, r) => formatEat(r.at) },
          {
            key: 'player',
            title: t('cashout.list.player'),
            render: (_, r) => r.userPhone ?? r.userId,
          },
          {
            key: 'serial',
            title: t('cashout.list.serial'),
            render: (_, r) => <Link to={`/orders?f.serial=${encodeURIComponent(r.serial)}`}>{r.serial}</Link>,
          },
          {
            key: 'kind',
            title: t('cashout.list.kind'),
            render: (_, r) => (r.full ? t('cashout.list.full') : t('cashout.list.partial')),
          },
          { key: 'part', title: t('cashout.list.part'), render: (_, r) => money(r.part) },
          { key: 'gross', title: t('cashout.list.gross'), render: (_, r) => formatTzs(r.gross) },
          { key: 'tax', title: t('cashout.list.tax'), render: (_, r) => formatTzs(r.tax) },
          { key: 'net', title: t('cashout.list.net'), render: (_, r) => formatTzs(r.net) },
          {
            key: 'probability',
            title: t('cashout.list.probability'),
            render: (_, r) => (r.probability === null ? '—' : `${(r.probability * 100).toFixed(2)}%`),
          },
          { key: 'fair', title: t('cashout.list.fairValue'), render: (_, r) => money(r.fairValue) },
          {
            key: 'margin',
            title: t('cashout.list.margin'),
            render: (_, r) =>
              r.margin === null ? '—' : `${formatTzs(r.margin)} (${r.marginPercent ?? '—'}%)`,
          },
          { key: 'odds', title: t('cashout.list.odds'), render: (_, r) => r.earlySettlementOdds ?? '—' },
          { key: 'actor', title: t('cashout.list.actor'), render: (_, r) => actorName(r.actor) },
        ]}
      />
    </Space>
  );
}
