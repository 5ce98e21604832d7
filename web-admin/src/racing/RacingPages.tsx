/**
 * Back-office racing screens (issue 19 item 4; spec §3 "Racing config", "Racing period", "Racing order"):
 * the configuration with every §3 field and the RTP of the odds recomputed as they are edited (the
 * domain's exact RTP, warning outside the configured band; decision 0017), the rounds with seed hash,
 * seed, result, orders, stakes, payouts and GGR, and the racing orders with filters; both lists export
 * CSV. The server checks the permissions again (config.edit, orders.view).
 */
import {
  exactRtp,
  rtpOutsideBand,
  rtpPercent,
  DEFAULT_RACING_CONFIG,
  type RacingBetType,
  type RacingConfig,
} from '@bashiri/domain';
import { Alert, App, Button, Card, Form, Input, InputNumber, Space, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useMutation, useQuery } from 'urql';
import { ActionModal } from '../components/ActionModal.tsx';
import { DataTable } from '../components/DataTable.tsx';
import { FilterBar } from '../components/FilterBar.tsx';
import { useErrorText } from '../components/forms.ts';
import { eatMidnight, formatEat, formatTzs } from '../components/format.ts';
import { rangeOf, useTableParams } from '../components/tableParams.ts';
import {
  RacingAdminConfigDocument,
  RacingAdminOrdersDocument,
  RacingAdminRoundsDocument,
  RacingAdminUpdateConfigDocument,
  RacingAdminVoidRoundDocument,
  type RacingAdminOrdersQuery,
  type RacingAdminRoundsQuery,
  type RacingBetType as BetTypeName,
  type RacingConfigInput,
} from '../graphql/generated.ts';
import { downloadCsv, toCsv } from '../components/csv.ts';
import { racingRoundsCsv } from './roundsCsv.ts';

const BET_TYPES: readonly BetTypeName[] = [
  'CHAMPION',
  'CHAMPION_AND_RUNNER_UP',
  'TOP_THREE',
  'ODD_EVEN',
  'BIG_SMALL',
  'LUCK_RACING',
];
const ODDS_FIELDS = [
  'champion',
  'championAndRunnerUp',
  'championAndRunnerUpAndThird',
  'singleOrDouble',
  'bigOrSmall',
] as const;
const AMOUNT_FIELDS = ['jackpotBetAmount', 'prizePool', 'minimumBetAmount', 'maxBetAmount'] as const;
const INT_FIELDS = ['periodSeconds', 'closeBeforeDrawSeconds', 'maxClockSkewSeconds'] as const;

interface ConfigForm extends Record<string, unknown> {
  champion: string;
  championAndRunnerUp: string;
  championAndRunnerUpAndThird: string;
  singleOrDouble: string;
  bigOrSmall: string;
  jackpotBetAmount: number;
  prizePool: number;
  noBet: boolean;
  taxRate: string;
  convertTaxRate: string;
  minimumBetAmount: number;
  maxBetAmount: number;
  highestProfit: number | null;
  periodSeconds: number;
  closeBeforeDrawSeconds: number;
  maxClockSkewSeconds: number;
  rtpBandMin: number;
  rtpBandMax: number;
}

/** The RTP rows of the odds being edited (exact, from the domain), with the band check. */
const liveRtp = (values: Partial<ConfigForm>, band: { min: number; max: number }) => {
  const valid = (odds: unknown) => typeof odds === 'string' && /^\d{1,7}(\.\d{1,4})?$/.test(odds);
  const config: RacingConfig = {
    ...DEFAULT_RACING_CONFIG,
    ...Object.fromEntries(ODDS_FIELDS.filter((f) => valid(values[f])).map((f) => [f, values[f]])),
    jackpotBetAmount: Number(values.jackpotBetAmount) || DEFAULT_RACING_CONFIG.jackpotBetAmount,
    prizePool: Number(values.prizePool) || 0,
  };
  return BET_TYPES.map((name, i) => {
    const row = exactRtp((i + 1) as RacingBetType, config);
    const total =
      i === 5
        ? {
            num: row.rtp.num.times(row.poolRtp.den).plus(row.poolRtp.num.times(row.rtp.den)),
            den: row.rtp.den.times(row.poolRtp.den),
          }
        : row.rtp;
    return {
      betType: name,
      odds: row.odds,
      chance: `${row.winningChance.num.toFixed(0)}/${row.winningChance.den.toFixed(0)}`,
      rtp: rtpPercent(row.rtp, 4),
      pool: rtpPercent(row.poolRtp, 4),
      outside: rtpOutsideBand(total, band),
    };
  });
};

