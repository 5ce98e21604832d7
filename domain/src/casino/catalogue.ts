/**
 * The casino game catalogue and the lobby's sort and search (issue 22 §1, §5; spec §1 "casino page",
 * §2 `/casino` "Casino with search and sort"). Pure: the back office validates a game with
 * {@link validateCasinoGame} before saving it; the player site lists with {@link casinoLobby}.
 *
 * A game: provider, category, a name in each of the three site languages (Swahili, English, Chinese),
 * thumbnail, RTP (percent, 2 decimals), volatility, minimum and maximum stake (whole TZS), sort order,
 * and the visible, popular and new flags.
 */
import { domainError, type DomainError } from '../errors.ts';
import { percentError, type Percent } from '../money/tzs.ts';

/** The site's languages (spec: Swahili default, English, Chinese). */
export const CASINO_LANGUAGES = ['sw', 'en', 'zh'] as const;
export type CasinoLanguage = (typeof CASINO_LANGUAGES)[number];

/** Lobby categories. */
export const CASINO_CATEGORIES = ['crash', 'instant', 'slots', 'table', 'live'] as const;
export type CasinoCategory = (typeof CASINO_CATEGORIES)[number];

export const CASINO_VOLATILITIES = ['low', 'medium', 'high'] as const;
export type CasinoVolatility = (typeof CASINO_VOLATILITIES)[number];

/** One game of the catalogue; `providerId` + `gameId` is unique. */
export interface CasinoGame {
  readonly providerId: string;
  /** The provider's game id (what the wallet API calls carry). */
  readonly gameId: string;
  readonly category: CasinoCategory;
  /** The name in each language; none empty. */
  readonly names: Readonly<Record<CasinoLanguage, string>>;
  /** An https URL or a site path (`/casino/thumbs/crash.webp`). */
  readonly thumbnail: string;
  /** Return to player, percent with at most 2 decimals (e.g. 99 or 96.5), as the provider states it. */
  readonly rtpPercent: Percent;
  readonly volatility: CasinoVolatility;
  /** Whole TZS, 1 ≤ minStake ≤ maxStake. */
  readonly minStake: number;
  readonly maxStake: number;
  /** Staff's order: smaller first; a whole number ≥ 0. */
  readonly sortOrder: number;
  readonly visible: boolean;
  readonly popular: boolean;
  readonly new: boolean;
}

/** Longest id, name and thumbnail we accept (characters). */
export const CASINO_GAME_LIMITS = { id: 64, name: 80, thumbnail: 512 } as const;

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const THUMBNAIL = /^(https:\/\/[^\s]+|\/[^\s]*)$/;

const err = (code: string, field: string, message: string, details?: Record<string, unknown>): DomainError =>
  domainError(code, message, details === undefined ? { field } : { field, details });

const isWholeTzs = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1;

/**
 * Every problem of a game as staff entered it (or a provider's list imported it); empty when valid.
 * Codes (each with its `field`): `CASINO_GAME_ID_INVALID` (providerId, gameId), `CASINO_GAME_CATEGORY_UNKNOWN`,
 * `CASINO_GAME_NAME_REQUIRED` (names.sw|en|zh, blank or missing), `CASINO_GAME_NAME_TOO_LONG`,
 * `CASINO_GAME_THUMBNAIL_INVALID`, `CASINO_GAME_RTP_INVALID`, `CASINO_GAME_VOLATILITY_UNKNOWN`,
 * `CASINO_GAME_STAKE_INVALID` (not whole TZS ≥ 1), `CASINO_GAME_STAKE_RANGE` (min above max),
 * `CASINO_GAME_SORT_ORDER_INVALID`, `CASINO_GAME_FLAG_INVALID` (visible, popular, new not booleans).
 */
