/**
 * The staff audit log (issue 5 item 3: who, from where, what, before and after; export to CSV) and the
 * system log (spec §2 "system log", §3 "Log": client error reports), newest first, with filters in the
 * URL. An audit entry about a wallet, bet, payment or account links to that aggregate's history.
 */
import { useActorName } from '../components/labels.ts';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../components/DataTable.tsx';
import { FilterBar, type FilterField } from '../components/FilterBar.tsx';
import { formatEat } from '../components/format.ts';
import { rangeOf, useTableParams, type TableParams } from '../components/tableParams.ts';
import { ExportButton } from '../exports/ExportButton.tsx';
import {
  AuditStaffLogDocument,
  AuditSystemLogDocument,
  type AuditLogFilter,
  type HistoryKind,
  type SystemLogFilter,
} from '../graphql/generated.ts';
import { historyPath } from './links.ts';

const pretty = (json: string | null | undefined): string => {
  if (!json) return '∅';
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
};

/** The audit log filter of the URL's params. */
export const auditLogFilterOf = (params: TableParams): AuditLogFilter => {
  const { from, to } = rangeOf(params.filters['dates']);
  return {
    actor: params.filters['actor'] ?? null,
    action: params.filters['action'] ?? null,
    entity: params.filters['entity'] ?? null,
    entityId: params.filters['entityId'] ?? null,
    fromDate: from,
    toDate: to,
  };
};

/** The history kind of an audit entity (`wallet`, `bet`, `payment`, `account`/`player`), if any. */
const historyKindOfEntity = (entity: string): HistoryKind | null => {
  const name = entity.toLowerCase();
  if (name.includes('wallet')) return 'WALLET';
  if (name.includes('bet') || name.includes('order')) return 'BET';
  if (name.includes('payment') || name.includes('deposit') || name.includes('withdraw')) return 'PAYMENT';
  if (name.includes('account') || name.includes('player') || name.includes('user')) return 'ACCOUNT';
  return null;
};

export function StaffAuditLogPage() {
  const { t } = useTranslation();
  const actorName = useActorName();
  const [params] = useTableParams();
  const fields: FilterField[] = [
    { name: 'actor', label: t('history.actor'), kind: 'text', placeholder: 'staff:<id>' },
    { name: 'action', label: t('history.action'), kind: 'text', placeholder: 'order.' },
    { name: 'entity', label: t('history.entity'), kind: 'text' },
    { name: 'entityId', label: t('history.entityId'), kind: 'text' },
    { name: 'dates', label: t('common.date'), kind: 'dateRange' },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <FilterBar fields={fields} />
      <DataTable
        query={AuditStaffLogDocument}
        defaultPageSize={20}
        variables={(p) => ({ filter: auditLogFilterOf(p), page: p.page, pageSize: p.pageSize })}
        select={(d) => d.staffAuditLog}
        rowKey={(row) => row.id}
        toolbar={<ExportButton kind="AUDIT_LOG" filter={{ auditLog: auditLogFilterOf(params) }} />}
        expandable={{
          expandedRowRender: (row) => (
            <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
              <div>
                <Typography.Text strong>{t('history.before')}</Typography.Text>
                <pre style={{ whiteSpace: 'pre-wrap' }}>{pretty(row.before)}</pre>
              </div>
              <div>
                <Typography.Text strong>{t('history.after')}</Typography.Text>
                <pre style={{ whiteSpace: 'pre-wrap' }}>{pretty(row.after)}</pre>
              </div>
            </div>
          ),
        }}
        columns={[
          { key: 'at', title: t('common.time'), render: (_, r) => formatEat(r.at) },
          { key: 'actor', title: t('history.actor'), render: (_, r) => actorName(r.actor) },
          { key: 'ip', title: 'IP', render: (_, r) => r.ip ?? '—' },
          {
            key: 'action',
            title: t('history.action'),
            render: (_, r) => <Typography.Text code>{r.action}</Typography.Text>,
          },
          {
            key: 'entity',
            title: t('history.entity'),
            render: (_, r) => {
              const kind = historyKindOfEntity(r.entity);
              const label = `${r.entity}${r.entityId ? ` ${r.entityId}` : ''}`;
              return kind && r.entityId ? <Link to={historyPath(kind, r.entityId)}>{label}</Link> : label;
            },
          },
          { key: 'reason', title: t('common.reason'), render: (_, r) => r.reason ?? '—' },
          { key: 'requestId', title: t('history.requestId'), render: (_, r) => r.requestId ?? '—' },
        ]}
      />
    </Space>
  );
}

const systemLogFilterOf = (params: TableParams): SystemLogFilter => {
  const { from, to } = rangeOf(params.filters['dates']);
  const type = Number(params.filters['type']);
  return {
    type: Number.isInteger(type) && type > 0 ? type : null,
    source: params.filters['source'] ?? null,
    userId: params.filters['userId'] ?? null,
    search: params.filters['search'] ?? null,
    fromDate: from,
    toDate: to,
  };
};

export function SystemLogPage() {
  const { t } = useTranslation();
  const fields: FilterField[] = [
    { name: 'type', label: t('history.logType'), kind: 'text', placeholder: '9' },
    {
      name: 'source',
      label: t('history.source'),
      kind: 'select',
      options: ['player', 'admin', 'server'].map((value) => ({ value, label: value })),
    },
    { name: 'search', label: t('history.content'), kind: 'text' },
    { name: 'dates', label: t('common.date'), kind: 'dateRange' },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <FilterBar fields={fields} />
      <DataTable
        query={AuditSystemLogDocument}
        defaultPageSize={20}
        variables={(p) => ({ filter: systemLogFilterOf(p), page: p.page, pageSize: p.pageSize })}
        select={(d) => d.systemLog}
        rowKey={(row) => row.id}
        columns={[
          { key: 'at', title: t('common.time'), render: (_, r) => formatEat(r.at) },
          { key: 'type', title: t('history.logType'), dataIndex: 'type' },
          { key: 'source', title: t('history.source'), dataIndex: 'source' },
          { key: 'userId', title: t('history.actor'), render: (_, r) => r.userId ?? '—' },
          { key: 'ip', title: 'IP', render: (_, r) => r.ip ?? '—' },
          {
            key: 'content',
            title: t('history.content'),
            render: (_, r) => (
              <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{r.content}</Typography.Text>
            ),
          },
          { key: 'userAgent', title: 'User agent', render: (_, r) => r.userAgent ?? '—', ellipsis: true },
        ]}
      />
    </Space>
  );
}
