/**
 * Casino screens of the back office (issue 22 §6; docs/casino.md): the game catalogue (visible, popular
 * and new switched in place; permission config.edit), the casino transactions by player, game and round
 * with the replay of a round's stored events (orders.view), and stakes, wins and GGR per game (stats.view).
 * The transactions and GGR tables download as CSV.
 */
import { Alert, App, Button, DatePicker, Modal, Space, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useClient, useMutation, useQuery } from 'urql';
import {
  CasinoAdminCatalogueDocument,
  CasinoAdminGgrDailyDocument,
  CasinoAdminGgrDocument,
  CasinoAdminProvidersDocument,
  CasinoAdminRoundEventsDocument,
  CasinoAdminSaveGameDocument,
  CasinoAdminTransactionsDocument,
  type CasinoAdminCatalogueQuery,
  type CasinoAdminGgrQuery,
  type CasinoAdminTransactionsQuery,
} from '../graphql/generated.ts';
import { DataTable } from '../components/DataTable.tsx';
import { FilterBar } from '../components/FilterBar.tsx';
import { eatDate, eatDaysBefore, eatMidnight, formatEat } from '../components/format.ts';
import { AddGameButton, ImportGamesButton, ProvidersPanel } from './CasinoForms.tsx';
import { downloadCsv as saveCsv, toCsv } from '../components/csv.ts';
import { useErrorText } from '../components/forms.ts';
import { formatTzs } from '../shared.ts';

type Game = CasinoAdminCatalogueQuery['casinoCatalogue'][number];
type Transaction = CasinoAdminTransactionsQuery['casinoTransactions']['items'][number];
type GgrRow = CasinoAdminGgrQuery['casinoGgr'][number];

/** Downloads `rows` under `header` as the CSV file `name` (the back office's one CSV rule). */
const downloadCsv = (name: string, header: readonly string[], rows: readonly (readonly unknown[])[]) =>
  saveCsv(name, toCsv(header, rows));

/** The game catalogue with its flags switchable in place. */
export function CasinoGamesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [{ data, fetching }, refetch] = useQuery({ query: CasinoAdminCatalogueDocument });
  const [providers] = useQuery({ query: CasinoAdminProvidersDocument });
  const [, save] = useMutation(CasinoAdminSaveGameDocument);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const toggle = async (game: Game, flag: 'visible' | 'popular' | 'isNew', value: boolean) => {
    const { __typename: _ignored, ...input } = game as Game & { __typename?: string };
    const result = await save({ input: { ...input, [flag]: value } });
    if (result.error) void message.error(errorText(result.error));
    else void message.success(t('casino.saved'));
  };
  const flag = (key: 'visible' | 'popular' | 'isNew') => ({
    title: t(`casino.${key}`),
    key,
    render: (_: unknown, g: Game) => (
      <Switch
        size="small"
        checked={g[key]}
        onChange={(v) => void toggle(g, key, v)}
        aria-label={t(`casino.${key}`)}
      />
    ),
  });
  const columns: ColumnsType<Game> = [
    { title: t('casino.provider'), dataIndex: 'providerId' },
    { title: t('casino.game'), dataIndex: 'gameId' },
    { title: t('casino.category'), dataIndex: 'category' },
    { title: t('casino.name'), key: 'name', render: (_, g) => `${g.nameSw} / ${g.nameEn} / ${g.nameZh}` },
    { title: t('casino.rtp'), dataIndex: 'rtpPercent' },
    {
      title: t('casino.stakeRange'),
      key: 'stakes',
      render: (_, g) => `${formatTzs(g.minStake)}–${formatTzs(g.maxStake)}`,
    },
    { title: t('casino.sortOrder'), dataIndex: 'sortOrder' },
    flag('visible'),
    flag('popular'),
    flag('isNew'),
  ];
  const providerList = providers.data?.casinoProviders ?? [];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <AddGameButton providers={providerList} onSaved={reload} />
        <ImportGamesButton providers={providerList} onSaved={reload} />
      </Space>
      <Table
        rowKey={(g) => `${g.providerId}/${g.gameId}`}
        loading={fetching}
        dataSource={data?.casinoCatalogue ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 900 }}
      />
      <ProvidersPanel />
    </Space>
  );
}

