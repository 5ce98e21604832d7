/**
 * The account routes the app's router mounts under its layout (spec §2): registration, login, password
 * recovery, profile, my bets, bills, deposit and withdrawal, plus the content pages of
 * `../content/routes.tsx`. Pages for logged-in players send visitors to /register; register, login and
 * recovery send a logged-in player to /home (spec §4 Session).
 */
import type { RouteObject } from 'react-router';
import { CONTENT_ROUTES } from '../content/routes.tsx';
import { LoginPage, RegisterPage, RetrievePasswordPage } from './AuthPages.tsx';
import { BillsPage } from './BillsPage.tsx';
import { RequireLogin, VisitorOnly } from './common.tsx';
import { OrdersPage } from './OrdersPage.tsx';
import { DepositPage, WithdrawPage } from './PaymentPages.tsx';
import { ProfilePage } from './ProfilePage.tsx';
import './account.css';

/** Route objects (paths relative to the layout route `/`). */
export const ACCOUNT_ROUTES: RouteObject[] = [
  {
    path: 'register',
    element: (
      <VisitorOnly>
        <RegisterPage />
      </VisitorOnly>
    ),
  },
  {
    path: 'login',
    element: (
      <VisitorOnly>
        <LoginPage />
      </VisitorOnly>
    ),
  },
  {
    path: 'min_retrieve_password',
    element: (
      <VisitorOnly>
        <RetrievePasswordPage />
      </VisitorOnly>
    ),
  },
  {
    path: 'reset_password',
    element: (
      <VisitorOnly>
        <RetrievePasswordPage />
      </VisitorOnly>
    ),
  },
  {
    path: 'user_info',
    element: (
      <RequireLogin>
        <ProfilePage />
      </RequireLogin>
    ),
  },
  {
    path: 'order',
    element: (
      <RequireLogin>
        <OrdersPage />
      </RequireLogin>
    ),
  },
  {
    path: 'user_bill',
    element: (
      <RequireLogin>
        <BillsPage />
      </RequireLogin>
    ),
  },
  {
    path: 'pay_recharge',
    element: (
      <RequireLogin>
        <DepositPage />
      </RequireLogin>
    ),
  },
  {
    path: 'user_withdraw',
    element: (
      <RequireLogin>
        <WithdrawPage />
      </RequireLogin>
    ),
  },
  ...CONTENT_ROUTES,
];

export { useLogout } from './common.tsx';
