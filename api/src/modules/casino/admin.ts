/**
 * The back office's casino tools beyond the catalogue's one-game writes (issue 22 §1, §6; docs/casino.md
 * "Back office"): a provider's game list read from an uploaded JSON or CSV file, a provider's wallet
 * secret rotated (a new random secret shown once), and GGR per provider per day (East Africa Time).
 */
import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { SqlExecutor } from '@bashiri/eventstore';
import { codedError } from '../../graphql/errors.ts';
import type { CasinoGameView } from './catalogue.ts';
import { casinoConfigChanged } from './wallet-facts.ts';

/** Largest game-list file accepted (characters): a provider's list is a few hundred games. */
export const GAME_LIST_MAX_CHARS = 1_000_000;
/** Most games one list imports. */
export const GAME_LIST_MAX_GAMES = 2_000;
/** Formats of a game-list file. */
export const GAME_LIST_FORMATS = ['json', 'csv'] as const;
export type GameListFormat = (typeof GAME_LIST_FORMATS)[number];

type NumberField = 'minStake' | 'maxStake' | 'sortOrder';
type BooleanField = 'visible' | 'popular' | 'isNew';
type TextField =
  'gameId' | 'category' | 'nameSw' | 'nameEn' | 'nameZh' | 'thumbnail' | 'rtpPercent' | 'volatility';

const listError = (message: string, field: string) =>
  codedError('CASINO_GAME_LIST_INVALID', message, { field });

const toBoolean = (v: unknown, field: string): boolean => {
  if (typeof v === 'boolean') return v;
  const text = String(v ?? '')
    .trim()
    .toLowerCase();
  if (['true', '1', 'yes'].includes(text)) return true;
  if (['false', '0', 'no', ''].includes(text)) return false;
  throw listError(`${field}: true or false`, field);
};

const toInteger = (v: unknown, field: string): number => {
  const n = typeof v === 'number' ? v : /^-?\d+$/.test(String(v ?? '').trim()) ? Number(v) : Number.NaN;
  if (!Number.isSafeInteger(n)) throw listError(`${field}: a whole number`, field);
  return n;
};

/** One record of the file (JSON object or CSV row by header) as a game input of `providerId`. */
const gameOf = (record: unknown, i: number, providerId: string): CasinoGameView => {
  if (typeof record !== 'object' || record === null || Array.isArray(record))
    throw listError('each game: an object', `[${i}]`);
  const r = record as Record<string, unknown>;
  const text = (k: TextField) => {
    const v = r[k];
    if (typeof v !== 'string' && typeof v !== 'number') throw listError(`${k}: required`, `[${i}].${k}`);
    return String(v).trim();
  };
  const given = r.providerId == null || r.providerId === '' ? providerId : String(r.providerId).trim();
  const num = (k: NumberField) => toInteger(r[k], `[${i}].${k}`);
  const bool = (k: BooleanField, fallback: boolean) =>
    r[k] === undefined ? fallback : toBoolean(r[k], `[${i}].${k}`);
  return {
    providerId: given,
    gameId: text('gameId'),
    category: text('category'),
    nameSw: text('nameSw'),
    nameEn: text('nameEn'),
    nameZh: text('nameZh'),
    thumbnail: text('thumbnail'),
    rtpPercent: text('rtpPercent'),
    volatility: text('volatility'),
    minStake: num('minStake'),
    maxStake: num('maxStake'),
    sortOrder: r.sortOrder === undefined || r.sortOrder === '' ? 100 + i : num('sortOrder'),
    visible: bool('visible', false),
    popular: bool('popular', false),
    isNew: bool('isNew', true),
  };
};

/**
 * Reads a provider's game list: JSON (an array of games, or `{ "games": [...] }`) or CSV (a header row
 * naming the `CasinoGameInput` fields, comma-separated, quoted as RFC 4180). `providerId` may be left out
 * (the list's provider is meant); `sortOrder` defaults to 100 + position, `visible` to false (staff show
 * an imported game when ready), `popular` to false, `isNew` to true. Errors: `CASINO_GAME_LIST_INVALID`
 * with the field (`format`, `text`, `[i].<field>`). The games are then validated by the catalogue's
 * import (all or nothing).
 */
