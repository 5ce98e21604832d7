/**
 * The routes of the player site (spec §2): the layout around every route, the match screens of this
 * folder's owner, and the account and content pages registered in `account/routes.tsx`
 * (`ACCOUNT_ROUTES`), so that each feature adds its pages in its own file. `/` → `/home`; `/home`
 * itself renders nothing here because the layout keeps the home page alive; anything else → `/404`.
 *
 * Weight (issue 7 item 8; docs/benchmarks.md "bench:web"): the site uses react-router's declarative
 * `HashRouter` (no data router: about 16 kB gzip less); the match screens other than `/home` are one
 * chunk loaded on the first visit of any of them; the account and content pages, with their route
 * table and texts, load on the first visit of a path that is not a match screen ({@link AccountRoute}).
 * So the first load of `/home` carries the home list, the layout and the betslip only.
 */
import { Fragment, lazy, Suspense, use, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { matchRoutes, Navigate, useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { loadFeatureTexts } from '../i18n/site.ts';
import type { RouteHandle } from './routes.ts';

const titled = (titleKey: string): RouteHandle => ({ titleKey });

/** Shown while a page's chunk loads (a slow network: the layout stays, the content area waits). */
const loading = <div className="page-loading" aria-busy="true" />;

const matchPages = () => import('../matches/pages.tsx');
type MatchPageName = keyof Awaited<ReturnType<typeof matchPages>>;
/** A match screen of `matches/pages.tsx` (one chunk, loaded on the first visit of any of them). */
const matchPage = (name: MatchPageName) => {
  const Page = lazy(() => matchPages().then((m) => ({ default: m[name] })));
  return (
    <Suspense fallback={loading}>
      <Page />
    </Suspense>
  );
};

/** The match screens (this module's routes). */
export const MATCH_ROUTES: RouteObject[] = [
  { path: '/home', element: null, handle: titled('titles.home') },
  { path: '/ready_start', element: matchPage('UpcomingPage'), handle: titled('titles.ready_start') },
  { path: '/rolling_ball', element: matchPage('LivePage'), handle: titled('titles.rolling_ball') },
  { path: '/search_result', element: matchPage('SearchPage'), handle: titled('titles.search_result') },
  { path: '/markets', element: matchPage('MarketsPage'), handle: titled('titles.markets') },
  { path: '/results', element: matchPage('ResultsPage'), handle: titled('titles.results') },
  { path: '/league_search', element: matchPage('LeaguePage'), handle: titled('titles.league_search') },
  {
    path: '/competition_search',
    element: matchPage('CompetitionSearchPage'),
    handle: titled('titles.competition_search'),
  },
  {
    path: '/national_competition',
    element: matchPage('CountryPage'),
    handle: titled('titles.national_competition'),
  },
  { path: '/404', element: matchPage('NotFoundPage'), handle: titled('titles.notFound') },
];

/** An account or content page resolved from `ACCOUNT_ROUTES`: its element and title key. */
interface ResolvedPage {
  /** The matched route's path, e.g. `login` (a React key: another route remounts the page). */
  readonly path: string;
  readonly element: ReactNode;
  readonly titleKey: string | undefined;
}

/** Pages resolved (or being resolved) by pathname; null = no such page (→ /404); 'failed' = not loaded. */
const resolving = new Map<string, Promise<ResolvedPage | null | 'failed'>>();
/** Title keys of resolved pages by pathname, read by the layout (see {@link useRouteTitleKey}). */
let titleKeys: ReadonlyMap<string, string> = new Map();
const titleListeners = new Set<() => void>();

/**
 * Loads `account/routes.tsx` (its own chunk, with the account and content texts) and resolves the
 * route of `pathname` in `ACCOUNT_ROUTES`, running the route's `lazy` loader (its page chunk).
 */
const resolveAccountPage = (pathname: string, i18n: I18n): Promise<ResolvedPage | null | 'failed'> => {
  let promise = resolving.get(pathname);
  if (!promise) {
    promise = Promise.all([import('../account/routes.tsx'), loadFeatureTexts(i18n)])
      .then(async ([{ ACCOUNT_ROUTES }]) => {
        const route = matchRoutes(ACCOUNT_ROUTES, pathname)?.at(-1)?.route;
        if (!route) return null;
        const loaded = typeof route.lazy === 'function' ? await route.lazy() : {};
        const element = 'element' in loaded ? loaded.element : route.element;
        const titleKey = (route.handle as Partial<RouteHandle> | undefined)?.titleKey;
        if (titleKey) {
          titleKeys = new Map([...titleKeys, [pathname, titleKey]]);
          for (const listener of titleListeners) listener();
        }
        return { path: route.path ?? pathname, element, titleKey };
      })
      .catch(() => {
        // A chunk that did not load (network): say so; the next visit tries again.
        resolving.delete(pathname);
        return 'failed' as const;
      });
    resolving.set(pathname, promise);
  }
  return promise;
};

function AccountPage({ pathname }: { readonly pathname: string }) {
  const { t, i18n } = useTranslation();
  const page = use(resolveAccountPage(pathname, i18n));
  if (page === 'failed')
    return (
      <p className="page-error" role="alert">
        {t('codes.NETWORK')}
      </p>
    );
  if (!page) return <Navigate to="/404" replace />;
  return <Fragment key={page.path}>{page.element}</Fragment>;
}

/** Every path that is not a match screen: an account or content page once loaded, else `/404`. */
function AccountRoute() {
  const { pathname } = useLocation();
  return (
    <Suspense fallback={loading}>
      <AccountPage pathname={pathname} />
    </Suspense>
  );
}

/**
 * The title key (`titles.*`) of the page at `location`: the match screen's handle, else the account
 * or content route's once its module has loaded (undefined until then and elsewhere).
 */
export const useRouteTitleKey = (location: Location): string | undefined => {
  const keys = useSyncExternalStore(
    (listener) => {
      titleListeners.add(listener);
      return () => titleListeners.delete(listener);
    },
    () => titleKeys,
  );
  const match = matchRoutes(MATCH_ROUTES, location)?.at(-1)?.route.handle as RouteHandle | undefined;
  return match?.titleKey ?? keys.get(location.pathname);
};

/** Every route of the site under the layout. */
export const appRoutes = (layout: ReactNode): RouteObject[] => [
  {
    path: '/',
    element: layout,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      ...MATCH_ROUTES,
      { path: '*', element: <AccountRoute /> },
    ],
  },
];

/** The routed app (inside a router). */
export function AppRoutes({ layout }: { readonly layout: ReactNode }) {
  return useRoutes(appRoutes(layout));
}
