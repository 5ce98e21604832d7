/**
 * The casino back office's forms (issue 22 §1, §6; docs/casino.md "Back office"): add a game (antd Form
 * with zod rules, the server's `CASINO_GAME_*` field errors shown on their field), import a provider's
 * game list from an uploaded JSON or CSV file (`importCasinoGameList`) or from the provider's endpoint
 * (`importCasinoGamesFromProvider`: a URL, or the provider's configured game-list URL), and the providers: name, launch
 * URL and enabled edited, the wallet secret rotated (the new one shown once). Permission config.edit.
 */
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Typography,
  Upload,
} from 'antd';
import type { CombinedError } from '@urql/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { z } from 'zod';
import {
  CasinoAdminImportFromProviderDocument,
  CasinoAdminImportListDocument,
  CasinoAdminProvidersDocument,
  CasinoAdminRotateSecretDocument,
  CasinoAdminSaveGameDocument,
  CasinoAdminSaveProviderDocument,
  type CasinoAdminProvidersQuery,
  type CasinoGameInput,
} from '../graphql/generated.ts';
import { schemas, useErrorText, zodRule } from '../components/forms.ts';
import { gameFieldOf } from './fields.ts';

type Provider = CasinoAdminProvidersQuery['casinoProviders'][number];

/** Categories and volatilities of the catalogue (domain `CASINO_CATEGORIES`; docs/casino.md). */
const CATEGORIES = ['crash', 'instant', 'slots', 'table', 'live'] as const;
const VOLATILITIES = ['low', 'medium', 'high'] as const;

const fieldOfError = (error: CombinedError | undefined): string | undefined => {
  const f = error?.graphQLErrors[0]?.extensions?.['field'];
  return typeof f === 'string' ? f : undefined;
};

/** Zod schemas of the game form (the server validates again with the domain's `validateCasinoGame`). */
const gameSchemas = {
  id: z.string('validation.required').regex(/^[A-Za-z0-9._:-]{1,128}$/, 'casino.idInvalid'),
  rtp: z
    .string('validation.required')
    .regex(/^\d{1,3}(\.\d{1,2})?$/, 'casino.rtpInvalid')
    .refine((v) => Number(v) <= 100, 'casino.rtpInvalid'),
  stake: z.number('casino.stakeInvalid').int('casino.stakeInvalid').min(1, 'casino.stakeInvalid'),
  sortOrder: z.number('validation.required').int('validation.required'),
};

/** "Add game": a modal form creating one game of the catalogue. */
export function AddGameButton({
  providers,
  onSaved,
}: {
  providers: readonly Provider[];
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<CasinoGameInput>();
  const [{ fetching }, save] = useMutation(CasinoAdminSaveGameDocument);
  const submit = async (values: CasinoGameInput) => {
    const result = await save({ input: values });
    if (result.error) {
      const name = gameFieldOf(fieldOfError(result.error));
      if (name && name in values) form.setFields([{ name, errors: [errorText(result.error)] }]);
      else void message.error(errorText(result.error));
      return;
    }
    void message.success(t('casino.saved'));
    setOpen(false);
    form.resetFields();
    onSaved();
  };
  const required = zodRule(schemas.required, t);
  /**
   * Opens the form with the first provider chosen: the form is mounted (forceRender) before the
   * providers arrive, so its `initialValues` alone would leave the provider empty.
   */
  const openForm = () => {
    if (!form.getFieldValue('providerId')) form.setFieldValue('providerId', providers[0]?.id);
    setOpen(true);
  };
  return (
    <>
      <Button type="primary" onClick={openForm} data-testid="casino-add-game">
        {t('casino.addGame')}
      </Button>
      <Modal
        open={open}
        title={t('casino.addGame')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText={t('casino.save')}
        confirmLoading={fetching}
        width={640}
        forceRender
      >
        <Form<CasinoGameInput>
          form={form}
          layout="vertical"
          onFinish={(v) => void submit(v)}
          initialValues={{
            providerId: providers[0]?.id,
            category: 'slots',
            volatility: 'medium',
            rtpPercent: '96.00',
            minStake: 100,
            maxStake: 100_000,
            sortOrder: 100,
            visible: false,
            popular: false,
            isNew: true,
          }}
        >
          <Form.Item name="providerId" label={t('casino.provider')} rules={[required]}>
            <Select options={providers.map((p) => ({ value: p.id, label: `${p.name} (${p.id})` }))} />
          </Form.Item>
          <Form.Item name="gameId" label={t('casino.gameId')} rules={[zodRule(gameSchemas.id, t)]}>
            <Input maxLength={128} />
          </Form.Item>
          <Form.Item name="category" label={t('casino.category')} rules={[required]}>
            <Select options={CATEGORIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
          {(['nameSw', 'nameEn', 'nameZh'] as const).map((name) => (
            <Form.Item key={name} name={name} label={t(`casino.${name}`)} rules={[required]}>
              <Input maxLength={80} />
            </Form.Item>
          ))}
          <Form.Item name="thumbnail" label={t('casino.thumbnail')} rules={[required]}>
            <Input />
          </Form.Item>
          <Space wrap>
            <Form.Item name="rtpPercent" label={t('casino.rtp')} rules={[zodRule(gameSchemas.rtp, t)]}>
              <Input style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="volatility" label={t('casino.volatility')} rules={[required]}>
              <Select style={{ width: 140 }} options={VOLATILITIES.map((v) => ({ value: v, label: v }))} />
            </Form.Item>
            <Form.Item name="minStake" label={t('casino.minStake')} rules={[zodRule(gameSchemas.stake, t)]}>
              <InputNumber min={1} precision={0} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item
              name="maxStake"
              label={t('casino.maxStake')}
              dependencies={['minStake']}
              rules={[
                zodRule(gameSchemas.stake, t),
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: number) => {
                    if (typeof value === 'number' && value < Number(getFieldValue('minStake')))
                      throw new Error(t('casino.maxBelowMin'));
                  },
                }),
              ]}
            >
              <InputNumber min={1} precision={0} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item
              name="sortOrder"
              label={t('casino.sortOrder')}
              rules={[zodRule(gameSchemas.sortOrder, t)]}
            >
              <InputNumber precision={0} style={{ width: 120 }} />
            </Form.Item>
          </Space>
          <Space size="large">
            {(['visible', 'popular', 'isNew'] as const).map((name) => (
              <Form.Item key={name} name={name} label={t(`casino.${name}`)} valuePropName="checked">
                <Switch />
              </Form.Item>
            ))}
          </Space>
        </Form>
      </Modal>
    </>
  );
}

