/**
 * Every feature's screens, one line per feature (see registry.tsx and web-admin/README.md "Adding a
 * screen"). Menu order within a group follows this list.
 */
import type { AdminRoute } from './registry.tsx';
import { usersRoutes } from '../users/routes.tsx';
import { staffRoutes } from '../staff/routes.tsx';
import { statsRoutes } from '../stats/routes.tsx';
import { paymentsRoutes } from '../payments/routes.tsx';

/** The back office's screens. */
export const ROUTES: readonly AdminRoute[] = [
  ...usersRoutes,
  ...paymentsRoutes,
  ...statsRoutes,
  ...staffRoutes,
];
