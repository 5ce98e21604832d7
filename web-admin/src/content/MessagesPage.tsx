/**
 * Internal messages to players (issue 8 content: "messages to players"; unread counts on the player
 * side): the messages sent with recipients and read counts, send to chosen players, every player or each
 * new player, in the three languages, and withdraw.
 */
import { Button, Form, Input, Popconfirm, Radio, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { useCan } from '../app/staff.tsx';
import { ActionModal } from '../components/ActionModal.tsx';
import { formatEat } from '../components/format.ts';
import {
  ContentSendMessageDocument,
  ContentStaffMessagesDocument,
  ContentWithdrawMessageDocument,
  type MessageAudience,
} from '../graphql/generated.ts';
import { userIdsOf } from '../orders/rules.ts';

const LANGS = ['sw', 'enUS', 'zhCN'] as const;

interface SendValues {
  audience: MessageAudience;
  userIds?: string;
  title: Record<(typeof LANGS)[number], string | undefined>;
  body: Record<(typeof LANGS)[number], string | undefined>;
}

export function MessagesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [page, setPage] = useState(1);
  const [result, reload] = useQuery({
    query: ContentStaffMessagesDocument,
    variables: { page, pageSize: 20 },
  });
  const [, send] = useMutation(ContentSendMessageDocument);
  const [, withdraw] = useMutation(ContentWithdrawMessageDocument);
  const data = result.data?.staffMessages;
  const refresh = () => reload({ requestPolicy: 'network-only' });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ActionModal<SendValues>
        label={t('contentAdmin.send')}
        permission="messages.send"
        noReason
        button={{ type: 'primary', size: 'middle' }}
        initialValues={{ audience: 'PLAYERS' }}
        onSubmit={async (values) => {
          const answer = await send({
            input: {
              audience: values.audience,
              userIds: values.audience === 'PLAYERS' ? userIdsOf(values.userIds ?? '') : null,
              title: values.title,
              body: values.body,
            },
          });
          if (!answer.error) refresh();
          return answer.error;
        }}
      >
        <Form.Item name="audience" label={t('contentAdmin.audience')}>
          <Radio.Group
            options={(['PLAYERS', 'ALL', 'NEW_PLAYERS'] as const).map((value) => ({
              value,
              label: t(`contentAdmin.audiences.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item noStyle dependencies={['audience']}>
          {({ getFieldValue }) =>
            getFieldValue('audience') === 'PLAYERS' && (
              <Form.Item
                name="userIds"
                label={t('contentAdmin.userIds')}
                extra={t('orders.random.userIdsHint')}
                rules={[
                  {
                    validator: async (_rule, value: string | undefined) => {
                      const n = userIdsOf(value ?? '').length;
                      if (n < 1 || n > 1000) throw new Error(t('contentAdmin.userIdsRule'));
                    },
                  },
                ]}
              >
                <Input.TextArea rows={3} />
              </Form.Item>
            )
          }
        </Form.Item>
        {LANGS.map((lang) => (
          <Space key={lang} orientation="vertical" style={{ width: '100%' }} size={0}>
            <Form.Item name={['title', lang]} label={t(`contentAdmin.title.${lang}`)} rules={[{ max: 200 }]}>
              <Input />
            </Form.Item>
            <Form.Item name={['body', lang]} label={t(`contentAdmin.body.${lang}`)} rules={[{ max: 5000 }]}>
              <Input.TextArea rows={3} />
            </Form.Item>
          </Space>
        ))}
      </ActionModal>
      <Table
        size="small"
        loading={result.fetching}
        rowKey={(m) => m.id}
        dataSource={[...(data?.content ?? [])]}
        pagination={{ current: page, pageSize: 20, total: data?.count ?? 0, onChange: setPage }}
        columns={[
          { key: 'createdAt', title: t('common.time'), render: (_, m) => formatEat(m.createdAt) },
          {
            key: 'title',
            title: t('contentAdmin.titleColumn'),
            render: (_, m) => m.title.sw ?? m.title.enUS ?? m.title.zhCN ?? '',
          },
          {
            key: 'audience',
            title: t('contentAdmin.audience'),
            render: (_, m) => t(`contentAdmin.audiences.${m.audience}`),
          },
          { key: 'recipients', title: t('contentAdmin.recipients'), dataIndex: 'recipients' },
          { key: 'read', title: t('contentAdmin.readCount'), dataIndex: 'readCount' },
          { key: 'createdBy', title: t('contentAdmin.createdBy'), dataIndex: 'createdBy' },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, m) =>
              m.withdrawn ? (
                <Tag>{t('contentAdmin.withdrawn')}</Tag>
              ) : (
                can('messages.send') && (
                  <Popconfirm
                    title={t('common.areYouSure')}
                    onConfirm={async () => {
                      const answer = await withdraw({ id: m.id });
                      if (!answer.error) refresh();
                    }}
                  >
                    <Button size="small" danger>
                      {t('contentAdmin.withdraw')}
                    </Button>
                  </Popconfirm>
                )
              ),
          },
        ]}
      />
    </Space>
  );
}
