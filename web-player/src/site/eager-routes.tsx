/** The site extras' routes with the pages imported up front, for tests and stories (see account/eager-routes.tsx). */
import type { RouteObject } from 'react-router';
import { guarded } from '../account/lazy.tsx';
import { AppDownloadPage, SupportChatPage } from './pages.tsx';

export const SITE_ROUTES_EAGER: RouteObject[] = [
  {
    path: 'app_download.html',
    handle: { titleKey: 'sitePages.titles.app' },
    element: guarded('any', AppDownloadPage),
  },
  {
    path: 'support_chat',
    handle: { titleKey: 'sitePages.titles.chat' },
    element: guarded('player', SupportChatPage),
  },
];
