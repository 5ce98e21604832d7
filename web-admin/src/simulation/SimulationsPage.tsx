/**
 * The analysts' season simulations (issue 17 item 7; docs/simulations.md "Back office"): the runs kept in
 * this store (`simulationRuns`) and one run's report (`simulationRun`): totals (handle, GGR, hold, RTP,
 * withholding and operator GGR tax, acca-bonus cost), RTP per market type, per behaviour, league and
 * EAT month, the largest wins (each opening its bet stream in the audit history), the model's
 * calibration beside the closing market's, and a what-if comparison with another kept run (by default
 * the other scenario of a `--compare` run). Charts with recharts. Permission simulations.view; starting a
 * run on the server (`LaunchPanel.tsx`): simulations.run.
 */
import { Alert, Card, Descriptions, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
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
import { historyPath } from '../audit/links.ts';
import { formatEat, formatTzs } from '../components/format.ts';
import { useErrorText } from '../components/forms.ts';
import {
  SimulationRunDocument,
  SimulationRunsDocument,
  type SimulationRunQuery,
  type SimulationRunSummaryFieldsFragment,
} from '../graphql/generated.ts';
import { SimulationLaunchPanel } from './LaunchPanel.tsx';

/** A kept run's report as the screen reads it. */
export type SimulationReport = NonNullable<SimulationRunQuery['simulationRun']>;
type Group = SimulationReport['byMarketType'][number];

/** A fraction as a percentage with two decimals: 0.0512 → "5.12%". */
export const percent = (fraction: number): string => `${(fraction * 100).toFixed(2)}%`;

const MONEY = ['handle', 'grossPayout', 'ggr', 'withholdingTax', 'accaBonus', 'credited'] as const;
const RATIOS = ['hold', 'rtp'] as const;
const COLORS = { ours: '#1677ff', market: '#d4380d', perfect: '#8c8c8c', a: '#0b6e4f', b: '#faad14' };

/** The path of a kept run's report. */
export const simulationPath = (runId: string): string => `/simulations/${encodeURIComponent(runId)}`;

/** The list of kept runs. */
export function SimulationsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [{ data, error, fetching }, reread] = useQuery({
    query: SimulationRunsDocument,
    requestPolicy: 'cache-and-network',
  });
  // A run started here has kept its report: read the list again.
  const onKept = useCallback(() => reread({ requestPolicy: 'network-only' }), [reread]);
  const columns: ColumnsType<SimulationRunSummaryFieldsFragment> = [
    {
      key: 'name',
      title: t('simulations.name'),
      render: (_, run) => (
        <Link to={simulationPath(run.runId)} data-testid={`simulation-${run.runId}`}>
          {run.name}
        </Link>
      ),
    },
    { key: 'seed', title: t('simulations.seed'), dataIndex: 'seed' },
    { key: 'leagues', title: t('simulations.leagues'), render: (_, run) => run.leagues.join(', ') },
    { key: 'seasons', title: t('simulations.seasons'), render: (_, run) => run.seasons.join(', ') },
    { key: 'bettors', title: t('simulations.bettors'), dataIndex: 'bettors', align: 'right' },
    { key: 'bets', title: t('simulations.col.bets'), align: 'right', render: (_, run) => run.totals.bets },
    {
      key: 'handle',
      title: t('simulations.col.handle'),
      align: 'right',
      render: (_, run) => formatTzs(run.totals.handle),
    },
    {
      key: 'ggr',
      title: t('simulations.col.ggr'),
      align: 'right',
      render: (_, run) => formatTzs(run.totals.ggr),
    },
    {
      key: 'rtp',
      title: t('simulations.col.rtp'),
      align: 'right',
      render: (_, run) => percent(run.totals.rtp),
    },
    {
      key: 'keptAt',
      title: t('simulations.keptAt'),
      render: (_, run) => (
        <>
          {formatEat(run.keptAt)} {run.stopped && <Tag color="orange">{t('simulations.stopped')}</Tag>}
        </>
      ),
    },
  ];
  if (error) return <Alert type="error" showIcon title={errorText(error)} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <SimulationLaunchPanel runPath={simulationPath} onKept={onKept} />
      {data && data.simulationRuns.length === 0 && (
        <Alert type="info" showIcon title={t('simulations.empty')} />
      )}
      <Table<SimulationRunSummaryFieldsFragment>
        scroll={{ x: 'max-content' }}
        size="small"
        rowKey="runId"
        loading={fetching && !data}
        columns={columns}
        dataSource={data ? [...data.simulationRuns] : []}
        pagination={{ pageSize: 20 }}
      />
    </Space>
  );
}

