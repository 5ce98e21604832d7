import type { AdminRoute } from '../app/registry.tsx';
export const statsRoutes: readonly AdminRoute[] = [];
