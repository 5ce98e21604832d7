/**
 * Stories of the match facts (issue 16 items 1, 2): half time, goal minutes and the statistics the
 * football-data files carry, on the match page's header colours; and a match without statistics.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../matches/matches.css';
import { MatchFacts } from './MatchFacts.tsx';

const meta = {
  title: 'Matches/Facts',
  component: MatchFacts,
  decorators: [
    (Story) => (
      <div className="markets__head" style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MatchFacts>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithStatistics: Story = {
  args: {
    facts: {
      htHomeScore: 1,
      htAwayScore: 0,
      goals: [
        { side: 'home', minute: '45+1' },
        { side: 'away', minute: '58' },
        { side: 'home', minute: '77' },
      ],
      statistics: {
        shots: { home: 17, away: 8 },
        shotsOnTarget: { home: 7, away: 3 },
        corners: { home: 9, away: 2 },
        yellowCards: { home: 1, away: 3 },
        redCards: { home: 0, away: 1 },
      },
    },
  },
};

export const GoalsOnly: Story = {
  args: {
    facts: { htHomeScore: 0, htAwayScore: 0, goals: [{ side: 'away', minute: '90+4' }], statistics: null },
  },
};
