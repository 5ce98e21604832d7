/** Analysts' season simulations kept in this store (issue 17 item 7; docs/simulations.md "Back office"). */
import { lazyScreen, type AdminRoute } from '../app/registry.tsx';

const SimulationsPage = lazyScreen(() => import('./SimulationsPage.tsx'), 'SimulationsPage');
const SimulationRunPage = lazyScreen(() => import('./SimulationsPage.tsx'), 'SimulationRunPage');

export const simulationsRoutes: readonly AdminRoute[] = [
  {
    path: 'simulations',
    titleKey: 'simulations.title',
    permission: 'simulations.view',
    menu: 'stats',
    element: <SimulationsPage />,
  },
  {
    path: 'simulations/:runId',
    titleKey: 'simulations.runTitle',
    permission: 'simulations.view',
    element: <SimulationRunPage />,
  },
];
