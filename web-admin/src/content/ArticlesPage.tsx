/**
 * Graphic text (spec §3 "Image/text"; §2 /artcol; docs/content.md): articles with title, subtitle,
 * intro, Markdown body, picture, language, release time, sorting and visibility. The release time is
 * picked in East Africa Time and checked before sending (spec §5 "release time must be valid", §8):
 * from 2000-01-01 to one year ahead; the server answers RELEASE_TIME_INVALID otherwise. Players see an
 * article from its release on; staff see every article here, future ones marked "scheduled".
 */
import { DatePicker, Form, Input, InputNumber, Select, Space, Switch, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { eatInstant } from '../audit/links.ts';
import { ActionModal } from '../components/ActionModal.tsx';
import { DeleteButton } from './DeleteButton.tsx';
import { zodRule } from '../components/forms.ts';
import { formatEat } from '../components/format.ts';
import { sequenceSchema } from '../catalogue/rules.ts';
import {
  ContentArticlesDocument,
  ContentCreateArticleDocument,
  ContentDeleteArticleDocument,
  ContentUpdateArticleDocument,
  type ArticleInput,
  type ContentArticleFieldsFragment,
} from '../graphql/generated.ts';
import { CONTENT_LANGUAGES, releaseTimeValid } from './rules.ts';
import { UploadField } from './UploadField.tsx';

/** Lists refetch after a mutation answering a Article (urql document cache). */
const CONTEXT = { additionalTypenames: ['Article'] };

const PAGE_SIZE = 20;

interface ArticleValues {
  title?: string;
  subtitle?: string;
  intro?: string;
  body?: string;
  imageUrl?: string;
  language?: string;
  releaseTime?: Dayjs | null;
  sorting?: number;
  shown?: boolean;
}

/** The ISO instant of a release-time picker read as EAT. */
const releaseOf = (value: Dayjs): string => eatInstant(value.format('YYYY-MM-DDTHH:mm:ss'));

/** Form values of a stored article (its release time as an EAT wall clock). */
const valuesOf = (a: ContentArticleFieldsFragment): ArticleValues => ({
  ...a,
  imageUrl: a.imageUrl ?? undefined,
  releaseTime: dayjs(formatEat(a.releaseTime)),
});

const inputOf = (values: ArticleValues, before?: ContentArticleFieldsFragment): ArticleInput => {
  const release = values.releaseTime ? releaseOf(values.releaseTime) : null;
  return {
    title: values.title ?? '',
    subtitle: values.subtitle ?? '',
    intro: values.intro ?? '',
    body: values.body ?? '',
    imageUrl: values.imageUrl || null,
    language: values.language ?? null,
    // An unchanged release time is left as stored (null keeps it).
    releaseTime: before && release === new Date(before.releaseTime).toISOString() ? null : release,
    sorting: values.sorting ?? 0,
    shown: Boolean(values.shown),
  };
};

function ArticleFields({ unchanged }: { readonly unchanged?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="title"
        label={t('contentAdmin.titleColumn')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: 200 }]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="subtitle" label={t('contentAdmin.subtitle')} rules={[{ max: 200 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="intro" label={t('contentAdmin.intro')} rules={[{ max: 1000 }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Form.Item name="body" label={t('contentAdmin.bodyText')} extra={t('contentAdmin.markdownHint')}>
        <Input.TextArea rows={8} />
      </Form.Item>
      <UploadField name="imageUrl" label={t('contentAdmin.image')} kind="image" />
      <Space wrap align="start">
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
        <Form.Item
          name="releaseTime"
          label={t('contentAdmin.releaseTime')}
          extra={t('contentAdmin.releaseHint')}
          rules={[
            { required: true, message: t('validation.required') },
            {
              validator: async (_rule, value: Dayjs | null | undefined) => {
                if (!value) return;
                const iso = releaseOf(value);
                if (iso !== unchanged && !releaseTimeValid(iso))
                  throw new Error(t('codes.RELEASE_TIME_INVALID'));
              },
            },
          ]}
        >
          <DatePicker showTime format="YYYY-MM-DD HH:mm" data-testid="article-release" />
        </Form.Item>
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

export function ArticlesPage() {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [result, reload] = useQuery({
    query: ContentArticlesDocument,
    variables: { language, page, pageSize: PAGE_SIZE },
    context: CONTEXT,
  });
  const [, create] = useMutation(ContentCreateArticleDocument);
  const [, update] = useMutation(ContentUpdateArticleDocument);
  const [, remove] = useMutation(ContentDeleteArticleDocument);
  const data = result.data?.staffArticles;
  // A saved Article refetches the list through urql's document cache (`additionalTypenames` covers an
  // empty list); a delete answers a Boolean, so it reloads by itself.
  const done = <T,>(answer: { error?: T }) => answer.error;
  const deleted = <T,>(answer: { error?: T }) => {
    if (!answer.error) reload({ requestPolicy: 'network-only' });
  };
  const now = Date.now();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          style={{ width: 200 }}
          value={language ?? 'all'}
          onChange={(value) => {
            setLanguage(value === 'all' ? null : value);
            setPage(1);
          }}
          options={['all', ...CONTENT_LANGUAGES].map((value) => ({
            value,
            label: value === 'all' ? t('contentAdmin.allLanguages') : t(`language.${value}`),
          }))}
        />
        <ActionModal<ArticleValues>
          label={t('contentAdmin.addArticle')}
          permission="content.edit"
          noReason
          button={{ type: 'primary', size: 'middle' }}
          testId="article-add"
          initialValues={{
            language: language ?? 'sw',
            sorting: 0,
            shown: true,
            releaseTime: dayjs(formatEat(new Date().toISOString())),
          }}
          onSubmit={async ({ reason: _reason, ...values }) => done(await create({ input: inputOf(values) }))}
        >
          <ArticleFields />
        </ActionModal>
      </Space>
      <Table<ContentArticleFieldsFragment>
        size="small"
        loading={result.fetching}
        rowKey={(a) => a.id}
        dataSource={[...(data?.content ?? [])]}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.count ?? 0, onChange: setPage }}
        columns={[
          {
            key: 'title',
            title: t('contentAdmin.titleColumn'),
            render: (_, a) => (
              <Space orientation="vertical" size={0}>
                {a.title}
                {a.subtitle && <span style={{ color: '#888' }}>{a.subtitle}</span>}
              </Space>
            ),
          },
          {
            key: 'language',
            title: t('contentAdmin.language'),
            render: (_, a) => t(`language.${a.language}`),
          },
          {
            key: 'releaseTime',
            title: t('contentAdmin.releaseTime'),
            render: (_, a) => (
              <Space>
                {formatEat(a.releaseTime)}
                {Date.parse(a.releaseTime) > now && <Tag color="blue">{t('contentAdmin.scheduled')}</Tag>}
              </Space>
            ),
          },
          { key: 'sorting', title: t('contentAdmin.sorting'), dataIndex: 'sorting' },
          {
            key: 'shown',
            title: t('contentAdmin.shown'),
            render: (_, a) =>
              a.shown ? <Tag color="green">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>,
          },
          { key: 'updatedAt', title: t('common.time'), render: (_, a) => formatEat(a.updatedAt) },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, a) => (
              <Space>
                <ActionModal<ArticleValues>
                  label={t('common.edit')}
                  permission="content.edit"
                  noReason
                  initialValues={valuesOf(a)}
                  onSubmit={async ({ reason: _reason, ...values }) =>
                    done(await update({ id: a.id, input: inputOf(values, a) }))
                  }
                >
                  <ArticleFields unchanged={new Date(a.releaseTime).toISOString()} />
                </ActionModal>
                <DeleteButton onConfirm={async () => deleted(await remove({ id: a.id }))} />
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}
