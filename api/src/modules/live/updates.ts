/**
 * Live updates from the catalogue's and the feed's topics (docs/catalogue.md "Topics"; spec §4
 * Session/Betslip `monitoring` and `update_match_odds`): the GraphQL `LiveUpdate` payload, the watched-ids
 * filter of `watchMatches` and the in-play filter of `liveMatchList`. Pure functions, no IO.
 */
import type { GoalView, MatchStatistics, MatchUpdated, OddsChanged } from '../catalogue/index.ts';
import { codedError } from '../../graphql/errors.ts';

/** At most this many match ids per `watchMatches` subscription. */
export const MAX_WATCHED_MATCHES = 200;

/** One selection's new price and state (GraphQL `SelectionUpdate`). `odds` decimal text or null. */
export interface SelectionUpdate {
  readonly selectionId: string;
  readonly matchId: string;
  readonly odds: string | null;
  /** Spec §4 betting offer status; 4 = deleted or removed. */
  readonly statusId: number;
  readonly isLive: boolean;
}

/** A match's new status and score (GraphQL `MatchUpdate`). */
export interface MatchUpdate {
  readonly matchId: string;
  /** Spec §4 match status 1–8. */
  readonly status: number;
  readonly homeScore: number | null;
  readonly awayScore: number | null;
  readonly matchMinute: string | null;
  readonly objectVersion: number;
  readonly visible: boolean;
  readonly suspended: boolean;
  readonly htHomeScore: number | null;
  readonly htAwayScore: number | null;
  /** Goals so far with minutes (issue 16 item 1). */
  readonly goals: readonly GoalView[];
  /** Statistics so far (issue 16 item 2); null when the source has none. */
  readonly statistics: MatchStatistics | null;
}

/** One push (GraphQL `LiveUpdate`): selection updates and match updates, either list possibly empty. */
export interface LiveUpdate {
  readonly selections: readonly SelectionUpdate[];
  readonly matches: readonly MatchUpdate[];
}

/** A message of `MATCH_UPDATED` or `ODDS_CHANGED` (told apart by `outcomes`). */
export type CatalogueMessage = MatchUpdated | OddsChanged;

const isOddsChanged = (message: CatalogueMessage): message is OddsChanged =>
  Array.isArray((message as Partial<OddsChanged>).outcomes);

/** The `MatchUpdate` of a `MATCH_UPDATED` payload. */
export const matchUpdateOf = (m: MatchUpdated): MatchUpdate => ({
  matchId: m.matchId,
  status: m.status,
  homeScore: m.homeScore,
  awayScore: m.awayScore,
  matchMinute: m.matchMinute,
  objectVersion: m.objectVersion,
  visible: m.visible,
  suspended: m.suspended,
  htHomeScore: m.htHomeScore,
  htAwayScore: m.htAwayScore,
  goals: m.goals ?? [],
  statistics: m.statistics ?? null,
});

/** The `LiveUpdate` of one catalogue message. */
export const liveUpdateOf = (message: CatalogueMessage): LiveUpdate =>
  isOddsChanged(message)
    ? {
        matches: [],
        selections: message.outcomes.map((o) => ({
          selectionId: o.outcomeId,
          matchId: message.matchId,
          odds: o.odds,
          statusId: o.statusId,
          isLive: o.isLive,
        })),
      }
    : { selections: [], matches: [matchUpdateOf(message)] };

/**
 * The watched ids of a `watchMatches` call as canonical decimal text (leading zeros dropped), duplicates
 * removed. Throws `BAD_INPUT` (field `matchIds`) for none, more than {@link MAX_WATCHED_MATCHES}, or an id
 * that is not a positive whole number.
 */
export const watchedIds = (matchIds: readonly string[]): ReadonlySet<string> => {
  if (matchIds.length === 0) throw codedError('BAD_INPUT', 'watch at least one match', { field: 'matchIds' });
  if (matchIds.length > MAX_WATCHED_MATCHES)
    throw codedError('BAD_INPUT', `watch at most ${MAX_WATCHED_MATCHES} matches`, {
      field: 'matchIds',
      details: { max: MAX_WATCHED_MATCHES },
    });
  const ids = new Set<string>();
  for (const id of matchIds) {
    if (!/^\d{1,19}$/.test(id) || /^0+$/.test(id))
      throw codedError('BAD_INPUT', `not a match id: ${id.slice(0, 40)}`, { field: 'matchIds' });
    ids.add(id.replace(/^0+/, ''));
  }
  return ids;
};

/** The update of `message` when it concerns one of `ids`, else null. */
export const watchedUpdate = (ids: ReadonlySet<string>, message: CatalogueMessage): LiveUpdate | null =>
  ids.has(message.matchId) ? liveUpdateOf(message) : null;

/** Statuses the live list shows (2 in progress, 4 paused) or removes a match on (3, 5, 7, 8). */
const LIVE_LIST_STATUSES: ReadonlySet<number> = new Set([2, 3, 4, 5, 7, 8]);

/** The live-list update of a `MATCH_UPDATED` payload, or null when the match is not (or was never) in play. */
export const liveListUpdate = (message: MatchUpdated): LiveUpdate | null =>
  LIVE_LIST_STATUSES.has(message.status) ? { selections: [], matches: [matchUpdateOf(message)] } : null;

/** Maps `source` through `fn`, dropping nulls; ends when `source` ends (the subscription closed). */
export async function* filterMap<T, U>(
  source: AsyncIterable<T>,
  fn: (value: T) => U | null,
): AsyncGenerator<U, void, undefined> {
  for await (const value of source) {
    const mapped = fn(value);
    if (mapped !== null) yield mapped;
  }
}
