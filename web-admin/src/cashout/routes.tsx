/** The cash-out settings screen (spec §9 early-settlement delay) and the cash-out list (issue 20 item 4). */
import { lazyScreen, type AdminRoute } from '../app/registry.tsx';

const CashOutConfigPage = lazyScreen(() => import('./CashOutConfigPage.tsx'), 'CashOutConfigPage');
const CashOutListPage = lazyScreen(() => import('./CashOutListPage.tsx'), 'CashOutListPage');

export const cashoutRoutes: readonly AdminRoute[] = [
  {
    path: 'cash-out',
    titleKey: 'cashout.title',
    permission: 'config.edit',
    menu: 'config',
    element: <CashOutConfigPage />,
  },
  {
    path: 'cash-outs',
    titleKey: 'cashout.list.title',
    permission: 'orders.view',
    menu: 'orders',
    element: <CashOutListPage />,
  },
];