/** A table of groups (market types, behaviours, leagues or months) with their totals. */
function GroupTable({ groups, testId }: { readonly groups: readonly Group[]; readonly testId: string }) {
  const { t } = useTranslation();
  const columns: ColumnsType<Group> = [
    { key: 'key', title: t('simulations.group'), dataIndex: 'key' },
    { key: 'bets', title: t('simulations.col.bets'), align: 'right', render: (_, g) => g.totals.bets },
    ...MONEY.map((key) => ({
      key,
      title: t(`simulations.col.${key}`),
      align: 'right' as const,
      render: (_: unknown, g: Group) => formatTzs(g.totals[key]),
    })),
    ...RATIOS.map((key) => ({
      key,
      title: t(`simulations.col.${key}`),
      align: 'right' as const,
      render: (_: unknown, g: Group) => percent(g.totals[key]),
    })),
  ];
  return (
    <Table<Group>
      size="small"
      rowKey="key"
      data-testid={testId}
      columns={columns}
      dataSource={[...groups]}
      pagination={false}
      scroll={{ x: 1100 }}
    />
  );
}

const chartBox = { flex: '1 1 380px', minWidth: 320 } as const;

/** Figures in description cells stay on one line: a TZS amount or a score never breaks between digits on a phone. */
const figureCells = { content: { whiteSpace: 'nowrap' } } as const;

