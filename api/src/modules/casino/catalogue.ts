/**
 * The casino game catalogue, providers and game launch on the server (issue 22 §1, §3; spec §1 casino
 * page, §2 `/casino` with search and sort). Validation, lobby search and sort are the domain's
 * (`validateCasinoGame`, `casinoLobby`, docs/casino.md "Catalogue and lobby").
 */
import { randomBytes } from 'node:crypto';
import {
  CASINO_CATEGORIES,
  CASINO_LANGUAGES,
  CASINO_SORTS,
  casinoCatalogueDuplicates,
  casinoLobby,
  validateCasinoGame,
} from '@bashiri/domain';
import type { CasinoCategory, CasinoGame, CasinoLanguage, CasinoSort, DomainError } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';
import { codedError, fromDomainError } from '../../graphql/errors.ts';
import { casinoConfigChanged } from './wallet-facts.ts';

/** How long a launch's session token accepts bets and balance calls: 4 hours (wins arrive after). */
export const CASINO_SESSION_TTL_MS = 4 * 3_600_000;

/** A game as the GraphQL `CasinoGame` type shows it. */
export interface CasinoGameView {
  providerId: string;
  gameId: string;
  category: string;
  nameSw: string;
  nameEn: string;
  nameZh: string;
  thumbnail: string;
  rtpPercent: string;
  volatility: string;
  minStake: number;
  maxStake: number;
  sortOrder: number;
  visible: boolean;
  popular: boolean;
  isNew: boolean;
}

interface GameRow {
  provider_id: string;
  game_id: string;
  category: string;
  name_sw: string;
  name_en: string;
  name_zh: string;
  thumbnail: string;
  rtp_percent: string;
  volatility: string;
  min_stake: number;
  max_stake: number;
  sort_order: number;
  visible: boolean;
  popular: boolean;
  is_new: boolean;
}

const GAME_COLUMNS = `provider_id, game_id, category, name_sw, name_en, name_zh, thumbnail, rtp_percent::text AS rtp_percent,
  volatility, min_stake::int AS min_stake, max_stake::int AS max_stake, sort_order, visible, popular, is_new`;

const viewOf = (r: GameRow): CasinoGameView => ({
  providerId: r.provider_id,
  gameId: r.game_id,
  category: r.category,
  nameSw: r.name_sw,
  nameEn: r.name_en,
  nameZh: r.name_zh,
  thumbnail: r.thumbnail,
  rtpPercent: r.rtp_percent,
  volatility: r.volatility,
  minStake: r.min_stake,
  maxStake: r.max_stake,
  sortOrder: r.sort_order,
  visible: r.visible,
  popular: r.popular,
  isNew: r.is_new,
});

/** The domain's game of a view (for lobby sort and search). */
const domainGame = (v: CasinoGameView): CasinoGame & { view: CasinoGameView } => ({
  providerId: v.providerId,
  gameId: v.gameId,
  category: v.category as CasinoCategory,
  names: { sw: v.nameSw, en: v.nameEn, zh: v.nameZh },
  thumbnail: v.thumbnail,
  rtpPercent: Number(v.rtpPercent),
  volatility: v.volatility as CasinoGame['volatility'],
  minStake: v.minStake,
  maxStake: v.maxStake,
  sortOrder: v.sortOrder,
  visible: v.visible,
  popular: v.popular,
  new: v.isNew,
  view: v,
});

/** Every game of the catalogue (hidden ones too), staff order. */
export const allGames = async (sql: SqlExecutor): Promise<CasinoGameView[]> =>
  (
    await sql.query<GameRow>(
      `SELECT ${GAME_COLUMNS} FROM casino_games ORDER BY sort_order, provider_id, game_id`,
    )
  ).rows.map(viewOf);

/** The lobby's arguments, each optional (defaults: Swahili, popular, all categories). */
export interface LobbyArgs {
  language?: string | null;
  sort?: string | null;
  search?: string | null;
  category?: string | null;
}

/**
 * The lobby (spec §2): visible games of enabled providers, filtered and sorted by the domain's
 * `casinoLobby`. Unknown language, sort or category: `CASINO_LOBBY_ARGUMENT_INVALID` with its field.
 */
