/** The promotion routes with their pages imported up front, for tests and stories (see routes.tsx). */
import type { RouteObject } from 'react-router';
import { guarded } from '../account/lazy.tsx';
import { AgentPage } from './agent.tsx';
import { EventPage, MyReferralsPage, PromotionsPage, PursePage, SuperPage } from './pages.tsx';

export const PROMOTION_ROUTES_EAGER: RouteObject[] = [
  {
    path: 'event_page',
    handle: { titleKey: 'promotion.titles.event' },
    element: guarded('player', EventPage),
  },
  {
    path: 'my_referrals',
    handle: { titleKey: 'promotion.titles.referrals' },
    element: guarded('player', MyReferralsPage),
  },
  {
    path: 'promotion',
    handle: { titleKey: 'promotion.titles.promotions' },
    element: guarded('any', PromotionsPage),
  },
  { path: 'super', handle: { titleKey: 'promotion.titles.super' }, element: guarded('any', SuperPage) },
  { path: 'purse', handle: { titleKey: 'promotion.titles.purse' }, element: guarded('player', PursePage) },
  { path: 'agent', handle: { titleKey: 'promotion.titles.agent' }, element: guarded('player', AgentPage) },
];
