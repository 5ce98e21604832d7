/**
 * The bet configuration (spec §3 "Bet config", §9 "Admin-configurable"): stakes, odds threshold of the
 * string reward, tax, profit caps, customer-service and no-bet texts, the rolling-bet delays on mobile and
 * desktop (seconds a live bet is held and checked again before acceptance), the order warning amount (TZS;
 * stakes at or above it are flagged as large bets on the orders screen; read from the in-force version, as
 * the player-facing configuration does not carry it), the stake limits per channel (mobile and desktop
 * minimum and maximum, TZS, combined with the stakes above: the larger minimum, the smaller maximum), and
 * the string-reward tiers, each
 * change saved as a new version effective at a chosen EAT time (now when empty; never in the past), with
 * every stored version listed. The betting pause itself is on the payments screens.
 */
import { useActorName } from '../components/labels.ts';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { eatInstant } from '../audit/links.ts';
import { useErrorText, zodRule } from '../components/forms.ts';
import { formatEat, formatTzs } from '../components/format.ts';
import { ConfigBetDocument, ConfigSetBetDocument, ConfigSetTiersDocument } from '../graphql/generated.ts';
import {
  capSchema,
  channelMaximumProblem,
  channelMinimumProblem,
  channelStakeSchema,
  distinctStrings,
  liveDelaySchema,
  oddsSchema,
  stakeSchema,
  taxSchema,
  tierPercentSchema,
  tierStringsSchema,
  warningAmountSchema,
} from './rules.ts';

/** The ISO instant of an effective-time picker (read as EAT), or null for "now". */
export const effectiveOf = (value: Dayjs | null | undefined): string | null =>
  value ? eatInstant(value.format('YYYY-MM-DDTHH:mm:ss')) : null;

/** The effective-time field: empty = now; a chosen EAT time must not be in the past. */
export function EffectiveTimeItem() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="effectiveFrom"
      label={t('config.effectiveFrom')}
      extra={t('config.effectiveHint')}
      rules={[
        {
          validator: async (_rule, value: Dayjs | null | undefined) => {
            const at = effectiveOf(value);
            if (at && Date.parse(at) < Date.now() - 60_000) throw new Error(t('config.rules.past'));
          },
        },
      ]}
    >
      <DatePicker showTime allowClear placeholder={t('config.now')} />
    </Form.Item>
  );
}

interface BetValues {
  minimumBetAmount: number;
  minimumBetAmountVirtual: number;
  maxBetAmount: number;
  minStringRewardOdds: string;
  taxRatePercent: number;
  singleGameHighestProfit: number | null;
  multipleGameHighestProfit: number | null;
  customerService: string;
  liveBetDelaySecondsMobile: number;
  liveBetDelaySecondsDesktop: number;
  /** Order warning amount, TZS; null = no warning (spec §9). */
  orderWarningAmount: number | null;
  /** Stake limits per channel, TZS; null = none of its own (spec §9 min and max bet for mobile and desktop). */
  minimumBetAmountMobile: number | null;
  maximumBetAmountMobile: number | null;
  minimumBetAmountDesktop: number | null;
  maximumBetAmountDesktop: number | null;
  pausePrompt?: string;
  effectiveFrom?: Dayjs | null;
}

/** The stake-limit fields of each channel, minimum then maximum (spec §9). */
const CHANNEL_STAKES = [
  ['minimumBetAmountMobile', 'maximumBetAmountMobile'],
  ['minimumBetAmountDesktop', 'maximumBetAmountDesktop'],
] as const;

interface TierValues {
  tiers: { strings: number; cashBackPercent: number }[];
  effectiveFrom?: Dayjs | null;
}

