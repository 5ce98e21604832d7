/**
 * Market and outcome names in the reader's language. The server names betting types and outcomes in
 * English (catalogue seed-data.ts: 'Home Draw Away', 'Over/Under', …; outcome names 'Draw', 'Yes',
 * 'Over 2.5', team names): the known ones are shown translated, lines and team names kept as they are,
 * anything unknown as the server wrote it.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The catalogue's English betting-type names and their text keys. */
const MARKET_KEYS: Readonly<Record<string, string>> = {
  'Home Draw Away': 'matches.market.matchOdds',
  'Double Chance': 'matches.market.doubleChance',
  'Both Teams To Score': 'matches.market.btts',
  'Over/Under': 'matches.market.overUnder',
  'Asian Handicap': 'matches.market.asianHandicap',
  'Correct Score': 'matches.market.correctScore',
  'Draw No Bet': 'matches.market.drawNoBet',
  'Half Time Home Draw Away': 'matches.market.halfTimeMatchOdds',
};

/** Whole outcome names (the model's Home/Away are team names, or 'Home'/'Away' on the slip). */
const OUTCOME_KEYS: Readonly<Record<string, string>> = {
  Home: 'betslip.home',
  Away: 'betslip.away',
  Draw: 'betslip.draw',
  Yes: 'matches.pick.yes',
  No: 'matches.pick.no',
};

/** `{ market(name), outcome(name) }` translating the server's English names. */
export const useMarketNames = () => {
  const { t } = useTranslation();
  const market = useCallback(
    (name: string): string => {
      const whole = MARKET_KEYS[name];
      if (whole) return t(whole);
      // 'Over/Under 2.5', 'Asian Handicap -1': a type name and its line
      const prefix = Object.keys(MARKET_KEYS).find((k) => name.startsWith(`${k} `));
      return prefix ? `${t(MARKET_KEYS[prefix] ?? '')}${name.slice(prefix.length)}` : name;
    },
    [t],
  );
  const outcome = useCallback(
    (name: string): string => {
      const whole = OUTCOME_KEYS[name];
      if (whole) return t(whole);
      const over = /^Over (\S+)$/.exec(name);
      if (over) return `${t('matches.pick.over')} ${over[1]}`;
      const under = /^Under (\S+)$/.exec(name);
      if (under) return `${t('matches.pick.under')} ${under[1]}`;
      return name;
    },
    [t],
  );
  return { market, outcome };
};
