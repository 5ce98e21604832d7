/** The export list (spec §2 "export list"). */
import { lazyScreen, type AdminRoute } from '../app/registry.tsx';

const ExportsPage = lazyScreen(() => import('./ExportsPage.tsx'), 'ExportsPage');

export const exportsRoutes: readonly AdminRoute[] = [
  {
    path: 'exports',
    titleKey: 'exports.title',
    permission: 'export.run',
    menu: 'system',
    element: <ExportsPage />,
  },
];
