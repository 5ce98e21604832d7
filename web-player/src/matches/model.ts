/**
 * Pure rules of the match lists (spec §2 home quick markets, §4 "Match list filtering" and live messages,
 * §5 "Over/under outcomes"; §9 date selection and East Africa Time). No React here, so they are tested
 * and reused by the rows, lists, markets page and stories alike.
 */
import { MATCH_STATUS, OFFER_STATUS } from '@bashiri/domain';
import { eatDate as eatDateOf, eatTime } from '@bashiri/domain';
import type {
  MatchesFactsFragment,
  MatchesOutcomeFragment,
  MatchesRowFragment,
  MatchesWatchSubscription,
} from '../graphql/generated.ts';
import type { SelectionOffer } from '../betslip/types.ts';

export type Outcome = MatchesOutcomeFragment;
export type Match = MatchesRowFragment;
export type LiveUpdate = MatchesWatchSubscription['watchMatches'];
export type SelectionUpdate = LiveUpdate['selections'][number];
type WatchedMatch = LiveUpdate['matches'][number];
type FactKeys = 'htHomeScore' | 'htAwayScore' | 'goals' | 'statistics';
/** A match update; the live list's carries no facts (half time, goals, statistics), the watch's does. */
export type MatchUpdate = Omit<WatchedMatch, FactKeys> & Partial<Pick<WatchedMatch, FactKeys>>;

/** The four home quick-market blocks (spec §2): 3 way, double chance, both teams to score, over/under 2.5. */
export const QUICK_MARKETS = ['way3', 'doubleChance', 'btts', 'overUnder'] as const;
export type QuickMarket = (typeof QUICK_MARKETS)[number];

/** One odds cell of a quick market: a fixed label (`1`, `X`, `1X`) or an i18n key, and its outcome. */
export interface QuickCell {
  readonly label?: string;
  readonly labelKey?: string;
  readonly outcome: Outcome | null | undefined;
}

/** The over/under outcome of line 2.5, by name ("Over 2.5"). */
const line25 = (outcomes: readonly Outcome[]): Outcome | undefined =>
  outcomes.find((o) => /(^|\s)2\.5$/.test(o.name.trim()));

/** The cells of a match's quick market, in display order. */
export const quickCells = (match: Match, market: QuickMarket): readonly QuickCell[] => {
  switch (market) {
    case 'way3':
      return [
        { label: '1', outcome: match.way3.w1 },
        { label: 'X', outcome: match.way3.draw },
        { label: '2', outcome: match.way3.w2 },
      ];
    case 'doubleChance':
      return [
        { label: '1X', outcome: match.doubleChance.xOr1 },
        { label: 'X2', outcome: match.doubleChance.xOr2 },
        { label: '12', outcome: match.doubleChance.or12 },
      ];
    case 'btts':
      return [
        { labelKey: 'matches.pick.yes', outcome: match.bothTeamsToScore.yes },
        { labelKey: 'matches.pick.no', outcome: match.bothTeamsToScore.no },
      ];
    case 'overUnder':
      return [
        { labelKey: 'matches.pick.over', outcome: line25(match.overUnder.over) },
        { labelKey: 'matches.pick.under', outcome: line25(match.overUnder.under) },
      ];
  }
};

/** Spec §4 match status 1 not started, 2 in progress (the domain's MATCH_STATUS). */
export const NOT_STARTED = MATCH_STATUS.NOT_STARTED;
export const IN_PLAY = MATCH_STATUS.IN_PROGRESS;
/** Spec §4 match status 3: ended (the result is recorded). */
export const ENDED = MATCH_STATUS.ENDED;

/**
 * Whether an outcome can be tapped now: it has odds, its offer is open (status 1), its match is not
 * suspended, and in play it is offered live (spec §4 betslip: in-play non-live selections are ignored).
 */
export const isOpen = (match: Pick<Match, 'statusId' | 'suspended'>, outcome: Outcome | null | undefined) =>
  !!outcome &&
  outcome.odds !== null &&
  outcome.statusId === OFFER_STATUS.OPEN &&
  !match.suspended &&
  (match.statusId !== IN_PLAY || outcome.isLive);

/** What a tap on an outcome offers the betslip (spec §4 "Betslip"). */
export const offerOf = (
  match: Pick<Match, 'id' | 'teamHome' | 'teamAway' | 'statusId'>,
  outcome: Outcome,
): SelectionOffer => ({
  selectionId: outcome.id,
  matchId: match.id,
  odds: outcome.odds,
  home: match.teamHome,
  away: match.teamAway,
  marketName: outcome.marketName,
  selectionName: outcome.name,
  eventStatus: match.statusId,
  isLive: outcome.isLive,
  statusId: outcome.statusId,
});

/** Live state collected from `watchMatches` / `liveMatchList`: last update per selection and per match. */
export interface LiveState {
  readonly selections: ReadonlyMap<string, SelectionUpdate>;
  readonly matches: ReadonlyMap<string, MatchUpdate>;
}

export const EMPTY_LIVE: LiveState = { selections: new Map(), matches: new Map() };

/**
 * Folds one push into the live state: selection updates in order; a match update only when its
 * `objectVersion` is above the one held (spec §4 `update_match_odds`; live/schema.graphql).
 */
export const foldLive = (
  state: LiveState,
  update: { readonly selections?: readonly SelectionUpdate[]; readonly matches?: readonly MatchUpdate[] },
): LiveState => {
  const selections = new Map(state.selections);
  for (const s of update.selections ?? []) selections.set(s.selectionId, s);
  const matches = new Map(state.matches);
  for (const m of update.matches ?? []) {
    const held = matches.get(m.matchId);
    if (!held || m.objectVersion > held.objectVersion) matches.set(m.matchId, m);
  }
  return { selections, matches };
};

