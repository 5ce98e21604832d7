/**
 * Match results and cancellations as events (architecture.md §3: the facts settlement rests on live in
 * `fixture-<matchId>`), with the matches row kept as their display copy (issue 4 item 7). The feed and
 * the importer call {@link recordFixtureFact} too.
 */
import { fixtureDecider, fixtureStream } from '@bashiri/domain';
import type { FixtureActor, FixtureCommand, FixtureState, MatchFacts } from '@bashiri/domain';
import { handleCommand } from '@bashiri/eventstore';
import type { SqlExecutor } from '@bashiri/eventstore';
import { codedError, fromDomainError } from '../../graphql/errors.ts';
import type { AppServices } from '../../services.ts';
import { audit } from '../audit/index.ts';
import { MATCH_STATUS, OFFER_STATUS } from './conventions.ts';
import { publishMatchUpdated, publishOddsChanged } from './topics.ts';
import type { MatchRow, OutcomeChange } from './topics.ts';

type WithoutContext<C> = C extends unknown ? Omit<C, 'matchId' | 'actor' | 'at'> : never;
/** A fixture command without what {@link recordFixtureFact} fills in (match id, actor, time). */
export type FixtureFactCommand = WithoutContext<FixtureCommand>;

export interface RecordFixtureFactOptions {
  /** The instant of the fact (ISO 8601); default the server clock. */
  readonly at?: string;
  /** Seed of deterministic event ids, so a retried request appends once (architecture.md §3). */
  readonly idempotencyKey?: string;
  /** For the audit row of a staff change. */
  readonly ip?: string | null;
  readonly requestId?: string | null;
}

export interface FixtureFactOutcome {
  /** The facts after the command (domain `MatchFacts`), with their revision. */
  readonly state: FixtureState;
  /** Events appended: 0 when the same fact was already recorded. */
  readonly appended: number;
  /** The matches row after the display update, or null when the match does not exist. */
  readonly match: MatchRow | null;
}

/** The display columns the facts imply; `current` decides which cancelled code applies (spec §4). */
const displayOf = (facts: MatchFacts, current: number) => {
  switch (facts.status) {
    case 'played':
      return {
        status: MATCH_STATUS.ENDED,
        score: facts.fullTime,
        halfTime: facts.halfTime,
      };
    case 'abandoned':
      return {
        status: MATCH_STATUS.ABANDONED_AFTER_START,
        score: facts.score,
        halfTime: facts.halfTime ?? null,
      };
    case 'cancelled':
      return {
        status:
          current === MATCH_STATUS.NOT_STARTED
            ? MATCH_STATUS.CANCELLED_BEFORE_START
            : current === MATCH_STATUS.IN_PROGRESS || current === MATCH_STATUS.PAUSED
              ? MATCH_STATUS.CANCELLED_AFTER_START
              : MATCH_STATUS.CANCELLED,
        score: null,
        halfTime: null,
      };
    default:
      return null;
  }
};

const reasonOf = (command: FixtureFactCommand): string | null =>
  'reason' in command ? command.reason : null;

/**
 * Appends `command` to `fixture-<matchId>` through the domain fixture decider (handleCommand), then
 * updates the match's display row (status 3 ended with scores; 8 abandoned; 6/7/5 cancelled before,
 * after start or otherwise; postponed moves the kick-off), bumps `object_version`, closes the open
 * markets and outcomes of a decided match (publishing ODDS_CHANGED), writes a staff audit row with before/after when `actor.kind` is `staff`, and
 * publishes MATCH_UPDATED.
 *
 * Errors (coded): `NOT_FOUND` for an unknown match; the decider's codes (`INVALID_SCORE`,
 * `REASON_REQUIRED`, `RESULT_ALREADY_RECORDED`, `RESULT_NOT_RECORDED`, `MATCH_ALREADY_PLAYED`,
 * `MATCH_CANCELLED`, `MATCH_ALREADY_ABANDONED`). Repeating a recorded fact appends nothing.
 */