export const lobbyGames = async (sql: SqlExecutor, args: LobbyArgs): Promise<CasinoGameView[]> => {
  const language = (args.language ?? 'sw') as CasinoLanguage;
  const sort = (args.sort ?? 'popular') as CasinoSort;
  if (!CASINO_LANGUAGES.includes(language))
    throw codedError('CASINO_LOBBY_ARGUMENT_INVALID', 'language: sw, en or zh', { field: 'language' });
  if (!CASINO_SORTS.includes(sort))
    throw codedError('CASINO_LOBBY_ARGUMENT_INVALID', 'sort: popular, new or az', { field: 'sort' });
  if (args.category && !CASINO_CATEGORIES.includes(args.category as CasinoCategory))
    throw codedError('CASINO_LOBBY_ARGUMENT_INVALID', 'unknown category', { field: 'category' });
  const rows = (
    await sql.query<GameRow>(
      `SELECT ${GAME_COLUMNS} FROM casino_games
       WHERE visible AND provider_id IN (SELECT id FROM casino_providers WHERE enabled)`,
    )
  ).rows;
  return casinoLobby(rows.map(viewOf).map(domainGame), {
    language,
    sort,
    ...(args.search ? { search: args.search } : {}),
    ...(args.category ? { category: args.category as CasinoCategory } : {}),
  }).map((g) => g.view);
};

/** One visible game of an enabled provider, or null. */
export const visibleGame = async (
  sql: SqlExecutor,
  providerId: string,
  gameId: string,
): Promise<CasinoGameView | null> => {
  const { rows } = await sql.query<GameRow>(
    `SELECT ${GAME_COLUMNS} FROM casino_games
     WHERE provider_id = $1 AND game_id = $2 AND visible
       AND EXISTS (SELECT 1 FROM casino_providers p WHERE p.id = $1 AND p.enabled)`,
    [providerId, gameId],
  );
  return rows[0] ? viewOf(rows[0]) : null;
};

/** The domain's shape of a GraphQL game input (for validation). */
const inputToDomain = (i: CasinoGameView) => ({
  providerId: i.providerId,
  gameId: i.gameId,
  category: i.category,
  names: { sw: i.nameSw, en: i.nameEn, zh: i.nameZh },
  thumbnail: i.thumbnail,
  // GraphQL carries the percent as text ("99.00"); the domain checks it as a number with ≤ 2 decimals.
  rtpPercent: /^\d+(\.\d+)?$/.test(i.rtpPercent) ? Number(i.rtpPercent) : Number.NaN,
  volatility: i.volatility,
  minStake: i.minStake,
  maxStake: i.maxStake,
  sortOrder: i.sortOrder,
  visible: i.visible,
  popular: i.popular,
  new: i.isNew,
});

const firstError = (errors: readonly DomainError[], prefix = ''): Error => {
  const e = errors[0]!;
  return fromDomainError({ ...e, ...(e.field !== undefined ? { field: `${prefix}${e.field}` } : {}) });
};

/** The columns a game is written with, in the order of {@link gameValues} ($1 … $16). */
const GAME_WRITE_COLUMNS = `provider_id, game_id, category, name_sw, name_en, name_zh, thumbnail, rtp_percent,
  volatility, min_stake, max_stake, sort_order, visible, popular, is_new, updated_at`;
/** What a write of an existing game changes (every column but the key). */
const GAME_UPDATE_SET = `category = $3, name_sw = $4, name_en = $5, name_zh = $6, thumbnail = $7,
  rtp_percent = $8, volatility = $9, min_stake = $10, max_stake = $11, sort_order = $12, visible = $13,
  popular = $14, is_new = $15, updated_at = $16`;

const gameValues = (g: CasinoGame, now: string) => [
  g.providerId,
  g.gameId,
  g.category,
  g.names.sw,
  g.names.en,
  g.names.zh,
  g.thumbnail,
  g.rtpPercent,
  g.volatility,
  g.minStake,
  g.maxStake,
  g.sortOrder,
  g.visible,
  g.popular,
  g.new,
  now,
];

/**
 * Writes one (already validated) game: the one definition of the catalogue's write, used by staff's
 * edits and imports (`onConflict: 'update'`) and by the sandbox's seed (`'keep'`: a game staff already
 * have is left as they edited it). Answers the game as stored, or null when `'keep'` kept a row.
 */
