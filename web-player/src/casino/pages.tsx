/**
 * The casino lobby and game page of the player site (issue 22 §3, §5; spec §1 casino page, §2
 * `/casino` with search and sort; server module `casino`, docs/casino.md). The lobby lists the visible
 * games by category, search and sort (popular, new, A–Z: the server sorts with the domain's
 * `casinoLobby`), plus the player's recent and favourite games (kept in this browser). The game page
 * asks the server for a launch URL (a short-lived session token; demo mode, without money, for
 * visitors) and opens the provider's game in an iframe on a desktop, full screen on a phone.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import '../account/account.css';
import './casino.css';
import { Notice, refusalOf, useCodeText, usePageTitle } from '../account/common.tsx';
import { useSessionToken } from '../app/services.tsx';
import type {
  CasinoGameInfoQuery,
  CasinoGameInfoQueryVariables,
  CasinoLaunchMutation,
  CasinoLaunchMutationVariables,
  CasinoLobbyQuery,
  CasinoLobbyQueryVariables,
} from '../graphql/generated.ts';

/*
 * The operations of casino.graphql (codegen checks them and types them), sent as text: importing the
 * generated document objects would put them in the first-load chunk with the rest of generated.ts.
 */
const LOBBY = `query CasinoLobby($language: String, $sort: String, $search: String, $category: String) {
  casinoGames(language: $language, sort: $sort, search: $search, category: $category) {
    providerId gameId category nameSw nameEn nameZh thumbnail rtpPercent volatility minStake maxStake popular isNew } }`;
const GAME_INFO = `query CasinoGameInfo($providerId: ID!, $gameId: ID!) {
  casinoGame(providerId: $providerId, gameId: $gameId) { providerId gameId nameSw nameEn nameZh rtpPercent minStake maxStake } }`;
const LAUNCH = `mutation CasinoLaunch($providerId: ID!, $gameId: ID!, $demo: Boolean, $language: String) {
  launchCasinoGame(providerId: $providerId, gameId: $gameId, demo: $demo, language: $language) { url demo expiresAt } }`;

/** The catalogue's language code of the site's language. */
const catalogueLanguage = (language: string): 'sw' | 'en' | 'zh' =>
  language.startsWith('en') ? 'en' : language.startsWith('zh') ? 'zh' : 'sw';

/** A game's name in the catalogue language. */
const nameOf = (g: { nameSw: string; nameEn: string; nameZh: string }, lang: 'sw' | 'en' | 'zh') =>
  lang === 'en' ? g.nameEn : lang === 'zh' ? g.nameZh : g.nameSw;

const SORTS = ['popular', 'new', 'az'] as const;
const CATEGORIES = ['all', 'crash', 'instant', 'slots', 'table', 'live', 'recent', 'favourites'] as const;
type Category = (typeof CATEGORIES)[number];

/** Games the player opened or starred, in this browser (`provider/game` keys, newest first). */
const stored = (key: string): string[] => {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};
const RECENT = 'bashiri.casino.recent';
const FAVOURITES = 'bashiri.casino.favourites';
const gameKey = (g: { providerId: string; gameId: string }) => `${g.providerId}/${g.gameId}`;

