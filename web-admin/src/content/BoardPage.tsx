/**
 * The message board (spec §3 "Message board"; §7 message_board): what players and visitors wrote to
 * customer service, newest first, filtered by handled or not, each marked handled (or back to open) by
 * staff with `messages.send`; the handler and time are kept (audit `board_message.set_handled`).
 */
import { Button, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { useCan } from '../app/staff.tsx';
import { historyPath } from '../audit/links.ts';
import { formatEat } from '../components/format.ts';
import { ContentBoardMessagesDocument, ContentSetBoardMessageHandledDocument } from '../graphql/generated.ts';

const PAGE_SIZE = 20;
type Filter = 'open' | 'handled' | 'all';
const HANDLED: Record<Filter, boolean | null> = { open: false, handled: true, all: null };

export function BoardPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [filter, setFilter] = useState<Filter>('open');
  const [page, setPage] = useState(1);
  const [result] = useQuery({
    query: ContentBoardMessagesDocument,
    variables: { handled: HANDLED[filter], page, pageSize: PAGE_SIZE },
  });
  const [marking, mark] = useMutation(ContentSetBoardMessageHandledDocument);
  const data = result.data?.boardMessages;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Segmented<Filter>
        value={filter}
        onChange={(value) => {
          setFilter(value);
          setPage(1);
        }}
        options={(['open', 'handled', 'all'] as const).map((value) => ({
          value,
          label: t(`contentAdmin.board.${value}`),
        }))}
      />
      <Table
        size="small"
        loading={result.fetching}
        rowKey={(m) => m.id}
        dataSource={[...(data?.content ?? [])]}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.count ?? 0, onChange: setPage }}
        columns={[
          { key: 'createdAt', title: t('common.time'), render: (_, m) => formatEat(m.createdAt) },
          {
            key: 'from',
            title: t('contentAdmin.board.from'),
            render: (_, m) => (
              <Space orientation="vertical" size={0}>
                {m.name || '—'}
                {m.phone && <span>{m.phone}</span>}
                {m.email && <span>{m.email}</span>}
                {m.userId &&
                  (can('audit.view') ? (
                    <Link to={historyPath('ACCOUNT', m.userId)}>
                      {t('contentAdmin.board.player')} {m.userId}
                    </Link>
                  ) : (
                    <span>
                      {t('contentAdmin.board.player')} {m.userId}
                    </span>
                  ))}
              </Space>
            ),
          },
          {
            key: 'content',
            title: t('contentAdmin.board.content'),
            render: (_, m) => (
              <Typography.Paragraph
                style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}
                ellipsis={{ rows: 4, expandable: true }}
              >
                {m.content}
              </Typography.Paragraph>
            ),
          },
          {
            key: 'handled',
            title: t('contentAdmin.board.status'),
            render: (_, m) =>
              m.handled ? (
                <Space orientation="vertical" size={0}>
                  <Tag color="green">{t('contentAdmin.board.handledTag')}</Tag>
                  <span>
                    {m.handledBy} {formatEat(m.handledAt)}
                  </span>
                </Space>
              ) : (
                <Tag color="orange">{t('contentAdmin.board.openTag')}</Tag>
              ),
          },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, m) =>
              can('messages.send') && (
                <Button
                  size="small"
                  type={m.handled ? 'default' : 'primary'}
                  loading={marking.fetching && marking.operation?.variables.id === m.id}
                  // the list refetches by itself: urql's document cache drops results holding a BoardMessage
                  onClick={() => void mark({ id: m.id, handled: !m.handled })}
                >
                  {m.handled ? t('contentAdmin.board.reopen') : t('contentAdmin.board.markHandled')}
                </Button>
              ),
          },
        ]}
      />
    </Space>
  );
}