export const upsertGame = async (
  sql: SqlExecutor,
  g: CasinoGame,
  now: string,
  onConflict: 'update' | 'keep' = 'update',
): Promise<CasinoGameView | null> => {
  const { rows } = await sql.query<GameRow>(
    `INSERT INTO casino_games (${GAME_WRITE_COLUMNS})
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     ON CONFLICT (provider_id, game_id) DO ${onConflict === 'update' ? `UPDATE SET ${GAME_UPDATE_SET}` : 'NOTHING'}
     RETURNING ${GAME_COLUMNS}`,
    gameValues(g, now),
  );
  casinoConfigChanged();
  return rows[0] ? viewOf(rows[0]) : null;
};

const upsert = async (sql: SqlExecutor, g: CasinoGame, now: string): Promise<CasinoGameView> =>
  (await upsertGame(sql, g, now, 'update'))!;

const requireProvider = async (sql: SqlExecutor, providerId: string) => {
  const { rows } = await sql.query('SELECT 1 FROM casino_providers WHERE id = $1', [providerId]);
  if (rows.length === 0)
    throw codedError('CASINO_PROVIDER_UNKNOWN', 'unknown provider', { field: 'providerId' });
};

/** Creates or updates one game. Throws the first `CASINO_GAME_*` problem with its field. */
export const saveGame = async (sql: SqlExecutor, input: CasinoGameView, now: string) => {
  const valid = validateCasinoGame(inputToDomain(input));
  if (!valid.ok) throw firstError(valid.errors);
  await requireProvider(sql, valid.game.providerId);
  return upsert(sql, valid.game, now);
};

/**
 * Imports a provider's game list (upsert by provider and game id). All or nothing: a game of another
 * provider (`CASINO_GAME_PROVIDER_MISMATCH`), an invalid game (`CASINO_GAME_*`, field `[i].<field>`) or
 * a game listed twice (`CASINO_GAME_DUPLICATE`) saves nothing.
 */
export const importGames = async (
  sql: SqlExecutor,
  providerId: string,
  inputs: readonly CasinoGameView[],
  now: string,
) => {
  await requireProvider(sql, providerId);
  const games: CasinoGame[] = [];
  for (const [i, input] of inputs.entries()) {
    if (input.providerId !== providerId)
      throw codedError('CASINO_GAME_PROVIDER_MISMATCH', 'a game of another provider', {
        field: `[${i}].providerId`,
      });
    const valid = validateCasinoGame(inputToDomain(input));
    if (!valid.ok) throw firstError(valid.errors, `[${i}].`);
    games.push(valid.game);
  }
  const dup = casinoCatalogueDuplicates(games);
  if (dup.length > 0) throw firstError(dup);
  const saved: CasinoGameView[] = [];
  for (const g of games) saved.push(await upsert(sql, g, now));
  return saved;
};

/** A new session token: `cst_` and 32 random hex characters (node:crypto). */
export const newSessionToken = (): string => `cst_${randomBytes(16).toString('hex')}`;

/**
 * Launches a game (issue 22 §3): a session token for the player (or for nobody in demo mode), valid
 * {@link CASINO_SESSION_TTL_MS}, and the provider's URL with `{gameId}`, `{token}`, `{lang}`, `{mode}`
 * filled in. Throws `CASINO_GAME_UNKNOWN` when the game is not visible or its provider is disabled.
 */
export const launchGame = async (
  sql: SqlExecutor,
  args: { providerId: string; gameId: string; userId: string | null; language: string; nowMs: number },
) => {
  const game = await visibleGame(sql, args.providerId, args.gameId);
  if (!game) throw codedError('CASINO_GAME_UNKNOWN', 'no such game', { field: 'gameId' });
  const { rows } = await sql.query<{ launch_url: string }>(
    'SELECT launch_url FROM casino_providers WHERE id = $1',
    [args.providerId],
  );
  const token = newSessionToken();
  const demo = args.userId === null;
  const expiresAt = new Date(args.nowMs + CASINO_SESSION_TTL_MS);
  await sql.query(
    `INSERT INTO casino_sessions (token, provider_id, game_id, user_id, demo, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      token,
      args.providerId,
      args.gameId,
      args.userId,
      demo,
      new Date(args.nowMs).toISOString(),
      expiresAt.toISOString(),
    ],
  );
  const language = CASINO_LANGUAGES.includes(args.language as CasinoLanguage) ? args.language : 'sw';
  const url = rows[0]!.launch_url
    .replaceAll('{gameId}', encodeURIComponent(args.gameId))
    .replaceAll('{token}', encodeURIComponent(token))
    .replaceAll('{lang}', language)
    .replaceAll('{mode}', demo ? 'demo' : 'real');
  return { url, sessionToken: token, expiresAt, demo };
};