export const recordFixtureFact = async (
  services: AppServices,
  matchId: string,
  command: FixtureFactCommand,
  actor: FixtureActor,
  options: RecordFixtureFactOptions = {},
): Promise<FixtureFactOutcome> => {
  const exists = await services.sql.query('SELECT 1 FROM matches WHERE id = $1', [matchId]);
  if (exists.rows.length === 0) throw codedError('NOT_FOUND', `no match ${matchId}`, { field: 'matchId' });
  const at = options.at ?? new Date(services.now()).toISOString();
  const outcome = await handleCommand(
    services.store,
    fixtureStream(matchId),
    fixtureDecider,
    { ...command, matchId, actor, at } as FixtureCommand,
    options.idempotencyKey
      ? { idempotencyKey: options.idempotencyKey, metadata: { actor: `${actor.kind}:${actor.id}` } }
      : { metadata: { actor: `${actor.kind}:${actor.id}` } },
  );
  if (!outcome.ok) throw fromDomainError(outcome.error);
  const match = await services.sql.transaction((tx) =>
    syncDisplayRow(tx, matchId, outcome.state, command, actor, options),
  );
  if (match.changed) publishMatchUpdated(services, match.row);
  publishOddsChanged(services, { matchId, outcomes: match.closed ?? [] });
  return { state: outcome.state, appended: outcome.events.length, match: match.row };
};

const syncDisplayRow = async (
  tx: SqlExecutor,
  matchId: string,
  state: FixtureState,
  command: FixtureFactCommand,
  actor: FixtureActor,
  options: RecordFixtureFactOptions,
): Promise<{ row: MatchRow; changed: boolean; closed?: OutcomeChange[] }> => {
  const before = (await tx.query<MatchRow>('SELECT * FROM matches WHERE id = $1 FOR UPDATE', [matchId]))
    .rows[0]!;
  const display = displayOf(state.facts, before.status);
  const newStart = command.type === 'PostponeMatch' ? command.newStartTime : null;
  const { rows } = await tx.query<MatchRow>(
    `UPDATE matches SET status = $2, home_score = $3, away_score = $4, ht_home_score = $5, ht_away_score = $6,
       cancel_reason = $7, start_time = $8, object_version = object_version + 1, updated_at = now()
     WHERE id = $1 AND (status, home_score, away_score, ht_home_score, ht_away_score, cancel_reason, start_time)
       IS DISTINCT FROM ($2, $3, $4, $5, $6, $7, $8)
     RETURNING *`,
    [
      matchId,
      display?.status ?? before.status,
      display ? (display.score?.home ?? null) : before.home_score,
      display ? (display.score?.away ?? null) : before.away_score,
      display ? (display.halfTime?.home ?? null) : before.ht_home_score,
      display ? (display.halfTime?.away ?? null) : before.ht_away_score,
      state.facts.status === 'cancelled' ? reasonOf(command) : before.cancel_reason,
      newStart ?? before.start_time,
    ],
  );
  const after = rows[0];
  if (!after) return { row: before, changed: false };
  const closed: OutcomeChange[] = [];
  if (display) {
    await tx.query(`UPDATE markets SET status_id = $2 WHERE match_id = $1 AND status_id IN (1, 2)`, [
      matchId,
      OFFER_STATUS.CLOSED,
    ]);
    const { rows: outcomes } = await tx.query<{ id: string; odds: string | null; is_live: boolean }>(
      `UPDATE outcomes o SET status_id = $2, updated_at = now() FROM markets k
       WHERE k.id = o.market_id AND k.match_id = $1 AND o.status_id IN (1, 2)
       RETURNING o.id::text, o.odds::text, k.is_live`,
      [matchId, OFFER_STATUS.CLOSED],
    );
    closed.push(
      ...outcomes.map((o) => ({
        outcomeId: o.id,
        odds: o.odds,
        statusId: OFFER_STATUS.CLOSED,
        isLive: o.is_live,
      })),
    );
  }
  if (actor.kind === 'staff')
    await audit(tx, {
      actor: `staff:${actor.id}`,
      ip: options.ip ?? null,
      action: `match.${command.type}`,
      entity: 'match',
      entityId: matchId,
      reason: reasonOf(command),
      before,
      after,
      requestId: options.requestId ?? null,
    });
  return { row: after, changed: true, closed };
};
