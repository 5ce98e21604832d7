/** Statistics (spec §2 admin "statistics (today, hourly, historical, proxy)"). */
import type { AdminRoute } from '../app/registry.tsx';
import { StatsPage } from './StatsPage.tsx';

export const statsRoutes: readonly AdminRoute[] = [
  { path: 'stats', titleKey: 'stats.title', permission: 'stats.view', menu: 'stats', element: <StatsPage /> },
];