/** `#/racing-config`: every racing field, the schedule, and the live RTP table. */
export function RacingConfigPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<ConfigForm>();
  const [{ data, fetching }] = useQuery({ query: RacingAdminConfigDocument });
  const [saving, save] = useMutation(RacingAdminUpdateConfigDocument);
  const [error, setError] = useState<string | null>(null);
  const values = Form.useWatch([], form) as Partial<ConfigForm> | undefined;
  const config = data?.racingConfig;
  useEffect(() => {
    if (config) form.setFieldsValue({ ...config, noBet: config.noBet === 1 } as ConfigForm);
  }, [config, form]);
  const band = {
    min: Number(values?.rtpBandMin ?? config?.rtpBandMin ?? 85),
    max: Number(values?.rtpBandMax ?? config?.rtpBandMax ?? 99),
  };
  const rows = liveRtp(values ?? (config as unknown as Partial<ConfigForm>) ?? {}, band);
  const submit = async (v: ConfigForm) => {
    const input: RacingConfigInput = {
      ...Object.fromEntries(ODDS_FIELDS.map((f) => [f, v[f]])),
      ...Object.fromEntries(AMOUNT_FIELDS.map((f) => [f, Number(v[f])])),
      ...Object.fromEntries(INT_FIELDS.map((f) => [f, Number(v[f])])),
      noBet: v.noBet ? 1 : 0,
      taxRate: String(v.taxRate),
      convertTaxRate: String(v.convertTaxRate),
      rtpBandMin: Number(v.rtpBandMin),
      rtpBandMax: Number(v.rtpBandMax),
      ...(v.highestProfit ? { highestProfit: Number(v.highestProfit) } : { clearHighestProfit: true }),
    };
    const result = await save({ input });
    if (result.error) {
      setError(errorText(result.error));
      return;
    }
    setError(null);
    void message.success(t('racing.saved'));
  };
  const columns: ColumnsType<(typeof rows)[number]> = [
    { key: 'type', title: t('racing.cols.betType'), render: (_, r) => t(`racing.betTypes.${r.betType}`) },
    { key: 'odds', title: t('racing.cols.odds'), render: (_, r) => r.odds ?? '—' },
    { key: 'chance', title: t('racing.cols.chance'), dataIndex: 'chance' },
    {
      key: 'rtp',
      title: t('racing.cols.rtp'),
      render: (_, r) => (
        <Typography.Text type={r.outside ? 'danger' : undefined}>
          {r.rtp}%{r.pool !== '0.0000' ? ` + ${r.pool}%` : ''}
        </Typography.Text>
      ),
    },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Title level={3}>{t('racing.configTitle')}</Typography.Title>
      {config && (
        <Typography.Text type="secondary">
          {t('racing.updated', { at: formatEat(config.updatedAt), by: config.updatedBy })}
        </Typography.Text>
      )}
      {error && <Alert type="error" message={error} showIcon />}
      <Card loading={fetching && !config}>
        <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 640 }}>
          {ODDS_FIELDS.map((f) => (
            <Form.Item key={f} name={f} label={t(`racing.fields.${f}`)} rules={[{ required: true }]}>
              <Input inputMode="decimal" />
            </Form.Item>
          ))}
          {AMOUNT_FIELDS.map((f) => (
            <Form.Item key={f} name={f} label={t(`racing.fields.${f}`)} rules={[{ required: true }]}>
              <InputNumber min={0} step={100} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          ))}
          <Form.Item name="highestProfit" label={t('racing.fields.highestProfit')}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          {(['taxRate', 'convertTaxRate'] as const).map((f) => (
            <Form.Item key={f} name={f} label={t(`racing.fields.${f}`)} rules={[{ required: true }]}>
              <Input inputMode="decimal" />
            </Form.Item>
          ))}
          {INT_FIELDS.map((f) => (
            <Form.Item key={f} name={f} label={t(`racing.fields.${f}`)} rules={[{ required: true }]}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          ))}
          {(['rtpBandMin', 'rtpBandMax'] as const).map((f) => (
            <Form.Item key={f} name={f} label={t(`racing.fields.${f}`)} rules={[{ required: true }]}>
              <InputNumber min={0} max={1000} style={{ width: '100%' }} />
            </Form.Item>
          ))}
          <Form.Item name="noBet" label={t('racing.fields.noBet')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Card size="small" title={t('racing.rtpTitle')}>
            {rows.some((r) => r.outside) && (
              <Alert
                type="warning"
                showIcon
                message={t('racing.rtpWarning', { min: band.min, max: band.max })}
                style={{ marginBottom: 8 }}
              />
            )}
            <Table rowKey="betType" size="small" pagination={false} columns={columns} dataSource={rows} />
          </Card>
          <Button type="primary" htmlType="submit" loading={saving.fetching} style={{ marginTop: 16 }}>
            {t('racing.save')}
          </Button>
        </Form>
      </Card>
    </Space>
  );
}

