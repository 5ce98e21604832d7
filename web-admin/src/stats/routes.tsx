/** Statistics (spec §2 admin "statistics (today, hourly, historical, proxy)"). */
import { lazyScreen, type AdminRoute } from '../app/registry.tsx';

const StatsPage = lazyScreen(() => import('./StatsPage.tsx'), 'StatsPage');

export const statsRoutes: readonly AdminRoute[] = [
  { path: 'stats', titleKey: 'stats.title', permission: 'stats.view', menu: 'stats', element: <StatsPage /> },
];
