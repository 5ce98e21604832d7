/**
 * Back office → Promotions → Bonus cost (issue 21 item 4): what the promotions granted per kind per day
 * of East Africa Time (TZS, credit money), as a stacked bar chart (recharts) and a table, over a chosen
 * range (default the last 30 days), beside the GGR of the same days and the cost as a share of it (a line
 * on the right axis, and columns; decision 0083). Server queries `promotionCostByDay` and `bonusCostShare`
 * (staff: stats.view).
 */
import { Alert, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useQuery } from 'urql';
import { useErrorText } from '../components/forms.ts';
import { formatTzs } from '../components/format.ts';
import { PromotionAdminCostDocument } from '../graphql/generated.ts';
import { COST_KINDS, eatDate, formatShare, shareRows, type ShareRow } from './cost.ts';

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
  const rows = shareRows(data?.promotionCostByDay ?? [], data?.bonusCostShare.days ?? []);
  const whole = data?.bonusCostShare;
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
          <ComposedChart data={rows}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" fontSize={11} />
            <YAxis yAxisId="tzs" fontSize={11} tickFormatter={(v: number) => formatTzs(v)} width={80} />
            <YAxis yAxisId="share" orientation="right" fontSize={11} unit=" %" width={56} />
            <Tooltip
              formatter={(v, name) =>
                name === t('promotion.cost.share')
                  ? formatShare(v == null ? null : Number(v))
                  : formatTzs(Number(v))
              }
            />
            <Legend />
            {COST_KINDS.map((kind) => (
              <Bar
                key={kind}
                yAxisId="tzs"
                dataKey={kind}
                stackId="cost"
                maxBarSize={48}
                name={t(`promotion.kinds.${kind}`)}
                fill={COLORS[kind]}
                isAnimationActive={false}
              />
            ))}
            <Line
              yAxisId="share"
              type="monotone"
              dataKey="percentOfGgr"
              name={t('promotion.cost.share')}
              stroke="#f5222d"
              connectNulls={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('promotion.cost.shareNote')}
      </Typography.Paragraph>
      <Table<ShareRow>
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
            render: (_: unknown, row: ShareRow) => formatTzs(row[kind]),
          })),
          {
            key: 'total',
            title: t('promotion.cost.total'),
            align: 'right' as const,
            render: (_: unknown, row: ShareRow) => formatTzs(row.total),
          },
          {
            key: 'ggr',
            title: t('promotion.cost.ggr'),
            align: 'right' as const,
            render: (_: unknown, row: ShareRow) => <span data-testid="cost-ggr">{formatTzs(row.ggr)}</span>,
          },
          {
            key: 'share',
            title: t('promotion.cost.share'),
            align: 'right' as const,
            render: (_: unknown, row: ShareRow) => (
              <span data-testid="cost-share">{formatShare(row.percentOfGgr)}</span>
            ),
          },
        ]}
        summary={() =>
          whole && (
            <Table.Summary.Row data-testid="cost-range-total">
              <Table.Summary.Cell index={0}>{t('promotion.cost.rangeTotal')}</Table.Summary.Cell>
              {COST_KINDS.map((kind, i) => (
                <Table.Summary.Cell key={kind} index={i + 1} align="right">
                  {formatTzs(rows.reduce((sum, r) => sum + r[kind], 0))}
                </Table.Summary.Cell>
              ))}
              <Table.Summary.Cell index={COST_KINDS.length + 1} align="right">
                {formatTzs(whole.bonusCost)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={COST_KINDS.length + 2} align="right">
                {formatTzs(whole.ggr)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={COST_KINDS.length + 3} align="right">
                {formatShare(whole.percentOfGgr ?? null)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )
        }
      />
    </>
  );
}
