/**
 * Test and story data of the match screens: matches shaped like the API's `MatchesRow` fragment.
 */
import type { Match, Outcome } from './model.ts';

/** An open outcome of match `matchId`. */
export const outcome = (
  matchId: string,
  id: string,
  name: string,
  odds: string | null,
  patch: Partial<Outcome> = {},
): Outcome => ({
  id,
  name,
  odds,
  typeId: 10,
  statusId: 1,
  isLive: true,
  eventStatus: 1,
  eventId: matchId,
  marketName: 'Home Draw Away',
  ...patch,
});

/** A not-started match `id` with every quick market priced. */
export const match = (id: string, patch: Partial<Match> = {}): Match => {
  const home = patch.teamHome ?? 'Simba SC';
  const away = patch.teamAway ?? 'Young Africans';
  return {
    id,
    startTime: '2026-11-22T16:00:00Z',
    matchTime: '2026-11-22 19:00',
    statusId: 1,
    matchMinute: null,
    homeScore: null,
    awayScore: null,
    teamHome: home,
    teamAway: away,
    league: 'Premier League',
    competitionId: '1',
    categoryName: 'Tanzania',
    suspended: false,
    objectVersion: 1,
    marketCount: 44,
    way3: {
      w1: outcome(id, `${id}-1`, home, '2.10'),
      draw: outcome(id, `${id}-x`, 'Draw', '3.20', { typeId: 11 }),
      w2: outcome(id, `${id}-2`, away, '3.40'),
    },
    doubleChance: {
      xOr1: outcome(id, `${id}-1x`, '1 / X', '1.30', { marketName: 'Double Chance' }),
      xOr2: outcome(id, `${id}-x2`, '2 / X', '1.62', { marketName: 'Double Chance' }),
      or12: outcome(id, `${id}-12`, '1 / 2', '1.33', { marketName: 'Double Chance' }),
    },
    bothTeamsToScore: {
      yes: outcome(id, `${id}-gg`, 'Yes', '1.80', { marketName: 'Both Teams To Score' }),
      no: outcome(id, `${id}-ng`, 'No', '1.95', { marketName: 'Both Teams To Score' }),
    },
    overUnder: {
      over: [
        outcome(id, `${id}-o15`, 'Over 1.5', '1.30', { marketName: 'Over/Under 1.5' }),
        outcome(id, `${id}-o25`, 'Over 2.5', '1.95', { marketName: 'Over/Under 2.5' }),
      ],
      under: [
        outcome(id, `${id}-u15`, 'Under 1.5', '3.40', { marketName: 'Over/Under 1.5' }),
        outcome(id, `${id}-u25`, 'Under 2.5', '1.85', { marketName: 'Over/Under 2.5' }),
      ],
    },
    ...patch,
  };
};

/** A match in play at `minute` with a score. */
export const liveMatch = (id: string, minute = '67', patch: Partial<Match> = {}): Match =>
  match(id, { statusId: 2, matchMinute: minute, homeScore: 1, awayScore: 0, ...patch });
