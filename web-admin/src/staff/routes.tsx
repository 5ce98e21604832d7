import type { AdminRoute } from '../app/registry.tsx';
export const staffRoutes: readonly AdminRoute[] = [];
