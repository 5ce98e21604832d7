/**
 * Staff edits of the catalogue (issue 4 item 7; spec §5 "Bookmaker and country sequence: only numbers 0
 * to 100", "Competition roll-bet flag"; §6 back office). Each runs in one transaction with its audit row
 * (before/after); match edits bump `object_version` and publish MATCH_UPDATED. Results and cancellations
 * go through {@link recordFixtureFact} so that the fixture stream holds the fact.
 */
import { BET_STATUS, ROLL_BET } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';
import { codedError } from '../../graphql/errors.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { audit } from '../audit/index.ts';
import { requireStaff } from '../../auth/guard.ts';
import type { PermissionCode } from '../../auth/guard.ts';
import { recordFixtureFact } from './fixture-facts.ts';
import type { FixtureFactCommand } from './fixture-facts.ts';
import { matchUpdatedOf, publishMatchUpdated } from './topics.ts';
import type { MatchRow, MatchUpdated } from './topics.ts';

type Row = Record<string, unknown>;

/** Refuses a sequence outside 0–100 with `SEQUENCE_OUT_OF_RANGE` (spec §5, §8 "only numbers 0 to 100"). */
export const checkSequence = (value: unknown, field = 'sequence'): void => {
  if (
    value !== undefined &&
    value !== null &&
    !(Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 100)
  )
    throw codedError('SEQUENCE_OUT_OF_RANGE', `${field}: only numbers 0 to 100`, { field });
};

/** Largest id of a `serial` / `int` key (countries, competitions, bookmakers); matches are `bigserial`. */
const MAX_INT_ID = 2_147_483_647n;

/**
 * `id` when it can be a key of the entity's table (digits, within `int` for the serial tables), else
 * NOT_FOUND: an id no row can have is simply not found, never a database range error.
 */
const checkId = (id: string, entity: string, key: 'int' | 'bigint' = 'int'): string => {
  if (!/^\d{1,18}$/.test(id) || (key === 'int' && BigInt(id) > MAX_INT_ID))
    throw codedError('NOT_FOUND', `no ${entity} ${id}`);
  return id;
};

interface AuditedUpdate {
  readonly table: 'matches' | 'competitions' | 'countries' | 'bookmakers' | 'betting_types';
  readonly entity: string;
  readonly id: string | number;
  /** Column → new value; undefined values are left out. */
  readonly set: Record<string, unknown>;
  readonly permission: PermissionCode;
  /** Extra SET clause, e.g. the object_version bump of matches. */
  readonly bump?: string;
}

/**
 * SELECT … FOR UPDATE, UPDATE the given columns when any differs, and audit before/after, in one
 * transaction. Returns the row after (unchanged when nothing differed). Errors: UNAUTHENTICATED,
 * FORBIDDEN, NOT_FOUND.
 */
const updateAudited = async (
  ctx: GraphQLContext,
  u: AuditedUpdate,
): Promise<{ row: Row; changed: boolean }> => {
  const staff = requireStaff(ctx, u.permission);
  const entries = Object.entries(u.set).filter(([, v]) => v !== undefined && v !== null);
  return ctx.services.sql.transaction(async (tx: SqlExecutor) => {
    const before = (await tx.query<Row>(`SELECT * FROM ${u.table} WHERE id = $1 FOR UPDATE`, [u.id])).rows[0];
    if (!before) throw codedError('NOT_FOUND', `no ${u.entity} ${u.id}`);
    const differs = entries.filter(([column, value]) => String(before[column]) !== String(value));
    if (differs.length === 0) return { row: before, changed: false };
    const sets = differs.map(([column], i) => `${column} = $${i + 2}`);
    const { rows } = await tx.query<Row>(
      `UPDATE ${u.table} SET ${[...sets, ...(u.bump ? [u.bump] : [])].join(', ')} WHERE id = $1 RETURNING *`,
      [u.id, ...differs.map(([, v]) => v)],
    );
    const after = rows[0]!;
    await audit(tx, {
      actor: `staff:${staff.staffId}`,
      ip: ctx.ip,
      action: `${u.entity}.update`,
      entity: u.entity,
      entityId: u.id,
      before,
      after,
      requestId: ctx.requestId,
    });
    return { row: after, changed: true };
  });
};

