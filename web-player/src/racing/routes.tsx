/**
 * Racing routes (spec §2 `racing_car/racing`: Racing, Results, Rules, chips exchange). Mounted by
 * `ACCOUNT_ROUTES`; the pages are one chunk loaded on first visit (ON_DEMAND in vite.config.ts).
 */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../account/lazy.tsx';

const pages = () => import('./pages.tsx');

export const RACING_ROUTES: RouteObject[] = [
  lazyPage('racing_car/racing', 'any', 'racing.title', () => pages().then((m) => m.RacingPage)),
  lazyPage('racing_car/results', 'any', 'racing.tabs.results', () =>
    pages().then((m) => m.RacingResultsPage),
  ),
  lazyPage('racing_car/rules', 'any', 'racing.tabs.rules', () => pages().then((m) => m.RacingRulesPage)),
  lazyPage('racing_car/exchange', 'player', 'racing.tabs.exchange', () =>
    pages().then((m) => m.RacingExchangePage),
  ),
];
