/**
 * Random betting (spec §3 "Random betting setup", §4 order type random, §6 "place admin or random
 * bets", §7 order_list/random_betting). A setup holds the order count, the stake range, how far ahead
 * matches may start, live-only, whether accumulators ("string bets") are allowed, the minimum odds of
 * every selection (0 = any) and a note. Running it places that many bets of order type random for
 * players staff choose, through the ordinary placement (real stakes from those players' balances).
 *
 * Randomness is a PRNG seeded from the run's `requestId`, so a repeated run draws the same bets, and
 * the placement's request ids (`random:<requestId>:<n>`) make the repeat a no-op.
 */
import { createHash } from 'node:crypto';
import type { SqlExecutor } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import { codedError } from '../../graphql/errors.ts';
import { audit } from '../audit/index.ts';
import { placeBet } from '../betting/index.ts';
import { orderOfPlaced } from '../betting/index.ts';
import { legOf, loadSelections, unavailability } from '../betting/index.ts';
import type { StaffViewer } from '../../auth/guard.ts';

/** GraphQL `RandomBetSetupInput`. */
export interface RandomBetSetupInput {
  readonly orderCount: number;
  readonly minBetAmount: number;
  readonly maxBetAmount: number;
  readonly startRangeDays: number;
  readonly liveOnly: boolean;
  readonly includeStringBets: boolean;
  readonly minOdds: string;
  readonly note?: string | null;
}

const STEP = 100;
const MAX_LEGS = 5;
const CANDIDATE_LIMIT = 2_000;

/** Checks a setup (spec §5 amount step 100). Errors: BAD_INPUT with the field. */
export const checkSetup = (input: RandomBetSetupInput): void => {
  const bad = (field: string, message: string) => codedError('BAD_INPUT', `${field}: ${message}`, { field });
  if (!Number.isInteger(input.orderCount) || input.orderCount < 1 || input.orderCount > 1000)
    throw bad('orderCount', '1 to 1000');
  if (!Number.isInteger(input.minBetAmount) || input.minBetAmount < STEP || input.minBetAmount % STEP !== 0)
    throw bad('minBetAmount', 'a multiple of 100, at least 100');
  if (
    !Number.isInteger(input.maxBetAmount) ||
    input.maxBetAmount % STEP !== 0 ||
    input.maxBetAmount < input.minBetAmount
  )
    throw bad('maxBetAmount', 'a multiple of 100, not below minBetAmount');
  if (!Number.isInteger(input.startRangeDays) || input.startRangeDays < 0 || input.startRangeDays > 30)
    throw bad('startRangeDays', '0 to 30');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(input.minOdds)) throw bad('minOdds', 'decimal odds such as 1.50, or 0');
  if ((input.note ?? '').length > 500) throw bad('note', 'at most 500 characters');
};

const SETUP_COLUMNS = `id::text, order_count AS "orderCount", min_bet_amount::int AS "minBetAmount",
  max_bet_amount::int AS "maxBetAmount", start_range_days AS "startRangeDays", live_only AS "liveOnly",
  include_string_bets AS "includeStringBets", to_char(min_odds, 'FM999990.00') AS "minOdds", note,
  created_by AS "createdBy", created_at AS "createdAt", updated_at AS "updatedAt"`;

export type SetupRow = RandomBetSetupInput & { id: string; createdBy: string };

export const listSetups = async (sql: SqlExecutor) =>
  (await sql.query<SetupRow>(`SELECT ${SETUP_COLUMNS} FROM random_bet_setups ORDER BY id DESC`)).rows;

const setupById = async (sql: SqlExecutor, id: string): Promise<SetupRow | null> => {
  if (!/^\d{1,18}$/.test(id)) return null;
  return (
    (await sql.query<SetupRow>(`SELECT ${SETUP_COLUMNS} FROM random_bet_setups WHERE id = $1`, [id]))
      .rows[0] ?? null
  );
};

const values = (input: RandomBetSetupInput) => [
  input.orderCount,
  input.minBetAmount,
  input.maxBetAmount,
  input.startRangeDays,
  input.liveOnly,
  input.includeStringBets,
  input.minOdds,
  (input.note ?? '').trim(),
];

