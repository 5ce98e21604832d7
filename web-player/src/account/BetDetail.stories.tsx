/** Stories of the bet detail (issue 7 item 6 "bet detail"): open single, settled won, lost multiple. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { BetDetail } from './BetDetail.tsx';
import { multipleFixture, orderFixture } from './fixtures.ts';
import { WithTexts } from './stories.tsx';

const meta = {
  title: 'Account/Bet detail',
  component: BetDetail,
  decorators: [
    (Story) => (
      <WithTexts>
        <div className="acc-page">
          <Story />
        </div>
      </WithTexts>
    ),
  ],
} satisfies Meta<typeof BetDetail>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A single awaiting its result: possible profit, tax and payout. */
export const OpenSingle: Story = { args: { order: orderFixture() } };

/** Settled and won: payout, tax, what was paid, and the rule applied. */
export const SettledWon: Story = {
  args: {
    order: orderFixture({ status: 'settled', statusCode: 4, payout: 43_000, tax: 3_300, credited: 39_700 }),
  },
};

/** A lost multiple with a won, a lost (live) and a refunded leg. */
export const LostMultiple: Story = { args: { order: multipleFixture() } };

/** A bet with no result long after the match (spec §4 abnormal info). */
export const Abnormal: Story = {
  args: { order: orderFixture({ status: 'abnormal', statusCode: 3, abnormalInfo: '150m' }) },
};
