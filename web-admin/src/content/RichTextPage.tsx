/**
 * Rich-text pages (spec §2 /rich_text?type=, /help, /privacy_policy, responsible gambling;
 * docs/content.md): one page per slug and language, with an optional spec type number unique per
 * language (CONFLICT otherwise). Saving a slug and language creates or replaces its page; a page missing
 * in a language falls back to sw, then en-US, on the player site.
 */
import { AutoComplete, Form, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { ActionModal } from '../components/ActionModal.tsx';
import { DeleteButton } from './DeleteButton.tsx';
import { zodRule } from '../components/forms.ts';
import { formatEat } from '../components/format.ts';
import {
  ContentDeleteRichTextPageDocument,
  ContentRichTextPagesDocument,
  ContentSaveRichTextPageDocument,
  type ContentRichTextFieldsFragment,
  type RichTextPageInput,
} from '../graphql/generated.ts';
import { CONTENT_LANGUAGES, pageTypeSchema, slugSchema } from './rules.ts';

/** Lists refetch after a mutation answering a RichTextPage (urql document cache). */
const CONTEXT = { additionalTypenames: ['RichTextPage'] };

/** The pages the site links to (seeded; docs/content.md "Seed"), with their spec type numbers. */
export const KNOWN_SLUGS: readonly { slug: string; type: number | null }[] = [
  { slug: 'privacy-policy', type: null },
  { slug: 'help', type: null },
  { slug: 'terms', type: null },
  { slug: 'responsible-gambling', type: 33 },
  { slug: 'string-rewards', type: 8 },
];

type PageValues = Partial<RichTextPageInput>;

function PageFields({ fixed }: { readonly fixed?: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <>
      <Space wrap align="start">
        <Form.Item name="slug" label={t('contentAdmin.slug')} rules={[zodRule(slugSchema, t)]}>
          <AutoComplete
            style={{ width: 220 }}
            disabled={fixed}
            options={KNOWN_SLUGS.map(({ slug }) => ({
              value: slug,
              label: `${slug} — ${t(`contentAdmin.slugs.${slug}`)}`,
            }))}
            onSelect={(slug: string) => {
              const known = KNOWN_SLUGS.find((k) => k.slug === slug);
              if (known && form.getFieldValue('type') == null) form.setFieldValue('type', known.type);
            }}
          />
        </Form.Item>
        <Form.Item
          name="language"
          label={t('contentAdmin.language')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <Select
            style={{ width: 160 }}
            disabled={fixed}
            options={CONTENT_LANGUAGES.map((value) => ({ value, label: t(`language.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="type" label={t('contentAdmin.pageType')} rules={[zodRule(pageTypeSchema, t)]}>
          <InputNumber min={1} max={999} />
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
        rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
      >
        <Input.TextArea rows={14} />
      </Form.Item>
    </>
  );
}

const inputOf = (values: PageValues): RichTextPageInput => ({
  slug: (values.slug ?? '').trim(),
  type: values.type ?? null,
  language: values.language ?? 'sw',
  title: values.title ?? '',
  body: values.body ?? '',
});

export function RichTextPage() {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<string>('all');
  const [result, reload] = useQuery({ query: ContentRichTextPagesDocument, context: CONTEXT });
  const [, save] = useMutation(ContentSaveRichTextPageDocument);
  const [, remove] = useMutation(ContentDeleteRichTextPageDocument);
  // A saved RichTextPage refetches the list through urql's document cache (`additionalTypenames` covers an
  // empty list); a delete answers a Boolean, so it reloads by itself.
  const done = <T,>(answer: { error?: T }) => answer.error;
  const deleted = <T,>(answer: { error?: T }) => {
    if (!answer.error) reload({ requestPolicy: 'network-only' });
  };
  const pages = [...(result.data?.staffRichTextPages ?? [])]
    .filter((p) => language === 'all' || p.language === language)
    .sort((a, b) => a.slug.localeCompare(b.slug) || a.language.localeCompare(b.language));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          style={{ width: 200 }}
          value={language}
          onChange={setLanguage}
          options={['all', ...CONTENT_LANGUAGES].map((value) => ({
            value,
            label: value === 'all' ? t('contentAdmin.allLanguages') : t(`language.${value}`),
          }))}
        />
        <ActionModal<PageValues>
          label={t('contentAdmin.addPage')}
          permission="content.edit"
          noReason
          button={{ type: 'primary', size: 'middle' }}
          initialValues={{ language: language === 'all' ? 'sw' : language }}
          onSubmit={async ({ reason: _reason, ...values }) => done(await save({ input: inputOf(values) }))}
        >
          <PageFields />
        </ActionModal>
      </Space>
      <Table<ContentRichTextFieldsFragment>
        size="small"
        loading={result.fetching}
        rowKey={(p) => `${p.slug}|${p.language}`}
        dataSource={pages}
        pagination={false}
        columns={[
          {
            key: 'slug',
            title: t('contentAdmin.slug'),
            render: (_, p) => (
              <Space orientation="vertical" size={0}>
                <code>{p.slug}</code>
                {KNOWN_SLUGS.some((k) => k.slug === p.slug) && (
                  <span style={{ color: '#888' }}>{t(`contentAdmin.slugs.${p.slug}`)}</span>
                )}
              </Space>
            ),
          },
          { key: 'type', title: t('contentAdmin.pageType'), render: (_, p) => p.type ?? '—' },
          {
            key: 'language',
            title: t('contentAdmin.language'),
            render: (_, p) => <Tag>{t(`language.${p.language}`)}</Tag>,
          },
          { key: 'title', title: t('contentAdmin.titleColumn'), dataIndex: 'title' },
          { key: 'updatedAt', title: t('common.time'), render: (_, p) => formatEat(p.updatedAt) },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, p) => (
              <Space>
                <ActionModal<PageValues>
                  label={t('common.edit')}
                  permission="content.edit"
                  noReason
                  initialValues={p}
                  onSubmit={async ({ reason: _reason, ...values }) =>
                    done(await save({ input: inputOf({ ...values, slug: p.slug, language: p.language }) }))
                  }
                >
                  <PageFields fixed />
                </ActionModal>
                <DeleteButton
                  onConfirm={async () => deleted(await remove({ slug: p.slug, language: p.language }))}
                />
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}
