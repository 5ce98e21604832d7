/** The users screens (spec §2 admin "user list", agents). */
import type { AdminRoute } from '../app/registry.tsx';
import { AgentsPage } from './AgentsPage.tsx';
import { UsersPage } from './UsersPage.tsx';

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