/** Match flags a staff member may set (spec §3 Match; issue 4 item 7). */
export interface MatchFlagsInput {
  readonly visible?: boolean | null;
  readonly suspended?: boolean | null;
  readonly popular?: boolean | null;
  readonly todayPopular?: boolean | null;
  readonly oddsBoost?: boolean | null;
  readonly maintenance?: boolean | null;
  readonly sequence?: number | null;
}

/** GraphQL `MatchState` of a matches row: what the staff mutations answer (spec §3 Match, §4 status). */
export const matchStateOf = (row: MatchRow) => {
  const s = matchUpdatedOf(row);
  return { ...s, statusId: s.status } satisfies MatchUpdated & { statusId: number };
};

/** Sets match flags (permission matches.edit). Errors: NOT_FOUND, SEQUENCE_OUT_OF_RANGE. */
export const updateMatchFlags = async (ctx: GraphQLContext, matchId: string, input: MatchFlagsInput) => {
  requireStaff(ctx, 'matches.edit');
  checkSequence(input.sequence);
  const { row, changed } = await updateAudited(ctx, {
    table: 'matches',
    entity: 'match',
    id: checkId(matchId, 'match', 'bigint'),
    permission: 'matches.edit',
    bump: 'object_version = object_version + 1, updated_at = now()',
    set: {
      visible: input.visible,
      suspended: input.suspended,
      popular: input.popular,
      today_popular: input.todayPopular,
      odds_boost: input.oddsBoost,
      maintenance: input.maintenance,
      sequence: input.sequence,
    },
  });
  if (changed) publishMatchUpdated(ctx.services, row as unknown as MatchRow);
  return matchStateOf(row as unknown as MatchRow);
};

/** Competition settings (permission matches.edit). Errors: NOT_FOUND, SEQUENCE_OUT_OF_RANGE, BAD_INPUT (rollBet). */
export const updateCompetition = async (
  ctx: GraphQLContext,
  competitionId: string,
  input: {
    sequence?: number | null;
    popular?: boolean | null;
    popularSorting?: number | null;
    todayPopular?: boolean | null;
    rollBet?: number | null;
  },
) => {
  requireStaff(ctx, 'matches.edit');
  checkSequence(input.sequence);
  checkSequence(input.popularSorting, 'popularSorting');
  if (
    input.rollBet !== undefined &&
    input.rollBet !== null &&
    input.rollBet !== ROLL_BET.ALLOWED &&
    input.rollBet !== ROLL_BET.NOT_ALLOWED
  )
    throw codedError('BAD_INPUT', 'rollBet: 1 allowed or 2 not allowed', { field: 'rollBet' });
  const { row } = await updateAudited(ctx, {
    table: 'competitions',
    entity: 'competition',
    id: checkId(competitionId, 'competition'),
    permission: 'matches.edit',
    set: {
      sequence: input.sequence,
      popular: input.popular,
      popular_sorting: input.popularSorting,
      today_popular: input.todayPopular,
      roll_bet: input.rollBet,
    },
  });
  return competitionSettingsOf(row);
};

/** GraphQL `CompetitionSettings` of a `competitions` row. */
export const competitionSettingsOf = (row: Row) => ({
  id: String(row['id']),
  name: row['name'],
  sequence: row['sequence'],
  popular: row['popular'],
  popularSorting: row['popular_sorting'],
  todayPopular: row['today_popular'],
  rollBet: row['roll_bet'],
});

/** Country sequence (permission matches.edit). Errors: NOT_FOUND, SEQUENCE_OUT_OF_RANGE. */
export const updateCountrySequence = async (ctx: GraphQLContext, countryId: string, sequence: number) => {
  requireStaff(ctx, 'matches.edit');
  checkSequence(sequence);
  const { row } = await updateAudited(ctx, {
    table: 'countries',
    entity: 'country',
    id: checkId(countryId, 'country'),
    permission: 'matches.edit',
    set: { sequence },
  });
  return countrySettingsOf(row);
};