/** A round's stored events, in order. */
function RoundReplay({
  providerId,
  roundId,
  onClose,
}: {
  providerId: string;
  roundId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [{ data, fetching }] = useQuery({
    query: CasinoAdminRoundEventsDocument,
    variables: { providerId, roundId },
  });
  return (
    <Modal
      open
      title={t('casino.replayTitle', { round: roundId })}
      onCancel={onClose}
      footer={null}
      width={720}
    >
      <Table
        size="small"
        loading={fetching}
        rowKey="position"
        pagination={false}
        dataSource={data?.casinoRoundEvents ?? []}
        columns={[
          { title: '#', dataIndex: 'position', width: 50 },
          { title: t('casino.kind'), dataIndex: 'type' },
          { title: t('casino.at'), dataIndex: 'recordedAt', render: (v: string) => formatEat(v) },
          {
            title: 'data',
            dataIndex: 'data',
            render: (v: string) => <code style={{ fontSize: 11 }}>{v}</code>,
          },
        ]}
      />
    </Modal>
  );
}

/** Casino transactions by player, game and round, with replay and CSV. */
export function CasinoTransactionsPage() {
  const { t } = useTranslation();
  const [replay, setReplay] = useState<{ providerId: string; roundId: string } | null>(null);
  const client = useClient();
  const [params] = useSearchParams();
  const filter = () => ({
    userId: params.get('f.userId') || null,
    gameId: params.get('f.gameId') || null,
    roundId: params.get('f.roundId') || null,
  });
  /** The CSV of the filtered list (first 200 rows, newest first). */
  const csv = async () => {
    const result = await client
      .query(CasinoAdminTransactionsDocument, { filter: filter(), page: 1, pageSize: 200 })
      .toPromise();
    const rows = result.data?.casinoTransactions.items ?? [];
    downloadCsv(
      'casino-transactions.csv',
      [
        'at',
        'userId',
        'providerId',
        'gameId',
        'roundId',
        'transactionId',
        'kind',
        'amount',
        'movement',
        'reference',
        'outcome',
      ],
      rows.map((r) => [
        r.at,
        r.userId,
        r.providerId,
        r.gameId,
        r.roundId,
        r.transactionId,
        r.kind,
        r.amount,
        r.movement,
        r.reference,
        r.outcome,
      ]),
    );
  };
  const columns: ColumnsType<Transaction> = [
    { title: t('casino.at'), dataIndex: 'at', render: (v: string) => formatEat(v) },
    { title: t('casino.player'), dataIndex: 'userId' },
    { title: t('casino.game'), key: 'game', render: (_, r) => `${r.providerId}/${r.gameId}` },
    {
      title: t('casino.round'),
      key: 'round',
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          onClick={() => setReplay({ providerId: r.providerId, roundId: r.roundId })}
        >
          {r.roundId} · {t('casino.replay')}
        </Button>
      ),
    },
    { title: t('casino.transaction'), dataIndex: 'transactionId' },
    { title: t('casino.kind'), dataIndex: 'kind' },
    { title: t('casino.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => formatTzs(v) },
    {
      title: t('casino.movement'),
      dataIndex: 'movement',
      align: 'right',
      render: (v: number) => formatTzs(v),
    },
    { title: t('casino.reference'), dataIndex: 'reference' },
    { title: t('casino.outcome'), dataIndex: 'outcome' },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <FilterBar
        fields={[
          { name: 'userId', label: t('casino.player'), kind: 'text' },
          { name: 'gameId', label: t('casino.game'), kind: 'text' },
          { name: 'roundId', label: t('casino.round'), kind: 'text' },
        ]}
      />
      <DataTable
        query={CasinoAdminTransactionsDocument}
        variables={(p) => ({
          filter: {
            userId: p.filters.userId ?? null,
            gameId: p.filters.gameId ?? null,
            roundId: p.filters.roundId ?? null,
          },
          page: p.page,
          pageSize: p.pageSize,
        })}
        select={(d) => ({ items: d.casinoTransactions.items, total: d.casinoTransactions.total })}
        columns={columns}
        rowKey={(r) => `${r.providerId}/${r.transactionId}`}
        scrollX={1200}
        toolbar={<Button onClick={() => void csv()}>{t('casino.csv')}</Button>}
      />
      {replay && <RoundReplay {...replay} onClose={() => setReplay(null)} />}
    </Space>
  );
}

/** Chart colours of the providers' lines, in order. */
const LINE_COLOURS = ['#1677ff', '#fa8c16', '#52c41a', '#eb2f96', '#722ed1', '#13c2c2'];

/**
 * Stakes, wins and GGR over a period of East Africa Time days (default the last 30): GGR per provider
 * per day as a line chart (recharts) and a table, and per game as a table, each with CSV.
 */
export function CasinoGgrPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const today = eatDate();
  const fromDay = search.get('from') ?? eatDaysBefore(today, 29);
  const toDay = search.get('to') ?? today;
  const period = { from: eatMidnight(fromDay), to: eatMidnight(eatDaysBefore(toDay, -1)) };
  const [{ data, fetching }] = useQuery({ query: CasinoAdminGgrDocument, variables: period });
  const [daily] = useQuery({ query: CasinoAdminGgrDailyDocument, variables: period });
  const rows = data?.casinoGgr ?? [];
  const days = daily.data?.casinoGgrDaily ?? [];
  const providerIds = useMemo(() => [...new Set(days.map((d) => d.providerId))].sort(), [days]);
  /**
   * One chart point per day of the period, days without rounds included with 0 for every provider
   * (else a line would join distant days, and a single played day would draw no line at all):
   * `{ day, <providerId>: ggr, … }`. At most 400 days (the server refuses longer periods).
   */
  const chart = useMemo(() => {
    const byDay = new Map<string, Record<string, number | string>>();
    for (let day = fromDay, n = 0; day <= toDay && n < 400; day = eatDaysBefore(day, -1), n++)
      byDay.set(day, Object.fromEntries([['day', day], ...providerIds.map((id) => [id, 0])]));
    for (const d of days) {
      const point = byDay.get(d.day) ?? { day: d.day };
      point[d.providerId] = d.ggr;
      byDay.set(d.day, point);
    }
    return [...byDay.values()].sort((a, b) => String(a['day']).localeCompare(String(b['day'])));
  }, [days, providerIds, fromDay, toDay]);
  const money = (key: 'stakes' | 'wins' | 'ggr') => ({
    title: t(`casino.${key}`),
    dataIndex: key,
    align: 'right' as const,
    render: (v: number) => formatTzs(v),
  });
  const columns: ColumnsType<GgrRow> = [
    { title: t('casino.provider'), dataIndex: 'providerId' },
    { title: t('casino.game'), dataIndex: 'gameId' },
    { title: t('casino.rounds'), dataIndex: 'rounds', align: 'right' },
    money('stakes'),
    money('wins'),
    money('ggr'),
  ];
  type Day = (typeof days)[number];
  const dayColumns: ColumnsType<Day> = [
    { title: t('casino.day'), dataIndex: 'day' },
    { title: t('casino.provider'), dataIndex: 'providerId' },
    { title: t('casino.rounds'), dataIndex: 'rounds', align: 'right' },
    money('stakes'),
    money('wins'),
    money('ggr'),
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <span>{t('casino.period')}</span>
        <DatePicker.RangePicker
          value={[dayjs(fromDay), dayjs(toDay)]}
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
      </Space>
      {daily.error && <Alert type="error" showIcon title={errorText(daily.error)} />}
      <Typography.Title level={4}>{t('casino.ggrPerDay')}</Typography.Title>
      <div data-testid="casino-ggr-chart" style={{ width: '100%', height: 260 }}>
        <ResponsiveContainer width="100%" height={260}>
          <LineChart data={chart}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" fontSize={11} padding={{ left: 30, right: 40 }} />
            <YAxis fontSize={11} width={90} tickFormatter={(v: number) => formatTzs(v)} />
            <Tooltip formatter={(v) => formatTzs(Number(v))} />
            <Legend />
            {providerIds.map((id, i) => (
              <Line
                key={id}
                type="monotone"
                dataKey={id}
                name={id}
                stroke={LINE_COLOURS[i % LINE_COLOURS.length]}
                connectNulls
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <Button
        onClick={() =>
          downloadCsv(
            'casino-ggr-daily.csv',
            ['day', 'providerId', 'rounds', 'stakes', 'wins', 'ggr'],
            days.map((r) => [r.day, r.providerId, r.rounds, r.stakes, r.wins, r.ggr]),
          )
        }
      >
        {t('casino.csv')}
      </Button>
      <Table
        size="small"
        rowKey={(r) => `${r.day}/${r.providerId}`}
        loading={daily.fetching}
        dataSource={days}
        columns={dayColumns}
        pagination={{ pageSize: 31 }}
      />
      <Typography.Title level={4}>{t('casino.ggrPerGame')}</Typography.Title>
      <Button
        onClick={() =>
          downloadCsv(
            'casino-ggr.csv',
            ['providerId', 'gameId', 'rounds', 'stakes', 'wins', 'ggr'],
            rows.map((r) => [r.providerId, r.gameId, r.rounds, r.stakes, r.wins, r.ggr]),
          )
        }
      >
        {t('casino.csv')}
      </Button>
      <Table
        rowKey={(r) => `${r.providerId}/${r.gameId}`}
        loading={fetching}
        dataSource={rows}
        columns={columns}
        pagination={false}
      />
    </Space>
  );
}
