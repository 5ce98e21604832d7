/** Orders, bills across players and the SMS list (spec §2 admin screens). */
import type { AdminRoute } from '../app/registry.tsx';
import { BillsPage } from './BillsPage.tsx';
import { OrdersPage } from './OrdersPage.tsx';
import { RandomBetsPage } from './RandomBetsPage.tsx';
import { SmsPage } from './SmsPage.tsx';

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
