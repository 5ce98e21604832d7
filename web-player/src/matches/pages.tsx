/**
 * The match screens of spec §2 but `/home` (HomePage.tsx): `/ready_start` with the §9 date
 * selector, `/rolling_ball`, `/search_result`, `/league_search`, `/competition_search`,
 * `/national_competition`, `/markets`, `/results` and `/404`.
 */
import { OFFER_STATUS } from '@bashiri/domain';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { useServices } from '../app/services.tsx';
import type { SelectionOffer } from '../betslip/types.ts';
import { MatchesMarketsDocument, MatchesMenuDocument, MatchesResultsDocument } from '../graphql/generated.ts';
import { useLiveState, useSlipSelections } from './hooks.ts';
import { useMarketNames } from './market-names.ts';
import { MatchList } from './MatchList.tsx';
import { OddsButton } from './MatchRow.tsx';
import { countryLoader, leagueLoader, liveLoader, searchLoader, upcomingLoader } from './loaders.ts';
import { MatchFacts } from './MatchFacts.tsx';
import { searchKeyword } from './search.ts';
import {
  applyLive,
  applyLiveFacts,
  applyLiveOutcome,
  byLeague,
  dateChoices,
  ENDED,
  goalMinutes,
  IN_PLAY,
  kickOff,
  resultDateChoices,
} from './model.ts';
import './matches.css';

/** `/ready_start`: upcoming matches, one day of today..today+6 (East Africa Time) or all. */
export function UpcomingPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const date = params.get('date');
  const days = useMemo(() => dateChoices(Date.now()), []);
  const load = useMemo(() => upcomingLoader(date), [date]);
  const label = (day: string, i: number) =>
    i === 0
      ? t('matches.today')
      : new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', timeZone: 'UTC' }).format(
          new Date(`${day}T00:00:00Z`),
        );
  return (
    <>
      <nav className="dates" aria-label={t('titles.ready_start')}>
        <button
          type="button"
          className={date === null ? 'date is-active' : 'date'}
          onClick={() => setParams({})}
        >
          {t('matches.allDays')}
        </button>
        {days.map((day, i) => (
          <button
            key={day}
            type="button"
            className={date === day ? 'date is-active' : 'date'}
            onClick={() => setParams({ date: day })}
          >
            {label(day, i)}
          </button>
        ))}
      </nav>
      <MatchList load={load} loadKey={`upcoming:${date ?? ''}`} title={t('titles.ready_start')} />
    </>
  );
}

/**
 * `/results?date=`: finished matches of today or one of the 6 days before (East Africa Time), by league,
 * with final and half-time scores and goal minutes (issue 16 item 1; spec §9 result page size 20).
 */
