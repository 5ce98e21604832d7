/**
 * Stories of an order's detail (spec §2 order detail; issue 16 item 10): an admin bet placed by a staff
 * member, settled, with its catalogue names (English on the server) and codes shown as labels.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { OrdersDetailQuery } from '../graphql/generated.ts';
import type { StoryAnswer } from '../testing/StoryFrame.tsx';
import { OrderDetail } from './OrderDetail.tsx';

type Order = NonNullable<OrdersDetailQuery['order']>;
const STAFF_ID = '6f1c2b7e-9d4a-4c21-8a3e-2b5d7f9e1c40';

const ORDER: Order = {
  id: 'bet-1',
  serial: 'B2611220007',
  status: 'settled',
  statusCode: 4,
  orderType: 'admin',
  payType: 'BALANCE',
  stake: 10_000,
  payPayable: 10_000,
  virtualPayAmount: 0,
  totalOdds: '3.90',
  taxRate: 10,
  potentialProfit: 29_000,
  potentialReward: 0,
  rewardPercent: 0,
  potentialTax: 2_900,
  potentialReturn: 36_100,
  payout: 39_000,
  reward: 0,
  tax: 2_900,
  credited: 36_100,
  rejectCode: null,
  abnormalInfo: null,
  cancelReason: null,
  placedAt: '2026-11-22T09:15:00.000Z',
  settledAt: '2026-11-22T13:05:00.000Z',
  userId: 'u1',
  userPhone: '+255712345678',
  matchCount: 2,
  earlySettlementOdds: null,
  remainingStake: 0,
  cashedOut: 0,
  cashOutTax: 0,
  cashOuts: 0,
  placedBy: `staff:${STAFF_ID}`,
  largeBet: false,
  liveHoldSeconds: null,
  lines: [
    {
      legIndex: 0,
      matchId: '11',
      selectionId: '111',
      marketId: '1101',
      home: 'Simba SC',
      away: 'Young Africans',
      marketName: 'Home Draw Away',
      selectionName: 'Draw',
      odds: '3.00',
      startTime: '2026-11-22T13:00:00.000Z',
      eventStatus: 3,
      outcome: 4,
      voidFactor: null,
      rule: 'Home Draw Away: the match was drawn, draw wins.',
    },
    {
      legIndex: 1,
      matchId: '12',
      selectionId: '121',
      marketId: '1201',
      home: 'Azam FC',
      away: 'Coastal Union',
      marketName: 'Over/Under 2.5',
      selectionName: 'Over 2.5',
      odds: '1.30',
      startTime: '2026-11-22T13:00:00.000Z',
      eventStatus: 1,
      outcome: 4,
      voidFactor: null,
      rule: 'Over/Under 2.5: 3 goals were scored, over wins.',
    },
  ],
};

const answer: StoryAnswer = (name) =>
  name === 'OrdersDetail'
    ? { order: ORDER }
    : name === 'LabelsStaffNames'
      ? { managers: [{ id: STAFF_ID, account: 'cashier1', name: 'Neema' }] }
      : null;

const meta: Meta<typeof OrderDetail> = {
  title: 'Orders/OrderDetail',
  component: OrderDetail,
  args: { id: 'bet-1', onClose: () => undefined },
  parameters: { answer },
  // The drawer renders in a portal: the page behind it names the order (the story frame's content).
  render: (args) => (
    <div>
      <code>{args.id}</code>
      <OrderDetail {...args} />
    </div>
  ),
};
export default meta;

export const English: StoryObj<typeof OrderDetail> = {};
export const Swahili: StoryObj<typeof OrderDetail> = { parameters: { language: 'sw' } };
export const Chinese: StoryObj<typeof OrderDetail> = { parameters: { language: 'zh-CN' } };
