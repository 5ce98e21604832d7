/**
 * The lower part of a player's drawer: their bills (spec §3 "Bill entry": type, change, balance before
 * and after, remark, time, serial; `bills`, permission bills.view), the users they invited (`users`
 * filtered by superior, permission users.view), and the replayable history of their wallet and account
 * streams (issue 8 item 3: `streamHistory`, permission audit.view) with the state at a chosen event.
 */
import { useActorName } from '../components/labels.ts';
import { Button, Card, Select, Space, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import {
  UsersBillsDocument,
  UsersHistoryDocument,
  UsersListDocument,
  AuditStateAtDocument,
  AuditVerifyDocument,
  type HistoryKind,
  type UsersBillsQuery,
  type UsersUserFieldsFragment,
} from '../graphql/generated.ts';
import { useCan } from '../app/staff.tsx';
import { AuditTimeline } from '../components/AuditTimeline.tsx';
import { DataTable } from '../components/DataTable.tsx';
import { formatEat, formatSigned, formatTzs } from '../components/format.ts';
import { useErrorText } from '../components/forms.ts';
import { PlayerFlags } from './UserDetail.tsx';
import { Alert } from 'antd';

/** A wallet or account change refetches the history (urql's document cache). */
const HISTORY_CONTEXT = { additionalTypenames: ['Wallet', 'PlayerAccount'] };

type BillRow = UsersBillsQuery['bills']['items'][number];

function Bills({ userId }: { readonly userId: string }) {
  const { t } = useTranslation();
  const actorName = useActorName();
  const columns: ColumnsType<BillRow> = [
    { key: 'at', title: t('users.billCols.at'), render: (_, row) => formatEat(row.at) },
    { key: 'type', title: t('users.billCols.type'), dataIndex: 'billType' },
    { key: 'pocket', title: t('users.billCols.pocket'), dataIndex: 'pocket' },
    {
      key: 'amount',
      title: t('users.billCols.amount'),
      align: 'right',
      render: (_, row) => (
        <Typography.Text type={row.amount < 0 ? 'danger' : 'success'} data-testid="bill-amount">
          {formatSigned(row.amount)}
        </Typography.Text>
      ),
    },
    {
      key: 'before',
      title: t('users.billCols.before'),
      align: 'right',
      render: (_, row) => formatTzs(row.balanceBefore),
    },
    {
      key: 'after',
      title: t('users.billCols.after'),
      align: 'right',
      render: (_, row) => formatTzs(row.balanceAfter),
    },
    { key: 'remark', title: t('users.billCols.remark'), dataIndex: 'remark' },
    { key: 'actor', title: t('users.billCols.actor'), render: (_, r) => actorName(r.actor) },
  ];
  return (
    <DataTable
      urlPrefix="bills."
      query={UsersBillsDocument}
      variables={(p) => ({ filter: { userId }, page: p.page, pageSize: p.pageSize })}
      select={(d) => ({ items: d.bills.items, total: d.bills.total })}
      columns={columns}
      rowKey={(row) => row.id}
      additionalTypenames={['Wallet', 'StaffBill']}
      scrollX={900}
    />
  );
}

function Invited({ userId }: { readonly userId: string }) {
  const { t } = useTranslation();
  return (
    <DataTable
      urlPrefix="inv."
      query={UsersListDocument}
      variables={(p) => ({ filter: { superiorId: userId }, page: p.page, pageSize: p.pageSize })}
      select={(d) => ({ items: d.users.items, total: d.users.total })}
      rowKey={(row) => row.id}
      columns={[
        { key: 'phone', title: t('users.phone'), dataIndex: 'phone' },
        {
          key: 'balance',
          title: t('users.balance'),
          align: 'right',
          render: (_, row: UsersUserFieldsFragment) => formatTzs(row.balance),
        },
        {
          key: 'status',
          title: t('users.status'),
          render: (_, row: UsersUserFieldsFragment) => <PlayerFlags player={row} />,
        },
        {
          key: 'createdAt',
          title: t('users.createdAt'),
          render: (_, row: UsersUserFieldsFragment) => formatEat(row.createdAt),
        },
      ]}
    />
  );
}

function StateAt({
  kind,
  userId,
  at,
  position,
}: {
  readonly kind: HistoryKind;
  readonly userId: string;
  readonly at: string;
  readonly position: number;
}) {
  const { t } = useTranslation();
  const [{ data }] = useQuery({
    query: AuditStateAtDocument,
    variables: { stream: { kind, id: userId }, at },
  });
  const snapshot = data?.stateAt;
  if (!snapshot) return null;
  let state = snapshot.state;
  try {
    state = JSON.stringify(JSON.parse(snapshot.state), null, 2);
  } catch {
    // shown as sent
  }
  return (
    <Card size="small" title={t('users.stateAt', { position })} data-testid="state-at">
      <Typography.Text type="secondary">
        {snapshot.streamName} v{snapshot.version} · {formatEat(snapshot.lastEventAt)}
      </Typography.Text>
      <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{state}</pre>
    </Card>
  );
}

function Verify({ kind, userId }: { readonly kind: HistoryKind; readonly userId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [asked, setAsked] = useState(false);
  const [{ data, error, fetching }, run] = useQuery({
    query: AuditVerifyDocument,
    variables: { stream: { kind, id: userId } },
    pause: !asked,
    requestPolicy: 'network-only',
  });
  const answer = data?.verifyReadModel;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button
        size="small"
        loading={fetching}
        onClick={() => (asked ? run({ requestPolicy: 'network-only' }) : setAsked(true))}
        data-testid="verify"
      >
        {t('users.verify')}
      </Button>
      {error && <Alert type="error" showIcon title={errorText(error)} />}
      {answer &&
        (answer.equal ? (
          <Alert
            type="success"
            showIcon
            title={t('users.verifyEqual', { events: answer.eventsReplayed, rows: answer.rowsCompared })}
          />
        ) : (
          <Alert
            type="warning"
            showIcon
            title={t('users.verifyDiffers', { count: answer.differences.length })}
            description={
              <ul style={{ margin: 0 }}>
                {answer.differences.map((d) => (
                  <li key={`${d.table}-${d.key}-${d.column}`}>
                    {d.table} {d.key} {d.column}: {d.expected ?? '∅'} ≠ {d.actual ?? '∅'}
                  </li>
                ))}
              </ul>
            }
          />
        ))}
    </Space>
  );
}

function History({ userId }: { readonly userId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [kind, setKind] = useState<HistoryKind>('WALLET');
  const [selected, setSelected] = useState<number | undefined>(undefined);
  const [{ data, error }] = useQuery({
    query: UsersHistoryDocument,
    variables: { stream: { kind, id: userId } },
    context: HISTORY_CONTEXT,
  });
  const events = data?.streamHistory.events ?? [];
  const chosen = events.find((event) => event.position === selected);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Select<HistoryKind>
        value={kind}
        style={{ width: 220 }}
        onChange={(value) => {
          setKind(value);
          setSelected(undefined);
        }}
        options={(['WALLET', 'ACCOUNT'] as const).map((value) => ({
          value,
          label: t(`users.historyOf.${value}`),
        }))}
      />
      {error && <Alert type="error" showIcon title={errorText(error)} />}
      <Verify kind={kind} userId={userId} />
      <AuditTimeline events={events} selected={selected} onSelect={(event) => setSelected(event.position)} />
      {chosen && <StateAt kind={kind} userId={userId} at={chosen.recordedAt} position={chosen.position} />}
    </Space>
  );
}

/** Bills, invited users and history of one player, as the staff member's permissions allow. */
export function PlayerSections({ player }: { readonly player: UsersUserFieldsFragment }) {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <Tabs
      destroyOnHidden
      items={[
        ...(can('bills.view')
          ? [{ key: 'bills', label: t('users.bills'), children: <Bills userId={player.id} /> }]
          : []),
        ...(can('users.view')
          ? [
              {
                key: 'invited',
                label: `${t('users.invited')} (${player.invitedCount})`,
                children: <Invited userId={player.id} />,
              },
            ]
          : []),
        ...(can('audit.view')
          ? [{ key: 'history', label: t('users.history'), children: <History userId={player.id} /> }]
          : []),
      ]}
    />
  );
}
