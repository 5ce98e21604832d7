/**
 * "Jackpot types and matches" and "Lucky Six match list" (spec §6; issue 18 item 5): the type's terms
 * (spec §3 "Jackpot info"), upcoming catalogue matches to build an issue from (lopsided ones flagged by
 * `max_range_odds`, decision 0015), the issues with their sales, pool and settlement, and the tickets of
 * an issue with CSV export and large-prize approval. View: pool.view; create, cancel, approve: pool.edit.
 */
import { Alert, App, Button, Card, Descriptions, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import {
  PoolAdminApprovePrizeDocument,
  PoolAdminCancelIssueDocument,
  PoolAdminCandidatesDocument,
  PoolAdminCreateIssueDocument,
  PoolAdminIssuesDocument,
  PoolAdminTicketsDocument,
  PoolAdminTypesDocument,
  type PoolGame,
} from '../graphql/generated.ts';
import { downloadCsv, toCsv } from '../components/csv.ts';
import { useErrorText } from '../components/forms.ts';
import { formatEat, formatTzs } from '../components/format.ts';
import { useCan } from '../app/staff.tsx';

/** The screen of one game. */
export function PoolAdminPage({ game }: { readonly game: PoolGame }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const can = useCan();
  const [{ data: types }] = useQuery({ query: PoolAdminTypesDocument });
  const type = types?.guessingBetTypes.find((x) => x.game === game);
  const [{ data: candidates }, refreshCandidates] = useQuery({
    query: PoolAdminCandidatesDocument,
    variables: { typeId: type?.id ?? 0 },
    pause: !type || !can('pool.edit'),
  });
  const [page, setPage] = useState(1);
  const [{ data: issues, error }, refreshIssues] = useQuery({
    query: PoolAdminIssuesDocument,
    variables: { game, page, pageSize: 10 },
    requestPolicy: 'cache-and-network',
  });
  const [issueId, setIssueId] = useState<string | null>(null);
  const [{ data: tickets }, refreshTickets] = useQuery({
    query: PoolAdminTicketsDocument,
    variables: { issueId, page: 1, pageSize: 500 },
    pause: !issueId,
    requestPolicy: 'network-only',
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [, create] = useMutation(PoolAdminCreateIssueDocument);
  const [, cancel] = useMutation(PoolAdminCancelIssueDocument);
  const [, approve] = useMutation(PoolAdminApprovePrizeDocument);

  const onCreate = async () => {
    if (!type) return;
    const r = await create({ typeId: type.id, matchIds: selected });
    if (r.error) return void message.error(errorText(r.error));
    void message.success(t('poolAdmin.created', { identifier: r.data?.createPoolIssue.identifier }));
    setSelected([]);
    refreshIssues({ requestPolicy: 'network-only' });
    refreshCandidates({ requestPolicy: 'network-only' });
  };
  const onCancel = async (id: string) => {
    const r = await cancel({ issueId: id, reason });
    if (r.error) return void message.error(errorText(r.error));
    refreshIssues({ requestPolicy: 'network-only' });
  };
  const onApprove = async (ticketId: string) => {
    const r = await approve({ ticketId });
    if (r.error) return void message.error(errorText(r.error));
    refreshTickets({ requestPolicy: 'network-only' });
  };
  const ticketRows = tickets?.poolTicketsAdmin.items ?? [];
  const exportCsv = () =>
    downloadCsv(
      `${issueId}-tickets.csv`,
      toCsv(
        [
          'ticket',
          'issue',
          'user',
          'doubles',
          'lines',
          'stake',
          'status',
          'bought',
          'picks',
          'gross',
          'tax',
          'net',
        ],
        ticketRows.map((r) => [
          r.ticketId,
          r.identifier,
          r.userId,
          r.doubles,
          r.lines,
          r.stake,
          r.status,
          String(r.boughtAt),
          r.picks.map((p) => p.outcomes.join('/')).join(' '),
          r.prize?.gross ?? 0,
          r.prize?.tax ?? 0,
          r.prize?.net ?? 0,
        ]),
      ),
    );

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {error && <Alert type="error" showIcon title={errorText(error)} />}
      {type && (
        <Card title={`${type.label} (${type.identifierPrefix}) · #${type.id}`}>
          <Descriptions size="small" column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label="guess_number">{type.guessNumber}</Descriptions.Item>
            <Descriptions.Item label="max_choose">{type.maxChoose}</Descriptions.Item>
            <Descriptions.Item label="bet_amount">{formatTzs(type.betAmount)}</Descriptions.Item>
            <Descriptions.Item label="increment">{type.increment}</Descriptions.Item>
            <Descriptions.Item label="init_jackpot">{formatTzs(type.initJackpot)}</Descriptions.Item>
            <Descriptions.Item label="jackpot">{formatTzs(type.jackpot)}</Descriptions.Item>
            <Descriptions.Item label="max_add_balance">{formatTzs(type.maxAddBalance)}</Descriptions.Item>
            <Descriptions.Item label="max_range_odds">{type.maxRangeOdds}</Descriptions.Item>
            <Descriptions.Item label={t('poolAdmin.maxVoid')}>{type.maxVoid}</Descriptions.Item>
            <Descriptions.Item label={t('poolAdmin.tiers')}>
              {type.tiers
                .map((x) => `${x.hits}: ${x.proportion}${x.rewardType === 'fixed' ? ' TZS' : '%'}`)
                .join(' · ')}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      {type && can('pool.edit') && (
        <Card
          title={t('poolAdmin.candidates', { count: type.guessNumber })}
          extra={
            <Button
              type="primary"
              disabled={selected.length !== type.guessNumber}
              onClick={() => void onCreate()}
            >
              {t('poolAdmin.create', { selected: selected.length, count: type.guessNumber })}
            </Button>
          }
        >
          <Table
            size="small"
            rowKey="matchId"
            pagination={{ pageSize: 20 }}
            dataSource={candidates?.poolCandidates ?? []}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
            columns={[
              { title: t('poolAdmin.kickOff'), key: 'k', render: (_, r) => formatEat(String(r.kickOff)) },
              { title: t('poolAdmin.match'), key: 'm', render: (_, r) => `${r.home} – ${r.away}` },
              { title: t('poolAdmin.competition'), dataIndex: 'competition' },
              {
                title: '1 X 2',
                key: 'o',
                render: (_, r) => [r.homeOdds, r.drawOdds, r.awayOdds].join(' / '),
              },
              {
                title: 'max_range_odds',
                key: 'f',
                render: (_, r) =>
                  r.exceedsMaxRangeOdds ? <Tag color="orange">{t('poolAdmin.lopsided')}</Tag> : null,
              },
            ]}
          />
        </Card>
      )}
      <Card title={t('poolAdmin.issues')}>
        <Table
          size="small"
          rowKey="issueId"
          dataSource={issues?.poolIssuesAdmin.items ?? []}
          pagination={{
            current: page,
            pageSize: 10,
            total: issues?.poolIssuesAdmin.total ?? 0,
            onChange: setPage,
          }}
          columns={[
            { title: t('poolAdmin.identifier'), dataIndex: 'identifier' },
            { title: t('poolAdmin.status'), dataIndex: 'status', render: (s: string) => <Tag>{s}</Tag> },
            { title: t('poolAdmin.closes'), key: 'c', render: (_, r) => formatEat(String(r.closesAt)) },
            { title: t('poolAdmin.tickets'), dataIndex: 'tickets' },
            { title: t('poolAdmin.stakes'), key: 's', render: (_, r) => formatTzs(r.stakes) },
            { title: t('poolAdmin.pool'), key: 'p', render: (_, r) => formatTzs(r.pool) },
            {
              title: t('poolAdmin.prizes'),
              key: 'z',
              render: (_, r) => (r.settlement ? formatTzs(r.settlement.prizesPaid) : ''),
            },
            {
              title: t('poolAdmin.carry'),
              key: 'y',
              render: (_, r) => (r.settlement ? formatTzs(r.settlement.carryOver) : ''),
            },
            {
              title: '',
              key: 'a',
              render: (_, r) => (
                <Space>
                  <Button size="small" onClick={() => setIssueId(r.issueId)}>
                    {t('poolAdmin.showTickets')}
                  </Button>
                  {can('pool.edit') && r.status !== 'CANCELLED' && r.status !== 'SETTLED' && (
                    <Button
                      size="small"
                      danger
                      disabled={reason.trim() === ''}
                      onClick={() => void onCancel(r.issueId)}
                    >
                      {t('poolAdmin.cancel')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
        {can('pool.edit') && (
          <Input
            placeholder={t('poolAdmin.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            style={{ maxWidth: 400 }}
          />
        )}
      </Card>
      {issueId && (
        <Card
          title={t('poolAdmin.ticketsOf', { issue: issueId })}
          extra={<Button onClick={exportCsv}>{t('poolAdmin.csv')}</Button>}
        >
          <Table
            size="small"
            rowKey="ticketId"
            dataSource={ticketRows}
            columns={[
              { title: t('poolAdmin.user'), dataIndex: 'userId' },
              { title: t('poolAdmin.lines'), dataIndex: 'lines' },
              { title: t('poolAdmin.stakes'), key: 's', render: (_, r) => formatTzs(r.stake) },
              { title: t('poolAdmin.status'), dataIndex: 'status' },
              { title: t('poolAdmin.bought'), key: 'b', render: (_, r) => formatEat(String(r.boughtAt)) },
              {
                title: t('poolAdmin.prizes'),
                key: 'z',
                render: (_, r) => (r.prize ? formatTzs(r.prize.net) : ''),
              },
              {
                title: '',
                key: 'a',
                render: (_, r) =>
                  r.prize?.needsApproval && !r.prize.credited && can('pool.edit') ? (
                    <Button size="small" type="primary" onClick={() => void onApprove(r.ticketId)}>
                      {t('poolAdmin.approve')}
                    </Button>
                  ) : null,
              },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}
