/**
 * Stories of the menus (issue 7 item 6; spec §2 Layout): the left menu with hot leagues and countries
 * with their leagues and match counts, and the no-bet view shown while betting is paused.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { MatchesMenuQuery } from '../graphql/generated.ts';
import { NoBetView } from './Footer.tsx';
import { LeftMenuView } from './LeftMenu.tsx';

const MENU: MatchesMenuQuery = {
  popularCompetitions: [
    { id: '1', title: 'Premier League', icon: null, matchCount: 10 },
    { id: '2', title: 'La Liga', icon: null, matchCount: 8 },
  ],
  countryMenu: [
    {
      id: 'tz',
      code: 'TZ',
      name: 'Tanzania',
      flag: null,
      matchCount: 6,
      competitions: [{ id: '9', name: 'NBC Premier League', matchCount: 6 }],
    },
    {
      id: 'en',
      code: 'XE',
      name: 'England',
      flag: null,
      matchCount: 14,
      competitions: [
        { id: '1', name: 'Premier League', matchCount: 10 },
        { id: '3', name: 'Championship', matchCount: 4 },
      ],
    },
  ],
};

const meta = {
  title: 'Layout/Menus',
  component: LeftMenuView,
  decorators: [
    (Story) => (
      <div style={{ width: 240, background: '#fff' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof LeftMenuView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LeftMenu: Story = { args: { menu: MENU } };
export const LeftMenuLoading: Story = { args: { menu: undefined } };

export const BettingPaused: StoryObj<typeof NoBetView> = {
  render: () => <NoBetView prompt="Betting resumes at 18:00 East Africa Time." />,
};
