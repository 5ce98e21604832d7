/**
 * Every feature's screens, one line per feature (see registry.tsx and web-admin/README.md "Adding a
 * screen"). Menu order within a group follows this list.
 */
import type { AdminRoute } from './registry.tsx';
import { usersRoutes } from '../users/routes.tsx';
import { staffRoutes } from '../staff/routes.tsx';
import { statsRoutes } from '../stats/routes.tsx';
import { paymentsRoutes } from '../payments/routes.tsx';
import { ordersRoutes } from '../orders/routes.tsx';
import { auditRoutes } from '../audit/routes.tsx';
import { exportsRoutes } from '../exports/routes.tsx';
import { configRoutes } from '../config/routes.tsx';
import { catalogueRoutes } from '../catalogue/routes.tsx';
import { contentRoutes } from '../content/routes.tsx';
import { protectionRoutes } from '../protection/routes.tsx';
import { racingRoutes } from '../racing/routes.tsx';
import { promotionRoutes } from '../promotion/routes.tsx';
import { poolRoutes } from '../pool/routes.tsx';
import { casinoRoutes } from '../casino/routes.tsx';
import { cashoutRoutes } from '../cashout/routes.tsx';
import { simulationsRoutes } from '../simulation/routes.tsx';

/** The back office's screens. */
export const ROUTES: readonly AdminRoute[] = [
  ...usersRoutes,
  ...paymentsRoutes,
  ...statsRoutes,
  ...staffRoutes,
  ...ordersRoutes,
  ...auditRoutes,
  ...exportsRoutes,
  ...configRoutes,
  ...catalogueRoutes,
  ...contentRoutes,
  ...protectionRoutes,
  ...racingRoutes,
  ...promotionRoutes,
  ...poolRoutes,
  ...casinoRoutes,
  ...cashoutRoutes,
  ...simulationsRoutes,
];
