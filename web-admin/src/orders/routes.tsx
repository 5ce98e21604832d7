/** Orders, bills across players and the SMS list (spec §2 admin screens). */
import { lazyScreen, type AdminRoute } from '../app/registry.tsx';

const BillsPage = lazyScreen(() => import('./BillsPage.tsx'), 'BillsPage');
const OrdersPage = lazyScreen(() => import('./OrdersPage.tsx'), 'OrdersPage');
const RandomBetsPage = lazyScreen(() => import('./RandomBetsPage.tsx'), 'RandomBetsPage');
const SmsPage = lazyScreen(() => import('./SmsPage.tsx'), 'SmsPage');

export const ordersRoutes: readonly AdminRoute[] = [
  {
    path: 'orders',
    titleKey: 'orders.title',
    permission: 'orders.view',
    menu: 'orders',
    element: <OrdersPage />,
  },
  {
    path: 'random-bets',
    titleKey: 'orders.random.title',
    permission: 'orders.random',
    menu: 'orders',
    element: <RandomBetsPage />,
  },
  {
    path: 'bills',
    titleKey: 'orders.billsTitle',
    permission: 'bills.view',
    menu: 'money',
    element: <BillsPage />,
  },
  { path: 'sms', titleKey: 'orders.smsTitle', permission: 'sms.view', menu: 'system', element: <SmsPage /> },
];
