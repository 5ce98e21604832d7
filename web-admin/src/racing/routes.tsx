/** Racing screens of the back office (issue 19 item 4): configuration, rounds, racing orders. */
import { lazyScreen, type AdminRoute } from '../app/registry.tsx';

const RacingConfigPage = lazyScreen(() => import('./RacingPages.tsx'), 'RacingConfigPage');
const RacingRoundsPage = lazyScreen(() => import('./RacingPages.tsx'), 'RacingRoundsPage');
const RacingOrdersPage = lazyScreen(() => import('./RacingPages.tsx'), 'RacingOrdersPage');

export const racingRoutes: readonly AdminRoute[] = [
  {
    path: 'racing-config',
    titleKey: 'racing.configTitle',
    permission: 'config.edit',
    menu: 'config',
    element: <RacingConfigPage />,
  },
  {
    path: 'racing-rounds',
    titleKey: 'racing.roundsTitle',
    permission: 'orders.view',
    menu: 'orders',
    element: <RacingRoundsPage />,
  },
  {
    path: 'racing-orders',
    titleKey: 'racing.ordersTitle',
    permission: 'orders.view',
    menu: 'orders',
    element: <RacingOrdersPage />,
  },
];
