/**
 * Stories of the catalogue's match list (spec §6 back office, §4 statuses): a hidden match, a live one,
 * one awaiting its result, a finished one and a cancelled one, answered as `staffMatches` would.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CatalogueStaffMatchesQuery } from '../graphql/generated.ts';
import { refusal, type StoryAnswer } from '../testing/StoryFrame.tsx';
import { MatchesTab } from './MatchesTab.tsx';

type Row = CatalogueStaffMatchesQuery['staffMatches']['content'][number];

const row = (
  n: number,
  home: string,
  away: string,
  change: Partial<Row['state']>,
  extra: Partial<Row> = {},
): Row => ({
  id: String(n),
  matchTime: `2026-11-2${n} 19:00`,
  teamHome: home,
  teamAway: away,
  league: 'Premier League',
  categoryName: 'Tanzania',
  marketCount: 12,
  resultRecorded: false,
  awaitingResult: false,
  abnormalInfo: null,
  ...extra,
  state: {
    matchId: String(n),
    objectVersion: 1,
    statusId: 1,
    startTime: `2026-11-2${n}T16:00:00.000Z`,
    matchMinute: null,
    homeScore: null,
    awayScore: null,
    htHomeScore: null,
    htAwayScore: null,
    visible: true,
    suspended: false,
    popular: false,
    todayPopular: false,
    oddsBoost: false,
    maintenance: false,
    sequence: 0,
    cancelReason: null,
    ...change,
  },
});

const MATCHES: Row[] = [
  row(5, 'Simba SC', 'Young Africans', { visible: false, popular: true, sequence: 40 }),
  row(4, 'Azam FC', 'Coastal Union', {
    statusId: 2,
    matchMinute: '67',
    homeScore: 1,
    awayScore: 0,
    suspended: true,
  }),
  row(3, 'KMC', 'Namungo', {}, { awaitingResult: true, abnormalInfo: '5h' }),
  row(
    2,
    'Mtibwa Sugar',
    'Kagera Sugar',
    { statusId: 3, homeScore: 2, awayScore: 1, htHomeScore: 0, htAwayScore: 1 },
    { resultRecorded: true },
  ),
  row(1, 'Dodoma Jiji', 'Tanzania Prisons', {
    statusId: 6,
    cancelReason: 'Stadium closed by the authorities',
  }),
];

const matches: StoryAnswer = (name) =>
  name === 'CatalogueStaffMatches'
    ? { staffMatches: { count: MATCHES.length, page: 1, pageSize: 10, content: MATCHES } }
    : null;

const STAFF = ['matches.view', 'matches.edit', 'results.enter'];

const meta: Meta<typeof MatchesTab> = {
  title: 'Catalogue/MatchesTab',
  component: MatchesTab,
  parameters: { answer: matches, permissions: STAFF },
};
export default meta;

export const English: StoryObj<typeof MatchesTab> = {};
export const Swahili: StoryObj<typeof MatchesTab> = { parameters: { language: 'sw' } };
export const Chinese: StoryObj<typeof MatchesTab> = { parameters: { language: 'zh-CN' } };
/** A viewer without edit permissions sees the list without actions. */
export const ReadOnly: StoryObj<typeof MatchesTab> = { parameters: { permissions: ['matches.view'] } };
export const Refused: StoryObj<typeof MatchesTab> = {
  parameters: { answer: () => refusal('FORBIDDEN'), language: 'sw' },
};
