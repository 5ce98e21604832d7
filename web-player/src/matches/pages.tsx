/**
 * The match screens of spec §2 but `/home` (HomePage.tsx): `/ready_start` with the §9 date
 * selector, `/rolling_ball`, `/search_result`, `/league_search`, `/competition_search`,
 * `/national_competition`, `/markets` and `/404`.
 */
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { useServices } from '../app/services.tsx';
import type { SelectionOffer } from '../betslip/types.ts';
import { MatchesMarketsDocument, MatchesMenuDocument } from '../graphql/generated.ts';
import { useLiveState, useSlipSelections } from './hooks.ts';
import { MatchList } from './MatchList.tsx';
import { OddsButton } from './MatchRow.tsx';
import { countryLoader, leagueLoader, liveLoader, searchLoader, upcomingLoader } from './loaders.ts';
import { applyLive, applyLiveOutcome, dateChoices, IN_PLAY, kickOff } from './model.ts';
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

/** `/rolling_ball`: live matches; status and score pushed by `liveMatchList`. */
export function LivePage() {
  const { t } = useTranslation();
  return <MatchList load={liveLoader} loadKey="live" title={t('matches.liveNow')} liveList />;
}

/** `/search_result?keyword=`: matches whose teams or league match the keyword. */
export function SearchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim();
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

/** `/markets?id=<match id>`: every market of a match, live. */
export function MarketsPage() {
  const { t } = useTranslation();
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
  const { time, day } = kickOff(match.matchTime);
  return (
    <section className="markets">
      <header className="markets__head">
        <Link to="/home" className="link">
          ‹ {t('matches.back')}
        </Link>
        <div className="markets__league">{match.league}</div>
        <div className="markets__teams">
          <span>{match.teamHome}</span>
          <strong>
            {match.statusId === IN_PLAY ? `${match.homeScore ?? 0} : ${match.awayScore ?? 0}` : 'vs'}
          </strong>
          <span>{match.teamAway}</span>
        </div>
        <div className="markets__time">
          {match.statusId === IN_PLAY ? `${t('matches.live')} ${match.matchMinute ?? ''}'` : `${day} ${time}`}
        </div>
      </header>
      {data.groups.map((group) => (
        <details key={group.bettingTypeId} className="market-group" open>
          <summary>{group.typeName}</summary>
          {group.markets.map((market) => (
            <div key={market.id} className="market">
              {group.markets.length > 1 && <div className="market__name">{market.name}</div>}
              <div className="market__outcomes">
                {market.outcomes.map((o) => {
                  const outcome = applyLiveOutcome(o, live, match.statusId);
                  return (
                    <OddsButton
                      key={o.id}
                      match={match}
                      outcome={market.statusId === 1 ? outcome : null}
                      label={outcome.name}
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
