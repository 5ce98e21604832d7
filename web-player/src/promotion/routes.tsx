/**
 * Routes of the promotion pages (issue 21; spec §2), mounted with the account routes
 * (account/routes.tsx); each loads its chunk on first visit.
 */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../account/lazy.tsx';

export const PROMOTION_ROUTES: RouteObject[] = [
  lazyPage('event_page', 'player', 'promotion.titles.event', () =>
    import('./pages.tsx').then((m) => m.EventPage),
  ),
  lazyPage('my_referrals', 'player', 'promotion.titles.referrals', () =>
    import('./pages.tsx').then((m) => m.MyReferralsPage),
  ),
  lazyPage('promotion', 'any', 'promotion.titles.promotions', () =>
    import('./pages.tsx').then((m) => m.PromotionsPage),
  ),
  lazyPage('super', 'any', 'promotion.titles.super', () => import('./pages.tsx').then((m) => m.SuperPage)),
  lazyPage('purse', 'player', 'promotion.titles.purse', () => import('./pages.tsx').then((m) => m.PursePage)),
  // The agent's own statistics, invited players and salary (spec §6; decision 0082).
  lazyPage('agent', 'player', 'promotion.titles.agent', () => import('./agent.tsx').then((m) => m.AgentPage)),
];
