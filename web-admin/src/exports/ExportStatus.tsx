/**
 * An export's state (spec §3 "Export record", §4 status 1 processing / 2 done / 3 failed): a tag, the
 * progress bar while processing, the rows written, and a download button once done.
 */
import { EXPORT_STATUS } from '@bashiri/domain';
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Progress, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/services.tsx';
import { downloadExport } from './download.ts';

/** The fields an {@link ExportStatus} shows. */
export interface ExportState {
  readonly id: string;
  readonly kind: string;
  readonly status: number;
  readonly progress: number;
  readonly rowsWritten: number;
  readonly errorMessage?: string | null;
  readonly downloadPath?: string | null;
}

const COLORS: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'error' };

/** The status tag of an export (1/2/3). */
export function ExportStatusTag({ status }: { readonly status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status] ?? 'default'} data-testid="export-status">
      {status} {t(`exports.status.s${status}`, { defaultValue: String(status) })}
    </Tag>
  );
}

/** A download button for a finished export. */
export function ExportDownload({ record }: { readonly record: ExportState }) {
  const { t } = useTranslation();
  const { session } = useServices();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  if (record.status !== EXPORT_STATUS.DONE || !record.downloadPath) return null;
  const path = record.downloadPath;
  const click = async () => {
    setBusy(true);
    try {
      await downloadExport(path, session.token(), `bashiri-${record.kind.toLowerCase()}-${record.id}.csv`);
    } catch (error) {
      void message.error(t('exports.downloadFailed', { status: (error as Error).message }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={() => void click()}
      data-testid="export-download"
    >
      {t('exports.download')}
    </Button>
  );
}

/** Status, progress and download of one export. */
export function ExportStatus({ record }: { readonly record: ExportState }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <ExportStatusTag status={record.status} />
        <Typography.Text>{t('exports.rows', { count: record.rowsWritten })}</Typography.Text>
      </Space>
      <Progress
        percent={record.progress}
        status={
          record.status === EXPORT_STATUS.FAILED
            ? 'exception'
            : record.status === EXPORT_STATUS.DONE
              ? 'success'
              : 'active'
        }
      />
      {record.status === EXPORT_STATUS.FAILED && (
        <Typography.Text type="danger">{record.errorMessage}</Typography.Text>
      )}
      <ExportDownload record={record} />
    </Space>
  );
}