type Round = RacingAdminRoundsQuery['racingRounds']['items'][number];
type Order = RacingAdminOrdersQuery['racingOrders']['items'][number];

/** Fetches every page (50 a page, at most 2,000 rows) of a list for its CSV. */
const usePages =
  () =>
  async <Row,>(fetchPage: (page: number) => Promise<{ items: readonly Row[]; total: number } | null>) => {
    const rows: Row[] = [];
    for (let page = 1; page <= 40; page++) {
      const answer = await fetchPage(page);
      if (!answer) break;
      rows.push(...answer.items);
      if (rows.length >= answer.total || answer.items.length === 0) break;
    }
    return { rows };
  };

/** `#/racing-rounds`: rounds with seed hash, seed, result, orders, stakes, payouts and GGR. */
export function RacingRoundsPage() {
  const { t } = useTranslation();
  const client = useClient();
  const pages = usePages();
  const [, voidRound] = useMutation(RacingAdminVoidRoundDocument);
  // A voided round: the table asks again (its key changes).
  const [version, setVersion] = useState(0);
  const columns: ColumnsType<Round> = [
    { key: 'id', title: t('racing.cols.round'), render: (_, r) => r.period.id },
    { key: 'draw', title: t('racing.cols.draw'), render: (_, r) => formatEat(r.period.drawTime) },
    {
      key: 'hash',
      title: t('racing.cols.hash'),
      render: (_, r) => (
        <Typography.Text code copyable>
          {r.period.seedHash.slice(0, 16)}…
        </Typography.Text>
      ),
    },
    {
      key: 'seed',
      title: t('racing.cols.seed'),
      render: (_, r) =>
        r.period.seed ? (
          <Typography.Text copyable={{ text: r.period.seed }}>{r.period.seed.slice(0, 12)}…</Typography.Text>
        ) : (
          '—'
        ),
    },
    { key: 'result', title: t('racing.cols.result'), render: (_, r) => r.period.lotteryCombination ?? '—' },
    { key: 'phase', title: t('racing.cols.phase'), render: (_, r) => t(`racing.phases.${r.phase}`) },
    { key: 'orders', title: t('racing.cols.orders'), dataIndex: 'orders', align: 'right' },
    { key: 'staked', title: t('racing.cols.staked'), align: 'right', render: (_, r) => formatTzs(r.staked) },
    { key: 'paid', title: t('racing.cols.paid'), align: 'right', render: (_, r) => formatTzs(r.paid) },
    { key: 'tax', title: t('racing.cols.tax'), align: 'right', render: (_, r) => formatTzs(r.tax) },
    { key: 'ggr', title: t('racing.cols.ggr'), align: 'right', render: (_, r) => formatTzs(r.ggr) },
    {
      key: 'void',
      title: '',
      render: (_, r) =>
        r.period.voided ? (
          <Typography.Text type="danger" data-testid={`racing-voided-${r.period.id}`}>
            {t('racing.voided')}
            {r.voidReason ? `: ${r.voidReason}` : ''}
            {r.voidedAt ? ` (${formatEat(r.voidedAt)})` : ''}
          </Typography.Text>
        ) : r.period.seed ? null : (
          // Not drawn yet (or its draw failed): staff may void it, decision 0062.
          <ActionModal<object>
            label={t('racing.void')}
            title={t('racing.voidTitle', { id: r.period.id })}
            permission="orders.cancel"
            button={{ danger: true }}
            testId={`racing-void-${r.period.id}`}
            onSubmit={async ({ reason }) => {
              const answer = await voidRound({ roundId: r.period.id, reason });
              if (!answer.error) setVersion((v) => v + 1);
              return answer.error;
            }}
          />
        ),
    },
  ];
  const exportCsv = async () => {
    const { rows } = await pages<Round>(async (page) => {
      const answer = await client.query(RacingAdminRoundsDocument, { page, pageSize: 50 }).toPromise();
      return answer.data?.racingRounds ?? null;
    });
    downloadCsv('racing-rounds.csv', racingRoundsCsv(rows));
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Title level={3}>{t('racing.roundsTitle')}</Typography.Title>
      <DataTable
        query={RacingAdminRoundsDocument}
        variables={(p) => ({ page: p.page, pageSize: p.pageSize })}
        key={version}
        select={(d) => d.racingRounds}
        columns={columns}
        rowKey={(r) => r.period.id}
        toolbar={<Button onClick={() => void exportCsv()}>{t('racing.csv')}</Button>}
        scrollX={1250}
      />
    </Space>
  );
}