export const casinoGameErrors = (input: unknown): DomainError[] => {
  if (typeof input !== 'object' || input === null)
    return [err('CASINO_GAME_INVALID', '', 'a game is an object')];
  const g = input as Record<string, unknown>;
  const errors: DomainError[] = [];
  for (const field of ['providerId', 'gameId'] as const) {
    const v = g[field];
    if (typeof v !== 'string' || v.length > CASINO_GAME_LIMITS.id || !ID.test(v))
      errors.push(err('CASINO_GAME_ID_INVALID', field, `${field}: 1 to 64 letters, digits, ".", "_" or "-"`));
  }
  if (!(CASINO_CATEGORIES as readonly unknown[]).includes(g.category))
    errors.push(
      err('CASINO_GAME_CATEGORY_UNKNOWN', 'category', `category: one of ${CASINO_CATEGORIES.join(', ')}`, {
        category: g.category,
      }),
    );
  const names = (typeof g.names === 'object' && g.names !== null ? g.names : {}) as Record<string, unknown>;
  for (const language of CASINO_LANGUAGES) {
    const name = names[language];
    if (typeof name !== 'string' || name.trim() === '')
      errors.push(err('CASINO_GAME_NAME_REQUIRED', `names.${language}`, `names.${language}: required`));
    else if (name.trim().length > CASINO_GAME_LIMITS.name)
      errors.push(
        err('CASINO_GAME_NAME_TOO_LONG', `names.${language}`, `names.${language}: at most 80 characters`),
      );
  }
  if (
    typeof g.thumbnail !== 'string' ||
    g.thumbnail.length > CASINO_GAME_LIMITS.thumbnail ||
    !THUMBNAIL.test(g.thumbnail)
  )
    errors.push(err('CASINO_GAME_THUMBNAIL_INVALID', 'thumbnail', 'thumbnail: an https URL or a site path'));
  const rtp = percentError(g.rtpPercent, 'rtpPercent');
  if (rtp || g.rtpPercent === 0)
    errors.push(
      err('CASINO_GAME_RTP_INVALID', 'rtpPercent', 'rtpPercent: above 0 and at most 100, 2 decimals'),
    );
  if (!(CASINO_VOLATILITIES as readonly unknown[]).includes(g.volatility))
    errors.push(err('CASINO_GAME_VOLATILITY_UNKNOWN', 'volatility', 'volatility: low, medium or high'));
  const stakesWhole = isWholeTzs(g.minStake) && isWholeTzs(g.maxStake);
  for (const field of ['minStake', 'maxStake'] as const)
    if (!isWholeTzs(g[field]))
      errors.push(err('CASINO_GAME_STAKE_INVALID', field, `${field}: a whole number of TZS, at least 1`));
  if (stakesWhole && (g.minStake as number) > (g.maxStake as number))
    errors.push(
      err('CASINO_GAME_STAKE_RANGE', 'minStake', 'minStake: not above maxStake', {
        minStake: g.minStake,
        maxStake: g.maxStake,
      }),
    );
  if (typeof g.sortOrder !== 'number' || !Number.isSafeInteger(g.sortOrder) || g.sortOrder < 0)
    errors.push(err('CASINO_GAME_SORT_ORDER_INVALID', 'sortOrder', 'sortOrder: a whole number, 0 or more'));
  for (const field of ['visible', 'popular', 'new'] as const)
    if (typeof g[field] !== 'boolean')
      errors.push(err('CASINO_GAME_FLAG_INVALID', field, `${field}: true or false`));
  return errors;
};

/**
 * A valid game (names trimmed, unknown fields dropped), or its problems ({@link casinoGameErrors}).
 */
export const validateCasinoGame = (
  input: unknown,
):
  | { readonly ok: true; readonly game: CasinoGame }
  | { readonly ok: false; readonly errors: readonly DomainError[] } => {
  const errors = casinoGameErrors(input);
  if (errors.length > 0) return { ok: false, errors };
  const g = input as CasinoGame;
  return {
    ok: true,
    game: {
      providerId: g.providerId,
      gameId: g.gameId,
      category: g.category,
      names: { sw: g.names.sw.trim(), en: g.names.en.trim(), zh: g.names.zh.trim() },
      thumbnail: g.thumbnail,
      rtpPercent: g.rtpPercent,
      volatility: g.volatility,
      minStake: g.minStake,
      maxStake: g.maxStake,
      sortOrder: g.sortOrder,
      visible: g.visible,
      popular: g.popular,
      new: g.new,
    },
  };
};

