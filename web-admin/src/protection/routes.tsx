/** The player-protection screen (issue 23 item 4). */
import { lazyScreen, type AdminRoute } from '../app/registry.tsx';

const ProtectionsPage = lazyScreen(() => import('./ProtectionsPage.tsx'), 'ProtectionsPage');

export const protectionRoutes: readonly AdminRoute[] = [
  {
    path: 'protections',
    titleKey: 'protection.title',
    permission: 'users.view',
    menu: 'users',
    element: <ProtectionsPage />,
  },
];
