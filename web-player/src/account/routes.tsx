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
import { RACING_ROUTES } from '../racing/routes.tsx';
import { CASINO_ROUTES } from '../casino/routes.tsx';
import { SITE_ROUTES } from '../site/routes.tsx';
import { PROMOTION_ROUTES } from '../promotion/routes.tsx';
import { POOL_ROUTES } from '../pool/routes.tsx';
import { lazyPage } from './lazy.tsx';

/** Route objects (paths relative to the layout route `/`). */
export const ACCOUNT_ROUTES: RouteObject[] = [
  lazyPage('register', 'visitor', 'titles.register', () =>
    import('./AuthPages.tsx').then((m) => m.RegisterPage),
  ),
  lazyPage('login', 'visitor', 'titles.login', () => import('./AuthPages.tsx').then((m) => m.LoginPage)),
  lazyPage('min_retrieve_password', 'visitor', 'titles.retrieve_password', () =>
    import('./AuthPages.tsx').then((m) => m.RetrievePasswordPage),
  ),
  lazyPage('reset_password', 'visitor', 'titles.retrieve_password', () =>
    import('./AuthPages.tsx').then((m) => m.RetrievePasswordPage),
  ),
  lazyPage('user_info', 'player', 'titles.user_info', () =>
    import('./ProfilePage.tsx').then((m) => m.ProfilePage),
  ),
  lazyPage('order', 'player', 'titles.order', () => import('./OrdersPage.tsx').then((m) => m.OrdersPage)),
  lazyPage('user_bill', 'player', 'titles.user_bill', () =>
    import('./BillsPage.tsx').then((m) => m.BillsPage),
  ),
  lazyPage('pay_recharge', 'player', 'titles.pay_recharge', () =>
    import('./PaymentPages.tsx').then((m) => m.DepositPage),
  ),
  lazyPage('user_withdraw', 'player', 'titles.user_withdraw', () =>
    import('./PaymentPages.tsx').then((m) => m.WithdrawPage),
  ),
  ...CONTENT_ROUTES,
  ...CASINO_ROUTES,
  ...SITE_ROUTES,
  lazyPage('responsible_gambling', 'player', 'protection.title', () =>
    import('../protection/ProtectionPage.tsx').then((m) => m.ProtectionPage),
  ),
  ...RACING_ROUTES,
  ...PROMOTION_ROUTES,
  ...POOL_ROUTES,
];

export { useLogout } from './common.tsx';
