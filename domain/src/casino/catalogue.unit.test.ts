import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  casinoGameErrors,
  casinoLobby,
  casinoCatalogueDuplicates,
  foldCasinoSearch,
  matchesCasinoSearch,
  sortCasinoGames,
  validateCasinoGame,
  type CasinoGame,
} from './catalogue.ts';

const game = (over: Partial<CasinoGame> & { gameId: string }): CasinoGame => ({
  providerId: 'sandbox',
  category: 'crash',
  names: { sw: over.gameId, en: over.gameId, zh: over.gameId },
  thumbnail: `/casino/thumbs/${over.gameId}.webp`,
  rtpPercent: 99,
  volatility: 'high',
  minStake: 100,
  maxStake: 500_000,
  sortOrder: 10,
  visible: true,
  popular: false,
  new: false,
  ...over,
});

const aviator = game({
  gameId: 'crash',
  names: { sw: 'Ndege Angani', en: 'Sky Crash', zh: '飞机冲天' },
  popular: true,
  sortOrder: 2,
});
const dice = game({
  gameId: 'dice',
  category: 'instant',
  names: { sw: 'Kete', en: 'Dice', zh: '骰子' },
  volatility: 'low',
  new: true,
  sortOrder: 5,
});
const elite = game({
  gameId: 'elite',
  category: 'slots',
  names: { sw: 'Élite Ushindi', en: 'Élite Wins', zh: '精英' },
  popular: true,
  sortOrder: 1,
  new: true,
});
const hidden = game({
  gameId: 'hidden',
  names: { sw: 'Siri', en: 'Hidden', zh: '隐藏' },
  visible: false,
  popular: true,
});
const all = [aviator, dice, elite, hidden];

describe('catalogue validation', () => {
  it('accepts a complete game, trimming the names', () => {
    const r = validateCasinoGame({ ...aviator, names: { ...aviator.names, en: '  Sky Crash ' }, extra: 1 });
    expect(r).toEqual({ ok: true, game: aviator });
  });
  it('lists every problem with a stable code and its field', () => {
    const errors = casinoGameErrors({
      providerId: 'sand box',
      gameId: '',
      category: 'bingo',
      names: { sw: 'Kete', en: ' ', zh: 'x'.repeat(81) },
      thumbnail: 'http://insecure.example/t.png',
      rtpPercent: 100.5,
      volatility: 'extreme',
      minStake: 1_000,
      maxStake: 10.5,
      sortOrder: -1,
      visible: 'yes',
      popular: true,
      new: false,
    });
    expect(errors.map((e) => `${e.code}@${e.field}`)).toEqual([
      'CASINO_GAME_ID_INVALID@providerId',
      'CASINO_GAME_ID_INVALID@gameId',
      'CASINO_GAME_CATEGORY_UNKNOWN@category',
      'CASINO_GAME_NAME_REQUIRED@names.en',
      'CASINO_GAME_NAME_TOO_LONG@names.zh',
      'CASINO_GAME_THUMBNAIL_INVALID@thumbnail',
      'CASINO_GAME_RTP_INVALID@rtpPercent',
      'CASINO_GAME_VOLATILITY_UNKNOWN@volatility',
      'CASINO_GAME_STAKE_INVALID@maxStake',
      'CASINO_GAME_SORT_ORDER_INVALID@sortOrder',
      'CASINO_GAME_FLAG_INVALID@visible',
    ]);
  });
  it('refuses min above max, zero RTP, fractional stakes, a missing names object', () => {
    expect(casinoGameErrors({ ...aviator, minStake: 600_000 }).map((e) => e.code)).toEqual([
      'CASINO_GAME_STAKE_RANGE',
    ]);
    expect(casinoGameErrors({ ...aviator, rtpPercent: 0 }).map((e) => e.code)).toEqual([
      'CASINO_GAME_RTP_INVALID',
    ]);
    expect(casinoGameErrors({ ...aviator, rtpPercent: 96.123 }).map((e) => e.code)).toEqual([
      'CASINO_GAME_RTP_INVALID',
    ]);
    expect(casinoGameErrors({ ...aviator, minStake: 0.5 }).map((e) => e.code)).toEqual([
      'CASINO_GAME_STAKE_INVALID',
    ]);
    expect(casinoGameErrors({ ...aviator, names: undefined }).map((e) => e.field)).toEqual([
      'names.sw',
      'names.en',
      'names.zh',
    ]);
    expect(casinoGameErrors(null).map((e) => e.code)).toEqual(['CASINO_GAME_INVALID']);
  });
  it('finds duplicates of provider and game id', () => {
    expect(
      casinoCatalogueDuplicates([aviator, dice, { ...aviator }]).map((e) => `${e.code}@${e.field}`),
    ).toEqual(['CASINO_GAME_DUPLICATE@[2].gameId']);
    expect(casinoCatalogueDuplicates([aviator, { ...aviator, providerId: 'other' }])).toEqual([]);
  });
});

