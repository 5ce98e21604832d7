/** The export list (spec §2 "export list"). */
import type { AdminRoute } from '../app/registry.tsx';
import { ExportsPage } from './ExportsPage.tsx';

export const exportsRoutes: readonly AdminRoute[] = [
  {
    path: 'exports',
    titleKey: 'exports.title',
    permission: 'export.run',
    menu: 'system',
    element: <ExportsPage />,
  },
];
