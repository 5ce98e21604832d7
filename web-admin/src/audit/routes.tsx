/** Replayable audit history, the staff audit log and the system log (issue 8 item 3; spec §2). */
import { lazyScreen, type AdminRoute } from '../app/registry.tsx';

const HistoryPage = lazyScreen(() => import('./HistoryPage.tsx'), 'HistoryPage');
const StaffAuditLogPage = lazyScreen(() => import('./LogsPages.tsx'), 'StaffAuditLogPage');
const SystemLogPage = lazyScreen(() => import('./LogsPages.tsx'), 'SystemLogPage');

export const auditRoutes: readonly AdminRoute[] = [
  {
    path: 'audit/history',
    titleKey: 'history.title',
    permission: 'audit.view',
    menu: 'system',
    element: <HistoryPage />,
  },
  {
    path: 'audit/log',
    titleKey: 'history.auditLogTitle',
    permission: 'audit.view',
    menu: 'system',
    element: <StaffAuditLogPage />,
  },
  {
    path: 'audit/system-log',
    titleKey: 'history.systemLogTitle',
    permission: 'audit.view',
    menu: 'system',
    element: <SystemLogPage />,
  },
];