/** `CASINO_GAME_DUPLICATE` for every game whose providerId + gameId appeared earlier in the list. */
export const casinoCatalogueDuplicates = (
  games: readonly Pick<CasinoGame, 'providerId' | 'gameId'>[],
): DomainError[] => {
  const seen = new Set<string>();
  const errors: DomainError[] = [];
  games.forEach((g, i) => {
    const key = `${g.providerId}\u0000${g.gameId}`;
    if (seen.has(key))
      errors.push(
        err('CASINO_GAME_DUPLICATE', `[${i}].gameId`, `${g.providerId}/${g.gameId} is listed twice`, {
          providerId: g.providerId,
          gameId: g.gameId,
        }),
      );
    seen.add(key);
  });
  return errors;
};

// ---------------------------------------------------------------- lobby

/** Lobby sorts (spec §2: popular, new, A–Z). */
export const CASINO_SORTS = ['popular', 'new', 'az'] as const;
export type CasinoSort = (typeof CASINO_SORTS)[number];

/**
 * Text folded for search: trimmed, inner spaces collapsed, accents removed (Unicode NFD, marks dropped),
 * lowercased. "  Ndégé  Angani " → "ndege angani". Chinese characters pass unchanged.
 */
export const foldCasinoSearch = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ');

/** True when the folded `query` is part of the game's name in any of the three languages (empty matches all). */
export const matchesCasinoSearch = (game: Pick<CasinoGame, 'names'>, query: string): boolean => {
  const q = foldCasinoSearch(query);
  return q === '' || CASINO_LANGUAGES.some((language) => foldCasinoSearch(game.names[language]).includes(q));
};

const collators = new Map<CasinoLanguage, Intl.Collator>();
const collator = (language: CasinoLanguage): Intl.Collator => {
  let c = collators.get(language);
  if (!c) {
    c = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
    collators.set(language, c);
  }
  return c;
};

/**
 * Orders games for the lobby in `language`:
 * - `popular`: popular games first, then by sort order, then by name;
 * - `new`: new games first, then by sort order, then by name;
 * - `az`: by the name in `language` (case- and accent-insensitive, numbers in numeric order), then by id.
 * Stable and total (ties broken by provider and game id), so pages never shuffle.
 */
export const sortCasinoGames = <G extends CasinoGame>(
  games: readonly G[],
  sort: CasinoSort,
  language: CasinoLanguage,
): G[] => {
  const byName = (a: G, b: G) =>
    collator(language).compare(a.names[language].trim(), b.names[language].trim());
  const byId = (a: G, b: G) =>
    a.providerId === b.providerId
      ? a.gameId < b.gameId
        ? -1
        : a.gameId > b.gameId
          ? 1
          : 0
      : a.providerId < b.providerId
        ? -1
        : 1;
  const flag = (key: 'popular' | 'new') => (a: G, b: G) => Number(b[key]) - Number(a[key]);
  const order: ((a: G, b: G) => number)[] =
    sort === 'az'
      ? [byName, byId]
      : [flag(sort === 'popular' ? 'popular' : 'new'), (a, b) => a.sortOrder - b.sortOrder, byName, byId];
  return [...games].sort((a, b) => {
    for (const compare of order) {
      const c = compare(a, b);
      if (c !== 0) return c;
    }
    return 0;
  });
};

/** What the lobby asks for. */
export interface CasinoLobbyQuery {
  readonly language: CasinoLanguage;
  readonly sort: CasinoSort;
  /** Free text; trimmed, case- and accent-insensitive, any of the three names. */
  readonly search?: string;
  /** Only this category, when given. */
  readonly category?: CasinoCategory;
}

/** The lobby's list: visible games only, filtered by category and search, then sorted. */
export const casinoLobby = <G extends CasinoGame>(games: readonly G[], query: CasinoLobbyQuery): G[] =>
  sortCasinoGames(
    games.filter(
      (g) =>
        g.visible &&
        (query.category === undefined || g.category === query.category) &&
        matchesCasinoSearch(g, query.search ?? ''),
    ),
    query.sort,
    query.language,
  );
