/**
 * Pool-game types (spec §3 "Jackpot bet type", "Jackpot info"; §7 `guessing_bet_type/*`; decision 0015):
 * configuration rows edited by staff. An issue copies its type's terms when it is created, so editing a
 * type never changes an issue already on sale. Type 1 is the jackpot (spec §7: "Inquire carries an id
 * equal to the jackpot type (1)"); type 2 is Lucky Six, a child of it.
 */
import { DEFAULT_JACKPOT_TERMS, DEFAULT_LUCKY_SIX_TERMS, termsError } from '@bashiri/domain';
import type { DomainError, PoolGame, PoolTerms } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';

/** spec §7: the jackpot's guessing_bet_type id. */
export const JACKPOT_TYPE_ID = 1;
/** Ours: the Lucky Six guessing_bet_type id. */
export const LUCKY_SIX_TYPE_ID = 2;

/** A pool-game type as stored. */
export interface PoolType {
  readonly id: number;
  readonly game: PoolGame;
  readonly label: string;
  readonly parentId: number | null;
  readonly settlement: string;
  readonly incentives: string;
  readonly terms: PoolTerms;
  readonly removed: boolean;
}

const COLUMNS = `id, game, label, parent_id AS "parentId", settlement, incentives, terms, removed`;

/** Inserts the two default types when missing (idempotent; start-up and tests). */
export const seedPoolTypes = async (sql: SqlExecutor): Promise<void> => {
  await sql.query(
    `INSERT INTO pool_types (id, game, label, parent_id, incentives, terms) VALUES
       ($1, 'jackpot', 'Jackpot 13', NULL, 'Prizes from 10 correct', $2::jsonb),
       ($3, 'luckysix', 'Lucky Six', $1, 'Guess six exact scores', $4::jsonb)
     ON CONFLICT (id) DO NOTHING`,
    [
      JACKPOT_TYPE_ID,
      JSON.stringify(DEFAULT_JACKPOT_TERMS),
      LUCKY_SIX_TYPE_ID,
      JSON.stringify(DEFAULT_LUCKY_SIX_TERMS),
    ],
  );
};

/** Every type not removed (or every one with `withRemoved`), by id. */
export const listPoolTypes = async (sql: SqlExecutor, withRemoved = false): Promise<PoolType[]> =>
  (
    await sql.query<PoolType>(
      `SELECT ${COLUMNS} FROM pool_types ${withRemoved ? '' : 'WHERE NOT removed'} ORDER BY id`,
    )
  ).rows;

/** The type `id`, or null. */
export const loadPoolType = async (sql: SqlExecutor, id: number): Promise<PoolType | null> =>
  (await sql.query<PoolType>(`SELECT ${COLUMNS} FROM pool_types WHERE id = $1`, [id])).rows[0] ?? null;

/** The first type (lowest id) of `game` not removed, or null. */
export const typeOfGame = async (sql: SqlExecutor, game: PoolGame): Promise<PoolType | null> =>
  (
    await sql.query<PoolType>(
      `SELECT ${COLUMNS} FROM pool_types WHERE game = $1 AND NOT removed ORDER BY id LIMIT 1`,
      [game],
    )
  ).rows[0] ?? null;

/** What staff may set on a type (spec §7 add / update). */
export interface PoolTypeInput {
  readonly label: string;
  readonly parentId: number | null;
  readonly settlement: string;
  readonly incentives: string;
  readonly terms: PoolTerms;
}

/**
 * Adds (no `id`) or updates type `id`. Errors: `JACKPOT_INVALID_TERMS` (terms, or a prefix another type
 * uses), `NOT_FOUND` (update of a missing type).
 */
export const savePoolType = async (
  sql: SqlExecutor,
  input: PoolTypeInput,
  id?: number,
): Promise<
  { ok: true; type: PoolType } | { ok: false; error: DomainError | { code: 'NOT_FOUND'; message: string } }
> => {
  const problem = termsError(input.terms);
  if (problem) return { ok: false, error: problem };
  const clash = await sql.query(
    `SELECT 1 FROM pool_types WHERE terms->>'identifierPrefix' = $1 AND id IS DISTINCT FROM $2 AND NOT removed`,
    [input.terms.identifierPrefix, id ?? null],
  );
  if (clash.rows.length > 0)
    return {
      ok: false,
      error: {
        code: 'JACKPOT_INVALID_TERMS',
        message: 'another type uses this identifier prefix',
        field: 'identifierPrefix',
      } as DomainError,
    };
  const values = [
    input.terms.game,
    input.label,
    input.parentId,
    input.settlement,
    input.incentives,
    JSON.stringify(input.terms),
  ];
  const { rows } =
    id === undefined
      ? await sql.query<{ id: number }>(
          `INSERT INTO pool_types (id, game, label, parent_id, settlement, incentives, terms)
           SELECT coalesce(max(id), 0) + 1, $1, $2, $3, $4, $5, $6::jsonb FROM pool_types RETURNING id`,
          values,
        )
      : await sql.query<{ id: number }>(
          `UPDATE pool_types SET game = $1, label = $2, parent_id = $3, settlement = $4, incentives = $5,
             terms = $6::jsonb, updated_at = now() WHERE id = $7 RETURNING id`,
          [...values, id],
        );
  const saved = rows[0] ? await loadPoolType(sql, rows[0].id) : null;
  return saved
    ? { ok: true, type: saved }
    : { ok: false, error: { code: 'NOT_FOUND', message: 'no such type' } };
};

/** Marks type `id` removed (spec §7 remove): its issues stay; no new issue can be built on it. */
export const removePoolType = async (sql: SqlExecutor, id: number): Promise<boolean> =>
  (
    await sql.query(`UPDATE pool_types SET removed = true, updated_at = now() WHERE id = $1 RETURNING id`, [
      id,
    ])
  ).rows.length > 0;

/** Takes the next sequence of type `id` (one statement: concurrent creators get distinct numbers). */
export const takeSequence = async (sql: SqlExecutor, id: number): Promise<number> =>
  (
    await sql.query<{ sequence: number }>(
      `UPDATE pool_types SET next_sequence = next_sequence + 1 WHERE id = $1 RETURNING next_sequence - 1 AS sequence`,
      [id],
    )
  ).rows[0]!.sequence;
