/** Stories of the audit timeline (issue 8 items 3–4): a wallet's events with balances before and after. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { AuditTimeline, type AuditEvent } from './AuditTimeline.tsx';

/** A wallet credited by staff, then staked and paid. */
const WALLET_EVENTS: readonly AuditEvent[] = [
  {
    position: 1,
    type: 'WalletAdjustedByStaff',
    recordedAt: '2026-11-22T06:00:00.000Z',
    actor: 'staff:7f0c',
    reason: 'Compensation for a failed deposit',
    correlationId: 'req-1',
    causationId: 'cmd-1',
    data: '{"pocket":"balance","amount":10000}',
    movements: [{ pocket: 'balance', amount: 10_000, before: 0, after: 10_000 }],
  },
  {
    position: 2,
    type: 'StakeDebited',
    recordedAt: '2026-11-22T06:05:00.000Z',
    actor: 'player:5a1e',
    correlationId: 'bet-9',
    movements: [{ pocket: 'balance', amount: -2_000, before: 10_000, after: 8_000 }],
  },
  {
    position: 3,
    type: 'WinningsCredited',
    recordedAt: '2026-11-22T08:00:00.000Z',
    actor: 'system:settlement',
    reason: 'Bet 9 won',
    movements: [{ pocket: 'balance', amount: 3_510, before: 8_000, after: 11_510 }],
  },
];

const meta: Meta<typeof AuditTimeline> = { title: 'Components/AuditTimeline', component: AuditTimeline };
export default meta;

export const Wallet: StoryObj<typeof AuditTimeline> = { args: { events: WALLET_EVENTS, selected: 2 } };
export const NoEvents: StoryObj<typeof AuditTimeline> = {
  args: { events: [] },
  parameters: { language: 'zh-CN' },
};