/** `/casino`: the lobby. */
export function CasinoLobbyPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('casino.title');
  const lang = catalogueLanguage(i18n.language);
  const [params, setParams] = useSearchParams();
  const sort = (SORTS as readonly string[]).includes(params.get('sort') ?? '')
    ? params.get('sort')!
    : 'popular';
  const category = (
    (CATEGORIES as readonly string[]).includes(params.get('category') ?? '') ? params.get('category') : 'all'
  ) as Category;
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [favourites, setFavourites] = useState(() => stored(FAVOURITES));
  const recent = useMemo(() => stored(RECENT), []);
  const serverCategory =
    category === 'all' || category === 'recent' || category === 'favourites' ? null : category;
  const [{ data, fetching, error }] = useQuery<CasinoLobbyQuery, CasinoLobbyQueryVariables>({
    query: LOBBY,
    variables: { language: lang, sort, search: search.trim() || null, category: serverCategory },
  });
  const codeText = useCodeText();
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true });
  };
  const toggleFavourite = (key: string) => {
    const next = favourites.includes(key) ? favourites.filter((k) => k !== key) : [key, ...favourites];
    localStorage.setItem(FAVOURITES, JSON.stringify(next));
    setFavourites(next);
  };
  let games = data?.casinoGames ?? [];
  if (category === 'recent') games = recent.flatMap((k) => games.filter((g) => gameKey(g) === k));
  if (category === 'favourites') games = games.filter((g) => favourites.includes(gameKey(g)));
  const refusal = refusalOf(error);
  return (
    <section className="casino" aria-labelledby="casino-title">
      <h1 id="casino-title" className="casino-title">
        {t('casino.title')}
      </h1>
      <div className="casino-tools">
        <input
          type="search"
          className="casino-search"
          aria-label={t('casino.search')}
          placeholder={t('casino.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="casino-search"
        />
        <label className="casino-sort">
          {t('casino.sort.label')}{' '}
          <select value={sort} onChange={(e) => set('sort', e.target.value)} data-testid="casino-sort">
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`casino.sort.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <nav className="casino-categories" aria-label={t('casino.title')}>
        {CATEGORIES.map((c) => (
          <button
            key={c}
            type="button"
            className={c === category ? 'casino-chip casino-chip-on' : 'casino-chip'}
            aria-pressed={c === category}
            onClick={() => set('category', c)}
          >
            {t(`casino.category.${c}`)}
          </button>
        ))}
      </nav>
      {refusal && <Notice kind="error">{codeText(refusal.code)}</Notice>}
      {fetching && !data && <p className="acc-muted">{t('casino.loading')}</p>}
      {data && games.length === 0 && <p className="acc-empty">{t('casino.empty')}</p>}
      <ul className="casino-grid">
        {games.map((g) => {
          const key = gameKey(g);
          return (
            <li key={key} className="casino-tile" data-testid={`casino-tile-${g.gameId}`}>
              <Link
                to={`/casino/game?provider=${encodeURIComponent(g.providerId)}&game=${encodeURIComponent(g.gameId)}`}
              >
                <img src={g.thumbnail} alt="" loading="lazy" width={160} height={120} />
                <span className="casino-name">{nameOf(g, lang)}</span>
                <span className="casino-meta">{t('casino.rtp', { rtp: g.rtpPercent })}</span>
                {g.isNew && <span className="casino-badge">{t('casino.badge.new')}</span>}
                {!g.isNew && g.popular && <span className="casino-badge">{t('casino.badge.popular')}</span>}
              </Link>
              <button
                type="button"
                className="casino-star"
                aria-pressed={favourites.includes(key)}
                aria-label={t('casino.favourite')}
                onClick={() => toggleFavourite(key)}
              >
                {favourites.includes(key) ? '★' : '☆'}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** `/casino/game?provider=&game=`: the game, launched for the player (or in demo mode for a visitor). */
export function CasinoGamePage() {
  const { t, i18n } = useTranslation();
  const lang = catalogueLanguage(i18n.language);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const providerId = params.get('provider') ?? '';
  const gameId = params.get('game') ?? '';
  const loggedIn = useSessionToken() !== null;
  const [{ data }] = useQuery<CasinoGameInfoQuery, CasinoGameInfoQueryVariables>({
    query: GAME_INFO,
    variables: { providerId, gameId },
  });
  const [launch, runLaunch] = useMutation<CasinoLaunchMutation, CasinoLaunchMutationVariables>(LAUNCH);
  const codeText = useCodeText();
  const game = data?.casinoGame;
  usePageTitle('casino.title');
  useEffect(() => {
    if (!providerId || !gameId) return;
    void runLaunch({ providerId, gameId, demo: !loggedIn, language: lang });
    const key = `${providerId}/${gameId}`;
    localStorage.setItem(
      RECENT,
      JSON.stringify([key, ...stored(RECENT).filter((k) => k !== key)].slice(0, 12)),
    );
  }, [providerId, gameId, loggedIn, lang, runLaunch]);
  const refusal = refusalOf(launch.error);
  const url = launch.data?.launchCasinoGame.url;
  return (
    <section className="casino casino-game">
      <div className="casino-game-bar">
        <Link to="/casino" className="casino-back">
          ‹ {t('casino.back')}
        </Link>
        <h1 className="casino-game-name">{game ? nameOf(game, lang) : gameId}</h1>
        <button
          type="button"
          className="casino-close"
          onClick={() => navigate('/casino')}
          aria-label={t('casino.close')}
        >
          ×
        </button>
      </div>
      {launch.data?.launchCasinoGame.demo && <p className="casino-demo">{t('casino.demoNote')}</p>}
      {game && (
        <p className="acc-muted">
          {t('casino.rtp', { rtp: game.rtpPercent })} ·{' '}
          {t('casino.stakes', { min: game.minStake, max: game.maxStake })}
        </p>
      )}
      {refusal && <Notice kind="error">{codeText(refusal.code)}</Notice>}
      {url && (
        <iframe
          className="casino-frame"
          src={url}
          title={game ? nameOf(game, lang) : gameId}
          data-testid="casino-frame"
        />
      )}
    </section>
  );
}
