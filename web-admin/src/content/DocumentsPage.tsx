/**
 * Documents (spec §2 /artcol: type 14 = rules; §7 file/obs_add "documents accept txt"; docs/content.md):
 * per type and language, a Markdown text, an uploaded text or PDF file (sent as a data URL), or both —
 * neither is refused here and by the server (DOCUMENT_EMPTY).
 */
import { Form, Input, InputNumber, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { ActionModal } from '../components/ActionModal.tsx';
import { DeleteButton } from './DeleteButton.tsx';
import { zodRule } from '../components/forms.ts';
import { formatEat } from '../components/format.ts';
import { sequenceSchema } from '../catalogue/rules.ts';
import {
  ContentCreateDocumentDocument,
  ContentDeleteDocumentDocument,
  ContentDocumentsDocument,
  ContentUpdateDocumentDocument,
  type ContentDocumentFieldsFragment,
  type DocumentInput,
} from '../graphql/generated.ts';
import { CONTENT_LANGUAGES, documentTypeSchema } from './rules.ts';
import { UploadField } from './UploadField.tsx';

/** Lists refetch after a mutation answering a Document (urql document cache). */
const CONTEXT = { additionalTypenames: ['Document'] };

/** The rules documents (spec §2 /artcol type 14). */
export const RULES_TYPE = 14;

interface DocumentValues {
  type?: number;
  title?: string;
  body?: string;
  fileUrl?: string;
  language?: string;
  sorting?: number;
  shown?: boolean;
}

const inputOf = (values: DocumentValues): DocumentInput => ({
  type: values.type ?? RULES_TYPE,
  title: values.title ?? '',
  body: values.body ?? '',
  fileUrl: values.fileUrl || null,
  language: values.language ?? null,
  sorting: values.sorting ?? 0,
  shown: Boolean(values.shown),
});

function DocumentFields() {
  const { t } = useTranslation();
  return (
    <>
      <Space wrap align="start">
        <Form.Item
          name="type"
          label={t('contentAdmin.documentType')}
          extra={t('contentAdmin.rulesType')}
          rules={[zodRule(documentTypeSchema, t)]}
        >
          <InputNumber min={1} max={99} />
        </Form.Item>
        <Form.Item
          name="language"
          label={t('contentAdmin.language')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <Select
            style={{ width: 160 }}
            options={CONTENT_LANGUAGES.map((value) => ({ value, label: t(`language.${value}`) }))}
          />
        </Form.Item>
      </Space>
      <Form.Item
        name="title"
        label={t('contentAdmin.titleColumn')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: 200 }]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="body"
        label={t('contentAdmin.bodyText')}
        extra={t('contentAdmin.markdownHint')}
        dependencies={['fileUrl']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (!value?.trim() && !(getFieldValue('fileUrl') as string | undefined)?.trim())
                throw new Error(t('codes.DOCUMENT_EMPTY'));
            },
          }),
        ]}
      >
        <Input.TextArea rows={8} />
      </Form.Item>
      <UploadField name="fileUrl" label={t('contentAdmin.file')} kind="document" />
      <Space wrap>
        <Form.Item name="sorting" label={t('contentAdmin.sorting')} rules={[zodRule(sequenceSchema, t)]}>
          <InputNumber min={0} max={100} />
        </Form.Item>
        <Form.Item name="shown" label={t('contentAdmin.shown')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
    </>
  );
}

export function DocumentsPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<number | null>(RULES_TYPE);
  const [result, reload] = useQuery({
    query: ContentDocumentsDocument,
    variables: { type },
    context: CONTEXT,
  });
  const [, create] = useMutation(ContentCreateDocumentDocument);
  const [, update] = useMutation(ContentUpdateDocumentDocument);
  const [, remove] = useMutation(ContentDeleteDocumentDocument);
  // A saved Document refetches the list through urql's document cache (`additionalTypenames` covers an
  // empty list); a delete answers a Boolean, so it reloads by itself.
  const done = <T,>(answer: { error?: T }) => answer.error;
  const deleted = <T,>(answer: { error?: T }) => {
    if (!answer.error) reload({ requestPolicy: 'network-only' });
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <span>{t('contentAdmin.documentType')}</span>
        <InputNumber
          min={1}
          max={99}
          value={type}
          placeholder={t('contentAdmin.everyType')}
          onChange={(value) => setType(typeof value === 'number' ? value : null)}
        />
        <ActionModal<DocumentValues>
          label={t('contentAdmin.addDocument')}
          permission="content.edit"
          noReason
          button={{ type: 'primary', size: 'middle' }}
          initialValues={{ type: type ?? RULES_TYPE, language: 'sw', sorting: 0, shown: true }}
          onSubmit={async ({ reason: _reason, ...values }) => done(await create({ input: inputOf(values) }))}
        >
          <DocumentFields />
        </ActionModal>
      </Space>
      <Table<ContentDocumentFieldsFragment>
        size="small"
        loading={result.fetching}
        rowKey={(d) => d.id}
        dataSource={[...(result.data?.staffDocuments ?? [])]}
        columns={[
          { key: 'type', title: t('contentAdmin.documentType'), dataIndex: 'type' },
          { key: 'title', title: t('contentAdmin.titleColumn'), dataIndex: 'title' },
          {
            key: 'language',
            title: t('contentAdmin.language'),
            render: (_, d) => t(`language.${d.language}`),
          },
          {
            key: 'file',
            title: t('contentAdmin.file'),
            render: (_, d) =>
              d.fileUrl ? (
                <Typography.Link href={d.fileUrl} target="_blank" rel="noreferrer">
                  {d.fileUrl}
                </Typography.Link>
              ) : (
                '—'
              ),
          },
          { key: 'sorting', title: t('contentAdmin.sorting'), dataIndex: 'sorting' },
          {
            key: 'shown',
            title: t('contentAdmin.shown'),
            render: (_, d) =>
              d.shown ? <Tag color="green">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>,
          },
          { key: 'updatedAt', title: t('common.time'), render: (_, d) => formatEat(d.updatedAt) },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, d) => (
              <Space>
                <ActionModal<DocumentValues>
                  label={t('common.edit')}
                  permission="content.edit"
                  noReason
                  initialValues={{ ...d, fileUrl: d.fileUrl ?? undefined }}
                  onSubmit={async ({ reason: _reason, ...values }) =>
                    done(await update({ id: d.id, input: inputOf(values) }))
                  }
                >
                  <DocumentFields />
                </ActionModal>
                <DeleteButton onConfirm={async () => deleted(await remove({ id: d.id }))} />
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}
