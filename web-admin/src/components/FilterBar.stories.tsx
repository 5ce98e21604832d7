/** Stories of the filter bar (issue 8 item 4): every kind of field, in each language. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { FilterBar } from './FilterBar.tsx';

const meta: Meta<typeof FilterBar> = {
  title: 'Components/FilterBar',
  component: FilterBar,
  args: {
    fields: [
      { name: 'search', label: 'Phone', kind: 'text' },
      {
        name: 'network',
        label: 'Network',
        kind: 'select',
        options: [
          { value: '6', label: 'Vodacom' },
          { value: '3', label: 'Tigo' },
        ],
      },
      { name: 'review', label: 'Under review', kind: 'boolean' },
      {
        name: 'statuses',
        label: 'Statuses',
        kind: 'multiSelect',
        options: [
          { value: '1', label: 'not started' },
          { value: '2', label: 'live' },
          { value: '3', label: 'ended' },
        ],
      },
      { name: 'waiting', label: 'Waiting', kind: 'switch' },
      { name: 'day', label: 'Date', kind: 'date' },
      { name: 'range', label: 'Dates', kind: 'dateRange' },
    ],
  },
};
export default meta;

export const English: StoryObj<typeof FilterBar> = {};
export const Swahili: StoryObj<typeof FilterBar> = { parameters: { language: 'sw' } };
export const Chinese: StoryObj<typeof FilterBar> = { parameters: { language: 'zh-CN' } };
