/** Managers, roles and the permission tree, the IP blacklist (spec §2 admin screens). */
import { lazyScreen, type AdminRoute } from '../app/registry.tsx';

const IpBlacklistPage = lazyScreen(() => import('./IpBlacklistPage.tsx'), 'IpBlacklistPage');
const ManagersPage = lazyScreen(() => import('./ManagersPage.tsx'), 'ManagersPage');
const RolesPage = lazyScreen(() => import('./RolesPage.tsx'), 'RolesPage');

export const staffRoutes: readonly AdminRoute[] = [
  {
    path: 'managers',
    titleKey: 'staff.managersTitle',
    permission: 'staff.view',
    menu: 'system',
    element: <ManagersPage />,
  },
  {
    path: 'roles',
    titleKey: 'staff.rolesTitle',
    permission: 'roles.edit',
    menu: 'system',
    element: <RolesPage />,
  },
  {
    path: 'ip-blacklist',
    titleKey: 'staff.ipTitle',
    permission: 'ip_blacklist.edit',
    menu: 'config',
    element: <IpBlacklistPage />,
  },
];