export function ResultsPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const days = useMemo(() => resultDateChoices(Date.now()), []);
  const date = params.get('date') ?? days[0]!;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [result, reexecute] = useQuery({
    query: MatchesResultsDocument,
    variables: { date, page },
    requestPolicy: 'cache-and-network',
  });
  const label = (day: string, i: number) =>
    i === 0
      ? t('matches.today')
      : new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', timeZone: 'UTC' }).format(
          new Date(`${day}T00:00:00Z`),
        );
  const data = result.data?.resultMatches;
  const pages = data ? Math.max(1, Math.ceil(data.count / data.pageSize)) : 1;
  return (
    <section className="matches results">
      <h1 className="matches__title">{t('matches.results.title')}</h1>
      <nav className="dates" aria-label={t('matches.results.title')}>
        {days.map((day, i) => (
          <button
            key={day}
            type="button"
            className={date === day ? 'date is-active' : 'date'}
            aria-pressed={date === day}
            onClick={() => setParams(i === 0 ? {} : { date: day })}
          >
            {label(day, i)}
          </button>
        ))}
      </nav>
      {!data && result.fetching && <p className="matches__empty">{t('matches.loading')}</p>}
      {!data && result.error && (
        <p className="matches__empty">
          {t('matches.loadFailed')}{' '}
          <button type="button" className="link" onClick={() => reexecute({ requestPolicy: 'network-only' })}>
            {t('matches.retry')}
          </button>
        </p>
      )}
      {data && data.content.length === 0 && <p className="matches__empty">{t('matches.results.empty')}</p>}
      {data &&
        byLeague(data.content).map((group) => (
          <section key={`${group.competitionId}:${group.matches[0]!.id}`} className="results__league">
            <h2 className="results__title">{group.league}</h2>
            <ul className="results__list">
              {group.matches.map((m) => {
                const home = goalMinutes(m, 'home');
                const away = goalMinutes(m, 'away');
                return (
                  <li key={m.id}>
                    <Link className="result" data-match={m.id} to={`/markets?id=${encodeURIComponent(m.id)}`}>
                      <span className="result__time">{kickOff(m.matchTime).time}</span>
                      <span className="result__teams">
                        <span className="result__team">
                          <span className="match__name">{m.teamHome}</span>
                          <strong className="result__score">{m.homeScore ?? '-'}</strong>
                        </span>
                        {home && <span className="result__goals">⚽ {home}</span>}
                        <span className="result__team">
                          <span className="match__name">{m.teamAway}</span>
                          <strong className="result__score">{m.awayScore ?? '-'}</strong>
                        </span>
                        {away && <span className="result__goals">⚽ {away}</span>}
                      </span>
                      {m.htHomeScore !== null && (
                        <span className="result__ht">
                          {t('matches.results.halfTime', { score: `${m.htHomeScore}-${m.htAwayScore ?? 0}` })}
                        </span>
                      )}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      {data && pages > 1 && (
        <nav className="results__pager">
          <button
            type="button"
            className="link"
            disabled={page <= 1}
            onClick={() => setParams({ date, page: String(page - 1) })}
          >
            ‹ {t('matches.results.prev')}
          </button>
          <span>
            {page} / {pages}
          </span>
          <button
            type="button"
            className="link"
            disabled={page >= pages}
            onClick={() => setParams({ date, page: String(page + 1) })}
          >
            {t('matches.results.next')} ›
          </button>
        </nav>
      )}
    </section>
  );
}

/** `/rolling_ball`: live matches; status and score pushed by `liveMatchList`. */
export function LivePage() {
  const { t } = useTranslation();
  return <MatchList load={liveLoader} loadKey="live" title={t('matches.liveNow')} liveList />;
}

/** `/search_result?key_word=`: matches whose teams or league match the keyword (spec §2). */
export function SearchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const keyword = searchKeyword(params);
  const load = useMemo(() => searchLoader(keyword), [keyword]);
  if (!keyword) return <p className="matches__empty">{t('matches.searchEmpty')}</p>;
  return <MatchList load={load} loadKey={`search:${keyword}`} title={t('matches.resultsFor', { keyword })} />;
}

/** `/league_search?competition_id=`: the matches of a (hot) league. */
export function LeaguePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('competition_id') ?? '';
  const [menu] = useQuery({ query: MatchesMenuDocument });
  const name =
    menu.data?.popularCompetitions.find((c) => c.id === id)?.title ??
    menu.data?.countryMenu.flatMap((c) => c.competitions).find((c) => c.id === id)?.name;
  const load = useMemo(() => leagueLoader(id), [id]);
  return <MatchList load={load} loadKey={`league:${id}`} title={name ?? t('titles.league_search')} />;
}

/** `/national_competition?national_id=`: the matches of a country. */
export function CountryPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('national_id') ?? '';
  const [menu] = useQuery({ query: MatchesMenuDocument });
  const country = menu.data?.countryMenu.find((c) => c.id === id);
  const load = useMemo(() => countryLoader(id), [id]);
  return (
    <MatchList
      load={load}
      loadKey={`country:${id}`}
      title={country ? country.name : t('titles.national_competition')}
    />
  );
}

/** `/competition_search?competition_id=<country id>`: the leagues of a country with their match counts. */
export function CompetitionSearchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('competition_id') ?? params.get('national_id') ?? '';
  const [menu] = useQuery({ query: MatchesMenuDocument });
  const country = menu.data?.countryMenu.find((c) => c.id === id);
  return (
    <section className="matches">
      <h1 className="matches__title">{country ? country.name : t('matches.leagues')}</h1>
      {menu.fetching && !menu.data && <p className="matches__empty">{t('matches.loading')}</p>}
      <ul className="leagues">
        {country?.competitions.map((c) => (
          <li key={c.id}>
            <Link to={`/league_search?competition_id=${encodeURIComponent(c.id)}`}>
              <span>{c.name}</span>
              <span className="count">{t('matches.matchCount', { count: c.matchCount })}</span>
            </Link>
          </li>
        ))}
      </ul>
      {menu.data && !country && <p className="matches__empty">{t('matches.noMatches')}</p>}
    </section>
  );
}

/**
 * Order of the market groups on a match page, by betting-type id (api catalogue conventions.ts): the
 * 1X2 first as on every sportsbook, then the other popular markets, correct score last. The server
 * answers them by id (double chance 9 would come first and 1X2 69 after the long handicap lists).
 */
const GROUP_ORDER = [69, 9, 1002, 76, 47, 1001, 48, 45];
const groupRank = (bettingTypeId: number) => {
  const i = GROUP_ORDER.indexOf(bettingTypeId);
  return i < 0 ? GROUP_ORDER.length : i;
};

/** `/markets?id=<match id>`: every market of a match, live. */
export function MarketsPage() {
  const { t } = useTranslation();
  const names = useMarketNames();
  const { betslip } = useServices();
  const [params] = useSearchParams();
  const matchId = params.get('id') ?? '';
  const [result, reexecute] = useQuery({
    query: MatchesMarketsDocument,
    variables: { matchId },
    pause: !matchId,
  });
  const live = useLiveState(matchId ? [matchId] : []);
  const selected = useSlipSelections(betslip);
  const onToggle = useCallback((offer: SelectionOffer) => betslip.send({ type: 'TOGGLE', offer }), [betslip]);
  const data = result.data?.matchMarkets;
  if (!matchId || (result.error && !data))
    return (
      <p className="matches__empty">
        {t('matches.loadFailed')}{' '}
        <button type="button" className="link" onClick={() => reexecute({ requestPolicy: 'network-only' })}>
          {t('matches.retry')}
        </button>
      </p>
    );
  if (!data) return <p className="matches__empty">{t('matches.loading')}</p>;
  const match = applyLive(data.match, live);
  const facts = applyLiveFacts(data.match, data.match, live);
  const { time, day } = kickOff(match.matchTime);
  const scored = match.statusId === IN_PLAY || match.statusId === ENDED;
  const clock =
    match.statusId === IN_PLAY
      ? `${t('matches.live')} ${match.matchMinute === 'HT' ? t('matches.halfTime') : `${match.matchMinute ?? ''}'`}`
      : match.statusId === ENDED
        ? t('matches.fullTime')
        : `${day} ${time}`;
  return (
    <section className="markets">
      <header className="markets__head">
        <Link to="/home" className="link">
          ‹ {t('matches.back')}
        </Link>
        <div className="markets__league">{match.league}</div>
        <div className="markets__teams">
          <span>{match.teamHome}</span>
          <strong>{scored ? `${match.homeScore ?? 0} : ${match.awayScore ?? 0}` : 'vs'}</strong>
          <span>{match.teamAway}</span>
        </div>
        <div className="markets__time">{clock}</div>
        {scored && <MatchFacts facts={facts} />}
      </header>
      {[...data.groups]
        .sort((a, b) => groupRank(a.bettingTypeId) - groupRank(b.bettingTypeId))
        .map((group) => (
          <details key={group.bettingTypeId} className="market-group" open>
            <summary>
              {names.market(group.typeName)}
              {match.statusId === ENDED && (
                <span className="market-group__settled">{t('matches.settled')}</span>
              )}
            </summary>
            {group.markets.map((market) => (
              <div key={market.id} className="market">
                {group.markets.length > 1 && <div className="market__name">{names.market(market.name)}</div>}
                <div className="market__outcomes">
                  {market.outcomes.map((o) => {
                    const outcome = applyLiveOutcome(o, live, match.statusId);
                    return (
                      <OddsButton
                        key={o.id}
                        match={match}
                        outcome={market.statusId === OFFER_STATUS.OPEN ? outcome : null}
                        label={names.outcome(outcome.name)}
                        selected={selected.has(o.id)}
                        onToggle={onToggle}
                      />
                    );
                  })}
                </div>
              </div>
            ))}
          </details>
        ))}
    </section>
  );
}

/** `/404`. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="notfound">
      <h1>404</h1>
      <p>{t('matches.notFound')}</p>
      <Link to="/home" className="button">
        {t('matches.goHome')}
      </Link>
    </section>
  );
}