export function BetConfigPage() {
  const { t } = useTranslation();
  const actorName = useActorName();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [result, reload] = useQuery({ query: ConfigBetDocument, requestPolicy: 'cache-and-network' });
  const [saved, save] = useMutation(ConfigSetBetDocument);
  const [tiersSaved, saveTiers] = useMutation(ConfigSetTiersDocument);
  const [form] = Form.useForm<BetValues>();
  const [tierForm] = Form.useForm<TierValues>();
  const config = result.data?.betConfig;
  // Staff only: the warning amount is on the in-force version, not on the player-facing BetConfig.
  const warningAmount = result.data?.betConfigVersions.find((v) => v.inForce)?.orderWarningAmount ?? null;
  useEffect(() => {
    if (!config) return;
    form.setFieldsValue({
      minimumBetAmount: config.minimumBetAmount,
      minimumBetAmountVirtual: config.minimumBetAmountVirtual,
      maxBetAmount: config.maxBetAmount,
      minStringRewardOdds: config.minStringRewardOdds,
      taxRatePercent: config.taxRatePercent,
      singleGameHighestProfit: config.singleGameHighestProfit ?? null,
      multipleGameHighestProfit: config.multipleGameHighestProfit ?? null,
      customerService: config.customerService,
      liveBetDelaySecondsMobile: config.liveBetDelaySecondsMobile,
      liveBetDelaySecondsDesktop: config.liveBetDelaySecondsDesktop,
      orderWarningAmount: warningAmount,
      minimumBetAmountMobile: config.minimumBetAmountMobile ?? null,
      maximumBetAmountMobile: config.maximumBetAmountMobile ?? null,
      minimumBetAmountDesktop: config.minimumBetAmountDesktop ?? null,
      maximumBetAmountDesktop: config.maximumBetAmountDesktop ?? null,
    });
    tierForm.setFieldsValue({ tiers: config.stringRewards.map((tier) => ({ ...tier })) });
  }, [config, warningAmount, form, tierForm]);

  const submit = async ({ effectiveFrom, pausePrompt, ...values }: BetValues) => {
    const answer = await save({
      input: {
        ...values,
        singleGameHighestProfit: values.singleGameHighestProfit ?? null,
        multipleGameHighestProfit: values.multipleGameHighestProfit ?? null,
        orderWarningAmount: values.orderWarningAmount ?? null,
        // Emptied = no limit of its own on that channel.
        minimumBetAmountMobile: values.minimumBetAmountMobile ?? null,
        maximumBetAmountMobile: values.maximumBetAmountMobile ?? null,
        minimumBetAmountDesktop: values.minimumBetAmountDesktop ?? null,
        maximumBetAmountDesktop: values.maximumBetAmountDesktop ?? null,
        ...(pausePrompt?.trim() ? { pausePrompt: pausePrompt.trim() } : {}),
      },
      effectiveFrom: effectiveOf(effectiveFrom),
    });
    if (!answer.error) {
      void message.success(t('common.saved'));
      reload({ requestPolicy: 'network-only' });
    }
  };

  const submitTiers = async ({ tiers, effectiveFrom }: TierValues) => {
    const answer = await saveTiers({ tiers, effectiveFrom: effectiveOf(effectiveFrom) });
    if (!answer.error) {
      void message.success(t('common.saved'));
      reload({ requestPolicy: 'network-only' });
    }
  };

  const tzsInput = <InputNumber min={0} step={100} style={{ width: 180 }} suffix="TZS" />;
  /** A channel's stake limits in the versions table, "none" for a limit it does not have. */
  const stakeRange = (minimum: number | null | undefined, maximum: number | null | undefined) =>
    [minimum, maximum].map((n) => (n == null ? t('config.noLimit') : formatTzs(n))).join(' – ');
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      {result.error && <Alert type="error" showIcon title={errorText(result.error)} />}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(420px, 1fr))', gap: 16 }}>
        <Card title={t('config.betCard')} loading={!config}>
          <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
            <Form.Item
              name="minimumBetAmount"
              label={t('config.minimumBetAmount')}
              rules={[zodRule(stakeSchema, t)]}
            >
              {tzsInput}
            </Form.Item>
            <Form.Item
              name="minimumBetAmountVirtual"
              label={t('config.minimumBetAmountVirtual')}
              rules={[zodRule(stakeSchema, t)]}
            >
              {tzsInput}
            </Form.Item>
            <Form.Item
              name="maxBetAmount"
              label={t('config.maxBetAmount')}
              dependencies={['minimumBetAmount', 'minimumBetAmountVirtual']}
              rules={[
                zodRule(stakeSchema, t),
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: number) => {
                    const floor = Math.max(
                      Number(getFieldValue('minimumBetAmount') ?? 0),
                      Number(getFieldValue('minimumBetAmountVirtual') ?? 0),
                    );
                    if (typeof value === 'number' && value < floor)
                      throw new Error(t('config.rules.maxBelowMin'));
                  },
                }),
              ]}
            >
              {tzsInput}
            </Form.Item>
            {/* One hint for the four fields: side by side, a hint under each would squeeze them. */}
            <Typography.Paragraph type="secondary">{t('config.channelStakeHint')}</Typography.Paragraph>
            {CHANNEL_STAKES.map(([minimum, maximum]) => (
              <Space key={minimum} align="start" wrap>
                <Form.Item
                  name={minimum}
                  label={t(`config.${minimum}`)}
                  dependencies={[maximum, 'maxBetAmount']}
                  rules={[
                    zodRule(channelStakeSchema, t),
                    ({ getFieldValue }) => ({
                      validator: async (_rule, value: unknown) => {
                        const problem = channelMinimumProblem(
                          value,
                          getFieldValue(maximum),
                          getFieldValue('maxBetAmount'),
                        );
                        if (problem) throw new Error(t(problem));
                      },
                    }),
                  ]}
                >
                  {tzsInput}
                </Form.Item>
                <Form.Item
                  name={maximum}
                  label={t(`config.${maximum}`)}
                  dependencies={['minimumBetAmount', 'minimumBetAmountVirtual']}
                  rules={[
                    zodRule(channelStakeSchema, t),
                    ({ getFieldValue }) => ({
                      validator: async (_rule, value: unknown) => {
                        const problem = channelMaximumProblem(value, [
                          getFieldValue('minimumBetAmount'),
                          getFieldValue('minimumBetAmountVirtual'),
                        ]);
                        if (problem) throw new Error(t(problem));
                      },
                    }),
                  ]}
                >
                  {tzsInput}
                </Form.Item>
              </Space>
            ))}
            <Form.Item
              name="minStringRewardOdds"
              label={t('config.minStringRewardOdds')}
              rules={[zodRule(oddsSchema, t)]}
            >
              <Input style={{ width: 180 }} />
            </Form.Item>
            <Form.Item
              name="taxRatePercent"
              label={t('config.taxRatePercent')}
              rules={[zodRule(taxSchema, t)]}
            >
              <InputNumber min={0} max={100} step={0.01} style={{ width: 180 }} suffix="%" />
            </Form.Item>
            <Form.Item
              name="singleGameHighestProfit"
              label={t('config.singleGameHighestProfit')}
              extra={t('config.noCapHint')}
              rules={[zodRule(capSchema, t)]}
            >
              {tzsInput}
            </Form.Item>
            <Form.Item
              name="multipleGameHighestProfit"
              label={t('config.multipleGameHighestProfit')}
              extra={t('config.noCapHint')}
              rules={[zodRule(capSchema, t)]}
            >
              {tzsInput}
            </Form.Item>
            <Form.Item
              name="orderWarningAmount"
              label={t('config.orderWarningAmount')}
              extra={t('config.orderWarningHint')}
              rules={[zodRule(warningAmountSchema, t)]}
            >
              <InputNumber min={1} step={1000} precision={0} style={{ width: 180 }} suffix="TZS" />
            </Form.Item>
            {(['liveBetDelaySecondsMobile', 'liveBetDelaySecondsDesktop'] as const).map((name) => (
              <Form.Item
                key={name}
                name={name}
                label={t(`config.${name}`)}
                extra={t('config.liveDelayHint')}
                rules={[zodRule(liveDelaySchema, t)]}
              >
                <InputNumber min={0} max={30} step={1} precision={0} style={{ width: 180 }} suffix="s" />
              </Form.Item>
            ))}
            <Form.Item name="customerService" label={t('config.customerService')} rules={[{ max: 200 }]}>
              <Input.TextArea rows={2} maxLength={200} showCount />
            </Form.Item>
            <Form.Item
              name="pausePrompt"
              label={t('config.pausePrompt')}
              extra={t('config.pausePromptHint')}
              rules={[{ max: 500 }]}
            >
              <Input.TextArea rows={2} maxLength={500} showCount />
            </Form.Item>
            <EffectiveTimeItem />
            {saved.error && (
              <Alert type="error" showIcon title={errorText(saved.error)} style={{ marginBottom: 12 }} />
            )}
            <Button type="primary" htmlType="submit" loading={saved.fetching}>
              {t('config.saveVersion')}
            </Button>
          </Form>
        </Card>
        <Card title={t('config.tiersCard')} loading={!config}>
          <Form form={tierForm} layout="vertical" onFinish={(values) => void submitTiers(values)}>
            <Form.List
              name="tiers"
              rules={[
                {
                  validator: async (_rule, tiers: { strings: number }[] | undefined) => {
                    if (tiers && !distinctStrings(tiers.filter(Boolean)))
                      throw new Error(t('config.rules.distinct'));
                  },
                },
              ]}
            >
              {(fields, { add, remove }, { errors }) => (
                <>
                  {fields.map((field) => (
                    <Space key={field.key} align="baseline" wrap>
                      <Form.Item
                        name={[field.name, 'strings']}
                        label={t('config.tierStrings')}
                        rules={[zodRule(tierStringsSchema, t)]}
                      >
                        <InputNumber min={2} max={60} style={{ width: 120 }} />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'cashBackPercent']}
                        label={t('config.tierPercent')}
                        rules={[zodRule(tierPercentSchema, t)]}
                      >
                        <InputNumber min={0} max={1000} step={0.5} style={{ width: 140 }} suffix="%" />
                      </Form.Item>
                      <MinusCircleOutlined
                        aria-label={t('common.delete')}
                        onClick={() => remove(field.name)}
                      />
                    </Space>
                  ))}
                  <Form.Item>
                    <Button
                      type="dashed"
                      icon={<PlusOutlined />}
                      onClick={() => add({ strings: 2, cashBackPercent: 0 })}
                    >
                      {t('config.addTier')}
                    </Button>
                    <Form.ErrorList errors={errors} />
                  </Form.Item>
                </>
              )}
            </Form.List>
            <EffectiveTimeItem />
            {tiersSaved.error && (
              <Alert type="error" showIcon title={errorText(tiersSaved.error)} style={{ marginBottom: 12 }} />
            )}
            <Button type="primary" htmlType="submit" loading={tiersSaved.fetching}>
              {t('config.saveVersion')}
            </Button>
          </Form>
        </Card>
      </div>
      <Card title={t('config.versions')}>
        <Table
          size="small"
          rowKey={(row) => `${row.effectiveFrom}|${row.createdAt}`}
          dataSource={[...(result.data?.betConfigVersions ?? [])]}
          scroll={{ x: 1100 }}
          columns={[
            {
              key: 'effectiveFrom',
              title: t('config.effectiveFrom'),
              render: (_, r) => (
                <Space>
                  {formatEat(r.effectiveFrom)}
                  {r.inForce && <Tag color="green">{t('config.inForce')}</Tag>}
                </Space>
              ),
            },
            {
              key: 'min',
              title: t('config.minimumBetAmount'),
              render: (_, r) => formatTzs(r.config.minimumBetAmount),
            },
            {
              key: 'minV',
              title: t('config.minimumBetAmountVirtual'),
              render: (_, r) => formatTzs(r.config.minimumBetAmountVirtual),
            },
            {
              key: 'max',
              title: t('config.maxBetAmount'),
              render: (_, r) => formatTzs(r.config.maxBetAmount),
            },
            {
              key: 'stakesMobile',
              title: t('config.stakesMobile'),
              render: (_, r) => stakeRange(r.config.minimumBetAmountMobile, r.config.maximumBetAmountMobile),
            },
            {
              key: 'stakesDesktop',
              title: t('config.stakesDesktop'),
              render: (_, r) =>
                stakeRange(r.config.minimumBetAmountDesktop, r.config.maximumBetAmountDesktop),
            },
            {
              key: 'odds',
              title: t('config.minStringRewardOdds'),
              render: (_, r) => r.config.minStringRewardOdds,
            },
            {
              key: 'tax',
              title: t('config.taxRatePercent'),
              render: (_, r) => `${r.config.taxRatePercent}%`,
            },
            {
              key: 'liveDelays',
              title: t('config.liveDelays'),
              render: (_, r) =>
                `${r.config.liveBetDelaySecondsMobile} s / ${r.config.liveBetDelaySecondsDesktop} s`,
            },
            {
              key: 'warning',
              title: t('config.orderWarningAmount'),
              render: (_, r) =>
                r.orderWarningAmount == null ? t('config.noWarning') : formatTzs(r.orderWarningAmount),
            },
            {
              key: 'tiers',
              title: t('config.tiersCard'),
              render: (_, r) =>
                r.config.stringRewards.map((tier) => `${tier.strings}:${tier.cashBackPercent}%`).join(' '),
            },
            { key: 'createdBy', title: t('config.createdBy'), render: (_, r) => actorName(r.createdBy) },
            { key: 'createdAt', title: t('config.createdAt'), render: (_, r) => formatEat(r.createdAt) },
          ]}
        />
      </Card>
    </Space>
  );
}
