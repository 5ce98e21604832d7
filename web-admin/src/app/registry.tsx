/**
 * The route and menu registry of the back office (web-admin/README.md "Adding a screen"). Every screen is
 * one {@link AdminRoute}: a hash-router path under `#/`, the permission code that shows it (spec §6: the
 * staff member's `staffMe.permissions`; the server checks again), its title key and, when it appears in
 * the side menu, its group. Features export their routes from `<feature>/routes.tsx`; `app/routes.ts`
 * lists the features, one line each.
 */
import {
  BarChartOutlined,
  DollarOutlined,
  FileTextOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

/** The side menu's groups, in menu order. */
export const MENU_GROUPS = [
  { key: 'users', icon: <TeamOutlined /> },
  { key: 'orders', icon: <ProfileOutlined /> },
  { key: 'money', icon: <DollarOutlined /> },
  { key: 'stats', icon: <BarChartOutlined /> },
  { key: 'content', icon: <FileTextOutlined /> },
  { key: 'config', icon: <SettingOutlined /> },
  { key: 'system', icon: <SafetyOutlined /> },
] as const;

/** A menu group key; its title is `shell.menu.<key>`. */
export type MenuGroup = (typeof MENU_GROUPS)[number]['key'];

/** One screen. */
export interface AdminRoute {
  /** Path under the router root without a leading slash, e.g. `users` or `users/:id`. */
  readonly path: string;
  /** i18n key of the page and menu title. */
  readonly titleKey: string;
  /** Permission code needed to see the screen; none = every logged-in staff member. */
  readonly permission?: string;
  /** Shown in the side menu under this group (detail pages are not). */
  readonly menu?: MenuGroup;
  /** The screen. */
  readonly element: ReactNode;
}

/** The menu entries `can` allows, grouped in menu order (empty groups dropped). */
export const visibleMenu = (
  routes: readonly AdminRoute[],
  can: (permission: string | undefined) => boolean,
): { group: (typeof MENU_GROUPS)[number]; routes: AdminRoute[] }[] =>
  MENU_GROUPS.map((group) => ({
    group,
    routes: routes.filter((route) => route.menu === group.key && can(route.permission)),
  })).filter((entry) => entry.routes.length > 0);

/**
 * A screen loaded on first visit (its own JS chunk; App.tsx shows a spinner meanwhile): `load` imports
 * the screen's module, `name` is its exported component, e.g.
 * `const OrdersPage = lazyScreen(() => import('./OrdersPage.tsx'), 'OrdersPage')`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React's own `lazy`: any props
export const lazyScreen = <M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> => lazy(async () => ({ default: (await load())[name] }));
