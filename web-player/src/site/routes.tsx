/**
 * Routes of the layout's extras (issue 16 point 3), mounted with the account routes
 * (account/routes.tsx): `/app_download.html` (spec §2) for everyone, `/support_chat` for players.
 */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../account/lazy.tsx';

export const SITE_ROUTES: RouteObject[] = [
  lazyPage('app_download.html', 'any', 'sitePages.titles.app', () =>
    import('./pages.tsx').then((m) => m.AppDownloadPage),
  ),
  lazyPage('support_chat', 'player', 'sitePages.titles.chat', () =>
    import('./pages.tsx').then((m) => m.SupportChatPage),
  ),
];
