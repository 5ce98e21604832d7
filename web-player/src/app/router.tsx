/**
 * The hash router of the player site (spec §2): the layout around every route, the match screens of
 * this folder's owner, and the account and content pages registered in `account/routes.tsx`
 * (`ACCOUNT_ROUTES`), so that each feature adds its pages in its own file. `/` → `/home`; `/home`
 * itself renders nothing here because the layout keeps the home page alive; anything else → `/404`.
 */
import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { ACCOUNT_ROUTES } from '../account/routes.tsx';
import { Layout } from '../layout/Layout.tsx';
import {
  CompetitionSearchPage,
  CountryPage,
  LeaguePage,
  LivePage,
  MarketsPage,
  NotFoundPage,
  SearchPage,
  UpcomingPage,
} from '../matches/pages.tsx';
import type { RouteHandle } from './routes.ts';

const titled = (titleKey: string): RouteHandle => ({ titleKey });

/** The match screens (this module's routes). */
export const MATCH_ROUTES: RouteObject[] = [
  { path: '/home', element: null, handle: titled('titles.home') },
  { path: '/ready_start', element: <UpcomingPage />, handle: titled('titles.ready_start') },
  { path: '/rolling_ball', element: <LivePage />, handle: titled('titles.rolling_ball') },
  { path: '/search_result', element: <SearchPage />, handle: titled('titles.search_result') },
  { path: '/markets', element: <MarketsPage />, handle: titled('titles.markets') },
  { path: '/league_search', element: <LeaguePage />, handle: titled('titles.league_search') },
  {
    path: '/competition_search',
    element: <CompetitionSearchPage />,
    handle: titled('titles.competition_search'),
  },
  { path: '/national_competition', element: <CountryPage />, handle: titled('titles.national_competition') },
  { path: '/404', element: <NotFoundPage />, handle: titled('titles.notFound') },
];

/** Every route of the site under the layout. */
export const appRoutes = (): RouteObject[] => [
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      ...MATCH_ROUTES,
      ...ACCOUNT_ROUTES,
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

/** The hash router (`/#/home`). */
export const createAppRouter = () => createHashRouter(appRoutes());