/** RTP per group as bars (percent), one series per run. */
function RtpChart({
  title,
  series,
}: {
  readonly title: string;
  readonly series: readonly {
    readonly name: string;
    readonly color: string;
    readonly groups: readonly Group[];
  }[];
}) {
  const keys = [...new Set(series.flatMap((s) => s.groups.map((g) => g.key)))].sort();
  const data = keys.map((key) => ({
    key,
    ...Object.fromEntries(
      series.map((s) => {
        const g = s.groups.find((x) => x.key === key);
        return [s.name, g ? Number((g.totals.rtp * 100).toFixed(2)) : null];
      }),
    ),
  }));
  return (
    <div style={chartBox}>
      <Typography.Text strong>{title}</Typography.Text>
      <ResponsiveContainer width="100%" height={240}>
        <BarChart data={data}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="key" fontSize={11} interval={0} angle={-35} textAnchor="end" height={90} />
          <YAxis fontSize={11} unit="%" width={60} />
          <Tooltip formatter={(v) => `${Number(v).toFixed(2)}%`} />
          <Legend />
          {series.map((s) => (
            <Bar key={s.name} dataKey={s.name} fill={s.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The report of one kept run (no data fetching: the unit test renders it with a fixed report). */
export function SimulationReportView({ run }: { readonly run: SimulationReport }) {
  const { t } = useTranslation();
  const { summary, calibration } = run;
  const months = run.byMonth.map((g) => ({ key: g.key, handle: g.totals.handle, ggr: g.totals.ggr }));
  const reliability = calibration.reliability.map((b, i) => ({
    bin: b.bin,
    perfect: (i * 10 + 5) / 100,
    ours: b.oursCount > 0 ? Number(b.oursObserved.toFixed(3)) : null,
    market: b.marketCount > 0 ? Number(b.marketObserved.toFixed(3)) : null,
  }));
  const score = (x: number | null | undefined) => (x === null || x === undefined ? '—' : x.toFixed(4));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="simulation-report">
      <Typography.Title level={4}>
        {summary.name} · {summary.leagues.join(', ')} {summary.seasons.join(', ')}{' '}
        {summary.stopped && <Tag color="orange">{t('simulations.stopped')}</Tag>}
      </Typography.Title>
      <Typography.Text type="secondary">{t('simulations.hint')}</Typography.Text>
      <Descriptions
        size="small"
        bordered
        styles={figureCells}
        column={{ xs: 1, md: 3 }}
        data-testid="simulation-totals"
      >
        <Descriptions.Item label={t('simulations.seed')}>{summary.seed}</Descriptions.Item>
        <Descriptions.Item label={t('simulations.bettors')}>{summary.bettors}</Descriptions.Item>
        <Descriptions.Item label={t('simulations.matchdays')}>
          {run.matchdays} / {run.matchdaysTotal} ({run.matches} {t('simulations.matches')})
        </Descriptions.Item>
        <Descriptions.Item label={t('simulations.col.bets')}>{summary.totals.bets}</Descriptions.Item>
        <Descriptions.Item label={t('simulations.col.handle')}>
          {formatTzs(summary.totals.handle)}
        </Descriptions.Item>
        <Descriptions.Item label={t('simulations.col.grossPayout')}>
          {formatTzs(summary.totals.grossPayout)}
        </Descriptions.Item>
        <Descriptions.Item label={t('simulations.col.ggr')}>
          <span data-testid="simulation-ggr">{formatTzs(summary.totals.ggr)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('simulations.col.hold')}>
          {percent(summary.totals.hold)}
        </Descriptions.Item>
        <Descriptions.Item label={t('simulations.col.rtp')}>
          <span data-testid="simulation-rtp">{percent(summary.totals.rtp)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('simulations.col.withholdingTax')}>
          {formatTzs(summary.totals.withholdingTax)}
        </Descriptions.Item>
        <Descriptions.Item label={`${t('simulations.operatorGgrTax')} (${run.ggrTaxPercent}%)`}>
          {formatTzs(run.operatorGgrTax)}
        </Descriptions.Item>
        <Descriptions.Item label={t('simulations.col.accaBonus')}>
          {formatTzs(summary.totals.accaBonus)}
        </Descriptions.Item>
        <Descriptions.Item label={t('simulations.deposits')}>
          {formatTzs(run.payments.deposits)} ({run.payments.depositCount})
        </Descriptions.Item>
        <Descriptions.Item label={t('simulations.withdrawals')}>
          {formatTzs(run.payments.withdrawals)} ({run.payments.withdrawalCount})
        </Descriptions.Item>
        <Descriptions.Item label={t('simulations.rejectedBets')}>
          {run.payments.rejectedBets}
        </Descriptions.Item>
      </Descriptions>

      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
        <RtpChart
          title={t('simulations.byMarketType')}
          series={[{ name: t('simulations.col.rtp'), color: COLORS.ours, groups: run.byMarketType }]}
        />
        <div style={chartBox}>
          <Typography.Text strong>{t('simulations.byMonth')}</Typography.Text>
          <ResponsiveContainer width="100%" height={240}>
            <BarChart data={months}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="key" fontSize={11} />
              <YAxis fontSize={11} tickFormatter={(v: number) => formatTzs(v)} width={90} />
              <Tooltip formatter={(v) => formatTzs(Number(v))} />
              <Legend />
              <Bar
                dataKey="handle"
                name={t('simulations.col.handle')}
                fill={COLORS.a}
                isAnimationActive={false}
              />
              <Bar
                dataKey="ggr"
                name={t('simulations.col.ggr')}
                fill={COLORS.ours}
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </div>

      <Card size="small" title={t('simulations.byMarketType')}>
        <GroupTable groups={run.byMarketType} testId="simulation-by-market" />
      </Card>
      <Card size="small" title={t('simulations.byBehaviour')}>
        <GroupTable groups={run.byBehaviour} testId="simulation-by-behaviour" />
      </Card>
      <Card size="small" title={t('simulations.byLeague')}>
        <GroupTable groups={run.byLeague} testId="simulation-by-league" />
      </Card>
      <Card size="small" title={t('simulations.byMonth')}>
        <GroupTable groups={run.byMonth} testId="simulation-by-month" />
      </Card>

      <Card size="small" title={t('simulations.largestWins')}>
        <Table<SimulationReport['largestWins'][number]>
          size="small"
          rowKey="betId"
          pagination={false}
          dataSource={[...run.largestWins]}
          scroll={{ x: 900 }}
          columns={[
            {
              key: 'bet',
              title: t('simulations.bet'),
              render: (_, w) => (
                <Link
                  to={historyPath('BET', w.betId)}
                  data-testid={`simulation-bet-${w.betId}`}
                  title={t('simulations.openBet')}
                >
                  {w.betId}
                </Link>
              ),
            },
            { key: 'behaviour', title: t('simulations.group'), dataIndex: 'behaviour' },
            {
              key: 'stake',
              title: t('simulations.col.handle'),
              align: 'right',
              render: (_, w) => formatTzs(w.stake),
            },
            { key: 'odds', title: t('simulations.odds'), align: 'right', dataIndex: 'totalOdds' },
            { key: 'legs', title: t('simulations.legs'), align: 'right', dataIndex: 'legs' },
            {
              key: 'gross',
              title: t('simulations.col.grossPayout'),
              align: 'right',
              render: (_, w) => formatTzs(w.grossPayout),
            },
            {
              key: 'description',
              title: t('simulations.description'),
              dataIndex: 'description',
              ellipsis: true,
            },
          ]}
        />
      </Card>

      <Card size="small" title={t('simulations.calibration')}>
        <Descriptions
          size="small"
          bordered
          styles={figureCells}
          column={{ xs: 1, sm: 2 }}
          data-testid="simulation-calibration"
        >
          <Descriptions.Item label={`${t('simulations.brier')} · ${t('simulations.ours')}`}>
            {score(calibration.brierOurs)}
          </Descriptions.Item>
          <Descriptions.Item label={`${t('simulations.brier')} · ${t('simulations.market')}`}>
            {score(calibration.brierMarket)}
          </Descriptions.Item>
          <Descriptions.Item label={`${t('simulations.logLoss')} · ${t('simulations.ours')}`}>
            {score(calibration.logLossOurs)}
          </Descriptions.Item>
          <Descriptions.Item label={`${t('simulations.logLoss')} · ${t('simulations.market')}`}>
            {score(calibration.logLossMarket)}
          </Descriptions.Item>
        </Descriptions>
        <ResponsiveContainer width="100%" height={260}>
          <LineChart data={reliability}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="bin" fontSize={11} name={t('simulations.predicted')} />
            <YAxis fontSize={11} domain={[0, 1]} width={50} name={t('simulations.observed')} />
            <Tooltip />
            <Legend />
            <Line
              dataKey="perfect"
              name={t('simulations.perfect')}
              stroke={COLORS.perfect}
              strokeDasharray="4 4"
              dot={false}
              isAnimationActive={false}
            />
            <Line
              dataKey="ours"
              name={t('simulations.ours')}
              stroke={COLORS.ours}
              connectNulls
              isAnimationActive={false}
            />
            <Line
              dataKey="market"
              name={t('simulations.market')}
              stroke={COLORS.market}
              connectNulls
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </Card>

      {run.pools && <SimulationPoolsCard pools={run.pools} />}
      {run.cashOut && <SimulationCashOutCard cashOut={run.cashOut} />}
      {run.racing && <SimulationRacingCard racing={run.racing} />}

      <Card size="small" title={t('simulations.scenario')}>
        <pre style={{ fontSize: 12, whiteSpace: 'pre-wrap' }}>
          {JSON.stringify(JSON.parse(run.scenarioJson), null, 2)}
        </pre>
      </Card>
    </Space>
  );
}

type SimulationPools = NonNullable<SimulationReport['pools']>;
type PoolTotals = SimulationPools['totals'];
type PoolIssue = SimulationPools['issues'][number];

/** A right-aligned column of TZS amounts picked from each row. */
const tzsColumn = <Row,>(key: string, title: string, pick: (row: Row) => number) => ({
  key,
  title,
  align: 'right' as const,
  render: (_: unknown, row: Row) => formatTzs(pick(row)),
});

/**
 * A run's jackpot and Lucky Six (docs/simulations.md "Pool games"): totals of all pool games and of each
 * game (handle, gross prizes with the seed, GGR, hold, tax, jackpots won, what is carried over at the
 * end), then every issue by first kick-off with its sales, pool, prizes and rollover. TZS.
 */
export function SimulationPoolsCard({ pools }: { readonly pools: SimulationPools }) {
  const { t } = useTranslation();
  const gameName = (game: string) => t(`simulations.pools.${game}`, { defaultValue: game });
  const rows = [
    { key: 'all', name: t('simulations.pools.all'), totals: pools.totals },
    ...pools.byGame.map((g) => ({ key: g.game, name: gameName(g.game), totals: g.totals })),
  ];
  const money = (title: string, pick: (x: PoolTotals) => number) =>
    tzsColumn<(typeof rows)[number]>(title, title, (r) => pick(r.totals));
  return (
    <Card size="small" title={t('simulations.pools.title')} data-testid="simulation-pools">
      <Table
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'game', title: t('simulations.pools.game'), dataIndex: 'name' },
          {
            key: 'issues',
            title: t('simulations.pools.issues'),
            align: 'right',
            render: (_, r) => r.totals.issues,
          },
          {
            key: 'tickets',
            title: t('simulations.pools.tickets'),
            align: 'right',
            render: (_, r) => r.totals.tickets,
          },
          money(t('simulations.col.handle'), (x) => x.handle),
          money(t('simulations.pools.prizesPaid'), (x) => x.grossPrizes),
          money(t('simulations.col.ggr'), (x) => x.ggr),
          {
            key: 'hold',
            title: t('simulations.col.hold'),
            align: 'right',
            render: (_, r) => percent(r.totals.hold),
          },
          money(t('simulations.col.withholdingTax'), (x) => x.withholdingTax),
          money(t('simulations.pools.seedPaid'), (x) => x.seedPaid),
          {
            key: 'won',
            title: t('simulations.pools.jackpotsWon'),
            align: 'right',
            render: (_, r) => r.totals.jackpotsWon,
          },
          money(t('simulations.pools.openStakes'), (x) => x.openStakes),
          money(t('simulations.pools.carryOverAtEnd'), (x) => x.carryOverAtEnd),
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('simulations.pools.rejectedTickets')}: {pools.rejectedTickets}
      </Typography.Paragraph>
      <Table<PoolIssue>
        size="small"
        rowKey="issueId"
        pagination={{ pageSize: 10 }}
        dataSource={[...pools.issues]}
        scroll={{ x: 'max-content' }}
        data-testid="simulation-pool-issues"
        columns={[
          { key: 'issue', title: t('simulations.pools.issue'), dataIndex: 'identifier' },
          { key: 'game', title: t('simulations.pools.game'), render: (_, i) => gameName(i.game) },
          {
            key: 'kickoff',
            title: t('simulations.pools.firstKickoff'),
            render: (_, i) => formatEat(String(i.firstKickoff)),
          },
          { key: 'status', title: t('simulations.pools.status'), render: (_, i) => <Tag>{i.status}</Tag> },
          { key: 'tickets', title: t('simulations.pools.tickets'), align: 'right', dataIndex: 'tickets' },
          { key: 'lines', title: t('simulations.pools.lines'), align: 'right', dataIndex: 'lines' },
          ...(['stakes', 'carriedOver', 'pool', 'prizesPaid', 'carryOver'] as const).map((field) =>
            tzsColumn<PoolIssue>(field, t(`simulations.pools.${field}`), (i) => i[field]),
          ),
          {
            key: 'won',
            title: t('simulations.pools.jackpotWon'),
            render: (_, i) => (i.jackpotWon ? <Tag color="green">✓</Tag> : null),
          },
        ]}
      />
    </Card>
  );
}

/**
 * A run's half-time cash-outs (docs/simulations.md "Cash-out"): how many, the stakes, the value paid
 * and its fair value before the cash-out margin, the margin earned, GGR, and what the same bets would
 * have paid at full time. TZS.
 */
export function SimulationCashOutCard({
  cashOut,
}: {
  readonly cashOut: NonNullable<SimulationReport['cashOut']>;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('simulations.cashOut.title')}>
      <Descriptions
        size="small"
        bordered
        styles={figureCells}
        column={{ xs: 1, sm: 2 }}
        data-testid="simulation-cash-out"
      >
        <Descriptions.Item label={t('simulations.cashOut.marginPercent')}>
          {cashOut.marginPercent}%
        </Descriptions.Item>
        <Descriptions.Item label={t('simulations.cashOut.cashOuts')}>{cashOut.cashOuts}</Descriptions.Item>
        <Descriptions.Item label={t('simulations.cashOut.stakes')}>
          {formatTzs(cashOut.stakes)}
        </Descriptions.Item>
        <Descriptions.Item label={t('simulations.cashOut.valuePaid')}>
          {formatTzs(cashOut.valuePaid)}
        </Descriptions.Item>
        <Descriptions.Item label={t('simulations.cashOut.fairValue')}>
          {formatTzs(cashOut.fairValue)}
        </Descriptions.Item>
        <Descriptions.Item label={t('simulations.cashOut.marginEarned')}>
          {formatTzs(cashOut.marginEarned)}
        </Descriptions.Item>
        <Descriptions.Item label={t('simulations.col.ggr')}>{formatTzs(cashOut.ggr)}</Descriptions.Item>
        <Descriptions.Item label={t('simulations.col.withholdingTax')}>
          {formatTzs(cashOut.withholdingTax)}
        </Descriptions.Item>
        <Descriptions.Item label={t('simulations.cashOut.wouldHavePaid')}>
          {formatTzs(cashOut.wouldHavePaid)}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

type SimulationRacing = NonNullable<SimulationReport['racing']>;
type RacingBetTypeRow = SimulationRacing['byBetType'][number];
type RacingWin = SimulationRacing['largestWins'][number];

/**
 * A run's virtual racing (docs/simulations.md "Virtual racing"), in racing coin: rounds, orders, handle,
 * gross payout, GGR, hold, RTP, racing tax, coin bought and sold back with the exchange tax; per bet type
 * the odds, the measured RTP next to the exact one; the largest racing wins. TZS.
 */
export function SimulationRacingCard({ racing }: { readonly racing: SimulationRacing }) {
  const { t } = useTranslation();
  const typeName = (code: number) => `${code} ${t(`simulations.racing.type${code}`)}`;
  return (
    <Card size="small" title={t('simulations.racing.title')}>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} data-testid="simulation-racing">
        <Descriptions.Item label={t('simulations.racing.rounds')}>
          {racing.rounds} ({t('simulations.racing.roundsPerDay', { count: racing.roundsPerDay })})
        </Descriptions.Item>
        <Descriptions.Item label={t('simulations.racing.orders')}>{racing.orders}</Descriptions.Item>
        <Descriptions.Item label={t('simulations.col.handle')}>{formatTzs(racing.handle)}</Descriptions.Item>
        <Descriptions.Item label={t('simulations.col.grossPayout')}>
          {formatTzs(racing.grossPayout)}
        </Descriptions.Item>
        <Descriptions.Item label={t('simulations.col.ggr')}>{formatTzs(racing.ggr)}</Descriptions.Item>
        <Descriptions.Item label={t('simulations.col.hold')}>{percent(racing.hold)}</Descriptions.Item>
        <Descriptions.Item label={t('simulations.col.rtp')}>{percent(racing.rtp)}</Descriptions.Item>
        <Descriptions.Item label={`${t('simulations.racing.tax')} (${racing.taxRatePercent}%)`}>
          {formatTzs(racing.withholdingTax)}
        </Descriptions.Item>
        <Descriptions.Item label={t('simulations.racing.coinBought')}>
          {formatTzs(racing.coinBought)}
        </Descriptions.Item>
        <Descriptions.Item label={t('simulations.racing.coinSold')}>
          {formatTzs(racing.coinSold)}
        </Descriptions.Item>
        <Descriptions.Item
          label={`${t('simulations.racing.exchangeTax')} (${racing.convertTaxRatePercent}%)`}
        >
          {formatTzs(racing.exchangeTax)}
        </Descriptions.Item>
        <Descriptions.Item label={t('simulations.racing.coinHeldAtEnd')}>
          {formatTzs(racing.coinHeldAtEnd)}
        </Descriptions.Item>
        <Descriptions.Item label={t('simulations.racing.tenOfTen')}>
          {racing.tenOfTenTickets} ({formatTzs(racing.poolPaid)})
        </Descriptions.Item>
      </Descriptions>
      <Table<RacingBetTypeRow>
        size="small"
        rowKey="betType"
        pagination={false}
        dataSource={[...racing.byBetType]}
        scroll={{ x: 'max-content' }}
        data-testid="simulation-racing-types"
        style={{ marginTop: 8 }}
        columns={[
          { key: 'type', title: t('simulations.racing.betType'), render: (_, r) => typeName(r.betType) },
          {
            key: 'odds',
            title: t('simulations.racing.odds'),
            align: 'right',
            render: (_, r) => r.odds ?? t('simulations.racing.prizeTable'),
          },
          { key: 'orders', title: t('simulations.racing.orders'), align: 'right', dataIndex: 'orders' },
          tzsColumn<RacingBetTypeRow>('handle', t('simulations.col.handle'), (r) => r.handle),
          tzsColumn<RacingBetTypeRow>('gross', t('simulations.col.grossPayout'), (r) => r.grossPayout),
          tzsColumn<RacingBetTypeRow>('ggr', t('simulations.col.ggr'), (r) => r.ggr),
          {
            key: 'rtp',
            title: t('simulations.racing.measuredRtp'),
            align: 'right',
            render: (_, r) => percent(r.rtp),
          },
          {
            key: 'exact',
            title: t('simulations.racing.exactRtp'),
            align: 'right',
            render: (_, r) => percent(r.exactRtp + r.exactPoolRtp),
          },
        ]}
      />
      <Table<RacingWin>
        size="small"
        rowKey="betId"
        pagination={false}
        dataSource={[...racing.largestWins]}
        scroll={{ x: 'max-content' }}
        title={() => t('simulations.racing.largestWins')}
        columns={[
          { key: 'bet', title: t('simulations.racing.order'), dataIndex: 'betId' },
          { key: 'type', title: t('simulations.racing.betType'), render: (_, w) => typeName(w.betType) },
          tzsColumn<RacingWin>('amount', t('simulations.racing.amount'), (w) => w.amount),
          tzsColumn<RacingWin>('gross', t('simulations.col.grossPayout'), (w) => w.grossPayout),
          tzsColumn<RacingWin>('credited', t('simulations.col.credited'), (w) => w.credited),
          { key: 'desc', title: t('simulations.racing.picks'), dataIndex: 'description' },
        ]}
      />
    </Card>
  );
}

/** Two runs side by side: totals and their difference (B − A), and RTP per market type of both. */
export function SimulationCompareView({
  a,
  b,
}: {
  readonly a: SimulationReport;
  readonly b: SimulationReport;
}) {
  const { t } = useTranslation();
  const rows = [
    {
      key: 'bets',
      a: String(a.summary.totals.bets),
      b: String(b.summary.totals.bets),
      d: String(b.summary.totals.bets - a.summary.totals.bets),
    },
    ...MONEY.map((key) => ({
      key,
      a: formatTzs(a.summary.totals[key]),
      b: formatTzs(b.summary.totals[key]),
      d: formatTzs(b.summary.totals[key] - a.summary.totals[key]),
    })),
    {
      key: 'operatorGgrTax',
      a: formatTzs(a.operatorGgrTax),
      b: formatTzs(b.operatorGgrTax),
      d: formatTzs(b.operatorGgrTax - a.operatorGgrTax),
    },
    ...RATIOS.map((key) => ({
      key,
      a: percent(a.summary.totals[key]),
      b: percent(b.summary.totals[key]),
      d: percent(b.summary.totals[key] - a.summary.totals[key]),
    })),
    // Virtual racing side by side when either run had it (racing coin; not in the football totals).
    ...(a.racing || b.racing
      ? [
          ...(['handle', 'grossPayout', 'ggr', 'withholdingTax'] as const).map((key) => ({
            key: `racing.${key}`,
            a: a.racing ? formatTzs(a.racing[key]) : '—',
            b: b.racing ? formatTzs(b.racing[key]) : '—',
            d: a.racing && b.racing ? formatTzs(b.racing[key] - a.racing[key]) : '—',
          })),
          {
            key: 'racing.rtp',
            a: a.racing ? percent(a.racing.rtp) : '—',
            b: b.racing ? percent(b.racing.rtp) : '—',
            d: a.racing && b.racing ? percent(b.racing.rtp - a.racing.rtp) : '—',
          },
        ]
      : []),
  ];
  const label = (key: string) =>
    key.startsWith('racing.')
      ? `${t('simulations.racing.title')} · ${t(`simulations.col.${key.slice('racing.'.length)}`)}`
      : key === 'operatorGgrTax'
        ? t('simulations.operatorGgrTax')
        : t(`simulations.col.${key}`);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="simulation-compare">
      <Table
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={rows}
        columns={[
          { key: 'key', title: '', render: (_, r) => label(r.key) },
          { key: 'a', title: `A · ${a.summary.name}`, dataIndex: 'a', align: 'right' },
          { key: 'b', title: `B · ${b.summary.name}`, dataIndex: 'b', align: 'right' },
          { key: 'd', title: `${t('simulations.difference')} (B − A)`, dataIndex: 'd', align: 'right' },
        ]}
      />
      <RtpChart
        title={t('simulations.byMarketType')}
        series={[
          { name: `A · ${a.summary.name}`, color: COLORS.a, groups: a.byMarketType },
          { name: `B · ${b.summary.name}`, color: COLORS.b, groups: b.byMarketType },
        ]}
      />
    </Space>
  );
}

function WhatIf({ run }: { readonly run: SimulationReport }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [picked, setPicked] = useState<string | null>(run.summary.comparedWith ?? null);
  const [{ data: list }] = useQuery({ query: SimulationRunsDocument });
  const [{ data, error }] = useQuery({
    query: SimulationRunDocument,
    variables: { runId: picked ?? '' },
    pause: picked === null,
  });
  const others = (list?.simulationRuns ?? []).filter((r) => r.runId !== run.summary.runId);
  return (
    <Card size="small" title={t('simulations.whatIf')}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Select
          style={{ minWidth: 320 }}
          placeholder={t('simulations.pickRun')}
          value={picked}
          onChange={(value: string) => setPicked(value)}
          options={others.map((r) => ({
            value: r.runId,
            label: `${r.name} (${r.seed}) · ${formatEat(r.keptAt)}`,
          }))}
        />
        {error && <Alert type="error" showIcon title={errorText(error)} />}
        {data?.simulationRun && <SimulationCompareView a={run} b={data.simulationRun} />}
      </Space>
    </Card>
  );
}

/** One kept run (`#/simulations/:runId`). */
export function SimulationRunPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { runId = '' } = useParams();
  const [{ data, error }] = useQuery({ query: SimulationRunDocument, variables: { runId } });
  if (error) return <Alert type="error" showIcon title={errorText(error)} />;
  if (!data) return null;
  if (!data.simulationRun)
    return <Alert type="warning" showIcon title={t('simulations.notFound', { runId })} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <SimulationReportView run={data.simulationRun} />
      <WhatIf run={data.simulationRun} />
    </Space>
  );
}