export const parseGameList = (providerId: string, format: string, text: string): CasinoGameView[] => {
  if (!(GAME_LIST_FORMATS as readonly string[]).includes(format))
    throw listError('format: json or csv', 'format');
  if (text.length > GAME_LIST_MAX_CHARS) throw listError('file too large (1,000,000 characters)', 'text');
  let records: unknown[];
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw listError('not JSON', 'text');
    }
    const list = Array.isArray(parsed)
      ? parsed
      : typeof parsed === 'object' && parsed !== null && Array.isArray((parsed as { games?: unknown }).games)
        ? (parsed as { games: unknown[] }).games
        : null;
    if (!list) throw listError('JSON: an array of games or { "games": [...] }', 'text');
    records = list;
  } else {
    try {
      records = parse(text.replace(/^\uFEFF/, ''), {
        columns: true,
        skip_empty_lines: true,
        trim: true,
      }) as Record<string, string>[];
    } catch (e) {
      throw listError(`CSV: ${(e as Error).message}`, 'text');
    }
  }
  if (records.length === 0) throw listError('no games in the file', 'text');
  if (records.length > GAME_LIST_MAX_GAMES) throw listError('at most 2,000 games a file', 'text');
  return records.map((r, i) => gameOf(r, i, providerId));
};

/** A new provider secret: 32 random bytes as 64 lowercase hex characters (node:crypto). */
export const newProviderSecret = (): string => randomBytes(32).toString('hex');

/**
 * Replaces provider `id`'s wallet secret with a new random one; answers it (shown to staff once; from
 * then on only its last 4 characters). The old secret stops verifying at once. Throws
 * `CASINO_PROVIDER_UNKNOWN`.
 */
export const rotateProviderSecret = async (sql: SqlExecutor, id: string, at: string): Promise<string> => {
  const secret = newProviderSecret();
  const { rows } = await sql.query(
    'UPDATE casino_providers SET secret = $2, updated_at = $3 WHERE id = $1 RETURNING id',
    [id, secret, at],
  );
  casinoConfigChanged();
  if (rows.length === 0) throw codedError('CASINO_PROVIDER_UNKNOWN', 'unknown provider', { field: 'id' });
  return secret;
};

/** Longest GGR-per-day period: 366 days. */
export const GGR_DAILY_MAX_DAYS = 366;
const DAY_MS = 86_400_000;
/** East Africa Time: UTC+3 all year (no summer time). */
const EAT_OFFSET_MS = 3 * 3_600_000;

/** One provider's stakes, wins and GGR on one East Africa Time day (whole TZS). */
export interface GgrDay {
  /** `YYYY-MM-DD`, East Africa Time. */
  readonly day: string;
  readonly providerId: string;
  readonly rounds: number;
  /** Bets less rollback refunds. */
  readonly stakes: number;
  /** Wins and rewards. */
  readonly wins: number;
  /** stakes − wins (may be negative). */
  readonly ggr: number;
}

/**
 * Stakes, wins and GGR per provider per East Africa Time day for transactions at or after `from` and
 * before `to` (default: the 30 days up to now). Days without transactions are left out. Errors:
 * `CASINO_GGR_RANGE_INVALID` (field `from`) when `from` is not before `to` or the period is longer than
 * {@link GGR_DAILY_MAX_DAYS} days.
 */
export const ggrPerProviderPerDay = async (
  sql: SqlExecutor,
  args: { from?: Date | null; to?: Date | null; nowMs: number },
): Promise<GgrDay[]> => {
  const to = args.to ? args.to.getTime() : args.nowMs;
  const from = args.from ? args.from.getTime() : to - 30 * DAY_MS;
  if (!(from < to) || to - from > GGR_DAILY_MAX_DAYS * DAY_MS)
    throw codedError('CASINO_GGR_RANGE_INVALID', 'from must be before to, at most 366 days', {
      field: 'from',
    });
  const { rows } = await sql.query<{
    day: string;
    provider_id: string;
    rounds: number;
    stakes: number;
    wins: number;
  }>(
    `SELECT to_char(((at AT TIME ZONE 'UTC') + make_interval(secs => $3))::date, 'YYYY-MM-DD') AS day,
            provider_id, count(DISTINCT round_id)::int AS rounds,
            (coalesce(sum(amount) FILTER (WHERE kind = 'bet'), 0)
             - coalesce(sum(amount) FILTER (WHERE kind = 'rollback'), 0))::int AS stakes,
            coalesce(sum(amount) FILTER (WHERE kind IN ('win', 'reward')), 0)::int AS wins
     FROM casino_transactions
     WHERE at >= $1 AND at < $2
     GROUP BY 1, provider_id ORDER BY 1, provider_id`,
    [new Date(from).toISOString(), new Date(to).toISOString(), EAT_OFFSET_MS / 1000],
  );
  return rows.map((r) => ({
    day: r.day,
    providerId: r.provider_id,
    rounds: r.rounds,
    stakes: r.stakes,
    wins: r.wins,
    ggr: r.stakes - r.wins,
  }));
};
