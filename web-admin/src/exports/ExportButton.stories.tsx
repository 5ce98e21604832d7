/** Stories of "Export CSV": the job started and polled over a fake server until done. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { StoryAnswer } from '../testing/StoryFrame.tsx';
import { ExportButton } from './ExportButton.tsx';

let polls = 0;
const job = (status: number, progress: number) => ({
  id: 'e1',
  kind: 'ORDERS',
  status,
  progress,
  rowsWritten: progress * 10,
  errorMessage: null,
  applicant: 'staff:1',
  filter: '{"orders":{"toBeCounted":true}}',
  createdAt: '2026-11-22T06:00:00.000Z',
  completedAt: status === 2 ? '2026-11-22T06:00:03.000Z' : null,
  byteSize: status === 2 ? 1234 : null,
  downloadPath: status === 2 ? '/admin/exports/e1/file' : null,
});
const answer: StoryAnswer = (name) => {
  if (name === 'ExportsStart') {
    polls = 0;
    return { startExport: job(1, 0) };
  }
  polls += 1;
  return { exportRecord: polls >= 3 ? job(2, 100) : job(1, polls * 30) };
};

const meta: Meta<typeof ExportButton> = {
  title: 'Exports/ExportButton',
  component: ExportButton,
  parameters: { answer, permissions: ['export.run', 'orders.view'] },
};
export default meta;

export const Orders: StoryObj<typeof ExportButton> = {
  args: { kind: 'ORDERS', filter: { orders: { toBeCounted: true } } },
};
export const WithoutPermission: StoryObj<typeof ExportButton> = {
  args: { kind: 'ORDERS', filter: {} },
  parameters: { permissions: ['orders.view'] },
  render: (args) => (
    <div>
      Hidden: <ExportButton {...args} />
    </div>
  ),
};