/** "Import game list": a provider's list from an uploaded JSON or CSV file, all or nothing. */
export function ImportGamesButton({
  providers,
  onSaved,
}: {
  providers: readonly Provider[];
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [form] = Form.useForm<ImportValues>();
  const source = Form.useWatch('source', form) ?? 'file';
  const providerId = Form.useWatch('providerId', form);
  const [{ fetching }, importList] = useMutation(CasinoAdminImportListDocument);
  const [{ fetching: fetchingRemote }, importRemote] = useMutation(CasinoAdminImportFromProviderDocument);
  const submit = async (values: ImportValues) => {
    let count: number;
    let error: CombinedError | undefined;
    if (values.source === 'provider') {
      // The provider's endpoint: the URL typed, else the provider's configured one (server side).
      const result = await importRemote({ providerId: values.providerId, url: values.url?.trim() || null });
      error = result.error;
      count = result.data?.importCasinoGamesFromProvider.length ?? 0;
    } else {
      if (!file) return setProblem(t('validation.required'));
      const result = await importList({
        providerId: values.providerId,
        format: values.format,
        text: file.text,
      });
      error = result.error;
      count = result.data?.importCasinoGameList.length ?? 0;
    }
    if (error) {
      const field = fieldOfError(error);
      return setProblem(`${errorText(error)}${field ? ` (${field})` : ''}`);
    }
    void message.success(t('casino.imported', { count }));
    setOpen(false);
    setFile(null);
    setProblem(null);
    onSaved();
  };
  /** Opens the form with the first provider chosen (see `AddGameButton`). */
  const openForm = () => {
    if (!form.getFieldValue('providerId')) form.setFieldValue('providerId', providers[0]?.id);
    setOpen(true);
  };
  const configuredUrl = providers.find((p) => p.id === providerId)?.gamesUrl ?? '';
  return (
    <>
      <Button onClick={openForm} data-testid="casino-import">
        {t('casino.importList')}
      </Button>
      <Modal
        open={open}
        title={t('casino.importList')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText={t('casino.importList')}
        confirmLoading={fetching || fetchingRemote}
        forceRender
      >
        <Typography.Paragraph type="secondary">{t('casino.importHelp')}</Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => void submit(v)}
          initialValues={{ providerId: providers[0]?.id, format: 'csv', source: 'file' }}
        >
          <Form.Item name="providerId" label={t('casino.provider')} rules={[zodRule(schemas.required, t)]}>
            <Select options={providers.map((p) => ({ value: p.id, label: `${p.name} (${p.id})` }))} />
          </Form.Item>
          <Form.Item name="source" label={t('casino.source')}>
            <Radio.Group
              data-testid="casino-import-source"
              options={[
                { value: 'file', label: t('casino.sourceFile') },
                { value: 'provider', label: t('casino.sourceProvider') },
              ]}
            />
          </Form.Item>
          {source === 'provider' ? (
            <Form.Item name="url" label={t('casino.providerUrl')}>
              <Input placeholder={configuredUrl} data-testid="casino-import-url" />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="format" label={t('casino.format')}>
                <Radio.Group
                  options={[
                    { value: 'csv', label: 'CSV' },
                    { value: 'json', label: 'JSON' },
                  ]}
                />
              </Form.Item>
              <Form.Item label={t('casino.file')} required>
                <Upload
                  accept=".csv,.json,text/csv,application/json"
                  maxCount={1}
                  showUploadList={false}
                  beforeUpload={async (f) => {
                    const text = await f.text();
                    setFile({ name: f.name, text });
                    setProblem(null);
                    if (/\.json$/i.test(f.name)) form.setFieldValue('format', 'json');
                    if (/\.csv$/i.test(f.name)) form.setFieldValue('format', 'csv');
                    return false;
                  }}
                >
                  <Button>{t('casino.chooseFile')}</Button>
                </Upload>
                {file && <Typography.Text style={{ marginLeft: 8 }}>{file.name}</Typography.Text>}
              </Form.Item>
            </>
          )}
        </Form>
        {problem && <Alert type="error" showIcon title={problem} />}
      </Modal>
    </>
  );
}

/** The import dialog's values: a file (format and text) or the provider's endpoint (URL, optional). */
interface ImportValues {
  providerId: string;
  source: 'file' | 'provider';
  format: 'json' | 'csv';
  url?: string;
}

/** A provider's editable fields (an empty `gamesUrl` clears it). */
interface ProviderValues {
  name: string;
  launchUrl: string;
  enabled: boolean;
  gamesUrl?: string;
}

/** The providers: edit name, launch URL, game-list URL and enabled; rotate the wallet secret (shown once). */
export function ProvidersPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [{ data, fetching }, refetch] = useQuery({ query: CasinoAdminProvidersDocument });
  const [editing, setEditing] = useState<Provider | null>(null);
  const [shown, setShown] = useState<{ provider: string; secret: string } | null>(null);
  const [form] = Form.useForm<ProviderValues>();
  const [{ fetching: saving }, save] = useMutation(CasinoAdminSaveProviderDocument);
  const [, rotate] = useMutation(CasinoAdminRotateSecretDocument);
  const submit = async (values: ProviderValues) => {
    if (!editing) return;
    const result = await save({ input: { id: editing.id, ...values, gamesUrl: values.gamesUrl ?? '' } });
    if (result.error) return void message.error(errorText(result.error));
    void message.success(t('casino.saved'));
    setEditing(null);
    refetch({ requestPolicy: 'network-only' });
  };
  const rotateSecret = async (p: Provider) => {
    const result = await rotate({ id: p.id });
    if (result.error) return void message.error(errorText(result.error));
    setShown({ provider: p.name, secret: result.data!.rotateCasinoProviderSecret.secret });
    refetch({ requestPolicy: 'network-only' });
  };
  return (
    <>
      <Typography.Title level={4}>{t('casino.providers')}</Typography.Title>
      <Table<Provider>
        rowKey="id"
        loading={fetching}
        pagination={false}
        dataSource={data?.casinoProviders ?? []}
        scroll={{ x: 800 }}
        columns={[
          { title: 'id', dataIndex: 'id' },
          { title: t('casino.providerName'), dataIndex: 'name' },
          { title: t('casino.enabled'), dataIndex: 'enabled', render: (v: boolean) => (v ? '✓' : '—') },
          { title: t('casino.launchUrl'), dataIndex: 'launchUrl' },
          { title: t('casino.gamesUrl'), dataIndex: 'gamesUrl', render: (v: string | null) => v ?? '—' },
          { title: t('casino.secret'), dataIndex: 'secretHint' },
          {
            title: '',
            key: 'actions',
            render: (_, p) => (
              <Space>
                <Button
                  size="small"
                  onClick={() => {
                    setEditing(p);
                    form.setFieldsValue({
                      name: p.name,
                      launchUrl: p.launchUrl,
                      enabled: p.enabled,
                      gamesUrl: p.gamesUrl ?? '',
                    });
                  }}
                >
                  {t('casino.edit')}
                </Button>
                <Popconfirm title={t('casino.rotateConfirm')} onConfirm={() => void rotateSecret(p)}>
                  <Button size="small" danger>
                    {t('casino.rotateSecret')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing ? `${t('casino.edit')}: ${editing.id}` : ''}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={t('casino.save')}
        confirmLoading={saving}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
          <Form.Item name="name" label={t('casino.providerName')} rules={[zodRule(schemas.required, t)]}>
            <Input maxLength={80} />
          </Form.Item>
          <Form.Item
            name="launchUrl"
            label={t('casino.launchUrl')}
            rules={[
              zodRule(
                z
                  .string('validation.required')
                  .regex(/^(https:\/\/|\/)\S*\{token\}\S*$/, 'validation.required'),
                t,
              ),
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="gamesUrl"
            label={t('casino.gamesUrl')}
            rules={[zodRule(z.string().regex(/^$|^(https?:\/\/|\/)\S*$/, 'validation.required'), t)]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="enabled" label={t('casino.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={shown !== null}
        title={shown ? t('casino.newSecret', { provider: shown.provider }) : ''}
        onCancel={() => setShown(null)}
        footer={null}
      >
        <Alert type="warning" showIcon title={t('casino.newSecretNote')} />
        <Typography.Paragraph
          copyable
          code
          style={{ marginTop: 12, wordBreak: 'break-all' }}
          data-testid="casino-new-secret"
        >
          {shown?.secret}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
