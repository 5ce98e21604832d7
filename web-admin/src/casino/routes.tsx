/** Casino: games, transactions with round replay, GGR per game (issue 22 §6). */
import { lazyScreen, type AdminRoute } from '../app/registry.tsx';

const CasinoGamesPage = lazyScreen(() => import('./CasinoPages.tsx'), 'CasinoGamesPage');
const CasinoTransactionsPage = lazyScreen(() => import('./CasinoPages.tsx'), 'CasinoTransactionsPage');
const CasinoGgrPage = lazyScreen(() => import('./CasinoPages.tsx'), 'CasinoGgrPage');

export const casinoRoutes: readonly AdminRoute[] = [
  {
    path: 'casino/games',
    titleKey: 'casino.gamesTitle',
    permission: 'config.edit',
    menu: 'config',
    element: <CasinoGamesPage />,
  },
  {
    path: 'casino/transactions',
    titleKey: 'casino.transactionsTitle',
    permission: 'orders.view',
    menu: 'orders',
    element: <CasinoTransactionsPage />,
  },
  {
    path: 'casino/ggr',
    titleKey: 'casino.ggrTitle',
    permission: 'stats.view',
    menu: 'stats',
    element: <CasinoGgrPage />,
  },
];
