/**
 * "Export CSV" for a list (issue 8 "exports: any list exported to CSV as a background job"): starts
 * `startExport(kind, filter)` with the list's current filters, then shows the job in a modal, polling
 * `exportRecord` every second until it is done (2) or failed (3), with a download button. Hidden without
 * `export.run` (the server also checks the list's view permission).
 */
import { EXPORT_STATUS } from '@bashiri/domain';
import { ExportOutlined } from '@ant-design/icons';
import { Alert, Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useMutation } from 'urql';
import { useCan } from '../app/staff.tsx';
import { useErrorText } from '../components/forms.ts';
import {
  ExportsRecordDocument,
  ExportsStartDocument,
  type ExportFilter,
  type ExportKind,
  type ExportsRecordFieldsFragment,
} from '../graphql/generated.ts';
import { ExportStatus } from './ExportStatus.tsx';

/** Polling interval of a running export, ms. */
export const EXPORT_POLL_MS = 1000;

/** Polls `exportRecord(id)` while the record is processing. */
export const useExportPolling = (
  initial: ExportsRecordFieldsFragment | null,
): ExportsRecordFieldsFragment | null => {
  const client = useClient();
  const [record, setRecord] = useState(initial);
  useEffect(() => setRecord(initial), [initial]);
  const id = record?.id;
  const processing = record?.status === EXPORT_STATUS.PROCESSING;
  useEffect(() => {
    if (!id || !processing) return;
    const timer = setInterval(() => {
      void client
        .query(ExportsRecordDocument, { id }, { requestPolicy: 'network-only' })
        .toPromise()
        .then((result) => {
          if (result.data?.exportRecord) setRecord(result.data.exportRecord);
        });
    }, EXPORT_POLL_MS);
    return () => clearInterval(timer);
  }, [client, id, processing]);
  return record;
};

/** The button and its progress modal. */
export function ExportButton({ kind, filter }: { readonly kind: ExportKind; readonly filter: ExportFilter }) {
  const { t } = useTranslation();
  const can = useCan();
  const errorText = useErrorText();
  const [started, start] = useMutation(ExportsStartDocument);
  const [open, setOpen] = useState(false);
  const [initial, setInitial] = useState<ExportsRecordFieldsFragment | null>(null);
  const record = useExportPolling(initial);
  if (!can('export.run')) return null;

  const run = async () => {
    setInitial(null);
    setOpen(true);
    const result = await start({ kind, filter });
    if (result.data) setInitial(result.data.startExport);
  };

  return (
    <>
      <Button icon={<ExportOutlined />} onClick={() => void run()} data-testid="export-csv">
        {t('exports.exportCsv')}
      </Button>
      <Modal
        open={open}
        title={t('exports.modalTitle', { kind: t(`exports.kinds.${kind}`) })}
        onCancel={() => setOpen(false)}
        footer={null}
        className="export-modal"
        destroyOnHidden
      >
        {started.error && <Alert type="error" showIcon title={errorText(started.error)} />}
        {record && <ExportStatus record={record} />}
      </Modal>
    </>
  );
}
