/** Bet configuration with string-reward tiers, and the site configuration (issue 8 "configuration"). */
import { lazyScreen, type AdminRoute } from '../app/registry.tsx';

const BetConfigPage = lazyScreen(() => import('./BetConfigPage.tsx'), 'BetConfigPage');
const SiteConfigPage = lazyScreen(() => import('./SiteConfigPage.tsx'), 'SiteConfigPage');

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
