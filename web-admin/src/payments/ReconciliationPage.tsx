/**
 * Reconciliation against the providers' statements (docs/payments.md): open mismatches (all with the
 * switch), comparing a date range again, and closing an item with a reason. Permission payments.view to
 * see, payments.approve to run and resolve.
 */
import { Alert, App, Button, DatePicker, Space, Switch, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import {
  PaymentsReconciliationDocument,
  PaymentsResolveItemDocument,
  PaymentsRunReconciliationDocument,
} from '../graphql/generated.ts';
import { useCan } from '../app/staff.tsx';
import { ActionModal } from '../components/ActionModal.tsx';
import { eatDaysBefore, eatMidnight, formatEat } from '../components/format.ts';
import { useErrorText } from '../components/forms.ts';
import { networkName } from '../components/networks.ts';

/** The reconciliation screen. */
export function ReconciliationPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const errorText = useErrorText();
  const [all, setAll] = useState(false);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [items, refresh] = useQuery({ query: PaymentsReconciliationDocument, variables: { all } });
  const [{ fetching: running }, run] = useMutation(PaymentsRunReconciliationDocument);
  const [, resolve] = useMutation(PaymentsResolveItemDocument);
  const reload = () => refresh({ requestPolicy: 'network-only' });

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Switch checked={all} onChange={setAll} /> {t('payments.showAll')}
        {can('payments.approve') && (
          <>
            <DatePicker.RangePicker value={range} onChange={(values) => setRange(values)} />
            <Button
              type="primary"
              loading={running}
              disabled={!range?.[0] || !range[1]}
              onClick={async () => {
                if (!range?.[0] || !range[1]) return;
                const result = await run({
                  from: eatMidnight(range[0].format('YYYY-MM-DD')),
                  to: eatMidnight(eatDaysBefore(range[1].format('YYYY-MM-DD'), -1)),
                });
                if (result.error) return void message.error(errorText(result.error));
                void message.success(t('payments.runDone', { count: result.data?.runReconciliation ?? 0 }));
                reload();
              }}
            >
              {t('payments.run')}
            </Button>
          </>
        )}
      </Space>
      {items.error && <Alert type="error" showIcon title={errorText(items.error)} />}
      <Table
        size="small"
        rowKey="id"
        loading={items.fetching}
        dataSource={items.data?.reconciliationItems ?? []}
        columns={[
          { key: 'paymentId', title: t('payments.id'), dataIndex: 'paymentId' },
          { key: 'network', title: t('payments.network'), render: (_, row) => networkName(row.network) },
          {
            key: 'kind',
            title: t('payments.kind'),
            render: (_, row) => <Tag color="volcano">{row.kind}</Tag>,
          },
          {
            key: 'ours',
            title: t('payments.ours'),
            render: (_, row) => <Typography.Text code>{row.ours ?? '—'}</Typography.Text>,
          },
          {
            key: 'theirs',
            title: t('payments.theirs'),
            render: (_, row) => <Typography.Text code>{row.theirs ?? '—'}</Typography.Text>,
          },
          { key: 'foundAt', title: t('payments.foundAt'), render: (_, row) => formatEat(row.foundAt) },
          {
            key: 'resolution',
            title: t('payments.resolution'),
            render: (_, row) =>
              row.resolvedAt ? (
                `${row.resolution ?? ''} (${row.resolvedBy ?? ''}, ${formatEat(row.resolvedAt)})`
              ) : (
                <ActionModal<object>
                  label={t('payments.resolve')}
                  permission="payments.approve"
                  onSubmit={async ({ reason }) => {
                    const error = (await resolve({ id: row.id, reason })).error;
                    if (!error) reload();
                    return error;
                  }}
                />
              ),
          },
        ]}
      />
    </Space>
  );
}
