/**
 * Statistics (spec §2 admin "statistics (today, hourly, historical, proxy)"; docs/statistics.md): today
 * and any EAT day hour by hour, any range of EAT days, and by agent — stakes, refunds, payouts, tax, GGR,
 * bonuses, deposits, withdrawals, staff adjustments, bets, registrations and active players — as line and
 * bar charts (recharts) and a table with the period's total row (the server's, so active players count
 * each player once). Permission stats.view (agents.view for the agent tab).
 */
import { Alert, DatePicker, Space, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useQuery } from 'urql';
import {
  StatsDailyDocument,
  StatsHourlyDocument,
  StatsTodayDocument,
  type StatsRowFieldsFragment,
} from '../graphql/generated.ts';
import { useCan } from '../app/staff.tsx';
import { eatDate, eatDaysBefore, formatTzs } from '../components/format.ts';
import { useErrorText } from '../components/forms.ts';
import { AgentsPage } from '../users/AgentsPage.tsx';

type Row = StatsRowFieldsFragment;
const MONEY = [
  'stakes',
  'stakeRefunds',
  'payouts',
  'tax',
  'ggr',
  'netAfterTax',
  'bonuses',
  'deposits',
  'withdrawals',
  'staffAdjustments',
] as const;
const COUNTS = ['betsPlaced', 'newRegistrations', 'activePlayers'] as const;
const COLORS = {
  stakes: '#0b6e4f',
  payouts: '#d4380d',
  ggr: '#1677ff',
  tax: '#faad14',
  deposits: '#52c41a',
  withdrawals: '#eb2f96',
  activePlayers: '#722ed1',
  betsPlaced: '#13c2c2',
};

/** Charts and table of a series of periods with its total. */
export function StatsView({
  rows,
  total,
  hourly,
}: {
  readonly rows: readonly Row[];
  readonly total: Row;
  readonly hourly: boolean;
}) {
  const { t } = useTranslation();
  const label = (row: Row) => (hourly ? `${String(row.hour ?? 0).padStart(2, '0')}:00` : row.date);
  const data = rows.map((row) => ({ ...row, label: label(row) }));
  const columns: ColumnsType<Row> = [
    {
      key: 'period',
      title: hourly ? t('stats.hour') : t('common.date'),
      render: (_, row) => label(row),
      fixed: 'left',
    },
    ...MONEY.map((key) => ({
      key,
      title: t(`stats.col.${key}`),
      align: 'right' as const,
      render: (_: unknown, row: Row) => formatTzs(row[key]),
    })),
    ...COUNTS.map((key) => ({ key, title: t(`stats.col.${key}`), align: 'right' as const, dataIndex: key })),
  ];
  const chart = (title: string, keys: readonly (keyof typeof COLORS)[], kind: 'line' | 'bar') => (
    <div style={{ flex: '1 1 380px', minWidth: 320 }}>
      <Typography.Text strong>{title}</Typography.Text>
      <ResponsiveContainer width="100%" height={220}>
        {kind === 'line' ? (
          <LineChart data={data}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" fontSize={11} />
            <YAxis fontSize={11} tickFormatter={(v: number) => formatTzs(v)} width={80} />
            <Tooltip formatter={(v) => formatTzs(Number(v))} />
            <Legend />
            {keys.map((key) => (
              <Line
                key={key}
                dataKey={key}
                name={t(`stats.col.${key}`)}
                stroke={COLORS[key]}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        ) : (
          <BarChart data={data}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" fontSize={11} />
            <YAxis fontSize={11} width={80} />
            <Tooltip />
            <Legend />
            {keys.map((key) => (
              <Bar
                key={key}
                dataKey={key}
                name={t(`stats.col.${key}`)}
                fill={COLORS[key]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('stats.ggrHint')}</Typography.Text>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
        {chart(t('stats.money'), ['stakes', 'payouts', 'tax', 'ggr'], 'line')}
        {chart(t('stats.cash'), ['deposits', 'withdrawals'], 'bar')}
        {chart(t('stats.players'), ['activePlayers', 'betsPlaced'], 'bar')}
      </div>
      <Table<Row>
        size="small"
        rowKey={(row) => `${row.date}-${row.hour ?? 'd'}`}
        columns={columns}
        dataSource={[...rows]}
        pagination={false}
        scroll={{ x: 1500 }}
        summary={() => (
          <Table.Summary fixed>
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <Typography.Text strong>{t('common.total')}</Typography.Text>
              </Table.Summary.Cell>
              {[...MONEY.map((key) => formatTzs(total[key])), ...COUNTS.map((key) => String(total[key]))].map(
                (cell, i) => (
                  <Table.Summary.Cell key={i} index={i + 1} align="right">
                    <Typography.Text strong data-testid={`total-${i}`}>
                      {cell}
                    </Typography.Text>
                  </Table.Summary.Cell>
                ),
              )}
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
    </Space>
  );
}

function Today() {
  const errorText = useErrorText();
  const [{ data, error }] = useQuery({ query: StatsTodayDocument, requestPolicy: 'cache-and-network' });
  if (error) return <Alert type="error" showIcon title={errorText(error)} />;
  return data ? <StatsView rows={data.statsToday.hours} total={data.statsToday.total} hourly /> : null;
}

function Hourly() {
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const date = search.get('date') ?? eatDaysBefore(eatDate(), 1);
  const [{ data, error }] = useQuery({ query: StatsHourlyDocument, variables: { date } });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <DatePicker
        value={dayjs(date)}
        allowClear={false}
        onChange={(value) => setSearch((s) => (value ? (s.set('date', value.format('YYYY-MM-DD')), s) : s))}
      />
      {error && <Alert type="error" showIcon title={errorText(error)} />}
      {data && <StatsView rows={data.statsHourly.hours} total={data.statsHourly.total} hourly />}
    </Space>
  );
}

function History() {
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const today = eatDate();
  const from = search.get('from') ?? eatDaysBefore(today, 29);
  const to = search.get('to') ?? today;
  const [{ data, error }] = useQuery({ query: StatsDailyDocument, variables: { from, to } });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <DatePicker.RangePicker
        value={[dayjs(from), dayjs(to)]}
        allowClear={false}
        onChange={(values) =>
          setSearch((s) => {
            if (values?.[0] && values[1]) {
              s.set('from', values[0].format('YYYY-MM-DD'));
              s.set('to', values[1].format('YYYY-MM-DD'));
            }
            return s;
          })
        }
      />
      {error && <Alert type="error" showIcon title={errorText(error)} />}
      {data && <StatsView rows={data.statsDaily.days} total={data.statsDaily.total} hourly={false} />}
    </Space>
  );
}

/** The statistics screen, one tab per view (`?tab=`). */
export function StatsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') ?? 'today';
  return (
    <Tabs
      activeKey={tab}
      destroyOnHidden
      onChange={(key) => setSearch(new URLSearchParams({ tab: key }))}
      items={[
        { key: 'today', label: t('stats.today'), children: <Today /> },
        { key: 'hourly', label: t('stats.hourly'), children: <Hourly /> },
        { key: 'history', label: t('stats.history'), children: <History /> },
        ...(can('agents.view')
          ? [{ key: 'agents', label: t('stats.agentsTitle'), children: <AgentsPage /> }]
          : []),
      ]}
    />
  );
}
