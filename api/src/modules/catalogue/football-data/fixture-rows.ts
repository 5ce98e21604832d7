/**
 * What a football-data fixture makes in the catalogue, as pure functions (no database): the stable
 * source keys of imported rows, the competition of a division, and the markets and outcomes of a
 * fixture's prices (docs/catalogue.md "Source keys", "Outcomes"). import.ts loads them.
 */
import { BETTING_TYPE, OUTCOME_TYPE } from '../conventions.ts';
import { DIVISIONS } from '../seed-data.ts';
import type { Fixture } from './parse.ts';

/** Country codes of football-data division prefixes beyond the five of {@link DIVISIONS}. */
const PREFIX_COUNTRY: Readonly<Record<string, string>> = {
  E: 'XN',
  SC: 'XS',
  D: 'DE',
  I: 'IT',
  SP: 'ES',
  F: 'FR',
  N: 'NL',
  B: 'BE',
  P: 'PT',
  T: 'TR',
  G: 'GR',
};

/** The competition of a football-data division: ours when known, else `Division <div>` by its prefix's country. */
export const competitionOf = (div: string): { name: string; countryCode: string | null } => {
  const known = DIVISIONS[div];
  if (known) return known;
  const prefix = /^[A-Z]+/.exec(div)?.[0] ?? '';
  return { name: `Division ${div}`, countryCode: PREFIX_COUNTRY[prefix] ?? null };
};

/** The stable keys of imported rows (docs/catalogue.md "Source keys"). */
export const sourceKeys = {
  competition: (div: string) => `football-data:${div}`,
  team: (name: string) => `football-data:${name}`,
  match: (div: string, season: string, home: string, away: string) =>
    `football-data:${div}:${season}:${home}:${away}`,
};

/** One outcome a fixture's prices make (`odds` decimal odds as text). */
export interface OutcomeSpec {
  readonly pick: string;
  readonly line: string | null;
  readonly typeId: number;
  readonly participant: 'home' | 'away' | null;
  readonly name: string;
  readonly odds: string;
}
/** One market a fixture's prices make, with its outcomes. */
export interface MarketSpec {
  readonly bettingTypeId: number;
  readonly line: string | null;
  readonly outcomes: readonly OutcomeSpec[];
}

const negate = (line: string): string =>
  line === '0' ? '0' : line.startsWith('-') ? line.slice(1) : `-${line}`;
const signed = (line: string): string => (line.startsWith('-') || line === '0' ? line : `+${line}`);

/** The markets a fixture's prices make (docs/catalogue.md "Outcomes"). */
export const marketsOf = (f: Fixture): MarketSpec[] => {
  const markets: MarketSpec[] = [];
  const p = f.prices;
  if (p.matchOdds)
    markets.push({
      bettingTypeId: BETTING_TYPE.MATCH_ODDS,
      line: null,
      outcomes: [
        {
          pick: 'home',
          line: null,
          typeId: OUTCOME_TYPE.PARTICIPANT,
          participant: 'home',
          name: f.homeTeam,
          odds: p.matchOdds.home,
        },
        {
          pick: 'draw',
          line: null,
          typeId: OUTCOME_TYPE.DRAW,
          participant: null,
          name: 'Draw',
          odds: p.matchOdds.draw,
        },
        {
          pick: 'away',
          line: null,
          typeId: OUTCOME_TYPE.PARTICIPANT,
          participant: 'away',
          name: f.awayTeam,
          odds: p.matchOdds.away,
        },
      ],
    });
  if (p.overUnder25)
    markets.push({
      bettingTypeId: BETTING_TYPE.OVER_UNDER,
      line: '2.5',
      outcomes: [
        {
          pick: 'over',
          line: '2.5',
          typeId: OUTCOME_TYPE.OVER,
          participant: null,
          name: 'Over 2.5',
          odds: p.overUnder25.over,
        },
        {
          pick: 'under',
          line: '2.5',
          typeId: OUTCOME_TYPE.UNDER,
          participant: null,
          name: 'Under 2.5',
          odds: p.overUnder25.under,
        },
      ],
    });
  if (p.asianHandicap) {
    const { line, home, away } = p.asianHandicap;
    markets.push({
      bettingTypeId: BETTING_TYPE.ASIAN_HANDICAP,
      line,
      outcomes: [
        {
          pick: 'home',
          line,
          typeId: OUTCOME_TYPE.PARTICIPANT,
          participant: 'home',
          name: `${f.homeTeam} ${signed(line)}`,
          odds: home,
        },
        {
          pick: 'away',
          line: negate(line),
          typeId: OUTCOME_TYPE.PARTICIPANT,
          participant: 'away',
          name: `${f.awayTeam} ${signed(negate(line))}`,
          odds: away,
        },
      ],
    });
  }
  return markets;
};
