/**
 * The left menu (spec §2 Layout): upcoming and live links, hot leagues (`popularCompetitions`), and the
 * countries with their leagues and match counts (`countryMenu`, first entry All). On narrow screens it
 * is the left drawer.
 */
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useQuery } from 'urql';
import { MatchesMenuDocument, type MatchesMenuQuery } from '../graphql/generated.ts';
import { LanguageSwitch } from './Header.tsx';
import { Icon } from './icons.tsx';

/** The menu over already loaded data (stories render it directly). */
export function LeftMenuView({
  menu,
  onNavigate,
}: {
  readonly menu: MatchesMenuQuery | undefined;
  readonly onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <nav
      className="leftmenu"
      aria-label={t('layout.menu')}
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('a')) onNavigate?.();
      }}
    >
      <div className="leftmenu__language narrow-only">
        <LanguageSwitch />
      </div>
      <NavLink to="/ready_start" className="leftmenu__item">
        <Icon name="calendar" /> {t('layout.left.upcoming')}
      </NavLink>
      <NavLink to="/rolling_ball" className="leftmenu__item">
        <Icon name="live" /> {t('layout.left.live')}
      </NavLink>
      <NavLink to="/results" className="leftmenu__item">
        <Icon name="trophy" /> {t('layout.left.results')}
      </NavLink>
      <NavLink to="/casino" className="leftmenu__item" data-testid="leftmenu-casino">
        <Icon name="ticket" /> {t('layout.left.casino')}
      </NavLink>
      {(menu?.popularCompetitions.length ?? 0) > 0 && (
        <h3 className="leftmenu__title">{t('layout.left.hotLeagues')}</h3>
      )}
      {menu?.popularCompetitions.map((c) => (
        <Link
          key={c.id}
          to={`/league_search?competition_id=${encodeURIComponent(c.id)}`}
          className="leftmenu__item"
        >
          <Icon name="trophy" /> <span className="leftmenu__name">{c.title}</span>
          <span className="count">{c.matchCount}</span>
        </Link>
      ))}
      <h3 className="leftmenu__title">{t('layout.left.countries')}</h3>
      <Link to="/ready_start" className="leftmenu__item">
        <Icon name="globe" /> <span className="leftmenu__name">{t('layout.left.all')}</span>
        <span className="count">{menu?.countryMenu.reduce((n, c) => n + c.matchCount, 0) ?? ''}</span>
      </Link>
      {menu?.countryMenu.map((country) => (
        <details key={country.id} className="leftmenu__country">
          <summary className="leftmenu__item">
            <span className="leftmenu__code">
              {country.code.startsWith('X') ? country.name.slice(0, 2).toUpperCase() : country.code}
            </span>
            <span className="leftmenu__name">{country.name}</span>
            <span className="count">{country.matchCount}</span>
          </summary>
          <Link
            to={`/national_competition?national_id=${encodeURIComponent(country.id)}`}
            className="leftmenu__item leftmenu__sub"
          >
            <span className="leftmenu__name">{t('layout.left.all')}</span>
            <span className="count">{country.matchCount}</span>
          </Link>
          {country.competitions.map((c) => (
            <Link
              key={c.id}
              to={`/league_search?competition_id=${encodeURIComponent(c.id)}`}
              className="leftmenu__item leftmenu__sub"
            >
              <span className="leftmenu__name">{c.name}</span>
              <span className="count">{c.matchCount}</span>
            </Link>
          ))}
        </details>
      ))}
    </nav>
  );
}

/** The menu with its data (`MatchesMenu`). */
export function LeftMenu({ onNavigate }: { readonly onNavigate?: () => void }) {
  const [result] = useQuery({ query: MatchesMenuDocument });
  return <LeftMenuView menu={result.data} onNavigate={onNavigate} />;
}
