/**
 * The account routes the app's router mounts under its layout (spec §2): registration, login, password
 * recovery, profile, my bets, bills, deposit and withdrawal, plus the content pages of
 * `../content/routes.tsx`. Pages for logged-in players send visitors to /register; register, login and
 * recovery send a logged-in player to /home (spec §4 Session). Each page is its own chunk, loaded when
 * its route is first visited (react-router `lazy`), so the home page's first load stays small on a
 * slow network (issue 7 item 8).
 */
import type { RouteObject } from 'react-router';
import { CONTENT_ROUTES } from '../content/routes.tsx';
import { lazyPage } from './lazy.tsx';

/** Route objects (paths relative to the layout route `/`). */
export const ACCOUNT_ROUTES: RouteObject[] = [
  lazyPage('register', 'visitor', () => import('./AuthPages.tsx').then((m) => m.RegisterPage)),
  lazyPage('login', 'visitor', () => import('./AuthPages.tsx').then((m) => m.LoginPage)),
  lazyPage('min_retrieve_password', 'visitor', () =>
    import('./AuthPages.tsx').then((m) => m.RetrievePasswordPage),
  ),
  lazyPage('reset_password', 'visitor', () => import('./AuthPages.tsx').then((m) => m.RetrievePasswordPage)),
  lazyPage('user_info', 'player', () => import('./ProfilePage.tsx').then((m) => m.ProfilePage)),
  lazyPage('order', 'player', () => import('./OrdersPage.tsx').then((m) => m.OrdersPage)),
  lazyPage('user_bill', 'player', () => import('./BillsPage.tsx').then((m) => m.BillsPage)),
  lazyPage('pay_recharge', 'player', () => import('./PaymentPages.tsx').then((m) => m.DepositPage)),
  lazyPage('user_withdraw', 'player', () => import('./PaymentPages.tsx').then((m) => m.WithdrawPage)),
  ...CONTENT_ROUTES,
];

export { useLogout } from './common.tsx';