/** Creates, changes or deletes a setup, audited. Errors: BAD_INPUT, NOT_FOUND. */
export const saveSetup = async (
  services: AppServices,
  staff: StaffViewer,
  id: string | null,
  input: RandomBetSetupInput | null,
  client: { ip: string | null; requestId: string | null },
): Promise<SetupRow | boolean> => {
  if (input) checkSetup(input);
  return services.sql.transaction(async (tx) => {
    const before = id ? await setupById(tx, id) : null;
    if (id && !before) throw codedError('NOT_FOUND', 'no such random betting setup', { field: 'id' });
    let after: SetupRow | null = null;
    if (!id && input) {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO random_bet_setups (order_count, min_bet_amount, max_bet_amount, start_range_days, live_only,
           include_string_bets, min_odds, note, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::numeric, $8, $9, $10, $10) RETURNING id::text`,
        [...values(input), `staff:${staff.staffId}`, new Date(services.now())],
      );
      after = await setupById(tx, rows[0]!.id);
    } else if (id && input) {
      await tx.query(
        `UPDATE random_bet_setups SET order_count = $2, min_bet_amount = $3, max_bet_amount = $4, start_range_days = $5,
           live_only = $6, include_string_bets = $7, min_odds = $8::numeric, note = $9, updated_at = $10 WHERE id = $1`,
        [id, ...values(input), new Date(services.now())],
      );
      after = await setupById(tx, id);
    } else if (id) {
      await tx.query('DELETE FROM random_bet_setups WHERE id = $1', [id]);
    }
    await audit(tx, {
      actor: `staff:${staff.staffId}`,
      ip: client.ip,
      action: !id ? 'random_setup.create' : input ? 'random_setup.update' : 'random_setup.delete',
      entity: 'random_bet_setup',
      entityId: after?.id ?? id,
      before,
      after,
      requestId: client.requestId,
    });
    return after ?? true;
  });
};

/** A small deterministic PRNG (mulberry32) seeded from text: numbers in [0, 1). */
export const seededRandom = (seed: string): (() => number) => {
  let a = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

/** A Fisher–Yates shuffled copy of `list`. */
const shuffle = <T>(list: readonly T[], random: () => number): T[] => {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

/** Selections that pass the setup's filters and can be bet now, grouped by match. */
const candidates = async (services: AppServices, setup: SetupRow, nowMs: number) => {
  const horizon = new Date(
    nowMs + setup.startRangeDays * 86_400_000 + (setup.startRangeDays === 0 ? 86_400_000 : 0),
  );
  const { rows } = await services.sql.query<{ id: string }>(
    `SELECT o.id::text AS id FROM outcomes o
     JOIN markets m ON m.id = o.market_id
     JOIN matches x ON x.id = m.match_id
     WHERE o.odds IS NOT NULL AND o.odds >= $1::numeric AND o.status_id = 1 AND m.status_id = 1
       AND x.visible AND NOT x.suspended AND NOT x.maintenance AND x.start_time <= $2
       AND ${setup.liveOnly ? 'x.status = 2' : 'x.status IN (1, 2)'}
     ORDER BY o.id LIMIT ${CANDIDATE_LIMIT}`,
    [setup.minOdds, horizon],
  );
  const loaded = await loadSelections(
    services.sql,
    rows.map((r) => r.id),
  );
  const byMatch = new Map<string, { selectionId: string; odds: string }[]>();
  for (const row of loaded.values()) {
    if (unavailability(row, nowMs) || row.odds === null) continue;
    const odds = Number(row.odds).toFixed(2);
    if (!legOf(row, odds)) continue;
    const list = byMatch.get(row.matchId) ?? [];
    list.push({ selectionId: row.outcomeId, odds });
    byMatch.set(row.matchId, list);
  }
  return byMatch;
};

/**
 * Runs a setup once for players drawn from `userIds`. Errors: NOT_FOUND, BAD_INPUT (no players, too
 * many, unknown players, requestId).
 */
export const runSetup = async (
  services: AppServices,
  staff: StaffViewer,
  input: { id: string; userIds: readonly string[]; requestId: string },
  client: { ip: string | null; requestId: string | null },
) => {
  const setup = await setupById(services.sql, input.id);
  if (!setup) throw codedError('NOT_FOUND', 'no such random betting setup', { field: 'id' });
  const userIds = [...new Set(input.userIds)];
  if (userIds.length === 0 || userIds.length > 1000)
    throw codedError('BAD_INPUT', 'userIds: 1 to 1000 players', { field: 'userIds' });
  if (!input.requestId?.trim() || input.requestId.length > 100)
    throw codedError('BAD_INPUT', 'requestId: 1 to 100 characters', { field: 'requestId' });
  const known = await services.sql.query<{ user_id: string }>(
    'SELECT user_id FROM player_accounts WHERE user_id = ANY ($1::text[]) AND NOT disabled',
    [userIds],
  );
  if (known.rows.length !== userIds.length)
    throw codedError('BAD_INPUT', 'userIds: unknown or disabled players', { field: 'userIds' });

  const nowMs = services.now();
  const byMatch = await candidates(services, setup, nowMs);
  const matches = [...byMatch.keys()];
  const random = seededRandom(`${input.id}|${input.requestId}`);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const placed: ReturnType<typeof orderOfPlaced>[] = [];
  const refused: { userId: string; code: string }[] = [];
  const lo = setup.minBetAmount / STEP;
  const hi = setup.maxBetAmount / STEP;
  if (matches.length > 0) {
    for (let n = 0; n < setup.orderCount; n++) {
      const userId = pick(userIds);
      const amount = (lo + Math.floor(random() * (hi - lo + 1))) * STEP;
      const legs = setup.includeStringBets
        ? 1 + Math.floor(random() * Math.min(MAX_LEGS, matches.length))
        : 1;
      const chosen = shuffle(matches, random).slice(0, legs);
      const selections = chosen.map((m) => pick(byMatch.get(m)!));
      const answer = await placeBet(
        services,
        userId,
        {
          requestId: `random:${input.id}:${input.requestId}:${n}`,
          payType: 1,
          amount,
          selections,
          oddsChange: 'ACCEPT_ANY',
        },
        { kind: 'staff', id: staff.staffId },
        'random',
      );
      if (answer.status === 'PLACED') placed.push(orderOfPlaced(answer.placed));
      else refused.push({ userId, code: answer.code });
    }
  }
  await services.sql.transaction((tx) =>
    audit(tx, {
      actor: `staff:${staff.staffId}`,
      ip: client.ip,
      action: 'random_setup.run',
      entity: 'random_bet_setup',
      entityId: input.id,
      after: {
        requestId: input.requestId,
        userIds,
        placed: placed.map((p) => p.id),
        refused: refused.length,
      },
      requestId: client.requestId,
    }),
  );
  return {
    placed,
    refused,
    candidateSelections: [...byMatch.values()].reduce((n, list) => n + list.length, 0),
  };
};
