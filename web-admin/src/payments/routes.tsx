import type { AdminRoute } from '../app/registry.tsx';
export const paymentsRoutes: readonly AdminRoute[] = [];
