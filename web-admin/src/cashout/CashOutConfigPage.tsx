/**
 * Cash-out settings (issue 20 item 4; spec §9 "early-settlement delay"; docs/cash-out.md; decision
 * 0019 §13): on/off, margin, the early-settlement delay, the default tolerance, the minimum offer and
 * partial cash-out (TZS), the market kinds, credit-money bets. Saved as a new version effective now;
 * the server validates (BAD_CASH_OUT_CONFIG).
 */
import { Alert, App, Button, Card, Checkbox, Form, InputNumber, Select, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { useErrorText } from '../components/forms.ts';
import {
  CashOutAdminConfigDocument,
  CashOutAdminSetConfigDocument,
  type CashOutConfigInput,
  type CashOutTolerance,
} from '../graphql/generated.ts';

/** The market kinds the model prices (domain `MARKETS`). */
export const CASH_OUT_MARKETS = [
  '1x2',
  'double_chance',
  'both_teams_to_score',
  'over_under',
  'asian_handicap',
  'correct_score',
  'draw_no_bet',
] as const;
const TOLERANCES: readonly CashOutTolerance[] = ['ACCEPT_ANY', 'ACCEPT_HIGHER', 'NONE'];

export function CashOutConfigPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [result] = useQuery({ query: CashOutAdminConfigDocument, requestPolicy: 'cache-and-network' });
  const [saved, save] = useMutation(CashOutAdminSetConfigDocument);
  const [form] = Form.useForm<CashOutConfigInput>();
  const config = result.data?.cashOutConfig;
  useEffect(() => {
    if (!config) return;
    const { version: _version, ...values } = config;
    form.setFieldsValue(values);
  }, [config, form]);
  const onFinish = async (values: CashOutConfigInput) => {
    const r = await save({ input: values });
    if (!r.error) void message.success(t('cashout.saved'));
  };
  return (
    <Card title={t('cashout.title')}>
      <Typography.Paragraph type="secondary">{t('cashout.hint')}</Typography.Paragraph>
      {config ? (
        <Typography.Paragraph>{t('cashout.version', { version: config.version })}</Typography.Paragraph>
      ) : null}
      {saved.error ? <Alert type="error" title={errorText(saved.error)} showIcon /> : null}
      <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)} style={{ maxWidth: 520 }}>
        <Form.Item name="enabled" label={t('cashout.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="marginPercent" label={t('cashout.marginPercent')} rules={[{ required: true }]}>
          <InputNumber min={0} max={99.99} step={0.5} precision={2} />
        </Form.Item>
        <Form.Item name="delaySeconds" label={t('cashout.delaySeconds')} rules={[{ required: true }]}>
          <InputNumber min={0} max={30} precision={0} />
        </Form.Item>
        <Form.Item name="defaultTolerance" label={t('cashout.defaultTolerance')} rules={[{ required: true }]}>
          <Select options={TOLERANCES.map((v) => ({ value: v, label: t(`cashout.tolerance.${v}`) }))} />
        </Form.Item>
        <Form.Item name="minimumOffer" label={t('cashout.minimumOffer')} rules={[{ required: true }]}>
          <InputNumber min={1} precision={0} />
        </Form.Item>
        <Form.Item name="minimumPart" label={t('cashout.minimumPart')} rules={[{ required: true }]}>
          <InputNumber min={1} precision={0} />
        </Form.Item>
        <Form.Item name="enabledMarkets" label={t('cashout.enabledMarkets')}>
          <Checkbox.Group options={CASH_OUT_MARKETS.map((m) => ({ value: m, label: m }))} />
        </Form.Item>
        <Form.Item name="creditBets" label={t('cashout.creditBets')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saved.fetching}>
          {t('cashout.save')}
        </Button>
      </Form>
    </Card>
  );
}
