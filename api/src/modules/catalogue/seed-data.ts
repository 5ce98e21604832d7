/**
 * Reference rows the catalogue starts with (issue 4 item 1): the betting-type catalogue (spec §3
 * examples and every type we price), the football pseudo-countries, and the bookmakers whose prices
 * football-data.co.uk files carry (shared/data/README.md §1 "1X2 odds").
 */
import { BETTING_TYPE } from './conventions.ts';

export interface BettingTypeSeed {
  readonly id: number;
  readonly name: string;
  readonly description: string | null;
  readonly sport: string;
  /** True for the types we price and settle. */
  readonly priced: boolean;
  readonly handicap?: boolean;
  readonly overUnder?: boolean;
}

export const BETTING_TYPES: readonly BettingTypeSeed[] = [
  {
    id: BETTING_TYPE.MATCH_ODDS,
    name: 'Home Draw Away',
    description: '1X2: home win, draw or away win after ordinary time',
    sport: 'football',
    priced: true,
  },
  {
    id: BETTING_TYPE.DOUBLE_CHANCE,
    name: 'Double Chance',
    description: 'Two of the three 1X2 results: 1X, X2 or 12',
    sport: 'football',
    priced: true,
  },
  {
    id: BETTING_TYPE.BOTH_TEAMS_TO_SCORE,
    name: 'Both Teams To Score',
    description: 'Yes when each side scores at least once',
    sport: 'football',
    priced: true,
  },
  {
    id: BETTING_TYPE.OVER_UNDER,
    name: 'Over/Under',
    description: 'Total goals over or under the line; quarter lines split the stake',
    sport: 'football',
    priced: true,
    overUnder: true,
  },
  {
    id: BETTING_TYPE.ASIAN_HANDICAP,
    name: 'Asian Handicap',
    description: 'Goal handicap with no draw; quarter lines split the stake',
    sport: 'football',
    priced: true,
    handicap: true,
  },
  {
    id: BETTING_TYPE.CORRECT_SCORE,
    name: 'Correct Score',
    description: 'The exact score after ordinary time',
    sport: 'football',
    priced: true,
  },
  {
    id: BETTING_TYPE.DRAW_NO_BET,
    name: 'Draw No Bet',
    description: 'Home or away; a draw refunds the stake',
    sport: 'football',
    priced: true,
  },
  {
    id: BETTING_TYPE.HALF_TIME_MATCH_ODDS,
    name: 'Half Time Home Draw Away',
    description: '1X2 on the first-half score',
    sport: 'football',
    priced: true,
  },
  { id: 7, name: 'Winner', description: null, sport: 'any', priced: false },
  { id: 25, name: 'Top Goalscorer', description: null, sport: 'football', priced: false },
  { id: 33, name: 'Winning Margin', description: null, sport: 'football', priced: false },
  { id: 110, name: 'Total Sets', description: null, sport: 'tennis', priced: false },
  { id: 135, name: 'To Go To Overtime', description: null, sport: 'basketball', priced: false },
  { id: 216, name: 'Win And Each Way', description: null, sport: 'racing', priced: false },
];

export interface PseudoCountrySeed {
  readonly code: string;
  readonly name: string;
  readonly flag: string;
  readonly diallingCode: string | null;
  readonly region: string;
}

/** Football's own "countries": ISO user-assigned X* codes (England XN, Scotland XS, Wales XC, World XW, Europe XE). */
export const PSEUDO_COUNTRIES: readonly PseudoCountrySeed[] = [
  {
    code: 'XN',
    name: 'England',
    flag: '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
    diallingCode: '+44',
    region: 'EU',
  },
  {
    code: 'XS',
    name: 'Scotland',
    flag: '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}',
    diallingCode: '+44',
    region: 'EU',
  },
  {
    code: 'XC',
    name: 'Wales',
    flag: '\u{1F3F4}\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}',
    diallingCode: '+44',
    region: 'EU',
  },
  { code: 'XW', name: 'World', flag: '\u{1F30D}', diallingCode: null, region: 'WORLD' },
  { code: 'XE', name: 'Europe', flag: '\u{1F1EA}\u{1F1FA}', diallingCode: null, region: 'EU' },
];

export interface BookmakerSeed {
  /** football-data column prefix. */
  readonly code: string;
  readonly name: string;
}

export const BOOKMAKERS: readonly BookmakerSeed[] = [
  { code: 'Avg', name: 'Market average' },
  { code: 'Max', name: 'Market best price' },
  { code: 'B365', name: 'Bet365' },
  { code: 'BW', name: 'Bet&Win' },
  { code: 'PS', name: 'Pinnacle' },
  { code: 'WH', name: 'William Hill' },
  { code: 'IW', name: 'Interwetten' },
  { code: 'VC', name: 'VC Bet' },
  { code: 'BF', name: 'Betfair' },
  { code: '1XB', name: '1xBet' },
  { code: 'BFE', name: 'Betfair Exchange' },
  { code: 'BFD', name: 'Betfred' },
  { code: 'BMGM', name: 'BetMGM' },
  { code: 'BV', name: 'BetVictor' },
  { code: 'CL', name: 'Coral' },
  { code: 'LB', name: 'Ladbrokes' },
];

/** football-data division codes with a known competition (README "Divisions"); others are named by code. */
export const DIVISIONS: Readonly<Record<string, { readonly name: string; readonly countryCode: string }>> = {
  E0: { name: 'Premier League', countryCode: 'XN' },
  SP1: { name: 'La Liga', countryCode: 'ES' },
  D1: { name: 'Bundesliga', countryCode: 'DE' },
  I1: { name: 'Serie A', countryCode: 'IT' },
  F1: { name: 'Ligue 1', countryCode: 'FR' },
};
