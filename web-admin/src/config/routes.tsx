/** Bet configuration with string-reward tiers, and the site configuration (issue 8 "configuration"). */
import type { AdminRoute } from '../app/registry.tsx';
import { BetConfigPage } from './BetConfigPage.tsx';
import { SiteConfigPage } from './SiteConfigPage.tsx';

export const configRoutes: readonly AdminRoute[] = [
  {
    path: 'bet-config',
    titleKey: 'config.betTitle',
    permission: 'config.edit',
    menu: 'config',
    element: <BetConfigPage />,
  },
  {
    path: 'site-config',
    titleKey: 'config.siteTitle',
    permission: 'config.edit',
    menu: 'config',
    element: <SiteConfigPage />,
  },
];
