/**
 * The betting pause (spec §4 "Betting pause: no_bet, pause_prompt"): whether betting is paused, the prompt
 * players see meanwhile, and the switch (`setBettingPause`, permission config.edit; the change reaches
 * every player at once through the `bettingPause` subscription).
 */
import { Alert, App, Button, Card, Form, Input, Space, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { PaymentsBettingPauseDocument, PaymentsSetBettingPauseDocument } from '../graphql/generated.ts';
import { useErrorText } from '../components/forms.ts';

/** The betting pause screen. */
export function BettingPausePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<{ prompt: string }>();
  const [{ data, error }, refresh] = useQuery({
    query: PaymentsBettingPauseDocument,
    requestPolicy: 'network-only',
  });
  const [{ fetching }, set] = useMutation(PaymentsSetBettingPauseDocument);
  const pause = data?.bettingPause;
  useEffect(() => {
    if (pause) form.setFieldsValue({ prompt: pause.prompt });
  }, [pause, form]);

  const apply = async (paused: boolean) => {
    const prompt = (form.getFieldValue('prompt') as string | undefined) ?? '';
    const result = await set({ paused, prompt });
    if (result.error) return void message.error(errorText(result.error));
    void message.success(t('common.saved'));
    refresh({ requestPolicy: 'network-only' });
  };

  return (
    <Card
      title={t('payments.pauseTitle')}
      extra={
        pause &&
        (pause.paused ? (
          <Tag color="red">{t('payments.paused')}</Tag>
        ) : (
          <Tag color="green">{t('payments.running')}</Tag>
        ))
      }
    >
      {error && <Alert type="error" showIcon title={errorText(error)} />}
      <Form form={form} layout="vertical">
        <Form.Item name="prompt" label={t('payments.prompt')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Space>
          <Button danger type="primary" loading={fetching} onClick={() => void apply(true)}>
            {t('payments.pause')}
          </Button>
          <Button loading={fetching} onClick={() => void apply(false)}>
            {t('payments.resume')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
