/**
 * The site configuration (issue 8 "maintenance mode with customer-service numbers"; spec §3 "Phone area
 * code", §9 customer-service numbers and support links): the maintenance switch and its text in the
 * three languages, customer-service numbers, phone area codes and support chat links, saved as a new
 * version effective at a chosen EAT time (now when empty), with every stored version listed.
 */
import { useActorName } from '../components/labels.ts';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, Space, Switch, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { useErrorText, zodRule } from '../components/forms.ts';
import { formatEat } from '../components/format.ts';
import { ConfigSetSiteDocument, ConfigSiteDocument, type PhoneAreaCodeInput } from '../graphql/generated.ts';
import { EffectiveTimeItem, effectiveOf } from './BetConfigPage.tsx';
import { areaCodeSchema, httpsSchema, servicePhoneSchema } from './rules.ts';

interface SiteValues {
  maintenance: boolean;
  maintenanceMessage: { sw?: string; enUS?: string; zhCN?: string };
  customerServiceNumbers: string[];
  areaCodes: PhoneAreaCodeInput[];
  supportLinks: string[];
  effectiveFrom?: Dayjs | null;
}

export function SiteConfigPage() {
  const { t } = useTranslation();
  const actorName = useActorName();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [result, reload] = useQuery({ query: ConfigSiteDocument, requestPolicy: 'cache-and-network' });
  const [saved, save] = useMutation(ConfigSetSiteDocument);
  const [form] = Form.useForm<SiteValues>();
  const versions = result.data?.siteConfigVersions;
  const current = versions?.find((version) => version.inForce) ?? versions?.[0];

  useEffect(() => {
    if (!versions) return;
    form.setFieldsValue({
      maintenance: current?.maintenance ?? false,
      maintenanceMessage: {
        sw: current?.maintenanceMessage.sw ?? '',
        enUS: current?.maintenanceMessage.enUS ?? '',
        zhCN: current?.maintenanceMessage.zhCN ?? '',
      },
      customerServiceNumbers: [...(current?.customerServiceNumbers ?? [''])],
      areaCodes: (current?.areaCodes ?? []).map((code) => ({ ...code })),
      supportLinks: [...(current?.supportLinks ?? [])],
    });
  }, [versions, current, form]);

  const submit = async ({ effectiveFrom, ...values }: SiteValues) => {
    const answer = await save({
      input: {
        maintenance: values.maintenance,
        maintenanceMessage: values.maintenanceMessage,
        customerServiceNumbers: values.customerServiceNumbers.map((n) => n.trim()).filter(Boolean),
        areaCodes: (values.areaCodes ?? []).map((code) => ({ ...code, shown: Boolean(code.shown) })),
        supportLinks: (values.supportLinks ?? []).map((link) => link.trim()).filter(Boolean),
      },
      effectiveFrom: effectiveOf(effectiveFrom),
    });
    if (!answer.error) {
      void message.success(t('common.saved'));
      reload({ requestPolicy: 'network-only' });
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      {result.error && <Alert type="error" showIcon title={errorText(result.error)} />}
      <Card loading={!versions}>
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) => void submit(values)}
          style={{ maxWidth: 900 }}
        >
          <Form.Item name="maintenance" label={t('config.maintenance')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {(['sw', 'enUS', 'zhCN'] as const).map((language) => (
            <Form.Item
              key={language}
              name={['maintenanceMessage', language]}
              label={t(`config.maintenanceMessage.${language}`)}
              rules={[{ max: 500 }]}
            >
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          ))}
          <Form.List
            name="customerServiceNumbers"
            rules={[
              {
                validator: async (_rule, numbers: string[] | undefined) => {
                  const filled = (numbers ?? []).filter((n) => n?.trim());
                  if (filled.length < 1 || filled.length > 10) throw new Error(t('config.rules.numbers'));
                },
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <Form.Item label={t('config.customerServiceNumbers')}>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline">
                    <Form.Item name={field.name} rules={[zodRule(servicePhoneSchema, t)]}>
                      <Input placeholder="+255 746 000 000" style={{ width: 240 }} />
                    </Form.Item>
                    <MinusCircleOutlined aria-label={t('common.delete')} onClick={() => remove(field.name)} />
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')}>
                  {t('common.add')}
                </Button>
                <Form.ErrorList errors={errors} />
              </Form.Item>
            )}
          </Form.List>
          <Form.List name="areaCodes">
            {(fields, { add, remove }) => (
              <Form.Item label={t('config.areaCodes')}>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" wrap>
                    <Form.Item
                      name={[field.name, 'country']}
                      rules={[{ required: true, message: t('validation.required') }]}
                    >
                      <Input placeholder={t('config.country')} style={{ width: 150 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'areaCode']} rules={[zodRule(areaCodeSchema, t)]}>
                      <Input placeholder="+255" style={{ width: 90 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'flag']}>
                      <Input placeholder={t('config.flag')} style={{ width: 90 }} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'internationalName']}
                      rules={[{ required: true, message: t('validation.required') }]}
                    >
                      <Input placeholder={t('config.internationalName')} style={{ width: 150 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'shown']} valuePropName="checked">
                      <Switch checkedChildren={t('config.shown')} unCheckedChildren={t('config.hidden')} />
                    </Form.Item>
                    <MinusCircleOutlined aria-label={t('common.delete')} onClick={() => remove(field.name)} />
                  </Space>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() =>
                    add({ country: '', areaCode: '+', flag: '', internationalName: '', shown: true })
                  }
                >
                  {t('common.add')}
                </Button>
              </Form.Item>
            )}
          </Form.List>
          <Form.List name="supportLinks">
            {(fields, { add, remove }) => (
              <Form.Item label={t('config.supportLinks')}>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline">
                    <Form.Item name={field.name} rules={[zodRule(httpsSchema, t)]}>
                      <Input placeholder="https://" style={{ width: 360 }} />
                    </Form.Item>
                    <MinusCircleOutlined aria-label={t('common.delete')} onClick={() => remove(field.name)} />
                  </Space>
                ))}
                {fields.length < 3 && (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')}>
                    {t('common.add')}
                  </Button>
                )}
              </Form.Item>
            )}
          </Form.List>
          <EffectiveTimeItem />
          {saved.error && (
            <Alert type="error" showIcon title={errorText(saved.error)} style={{ marginBottom: 12 }} />
          )}
          <Button type="primary" htmlType="submit" loading={saved.fetching}>
            {t('config.saveVersion')}
          </Button>
        </Form>
      </Card>
      <Card title={t('config.versions')}>
        <Table
          size="small"
          rowKey={(row) => row.id}
          dataSource={[...(versions ?? [])]}
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
              key: 'maintenance',
              title: t('config.maintenance'),
              render: (_, r) => (r.maintenance ? <Tag color="red">{t('common.yes')}</Tag> : t('common.no')),
            },
            {
              key: 'numbers',
              title: t('config.customerServiceNumbers'),
              render: (_, r) => r.customerServiceNumbers.join(', '),
            },
            {
              key: 'areaCodes',
              title: t('config.areaCodes'),
              render: (_, r) => r.areaCodes.map((c) => c.areaCode).join(' '),
            },
            { key: 'createdBy', title: t('config.createdBy'), render: (_, r) => actorName(r.createdBy) },
            { key: 'createdAt', title: t('config.createdAt'), render: (_, r) => formatEat(r.createdAt) },
          ]}
        />
      </Card>
    </Space>
  );
}
