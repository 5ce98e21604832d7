/**
 * Back office → Promotions → Agent salary (issue 21 item 4 "commission runs: review, approve, pay";
 * spec §6 agent/proxy role "salary"; decision 0065): the salaries of one week of East Africa Time
 * (Monday to Monday), computed at the week's close as return scale % × the agent's players' settled net
 * loss, each paid once to the agent's balance (bill type 2). Server: `agentSalaries` (agents.view),
 * `payAgentSalary` (users.adjust_money).
 */
import { Alert, Button, Input, Space, Table, Tag, Typography, message } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { useCan } from '../app/staff.tsx';
import { useErrorText } from '../components/forms.ts';
import { formatEat, formatTzs } from '../components/format.ts';
import {
  PromotionAdminPaySalaryDocument,
  PromotionAdminSalariesDocument,
  type PromotionAdminSalariesQuery,
} from '../graphql/generated.ts';

import { lastClosedWeek } from './salary.ts';

type Row = PromotionAdminSalariesQuery['agentSalaries'][number];

const STATUS_COLOR: Record<Row['status'], string> = { DUE: 'orange', NOTHING: 'default', PAID: 'green' };

/** The agent-salary tab. */
export function SalaryTab() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const can = useCan();
  const [week, setWeek] = useState(() => lastClosedWeek(Date.now()));
  const [draft, setDraft] = useState(week);
  const [{ data, error, fetching }, refetch] = useQuery({
    query: PromotionAdminSalariesDocument,
    variables: { period: week },
  });
  const [{ fetching: paying }, pay] = useMutation(PromotionAdminPaySalaryDocument);
  const [payError, setPayError] = useState('');
  const rows = data?.agentSalaries ?? [];
  const due = rows.filter((r) => r.status === 'DUE').reduce((sum, r) => sum + r.amount, 0);
  const payOne = async (r: Row) => {
    setPayError('');
    const result = await pay({ agentId: r.agentId, period: r.period });
    if (result.error) setPayError(errorText(result.error));
    else {
      const answer = result.data!.payAgentSalary;
      if (answer.status === 'PAID')
        void message.success(t('promotion.salary.paid', { amount: formatTzs(answer.amount ?? 0) }));
      else if (answer.status === 'ALREADY') void message.info(t('promotion.salary.already'));
      else setPayError(answer.code ?? 'REFUSED');
    }
    refetch({ requestPolicy: 'network-only' });
  };
  const columns: ColumnsType<Row> = [
    { key: 'agent', title: t('promotion.salary.agent'), dataIndex: 'agentId' },
    { key: 'scale', title: t('promotion.salary.scale'), align: 'right', dataIndex: 'returnScale' },
    {
      key: 'stakes',
      title: t('promotion.salary.stakes'),
      align: 'right',
      render: (_, r) => formatTzs(r.stakes),
    },
    {
      key: 'returns',
      title: t('promotion.salary.returns'),
      align: 'right',
      render: (_, r) => formatTzs(r.returns),
    },
    { key: 'net', title: t('promotion.salary.net'), align: 'right', render: (_, r) => formatTzs(r.net) },
    {
      key: 'amount',
      title: t('promotion.salary.amount'),
      align: 'right',
      render: (_, r) => formatTzs(r.amount),
    },
    {
      key: 'status',
      title: t('promotion.salary.status'),
      render: (_, r) => (
        <Tag color={STATUS_COLOR[r.status]}>
          {t(`promotion.salary.statuses.${r.status}`)}
          {r.paidAt ? ` ${formatEat(String(r.paidAt))}` : ''}
        </Tag>
      ),
    },
    {
      key: 'pay',
      title: '',
      render: (_, r) =>
        r.status === 'DUE' && can('users.adjust_money') ? (
          <Button size="small" type="primary" loading={paying} onClick={() => void payOne(r)}>
            {t('promotion.salary.pay')}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input
          aria-label={t('promotion.salary.week')}
          addonBefore={t('promotion.salary.week')}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            if (/^\d{4}-\d{2}-\d{2}$/.test(e.target.value)) setWeek(e.target.value);
          }}
          style={{ width: 260 }}
        />
        <Typography.Text>
          {t('promotion.salary.total')}: <strong data-testid="salary-due">{formatTzs(due)}</strong>
        </Typography.Text>
      </Space>
      <Typography.Paragraph type="secondary">{t('promotion.salary.note')}</Typography.Paragraph>
      {error && <Alert type="error" message={errorText(error)} style={{ marginBottom: 12 }} />}
      {payError && <Alert type="error" message={payError} style={{ marginBottom: 12 }} />}
      <Table<Row>
        rowKey="agentId"
        size="small"
        loading={fetching}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: true }}
      />
    </>
  );
}
