/** Recharges, withdrawals, reconciliation, pay config and channels, the betting pause. */
import { lazyScreen, type AdminRoute } from '../app/registry.tsx';

const BettingPausePage = lazyScreen(() => import('./BettingPausePage.tsx'), 'BettingPausePage');
const PayConfigPage = lazyScreen(() => import('./PayConfigPage.tsx'), 'PayConfigPage');
const PaymentsPage = lazyScreen(() => import('./PaymentsPage.tsx'), 'PaymentsPage');
const ReconciliationPage = lazyScreen(() => import('./ReconciliationPage.tsx'), 'ReconciliationPage');

export const paymentsRoutes: readonly AdminRoute[] = [
  {
    path: 'recharges',
    titleKey: 'payments.depositsTitle',
    permission: 'payments.view',
    menu: 'money',
    element: <PaymentsPage key="d" kind="DEPOSIT" />,
  },
  {
    path: 'withdrawals',
    titleKey: 'payments.withdrawalsTitle',
    permission: 'payments.view',
    menu: 'money',
    element: <PaymentsPage key="w" kind="WITHDRAWAL" />,
  },
  {
    path: 'reconciliation',
    titleKey: 'payments.reconciliationTitle',
    permission: 'payments.view',
    menu: 'money',
    element: <ReconciliationPage />,
  },
  {
    path: 'pay-config',
    titleKey: 'payments.configTitle',
    permission: 'payments.view',
    menu: 'config',
    element: <PayConfigPage />,
  },
  {
    path: 'betting-pause',
    titleKey: 'payments.pauseTitle',
    permission: 'config.edit',
    menu: 'config',
    element: <BettingPausePage />,
  },
];
