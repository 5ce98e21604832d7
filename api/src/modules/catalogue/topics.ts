/**
 * Pub/sub topics the catalogue publishes after a change (issue 4; docs/catalogue.md "Topics"). The feed
 * publishes the same topics with the same payloads; GraphQL subscriptions read them.
 */
import type { AppServices } from '../../services.ts';
import type { GoalView, MatchStatistics } from './statistics.ts';

/** A match's display row changed (status, score, kick-off, flags). */
export const MATCH_UPDATED = 'MATCH_UPDATED';
/** Prices or availability of some outcomes of one match changed. */
export const ODDS_CHANGED = 'ODDS_CHANGED';

/**
 * Payload of {@link MATCH_UPDATED}. Ids as decimal text; `startTime` ISO 8601 UTC (shown in East Africa
 * Time); `status` spec §4 match status; `objectVersion` grows with every change (drop older updates).
 */
export interface MatchUpdated {
  readonly matchId: string;
  readonly objectVersion: number;
  readonly status: number;
  readonly startTime: string;
  readonly matchMinute: string | null;
  readonly homeScore: number | null;
  readonly awayScore: number | null;
  readonly htHomeScore: number | null;
  readonly htAwayScore: number | null;
  readonly visible: boolean;
  readonly suspended: boolean;
  readonly popular: boolean;
  readonly todayPopular: boolean;
  readonly oddsBoost: boolean;
  readonly maintenance: boolean;
  readonly sequence: number;
  readonly cancelReason: string | null;
  /** Goals so far with their minutes (issue 16 item 1); empty when the source gives no minutes. */
  readonly goals?: readonly GoalView[];
  /** Statistics so far (spec §3 "Match statistics"); null when the source has none. */
  readonly statistics?: MatchStatistics | null;
}

/** One outcome in {@link OddsChanged}: `odds` decimal text (null when not offered), `statusId` 1 open … 4 removed. */
export interface OutcomeChange {
  readonly outcomeId: string;
  readonly odds: string | null;
  readonly statusId: number;
  readonly isLive: boolean;
}

/** Payload of {@link ODDS_CHANGED}. */
export interface OddsChanged {
  readonly matchId: string;
  readonly outcomes: readonly OutcomeChange[];
}

/** The matches columns {@link matchUpdatedOf} reads (`SELECT * FROM matches`). */
export interface MatchRow {
  readonly id: string | number;
  readonly object_version: number;
  readonly status: number;
  readonly start_time: Date | string;
  readonly match_minute: string | null;
  readonly home_score: number | null;
  readonly away_score: number | null;
  readonly ht_home_score: number | null;
  readonly ht_away_score: number | null;
  readonly visible: boolean;
  readonly suspended: boolean;
  readonly popular: boolean;
  readonly today_popular: boolean;
  readonly odds_boost: boolean;
  readonly maintenance: boolean;
  readonly sequence: number;
  readonly cancel_reason: string | null;
  readonly goals?: readonly GoalView[] | null;
  readonly statistics?: MatchStatistics | null;
}

/** The {@link MATCH_UPDATED} payload of a matches row. */
export const matchUpdatedOf = (row: MatchRow): MatchUpdated => ({
  matchId: String(row.id),
  objectVersion: row.object_version,
  status: row.status,
  startTime: new Date(row.start_time).toISOString(),
  matchMinute: row.match_minute,
  homeScore: row.home_score,
  awayScore: row.away_score,
  htHomeScore: row.ht_home_score,
  htAwayScore: row.ht_away_score,
  visible: row.visible,
  suspended: row.suspended,
  popular: row.popular,
  todayPopular: row.today_popular,
  oddsBoost: row.odds_boost,
  maintenance: row.maintenance,
  sequence: row.sequence,
  cancelReason: row.cancel_reason,
  goals: row.goals ?? [],
  statistics: row.statistics ?? null,
});

/** Publishes {@link MATCH_UPDATED} for `row`. */
export const publishMatchUpdated = (services: Pick<AppServices, 'publish'>, row: MatchRow): void =>
  services.publish(MATCH_UPDATED, matchUpdatedOf(row));

/** Publishes {@link ODDS_CHANGED} for one match (nothing when `outcomes` is empty). */
export const publishOddsChanged = (services: Pick<AppServices, 'publish'>, payload: OddsChanged): void => {
  if (payload.outcomes.length > 0) services.publish(ODDS_CHANGED, payload);
};
