/** The export list (spec §2 "export list"; §3 "Export record"): every export, newest first, with download. */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../components/DataTable.tsx';
import { formatEat } from '../components/format.ts';
import {
  ExportsListDocument,
  type ExportsListQuery,
  type ExportsListQueryVariables,
  type ExportsRecordFieldsFragment,
} from '../graphql/generated.ts';
import { ExportDownload, ExportStatusTag } from './ExportStatus.tsx';

/** The filter JSON without its empty fields: `{"orders":{"toBeCounted":true}}` → `orders: toBeCounted=true`. */
export const compactFilter = (json: string): string => {
  try {
    const parsed = JSON.parse(json) as Record<string, Record<string, unknown> | null>;
    const parts = Object.entries(parsed ?? {}).flatMap(([list, fields]) => {
      const set = Object.entries(fields ?? {}).filter(([, value]) => value !== null && value !== undefined);
      return [`${list}: ${set.map(([key, value]) => `${key}=${JSON.stringify(value)}`).join(', ') || '—'}`];
    });
    return parts.join('; ') || '—';
  } catch {
    return json;
  }
};

export function ExportsPage() {
  const { t } = useTranslation();
  return (
    <>
      <DataTable<ExportsRecordFieldsFragment, ExportsListQuery, ExportsListQueryVariables>
        query={ExportsListDocument}
        variables={(p) => ({ page: p.page, pageSize: p.pageSize })}
        select={(d) => d.exports}
        rowKey={(row) => row.id}
        columns={[
          { key: 'createdAt', title: t('common.time'), render: (_, r) => formatEat(r.createdAt) },
          { key: 'kind', title: t('exports.kind'), render: (_, r) => t(`exports.kinds.${r.kind}`) },
          {
            key: 'status',
            title: t('exports.statusTitle'),
            render: (_, r) => <ExportStatusTag status={r.status} />,
          },
          { key: 'progress', title: t('exports.progress'), render: (_, r) => `${r.progress}%` },
          { key: 'rows', title: t('exports.rowsTitle'), dataIndex: 'rowsWritten' },
          { key: 'applicant', title: t('exports.applicant'), dataIndex: 'applicant' },
          {
            key: 'filter',
            title: t('exports.filter'),
            render: (_, r) => <Typography.Text code>{compactFilter(r.filter)}</Typography.Text>,
          },
          { key: 'completedAt', title: t('exports.completedAt'), render: (_, r) => formatEat(r.completedAt) },
          { key: 'download', title: '', render: (_, r) => <ExportDownload record={r} /> },
        ]}
      />
    </>
  );
}
