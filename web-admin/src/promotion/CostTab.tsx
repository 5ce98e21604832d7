/**
 * Back office → Promotions → Bonus cost (issue 21 item 4): what the promotions granted per kind per day
 * of East Africa Time (TZS, credit money), as a stacked bar chart (recharts) and a table, over a chosen
 * range (default the last 30 days). Server query `promotionCostByDay` (staff: stats.view).
 */
import { Alert, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useQuery } from 'urql';
import { useErrorText } from '../components/forms.ts';
import { formatTzs } from '../components/format.ts';
import { PromotionAdminCostDocument } from '../graphql/generated.ts';
import { COST_KINDS, costRows, eatDate, type CostRow } from './cost.ts';

const COLORS: Record<(typeof COST_KINDS)[number], string> = {
  WELCOME: '#1677ff',
  REFERRAL: '#52c41a',
  ORDER: '#fa8c16',
  ACTIVITY: '#722ed1',
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The bonus-cost tab. */
export function CostTab() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [range, setRange] = useState(() => ({ from: eatDate(Date.now(), 29), to: eatDate(Date.now()) }));
  const [draft, setDraft] = useState(range);
  const [{ data, error, fetching }] = useQuery({ query: PromotionAdminCostDocument, variables: range });
  const rows = costRows(data?.promotionCostByDay ?? []);
  const apply = (next: typeof range) => {
    setDraft(next);
    if (DATE.test(next.from) && DATE.test(next.to)) setRange(next);
  };
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input
          aria-label={t('promotion.cost.from')}
          addonBefore={t('promotion.cost.from')}
          value={draft.from}
          onChange={(e) => apply({ ...draft, from: e.target.value })}
          style={{ width: 200 }}
        />
        <Input
          aria-label={t('promotion.cost.to')}
          addonBefore={t('promotion.cost.to')}
          value={draft.to}
          onChange={(e) => apply({ ...draft, to: e.target.value })}
          style={{ width: 200 }}
        />
      </Space>
      {error && <Alert type="error" message={errorText(error)} style={{ marginBottom: 12 }} />}
      <div>
        <Typography.Text strong>{t('promotion.cost.title')}</Typography.Text>
      </div>
      <div data-testid="promotion-cost-chart">
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={rows}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" fontSize={11} />
            <YAxis fontSize={11} tickFormatter={(v: number) => formatTzs(v)} width={80} />
            <Tooltip formatter={(v) => formatTzs(Number(v))} />
            <Legend />
            {COST_KINDS.map((kind) => (
              <Bar
                key={kind}
                dataKey={kind}
                stackId="cost"
                maxBarSize={48}
                name={t(`promotion.kinds.${kind}`)}
                fill={COLORS[kind]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <Table<CostRow>
        rowKey="day"
        size="small"
        loading={fetching}
        dataSource={rows}
        pagination={false}
        columns={[
          { key: 'day', title: t('promotion.cost.day'), dataIndex: 'day' },
          ...COST_KINDS.map((kind) => ({
            key: kind,
            title: t(`promotion.kinds.${kind}`),
            align: 'right' as const,
            render: (_: unknown, row: CostRow) => formatTzs(row[kind]),
          })),
          {
            key: 'total',
            title: t('promotion.cost.total'),
            align: 'right' as const,
            render: (_: unknown, row: CostRow) => formatTzs(row.total),
          },
        ]}
      />
    </>
  );
}
