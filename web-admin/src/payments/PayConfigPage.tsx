/**
 * Deposit and withdrawal configuration (spec §2 admin "configuration (deposit/withdraw)", §3 Pay config,
 * §9 limits) and the channels (§3 Channel): every change is a new version with an effective time and a
 * reason (permission config.edit; channels channels.edit).
 */
import { Alert, Card, DatePicker, Form, Input, InputNumber, Space, Switch, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { App, Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import {
  PaymentsConfigDocument,
  PaymentsSetChannelDocument,
  PaymentsSetConfigDocument,
  type PaymentsConfigFieldsFragment,
} from '../graphql/generated.ts';
import { useCan } from '../app/staff.tsx';
import { ActionModal } from '../components/ActionModal.tsx';
import { formatEat } from '../components/format.ts';
import { schemas, useErrorText, zodRule } from '../components/forms.ts';
import { networkName } from '../components/networks.ts';

const FLAGS = [
  'tigoRecharge',
  'tigoWithdraw',
  'airtelRecharge',
  'airtelWithdraw',
  'vodacomRecharge',
  'vodacomWithdraw',
  'halotelRecharge',
  'halotelWithdraw',
  'prohibitWithdrawal',
  'whitelistOnly',
] as const;
const AMOUNTS = [
  'minimumRecharge',
  'maxRecharge',
  'minimumWithdraw',
  'maxWithdraw',
  'withdrawApprovalThreshold',
] as const;

type ConfigValues = Record<(typeof FLAGS)[number], boolean> &
  Record<(typeof AMOUNTS)[number], number> & {
    rechargeDelay: number;
    effectiveFrom?: Dayjs | null;
    reason: string;
  };

const toForm = (config: PaymentsConfigFieldsFragment): Partial<ConfigValues> => ({
  ...Object.fromEntries(FLAGS.map((key) => [key, config[key] === 1])),
  ...Object.fromEntries(AMOUNTS.map((key) => [key, config[key]])),
  rechargeDelay: config.rechargeDelay,
  effectiveFrom: null,
  reason: '',
});

function flagLabel(key: (typeof FLAGS)[number], t: (key: string) => string): string {
  const match = /^(tigo|airtel|vodacom|halotel)(Recharge|Withdraw)$/.exec(key);
  if (match)
    return `${match[1]![0]!.toUpperCase()}${match[1]!.slice(1)} — ${t(match[2] === 'Recharge' ? 'payments.recharge' : 'payments.withdraw')}`;
  return t(`payments.${key}`);
}

/** The pay config and channels screen. */
export function PayConfigPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const errorText = useErrorText();
  const [form] = Form.useForm<ConfigValues>();
  const [{ data, error }, refresh] = useQuery({ query: PaymentsConfigDocument });
  const [{ fetching }, save] = useMutation(PaymentsSetConfigDocument);
  const [, setChannel] = useMutation(PaymentsSetChannelDocument);
  const config = data?.payConfig;
  useEffect(() => {
    if (config) form.setFieldsValue(toForm(config));
  }, [config, form]);

  const submit = async (values: ConfigValues) => {
    const result = await save({
      input: {
        reason: values.reason.trim(),
        effectiveFrom: values.effectiveFrom ? values.effectiveFrom.toISOString() : null,
        rechargeDelay: values.rechargeDelay,
        ...Object.fromEntries(FLAGS.map((key) => [key, values[key] ? 1 : 0])),
        ...Object.fromEntries(AMOUNTS.map((key) => [key, values[key]])),
      },
    });
    if (result.error) return void message.error(errorText(result.error));
    void message.success(t('common.saved'));
    refresh({ requestPolicy: 'network-only' });
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {error && <Alert type="error" showIcon title={errorText(error)} />}
      {config && (
        <Card
          title={t('payments.configTitle')}
          extra={
            <Typography.Text type="secondary">
              {t('payments.version', { version: config.version, at: formatEat(config.effectiveFrom) })}
            </Typography.Text>
          }
        >
          <Form form={form} layout="vertical" onFinish={submit} disabled={!can('config.edit')}>
            <Space wrap size="large">
              {FLAGS.map((key) => (
                <Form.Item key={key} name={key} label={flagLabel(key, t)} valuePropName="checked">
                  <Switch />
                </Form.Item>
              ))}
            </Space>
            <Space wrap size="large">
              {AMOUNTS.map((key) => (
                <Form.Item
                  key={key}
                  name={key}
                  label={t(`payments.${key}`)}
                  rules={[zodRule(schemas.tzs, t)]}
                >
                  <InputNumber precision={0} min={0} step={100} style={{ width: 180 }} addonAfter="TZS" />
                </Form.Item>
              ))}
              <Form.Item
                name="rechargeDelay"
                label={t('payments.rechargeDelay')}
                rules={[zodRule(schemas.tzs, t)]}
              >
                <InputNumber precision={0} min={0} />
              </Form.Item>
            </Space>
            <Space wrap align="start" size="large">
              <Form.Item name="effectiveFrom" label={t('payments.effectiveFrom')}>
                <DatePicker showTime />
              </Form.Item>
              <Form.Item name="reason" label={t('common.reason')} rules={[zodRule(schemas.reason, t)]}>
                <Input style={{ width: 360 }} placeholder={t('common.reasonPlaceholder')} />
              </Form.Item>
            </Space>
            <Button type="primary" htmlType="submit" loading={fetching}>
              {t('common.save')}
            </Button>
          </Form>
        </Card>
      )}
      <Card title={t('payments.channels')}>
        <Table
          size="small"
          rowKey="network"
          pagination={false}
          dataSource={data?.paymentChannels ?? []}
          columns={[
            { key: 'network', title: t('payments.network'), render: (_, row) => networkName(row.network) },
            { key: 'name', title: t('payments.channelName'), dataIndex: 'name' },
            { key: 'sort', title: t('payments.sort'), dataIndex: 'sort' },
            { key: 'gateway', title: t('payments.gateway'), dataIndex: 'gatewayAddress' },
            {
              key: 'recharge',
              title: t('payments.recharge'),
              render: (_, row) => (row.rechargeEnabled ? t('common.yes') : t('common.no')),
            },
            {
              key: 'withdraw',
              title: t('payments.withdraw'),
              render: (_, row) => (row.withdrawEnabled ? t('common.yes') : t('common.no')),
            },
            {
              key: 'actions',
              title: t('common.actions'),
              render: (_, row) => (
                <ActionModal<{
                  name: string;
                  sort: number;
                  gatewayAddress: string;
                  rechargeEnabled: boolean;
                  withdrawEnabled: boolean;
                }>
                  label={t('payments.editChannel')}
                  permission="channels.edit"
                  initialValues={row}
                  onSubmit={async ({ reason, ...values }) => {
                    const error = (await setChannel({ input: { network: row.network, ...values, reason } }))
                      .error;
                    if (!error) refresh({ requestPolicy: 'network-only' });
                    return error;
                  }}
                >
                  <Form.Item
                    name="name"
                    label={t('payments.channelName')}
                    rules={[zodRule(schemas.required, t)]}
                  >
                    <Input />
                  </Form.Item>
                  <Form.Item name="sort" label={t('payments.sort')}>
                    <InputNumber precision={0} min={0} max={100} />
                  </Form.Item>
                  <Form.Item name="gatewayAddress" label={t('payments.gateway')}>
                    <Input />
                  </Form.Item>
                  <Form.Item name="rechargeEnabled" label={t('payments.recharge')} valuePropName="checked">
                    <Switch />
                  </Form.Item>
                  <Form.Item name="withdrawEnabled" label={t('payments.withdraw')} valuePropName="checked">
                    <Switch />
                  </Form.Item>
                </ActionModal>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