const liveOutcome = <O extends Outcome | null | undefined>(
  outcome: O,
  live: LiveState,
  status: number,
): O => {
  if (!outcome) return outcome;
  const s = live.selections.get(outcome.id);
  const withStatus = outcome.eventStatus === status ? outcome : { ...outcome, eventStatus: status };
  return (s ? { ...withStatus, odds: s.odds, statusId: s.statusId, isLive: s.isLive } : withStatus) as O;
};

/** A match with the live state applied: status, score, minute, suspension and every quick outcome. */
export const applyLive = (match: Match, live: LiveState): Match => {
  const m = live.matches.get(match.id);
  const base: Match =
    m && m.objectVersion > match.objectVersion
      ? {
          ...match,
          statusId: m.status,
          homeScore: m.homeScore ?? null,
          awayScore: m.awayScore ?? null,
          matchMinute: m.matchMinute ?? null,
          suspended: m.suspended,
          objectVersion: m.objectVersion,
        }
      : match;
  if (live.selections.size === 0 && base === match) return match;
  const o = <O extends Outcome | null | undefined>(x: O) => liveOutcome(x, live, base.statusId);
  return {
    ...base,
    way3: { w1: o(base.way3.w1), draw: o(base.way3.draw), w2: o(base.way3.w2) },
    doubleChance: {
      xOr1: o(base.doubleChance.xOr1),
      xOr2: o(base.doubleChance.xOr2),
      or12: o(base.doubleChance.or12),
    },
    bothTeamsToScore: { yes: o(base.bothTeamsToScore.yes), no: o(base.bothTeamsToScore.no) },
    overUnder: { over: base.overUnder.over.map(o), under: base.overUnder.under.map(o) },
  };
};

/** An outcome of any market with the live state applied (markets page). */
export const applyLiveOutcome = (outcome: Outcome, live: LiveState, matchStatus: number): Outcome =>
  liveOutcome(outcome, live, matchStatus);

/**
 * Spec §4 "Match list filtering" after live changes: only status 1 or 2 stay; an in-play match whose
 * minute is '-' is hidden; a match the feed hid (`visible: false`) leaves the list.
 */
export const isListed = (match: Match, live: LiveState): boolean => {
  if (live.matches.get(match.id)?.visible === false) return false;
  if (match.statusId === IN_PLAY) return match.matchMinute !== '-';
  return match.statusId === NOT_STARTED;
};

/** 'yyyy-MM-dd' of an instant in East Africa Time (the domain's EAT module). */
export const eatDate = (ms: number): string => eatDateOf(ms);

/** 'HH:mm:ss' of an instant in East Africa Time (the header clock, spec §2, §9). */
export const eatClock = (ms: number): string => eatTime(ms);

/** Spec §9 date selection: today plus 6 days, in East Africa Time. */
export const dateChoices = (now: number): readonly string[] =>
  Array.from({ length: 7 }, (_, i) => eatDate(now + i * 86_400_000));

/** 'HH:mm' and 'dd/MM' of a 'yyyy-MM-dd HH:mm' match time (already East Africa Time). */
export const kickOff = (matchTime: string): { readonly time: string; readonly day: string } => {
  const [date = '', time = ''] = matchTime.split(' ');
  const [, month = '', day = ''] = date.split('-');
  return { time, day: `${day}/${month}` };
};

/** Half time, goals and statistics of a match (issue 16 items 1, 2; spec §3 "Match statistics"). */
export type MatchFacts = MatchesFactsFragment;

/** The facts with the live state applied: a newer match update carries the goals and statistics so far. */
export const applyLiveFacts = (
  facts: MatchFacts,
  match: Pick<Match, 'id' | 'objectVersion'>,
  live: LiveState,
): MatchFacts => {
  const m = live.matches.get(match.id);
  if (!m || m.objectVersion <= match.objectVersion || m.goals === undefined) return facts;
  return {
    ...facts,
    htHomeScore: m.htHomeScore ?? null,
    htAwayScore: m.htAwayScore ?? null,
    goals: m.goals,
    statistics: m.statistics ?? null,
  };
};

/** The statistics shown, in spec §3 order, each with its text key under `matches.stats`. */
export const STATISTICS = ['shots', 'shotsOnTarget', 'corners', 'yellowCards', 'redCards'] as const;

/** The goal minutes of one side as shown: "12' 45+1'". */
export const goalMinutes = (facts: Pick<MatchFacts, 'goals'>, side: 'home' | 'away'): string =>
  facts.goals
    .filter((g) => g.side === side)
    .map((g) => `${g.minute}'`)
    .join(' ');

/** Spec §9 results: today and the 6 days before, newest first, in East Africa Time. */
export const resultDateChoices = (now: number): readonly string[] =>
  Array.from({ length: 7 }, (_, i) => eatDate(now - i * 86_400_000));

/** Consecutive rows of the same league grouped under it (the results view, by league). */
export const byLeague = <M extends { readonly league: string; readonly competitionId: string }>(
  matches: readonly M[],
): { readonly league: string; readonly competitionId: string; readonly matches: M[] }[] => {
  const groups: { league: string; competitionId: string; matches: M[] }[] = [];
  for (const m of matches) {
    const last = groups[groups.length - 1];
    if (last && last.competitionId === m.competitionId) last.matches.push(m);
    else groups.push({ league: m.league, competitionId: m.competitionId, matches: [m] });
  }
  return groups;
};