/** `#/racing-orders`: racing orders with filters (player, round, bet type, status, placed dates). */
export function RacingOrdersPage() {
  const { t } = useTranslation();
  const client = useClient();
  const pages = usePages();
  const filterOf = (f: Readonly<Record<string, string | undefined>>) => {
    const placed = rangeOf(f['placed']);
    return {
      userId: f['userId'] || null,
      roundId: f['roundId'] || null,
      betType: (f['betType'] as BetTypeName | undefined) ?? null,
      status: f['status'] ? Number(f['status']) : null,
      from: placed.from ? eatMidnight(placed.from) : null,
      to: placed.to ? new Date(Date.parse(eatMidnight(placed.to)) + 86_400_000).toISOString() : null,
    };
  };
  const [{ filters }] = useTableParams('', 10);
  const columns: ColumnsType<Order> = [
    { key: 'id', title: t('racing.cols.order'), dataIndex: 'id' },
    { key: 'user', title: t('racing.cols.user'), dataIndex: 'userId' },
    { key: 'round', title: t('racing.cols.round'), dataIndex: 'roundId' },
    { key: 'type', title: t('racing.cols.betType'), render: (_, o) => t(`racing.betTypes.${o.betType}`) },
    {
      key: 'picks',
      title: t('racing.cols.picks'),
      render: (_, o) =>
        o.positions.length ? o.positions.map((p) => p.join('/')).join(' · ') : o.options.join('/'),
    },
    { key: 'tickets', title: t('racing.cols.tickets'), dataIndex: 'tickets', align: 'right' },
    { key: 'amount', title: t('racing.cols.amount'), align: 'right', render: (_, o) => formatTzs(o.amount) },
    { key: 'odds', title: t('racing.cols.odds'), render: (_, o) => o.odds ?? '—' },
    {
      key: 'tax',
      title: t('racing.cols.tax'),
      align: 'right',
      render: (_, o) => (o.tax === null || o.tax === undefined ? '' : formatTzs(o.tax)),
    },
    {
      key: 'payout',
      title: t('racing.cols.payout'),
      align: 'right',
      render: (_, o) => (o.payout === null || o.payout === undefined ? '' : formatTzs(o.payout)),
    },
    { key: 'result', title: t('racing.cols.result'), render: (_, o) => t(`racing.results.${o.result}`) },
    { key: 'status', title: t('racing.cols.status'), render: (_, o) => t(`racing.status.${o.status}`) },
    { key: 'placed', title: t('racing.cols.placed'), render: (_, o) => formatEat(o.placedAt) },
  ];
  const exportCsv = async () => {
    const { rows } = await pages<Order>(async (page) => {
      const answer = await client
        .query(RacingAdminOrdersDocument, { filter: filterOf(filters), page, pageSize: 50 })
        .toPromise();
      return answer.data?.racingOrders ?? null;
    });
    downloadCsv(
      'racing-orders.csv',
      toCsv(
        [
          'order',
          'player',
          'round',
          'bet_type',
          'picks',
          'tickets',
          'single_amount',
          'amount',
          'odds',
          'tax_rate',
          'tax',
          'profit',
          'payout',
          'result',
          'status',
          'placed_at',
          'settled_at',
        ],
        rows.map((o) => [
          o.id,
          o.userId,
          o.roundId,
          o.betType,
          o.positions.length ? o.positions.map((p) => p.join('/')).join(' ') : o.options.join('/'),
          o.tickets,
          o.singleAmount,
          o.amount,
          o.odds,
          o.taxRate,
          o.tax,
          o.profit,
          o.payout,
          o.result,
          o.status,
          o.placedAt,
          o.settledAt,
        ]),
      ),
    );
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Title level={3}>{t('racing.ordersTitle')}</Typography.Title>
      <FilterBar
        fields={[
          { name: 'userId', label: t('racing.cols.user'), kind: 'text' },
          { name: 'roundId', label: t('racing.cols.round'), kind: 'text' },
          {
            name: 'betType',
            label: t('racing.cols.betType'),
            kind: 'select',
            options: BET_TYPES.map((b) => ({ value: b, label: t(`racing.betTypes.${b}`) })),
          },
          {
            name: 'status',
            label: t('racing.cols.status'),
            kind: 'select',
            options: [2, 3, 4].map((s) => ({ value: String(s), label: t(`racing.status.${s}`) })),
          },
          { name: 'placed', label: t('racing.cols.placed'), kind: 'dateRange' },
        ]}
      />
      <DataTable
        query={RacingAdminOrdersDocument}
        variables={(p) => ({ filter: filterOf(p.filters), page: p.page, pageSize: p.pageSize })}
        select={(d) => d.racingOrders}
        columns={columns}
        rowKey={(o) => o.id}
        toolbar={<Button onClick={() => void exportCsv()}>{t('racing.csv')}</Button>}
        scrollX={1400}
      />
    </Space>
  );
}
