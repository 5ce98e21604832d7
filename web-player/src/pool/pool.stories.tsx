/**
 * Stories of the pool games' parts (issue 18 item 4; spec §2 "jackpot banner", /string_ball): the
 * layout's jackpot banner, and the live statistics of an issue — on sale (nothing decided) and with
 * every match decided (the tracker shows the settled prize). Data as the server answers it.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { JackpotBannerView, type JackpotBannerData } from './JackpotBanner.tsx';
import { IssueStatsView, type IssueStatsData } from './IssueStats.tsx';

const BANNER: NonNullable<JackpotBannerData> = {
  issueId: 'JP0042',
  identifier: 'JP0042',
  amount: 207_338_271,
  closesAt: '2026-11-28T12:00:00.000Z',
};

const TEAMS = [
  ['Simba SC', 'Young Africans'],
  ['Azam FC', 'Singida Black Stars'],
  ['Coastal Union', 'KMC FC'],
  ['Namungo FC', 'Tabora United'],
] as const;

/** Statistics of a 4-match excerpt of an issue; `decided` gives every match a result. */
const stats = (decided: boolean): IssueStatsData => ({
  issueId: 'JP0042',
  identifier: 'JP0042',
  tickets: 2,
  lines: 5,
  stakes: 5_000,
  pool: 750,
  matchesDecided: decided ? TEAMS.length : 0,
  matches: TEAMS.map(([home, away], i) => ({
    matchId: `m${i}`,
    home,
    away,
    result: decided ? { outcome: i === 0 ? 'X' : '1', void: false } : null,
    picks: (i === 0
      ? [
          ['2', 2, 40],
          ['X', 2, 40],
          ['1', 1, 20],
        ]
      : [
          ['1', 4, 80],
          ['2', 1, 20],
        ]
    ).map(([outcome, lines, percent]) => ({
      outcome: String(outcome),
      lines: Number(lines),
      tickets: 1,
      percent: Number(percent),
    })),
  })),
  tiers: [13, 12, 11, 10].map((hits) => ({
    hits,
    linesNow: decided && hits === 10 ? 1 : 0,
    linesPossible: decided ? (hits === 10 ? 1 : 0) : 5,
    prizePerLineCeiling: hits === 13 ? 200_000_300 : 150,
    projectedPrizePerLine: decided && hits === 10 ? 112 : null,
  })),
});

const meta = {
  title: 'Pool/Parts',
  parameters: { layout: 'padded' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The jackpot banner above every page, linking to /string_ball. */
export const Banner: Story = {
  render: () => (
    <div style={{ maxWidth: 360 }}>
      <JackpotBannerView banner={BANNER} />
    </div>
  ),
};

/** Live statistics while the issue is on sale: every line can still reach every tier. */
export const StatsOnSale: Story = {
  render: () => <IssueStatsView stats={stats(false)} />,
};

/** Every match decided: one line at 10 correct, its projected prize is the settled one. */
export const StatsDecided: Story = {
  render: () => <IssueStatsView stats={stats(true)} />,
};
