/** The users screens (spec §2 admin "user list", agents). */
import { lazyScreen, type AdminRoute } from '../app/registry.tsx';

const AgentsPage = lazyScreen(() => import('./AgentsPage.tsx'), 'AgentsPage');
const UsersPage = lazyScreen(() => import('./UsersPage.tsx'), 'UsersPage');

export const usersRoutes: readonly AdminRoute[] = [
  { path: 'users', titleKey: 'users.title', permission: 'users.view', menu: 'users', element: <UsersPage /> },
  {
    path: 'agents',
    titleKey: 'users.agentsTitle',
    permission: 'agents.view',
    menu: 'users',
    element: <AgentsPage />,
  },
];
