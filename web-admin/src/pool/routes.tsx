/** "Jackpot types and matches" and "Lucky Six match list" (spec §6), behind pool.view. */
import { lazyScreen, type AdminRoute } from '../app/registry.tsx';

const PoolAdminPage = lazyScreen(() => import('./PoolAdminPage.tsx'), 'PoolAdminPage');

export const poolRoutes: readonly AdminRoute[] = [
  {
    path: 'jackpot',
    titleKey: 'poolAdmin.jackpotTitle',
    permission: 'pool.view',
    menu: 'orders',
    element: <PoolAdminPage key="j" game="JACKPOT" />,
  },
  {
    path: 'lucky-six',
    titleKey: 'poolAdmin.luckySixTitle',
    permission: 'pool.view',
    menu: 'orders',
    element: <PoolAdminPage key="l" game="LUCKY_SIX" />,
  },
];