describe('lobby search', () => {
  it('folds case, accents and spaces', () => {
    expect(foldCasinoSearch('  Ndégé   ANGANI ')).toBe('ndege angani');
    expect(foldCasinoSearch('飞机')).toBe('飞机');
  });
  it('finds a game by its name in any of the three languages, trimmed, case- and accent-insensitive', () => {
    expect(matchesCasinoSearch(aviator, ' sky ')).toBe(true);
    expect(matchesCasinoSearch(aviator, 'ANGANI')).toBe(true);
    expect(matchesCasinoSearch(aviator, '冲天')).toBe(true);
    expect(matchesCasinoSearch(elite, 'elite')).toBe(true);
    expect(matchesCasinoSearch(elite, 'ÉLITE wins')).toBe(true);
    expect(matchesCasinoSearch(aviator, 'dice')).toBe(false);
    expect(matchesCasinoSearch(aviator, '   ')).toBe(true);
  });
  it('property: a game is found by any trimmed, re-cased piece of any of its names', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(aviator, dice, elite),
        fc.constantFrom('sw' as const, 'en' as const, 'zh' as const),
        fc.nat(),
        fc.nat(),
        (g, language, a, b) => {
          const name = g.names[language];
          const start = a % name.length;
          const end = start + 1 + (b % (name.length - start));
          const piece = name.slice(start, end);
          fc.pre(piece.trim() !== '');
          return matchesCasinoSearch(g, `  ${piece.toUpperCase()} `);
        },
      ),
    );
  });
});

describe('lobby sort and list', () => {
  const ids = (games: readonly CasinoGame[]) => games.map((g) => g.gameId);
  it('popular: popular first, then sort order', () => {
    expect(ids(sortCasinoGames(all, 'popular', 'en'))).toEqual(['elite', 'crash', 'hidden', 'dice']);
  });
  it('new: new first, then sort order', () => {
    expect(ids(sortCasinoGames(all, 'new', 'en'))).toEqual(['elite', 'dice', 'crash', 'hidden']);
  });
  it('A–Z by the name in the player language, accent-insensitive', () => {
    expect(ids(sortCasinoGames(all, 'az', 'en'))).toEqual(['dice', 'elite', 'hidden', 'crash']);
    expect(ids(sortCasinoGames(all, 'az', 'sw'))).toEqual(['elite', 'dice', 'crash', 'hidden']);
  });
  it('the lobby shows visible games only, by category and search', () => {
    expect(ids(casinoLobby(all, { language: 'en', sort: 'popular' }))).toEqual(['elite', 'crash', 'dice']);
    expect(ids(casinoLobby(all, { language: 'sw', sort: 'az', search: 'hidden' }))).toEqual([]);
    expect(ids(casinoLobby(all, { language: 'sw', sort: 'az', category: 'crash' }))).toEqual(['crash']);
    expect(ids(casinoLobby(all, { language: 'zh', sort: 'new', search: ' SKY' }))).toEqual(['crash']);
  });
  it('property: sorting is a permutation and does not depend on the input order', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(all, { minLength: all.length }),
        fc.constantFrom('popular', 'new', 'az' as const),
        (shuffled, sort) => {
          expect(ids(sortCasinoGames(shuffled, sort, 'en'))).toEqual(ids(sortCasinoGames(all, sort, 'en')));
        },
      ),
    );
  });
});
