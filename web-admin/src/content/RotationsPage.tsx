/**
 * Rotation items (docs/content.md; spec §3 Banner, §9): the notice bar (type 18), banners and pictures
 * (types 11, 15, 16, 19, image upload), the contact list (type 1), per language, sorting 0–100, shown
 * or hidden, with create, edit and delete.
 */
import { ROTATION_TYPE } from '@bashiri/domain';
import { Button, Form, Image, Input, InputNumber, Popconfirm, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { useCan } from '../app/staff.tsx';
import { ActionModal } from '../components/ActionModal.tsx';
import { zodRule } from '../components/forms.ts';
import { formatEat } from '../components/format.ts';
import { sequenceSchema } from '../catalogue/rules.ts';
import {
  ContentCreateRotationDocument,
  ContentDeleteRotationDocument,
  ContentRotationsDocument,
  ContentUpdateRotationDocument,
  type ContentRotationFieldsFragment,
  type RotationInput,
} from '../graphql/generated.ts';
import { UploadField } from './UploadField.tsx';

/** Rotation types with a number (docs/content.md). */
export const ROTATION_TYPES = [
  ROTATION_TYPE.NOTICE_BAR,
  ROTATION_TYPE.CONTACT_LIST,
  ROTATION_TYPE.SOCIAL_LINKS,
  ROTATION_TYPE.MOBILE_HOME_CAROUSEL,
  ROTATION_TYPE.DESKTOP_HOME_CAROUSEL,
  ROTATION_TYPE.PROMOTION_LIST,
  ROTATION_TYPE.PAID_PHONE_LOGOS,
] as const;
const IMAGE_TYPES = new Set<number>([11, 15, 16, 19]);

function RotationFields({ type }: { readonly type: number }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="title" label={t('contentAdmin.titleColumn')} rules={[{ max: 200 }]}>
        <Input />
      </Form.Item>
      <Form.Item
        name="note"
        label={
          type === ROTATION_TYPE.NOTICE_BAR
            ? t('contentAdmin.noticeText')
            : type === ROTATION_TYPE.CONTACT_LIST
              ? t('contentAdmin.contact')
              : t('contentAdmin.note')
        }
        rules={
          type === ROTATION_TYPE.NOTICE_BAR || type === ROTATION_TYPE.CONTACT_LIST
            ? [{ required: true, whitespace: true, message: t('validation.required') }]
            : []
        }
      >
        <Input.TextArea rows={2} />
      </Form.Item>
      {IMAGE_TYPES.has(type) && <UploadField name="imageUrl" label={t('contentAdmin.image')} kind="image" />}
      <Form.Item
        name="link"
        label={t('contentAdmin.link')}
        extra={t('contentAdmin.linkHint')}
        rules={[{ pattern: /^(\/\S*|https:\/\/\S+)?$/, message: t('contentAdmin.linkRule') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="language" label={t('contentAdmin.language')}>
        <Select
          style={{ width: 180 }}
          options={['all', 'sw', 'en-US', 'zh-CN'].map((value) => ({
            value,
            label: value === 'all' ? t('contentAdmin.allLanguages') : t(`language.${value}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="sorting" label={t('contentAdmin.sorting')} rules={[zodRule(sequenceSchema, t)]}>
        <InputNumber min={0} max={100} />
      </Form.Item>
      <Form.Item name="shown" label={t('contentAdmin.shown')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}

const inputOf = (values: RotationInput): RotationInput => ({
  title: values.title ?? '',
  note: values.note ?? '',
  imageUrl: values.imageUrl || null,
  link: values.link || null,
  language: values.language ?? 'all',
  sorting: values.sorting ?? 0,
  shown: Boolean(values.shown),
});

export function RotationsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [type, setType] = useState<number>(18);
  const [result, reload] = useQuery({ query: ContentRotationsDocument, variables: { type } });
  const [, create] = useMutation(ContentCreateRotationDocument);
  const [, update] = useMutation(ContentUpdateRotationDocument);
  const [, remove] = useMutation(ContentDeleteRotationDocument);
  const refresh = () => reload({ requestPolicy: 'network-only' });
  const done = <T,>(answer: { error?: T }) => {
    if (!answer.error) refresh();
    return answer.error;
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          style={{ width: 260 }}
          value={type}
          onChange={setType}
          options={ROTATION_TYPES.map((value) => ({
            value,
            label: `${value} ${t(`contentAdmin.types.t${value}`)}`,
          }))}
        />
        <ActionModal<RotationInput>
          label={t('common.add')}
          permission="content.edit"
          noReason
          button={{ type: 'primary', size: 'middle' }}
          initialValues={{ language: 'all', sorting: 0, shown: true }}
          onSubmit={async ({ reason: _reason, ...values }) =>
            done(await create({ input: { ...inputOf(values), type } }))
          }
        >
          <RotationFields type={type} />
        </ActionModal>
      </Space>
      <Table<ContentRotationFieldsFragment>
        size="small"
        loading={result.fetching}
        rowKey={(r) => r.id}
        dataSource={[...(result.data?.staffRotations ?? [])]}
        columns={[
          { key: 'title', title: t('contentAdmin.titleColumn'), dataIndex: 'title' },
          { key: 'note', title: t('contentAdmin.note'), dataIndex: 'note', ellipsis: true },
          {
            key: 'image',
            title: t('contentAdmin.image'),
            render: (_, r) => (r.imageUrl ? <Image src={r.imageUrl} width={80} /> : '—'),
          },
          { key: 'link', title: t('contentAdmin.link'), render: (_, r) => r.link ?? '—' },
          {
            key: 'language',
            title: t('contentAdmin.language'),
            render: (_, r) => r.language ?? t('contentAdmin.allLanguages'),
          },
          { key: 'sorting', title: t('contentAdmin.sorting'), dataIndex: 'sorting' },
          {
            key: 'shown',
            title: t('contentAdmin.shown'),
            render: (_, r) =>
              r.shown ? <Tag color="green">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>,
          },
          { key: 'clicks', title: t('contentAdmin.clicks'), dataIndex: 'clicks' },
          { key: 'updatedAt', title: t('common.time'), render: (_, r) => formatEat(r.updatedAt) },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, r) => (
              <Space>
                <ActionModal<RotationInput>
                  label={t('common.edit')}
                  permission="content.edit"
                  noReason
                  initialValues={{ ...r, language: r.language ?? 'all' }}
                  onSubmit={async ({ reason: _reason, ...values }) =>
                    done(await update({ id: r.id, input: inputOf(values) }))
                  }
                >
                  <RotationFields type={r.type} />
                </ActionModal>
                {can('content.edit') && (
                  <Popconfirm
                    title={t('common.areYouSure')}
                    onConfirm={async () => void done(await remove({ id: r.id }))}
                  >
                    <Button size="small" danger>
                      {t('common.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}
