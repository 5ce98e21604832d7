/** Stories of an export's state (spec §3 "Export record": 1 processing, 2 done, 3 failed). */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ExportStatus, type ExportState } from './ExportStatus.tsx';

const record = (change: Partial<ExportState>): ExportState => ({
  id: '00000000-0000-4000-8000-000000000042',
  kind: 'ORDERS',
  status: 1,
  progress: 40,
  rowsWritten: 2000,
  errorMessage: null,
  downloadPath: null,
  ...change,
});

const meta: Meta<typeof ExportStatus> = { title: 'Exports/ExportStatus', component: ExportStatus };
export default meta;

export const Processing: StoryObj<typeof ExportStatus> = { args: { record: record({}) } };
export const Done: StoryObj<typeof ExportStatus> = {
  args: {
    record: record({ status: 2, progress: 100, rowsWritten: 5012, downloadPath: '/admin/exports/42/file' }),
  },
};
export const Failed: StoryObj<typeof ExportStatus> = {
  args: { record: record({ status: 3, progress: 60, errorMessage: 'statement timeout' }) },
  parameters: { language: 'sw' },
};