/** GraphQL `CountrySettings` of a `countries` row. */
export const countrySettingsOf = (row: Row) => ({
  id: String(row['id']),
  code: row['code'],
  name: row['name'],
  sequence: row['sequence'],
});

/** Bookmaker sequence (permission matches.edit). Errors: NOT_FOUND, SEQUENCE_OUT_OF_RANGE. */
export const updateBookmakerSequence = async (ctx: GraphQLContext, bookmakerId: string, sequence: number) => {
  requireStaff(ctx, 'matches.edit');
  checkSequence(sequence);
  const { row } = await updateAudited(ctx, {
    table: 'bookmakers',
    entity: 'bookmaker',
    id: checkId(bookmakerId, 'bookmaker'),
    permission: 'matches.edit',
    set: { sequence },
  });
  return { id: String(row['id']), code: row['code'], name: row['name'], sequence: row['sequence'] };
};

/** A betting_types row as GraphQL `BettingType`. */
export const bettingTypeView = (row: Row) => ({
  id: row['id'],
  name: row['name'],
  description: row['description'],
  sport: row['sport'],
  priced: row['priced'],
  betStatus: row['bet_status'],
  liveDelaySeconds: row['live_delay_seconds'],
  marginPercent: Number(row['margin_percent']).toFixed(2),
  typeFlag: row['type_flag'],
  handicap: row['handicap'],
  overUnder: row['over_under'],
});

/** Market-type bet status, live delay and margin (permission odds.edit). Errors: NOT_FOUND, BAD_INPUT. */
export const updateBettingType = async (
  ctx: GraphQLContext,
  bettingTypeId: number,
  input: { betStatus?: number | null; liveDelaySeconds?: number | null; marginPercent?: string | null },
) => {
  requireStaff(ctx, 'odds.edit');
  if (input.betStatus != null && input.betStatus !== BET_STATUS.OPEN && input.betStatus !== BET_STATUS.CLOSED)
    throw codedError('BAD_INPUT', 'betStatus: 1 allowed or 2 not allowed', { field: 'betStatus' });
  if (
    input.liveDelaySeconds != null &&
    !(
      Number.isInteger(input.liveDelaySeconds) &&
      input.liveDelaySeconds >= 0 &&
      input.liveDelaySeconds <= 300
    )
  )
    throw codedError('BAD_INPUT', 'liveDelaySeconds: whole seconds 0 to 300', { field: 'liveDelaySeconds' });
  if (
    input.marginPercent != null &&
    !(/^\d{1,2}(\.\d{1,2})?$/.test(input.marginPercent) && Number(input.marginPercent) <= 50)
  )
    throw codedError('BAD_INPUT', "marginPercent: decimal text 0 to 50, e.g. '5.50'", {
      field: 'marginPercent',
    });
  const { row } = await updateAudited(ctx, {
    table: 'betting_types',
    entity: 'betting_type',
    id: bettingTypeId,
    permission: 'odds.edit',
    set: {
      bet_status: input.betStatus,
      live_delay_seconds: input.liveDelaySeconds,
      margin_percent: input.marginPercent == null ? undefined : Number(input.marginPercent).toFixed(2),
    },
  });
  return bettingTypeView(row);
};

/**
 * Result entry, correction and cancellation (permission results.enter): the fixture event, then the
 * display row, audit and MATCH_UPDATED (see {@link recordFixtureFact} for the errors).
 */
export const staffFixtureFact = async (ctx: GraphQLContext, matchId: string, command: FixtureFactCommand) => {
  const staff = requireStaff(ctx, 'results.enter');
  const outcome = await recordFixtureFact(
    ctx.services,
    checkId(matchId, 'match', 'bigint'),
    command,
    { kind: 'staff', id: staff.staffId },
    { ip: ctx.ip, requestId: ctx.requestId },
  );
  return matchStateOf(outcome.match!);
};
