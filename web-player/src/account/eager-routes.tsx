/**
 * The same routes as `routes.tsx` with the pages imported up front, for tests and stories (which render
 * synchronously). The site uses the lazy `ACCOUNT_ROUTES`.
 */
import type { RouteObject } from 'react-router';
import { CONTENT_ROUTES_EAGER } from '../content/eager-routes.tsx';
import { LoginPage, RegisterPage, RetrievePasswordPage } from './AuthPages.tsx';
import { BillsPage } from './BillsPage.tsx';
import { OrdersPage } from './OrdersPage.tsx';
import { DepositPage, WithdrawPage } from './PaymentPages.tsx';
import { ProfilePage } from './ProfilePage.tsx';
import { guarded } from './lazy.tsx';

export const ACCOUNT_ROUTES_EAGER: RouteObject[] = [
  { path: 'register', handle: { titleKey: 'titles.register' }, element: guarded('visitor', RegisterPage) },
  { path: 'login', handle: { titleKey: 'titles.login' }, element: guarded('visitor', LoginPage) },
  {
    path: 'min_retrieve_password',
    handle: { titleKey: 'titles.retrieve_password' },
    element: guarded('visitor', RetrievePasswordPage),
  },
  {
    path: 'reset_password',
    handle: { titleKey: 'titles.retrieve_password' },
    element: guarded('visitor', RetrievePasswordPage),
  },
  { path: 'user_info', handle: { titleKey: 'titles.user_info' }, element: guarded('player', ProfilePage) },
  { path: 'order', handle: { titleKey: 'titles.order' }, element: guarded('player', OrdersPage) },
  { path: 'user_bill', handle: { titleKey: 'titles.user_bill' }, element: guarded('player', BillsPage) },
  {
    path: 'pay_recharge',
    handle: { titleKey: 'titles.pay_recharge' },
    element: guarded('player', DepositPage),
  },
  {
    path: 'user_withdraw',
    handle: { titleKey: 'titles.user_withdraw' },
    element: guarded('player', WithdrawPage),
  },
  ...CONTENT_ROUTES_EAGER,
];
